//! Macros that write a class's repetitive `#[pymethods]` once.

/// A class's `#[pymethods]`: getters listed as `field: Type` (reads
/// `self.0.field`) or `method(): Type` (calls `self.0.method()`), then the
/// class's other methods.
macro_rules! with_getters {
    ($class:ident [$($name:ident $(($($call:tt)*))?: $ty:ty),*] { $($extra:tt)* }) => {
        #[pymethods]
        impl $class {
            $(
                #[getter]
                fn $name(&self) -> $ty {
                    self.0.$name $(($($call)*))? .clone()
                }
            )*
            $($extra)*
        }
    };
}

/// A class's `#[pymethods]` with `copy`, `__copy__`, `__deepcopy__`,
/// `__eq__` (on the engine value) and pickling by `encode` and the module's
/// `restore` function, then the class's other methods.
macro_rules! with_copy_and_pickle {
    ($class:ident, $restore:literal, $encode:path, { $($extra:tt)* }) => {
        #[pymethods]
        impl $class {
            fn copy(&self) -> $class {
                self.clone()
            }
            fn __copy__(&self) -> $class {
                self.clone()
            }
            fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> $class {
                self.clone()
            }
            fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
                other
                    .cast::<$class>()
                    .map(|o| o.borrow().0 == self.0)
                    .unwrap_or(false)
            }
            fn __reduce__<'py>(
                &self,
                py: Python<'py>,
            ) -> PyResult<(Bound<'py, PyAny>, (Bound<'py, PyBytes>,))> {
                let restore = py.import("holecards._core")?.getattr($restore)?;
                Ok((restore, (PyBytes::new(py, &$encode(&self.0)),)))
            }
            $($extra)*
        }
    };
}
