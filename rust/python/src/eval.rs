//! `evaluate`, `HandRank` and the NumPy batch `evaluate_many`.
use crate::cards::{cards_to_py, to_cards};
use crate::errors::IntoPyResult;
use holecards_core::card::{Card as CoreCard, CardSet};
use holecards_core::eval::badugi;
use holecards_core::eval::low::{self, LowValue};
use holecards_core::eval::lowball;
use holecards_core::eval::short_deck::{self, ShortDeckRanking, ShortDeckValue};
use holecards_core::eval::{self, batch, omaha, HandValue};
use numpy::{PyArray1, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

/// Room for a batch's `rows` values, or Python's `MemoryError` where the
/// allocator has none (a failed allocation would abort the process).
fn room_for(rows: usize) -> PyResult<Vec<u16>> {
    let mut out = Vec::new();
    out.try_reserve_exact(rows).map_err(|_| {
        pyo3::exceptions::PyMemoryError::new_err(format!(
            "no memory for the {rows} values of the batch ({} bytes)",
            rows.saturating_mul(2)
        ))
    })?;
    Ok(out)
}

/// [`room_for`], zeroed.
fn zeroed(rows: usize) -> PyResult<Vec<u16>> {
    let mut out = room_for(rows)?;
    out.resize(rows, 0);
    Ok(out)
}

/// The rank of a hand: stronger compares greater, equal hands compare equal.
#[pyclass(module = "holecards", name = "HandRank", frozen, eq, ord, hash)]
#[derive(Clone, Copy)]
pub struct HandRank {
    value: HandValue,
    /// The cards that were evaluated, kept to find the best five on demand.
    cards: CardSet,
}

/// Equality, order and hash by the rank's value alone (two hands of equal
/// value are equal, whatever their cards).
macro_rules! by_value {
    ($t:ty) => {
        impl PartialEq for $t {
            fn eq(&self, other: &Self) -> bool {
                self.value == other.value
            }
        }
        impl Eq for $t {}
        impl PartialOrd for $t {
            fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
                Some(self.cmp(other))
            }
        }
        impl Ord for $t {
            fn cmp(&self, other: &Self) -> std::cmp::Ordering {
                self.value.cmp(&other.value)
            }
        }
        impl std::hash::Hash for $t {
            fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
                self.value.hash(state)
            }
        }
    };
}
by_value!(HandRank);

/// `__richcmp__` for a rank class of several rankings: ranks of one
/// ranking compare by value; ranks of two rankings are never equal and do
/// not order (a `TypeError` naming both, as between a `HandRank` and a
/// `LowballRank`). `other` not of the class: `NotImplemented`.
fn compare_within<T, R>(
    this: &T,
    other: &Bound<'_, PyAny>,
    op: pyo3::basic::CompareOp,
    ranking: impl Fn(&T) -> R,
    name: impl Fn(R) -> &'static str,
) -> PyResult<Py<PyAny>>
where
    T: pyo3::PyClass<Frozen = pyo3::pyclass::boolean_struct::True> + Ord + Sync,
    R: PartialEq + Copy,
{
    use pyo3::basic::CompareOp;
    let py = other.py();
    let Ok(other) = other.cast::<T>() else {
        return Ok(py.NotImplemented());
    };
    let other = other.get();
    let (a, b) = (ranking(this), ranking(other));
    let answer = if a == b {
        op.matches(this.cmp(other))
    } else {
        match op {
            CompareOp::Eq => false,
            CompareOp::Ne => true,
            _ => {
                return Err(pyo3::exceptions::PyTypeError::new_err(format!(
                    "ranks of two rankings ({} and {}) do not order: compare ranks of one ranking",
                    name(a),
                    name(b)
                )))
            }
        }
    };
    Ok(pyo3::types::PyBool::new(py, answer)
        .to_owned()
        .into_any()
        .unbind())
}

/// `__hash__` by `Hash` (the value, with its ranking).
fn hash_of(x: &impl std::hash::Hash) -> u64 {
    use std::hash::Hasher;
    let mut h = std::collections::hash_map::DefaultHasher::new();
    x.hash(&mut h);
    h.finish()
}

