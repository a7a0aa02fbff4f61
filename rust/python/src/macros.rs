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
