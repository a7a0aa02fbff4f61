//! Simulations between built-in bots: conversions only (the engine's
//! holecards_core::sim plays them, with the GIL released).
use crate::equity::supervise;
use crate::errors::to_py;
use crate::game::Rules;
use holecards_core::equity::Control;
use holecards_core::sim::{BotKind, CashSim, TournamentSim};
use holecards_core::table::tournament::Level;
use holecards_core::Error;
use pyo3::prelude::*;

fn config(msg: String) -> PyErr {
    to_py(Error::bad_config(msg))
}

fn bots_of(names: &[String]) -> PyResult<Vec<BotKind>> {
    names
        .iter()
        .map(|n| {
            BotKind::from_name(n)
                .ok_or_else(|| config(format!("no built-in bot is called {n:?}: the built-in bots are {}", BotKind::ALL.iter().map(|b| format!("'{}'", b.name())).collect::<Vec<_>>().join(", "))))
        })
        .collect()
}

/// The built-in bots' names.
#[pyfunction]
pub fn _sim_bot_names() -> Vec<&'static str> {
    BotKind::ALL.iter().map(|b| b.name()).collect()
}

/// Cash hands between built-in bots, chunks `start..end` (all by default):
/// `(hands, net, net_squared)` per seat, integers.
#[pyfunction]
#[pyo3(signature = (rules, stacks, bots, hands, seed, threads=None, start=None, end=None, progress=None))]
#[allow(clippy::too_many_arguments)]
pub fn _sim_cash(
    py: Python<'_>,
    rules: PyRef<'_, Rules>,
    stacks: Vec<u64>,
    bots: Vec<String>,
    hands: u64,
    seed: u64,
    threads: Option<&Bound<'_, PyAny>>,
    start: Option<u64>,
    end: Option<u64>,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<(u64, Vec<i128>, Vec<u128>)> {
    let threads = crate::args::threads(threads)?;
    let sim = CashSim { rules: rules.0.clone(), stacks, bots: bots_of(&bots)?, hands, seed };
    let range = start.unwrap_or(0)..end.unwrap_or(sim.chunks()).min(sim.chunks());
    let control = Control::new();
    let t = supervise(py, progress, &control, hands < 20_000, || sim.run_range(range, threads, Some(&control)))?;
    Ok((t.hands, t.net, t.net_squared))
}

/// The number of chunks a cash simulation of `hands` is cut into.
#[pyfunction]
pub fn _sim_cash_chunks(hands: u64) -> u64 {
    hands.div_ceil(holecards_core::sim::CHUNK_HANDS)
}

/// Tournaments between built-in bots, `start..end` of them: `(tournaments,
/// hands, places[seat][place], prizes, prizes_squared)`.
#[pyfunction]
#[pyo3(signature = (structure, levels, hands_per_level, stacks, payouts, bots, tournaments, seed, threads=None, start=None, end=None, max_hands=1_000_000, progress=None))]
#[allow(clippy::too_many_arguments)]
pub fn _sim_tournaments(
    py: Python<'_>,
    structure: u8,
    levels: Vec<(u64, u64, u64, u64)>,
    hands_per_level: u32,
    stacks: Vec<u64>,
    payouts: Vec<u64>,
    bots: Vec<String>,
    tournaments: u64,
    seed: u64,
    threads: Option<&Bound<'_, PyAny>>,
    start: Option<u64>,
    end: Option<u64>,
    max_hands: u64,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<(u64, u64, Vec<Vec<u64>>, Vec<u128>, Vec<u128>)> {
    let threads = crate::args::threads(threads)?;
    // (Progressive Hold'em, which has no blind levels, the engine refuses.)
    let structure = holecards_core::game::Structure::from_u8(structure).ok_or_else(|| config(format!("{structure} is not a betting structure")))?;
    let levels = levels.into_iter().map(|(small_blind, big_blind, ante, big_blind_ante)| Level { small_blind, big_blind, ante, big_blind_ante }).collect();
    let sim = TournamentSim { structure, levels, hands_per_level, stacks, payouts, bots: bots_of(&bots)?, tournaments, seed, max_hands };
    let range = start.unwrap_or(0)..end.unwrap_or(tournaments).min(tournaments);
    let control = Control::new();
    let t = supervise(py, progress, &control, tournaments < 4, || sim.run_range(range, threads, Some(&control)))?;
    Ok((t.tournaments, t.hands, t.places, t.prizes, t.prizes_squared))
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
    fn new(name: &str, seed: Option<&Bound<'_, PyAny>>) -> PyResult<BuiltinBot> {
        let kind = bots_of(&[name.to_string()])?[0];
        let seed = crate::cards::seed_from_py(seed)?.unwrap_or_else(holecards_core::deck::entropy_seed);
        Ok(BuiltinBot { kind, rng: holecards_core::sim::bots::bot_rng(seed) })
    }
    #[getter]
    fn name(&self) -> &'static str {
        self.kind.name()
    }
    fn __call__(&mut self, view: PyRef<'_, crate::game::SeatView>) -> PyResult<(&'static str, u64)> {
        let obs = holecards_core::sim::Observation::of_view(&view.0).ok_or_else(|| config("the bot was asked to act for a seat that is not to act (give it the view of the seat to act)".into()))?;
        Ok(match self.kind.act(&obs, &mut self.rng) {
            holecards_core::game::Move::Fold => ("fold", 0),
            holecards_core::game::Move::Check => ("check", 0),
            holecards_core::game::Move::Call | holecards_core::game::Move::CheckOrCall => ("call", 0),
            holecards_core::game::Move::BetOrRaiseTo(x) => ("raise", x),
        })
    }
    fn __repr__(&self) -> String {
        format!("BuiltinBot('{}')", self.kind.name())
    }
}
