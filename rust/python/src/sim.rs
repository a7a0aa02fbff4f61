//! Simulations between built-in bots: conversions only (the engine's
//! holecards_core::sim plays them, with the GIL released).
use crate::equity::supervise;
use crate::errors::{to_py, IntoPyResult};
use crate::game::Rules;
use holecards_core::equity::Control;
use holecards_core::sim::{BotKind, CashSim, TournamentSim, U256};
use holecards_core::table::tournament::Level;
use holecards_core::Error;
use pyo3::prelude::*;

fn config(msg: String) -> PyErr {
    to_py(Error::bad_config(msg))
}

fn bots_of(names: &[String]) -> PyResult<Vec<BotKind>> {
    names.iter().map(|n| BotKind::parse(n).py()).collect()
}

/// The built-in bots' names.
#[pyfunction]
pub fn _sim_bot_names() -> Vec<&'static str> {
    BotKind::ALL.iter().map(|b| b.name()).collect()
}

/// A 256-bit sum of squares as a Python int.
fn wide<'py>(py: Python<'py>, x: U256) -> PyResult<Bound<'py, PyAny>> {
    let hi = x.hi.into_pyobject(py)?;
    hi.call_method1("__lshift__", (128,))?
        .call_method1("__or__", (x.lo,))
}

fn wide_list<'py>(py: Python<'py>, v: &[U256]) -> PyResult<Vec<Bound<'py, PyAny>>> {
    v.iter().map(|&x| wide(py, x)).collect()
}

/// `start` and `end` (chunk numbers): `None` for the first and past the last.
fn chunk_range(
    start: Option<&Bound<'_, PyAny>>,
    end: Option<&Bound<'_, PyAny>>,
    chunks: u64,
) -> PyResult<std::ops::Range<u64>> {
    let arg =
        |v: Option<&Bound<'_, PyAny>>, name: &str, default: u64| match v.filter(|v| !v.is_none()) {
            Some(v) => crate::args::int_in(v, name, 0, u64::MAX),
            None => Ok(default),
        };
    Ok(arg(start, "start", 0)?..arg(end, "end", chunks)?.min(chunks))
}

/// Cash hands between built-in bots, chunks `start..end` (all by default):
/// `(hands, net, net_squared)` per seat, integers.
#[pyfunction]
#[pyo3(signature = (rules, stacks, bots, hands, seed, threads=None, start=None, end=None, progress=None))]
#[allow(clippy::too_many_arguments)]
pub fn _sim_cash<'py>(
    py: Python<'py>,
    rules: PyRef<'_, Rules>,
    #[pyo3(from_py_with = crate::args::stacks_arg)] stacks: Vec<u64>,
    bots: Vec<String>,
    hands: &Bound<'_, PyAny>,
    #[pyo3(from_py_with = crate::args::given_seed_arg)] seed: u64,
    #[pyo3(from_py_with = crate::args::threads_arg)] threads: Option<usize>,
    start: Option<&Bound<'_, PyAny>>,
    end: Option<&Bound<'_, PyAny>>,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<(u64, Vec<i128>, Vec<Bound<'py, PyAny>>)> {
    let hands = crate::args::int_in(hands, "hands", 1, u64::MAX)?;
    let sim = CashSim {
        rules: rules.0.clone(),
        stacks,
        bots: bots_of(&bots)?,
        hands,
        seed,
    };
    let range = chunk_range(start, end, sim.chunks())?;
    let control = Control::new();
    let t = supervise(py, progress, &control, sim.is_quick(), || {
        sim.run_range(range, threads, Some(&control))
    })?;
    Ok((t.hands, t.net, wide_list(py, &t.net_squared)?))
}

/// The number of chunks a cash simulation of `hands` is cut into.
#[pyfunction]
pub fn _sim_cash_chunks(hands: &Bound<'_, PyAny>) -> PyResult<u64> {
    Ok(
        crate::args::int_in(hands, "hands", 1, u64::MAX)?
            .div_ceil(holecards_core::sim::CHUNK_HANDS),
    )
}

/// Levels as `(small blind, big blind, ante, big blind ante[, bring-in])`
/// integers.
fn levels_of(levels: &Bound<'_, PyAny>) -> PyResult<Vec<Level>> {
    let bad = || {
        config(format!("levels must be a list of (small blind, big blind, ante, big blind ante[, bring-in]) integers from 0 to 2**64-1, not {}", crate::args::short_repr(levels)))
    };
    let Ok(items) = levels.try_iter() else {
        return Err(bad());
    };
    let mut out = Vec::new();
    for item in items {
        let v = crate::args::ints_in(&item.map_err(|_| bad())?, "levels", 0, u64::MAX)
            .map_err(|_| bad())?;
        let (small_blind, big_blind, ante, big_blind_ante, bring_in) = match v[..] {
            [a, b, c, d] => (a, b, c, d, 0),
            [a, b, c, d, e] => (a, b, c, d, e),
            _ => return Err(bad()),
        };
        out.push(Level {
            small_blind,
            big_blind,
            ante,
            big_blind_ante,
            bring_in,
        });
    }
    Ok(out)
}

/// `(tournaments, hands, places[seat][place], prizes, prizes_squared)`.
type TournamentTotals<'py> = (u64, u128, Vec<Vec<u64>>, Vec<u128>, Vec<Bound<'py, PyAny>>);

