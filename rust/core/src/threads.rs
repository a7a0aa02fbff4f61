//! Running work on `threads` cores: `None` for rayon's global pool (every
//! core), `Some(n)` for a pool of `n` threads. Pools are made once per size
//! and kept (starting threads costs tens of microseconds, more than many
//! whole calls).
use crate::error::{Error, Result};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

static POOLS: OnceLock<Mutex<HashMap<usize, Arc<rayon::ThreadPool>>>> = OnceLock::new();

/// The most pools kept between calls.
const MAX_POOLS: usize = 8;

fn pool(n: usize) -> Result<Arc<rayon::ThreadPool>> {
    let pools = POOLS.get_or_init(|| Mutex::new(HashMap::new()));
    let mut pools = pools.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(p) = pools.get(&n) {
        return Ok(Arc::clone(p));
    }
    let p = Arc::new(
        rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()
            .map_err(|e| Error::bad_config(format!("cannot start {n} threads: {e}")))?,
    );
    // (a few kept: a caller asking for many different counts would
    // otherwise keep thousands of idle threads; the largest is let go, its
    // threads ending once the calls using it are done)
    if pools.len() >= MAX_POOLS {
        if let Some(&largest) = pools.keys().max() {
            pools.remove(&largest);
        }
    }
    pools.insert(n, Arc::clone(&p));
    Ok(p)
}

/// Runs `f` inside the pool `threads` asks for.
pub fn install<R: Send>(threads: Option<usize>, f: impl FnOnce() -> R + Send) -> Result<R> {
    match threads {
        Some(0) => Err(Error::bad_config("threads must be at least 1".into())),
        None => Ok(f()),
        Some(n) if n > 4096 => Err(Error::bad_config(format!(
            "cannot start {n} threads: at most 4096"
        ))),
        Some(n) => Ok(pool(n)?.install(f)),
    }
}

/// Maps `f` over the indices of `range` in parallel and folds the results
/// into `acc` in index order, `batch` indices at a time: memory for one
/// batch's results whatever the size of the range, and the same fold (the
/// same order) whatever the number of threads. An error stops the fold.
pub fn fold_in_order<T: Send, A>(
    range: std::ops::Range<u64>,
    batch: u64,
    f: impl Fn(u64) -> Result<T> + Sync,
    mut acc: A,
    mut add: impl FnMut(&mut A, T),
) -> Result<A> {
    use rayon::prelude::*;
    let mut lo = range.start;
    while lo < range.end {
        let hi = range.end.min(lo.saturating_add(batch.max(1)));
        let parts: Vec<T> = if hi - lo > 1 {
            (lo..hi).into_par_iter().map(&f).collect::<Result<_>>()?
        } else {
            vec![f(lo)?]
        };
        for p in parts {
            add(&mut acc, p);
        }
        lo = hi;
    }
    Ok(acc)
}
