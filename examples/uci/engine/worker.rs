//! The search thread: it owns the [`Searcher`] and takes jobs from the main thread in order,
//! so the main thread is always free to read the next command (`isready`, `stop`).
//!
//! Each search gets its own [`SearchControl`], through which the main thread stops it or
//! tells it `ponderhit`; a stop meant for one search can therefore never end the next one.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Condvar, Mutex, OnceLock, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use x88::Board0x88;
use x88::search::{Clock, Limits, SearchInfo, SearchResult, Searcher};

use super::output::Output;

/// How a search ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// When the limits are reached (or on `stop`).
    Normal,
    /// Only on `stop`: `bestmove` is held back until then even if the search ends sooner.
    Infinite,
    /// Pondering: the clock stands still until `ponderhit`, after which the limits apply as
    /// usual; `bestmove` is held back until `ponderhit` or `stop`.
    Ponder,
}

/// One search to run.
pub struct SearchJob {
    /// The position to search.
    pub board: Board0x88,
    /// The hashes of the game's earlier positions, oldest first.
    pub history: Vec<u64>,
    /// The limits, Move Overhead already taken off.
    pub limits: Limits,
    /// How the search ends.
    pub mode: Mode,
    /// When the `go` command arrived: the search's clock starts there.
    pub started: Instant,
    /// A hard limit after `started`, enforced by a watchdog should the search overrun.
    pub deadline: Option<Duration>,
}

/// What the search thread does, in the order sent.
enum Job {
    Search(Box<SearchJob>, Arc<SearchControl>),
    Resize(usize),
    Clear,
    /// Search on this many threads from now on.
    Threads(usize),
    /// Evaluate with these weights from now on.
    #[cfg(feature = "tune")]
    Weights(Box<x88::search::eval::Weights>),
    /// Answer `readyok` once the jobs before this one are done.
    Ready,
}

/// The main thread's handle on one search.
#[derive(Default)]
struct SearchControl {
    /// Polled by the searcher.
    stop: AtomicBool,
    /// When `ponderhit` arrived.
    ponderhit: OnceLock<Instant>,
    /// Set once the searcher has returned.
    finished: AtomicBool,
    /// Set once `bestmove` has been written.
    done: AtomicBool,
    /// With `wake`: lets the search thread sleep until `stop` or `ponderhit`.
    lock: Mutex<()>,
    wake: Condvar,
}

impl SearchControl {
    fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
        self.notify();
    }

    fn ponderhit(&self) {
        let _ = self.ponderhit.set(Instant::now());
        self.notify();
    }

    fn notify(&self) {
        // Taking the lock orders this wake-up after the waiter's last check of the flags.
        drop(self.lock.lock().unwrap_or_else(PoisonError::into_inner));
        self.wake.notify_all();
    }

    /// Whether `bestmove` may be written now, in `mode`.
    fn released(&self, mode: Mode) -> bool {
        match mode {
            Mode::Normal => true,
            Mode::Infinite => self.stop.load(Ordering::Relaxed),
            Mode::Ponder => self.stop.load(Ordering::Relaxed) || self.ponderhit.get().is_some(),
        }
    }

    /// The searcher has returned: ends the watchdog.
    fn finish(&self) {
        self.finished.store(true, Ordering::Relaxed);
        self.notify();
    }

    /// The watchdog: stops the search at `deadline` unless it has ended before.
    fn stop_at(&self, deadline: Instant) {
        let mut guard = self.lock.lock().unwrap_or_else(PoisonError::into_inner);
        loop {
            if self.stop.load(Ordering::Relaxed) || self.finished.load(Ordering::Relaxed) {
                return;
            }
            let now = Instant::now();
            if now >= deadline {
                drop(guard);
                self.stop();
                return;
            }
            guard = self
                .wake
                .wait_timeout(guard, deadline - now)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
    }

    /// Sleeps until `bestmove` may be written.
    fn wait_until_released(&self, mode: Mode) {
        let mut guard = self.lock.lock().unwrap_or_else(PoisonError::into_inner);
        while !self.released(mode) {
            guard = self
                .wake
                .wait(guard)
                .unwrap_or_else(PoisonError::into_inner);
        }
    }
}

