//! The environments' engine side for Python: conversions only (the engine's
//! holecards_core::env decides legality, observations, rewards and resets).
use crate::errors::{to_py, IntoPyResult};
use crate::game::{Hand, Rules, SeatView};
use holecards_core::env::{
    AbstractAction, ActionSpace, Autoreset, Buffers, Ending, EnvConfig, EnvTable as CoreTable,
    Episode, Learner, LearnerSeat, Policy, SingleAgent, Stacks, VecEnv as CoreVec, MAX_ACTIONS,
};
use holecards_core::sim::BotKind;
use holecards_core::Error;
use numpy::ndarray::ArrayView1;
use numpy::{
    Element, PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1, PyReadwriteArray1,
    PyReadwriteArray2,
};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt, PyList, PyString, PyTuple};
use std::sync::Arc;

fn config(msg: String) -> PyErr {
    to_py(Error::bad_config(msg))
}

/// An environment's configuration, checked once and shared by its tables.
#[pyclass(module = "holecards.env", name = "_EnvConfig", frozen)]
pub struct Config(Arc<EnvConfig>);

#[pymethods]
impl Config {
    /// From the Python layer's checked values: `actions` as `(name, num,
    /// den)` (`None`: exact amounts), `bots` per seat.
    #[new]
    #[allow(clippy::too_many_arguments)]
    fn new(
        rules: PyRef<'_, Rules>,
        players: usize,
        stacks: Vec<u64>,
        stack_range: Option<(u64, u64)>,
        session: bool,
        max_hands: Option<u64>,
        actions: Option<Vec<(String, u32, u32)>>,
        button: Option<usize>,
        bots: Vec<Option<String>>,
    ) -> PyResult<Config> {
        let actions = match actions {
            None => ActionSpace::Exact,
            Some(list) => {
                let out = list
                    .iter()
                    .map(|(name, num, den)| AbstractAction::parse(name, *num, *den))
                    .collect::<holecards_core::Result<Vec<_>>>()
                    .py()?;
                ActionSpace::discrete(out).py()?
            }
        };
        let bots = bots
            .into_iter()
            .map(|b| match b {
                None => Ok(None),
                Some(name) => BotKind::parse(&name).map(Some),
            })
            .collect::<holecards_core::Result<Vec<_>>>()
            .py()?;
        let stacks = match stack_range {
            Some((low, high)) => Stacks::Range { low, high },
            None => Stacks::Fixed(stacks),
        };
        let episode = if session {
            Episode::Session { max_hands }
        } else {
            Episode::Hand
        };
        let cfg = EnvConfig {
            rules: Arc::clone(&rules.0),
            players,
            stacks,
            episode,
            actions,
            button,
            bots,
        };
        cfg.check().py()?;
        Ok(Config(Arc::new(cfg)))
    }
    /// The chips of one big blind (the rewards' and observations' unit).
    #[getter]
    fn unit(&self) -> u64 {
        self.0.unit()
    }
    /// A bound on every observation value (the observation space's high).
    #[getter]
    fn observation_bound(&self) -> f64 {
        self.0.observation_bound()
    }
    /// The mask's name in an agent's info (`action_mask`, or `kind_mask`
    /// in exact mode).
    #[getter]
    fn mask_key(&self) -> &'static str {
        self.0.actions.mask_name()
    }
}

/// An observation, its mask and the legal action indices.
type Observed<'py> = (
    Bound<'py, PyArray1<f32>>,
    Bound<'py, PyArray1<i8>>,
    Bound<'py, PyTuple>,
);

/// Rows of one width handed out one at a time, each a new NumPy array of
/// its own: a view of one row of a block of `ROWS`, so that a step makes
/// one allocation a block instead of one an array (the block is freed with
/// the last of its rows). A row is written once, before it is handed out.
struct Rows<T: Element> {
    block: Option<Py<PyArray2<T>>>,
    next: usize,
    width: usize,
}

impl<T: Element + Copy + Default> Rows<T> {
    /// Rows in a block: small, so that a row kept alone keeps little.
    const ROWS: usize = 16;

    fn new(width: usize) -> Rows<T> {
        Rows {
            block: None,
            next: Self::ROWS,
            width,
        }
    }