impl HandRank {
    pub fn new(value: HandValue, cards: &[CoreCard]) -> HandRank {
        HandRank {
            value,
            cards: card_set(cards),
        }
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
    let mut out: Vec<u16> = room_for(rows)?;
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

/// Evaluates an Omaha hand: the best high hand of exactly two of `hole` (4,
/// 5 or 6 cards) and three of `board` (3, 4 or 5 cards), as the `HandRank`
/// of the five cards played.
#[pyfunction]
pub fn evaluate_omaha(hole: &Bound<'_, PyAny>, board: &Bound<'_, PyAny>) -> PyResult<HandRank> {
    let hole = to_cards(hole)?;
    let board = to_cards(board)?;
    let (value, five, _) = omaha::omaha_high_cards(&hole, &board).py()?;
    Ok(HandRank::new(value, &five))
}

/// An eight-or-better low: a better (lower) low compares greater.
#[pyclass(module = "holecards", name = "LowRank", frozen, eq, ord, hash)]
#[derive(Clone, Copy)]
pub struct LowRank {
    value: LowValue,
    /// The five cards that make the low, highest rank first.
    cards: [CoreCard; 5],
}

by_value!(LowRank);

#[pymethods]
impl LowRank {
    /// 7 (8-7-6-5-4) .. 224 (5-4-3-2-A, the wheel): greater is better.
    #[getter]
    fn value(&self) -> u16 {
        self.value.value()
    }

    /// The five cards that make the low, highest rank first (an ace last).
    #[getter]
    fn best_five<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, cards_to_py(&self.cards))
    }

    /// A readable name from the two highest cards, e.g. "Eight-six low".
    #[getter]
    fn name(&self) -> String {
        self.value.name()
    }

    fn __str__(&self) -> String {
        self.value.name()
    }

    fn __repr__(&self) -> String {
        format!("<LowRank {}: {}>", self.value.value(), self.value.name())
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (u64,))> {
        let restore = py.import("holecards._core")?.getattr("_restore_low_rank")?;
        Ok((restore, (card_set(&self.cards).0,)))
    }
}

/// Unpickles a `LowRank` from its five cards (a bit set), checked.
#[pyfunction]
pub fn _restore_low_rank(cards: &Bound<'_, PyAny>) -> PyResult<LowRank> {
    let list = five_from_mask(cards, "low rank")?;
    match low::low8_cards(&list).map_err(|_| bad_pickle("low rank"))? {
        Some((value, cards)) => Ok(LowRank { value, cards }),
        None => Err(bad_pickle("low rank")),
    }
}

/// Cards as a bit set (as a rank keeps them, and as it is pickled).
fn card_set(cards: &[CoreCard]) -> CardSet {
    let mut set = CardSet::default();
    for &c in cards {
        set.insert(c);
    }
    set
}

