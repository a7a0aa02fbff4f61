//! Running work on `threads` cores: `None` for rayon's global pool (every
//! core), `Some(n)` for a pool of `n` threads. Pools are made once per size
//! and kept (starting threads costs tens of microseconds, more than many
//! whole calls).
use crate::error::{Error, Result};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

static POOLS: OnceLock<Mutex<HashMap<usize, Arc<rayon::ThreadPool>>>> = OnceLock::new();

fn pool(n: usize) -> Result<Arc<rayon::ThreadPool>> {
    let pools = POOLS.get_or_init(|| Mutex::new(HashMap::new()));
    let mut pools = pools.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(p) = pools.get(&n) {
        return Ok(Arc::clone(p));
    }
    let p = Arc::new(rayon::ThreadPoolBuilder::new().num_threads(n).build().map_err(|e| Error::bad_config(format!("cannot start {n} threads: {e}")))?);
    pools.insert(n, Arc::clone(&p));
    Ok(p)
}

/// Runs `f` inside the pool `threads` asks for.
pub fn install<R: Send>(threads: Option<usize>, f: impl FnOnce() -> R + Send) -> Result<R> {
    match threads {
        Some(0) => Err(Error::bad_config("threads must be at least 1".into())),
        None => Ok(f()),
        Some(n) if n > 4096 => Err(Error::bad_config(format!("cannot start {n} threads: at most 4096"))),
        Some(n) => Ok(pool(n)?.install(f)),
    }
}