    /// A new row, zeroed then written by `fill`.
    fn take<'py>(
        &mut self,
        py: Python<'py>,
        fill: impl FnOnce(&mut [T]),
    ) -> Bound<'py, PyArray1<T>> {
        let block = match &self.block {
            Some(block) if self.next < Self::ROWS => block.bind(py).clone(),
            _ => {
                let block = PyArray2::<T>::zeros(py, [Self::ROWS, self.width], false);
                self.block = Some(block.clone().unbind());
                self.next = 0;
                block
            }
        };
        let i = self.next;
        self.next += 1;
        // SAFETY: the block is C-contiguous, `Self::ROWS` by `width`, and
        // row `i` has not been handed out: nothing else reads or writes it.
        // It is handed out below and never written again.
        unsafe {
            let start = block.data().add(i * self.width);
            fill(std::slice::from_raw_parts_mut(start, self.width));
            let row = ArrayView1::from_shape_ptr(self.width, start);
            PyArray1::borrow_from_array(&row, block.into_any())
        }
    }
}

/// One table of an environment.
#[pyclass(module = "holecards.env", name = "_EnvTable")]
pub struct EnvTable {
    core: CoreTable,
    /// The observations and masks handed to Python (see [`Rows`]).
    obs: Rows<f32>,
    masks: Rows<i8>,
    /// The mask's key in an info dict.
    mask_key: Py<PyString>,
    /// A Gymnasium episode over (or not yet started): the agent must
    /// call reset.
    #[pyo3(get, set)]
    over: bool,
    /// The tuples of legal action indices made so far, by mask (bit `i`:
    /// action `i`), with up to `CACHED_MASK_BITS` actions: a tuple cannot
    /// change, so each step may answer the same one.
    legal: Vec<Option<Py<PyTuple>>>,
}

/// Action counts up to which the legal tuples are kept (a table of
/// `2^CACHED_MASK_BITS` entries at most).
const CACHED_MASK_BITS: usize = 10;

impl EnvTable {
    /// The indices of the actions `mask` allows, as a tuple.
    fn legal_tuple<'py>(
        &mut self,
        py: Python<'py>,
        mask: &[bool],
    ) -> PyResult<Bound<'py, PyTuple>> {
        let make = |py| {
            let mut legal = [0usize; MAX_ACTIONS];
            let mut k = 0;
            for (i, _) in mask.iter().enumerate().filter(|(_, &l)| l) {
                legal[k] = i;
                k += 1;
            }
            PyTuple::new(py, &legal[..k])
        };
        if mask.len() > CACHED_MASK_BITS {
            return make(py);
        }
        let bits = mask
            .iter()
            .enumerate()
            .fold(0usize, |b, (i, &l)| b | (l as usize) << i);
        if self.legal.is_empty() {
            self.legal.resize_with(1 << mask.len(), || None);
        }
        if let Some(t) = &self.legal[bits] {
            return Ok(t.bind(py).clone());
        }
        let t = make(py)?;
        self.legal[bits] = Some(t.clone().unbind());
        Ok(t)
    }

    fn of(py: Python<'_>, core: CoreTable) -> EnvTable {
        let cfg = core.config();
        EnvTable {
            obs: Rows::new(cfg.layout().len),
            masks: Rows::new(cfg.actions.len()),
            mask_key: PyString::intern(py, cfg.actions.mask_name()).unbind(),
            legal: Vec::new(),
            over: true,
            core,
        }
    }
}