/// The five cards of a pickled rank's bit set, or the error naming `what`.
fn five_from_mask(cards: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<CoreCard>> {
    let mask = crate::args::as_u64(cards)
        .filter(|m| m >> 52 == 0 && m.count_ones() == 5)
        .ok_or_else(|| bad_pickle(what))?;
    Ok(CardSet(mask).iter().collect())
}

fn bad_pickle(what: &str) -> PyErr {
    crate::errors::to_py(holecards_core::Error::bad_cards(format!(
        "not a valid pickled {what}"
    )))
}

/// The best eight-or-better low (ace-to-five: five distinct ranks, eight or
/// lower, aces low) that any five of 5, 6 or 7 cards make, or `None`.
#[pyfunction]
pub fn evaluate_low8(cards: &Bound<'_, PyAny>) -> PyResult<Option<LowRank>> {
    let list = to_cards(cards)?;
    Ok(low::low8_cards(&list)
        .py()?
        .map(|(value, cards)| LowRank { value, cards }))
}

/// The Omaha eight-or-better low: exactly two of `hole` and three of
/// `board`, or `None` when no such five qualify.
#[pyfunction]
pub fn evaluate_omaha_low8(
    hole: &Bound<'_, PyAny>,
    board: &Bound<'_, PyAny>,
) -> PyResult<Option<LowRank>> {
    let hole = to_cards(hole)?;
    let board = to_cards(board)?;
    Ok(low::omaha_low8(&hole, &board)
        .py()?
        .map(|(value, cards)| LowRank { value, cards }))
}

/// The Omaha batch: rows of hole cards (uint8, shape (n, 4|5|6)) and of
/// board cards (uint8, shape (n, 3|4|5)), both C-contiguous, to uint16 high
/// values (`low=False`) or eight-or-better low values (`low=True`, 0 where
/// no low qualifies). Releases the GIL; Ctrl-C stops a large batch.
#[pyfunction]
#[pyo3(signature = (hole, board, low=false, threads=None))]
pub fn _evaluate_omaha_many<'py>(
    py: Python<'py>,
    hole: PyReadonlyArray2<'py, u8>,
    board: PyReadonlyArray2<'py, u8>,
    low: bool,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyArray1<u16>>> {
    let (rows, hole_width) = (hole.shape()[0], hole.shape()[1]);
    let board_width = board.shape()[1];
    let not_contiguous = || {
        crate::errors::to_py(holecards_core::Error::bad_cards(
            "cards must be C-contiguous arrays".into(),
        ))
    };
    let hole_slice = hole.as_slice().map_err(|_| not_contiguous())?;
    let board_slice = board.as_slice().map_err(|_| not_contiguous())?;
    let what = if low {
        omaha::OmahaRows::Low8
    } else {
        omaha::OmahaRows::High
    };
    let control = holecards_core::equity::Control::new();
    let mut out = zeroed(rows)?;
    crate::equity::supervise(py, None, &control, rows < QUICK_ROWS / 16, || {
        omaha::evaluate_rows(
            what,
            hole_slice,
            hole_width,
            board_slice,
            board_width,
            &mut out,
            threads,
            Some(&control.cancel),
        )
    })?;
    Ok(PyArray1::from_vec(py, out))
}

/// The short-deck batch: rows of card indices (uint8, shape (n, 5|6|7),
/// C-contiguous, sixes to aces) to uint16 values on `ShortDeckRank.value`'s
/// scale for the ranking. Releases the GIL; Ctrl-C stops a large batch.
#[pyfunction]
#[pyo3(signature = (cards, trips_beat_straight=false, threads=None))]
pub fn _evaluate_short_deck_many<'py>(
    py: Python<'py>,
    cards: PyReadonlyArray2<'py, u8>,
    trips_beat_straight: bool,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyArray1<u16>>> {
    let ranking = if trips_beat_straight {
        ShortDeckRanking::TripsBeatStraight
    } else {
        ShortDeckRanking::StraightBeatsTrips
    };
    rows_batch(py, cards, |slice, width, out, cancel| {
        short_deck::evaluate_rows(slice, width, ranking, out, threads, Some(cancel))
    })
}

/// The eight-or-better low batch: rows of card indices (uint8, shape
/// (n, 5|6|7), C-contiguous) to uint16 values on `LowRank.value`'s scale, 0
/// where no low qualifies. Releases the GIL; Ctrl-C stops a large batch.
#[pyfunction]
#[pyo3(signature = (cards, threads=None))]
pub fn _evaluate_low8_many<'py>(
    py: Python<'py>,
    cards: PyReadonlyArray2<'py, u8>,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyArray1<u16>>> {
    rows_batch(py, cards, |slice, width, out, cancel| {
        low::evaluate_rows(slice, width, out, threads, Some(cancel))
    })
}

/// A batch over rows of card indices (`cards`, C-contiguous): `run` fills
/// one uint16 a row with the GIL released, and Ctrl-C sets its cancel flag.
fn rows_batch<'py>(
    py: Python<'py>,
    cards: PyReadonlyArray2<'py, u8>,
    run: impl FnOnce(
            &[u8],
            usize,
            &mut [u16],
            &std::sync::atomic::AtomicBool,
        ) -> holecards_core::Result<()>
        + Send,
) -> PyResult<Bound<'py, PyArray1<u16>>> {
    let (rows, width) = (cards.shape()[0], cards.shape()[1]);
    let slice = cards.as_slice().map_err(|_| {
        crate::errors::to_py(holecards_core::Error::bad_cards(
            "cards must be a C-contiguous array".into(),
        ))
    })?;
    let control = holecards_core::equity::Control::new();
    let mut out = zeroed(rows)?;
    crate::equity::supervise(py, None, &control, rows < QUICK_ROWS, || {
        run(slice, width, &mut out, &control.cancel)
    })?;
    Ok(PyArray1::from_vec(py, out))
}

