//! The exception classes of holecards, declared here (exported by `_core`,
//! re-exported by `holecards.errors`), and the mapping of the engine's
//! `Error` onto them, done once. `HolecardsError` is a PyO3 exception; the
//! others are built at module init with Python's `type()` because most
//! need two bases (`HolecardsError` and `ValueError`). Each error's
//! structured part (the reason and legal actions of a refused move, the
//! field of a bad option, the cause of an equity error...) becomes
//! attributes.
use holecards_core::{Error, ErrorKind};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyTuple, PyType};

pyo3::create_exception!(
    holecards.errors,
    HolecardsError,
    pyo3::exceptions::PyException,
    "Base class of every holecards error."
);

/// The classes below `HolecardsError`, in the order of [`CLASSES`].
#[derive(Copy, Clone)]
enum Class {
    Card = 0,
    DuplicateCard,
    Config,
    IllegalAction,
    State,
    NoCardsLeft,
    HandHistory,
    UnsupportedVariant,
    Range,
    Equity,
}

/// One class: its name, its bases (`HolecardsError`, an earlier class of
/// this table, or a builtin exception), the attributes it carries
/// (`None` unless the error sets them) and its docstring.
struct Spec {
    name: &'static str,
    bases: &'static [&'static str],
    attrs: &'static [&'static str],
    doc: &'static str,
}

const SPECS: [Spec; 11] = [
    Spec {
        name: "CardError",
        bases: &["HolecardsError", "ValueError"],
        attrs: &["token", "field"],
        doc: "Something that is not a card, or the wrong number of cards. ``token`` is the \
              text (or number) that is not a card, where one is; ``field`` the argument whose \
              cards are wrong (``\"board\"``, ``\"hole_cards\"``), where known.",
    },
    Spec {
        name: "DuplicateCardError",
        bases: &["CardError"],
        attrs: &["card"],
        doc: "The same card twice in one hand or deal; ``card`` is that card.",
    },
    Spec {
        name: "ConfigError",
        bases: &["HolecardsError", "ValueError"],
        attrs: &["field"],
        doc: "A configuration that cannot be played: rules, stacks, seats, options. \
              ``field`` names the argument or option at fault (``\"big_blind\"``, \
              ``\"stacks\"``, ``\"threads\"``) where the problem is one field's, else ``None``.",
    },
    Spec {
        name: "IllegalActionError",
        bases: &["HolecardsError", "ValueError"],
        attrs: &["reason", "legal", "seat"],
        doc: "A move the rules forbid in this state; the message gives the legal range.\n\n\
              ``reason`` says why (an :class:`~holecards.IllegalReason`), ``legal`` is\n\
              the :class:`~holecards.LegalActions` at that moment (``None`` once the\n\
              hand is over) and ``seat`` the seat to act. The hand is left unchanged.",
    },
    Spec {
        name: "StateError",
        bases: &["ConfigError"],
        attrs: &[],
        doc: "Saved state (a pickle) that is corrupt or from another version.",
    },
    Spec {
        name: "NoCardsLeftError",
        bases: &["ConfigError"],
        attrs: &["wanted", "left"],
        doc: "More cards asked for than are left in the deck: ``wanted`` cards, ``left`` left.",
    },
    Spec {
        name: "HandHistoryError",
        bases: &["HolecardsError", "ValueError"],
        attrs: &["location", "index", "action", "reason", "legal"],
        doc: "A hand history that cannot be read or replayed. The message names the file (and \
              the ``[table]`` of a ``.phhs``) and the problem; ``location`` is that file (and \
              table) where known. For an action that cannot be played: ``index`` (its position \
              in ``actions``), ``action`` (its text), and when the engine refused the move \
              ``reason`` and ``legal`` as on :class:`IllegalActionError`.",
    },
    Spec {
        name: "UnsupportedVariantError",
        bases: &["HandHistoryError"],
        attrs: &["variant"],
        doc: "A hand history of a variant holecards does not play; ``variant`` is its code.",
    },
    Spec {
        name: "RangeError",
        bases: &["HolecardsError", "ValueError"],
        attrs: &["text", "position", "token"],
        doc: "Text that is not a hand range. ``text`` is the whole text, ``token`` the piece \
              that is wrong and ``position`` where it starts (in characters from 0), so \
              ``text[position:position + len(token)] == token``.",
    },
    Spec {
        name: "EquityError",
        bases: &["HolecardsError", "ValueError"],
        attrs: &["cause", "player"],
        doc: "An equity question that cannot be answered as asked. ``cause`` says which, as a \
              string: ``\"players\"`` (too few or too many players), ``\"invalid_range\"`` (a \
              range with no combination, or a weight outside (0, 1]), ``\"empty_range\"`` (a \
              range left empty by the known cards), ``\"no_deal\"`` (no deal without a shared \
              card), ``\"no_sample\"`` (Monte Carlo found no such deal), ``\"too_large\"`` (an \
              exact enumeration too large: the message gives the count and suggests \
              ``trials``), ``\"trials\"`` (``trials`` or ``target_std_error`` out of range) or \
              ``\"other\"``. ``player`` is the player concerned (0-based), where one is.",
    },
    Spec {
        name: "InUseError",
        bases: &["HolecardsError", "RuntimeError"],
        attrs: &[],
        doc: "An object that one thread is using, called from another at the same time (a \
              :class:`~holecards.env.VectorEnv` stepped from two threads). Such an object is \
              used by one thread at a time; nothing was changed.",
    },
];

