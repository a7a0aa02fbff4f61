//! Maps the engine's `Error` onto the exception classes defined in
//! `holecards/errors.py` (so each can inherit both `HolecardsError` and
//! `ValueError`). The mapping is done here, once; an `IllegalActionError`
//! also carries the reason and the legal actions as attributes.
use holecards_core::{Error, ErrorKind};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyType;

const NAMES: [&str; 10] = [
    "CardError",
    "DuplicateCardError",
    "ConfigError",
    "IllegalActionError",
    "StateError",
    "NoCardsLeftError",
    "HandHistoryError",
    "UnsupportedVariantError",
    "RangeError",
    "EquityError",
];

static CLASSES: PyOnceLock<Vec<Py<PyType>>> = PyOnceLock::new();

fn classes(py: Python<'_>) -> PyResult<&Vec<Py<PyType>>> {
    CLASSES.get_or_try_init(py, || {
        let m = py.import("holecards.errors")?;
        NAMES
            .iter()
            .map(|name| Ok(m.getattr(*name)?.cast_into::<PyType>()?.unbind()))
            .collect()
    })
}

fn class_index(err: &Error) -> usize {
    use ErrorKind as Error;
    match err.kind() {
        Error::BadCard(_) | Error::BadCards(_) => 0,
        Error::DuplicateCard { .. } => 1,
        Error::BadConfig(_) => 2,
        Error::IllegalAction(_) => 3,
        Error::CorruptState(_) => 4,
        Error::NoCardsLeft { .. } => 5,
        Error::BadHistory(_) | Error::Replay(_) => 6,
        Error::UnsupportedVariant(_) => 7,
        Error::BadRange(_) => 8,
        // Interrupted becomes KeyboardInterrupt where it can happen (equity).
        Error::Equity(_) | Error::Interrupted => 9,
    }
}

fn build(py: Python<'_>, err: Error) -> PyResult<PyErr> {
    let cls = classes(py)?[class_index(&err)].bind(py).clone();
    let exc = cls.call1((err.to_string(),))?;
    if let ErrorKind::IllegalAction(a) = err.kind() {
        exc.setattr("reason", crate::game::reason_member(py, a.reason)?)?;
        exc.setattr("legal", a.legal.map(crate::game::LegalActions))?;
        exc.setattr("seat", a.seat)?;
    }
    if let ErrorKind::Replay(r) = err.kind() {
        exc.setattr("location", &r.location)?;
        exc.setattr("index", r.index)?;
        exc.setattr("action", &r.action)?;
        exc.setattr(
            "reason",
            r.reason
                .map(|x| crate::game::reason_member(py, x))
                .transpose()?,
        )?;
        exc.setattr("legal", r.legal.map(crate::game::LegalActions))?;
    }
    if let ErrorKind::UnsupportedVariant(u) = err.kind() {
        exc.setattr("variant", &u.variant)?;
        exc.setattr("location", &u.location)?;
    }
    if let ErrorKind::BadRange(r) = err.kind() {
        exc.setattr("text", &r.text)?;
        exc.setattr("position", r.position)?;
        exc.setattr("token", &r.token)?;
    }
    if let ErrorKind::DuplicateCard { card, .. } = err.kind() {
        exc.setattr("card", crate::cards::Card(*card))?;
    }
    Ok(PyErr::from_value(exc))
}

/// The Python exception for an engine error.
pub fn to_py(err: Error) -> PyErr {
    Python::attach(|py| build(py, err).unwrap_or_else(|e| e))
}

/// `?`-friendly conversion: `core_call().map_err(to_py)?` reads as `.py()?`.
pub trait IntoPyResult<T> {
    fn py(self) -> PyResult<T>;
}

impl<T> IntoPyResult<T> for Result<T, Error> {
    fn py(self) -> PyResult<T> {
        self.map_err(to_py)
    }
}

pub fn card_error(msg: String) -> PyErr {
    to_py(Error::bad_card(msg))
}