#[pymethods]
impl EnvTable {
    #[new]
    #[pyo3(signature = (config, seed=None))]
    fn new(config: PyRef<'_, Config>, seed: Option<u64>) -> PyResult<EnvTable> {
        Ok(EnvTable::of(
            config.py(),
            CoreTable::new(Arc::clone(&config.0), seed, 0).py()?,
        ))
    }
    /// Reseeds the generators (`None`: from the operating system).
    #[pyo3(signature = (seed=None))]
    fn seed(&mut self, seed: Option<u64>) {
        self.core.seed(seed, 0);
    }
    fn reset(&mut self) -> PyResult<()> {
        self.core.reset().py()
    }
    #[getter]
    fn actor(&self) -> Option<usize> {
        self.core.actor()
    }
    #[getter]
    fn ending(&self) -> &'static str {
        self.core.ending().name()
    }
    fn mask<'py>(&self, py: Python<'py>, seat: usize) -> Bound<'py, PyArray1<i8>> {
        let mut m = vec![false; self.core.config().actions.len()];
        self.core.mask(seat, &mut m);
        PyArray1::from_slice(py, &m.iter().map(|&b| b as i8).collect::<Vec<i8>>())
    }
    /// Whether the seat to act may take action `index` (exact: kind, with `amount`).
    #[pyo3(signature = (index, amount=None))]
    fn is_legal(&self, index: i64, amount: Option<u64>) -> bool {
        self.core.is_legal(index, amount)
    }
    /// The seat to act takes action `index` (exact: kind, with `amount`).
    #[pyo3(signature = (index, amount=None))]
    fn step(&mut self, index: i64, amount: Option<u64>) -> PyResult<()> {
        self.core.step(index, amount).py()
    }
    /// The seat to act makes the move a Python bot answered (`who`: the
    /// bot, for errors).
    fn apply(&mut self, answer: &Bound<'_, PyAny>, who: &str) -> PyResult<()> {
        self.core
            .apply(crate::bots::answer_move(answer, || who.to_string())?)
            .py()
    }
    /// `(chips per seat, hands)` for hands ended since the last call.
    fn take_rewards(&mut self) -> (Vec<i64>, u32) {
        let mut out = vec![0i64; self.core.config().players];
        let hands = self.core.take_rewards(&mut out);
        (out, hands)
    }
    fn set_record(&mut self, on: bool) {
        self.core.set_record(on);
    }
    fn take_finished(&mut self) -> Vec<Hand> {
        self.core.take_finished().into_iter().map(Hand).collect()
    }
    /// The hand being played, every card included.
    #[getter]
    fn hand(&self) -> Hand {
        Hand(self.core.hand().clone())
    }
    fn view(&self, seat: usize) -> SeatView {
        SeatView(self.core.hand().view(Some(seat)))
    }
    fn legal_text(&self) -> String {
        self.core.hand().legal_text()
    }
    /// `seat`'s observation, mask and legal action indices, in one call.
    fn observe_all<'py>(&mut self, py: Python<'py>, seat: usize) -> PyResult<Observed<'py>> {
        let n = self.core.config().players;
        if seat >= n {
            return Err(config(format!(
                "seat {seat} is not a seat: seats are 0..{}",
                n - 1
            )));
        }
        // Each array new (an agent may keep it), the legal actions worked
        // out once for all three.
        let mut m = [false; MAX_ACTIONS];
        let m = &mut m[..self.masks.width];
        let core = &self.core;
        let obs = self.obs.take(py, |obs| core.observe_seat(seat, obs, m));
        let mask = self.masks.take(py, |out| {
            for (o, &b) in out.iter_mut().zip(m.iter()) {
                *o = b as i8;
            }
        });
        Ok((obs, mask, self.legal_tuple(py, m)?))
    }
    /// `seat`'s observation and Gymnasium info (`{mask key: mask,
    /// "legal_actions": indices, "seat": seat}`).
    fn gym_observe<'py>(
        &mut self,
        py: Python<'py>,
        seat: usize,
    ) -> PyResult<(Bound<'py, PyArray1<f32>>, Bound<'py, PyDict>)> {
        let (obs, mask, legal) = self.observe_all(py, seat)?;
        let info = PyDict::new(py);
        info.set_item(self.mask_key.bind(py), mask)?;
        info.set_item(intern!(py, "legal_actions"), legal)?;
        info.set_item(intern!(py, "seat"), seat)?;
        Ok((obs, info))
    }
    /// A new episode for a single agent at `seat` (the recorded hands
    /// forgotten): `(observation, info)` as [`EnvTable::gym_observe`].
    /// The episode is over until it is dealt.
    fn gym_reset<'py>(
        &mut self,
        py: Python<'py>,
        seat: usize,
    ) -> PyResult<(Bound<'py, PyArray1<f32>>, Bound<'py, PyDict>)> {
        self.over = true;
        self.core.clear_finished();
        self.core.reset().py()?;
        self.over = false;
        self.gym_observe(py, seat)
    }
    /// A Gymnasium step for the agent at `seat`: the move, then
    /// `(observation, reward in big blinds, terminated, truncated, info)`;
    /// the episode is over when it terminated or was truncated.
    #[pyo3(signature = (index, amount, seat))]
    #[allow(clippy::type_complexity)]
    fn gym_step<'py>(
        &mut self,
        py: Python<'py>,
        index: i64,
        amount: Option<u64>,
        seat: usize,
    ) -> PyResult<(
        Bound<'py, PyArray1<f32>>,
        f64,
        bool,
        bool,
        Bound<'py, PyDict>,
    )> {
        self.core.step(index, amount).py()?;
        let mut rewards = [0.0; holecards_core::game::MAX_SEATS];
        self.core.take_rewards_in_big_blinds(&mut rewards);
        let reward = rewards.get(seat).copied().unwrap_or(0.0);
        let (obs, info) = self.gym_observe(py, seat)?;
        let ending = self.core.ending();
        self.over = ending != Ending::Running;
        Ok((
            obs,
            reward,
            ending == Ending::Terminated,
            ending == Ending::Truncated,
            info,
        ))
    }
    /// An AEC step: the move, then `(rewards in big blinds per seat, or None
    /// when no hand ended; ending; the seat to act)`.
    #[pyo3(signature = (index, amount=None))]
    fn aec_step(
        &mut self,
        index: i64,
        amount: Option<u64>,
    ) -> PyResult<(Option<Vec<f64>>, u8, Option<usize>)> {
        self.core.step(index, amount).py()?;
        let mut rewards = [0.0; holecards_core::game::MAX_SEATS];
        let hands = self.core.take_rewards_in_big_blinds(&mut rewards);
        let rewards = (hands > 0).then(|| rewards[..self.core.config().players].to_vec());
        Ok((rewards, self.core.ending() as u8, self.core.actor()))
    }
}

