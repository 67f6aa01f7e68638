//! The engine's one output, shared by the main thread and the search thread: each line is
//! written whole and flushed at once.

use std::fmt::Display;
use std::io::Write;
use std::sync::{Arc, Mutex, PoisonError};

/// A cloneable handle to the output; lines from different threads never interleave.
#[derive(Clone)]
pub struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    /// Wraps `writer`.
    pub fn new(writer: impl Write + Send + 'static) -> Output {
        Output(Arc::new(Mutex::new(Box::new(writer))))
    }

    /// Writes `text` and a newline, and flushes. A GUI that has gone away cannot be told
    /// anything, so write errors are ignored (the engine ends when its input ends).
    pub fn line(&self, text: impl Display) {
        let mut writer = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let _ = writeln!(writer, "{text}").and_then(|()| writer.flush());
    }

    /// Writes `info string <text>`: how the engine explains itself to the GUI.
    pub fn info_string(&self, text: impl Display) {
        self.line(format_args!("info string {text}"));
    }
}