static CLASSES: PyOnceLock<Vec<Py<PyType>>> = PyOnceLock::new();

fn build_classes(py: Python<'_>) -> PyResult<Vec<Py<PyType>>> {
    let builtins = py.import("builtins")?;
    let type_ = builtins.getattr("type")?;
    let mut built: Vec<Py<PyType>> = Vec::with_capacity(SPECS.len());
    for spec in &SPECS {
        let bases = spec
            .bases
            .iter()
            .map(|b| match SPECS.iter().position(|s| s.name == *b) {
                Some(i) => Ok(built[i].bind(py).clone().into_any()),
                None if *b == "HolecardsError" => Ok(py.get_type::<HolecardsError>().into_any()),
                None => builtins.getattr(*b),
            })
            .collect::<PyResult<Vec<_>>>()?;
        let ns = PyDict::new(py);
        ns.set_item("__doc__", spec.doc)?;
        ns.set_item("__module__", "holecards.errors")?;
        for a in spec.attrs {
            ns.set_item(*a, py.None())?;
        }
        let cls = type_.call1((spec.name, PyTuple::new(py, bases)?, ns))?;
        built.push(cls.cast_into::<PyType>()?.unbind());
    }
    Ok(built)
}

fn classes(py: Python<'_>) -> PyResult<&Vec<Py<PyType>>> {
    CLASSES.get_or_try_init(py, || build_classes(py))
}

/// Adds `HolecardsError` and every class below it to the module.
pub fn add_to(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("HolecardsError", py.get_type::<HolecardsError>())?;
    for (spec, cls) in SPECS.iter().zip(classes(py)?) {
        m.add(spec.name, cls.bind(py))?;
    }
    Ok(())
}

fn class_of(err: &Error) -> Class {
    use ErrorKind as Error;
    match err.kind() {
        Error::BadCard(_) | Error::BadCards(_) => Class::Card,
        Error::DuplicateCard { .. } => Class::DuplicateCard,
        Error::BadConfig(_) => Class::Config,
        Error::IllegalAction(_) => Class::IllegalAction,
        Error::CorruptState(_) => Class::State,
        Error::NoCardsLeft { .. } => Class::NoCardsLeft,
        Error::BadHistory(_) | Error::Replay(_) => Class::HandHistory,
        Error::UnsupportedVariant(_) => Class::UnsupportedVariant,
        Error::BadRange(_) => Class::Range,
        // Interrupted becomes KeyboardInterrupt where it can happen (equity).
        Error::Equity(_) | Error::Interrupted => Class::Equity,
    }
}

fn build(py: Python<'_>, err: Error) -> PyResult<PyErr> {
    use crate::enums::member;
    use crate::game::LegalActions;
    let cls = classes(py)?[class_of(&err) as usize].bind(py).clone();
    let exc = cls.call1((err.to_string(),))?;
    match err.kind() {
        ErrorKind::IllegalAction(a) => {
            exc.setattr("reason", member(py, a.reason)?)?;
            exc.setattr("legal", a.legal.map(LegalActions))?;
            exc.setattr("seat", a.seat)?;
        }
        ErrorKind::Replay(r) => {
            exc.setattr("location", &r.location)?;
            exc.setattr("index", r.index)?;
            exc.setattr("action", &r.action)?;
            let reason = r.reason.map(|x| member(py, x)).transpose()?;
            exc.setattr("reason", reason)?;
            exc.setattr("legal", r.legal.map(LegalActions))?;
        }
        ErrorKind::UnsupportedVariant(u) => {
            exc.setattr("variant", &u.variant)?;
            exc.setattr("location", &u.location)?;
        }
        ErrorKind::BadRange(r) => {
            exc.setattr("text", &r.text)?;
            exc.setattr("position", r.position)?;
            exc.setattr("token", &r.token)?;
        }
        ErrorKind::DuplicateCard { card, .. } => {
            exc.setattr("card", crate::cards::Card(*card))?;
        }
        ErrorKind::BadCard(c) => exc.setattr("token", &c.token)?,
        ErrorKind::BadCards(b) | ErrorKind::BadConfig(b) => exc.setattr("field", &b.field)?,
        ErrorKind::BadHistory(h) => exc.setattr("location", &h.location)?,
        ErrorKind::Equity(e) => {
            exc.setattr("cause", e.cause.name())?;
            exc.setattr("player", e.player)?;
        }
        ErrorKind::NoCardsLeft { wanted, left } => {
            exc.setattr("wanted", wanted)?;
            exc.setattr("left", left)?;
        }
        ErrorKind::CorruptState(_) | ErrorKind::Interrupted => {}
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
