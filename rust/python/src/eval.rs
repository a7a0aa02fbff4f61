//! `evaluate`, `HandRank` and the NumPy batch `evaluate_many`.
use crate::cards::{cards_to_py, to_cards};
use crate::errors::IntoPyResult;
use holecards_core::card::{Card as CoreCard, CardSet};
use holecards_core::eval::{self, batch, HandValue};
use numpy::{PyArray1, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

/// The rank of a hand: stronger compares greater, equal hands compare equal.
#[pyclass(module = "holecards", name = "HandRank", frozen, eq, ord, hash)]
#[derive(Clone, Copy)]
pub struct HandRank {
    value: HandValue,
    /// The cards that were evaluated, kept to find the best five on demand.
    cards: CardSet,
}

impl PartialEq for HandRank {
    fn eq(&self, other: &Self) -> bool {
        self.value == other.value
    }
}
impl Eq for HandRank {}
impl PartialOrd for HandRank {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for HandRank {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.value.cmp(&other.value)
    }
}
impl std::hash::Hash for HandRank {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.value.hash(state)
    }
}

impl HandRank {
    pub fn new(value: HandValue, cards: &[CoreCard]) -> HandRank {
        let mut set = CardSet::default();
        for &c in cards {
            set.insert(c);
        }
        HandRank { value, cards: set }
    }
}

#[pymethods]
impl HandRank {
    /// 1 (seven-high) .. 7462 (royal flush), one number per distinct 5-card value.
    #[getter]
    fn value(&self) -> u16 {
        self.value.value()
    }

    /// The hand's `Category`.
    #[getter]
    fn category(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        crate::enums::member(py, self.value.category())
    }

    /// The five cards that make the hand, most significant first.
    #[getter]
    fn best_five<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let cards: Vec<CoreCard> = self.cards.iter().collect();
        let (_, five) = eval::best_five(&cards).py()?;
        PyTuple::new(py, cards_to_py(&five))
    }

    /// A readable name, e.g. "Full house, kings full of sevens".
    #[getter]
    fn name(&self) -> String {
        self.value.name()
    }

    fn __str__(&self) -> String {
        self.value.name()
    }

    fn __repr__(&self) -> String {
        format!("<HandRank {}: {}>", self.value.value(), self.value.name())
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (u16, u64))> {
        let restore = py
            .import("holecards._core")?
            .getattr("_restore_hand_rank")?;
        Ok((restore, (self.value.value(), self.cards.0)))
    }
}

#[pyfunction]
pub fn _restore_hand_rank(
    value: &Bound<'_, PyAny>,
    cards: &Bound<'_, PyAny>,
) -> PyResult<HandRank> {
    let bad = || {
        crate::errors::to_py(holecards_core::Error::bad_cards(
            "not a valid pickled hand rank".into(),
        ))
    };
    let value = crate::args::as_u64(value)
        .and_then(|v| u16::try_from(v).ok())
        .ok_or_else(bad)?;
    let mask = crate::args::as_u64(cards)
        .filter(|m| m >> 52 == 0)
        .ok_or_else(bad)?;
    let set = CardSet(mask);
    let list: Vec<CoreCard> = set.iter().collect();
    let value = HandValue::new(value).map_err(|_| bad())?;
    let checked = eval::evaluate(&list).map_err(|_| bad())?;
    if checked != value {
        return Err(bad());
    }
    Ok(HandRank { value, cards: set })
}

/// Evaluates 5, 6 or 7 cards: a string such as `"AhKd Qc Jd Ts 2c 3c"`, or an
/// iterable of `Card`, `str` or `int`.
#[pyfunction]
pub fn evaluate(cards: &Bound<'_, PyAny>) -> PyResult<HandRank> {
    let list = to_cards(cards)?;
    let value = eval::evaluate(&list).py()?;
    Ok(HandRank::new(value, &list))
}

/// Batches of fewer rows than this (a few milliseconds of work) run on the
/// calling thread without watching for Ctrl-C.
const QUICK_ROWS: usize = 1 << 19;

/// The batch form: rows of card indices (uint8, shape (n, 5|6|7), C-contiguous)
/// to uint16 values. Releases the GIL; `threads=None` uses every core. A large
/// batch runs on a worker while this thread watches for Ctrl-C (equity's
/// `supervise`), which stops it within a fraction of a millisecond per thread.
#[pyfunction]
#[pyo3(signature = (cards, threads=None))]
pub fn _evaluate_many<'py>(
    py: Python<'py>,
    cards: PyReadonlyArray2<'py, u8>,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyArray1<u16>>> {
    let shape = cards.shape();
    let (rows, width) = (shape[0], shape[1]);
    let slice = cards.as_slice().map_err(|_| {
        crate::errors::to_py(holecards_core::Error::bad_cards(
            "cards must be a C-contiguous array".into(),
        ))
    })?;
    let control = holecards_core::equity::Control::new();
    // Allocated here, not on supervise's worker thread: a new thread's first
    // allocation comes from a fresh malloc arena, so every call would map
    // (and page-fault in) new memory for the output; from this thread the
    // allocator reuses the last call's.
    // Not zeroed first: the batch writes every row's value.
    let mut out: Vec<u16> = Vec::with_capacity(rows);
    crate::equity::supervise(py, None, &control, rows < QUICK_ROWS, || {
        batch::evaluate_rows_uninit(
            slice,
            width,
            &mut out.spare_capacity_mut()[..rows],
            threads,
            Some(&control.cancel),
        )
    })?;
    // SAFETY: evaluate_rows_uninit returned Ok, so it wrote all `rows`
    // values (the capacity is at least `rows`).
    unsafe { out.set_len(rows) };
    Ok(PyArray1::from_vec(py, out))
}