/// The clock of a ponder search: zero until `ponderhit`, then the time since.
struct PonderClock<'a>(&'a SearchControl);

impl Clock for PonderClock<'_> {
    fn elapsed(&self) -> Duration {
        self.0
            .ponderhit
            .get()
            .map_or(Duration::ZERO, Instant::elapsed)
    }
}

/// The search thread and the way to it.
pub struct Worker {
    jobs: Option<Sender<Job>>,
    thread: Option<JoinHandle<()>>,
    current: Option<Arc<SearchControl>>,
    out: Output,
}

impl Worker {
    /// Starts the search thread with a `hash_mb` MiB table.
    pub fn spawn(hash_mb: usize, out: Output) -> Worker {
        let (jobs, receiver) = channel();
        let thread_out = out.clone();
        let thread = std::thread::Builder::new()
            .name("search".to_owned())
            .spawn(move || work(&receiver, hash_mb, &thread_out))
            .expect("the search thread starts (only fails when the system is out of threads)");
        Worker {
            jobs: Some(jobs),
            thread: Some(thread),
            current: None,
            out,
        }
    }

    /// Starts a search; one still running is stopped first (its `bestmove` comes first).
    pub fn search(&mut self, job: SearchJob) {
        self.stop();
        let control = Arc::new(SearchControl::default());
        self.current = Some(Arc::clone(&control));
        self.send(Job::Search(Box::new(job), control));
    }

    /// Whether a search is running or waiting to run (`bestmove` not written yet).
    pub fn is_searching(&self) -> bool {
        self.current
            .as_ref()
            .is_some_and(|c| !c.done.load(Ordering::Relaxed))
    }

    /// Stops the current search, if any.
    pub fn stop(&self) {
        if let Some(control) = &self.current {
            control.stop();
        }
    }

    /// Tells the current search that the ponder move was played.
    pub fn ponderhit(&self) {
        if let Some(control) = &self.current {
            control.ponderhit();
        }
    }

    /// Answers `readyok`: at once during a search, otherwise after the jobs queued before.
    pub fn ready(&self) {
        if self.is_searching() {
            self.out.line("readyok");
        } else {
            self.send(Job::Ready);
        }
    }

    /// Resizes the transposition table (between searches).
    pub fn resize(&self, hash_mb: usize) {
        self.send(Job::Resize(hash_mb));
    }

    /// Empties the transposition table (between searches).
    pub fn clear(&self) {
        self.send(Job::Clear);
    }

    /// Sets how many threads the searches after this one run on.
    pub fn set_threads(&self, threads: usize) {
        self.send(Job::Threads(threads));
    }

    /// Makes the searches after this one evaluate with `weights`.
    #[cfg(feature = "tune")]
    pub fn set_weights(&self, weights: Box<x88::search::eval::Weights>) {
        self.send(Job::Weights(weights));
    }

    fn send(&self, job: Job) {
        let sent = self
            .jobs
            .as_ref()
            .is_some_and(|jobs| jobs.send(job).is_ok());
        if !sent {
            self.out
                .info_string("the search thread has stopped; command ignored");
        }
    }
}

