//! Reading hand histories from files, one or many, across cores.
use super::history::{parse, HandHistory};
use super::replay::{check, replay, Replayed, Verdict};
use crate::error::{Error, Result};
use rayon::prelude::*;
use std::path::Path;

/// The histories of one `.phh` or `.phhs` file.
pub fn load_path(path: &Path) -> Result<Vec<HandHistory>> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| Error::bad_history(format!("{name}: cannot read: {e}")))?;
    let text = String::from_utf8(bytes).map_err(|e| Error::bad_history(format!("{name}: not UTF-8 text (byte {})", e.utf8_error().valid_up_to())))?;
    parse(&text, &name)
}

/// Each file's histories (or its error), in the order given, read on
/// `threads` cores (`None`: all).
pub fn load_each<P: AsRef<Path> + Sync>(paths: &[P], threads: Option<usize>) -> Result<Vec<Result<Vec<HandHistory>>>> {
    crate::threads::install(threads, || paths.par_iter().map(|p| load_path(p.as_ref())).collect())
}

/// Every history of every file, in order; the first file that cannot be
/// read is the error.
pub fn load_many<P: AsRef<Path> + Sync>(paths: &[P], threads: Option<usize>) -> Result<Vec<HandHistory>> {
    let mut out = Vec::new();
    for r in load_each(paths, threads)? {
        out.extend(r?);
    }
    Ok(out)
}

/// Each history replayed, on `threads` cores.
pub fn replay_each<H: std::ops::Deref<Target = HandHistory> + Sync>(histories: &[H], threads: Option<usize>) -> Result<Vec<Result<Replayed>>> {
    crate::threads::install(threads, || histories.par_iter().map(|h| replay(h)).collect())
}

/// Each history checked against its recorded result, on `threads` cores.
pub fn check_each<H: std::ops::Deref<Target = HandHistory> + Sync>(histories: &[H], threads: Option<usize>) -> Result<Vec<Result<(Replayed, Verdict)>>> {
    crate::threads::install(threads, || histories.par_iter().map(|h| check(h)).collect())
}