/// A lowball hand's rank (deuce-to-seven or ace-to-five): the better
/// (lower) hand compares greater, within one ranking.
#[pyclass(module = "holecards", name = "LowballRank", frozen)]
#[derive(Clone, Copy)]
pub struct LowballRank {
    value: lowball::LowballValue,
    /// The five cards played, highest first as the ranking counts them.
    cards: [CoreCard; 5],
}
by_value!(LowballRank);

fn lowball_rank(cards: &[CoreCard], ranking: lowball::Lowball) -> PyResult<LowballRank> {
    let (value, cards) = lowball::lowball_cards(cards, ranking).py()?;
    Ok(LowballRank { value, cards })
}

fn ranking_name(ranking: lowball::Lowball) -> &'static str {
    match ranking {
        lowball::Lowball::DeuceToSeven => "deuce-to-seven",
        lowball::Lowball::AceToFive => "ace-to-five",
    }
}

#[pymethods]
impl LowballRank {
    /// 1 up to 7462 (deuce-to-seven) or 6175 (ace-to-five): greater is better.
    #[getter]
    fn value(&self) -> u16 {
        self.value.value()
    }

    /// "deuce-to-seven" or "ace-to-five".
    #[getter]
    fn ranking(&self) -> &'static str {
        ranking_name(self.value.ranking())
    }

    /// The `Category` under the ranking (in ace-to-five five distinct ranks
    /// are a high card: straights and flushes do not count).
    #[getter]
    fn category(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        crate::enums::member(py, self.value.category())
    }

    /// The five cards played, highest first as the ranking counts them (an
    /// ace last in ace-to-five).
    #[getter]
    fn best_five<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, cards_to_py(&self.cards))
    }

    /// A readable name, e.g. "Seven-five low", "One pair, aces".
    #[getter]
    fn name(&self) -> String {
        self.value.name()
    }

    fn __str__(&self) -> String {
        self.value.name()
    }

    fn __richcmp__(
        &self,
        other: &Bound<'_, PyAny>,
        op: pyo3::basic::CompareOp,
    ) -> PyResult<Py<PyAny>> {
        compare_within(
            self,
            other,
            op,
            |r: &LowballRank| r.value.ranking(),
            ranking_name,
        )
    }

    fn __hash__(&self) -> u64 {
        hash_of(&self.value)
    }

    fn __repr__(&self) -> String {
        format!(
            "<LowballRank {} {}: {}>",
            self.ranking(),
            self.value.value(),
            self.value.name()
        )
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (u64, bool))> {
        let restore = py
            .import("holecards._core")?
            .getattr("_restore_lowball_rank")?;
        let ace_to_five = self.value.ranking() == lowball::Lowball::AceToFive;
        Ok((restore, (card_set(&self.cards).0, ace_to_five)))
    }
}

/// The deuce-to-seven low of 5, 6 or 7 cards (the best five: aces high,
/// straights and flushes count against a hand).
#[pyfunction]
pub fn evaluate_deuce_to_seven(cards: &Bound<'_, PyAny>) -> PyResult<LowballRank> {
    lowball_rank(&to_cards(cards)?, lowball::Lowball::DeuceToSeven)
}

/// The ace-to-five low of 5, 6 or 7 cards, as razz plays it (the best
/// five: aces low, straights and flushes do not count, pairs do).
#[pyfunction]
pub fn evaluate_ace_to_five(cards: &Bound<'_, PyAny>) -> PyResult<LowballRank> {
    lowball_rank(&to_cards(cards)?, lowball::Lowball::AceToFive)
}

