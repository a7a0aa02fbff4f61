//! `Card`, `parse_cards` and `Deck`.
use crate::errors::{card_error, IntoPyResult};
use holecards_core::card::{self, Card as CoreCard};
use holecards_core::deck::{make_rng, Deck as CoreDeck, DeckRng};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};

/// One of the 52 cards: `Card("Ah")` or `Card(50)` (index = rank * 4 + suit).
#[pyclass(module = "holecards", name = "Card", frozen, eq, ord, hash)]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(pub CoreCard);

with_getters!(Card [rank(): u8, suit(): u8, rank_char(): char, suit_char(): char] {
    #[new]
    fn new(value: &Bound<'_, PyAny>) -> PyResult<Card> {
        to_card(value).map(Card)
    }

    fn __int__(&self) -> u8 {
        self.0.index()
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Card('{}')", self.0)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (u8,))> {
        Ok((slf.get_type().into_any(), (slf.get().0.index(),)))
    }
});

/// A card from a `Card`, a string such as `"Ah"`, or an index 0..51.
pub fn to_card(value: &Bound<'_, PyAny>) -> PyResult<CoreCard> {
    if let Ok(c) = value.cast::<Card>() {
        return Ok(c.get().0);
    }
    if let Ok(i) = value.cast::<pyo3::types::PyInt>() {
        if value.is_instance_of::<pyo3::types::PyBool>() {
            return Err(card_error(format!("{} is not a card", value.repr()?)));
        }
        return match i.extract::<u8>() {
            Ok(b) => CoreCard::new(b).py(),
            Err(_) => Err(card_error(format!(
                "{} is not a card: a card index is 0..51",
                value.repr()?
            ))),
        };
    }
    if let Ok(s) = value.cast::<PyString>() {
        return crate::args::text(s, || {
            holecards_core::Error::bad_card("that string is not a card".into())
        })?
        .parse::<CoreCard>()
        .py();
    }
    // Other integers (NumPy scalars and anything with __index__).
    if value.hasattr("__index__")? && !value.is_instance_of::<pyo3::types::PyFloat>() {
        if let Ok(i) = value.call_method0("__index__")?.extract::<i64>() {
            return match u8::try_from(i) {
                Ok(b) => CoreCard::new(b).py(),
                Err(_) => Err(card_error(format!(
                    "{i} is not a card: a card index is 0..51"
                ))),
            };
        }
    }
    Err(card_error(format!(
        "{} is not a card: give a Card, a string like 'Ah' or an index 0..51",
        value.repr()?
    )))
}

/// Cards from a string (`"AhKd"`, `"Ah Kd"`, `"Ah,Kd"`) or an iterable of
/// cards, strings or indices. Duplicates are an error.
pub fn to_cards(value: &Bound<'_, PyAny>) -> PyResult<Vec<CoreCard>> {
    if let Ok(s) = value.cast::<PyString>() {
        return card::parse_cards(&crate::args::text(s, || {
            holecards_core::Error::bad_card("that string is not a list of cards".into())
        })?)
        .py();
    }
    if value.is_instance_of::<pyo3::types::PyBytes>()
        || value.is_instance_of::<pyo3::types::PyByteArray>()
    {
        return Err(card_error(
            "cards cannot be read from bytes: give a string like 'AhKd' or a list of cards".into(),
        ));
    }
    let mut out = Vec::with_capacity(7);
    if let Ok(list) = value.cast::<PyList>() {
        for item in list.iter() {
            out.push(to_card(&item)?);
        }
    } else if let Ok(tuple) = value.cast::<PyTuple>() {
        for item in tuple.iter() {
            out.push(to_card(&item)?);
        }
    } else {
        let iter = value.try_iter().map_err(|_| {
            card_error(format!(
                "cannot read cards from {}: give a string like 'AhKd' or an iterable of cards",
                value
                    .get_type()
                    .name()
                    .map(|n| n.to_string())
                    .unwrap_or_default()
            ))
        })?;
        // (53 read at most: more than a deck holds a card twice, which is
        // refused below, however long the iterator)
        for item in iter.take(53) {
            out.push(to_card(&item?)?);
        }
    }
    card::check_distinct(&out).py()?;
    Ok(out)
}

