//! Running work on `threads` cores: `None` for rayon's global pool (every
//! core), `Some(n)` for a pool of `n` threads.
use crate::error::{Error, Result};

/// Runs `f` inside the pool `threads` asks for.
pub fn install<R: Send>(threads: Option<usize>, f: impl FnOnce() -> R + Send) -> Result<R> {
    match threads {
        Some(0) => Err(Error::bad_config("threads must be at least 1".into())),
        None => Ok(f()),
        Some(n) => {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(n).build().map_err(|e| Error::bad_config(format!("cannot start {n} threads: {e}")))?;
            Ok(pool.install(f))
        }
    }
}
