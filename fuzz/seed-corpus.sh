#!/bin/sh
# Seeds fuzz/corpus/<target>/ with well-formed inputs, so that the fuzzer starts from real
# FENs and moves instead of having to invent the FEN grammar. Safe to run again: seeds are
# named by content hash, and libFuzzer keeps what it has found beside them.
set -eu
cd "$(dirname "$0")"
mkdir -p corpus/fen corpus/uci_san corpus/play corpus/epd corpus/book

# seed DIR FORMAT: writes the bytes that `printf FORMAT` makes (octal escapes for raw bytes).
seed() {
    printf "$2" > "$1/.seed"
    sum=$(sha1sum < "$1/.seed" | cut -c1-16)
    mv "$1/.seed" "$1/seed-$sum"
}

# fen: every FEN of the perft suites, standard and Chess960, with the move counts cut off,
# and a few lenient and X-FEN spellings.
for epd in ../tests/data/standard.epd ../tests/data/chess960.epd; do
    sed 's/ *;.*//' "$epd" | while IFS= read -r fen; do
        if [ -n "$fen" ]; then seed corpus/fen "$fen"; fi
    done
done
seed corpus/fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"
seed corpus/fen "B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1"
seed corpus/fen "1r1k1r2/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w KQkq - 0 1"
seed corpus/fen "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"

# uci_san: position byte, ply-count byte 0, then the text. Position 0 is the start position,
# 1 Kiwipete, 3 CPW position 4 (promotions), 6 an en passant, 7-9 Chess960.
for pos in 000 001 003 006 007 010 011; do
    for text in e2e4 Nf3 Ngf3 Ng1f3 e1g1 e1h1 O-O 0-0-0 O-O-O exd6e.p. e8=Q+ Qxe6!? b1a1 Bxa6#; do
        seed corpus/uci_san "\\$pos\\000$text"
    done
done

# play: each start position with a short game and a few foreign moves (bytes from 0xF0 up).
for pos in 000 001 002 003 004 005 006 007 010 011 012 013; do
    seed corpus/play "\\$pos\\001\\002\\003\\004\\005\\006\\007\\010\\011\\012\\360\\000\\361\\001\\362\\002\\363\\003"
done

# epd: every line of the perft suites as it is, and a few tactics-suite lines.
for epd in ../tests/data/standard.epd ../tests/data/chess960.epd; do
    while IFS= read -r line; do
        if [ -n "$line" ]; then seed corpus/epd "$line"; fi
    done < "$epd"
done
seed corpus/epd '2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";'
seed corpus/epd '4k3/8/8/8/8/8/8/4K2R w K - am Kd1; c0 "a; b"; hmvc 3; fmvn 9;'

# book: the start position, 0 plies, then two entries of its key (e2e4 weight 3, d2d4 1).
seed corpus/book "\\000\\000\\106\\073\\226\\030\\026\\221\\374\\234\\003\\034\\000\\003\\000\\000\\000\\000\\106\\073\\226\\030\\026\\221\\374\\234\\002\\333\\000\\001\\000\\000\\000\\000"