/// Unpickles a `LowballRank` from its five cards (a bit set), checked.
#[pyfunction]
pub fn _restore_lowball_rank(cards: &Bound<'_, PyAny>, ace_to_five: bool) -> PyResult<LowballRank> {
    let list = five_from_mask(cards, "lowball rank")?;
    let ranking = if ace_to_five {
        lowball::Lowball::AceToFive
    } else {
        lowball::Lowball::DeuceToSeven
    };
    lowball_rank(&list, ranking).map_err(|_| bad_pickle("lowball rank"))
}

/// The lowball batch: rows of card indices (uint8, shape (n, 5|6|7),
/// C-contiguous) to uint16 values on `LowballRank.value`'s scale for the
/// ranking. Releases the GIL; Ctrl-C stops a large batch.
#[pyfunction]
#[pyo3(signature = (cards, ace_to_five=false, threads=None))]
pub fn _evaluate_lowball_many<'py>(
    py: Python<'py>,
    cards: PyReadonlyArray2<'py, u8>,
    ace_to_five: bool,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyArray1<u16>>> {
    let ranking = if ace_to_five {
        lowball::Lowball::AceToFive
    } else {
        lowball::Lowball::DeuceToSeven
    };
    rows_batch(py, cards, |slice, width, out, cancel| {
        lowball::evaluate_rows(slice, width, ranking, out, threads, Some(cancel))
    })
}

/// A badugi hand's rank: the better hand compares greater.
#[pyclass(module = "holecards", name = "BadugiRank", frozen, eq, ord, hash)]
#[derive(Clone)]
pub struct BadugiRank {
    value: badugi::BadugiValue,
    /// The four cards of the hand.
    hand: CardSet,
    /// The cards it plays, highest first (an ace last).
    played: Vec<CoreCard>,
}
by_value!(BadugiRank);

impl BadugiRank {
    fn of(cards: &[CoreCard]) -> PyResult<BadugiRank> {
        let (value, played) = badugi::badugi_cards(cards).py()?;
        Ok(BadugiRank {
            value,
            hand: card_set(cards),
            played,
        })
    }
}

#[pymethods]
impl BadugiRank {
    /// 1 (a lone king) .. 1092 (4-3-2-A of four suits): greater is better.
    #[getter]
    fn value(&self) -> u16 {
        self.value.value()
    }

    /// How many cards the hand plays (1 to 4).
    #[getter]
    fn size(&self) -> u32 {
        self.value.size()
    }

    /// The cards the hand plays (no rank and no suit twice), highest first
    /// (an ace last).
    #[getter]
    fn cards<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, cards_to_py(&self.played))
    }

    /// A readable name, e.g. "Four-card badugi, seven high".
    #[getter]
    fn name(&self) -> String {
        self.value.name()
    }

    fn __str__(&self) -> String {
        self.value.name()
    }

    fn __repr__(&self) -> String {
        format!("<BadugiRank {}: {}>", self.value.value(), self.value.name())
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (u64,))> {
        let restore = py
            .import("holecards._core")?
            .getattr("_restore_badugi_rank")?;
        Ok((restore, (self.hand.0,)))
    }
}

/// The badugi rank of four cards: the most cards of distinct ranks and
/// suits, then the lowest from the highest card down, aces low.
#[pyfunction]
pub fn evaluate_badugi(cards: &Bound<'_, PyAny>) -> PyResult<BadugiRank> {
    BadugiRank::of(&to_cards(cards)?)
}

/// Unpickles a `BadugiRank` from its four cards (a bit set), checked.
#[pyfunction]
pub fn _restore_badugi_rank(cards: &Bound<'_, PyAny>) -> PyResult<BadugiRank> {
    let mask = crate::args::as_u64(cards)
        .filter(|m| m >> 52 == 0 && m.count_ones() == 4)
        .ok_or_else(|| bad_pickle("badugi rank"))?;
    let list: Vec<CoreCard> = CardSet(mask).iter().collect();
    BadugiRank::of(&list).map_err(|_| bad_pickle("badugi rank"))
}

/// The badugi batch: rows of four card indices (uint8, shape (n, 4),
/// C-contiguous) to uint16 values on `BadugiRank.value`'s scale. Releases
/// the GIL; Ctrl-C stops a large batch.
#[pyfunction]
#[pyo3(signature = (cards, threads=None))]
pub fn _evaluate_badugi_many<'py>(
    py: Python<'py>,
    cards: PyReadonlyArray2<'py, u8>,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyArray1<u16>>> {
    rows_batch(py, cards, |slice, _width, out, cancel| {
        badugi::evaluate_rows(slice, out, threads, Some(cancel))
    })
}

