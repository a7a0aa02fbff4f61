//! Maps the engine's `Error` onto the exception classes defined in
//! `holecards/errors.py` (so each can inherit both `HolecardsError` and
//! `ValueError`). The mapping is done here, once.
use holecards_core::Error;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyType;

static CLASSES: PyOnceLock<[Py<PyType>; 5]> = PyOnceLock::new();

fn classes(py: Python<'_>) -> PyResult<&[Py<PyType>; 5]> {
    CLASSES.get_or_try_init(py, || {
        let m = py.import("holecards.errors")?;
        let get = |name: &str| -> PyResult<Py<PyType>> { Ok(m.getattr(name)?.cast_into::<PyType>()?.unbind()) };
        Ok([
            get("CardError")?,
            get("DuplicateCardError")?,
            get("ConfigError")?,
            get("IllegalActionError")?,
            get("HolecardsError")?,
        ])
    })
}

/// The Python exception for an engine error.
pub fn to_py(err: Error) -> PyErr {
    Python::attach(|py| {
        let idx = match &err {
            Error::BadCard(_) | Error::BadCards(_) => 0,
            Error::DuplicateCard(_) => 1,
            Error::BadConfig(_) => 2,
            Error::IllegalAction(_) => 3,
        };
        match classes(py) {
            Ok(cls) => PyErr::from_type(cls[idx].bind(py).clone(), err.to_string()),
            Err(e) => e,
        }
    })
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
    to_py(Error::BadCard(msg))
}