/// Tournaments between built-in bots, `start..end` of them: `(tournaments,
/// hands, places[seat][place], prizes, prizes_squared)`.
#[pyfunction]
#[pyo3(signature = (structure, levels, hands_per_level, stacks, payouts, bots, tournaments, seed, threads=None, start=None, end=None, max_hands=None, progress=None, game=None, mix=None, rotation=None))]
#[allow(clippy::too_many_arguments)]
pub fn _sim_tournaments<'py>(
    py: Python<'py>,
    structure: &Bound<'_, PyAny>,
    levels: &Bound<'_, PyAny>,
    hands_per_level: &Bound<'_, PyAny>,
    #[pyo3(from_py_with = crate::args::stacks_arg)] stacks: Vec<u64>,
    payouts: &Bound<'_, PyAny>,
    bots: Vec<String>,
    tournaments: &Bound<'_, PyAny>,
    #[pyo3(from_py_with = crate::args::given_seed_arg)] seed: u64,
    #[pyo3(from_py_with = crate::args::threads_arg)] threads: Option<usize>,
    start: Option<&Bound<'_, PyAny>>,
    end: Option<&Bound<'_, PyAny>>,
    max_hands: Option<&Bound<'_, PyAny>>,
    progress: Option<&Bound<'_, PyAny>>,
    game: Option<&Bound<'_, PyAny>>,
    mix: Option<&Bound<'_, PyAny>>,
    rotation: Option<&Bound<'_, PyAny>>,
) -> PyResult<TournamentTotals<'py>> {
    let game = crate::game::game_arg(game)?;
    let mix = crate::table::mix_arg(mix)?;
    let rotation = crate::table::rotation_arg(rotation)?;
    // (Progressive Hold'em, which has no blind levels, the engine refuses.)
    let code = crate::args::int_in(structure, "structure", 0, 255)?;
    let structure = holecards_core::game::Structure::from_u8(code as u8)
        .ok_or_else(|| config(format!("{code} is not a betting structure")))?;
    let levels = levels_of(levels)?;
    let hands_per_level =
        crate::args::int_in(hands_per_level, "hands_per_level", 1, u32::MAX as u64)? as u32;
    let payouts = crate::args::ints_in(payouts, "payouts", 0, u64::MAX)?;
    let tournaments = crate::args::int_in(tournaments, "tournaments", 1, u64::MAX)?;
    let max_hands = match max_hands.filter(|m| !m.is_none()) {
        Some(m) => crate::args::int_in(m, "max_hands", 1, u64::MAX)?,
        None => TournamentSim::DEFAULT_MAX_HANDS,
    };
    let sim = TournamentSim {
        structure,
        game,
        mix,
        rotation,
        levels,
        hands_per_level,
        stacks,
        payouts,
        bots: bots_of(&bots)?,
        tournaments,
        seed,
        max_hands,
    };
    let range = chunk_range(start, end, tournaments)?;
    let control = Control::new();
    let t = supervise(py, progress, &control, sim.is_quick(), || {
        sim.run_range(range, threads, Some(&control))
    })?;
    Ok((
        t.tournaments,
        t.hands,
        t.places,
        t.prizes,
        wide_list(py, &t.prizes_squared)?,
    ))
}

/// A built-in bot as a Python bot: called with the `SeatView` of the seat
/// to act, it answers `("fold", 0)`, `("check", 0)`, `("call", 0)` or
/// `("raise", amount)`, drawing from its own seeded generator.
#[pyclass(module = "holecards", name = "BuiltinBot")]
pub struct BuiltinBot {
    kind: BotKind,
    rng: holecards_core::sim::BotRng,
}

#[pymethods]
impl BuiltinBot {
    #[new]
    #[pyo3(signature = (name, seed=None))]
    fn new(
        name: &str,
        #[pyo3(from_py_with = crate::args::seed_arg)] seed: Option<u64>,
    ) -> PyResult<BuiltinBot> {
        let kind = bots_of(&[name.to_string()])?[0];
        let seed = seed.unwrap_or_else(holecards_core::deck::entropy_seed);
        Ok(BuiltinBot {
            kind,
            rng: holecards_core::sim::bots::bot_rng(seed),
        })
    }
    #[getter]
    fn name(&self) -> &'static str {
        self.kind.name()
    }
    /// The bot's answer: (move, amount), or in a draw ('discard', cards).
    fn __call__<'py>(
        &mut self,
        py: Python<'py>,
        view: PyRef<'_, crate::game::SeatView>,
    ) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        let obs = holecards_core::sim::Observation::of_view(&view.0).ok_or_else(|| config("the bot was asked to act for a seat that is not to act (give it the view of the seat to act)".into()))?;
        let mv = self.kind.act(&obs, &mut self.rng);
        match mv {
            holecards_core::game::Move::Discard(set) => {
                let cards: Vec<crate::cards::Card> = set.iter().map(crate::cards::Card).collect();
                pyo3::types::PyTuple::new(
                    py,
                    [
                        mv.name().into_pyobject(py)?.into_any(),
                        cards.into_pyobject(py)?.into_any(),
                    ],
                )
            }
            _ => pyo3::types::PyTuple::new(
                py,
                [
                    mv.name().into_pyobject(py)?.into_any(),
                    mv.amount().into_pyobject(py)?.into_any(),
                ],
            ),
        }
    }
    fn __repr__(&self) -> String {
        format!("BuiltinBot('{}')", self.kind.name())
    }
}
