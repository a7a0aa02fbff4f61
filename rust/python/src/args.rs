//! Reading Python arguments: integers (ints or anything with `__index__`,
//! never bools or floats), strings, seats. Every failure is a holecards
//! error naming the argument, never an OverflowError or a panic.
use crate::errors::to_py;
use holecards_core::Error;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyFloat, PyInt, PyString};

/// The value as a `u64` if it is an integer (not a bool or float) in range.
pub fn as_u64(value: &Bound<'_, PyAny>) -> Option<u64> {
    if value.is_instance_of::<PyBool>() || value.is_instance_of::<PyFloat>() {
        return None;
    }
    if value.is_instance_of::<PyInt>() || value.hasattr("__index__").unwrap_or(false) {
        return value.extract::<u64>().ok();
    }
    None
}

/// A string argument; a string that cannot be encoded (a lone surrogate) is
/// reported through `err`.
pub fn text(value: &Bound<'_, PyString>, err: impl Fn() -> Error) -> PyResult<String> {
    value
        .to_cow()
        .map(|c| c.into_owned())
        .map_err(|_| to_py(err()))
}

/// A seat number of a hand with `n` seats.
pub fn seat(value: &Bound<'_, PyAny>, n: usize) -> PyResult<usize> {
    match as_u64(value) {
        Some(s) if (s as usize) < n && s < 64 => Ok(s as usize),
        _ => Err(to_py(Error::config(
            "seat",
            format!(
                "{} is not a seat: seats are 0..{}",
                value.repr().map(|r| r.to_string()).unwrap_or_default(),
                n.saturating_sub(1)
            ),
        ))),
    }
}

/// `raise_cap` as given: a number of raises, or `None` for no cap. Anything
/// else is kept to be reported as a configuration error.
pub enum RaiseCap {
    Cap(u32),
    NoCap,
    Bad(String),
}

impl<'a, 'py> FromPyObject<'a, 'py> for RaiseCap {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if obj.is_none() {
            return Ok(RaiseCap::NoCap);
        }
        let obj = obj.to_owned();
        Ok(match as_u64(&obj).and_then(|v| u32::try_from(v).ok()) {
            Some(v) => RaiseCap::Cap(v),
            None => RaiseCap::Bad(obj.repr().map(|r| r.to_string()).unwrap_or_default()),
        })
    }
}

/// Most threads one call may ask for (more is surely a mistake).
pub const MAX_THREADS: u64 = 1024;

/// `threads=`, read by `#[pyo3(from_py_with)]`: `None` (every core) or an
/// integer from 1 to [`MAX_THREADS`]; anything else is a `ConfigError`
/// naming the value (never an OverflowError).
pub fn threads_arg(obj: &Bound<'_, PyAny>) -> PyResult<Option<usize>> {
    if obj.is_none() {
        return Ok(None);
    }
    match as_u64(obj) {
        Some(n) if (1..=MAX_THREADS).contains(&n) => Ok(Some(n as usize)),
        _ => Err(to_py(Error::config(
            "threads",
            format!(
                "threads must be None or an integer from 1 to {MAX_THREADS}, not {}",
                obj.repr().map(|r| r.to_string()).unwrap_or_default()
            ),
        ))),
    }
}

/// `seed=`: `None` (drawn from the OS) or an integer from 0 to 2**64-1, read
/// by `#[pyo3(from_py_with)]`.
pub fn seed_arg(obj: &Bound<'_, PyAny>) -> PyResult<Option<u64>> {
    (!obj.is_none()).then(|| given_seed_arg(obj)).transpose()
}

/// A required `seed`, from 0 to 2**64-1.
pub fn given_seed_arg(obj: &Bound<'_, PyAny>) -> PyResult<u64> {
    int_in(obj, "seed", 0, u64::MAX)
}

/// `stacks`: a list of chips from 1 to 2**64-1, by seat.
pub fn stacks_arg(obj: &Bound<'_, PyAny>) -> PyResult<Vec<u64>> {
    ints_in(obj, "stacks", 1, u64::MAX)
}

/// The value's `repr()`, cut to 60 characters (a huge integer's repr would
/// fill a message).
pub fn short_repr(value: &Bound<'_, PyAny>) -> String {
    let r = value.repr().map(|r| r.to_string()).unwrap_or_default();
    if r.chars().count() > 60 {
        format!("{}...", r.chars().take(57).collect::<String>())
    } else {
        r
    }
}

fn bound_text(v: u64) -> String {
    if v == u64::MAX {
        "2**64-1".into()
    } else {
        v.to_string()
    }
}

/// Integer argument `name`, from `lo` to `hi`: anything else (a float, a
/// bool, an integer out of range, another type) is a `ConfigError` naming
/// the argument and the range, never an OverflowError.
pub fn int_in(value: &Bound<'_, PyAny>, name: &str, lo: u64, hi: u64) -> PyResult<u64> {
    match as_u64(value) {
        Some(v) if (lo..=hi).contains(&v) => Ok(v),
        _ => Err(to_py(Error::config(
            name,
            format!(
                "{name} must be an integer from {lo} to {}, not {}",
                bound_text(hi),
                short_repr(value)
            ),
        ))),
    }
}

/// A list (any iterable) of integers for argument `name`, each from `lo`
/// to `hi`, as [`int_in`] reads them.
pub fn ints_in(value: &Bound<'_, PyAny>, name: &str, lo: u64, hi: u64) -> PyResult<Vec<u64>> {
    let bad = || {
        to_py(Error::config(
            name,
            format!(
                "{name} must be a list of integers from {lo} to {}, not {}",
                bound_text(hi),
                short_repr(value)
            ),
        ))
    };
    if value.is_instance_of::<PyString>() {
        return Err(bad());
    }
    let Ok(items) = value.try_iter() else {
        return Err(bad());
    };
    let mut out = Vec::new();
    for item in items {
        let item = item.map_err(|_| bad())?;
        out.push(int_in(&item, name, lo, hi).map_err(|_| bad())?);
    }
    Ok(out)
}
