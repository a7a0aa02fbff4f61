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

/// A frozen value class (`eq`, `hash`): its fields read-only attributes and
/// a repr that lists them as Python would (`Bust(player=3, seat=1, ...)`).
/// With `from Engine`, it is built from the engine struct of the same
/// fields (`From<&Engine>`).
macro_rules! value_class {
    ($(#[$meta:meta])* $name:ident from $src:ty { $($(#[$fmeta:meta])* $field:ident: $ty:ty),* $(,)? }) => {
        value_class!($(#[$meta])* $name { $($(#[$fmeta])* $field: $ty),* });

        impl From<&$src> for $name {
            fn from(v: &$src) -> $name {
                $name { $($field: v.$field),* }
            }
        }
    };
    ($(#[$meta:meta])* $name:ident { $($(#[$fmeta:meta])* $field:ident: $ty:ty),* $(,)? }) => {
        $(#[$meta])*
        #[pyclass(module = "holecards", frozen, eq, hash)]
        #[derive(Clone, PartialEq, Eq, Hash)]
        pub struct $name {
            $($(#[$fmeta])* #[pyo3(get)] $field: $ty),*
        }

        #[pymethods]
        impl $name {
            fn __repr__(&self) -> String {
                let fields = [$(format!(
                    "{}={}",
                    stringify!($field),
                    $crate::macros::PyRepr::py_repr(&self.$field)
                )),*];
                format!("{}({})", stringify!($name), fields.join(", "))
            }
        }
    };
}

/// A value as Python's `repr` writes it.
pub trait PyRepr {
    fn py_repr(&self) -> String;
}

impl PyRepr for bool {
    fn py_repr(&self) -> String {
        (if *self { "True" } else { "False" }).to_owned()
    }
}

impl PyRepr for &str {
    fn py_repr(&self) -> String {
        format!("'{self}'")
    }
}

impl<T: PyRepr> PyRepr for Option<T> {
    fn py_repr(&self) -> String {
        self.as_ref().map_or_else(|| "None".to_owned(), T::py_repr)
    }
}

macro_rules! py_repr_as_display {
    ($($t:ty),*) => {
        $(impl PyRepr for $t {
            fn py_repr(&self) -> String {
                self.to_string()
            }
        })*
    };
}
py_repr_as_display!(u32, u64, usize);
