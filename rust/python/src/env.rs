//! The environments' engine side for Python: conversions only (the engine's
//! holecards_core::env decides legality, observations, rewards and resets).
use crate::errors::{to_py, IntoPyResult};
use crate::game::{Hand, Rules, SeatView};
use holecards_core::env::{
    AbstractAction, ActionSpace, Autoreset, Buffers, EnvConfig, EnvTable as CoreTable, Episode,
    Learner, LearnerSeat, Policy, SingleAgent, Stacks, VecEnv as CoreVec,
};
use holecards_core::sim::BotKind;
use holecards_core::Error;
use numpy::{PyArray1, PyArrayMethods, PyReadonlyArray1, PyReadwriteArray1, PyReadwriteArray2};
use pyo3::prelude::*;
use pyo3::types::PyTuple;
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
}

/// An observation, its mask and the legal action indices.
type Observed<'py> = (
    Bound<'py, PyArray1<f32>>,
    Bound<'py, PyArray1<i8>>,
    Bound<'py, PyTuple>,
);

/// One table of an environment.
#[pyclass(module = "holecards.env", name = "_EnvTable")]
pub struct EnvTable(CoreTable);

#[pymethods]
impl EnvTable {
    #[new]
    #[pyo3(signature = (config, seed=None))]
    fn new(config: PyRef<'_, Config>, seed: Option<u64>) -> PyResult<EnvTable> {
        Ok(EnvTable(
            CoreTable::new(Arc::clone(&config.0), seed, 0).py()?,
        ))
    }
    /// Reseeds the generators (`None`: from the operating system).
    #[pyo3(signature = (seed=None))]
    fn seed(&mut self, seed: Option<u64>) {
        self.0.seed(seed, 0);
    }
    fn reset(&mut self) -> PyResult<()> {
        self.0.reset().py()
    }
    #[getter]
    fn actor(&self) -> Option<usize> {
        self.0.actor()
    }
    #[getter]
    fn ending(&self) -> &'static str {
        self.0.ending().name()
    }
    fn mask<'py>(&self, py: Python<'py>, seat: usize) -> Bound<'py, PyArray1<i8>> {
        let mut m = vec![false; self.0.config().actions.len()];
        self.0.mask(seat, &mut m);
        PyArray1::from_slice(py, &m.iter().map(|&b| b as i8).collect::<Vec<i8>>())
    }
    /// Whether the seat to act may take action `index` (exact: kind, with `amount`).
    #[pyo3(signature = (index, amount=None))]
    fn is_legal(&self, index: i64, amount: Option<u64>) -> bool {
        self.0.is_legal(index, amount)
    }
    /// The seat to act takes action `index` (exact: kind, with `amount`).
    #[pyo3(signature = (index, amount=None))]
    fn step(&mut self, index: i64, amount: Option<u64>) -> PyResult<()> {
        self.0.step(index, amount).py()
    }
    /// The seat to act makes the move a Python bot answered (`who`: the
    /// bot, for errors).
    fn apply(&mut self, answer: &Bound<'_, PyAny>, who: &str) -> PyResult<()> {
        self.0
            .apply(crate::bots::answer_move(answer, || who.to_string())?)
            .py()
    }
    /// `(chips per seat, hands)` for hands ended since the last call.
    fn take_rewards(&mut self) -> (Vec<i64>, u32) {
        let mut out = vec![0i64; self.0.config().players];
        let hands = self.0.take_rewards(&mut out);
        (out, hands)
    }
    fn set_record(&mut self, on: bool) {
        self.0.set_record(on);
    }
    fn take_finished(&mut self) -> Vec<Hand> {
        self.0.take_finished().into_iter().map(Hand).collect()
    }
    /// The hand being played, every card included.
    #[getter]
    fn hand(&self) -> Hand {
        Hand(self.0.hand().clone())
    }
    fn view(&self, seat: usize) -> SeatView {
        SeatView(self.0.hand().view(Some(seat)))
    }
    fn legal_text(&self) -> String {
        self.0.hand().legal_text()
    }
    /// `seat`'s observation, mask and legal action indices, in one call.
    fn observe_all<'py>(&self, py: Python<'py>, seat: usize) -> PyResult<Observed<'py>> {
        let n = self.0.config().players;
        if seat >= n {
            return Err(config(format!(
                "seat {seat} is not a seat: seats are 0..{}",
                n - 1
            )));
        }
        let mut obs = vec![0f32; self.0.config().layout().len];
        self.0.observe(seat, &mut obs);
        let mut m = vec![false; self.0.config().actions.len()];
        self.0.mask(seat, &mut m);
        let legal: Vec<usize> = m
            .iter()
            .enumerate()
            .filter(|(_, &l)| l)
            .map(|(i, _)| i)
            .collect();
        let legal = PyTuple::new(py, legal)?;
        Ok((
            PyArray1::from_slice(py, &obs),
            PyArray1::from_slice(py, &m.iter().map(|&b| b as i8).collect::<Vec<i8>>()),
            legal,
        ))
    }
    /// A new episode for a single agent at `seat` (the recorded hands
    /// forgotten): `(observation, mask, legal indices)`.
    fn reset_observe<'py>(&mut self, py: Python<'py>, seat: usize) -> PyResult<Observed<'py>> {
        self.0.clear_finished();
        self.0.reset().py()?;
        self.observe_all(py, seat)
    }
    /// A Gymnasium step for the agent at `seat`: the move, then `(observation,
    /// mask, legal indices, reward in big blinds, ending)` (ending 0 running,
    /// 1 terminated, 2 truncated).
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
        Bound<'py, PyArray1<i8>>,
        Bound<'py, PyTuple>,
        f64,
        u8,
    )> {
        self.0.step(index, amount).py()?;
        let mut rewards = [0.0; holecards_core::game::MAX_SEATS];
        self.0.take_rewards_in_big_blinds(&mut rewards);
        let reward = rewards.get(seat).copied().unwrap_or(0.0);
        let (obs, mask, legal) = self.observe_all(py, seat)?;
        Ok((obs, mask, legal, reward, self.0.ending() as u8))
    }
    /// An AEC step: the move, then `(rewards in big blinds per seat, or None
    /// when no hand ended; ending; the seat to act)`.
    #[pyo3(signature = (index, amount=None))]
    fn aec_step(
        &mut self,
        index: i64,
        amount: Option<u64>,
    ) -> PyResult<(Option<Vec<f64>>, u8, Option<usize>)> {
        self.0.step(index, amount).py()?;
        let mut rewards = [0.0; holecards_core::game::MAX_SEATS];
        let hands = self.0.take_rewards_in_big_blinds(&mut rewards);
        let rewards = (hands > 0).then(|| rewards[..self.0.config().players].to_vec());
        Ok((rewards, self.0.ending() as u8, self.0.actor()))
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