/// The Gymnasium environment's `step` and `reset` in their common case
/// (a whole-number action; no seed) without a Python frame: one call into
/// the engine, its answer handed back as it is. Every other call goes to
/// the Python methods given.
#[pyclass(module = "holecards.env", name = "_GymFast", frozen)]
pub struct GymFast {
    table: Py<EnvTable>,
    seat: usize,
    step: Py<PyAny>,
    reset: Py<PyAny>,
    /// The Python layer's list of the episode's finished hands.
    finished: Py<PyList>,
}

#[pymethods]
impl GymFast {
    #[new]
    fn new(
        table: Py<EnvTable>,
        seat: usize,
        step: Py<PyAny>,
        reset: Py<PyAny>,
        finished: Py<PyList>,
    ) -> GymFast {
        GymFast {
            table,
            seat,
            step,
            reset,
            finished,
        }
    }

    fn step<'py>(
        &self,
        py: Python<'py>,
        action: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        if action.is_exact_instance_of::<PyInt>() {
            if let (Ok(index), Ok(mut t)) = (
                action.extract::<i64>(),
                self.table.bind(py).try_borrow_mut(),
            ) {
                if !t.over && (-(1 << 62)..1 << 62).contains(&index) {
                    let out = t.gym_step(py, index, None, self.seat)?;
                    return Ok(out.into_pyobject(py)?.into_any());
                }
            }
        }
        self.step.bind(py).call1((action,))
    }

    #[pyo3(signature = (*, seed=None, options=None))]
    fn reset<'py>(
        &self,
        py: Python<'py>,
        seed: Option<&Bound<'py, PyAny>>,
        options: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        // (options holding anything go the Python way, which refuses them)
        let no_options = match options {
            None => true,
            Some(o) => o.is_none() || !o.is_truthy()?,
        };
        if seed.is_none() && no_options {
            if let Ok(mut t) = self.table.bind(py).try_borrow_mut() {
                let finished = self.finished.bind(py);
                if !finished.is_empty() {
                    finished.del_slice(0, finished.len())?;
                }
                let out = t.gym_reset(py, self.seat)?;
                return Ok(out.into_pyobject(py)?.into_any());
            }
        }
        let kwargs = PyDict::new(py);
        kwargs.set_item(intern!(py, "seed"), seed)?;
        kwargs.set_item(intern!(py, "options"), options)?;
        self.reset.bind(py).call((), Some(&kwargs))
    }
}

/// Many tables stepped together.
#[pyclass(module = "holecards.env", name = "_VecEnv")]
pub struct VecEnv(CoreVec);

/// A caller's array as one of the engine's buffers (`what` names it in the
/// error when it is not contiguous).
fn buffer<'a, T: numpy::Element, D: numpy::ndarray::Dimension>(
    array: &'a mut numpy::PyReadwriteArray<'_, T, D>,
    what: &str,
) -> PyResult<&'a mut [T]> {
    array
        .as_slice_mut()
        .map_err(|e| config(format!("{what}: {e}")))
}