/// A short-deck hand's rank: stronger compares greater (within one ranking).
#[pyclass(module = "holecards", name = "ShortDeckRank", frozen)]
#[derive(Clone, Copy)]
pub struct ShortDeckRank {
    value: ShortDeckValue,
    ranking: ShortDeckRanking,
    /// The five cards played, most significant first.
    cards: [CoreCard; 5],
}
by_value!(ShortDeckRank);

#[pymethods]
impl ShortDeckRank {
    /// The hand's place in the short-deck order, 1 (the weakest) up; the
    /// scale depends on the ranking (`trips_beat_straight`).
    #[getter]
    fn value(&self) -> u16 {
        self.value.value()
    }

    /// The `Category` under the short-deck rules (A-6-7-8-9 is a straight).
    #[getter]
    fn category(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        crate::enums::member(py, self.value.category())
    }

    /// Whether three of a kind beats a straight in this ranking.
    #[getter]
    fn trips_beat_straight(&self) -> bool {
        self.ranking == ShortDeckRanking::TripsBeatStraight
    }

    /// The five cards that make the hand, most significant first.
    #[getter]
    fn best_five<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, cards_to_py(&self.cards))
    }

    /// A readable name, e.g. "Flush, ace high", "Straight, nine high".
    #[getter]
    fn name(&self) -> String {
        self.value.name()
    }

    fn __str__(&self) -> String {
        self.value.name()
    }

    fn __richcmp__(
        &self,
        other: &Bound<'_, PyAny>,
        op: pyo3::basic::CompareOp,
    ) -> PyResult<Py<PyAny>> {
        compare_within(
            self,
            other,
            op,
            |r: &ShortDeckRank| r.ranking,
            |r| match r {
                ShortDeckRanking::TripsBeatStraight => "short-deck trips-beat-straight",
                ShortDeckRanking::StraightBeatsTrips => "short-deck straight-beats-trips",
            },
        )
    }

    fn __hash__(&self) -> u64 {
        hash_of(&(self.value, self.ranking))
    }

    fn __repr__(&self) -> String {
        format!(
            "<ShortDeckRank {}: {}>",
            self.value.value(),
            self.value.name()
        )
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (u64, bool))> {
        let restore = py
            .import("holecards._core")?
            .getattr("_restore_short_deck_rank")?;
        Ok((
            restore,
            (card_set(&self.cards).0, self.trips_beat_straight()),
        ))
    }
}

fn short_deck_rank(cards: &[CoreCard], trips_beat_straight: bool) -> PyResult<ShortDeckRank> {
    let ranking = if trips_beat_straight {
        ShortDeckRanking::TripsBeatStraight
    } else {
        ShortDeckRanking::StraightBeatsTrips
    };
    let (value, cards) = short_deck::short_deck_best_five(cards, ranking).py()?;
    Ok(ShortDeckRank {
        value,
        ranking,
        cards,
    })
}

/// Evaluates a short-deck (six-plus) hold'em hand of 5, 6 or 7 cards, sixes
/// to aces: a flush beats a full house and A-6-7-8-9 is the lowest
/// straight; `trips_beat_straight` ranks three of a kind above a straight.
#[pyfunction]
#[pyo3(signature = (cards, *, trips_beat_straight=false))]
pub fn evaluate_short_deck(
    cards: &Bound<'_, PyAny>,
    trips_beat_straight: bool,
) -> PyResult<ShortDeckRank> {
    short_deck_rank(&to_cards(cards)?, trips_beat_straight)
}

/// Unpickles a `ShortDeckRank` from its five cards (a bit set), checked.
#[pyfunction]
pub fn _restore_short_deck_rank(
    cards: &Bound<'_, PyAny>,
    trips_beat_straight: bool,
) -> PyResult<ShortDeckRank> {
    let list = five_from_mask(cards, "short-deck rank")?;
    short_deck_rank(&list, trips_beat_straight)
}
