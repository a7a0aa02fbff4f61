//! `Range`: a weighted hand range in poker notation.
use crate::cards::{to_card, to_cards, CardObj};
use crate::errors::{to_py, IntoPyResult};
use holecards_core::card::{Card as CoreCard, CardSet};
use holecards_core::range::{self as range, Range as CoreRange};
use pyo3::prelude::*;
use pyo3::types::PyString;

/// A weighted hand range: `Range("QQ+, AKs, A5s-A2s:0.5, [40]KQo[/40], 15%")`.
/// Each combo has a weight in (0, 1]; `str()` gives the shortest notation,
/// which reads back to an equal range. The grammar is in `docs/ranges.md`.
#[pyclass(module = "holecards", name = "Range", frozen, eq)]
#[derive(Clone, PartialEq)]
pub struct Range(pub CoreRange);

fn text_of(s: &Bound<'_, PyString>) -> PyResult<String> {
    crate::args::text(s, range::not_text)
}

/// Two cards from a string (`"AhKh"`) or an iterable of two cards.
fn to_combo(value: &Bound<'_, PyAny>) -> PyResult<[CoreCard; 2]> {
    range::combo_of(&to_cards(value)?).py()
}

/// The most `(card, card, weight)` entries `Range.from_combos` reads.
const MAX_COMBOS_GIVEN: usize = 100_000;

#[pymethods]
impl Range {
    #[new]
    fn new(value: &Bound<'_, PyAny>) -> PyResult<Range> {
        if let Ok(r) = value.cast::<Range>() {
            return Ok(r.get().clone());
        }
        let Ok(s) = value.cast::<PyString>() else {
            return Err(to_py(range::not_a_range(&value.repr()?.to_string())));
        };
        CoreRange::parse(&text_of(s)?).py().map(Range)
    }

    /// Every one of the 1326 combos, weight 1 (`random`).
    #[staticmethod]
    fn all() -> Range {
        Range(CoreRange::all())
    }

    /// A range from `(card, card, weight)` triples, as `combos()` gives them
    /// (cards as `Card`, text or index; weights from 0 to 1, 0 leaving the
    /// combo out; a combo given twice takes its later weight).
    #[staticmethod]
    fn from_combos(combos: &Bound<'_, PyAny>) -> PyResult<Range> {
        let mut out = Vec::new();
        for (i, item) in combos.try_iter()?.enumerate() {
            // (1,326 combos exist; a combo given again keeps its last
            // weight, but not without end)
            if i >= MAX_COMBOS_GIVEN {
                return Err(to_py(holecards_core::Error::bad_config(format!(
                    "more than {MAX_COMBOS_GIVEN} combos given (1326 exist)"
                ))));
            }
            let item = item?;
            let (a, b, w): (Bound<'_, PyAny>, Bound<'_, PyAny>, f64) =
                item.extract().map_err(|_| {
                    let given = item.repr().map(|r| r.to_string()).unwrap_or_default();
                    to_py(range::not_a_combo(&given))
                })?;
            out.push(([to_card(&a)?, to_card(&b)?], w));
        }
        CoreRange::from_combos(out).py().map(Range)
    }

    /// The combos, each as (higher card, lower card, weight), in a fixed order.
    fn combos(&self) -> Vec<(CardObj, CardObj, f64)> {
        self.0
            .combos()
            .iter()
            .map(|&([a, b], w)| (CardObj(a), CardObj(b), w))
            .collect()
    }

    /// The weight of a combo (`"AhKh"` or two cards, either order); 0 when
    /// it is not in the range.
    fn weight(&self, combo: &Bound<'_, PyAny>) -> PyResult<f64> {
        Ok(self.0.weight_of(to_combo(combo)?))
    }

    /// The sum of the weights.
    #[getter]
    fn total_weight(&self) -> f64 {
        self.0.total_weight()
    }

    /// A new range without the combos that hold one of `cards` (a string
    /// like `"AhKd7c"` or an iterable of cards).
    fn without(&self, cards: &Bound<'_, PyAny>) -> PyResult<Range> {
        let mut dead = CardSet::default();
        for c in to_cards(cards)? {
            dead.insert(c);
        }
        Ok(Range(self.0.without(dead)))
    }

    /// Whether a combo (`"AhKh"` or two cards, either order) is in the
    /// range (has a weight above 0).
    fn __contains__(&self, combo: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.0.weight_of(to_combo(combo)?) > 0.0)
    }

    fn __len__(&self) -> usize {
        self.0.len()
    }

    fn __iter__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        Ok(self
            .combos()
            .into_pyobject(py)?
            .try_iter()?
            .into_any()
            .unbind())
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Range('{}')", self.0)
    }

    /// Pickled as its text, which keeps every weight exactly.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        Ok((slf.get_type().into_any(), (slf.get().0.to_string(),)))
    }
}

/// An Omaha range in the generic notation PLO players use:
/// `OmahaRange("AAxx, KQJTds, AA**:ds:0.5", game="omaha")`. Tokens are ranks,
/// cards (`As`) or `x` / `*` (any card), as many as the game deals; a suit
/// qualifier (`ds`, `ss`, `r`) and a weight (`:0.5`) may follow; the grammar
/// is in `docs/ranges.md`. Expanded once into its hands.
#[pyclass(module = "holecards", name = "OmahaRange", frozen)]
#[derive(Clone)]
pub struct OmahaRange {
    pub range: std::sync::Arc<holecards_core::range::omaha::OmahaRange>,
    text: String,
    game: holecards_core::game::Game,
}

#[pymethods]
impl OmahaRange {
    #[new]
    #[pyo3(signature = (text, game=None), text_signature = "(text, game='omaha')")]
    fn new(
        py: Python<'_>,
        text: &Bound<'_, PyAny>,
        game: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<OmahaRange> {
        let game = match game.filter(|g| !g.is_none()) {
            None => holecards_core::game::Game::omaha(4).py()?,
            Some(g) => crate::game::game_arg(Some(g))?,
        };
        let Ok(s) = text.cast::<PyString>() else {
            return Err(to_py(range::not_a_range(&text.repr()?.to_string())));
        };
        let text = text_of(s)?;
        let parsed = py
            .detach(|| holecards_core::range::omaha::OmahaRange::parse(&text, game))
            .py()?;
        Ok(OmahaRange {
            range: std::sync::Arc::new(parsed),
            text,
            game,
        })
    }
    /// The text it was read from.
    #[getter]
    fn text(&self) -> &str {
        &self.text
    }
    /// The game whose hands it holds.
    #[getter]
    fn game(&self) -> crate::game::Game {
        crate::game::Game(self.game)
    }
    /// How many hands.
    fn __len__(&self) -> usize {
        self.range.len()
    }
    /// The weight of a hand (0 when it is not in the range).
    fn weight(&self, cards: &Bound<'_, PyAny>) -> PyResult<f64> {
        Ok(self.range.weight_of(&to_cards(cards)?))
    }
    fn __contains__(&self, cards: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.weight(cards)? > 0.0)
    }
    /// Every hand with its weight, in card order.
    fn hands(&self) -> Vec<(Vec<CardObj>, f64)> {
        (0..self.range.len())
            .filter_map(|i| self.range.hand(i))
            .map(|(c, w)| (c.iter().map(|&c| CardObj(c)).collect(), w))
            .collect()
    }
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let text = PyString::new(py, &self.text).repr()?;
        Ok(format!("OmahaRange({text}, game='{}')", self.game.code()))
    }
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String, String))> {
        Ok((
            py.import("holecards._core")?.getattr("OmahaRange")?,
            (self.text.clone(), self.game.code()),
        ))
    }
}