/// The arrays the Python side owns and the engine writes, as one tuple:
/// observations, masks, rewards, terminated, truncated, seats, final
/// observations and their flags (empty unless a single-agent form resets in
/// the same step).
#[derive(FromPyObject)]
struct Arrays<'py>(
    PyReadwriteArray2<'py, f32>,
    PyReadwriteArray2<'py, bool>,
    PyReadwriteArray2<'py, f32>,
    PyReadwriteArray1<'py, bool>,
    PyReadwriteArray1<'py, bool>,
    PyReadwriteArray1<'py, i64>,
    PyReadwriteArray2<'py, f32>,
    PyReadwriteArray1<'py, bool>,
);

impl Arrays<'_> {
    /// The arrays as the engine's buffers.
    fn buffers(&mut self) -> PyResult<Buffers<'_>> {
        Ok(Buffers {
            obs: buffer(&mut self.0, "observations")?,
            mask: buffer(&mut self.1, "masks")?,
            rewards: buffer(&mut self.2, "rewards")?,
            terminated: buffer(&mut self.3, "terminated")?,
            truncated: buffer(&mut self.4, "truncated")?,
            seat: buffer(&mut self.5, "seats")?,
            final_obs: buffer(&mut self.6, "final observations")?,
            has_final: buffer(&mut self.7, "final flags")?,
        })
    }
}

/// The learner's seat from Python: a seat number, `"rotate"` or `"random"`.
fn learner_seat(seat: &Bound<'_, PyAny>) -> PyResult<LearnerSeat> {
    match seat.extract::<String>() {
        Ok(name) => LearnerSeat::parse(Some(&name), None),
        Err(_) => LearnerSeat::parse(None, crate::args::as_u64(seat)),
    }
    .py()
}

/// The single-agent form from Python: `(seat, opponents by place after the
/// learner (None: the policy), autoreset mode, reward for an illegal action
/// or None to refuse it)`.
type SingleArg<'py> = (Bound<'py, PyAny>, Vec<Option<String>>, String, Option<f32>);

fn single_agent(single: SingleArg<'_>) -> PyResult<SingleAgent> {
    let (seat, opponents, autoreset, illegal) = single;
    let opponents = opponents
        .iter()
        .map(|b| b.as_deref().map(BotKind::parse).transpose())
        .collect::<holecards_core::Result<Vec<_>>>()
        .py()?;
    Ok(SingleAgent {
        learner: Learner {
            seat: learner_seat(&seat)?,
            opponents,
        },
        autoreset: Autoreset::parse(&autoreset).py()?,
        illegal,
    })
}

/// The caller's policy for the opponents' seats left to it, as the engine
/// calls it: the Python side's `policy(tables, observations, masks)` on
/// NumPy arrays, which answers a contiguous int64 array of one action index
/// per table (it checks the user's answer); run with the GIL, Ctrl-C
/// checked first.
fn call_policy(
    policy: &Py<PyAny>,
    tables: &[usize],
    obs: &[f32],
    mask: &[bool],
    out: &mut [i64],
) -> PyResult<()> {
    Python::attach(|py| {
        py.check_signals()?;
        let k = tables.len();
        let obs = PyArray1::from_slice(py, obs).reshape([k, obs.len() / k])?;
        let mask = PyArray1::from_slice(py, mask).reshape([k, mask.len() / k])?;
        let acts = policy.call1(py, (PyArray1::from_slice(py, tables), obs, mask))?;
        let acts: PyReadonlyArray1<'_, i64> = acts.extract(py)?;
        out.copy_from_slice(acts.as_slice()?);
        Ok(())
    })
}

