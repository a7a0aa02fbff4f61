//! The engine's enums as Python `enum.IntEnum` classes, built here from
//! `holecards_core::enums::PYTHON_ENUMS` when `_core` loads (`holecards.enums`
//! re-exports them), so the members and numbers are the engine's.
use crate::errors::to_py;
use holecards_core::enums::{python_index, Members, PYTHON_ENUMS};
use holecards_core::Error;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyDict;

/// Each enum's members, by number, in the order of `PYTHON_ENUMS`.
static MEMBERS: PyOnceLock<Vec<Vec<Py<PyAny>>>> = PyOnceLock::new();

/// Builds the classes and adds them to `m`.
pub fn add_to(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    let int_enum = py.import("enum")?.getattr("IntEnum")?;
    let mut all = Vec::with_capacity(PYTHON_ENUMS.len());
    for e in PYTHON_ENUMS {
        let members: Vec<(String, usize)> = e.members().zip(0..).collect();
        let kwargs = PyDict::new(py);
        kwargs.set_item("module", "holecards.enums")?;
        kwargs.set_item("qualname", e.name)?;
        let cls = int_enum.call((e.name, members), Some(&kwargs))?;
        cls.setattr("__doc__", e.doc)?;
        all.push(
            (0..e.variants.len())
                .map(|i| Ok(cls.call1((i,))?.unbind()))
                .collect::<PyResult<Vec<_>>>()?,
        );
        m.add(e.name, cls)?;
    }
    // A second import of the module (a subinterpreter) keeps the first classes.
    let _ = MEMBERS.set(py, all);
    Ok(())
}

/// The Python member for an engine enum's value.
pub fn member<T: Members>(py: Python<'_>, value: T) -> PyResult<Py<PyAny>> {
    let index = const { python_index(T::NAME) };
    index
        .and_then(|i| {
            MEMBERS
                .get(py)?
                .get(i)?
                .get(Into::<u8>::into(value) as usize)
        })
        .map(|m| m.clone_ref(py))
        .ok_or_else(|| {
            to_py(Error::bad_config(format!(
                "{} is not a Python enum",
                T::NAME
            )))
        })
}