impl Drop for Worker {
    /// Stops the search and waits for the search thread to finish its queue and end.
    fn drop(&mut self) {
        self.stop();
        self.jobs = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// The search thread's loop: runs jobs until the main thread hangs up.
fn work(jobs: &Receiver<Job>, hash_mb: usize, out: &Output) {
    let mut hash_mb = hash_mb;
    let mut searcher = Searcher::new(hash_mb);
    for job in jobs {
        match job {
            Job::Search(job, control) => {
                if !run_search(&mut searcher, &job, &control, out) {
                    // A panicking search may have left its tables half updated.
                    let threads = searcher.threads();
                    let weights = searcher.weights().clone();
                    searcher = Searcher::new(hash_mb);
                    searcher.set_threads(threads);
                    searcher.set_weights(&weights);
                }
            }
            Job::Threads(threads) => searcher.set_threads(threads),
            #[cfg(feature = "tune")]
            Job::Weights(weights) => searcher.set_weights(&weights),
            Job::Resize(mb) => {
                hash_mb = mb;
                searcher.resize(mb);
            }
            Job::Clear => searcher.clear(),
            Job::Ready => out.line("readyok"),
        }
    }
}

/// Runs one search and writes its `info` lines and its `bestmove`. Returns `false` if the
/// search panicked (a bug in the searcher): the GUI then still gets a legal `bestmove`.
fn run_search(
    searcher: &mut Searcher,
    job: &SearchJob,
    control: &SearchControl,
    out: &Output,
) -> bool {
    let board = &job.board;
    let searched = std::thread::scope(|scope| {
        if let Some(deadline) = job.deadline {
            scope.spawn(move || control.stop_at(job.started + deadline));
        }
        let searched = search(searcher, job, control, out);
        control.finish();
        searched
    });
    control.wait_until_released(job.mode);
    let ok = searched.is_ok();
    let line = match searched {
        Ok(result) => bestmove_line(board, &result),
        Err(()) => {
            out.info_string("the search failed (a bug); playing the first legal move");
            match board.legal_moves().first() {
                Some(&mv) => format!("bestmove {}", board.uci(mv)),
                None => "bestmove 0000".to_owned(),
            }
        }
    };
    out.line(line);
    control.done.store(true, Ordering::Relaxed);
    ok
}

/// The search itself, writing `info` lines; `Err` if it panicked.
fn search(
    searcher: &mut Searcher,
    job: &SearchJob,
    control: &SearchControl,
    out: &Output,
) -> Result<SearchResult, ()> {
    let board = &job.board;
    catch_unwind(AssertUnwindSafe(|| {
        let on_info = |info: &SearchInfo<'_>| out.line(info_line(board, info, job.started));
        match job.mode {
            Mode::Ponder => searcher.search(
                board,
                &job.history,
                &job.limits,
                &control.stop,
                &PonderClock(control),
                on_info,
            ),
            Mode::Normal | Mode::Infinite => searcher.search(
                board,
                &job.history,
                &job.limits,
                &control.stop,
                &job.started,
                on_info,
            ),
        }
    }))
    .map_err(|_| ())
}

/// `info depth .. seldepth .. score .. nodes .. nps .. time .. pv ..`. Time and speed are
/// measured from `started` (a ponder search's own clock stands still until `ponderhit`).
fn info_line(board: &Board0x88, info: &SearchInfo<'_>, started: Instant) -> String {
    let elapsed = started.elapsed();
    let millis = elapsed.as_millis();
    let nps = u128::from(info.nodes) * 1000 / millis.max(1);
    let mut line = format!(
        "info depth {} seldepth {} score {} nodes {} nps {} time {}",
        info.depth, info.seldepth, info.score, info.nodes, nps, millis
    );
    if !info.pv.is_empty() {
        line.push_str(" pv");
        for &mv in info.pv {
            line.push_str(&format!(" {}", board.uci(mv)));
        }
    }
    line
}

/// `bestmove <move> [ponder <move>]`, or `bestmove 0000` when there is no legal move. The
/// ponder move is only given when it is legal after the best move.
fn bestmove_line(board: &Board0x88, result: &SearchResult) -> String {
    let Some(best) = result.best_move else {
        return "bestmove 0000".to_owned();
    };
    let mut line = format!("bestmove {}", board.uci(best));
    let mut after = *board;
    let legal_reply = match (after.play(best), result.ponder_move()) {
        (Ok(()), Some(reply)) => Some(reply).filter(|&reply| after.is_legal(reply)),
        _ => None,
    };
    if let Some(reply) = legal_reply {
        line.push_str(&format!(" ponder {}", after.uci(reply)));
    }
    line
}