/// Runs `f` with the engine's form of the caller's policy, if any; the
/// policy's own exception (Ctrl-C included) is what a failed call raises.
fn with_policy(
    policy: Option<Py<PyAny>>,
    f: impl FnOnce(Option<&mut Policy<'_>>) -> holecards_core::Result<()>,
) -> PyResult<()> {
    let Some(p) = policy else {
        return f(None).py();
    };
    let mut failed = None;
    let done = f(Some(&mut |t, o, m, a| {
        call_policy(&p, t, o, m, a).map_err(|e| {
            failed = Some(e);
            Error::bad_config("the opponents' policy failed".into())
        })
    }));
    match (done, failed) {
        (Err(_), Some(e)) => Err(e),
        (done, _) => done.py(),
    }
}

#[pymethods]
impl VecEnv {
    #[new]
    #[pyo3(signature = (num_tables, config, seed=None, threads=None, single=None))]
    fn new(
        py: Python<'_>,
        num_tables: usize,
        config: PyRef<'_, Config>,
        seed: Option<u64>,
        #[pyo3(from_py_with = crate::args::threads_arg)] threads: Option<usize>,
        single: Option<SingleArg<'_>>,
    ) -> PyResult<VecEnv> {
        let cfg = Arc::clone(&config.0);
        let single = single.map(single_agent).transpose()?;
        Ok(VecEnv(
            py.detach(|| match single {
                None => CoreVec::new(cfg, num_tables, seed, threads),
                Some(s) => CoreVec::single_agent(cfg, s, num_tables, seed, threads),
            })
            .py()?,
        ))
    }
    #[pyo3(signature = (seed, arrays, policy=None))]
    fn reset(
        &mut self,
        py: Python<'_>,
        seed: Option<u64>,
        mut arrays: Arrays<'_>,
        policy: Option<Py<PyAny>>,
    ) -> PyResult<()> {
        let buf = arrays.buffers()?;
        let env = &mut self.0;
        py.detach(move || with_policy(policy, |p| env.reset_with(seed, buf, p)))
    }
    #[pyo3(signature = (actions, amounts, arrays, policy=None))]
    fn step(
        &mut self,
        py: Python<'_>,
        actions: PyReadonlyArray1<'_, i64>,
        amounts: Option<PyReadonlyArray1<'_, u64>>,
        mut arrays: Arrays<'_>,
        policy: Option<Py<PyAny>>,
    ) -> PyResult<()> {
        let kinds = actions
            .as_slice()
            .map_err(|e| config(format!("actions: {e}")))?;
        let amounts = match &amounts {
            Some(a) => Some(a.as_slice().map_err(|e| config(format!("amounts: {e}")))?),
            None => None,
        };
        let buf = arrays.buffers()?;
        let env = &mut self.0;
        py.detach(move || with_policy(policy, |p| env.step_with(kinds, amounts, buf, p)))
    }
    #[getter]
    fn num_tables(&self) -> usize {
        self.0.num_tables()
    }
    fn set_record(&mut self, on: bool) {
        self.0.set_record(on);
    }
    fn take_finished(&mut self) -> Vec<(usize, Hand)> {
        self.0
            .take_finished()
            .into_iter()
            .map(|(i, h)| (i, Hand(h)))
            .collect()
    }
    /// Table `table`'s hand being played, every card included.
    fn hand(&self, table: usize) -> PyResult<Hand> {
        self.0
            .tables()
            .get(table)
            .map(|t| Hand(t.hand().clone()))
            .ok_or_else(|| {
                config(format!(
                    "table {table} is not a table: tables are 0..{}",
                    self.0.num_tables() - 1
                ))
            })
    }
    fn view(&self, table: usize, seat: usize) -> PyResult<SeatView> {
        let t = self
            .0
            .tables()
            .get(table)
            .ok_or_else(|| config(format!("table {table} is not a table")))?;
        if seat >= t.config().players {
            return Err(config(format!("seat {seat} is not a seat")));
        }
        Ok(SeatView(t.hand().view(Some(seat))))
    }
}

/// The observation's parts for `players`: `(name, offset, length)`.
#[pyfunction]
pub fn _env_layout(players: usize) -> Vec<(&'static str, usize, usize)> {
    holecards_core::env::Layout::new(players).parts().to_vec()
}

/// The observation of `view`'s seat, from the view alone.
#[pyfunction]
pub fn _env_observe_view<'py>(
    py: Python<'py>,
    view: PyRef<'_, SeatView>,
) -> PyResult<Bound<'py, PyArray1<f32>>> {
    let v = &view.0;
    let seat = v
        .seat
        .ok_or_else(|| config("the public view has no seat to observe for".into()))?;
    let mut out = vec![0f32; holecards_core::env::Layout::new(v.stacks.len()).len];
    holecards_core::env::encode(v, seat, v.legal.as_ref(), &mut out);
    Ok(PyArray1::from_slice(py, &out))
}
