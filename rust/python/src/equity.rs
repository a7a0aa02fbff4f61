//! Equity: arguments converted, the engine run without the GIL on a worker
//! thread while this thread, holding the GIL a moment every 50 ms, reports
//! progress to the callback and watches for Ctrl-C (which cancels the
//! engine and raises KeyboardInterrupt).
use crate::errors::{to_py, IntoPyResult};
use holecards_core::equity::{self as eq, BadArgument, Control, Holding, Method};
use holecards_core::{Card as CoreCard, ErrorKind};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use std::sync::atomic::Ordering;
use std::time::Duration;

/// The answer of `holecards.equity`.
#[pyclass(module = "holecards", name = "EquityResult", frozen)]
#[derive(Clone)]
pub struct EquityResult {
    pub r: eq::EquityResult,
    pub seed: Option<u64>,
    /// Whether every weight was 1, so that the counts are whole numbers.
    pub whole: bool,
}

fn counts<'py>(py: Python<'py>, v: &[f64], whole: bool) -> PyResult<Vec<Bound<'py, PyAny>>> {
    Ok(v.iter()
        .map(|&x| {
            if whole {
                (x as u64).into_pyobject(py).map(|o| o.into_any())
            } else {
                x.into_pyobject(py).map(|o| o.into_any())
            }
        })
        .map(|r| match r {
            Ok(o) => o,
            Err(e) => match e {},
        })
        .collect())
}

#[pymethods]
impl EquityResult {
    /// Each player's wins plus their shares of ties over all deals (sums to 1).
    #[getter]
    fn equities(&self) -> Vec<f64> {
        self.r.equities.clone()
    }
    /// Deals each player won alone (weighted; whole numbers when every weight is 1).
    #[getter]
    fn wins<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        counts(py, &self.r.wins, self.whole)
    }
    /// Deals each player tied for the best hand.
    #[getter]
    fn ties<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        counts(py, &self.r.ties, self.whole)
    }
    /// Deals counted: enumerated (weighted), or sampled.
    #[getter]
    fn boards<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(counts(py, &[self.r.boards], self.whole)?.remove(0))
    }
    #[getter]
    fn exact(&self) -> bool {
        self.r.exact
    }
    /// Monte Carlo: each player's standard error (None when exact).
    #[getter]
    fn std_errors(&self) -> Option<Vec<f64>> {
        self.r.std_errors.clone()
    }
    /// Monte Carlo: deals sampled (None when exact).
    #[getter]
    fn trials(&self) -> Option<u64> {
        self.r.trials
    }
    /// Monte Carlo: the seed used (the one given, or the one drawn from the
    /// operating system's entropy), so that a run can be repeated.
    #[getter]
    fn seed(&self) -> Option<u64> {
        self.seed
    }
    /// Exact: board enumerations run after the suit isomorphism.
    #[getter]
    fn enumerations(&self) -> Option<u64> {
        self.r.enumerations
    }
    fn to_dict<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(slf.py());
        for k in [
            "equities",
            "wins",
            "ties",
            "boards",
            "exact",
            "std_errors",
            "trials",
            "seed",
            "enumerations",
        ] {
            d.set_item(k, slf.getattr(k)?)?;
        }
        Ok(d)
    }
    fn __repr__(&self) -> String {
        let eqs: Vec<String> = self.r.equities.iter().map(|e| format!("{e:.4}")).collect();
        match (&self.r.std_errors, self.r.trials) {
            (Some(_), Some(t)) => format!(
                "EquityResult(equities=[{}], trials={t}, exact=False)",
                eqs.join(", ")
            ),
            _ => format!(
                "EquityResult(equities=[{}], boards={}, exact=True)",
                eqs.join(", "),
                self.r.boards
            ),
        }
    }
}

/// A player: a `Range`, or text (two cards, one card, or a range).
fn holding(obj: &Bound<'_, PyAny>, i: usize) -> PyResult<Holding> {
    if let Ok(r) = obj.cast::<crate::range::Range>() {
        return Ok(r.get().0.combos().to_vec());
    }
    if let Ok(s) = obj.cast::<PyString>() {
        let t = crate::args::text(s, eq::not_text)?;
        return eq::holding(&t).py();
    }
    // Two cards as a list or tuple.
    if let Ok(cards) = crate::cards::to_cards(obj) {
        if let [a, b] = cards.as_slice() {
            return Ok(vec![([*a, *b], 1.0)]);
        }
    }
    Err(to_py(
        BadArgument::Player {
            number: i + 1,
            given: obj.repr()?.to_string(),
        }
        .error(),
    ))
}

