//! The optional search (cargo feature `search`).
//!
//! A placeholder: the alpha-beta search, its evaluation and its transposition table arrive
//! with the search issue. Nothing outside this module depends on it.