/// The 52 `Card` objects, made once: the cards handed to Python share them
/// (a `Card` cannot change), so that a list of cards costs no allocation
/// per card.
static CARD_OBJECTS: pyo3::sync::PyOnceLock<Vec<Py<Card>>> = pyo3::sync::PyOnceLock::new();

/// A card on its way to Python: the shared `Card` object for it.
#[derive(Clone, Copy)]
pub struct CardObj(pub CoreCard);

impl<'py> IntoPyObject<'py> for CardObj {
    type Target = Card;
    type Output = Bound<'py, Card>;
    type Error = PyErr;

    fn into_pyobject(self, py: Python<'py>) -> PyResult<Bound<'py, Card>> {
        let all = CARD_OBJECTS.get_or_try_init(py, || {
            (0..52u8)
                .map(|i| Py::new(py, Card(CoreCard::new(i).py()?)))
                .collect::<PyResult<Vec<_>>>()
        })?;
        match all.get(self.0.index() as usize) {
            Some(c) => Ok(c.bind(py).clone()),
            None => Bound::new(py, Card(self.0)),
        }
    }
}

/// Cards for Python (a list, or a tuple through `PyTuple::new`).
pub fn cards_to_py(cards: &[CoreCard]) -> Vec<CardObj> {
    cards.iter().map(|&c| CardObj(c)).collect()
}

/// Parses `"AhKd7c"`, `"Ah Kd 7c"`, `"Ah,Kd"`, `"10h"` (either case) into a
/// list of cards; duplicates are an error.
#[pyfunction]
pub fn parse_cards(text: &Bound<'_, PyAny>) -> PyResult<Vec<CardObj>> {
    let Ok(s) = text.cast::<PyString>() else {
        return Err(card_error(format!(
            "parse_cards takes a string like 'AhKd', not {}",
            text.repr()?
        )));
    };
    let t = crate::args::text(s, || {
        holecards_core::Error::bad_card("that string is not a list of cards".into())
    })?;
    Ok(cards_to_py(&card::parse_cards(&t).py()?))
}

/// A shuffled deck. Without a seed it is shuffled by a ChaCha20 generator
/// seeded from the operating system; with one, reproducibly.
#[pyclass(module = "holecards", name = "Deck")]
pub struct Deck {
    deck: CoreDeck,
    rng: DeckRng,
}

#[pymethods]
impl Deck {
    #[new]
    #[pyo3(signature = (seed=None))]
    fn new(#[pyo3(from_py_with = crate::args::seed_arg)] seed: Option<u64>) -> PyResult<Deck> {
        let mut rng = make_rng(seed);
        let deck = CoreDeck::shuffled(&mut rng);
        Ok(Deck { deck, rng })
    }

    /// Deals `n` cards off the top.
    #[pyo3(signature = (n=None), text_signature = "(self, n=1)")]
    fn deal(&mut self, n: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<CardObj>> {
        let Some(n) = n else {
            return Ok(cards_to_py(&self.deck.deal(1).py()?));
        };
        let count = crate::args::as_u64(n).and_then(|v| usize::try_from(v).ok());
        let Some(count) = count else {
            return Err(crate::errors::to_py(holecards_core::Error::config(
                "n",
                format!(
                    "cannot deal {} cards: give a whole number from 0 to {}",
                    n.repr()?,
                    self.deck.len()
                ),
            )));
        };
        Ok(cards_to_py(&self.deck.deal(count).py()?))
    }

    /// Puts every card back and shuffles again (continuing the generator).
    fn shuffle(&mut self) {
        self.deck = CoreDeck::shuffled(&mut self.rng);
    }

    /// The cards still in the deck, top first.
    fn remaining(&self) -> Vec<CardObj> {
        cards_to_py(&self.deck.remaining())
    }

    fn __len__(&self) -> usize {
        self.deck.len()
    }

    fn __repr__(&self) -> String {
        format!("<Deck: {} cards left>", self.deck.len())
    }
}