fn cards_arg(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<CoreCard>> {
    match obj {
        None => Ok(Vec::new()),
        Some(o) if o.is_none() => Ok(Vec::new()),
        Some(o) => crate::cards::to_cards(o),
    }
}

fn method(
    trials: Option<&Bound<'_, PyAny>>,
    seed: Option<u64>,
    target: Option<f64>,
    max_deals: Option<&Bound<'_, PyAny>>,
) -> PyResult<Method> {
    let max_deals = match max_deals.filter(|m| !m.is_none()) {
        Some(m) => Some(crate::args::int_in(m, "max_deals", 1, u64::MAX)?),
        None => None,
    };
    let trials = match trials.filter(|t| !t.is_none()) {
        Some(t) => Some(crate::args::as_u64(t).ok_or_else(|| {
            to_py(
                BadArgument::Trials {
                    given: crate::args::short_repr(t),
                }
                .error(),
            )
        })?),
        None => None,
    };
    Ok(Method::choose(trials, seed, target, max_deals))
}

/// Runs `f` on a worker thread without the GIL; meanwhile reports progress
/// and turns Ctrl-C (or an exception in the callback) into a cancel.
/// A `quick` computation (too short to watch) runs on this thread instead.
pub(crate) fn supervise<T: Send>(
    py: Python<'_>,
    progress: Option<&Bound<'_, PyAny>>,
    control: &Control,
    quick: bool,
    f: impl FnOnce() -> holecards_core::Result<T> + Send,
) -> PyResult<T> {
    if let Some(p) = progress.filter(|p| !p.is_none() && !p.is_callable()) {
        return Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "progress must be a callable taking (done, total), not {}",
            p.repr().map(|r| r.to_string()).unwrap_or_default()
        )));
    }
    let progress: Option<Py<PyAny>> = progress
        .filter(|p| !p.is_none())
        .map(|p| p.clone().unbind());
    let mut failure: Option<PyErr> = None;
    let out = py.detach(|| {
        if quick {
            return Ok(f());
        }
        std::thread::scope(|scope| {
            let (tx, rx) = std::sync::mpsc::channel();
            let worker = scope.spawn(move || {
                // The receiver outlives the worker (it is dropped after join).
                let _ = tx.send(f());
            });
            let mut last = u64::MAX;
            let result = loop {
                match rx.recv_timeout(Duration::from_millis(50)) {
                    Ok(r) => break Some(r),
                    Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => break None,
                    Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
                }
                Python::attach(|py| {
                    if failure.is_some() {
                        return;
                    }
                    if let Err(e) = py.check_signals() {
                        failure = Some(e);
                    } else if let Some(cb) = &progress {
                        let (done, total) = (
                            control.done.load(Ordering::Relaxed),
                            control.total.load(Ordering::Relaxed),
                        );
                        if total > 0 && done != last {
                            last = done;
                            if let Err(e) = cb.call1(py, (done.min(total), total)) {
                                failure = Some(e);
                            }
                        }
                    }
                    if failure.is_some() {
                        control.cancel.store(true, Ordering::Relaxed);
                    }
                });
            };
            let joined = worker.join();
            match (result, joined) {
                (Some(r), Ok(())) => Ok(r),
                _ => Err(()),
            }
        })
    });
    if let Some(e) = failure {
        return Err(e);
    }
    let r = match out {
        Ok(r) => r,
        // (a fault in the engine: a bug; no computation's own error)
        Err(_) => {
            return Err(crate::errors::HolecardsError::new_err(
                "internal error: the computation stopped on a fault in the engine (a bug; please report it)",
            ))
        }
    };
    let r = r.map_err(|e| match e.kind() {
        ErrorKind::Interrupted => pyo3::exceptions::PyKeyboardInterrupt::new_err("interrupted"),
        _ => to_py(e),
    })?;
    if let Some(cb) = &progress {
        let total = control.total.load(Ordering::Relaxed);
        cb.call1(py, (total, total))?;
    }
    Ok(r)
}

/// An equity function: the arguments both take (`$players` being the
/// players, or a grid's opponents, numbered from `$first` in messages),
/// converted into the engine's `Question` bound to `$q`, then `$body`.
macro_rules! equity_function {
    ($(#[$doc:meta])* $name:ident($players:ident from $first:literal) -> $out:ty,
     |$py:ident, $q:ident, $progress:ident| $body:block) => {
        $(#[$doc])*
        #[pyfunction]
        #[pyo3(signature = ($players, board=None, dead=None, trials=None, seed=None, threads=None, target_std_error=None, progress=None, max_deals=None))]
        #[allow(clippy::too_many_arguments)]
        pub fn $name(
            $py: Python<'_>,
            $players: Vec<Bound<'_, PyAny>>,
            board: Option<&Bound<'_, PyAny>>,
            dead: Option<&Bound<'_, PyAny>>,
            trials: Option<&Bound<'_, PyAny>>,
            #[pyo3(from_py_with = crate::args::seed_arg)] seed: Option<u64>,
            #[pyo3(from_py_with = crate::args::threads_arg)] threads: Option<usize>,
            target_std_error: Option<&Bound<'_, PyAny>>,
            progress: Option<&Bound<'_, PyAny>>,
            max_deals: Option<&Bound<'_, PyAny>>,
        ) -> PyResult<$out> {
            let target_std_error = match target_std_error.filter(|t| !t.is_none()) {
                Some(t) => Some(
                    t.extract::<f64>()
                        .ok()
                        .filter(|_| !t.is_instance_of::<pyo3::types::PyBool>())
                        .ok_or_else(|| {
                            to_py(
                                BadArgument::TargetStdError {
                                    given: crate::args::short_repr(t),
                                }
                                .error(),
                            )
                        })?,
                ),
                None => None,
            };
            let players: Vec<Holding> = $players
                .iter()
                .enumerate()
                .map(|(i, p)| holding(p, i + $first))
                .collect::<PyResult<_>>()?;
            let (board, dead) = (cards_arg(board)?, cards_arg(dead)?);
            let method = method(trials, seed, target_std_error, max_deals)?;
            let $q = eq::Question {
                players,
                board,
                dead,
                method,
                threads,
            };
            let $progress = progress;
            $body
        }
    };
}

equity_function!(
    /// Each player's equity (`holecards.equity`).
    _equity(players from 0) -> EquityResult,
    |py, q, progress| {
        let control = Control::new();
        let r = supervise(py, progress, &control, q.is_quick(), || q.equity(&control))?;
        Ok(EquityResult {
            r,
            seed: q.method.seed(),
            whole: q.whole_counts(),
        })
    }
);

/// The hand names of a grid, each one's result (None where it cannot be
/// dealt), and the seed used: the 169 classes' results against the
/// opponents, in `grid_names()` order.
type GridResult = (Vec<String>, Vec<Option<EquityResult>>, Option<u64>);

equity_function!(
    /// Every starting hand's equity against the opponents (`holecards.equity_grid`).
    _equity_grid(opponents from 1) -> GridResult,
    |py, q, progress| {
        let control = Control::new();
        let cells = supervise(py, progress, &control, false, || q.grid(&control))?;
        // Each cell reports its own seed, the one that repeats it with `equity`.
        let whole = q.whole_counts();
        let cells = cells
            .into_iter()
            .enumerate()
            .map(|(k, c)| {
                c.map(|r| EquityResult {
                    r,
                    seed: q.cell_seed(k),
                    whole,
                })
            })
            .collect();
        Ok((eq::grid_names(), cells, q.method.seed()))
    }
);

/// The answer of `holecards.game_equity` and `holecards.omaha_equity`.
#[pyclass(module = "holecards", name = "GameEquityResult", frozen)]
#[derive(Clone)]
pub struct GameEquityResult {
    r: eq::game::GameEquity,
    game: holecards_core::game::Game,
}

#[pymethods]
impl GameEquityResult {
    /// The game whose showdown was played (Omaha or Omaha hi/lo for
    /// `omaha_equity`).
    #[getter]
    fn game(&self) -> crate::game::Game {
        crate::game::Game(self.game)
    }
    /// Each player's share of the pot over the deals (sums to 1).
    #[getter]
    fn equities(&self) -> Vec<f64> {
        self.r.equities()
    }
    /// Each player's average fraction of the high (the high half's winners
    /// in hi/lo; the pot's in Omaha).
    #[getter]
    fn high_shares(&self) -> Vec<f64> {
        let d = (eq::game::POT * self.r.deals.max(1)) as f64;
        self.r.high_shares.iter().map(|&s| s as f64 / d).collect()
    }
    /// Each player's average fraction of the low (0 on deals without a
    /// qualifying low; all 0 unless `hilo`).
    #[getter]
    fn low_shares(&self) -> Vec<f64> {
        let d = (eq::game::POT * self.r.deals.max(1)) as f64;
        self.r.low_shares.iter().map(|&s| s as f64 / d).collect()
    }
    /// Deals each player won the whole pot alone (the high and the low, or
    /// the high when no low qualified).
    #[getter]
    fn scoops(&self) -> Vec<u64> {
        self.r.scoops.clone()
    }
    /// Deals on which some low qualified (hi/lo).
    #[getter]
    fn low_deals(&self) -> u64 {
        self.r.low_deals
    }
    /// Boards enumerated or sampled.
    #[getter]
    fn deals(&self) -> u64 {
        self.r.deals
    }
    /// Whether every board was enumerated.
    #[getter]
    fn exact(&self) -> bool {
        self.r.exact
    }
    /// The Monte Carlo seed (None when exact).
    #[getter]
    fn seed(&self) -> Option<u64> {
        self.r.seed
    }
    /// Whether the pot was split high / eight-or-better low.
    #[getter]
    fn hilo(&self) -> bool {
        self.game.is_hi_lo()
    }
    fn __repr__(&self) -> String {
        let eqs: Vec<String> = self
            .r
            .equities()
            .iter()
            .map(|e| format!("{e:.4}"))
            .collect();
        format!(
            "GameEquityResult(game='{}', equities=[{}], deals={}, exact={})",
            self.game.code(),
            eqs.join(", "),
            self.r.deals,
            if self.r.exact { "True" } else { "False" },
        )
    }
}

/// `trials` as a method: `None` exact, else Monte Carlo from `seed`.
fn method_of(
    trials: Option<&Bound<'_, PyAny>>,
    seed: Option<u64>,
) -> PyResult<eq::game::EquityMethod> {
    Ok(match trials.filter(|t| !t.is_none()) {
        Some(t) => eq::game::EquityMethod::MonteCarlo {
            trials: crate::args::as_u64(t).ok_or_else(|| {
                to_py(
                    BadArgument::Trials {
                        given: crate::args::short_repr(t),
                    }
                    .error(),
                )
            })?,
            seed,
        },
        None => eq::game::EquityMethod::Exact,
    })
}

/// Omaha equity of known hands (`holecards.omaha_equity`).
#[pyfunction]
#[pyo3(signature = (hands, board=None, dead=None, hilo=false, trials=None, seed=None, threads=None))]
#[allow(clippy::too_many_arguments)]
pub fn _omaha_equity(
    py: Python<'_>,
    hands: Vec<Bound<'_, PyAny>>,
    board: Option<&Bound<'_, PyAny>>,
    dead: Option<&Bound<'_, PyAny>>,
    hilo: bool,
    trials: Option<&Bound<'_, PyAny>>,
    #[pyo3(from_py_with = crate::args::seed_arg)] seed: Option<u64>,
    #[pyo3(from_py_with = crate::args::threads_arg)] threads: Option<usize>,
) -> PyResult<GameEquityResult> {
    let hands: Vec<Vec<CoreCard>> = hands
        .iter()
        .map(crate::cards::to_cards)
        .collect::<PyResult<_>>()?;
    let (board, dead) = (cards_arg(board)?, cards_arg(dead)?);
    let method = method_of(trials, seed)?;
    let control = Control::new();
    let r = supervise(py, None, &control, false, || {
        eq::omaha::omaha_equity(&hands, &board, &dead, hilo, method, threads, &control)
    })?;
    let game = if hilo { "omaha-hi-lo" } else { "omaha" };
    Ok(GameEquityResult {
        r,
        game: holecards_core::game::Game::from_code(game).py()?,
    })
}

/// Most hands the range texts of one `game_equity` call may hold in all
/// (each text read once): twice what one range may hold.
const MAX_RANGES_HANDS: usize = 2 * holecards_core::range::omaha::MAX_RANGE_HANDS;

/// One player of `game_equity`: `None` (a random hand), cards (all or some
/// of a hand), an `OmahaRange`, or in an Omaha game a range's text.
fn equity_player(
    py: Python<'_>,
    h: &Bound<'_, PyAny>,
    game: holecards_core::game::Game,
) -> PyResult<eq::game::EquityPlayer> {
    if h.is_none() {
        return Ok(eq::game::EquityPlayer::Cards(Vec::new()));
    }
    if let Ok(r) = h.cast::<crate::range::OmahaRange>() {
        return Ok(eq::game::EquityPlayer::Range(r.get().range.clone()));
    }
    match crate::cards::to_cards(h) {
        Ok(c) => Ok(eq::game::EquityPlayer::Cards(c)),
        Err(card_error) => {
            let Ok(text) = h.cast::<PyString>() else {
                return Err(card_error);
            };
            if !game.uses_two_hole_cards() {
                return Err(card_error);
            }
            let text = text.to_cow()?.into_owned();
            let control = Control::new();
            let r = supervise(py, None, &control, false, || {
                holecards_core::range::omaha::OmahaRange::parse_with(&text, game, &control)
            })?;
            Ok(eq::game::EquityPlayer::Range(std::sync::Arc::new(r)))
        }
    }
}

/// Equity in any game (`holecards.game_equity`): each hand its known cards
/// (fewer than the game deals, or none: the rest dealt at random).
#[pyfunction]
#[pyo3(signature = (game, hands, board=None, dead=None, trials=None, seed=None, threads=None, unseen_out=None))]
#[allow(clippy::too_many_arguments)]
pub fn _game_equity(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    hands: Vec<Bound<'_, PyAny>>,
    board: Option<&Bound<'_, PyAny>>,
    dead: Option<&Bound<'_, PyAny>>,
    trials: Option<&Bound<'_, PyAny>>,
    #[pyo3(from_py_with = crate::args::seed_arg)] seed: Option<u64>,
    #[pyo3(from_py_with = crate::args::threads_arg)] threads: Option<usize>,
    unseen_out: Option<&Bound<'_, PyAny>>,
) -> PyResult<GameEquityResult> {
    let game = crate::game::game_arg(Some(game))?;
    let unseen_out = match unseen_out {
        Some(v) if !v.is_none() => crate::args::int_in(v, "unseen_out", 0, 52)? as usize,
        _ => 0,
    };
    // the player count before any range is read (reading one can take a
    // large fraction of a second)
    eq::game::check_players(game, hands.len()).map_err(crate::errors::to_py)?;
    // a range's text read once however many players hold it, and the
    // ranges' hands bounded in all
    let mut read: Vec<(
        String,
        std::sync::Arc<holecards_core::range::omaha::OmahaRange>,
    )> = Vec::new();
    let mut in_ranges = 0usize;
    let mut players = Vec::with_capacity(hands.len());
    for h in &hands {
        if let Ok(text) = h.cast::<PyString>() {
            let text = text.to_cow()?;
            if let Some((_, r)) = read.iter().find(|(t, _)| *t == *text) {
                players.push(eq::game::EquityPlayer::Range(r.clone()));
                continue;
            }
        }
        let player = equity_player(py, h, game)?;
        if let (eq::game::EquityPlayer::Range(r), Ok(text)) = (&player, h.cast::<PyString>()) {
            in_ranges += r.len();
            if in_ranges > MAX_RANGES_HANDS {
                return Err(crate::errors::to_py(holecards_core::Error::bad_config(
                    format!(
                        "the ranges' texts hold more than {MAX_RANGES_HANDS} hands in all: narrow them"
                    ),
                )));
            }
            read.push((text.to_cow()?.into_owned(), r.clone()));
        }
        players.push(player);
    }
    let (board, dead) = (cards_arg(board)?, cards_arg(dead)?);
    let method = method_of(trials, seed)?;
    let control = Control::new();
    let r = supervise(py, None, &control, false, || {
        eq::game::game_equity_players(
            game, &players, &board, &dead, unseen_out, method, threads, &control,
        )
    })?;
    Ok(GameEquityResult { r, game })
}
