//! Many independent tables stepped together. Every seat is an agent (self
//! play), or the seats given to built-in bots play inside; or, in the
//! single-agent form ([`VecEnv::single_agent`]), each table has one
//! learning seat and every other seat is a built-in bot or the caller's
//! policy. Results are written into buffers the caller owns, one row per
//! table, so a step makes no allocation. Each table's generators are keyed
//! by the seed and the table's index, so a run is the same on any number
//! of threads.
use super::actions::Spot;
use super::episode::{Ending, EnvConfig, EnvTable, Learner};
use crate::error::{Error, Result};
use crate::game::{Hand, MAX_SEATS};
use rayon::prelude::*;
use std::sync::Arc;

/// The caller's buffers, one row per table: the observation and legal-action
/// mask of the seat to act (single-agent: of the learner), the rewards in
/// big blinds (self-play: every seat's; single-agent: the learner's),
/// whether the episode terminated or was truncated in this step, and the
/// seat to act (single-agent: the learner's). `final_obs` and `has_final`
/// are for single-agent environments that reset in the same step: the
/// ended episode's last observation of the learner, and where there is one;
/// elsewhere they are empty.
pub struct Buffers<'a> {
    pub obs: &'a mut [f32],
    pub mask: &'a mut [bool],
    pub rewards: &'a mut [f32],
    pub terminated: &'a mut [bool],
    pub truncated: &'a mut [bool],
    pub seat: &'a mut [i64],
    pub final_obs: &'a mut [f32],
    pub has_final: &'a mut [bool],
}

/// Row widths.
#[derive(Copy, Clone, Debug)]
struct Widths {
    obs: usize,
    mask: usize,
    rewards: usize,
    final_obs: usize,
    finals: usize,
}

impl<'a> Buffers<'a> {
    fn check(&self, tables: usize, w: Widths) -> Result<()> {
        let sizes = [
            ("observations", self.obs.len(), tables * w.obs),
            ("masks", self.mask.len(), tables * w.mask),
            ("rewards", self.rewards.len(), tables * w.rewards),
            ("terminated", self.terminated.len(), tables),
            ("truncated", self.truncated.len(), tables),
            ("seats", self.seat.len(), tables),
            (
                "final observations",
                self.final_obs.len(),
                tables * w.final_obs,
            ),
            ("final flags", self.has_final.len(), tables * w.finals),
        ];
        for (name, have, want) in sizes {
            if have != want {
                return Err(Error::bad_config(format!(
                    "the {name} buffer has {have} values, not {want}"
                )));
            }
        }
        Ok(())
    }

    /// The first `k` tables' rows, and the rest.
    fn split_at(self, k: usize, w: Widths) -> (Buffers<'a>, Buffers<'a>) {
        let (o1, o2) = self.obs.split_at_mut(k * w.obs);
        let (m1, m2) = self.mask.split_at_mut(k * w.mask);
        let (r1, r2) = self.rewards.split_at_mut(k * w.rewards);
        let (te1, te2) = self.terminated.split_at_mut(k);
        let (tr1, tr2) = self.truncated.split_at_mut(k);
        let (s1, s2) = self.seat.split_at_mut(k);
        let (f1, f2) = self.final_obs.split_at_mut(k * w.final_obs);
        let (h1, h2) = self.has_final.split_at_mut(k * w.finals);
        (
            Buffers {
                obs: o1,
                mask: m1,
                rewards: r1,
                terminated: te1,
                truncated: tr1,
                seat: s1,
                final_obs: f1,
                has_final: h1,
            },
            Buffers {
                obs: o2,
                mask: m2,
                rewards: r2,
                terminated: te2,
                truncated: tr2,
                seat: s2,
                final_obs: f2,
                has_final: h2,
            },
        )
    }
}

crate::enums::named_enum! {
    /// When a single-agent environment starts a table's next episode.
    pub enum Autoreset {
        /// In the step after the one that ended it (Gymnasium's `NEXT_STEP`,
        /// what its wrappers assume): the ending step's row holds the
        /// learner's last observation (its mask all true), and the next step
        /// ignores that table's action and writes the new episode's first
        /// row, with a zero reward.
        NextStep = "next_step",
        /// In the step that ended it (Gymnasium's `SAME_STEP`): the row holds
        /// the new episode's first observation, and the ended one's last is
        /// in `final_obs` (with `has_final` set).
        SameStep = "same_step",
    }
}

impl Autoreset {
    /// The mode called `name` (`"next_step"` or `"same_step"`).
    pub fn parse(name: &str) -> Result<Autoreset> {
        Autoreset::by_name(name).ok_or_else(|| {
            Error::config(
                "autoreset_mode",
                format!("autoreset_mode must be 'next_step' or 'same_step', not {name:?}"),
            )
        })
    }
}

/// The single-agent form: one learner a table (see [`Learner`]).
#[derive(Clone, Debug, PartialEq)]
pub struct SingleAgent {
    pub learner: Learner,
    pub autoreset: Autoreset,
    /// `None`: an illegal action is refused (the whole step, nothing
    /// changed); `Some(r)`: it ends that table's episode there, nothing
    /// played, with reward `r` (plus any result not yet reported).
    pub illegal: Option<f32>,
}

/// The caller's policy for the opponents' seats left to it (`None` in
/// [`Learner::opponents`]): given the tables waiting on it, and the rows
/// of their actors' observations and masks, it writes an action for each.
pub type Policy<'p> = dyn FnMut(&[usize], &[f32], &[bool], &mut [i64]) -> Result<()> + 'p;

/// What a step does at one table.
#[derive(Copy, Clone, Debug)]
enum Plan {
    /// Plays the (checked) action.
    Play(Spot),
    /// Starts the next episode (single-agent, `NextStep`: the last ended).
    Reset,
    /// Ends the episode for an illegal action with this reward
    /// (single-agent, penalised).
    Forfeit(f32),
}

/// Many tables of one configuration.
pub struct VecEnv {
    cfg: Arc<EnvConfig>,
    tables: Vec<EnvTable>,
    threads: Option<usize>,
    widths: Widths,
    single: Option<SingleAgent>,
    /// A step's plans, one a table (kept to reuse the allocation).
    plans: Vec<Plan>,
    /// A call failed after play began (a policy's error or bad answer):
    /// some tables are mid-step, so every step is refused until a reset
    /// succeeds. (A refused action changes nothing and leaves this clear.)
    broken: bool,
}

impl VecEnv {
    /// `num_tables` tables, each dealt its first episode; `threads`: `None`
    /// or 1 steps on the calling thread, `n` on a pool of `n`.
    pub fn new(
        cfg: Arc<EnvConfig>,
        num_tables: usize,
        seed: Option<u64>,
        threads: Option<usize>,
    ) -> Result<VecEnv> {
        Self::build(cfg, num_tables, seed, threads, None)
    }

    /// The single-agent form: at each table one learner, the other seats
    /// played by `single.learner.opponents` (the configuration's bots are
    /// set aside). Rewards are the learner's alone (one a table), the rows
    /// are the learner's, and the tables wait on the learner only: the
    /// opponents play inside each call (a policy's seats through the
    /// policy given to [`VecEnv::reset_with`] and [`VecEnv::step_with`]).
    pub fn single_agent(
        cfg: Arc<EnvConfig>,
        single: SingleAgent,
        num_tables: usize,
        seed: Option<u64>,
        threads: Option<usize>,
    ) -> Result<VecEnv> {
        // (each table checks the learner as it is seated)
        if let Some(r) = single.illegal.filter(|r| !r.is_finite()) {
            return Err(Error::bad_config(format!(
                "the reward for an illegal action must be a finite number, not {r}"
            )));
        }
        // (a policy answers one action index a seat: exact mode's bets and
        // raises need an amount beside it, which it has no way to give)
        if matches!(cfg.actions, super::ActionSpace::Exact)
            && single.learner.opponents.iter().any(Option::is_none)
        {
            return Err(Error::bad_config(
                "opponents played by a policy need discrete actions: in exact mode a bet or raise needs an amount, which a policy's action index cannot give".into(),
            ));
        }
        Self::build(cfg, num_tables, seed, threads, Some(single))
    }

    fn build(
        cfg: Arc<EnvConfig>,
        num_tables: usize,
        seed: Option<u64>,
        threads: Option<usize>,
        single: Option<SingleAgent>,
    ) -> Result<VecEnv> {
        if num_tables == 0 {
            return Err(Error::bad_config("num_tables must be at least 1".into()));
        }
        crate::threads::install(threads, || ())?;
        cfg.check()?;
        let obs = cfg.layout().len;
        let same_step = single
            .as_ref()
            .is_some_and(|s| s.autoreset == Autoreset::SameStep);
        let widths = Widths {
            obs,
            mask: cfg.actions.len(),
            rewards: if single.is_some() { 1 } else { cfg.players },
            final_obs: if same_step { obs } else { 0 },
            finals: same_step as usize,
        };
        let tables = (0..num_tables)
            .map(|i| {
                let mut t = EnvTable::new(Arc::clone(&cfg), seed, i as u64)?;
                if let Some(s) = &single {
                    t.set_learner(s.learner.clone())?;
                }
                Ok(t)
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(VecEnv {
            cfg,
            tables,
            threads,
            widths,
            single,
            plans: Vec::with_capacity(num_tables),
            broken: false,
        })
    }

    pub fn config(&self) -> &Arc<EnvConfig> {
        &self.cfg
    }
    pub fn num_tables(&self) -> usize {
        self.tables.len()
    }
    pub fn tables(&self) -> &[EnvTable] {
        &self.tables
    }
    /// The single-agent form's settings (`None`: self-play).
    pub fn single(&self) -> Option<&SingleAgent> {
        self.single.as_ref()
    }
    /// Whether some opponents' seats are left to the caller's policy.
    fn has_policy_seats(&self) -> bool {
        self.single
            .as_ref()
            .is_some_and(|s| s.learner.opponents.iter().any(Option::is_none))
    }

    /// Keeps every finished hand of every table (see [`VecEnv::take_finished`]).
    pub fn set_record(&mut self, on: bool) {
        for t in &mut self.tables {
            t.set_record(on);
        }
    }

    /// The finished hands recorded, as `(table, hand)`, oldest first per table.
    pub fn take_finished(&mut self) -> Vec<(usize, Hand)> {
        self.tables
            .iter_mut()
            .enumerate()
            .flat_map(|(i, t)| t.take_finished().into_iter().map(move |h| (i, h)))
            .collect()
    }

    /// Runs `f` on every table with its rows, on the configured threads.
    fn each<F>(&mut self, buf: Buffers<'_>, f: F) -> Result<()>
    where
        F: Fn(usize, &mut EnvTable, &mut Buffers<'_>) -> Result<()> + Sync,
    {
        let w = self.widths;
        buf.check(self.tables.len(), w)?;
        let run = |first: usize, tables: &mut [EnvTable], mut rows: Buffers<'_>| -> Result<()> {
            for (i, t) in tables.iter_mut().enumerate() {
                let (mut row, rest) = rows.split_at(1, w);
                f(first + i, t, &mut row)?;
                rows = rest;
            }
            Ok(())
        };
        match self.threads {
            None | Some(1) => run(0, &mut self.tables, buf),
            Some(threads) => {
                // A few blocks per thread, so that one slow block does not
                // hold the step back.
                let size = self.tables.len().div_ceil(threads * 4).max(1);
                let mut blocks = Vec::new();
                let (mut tables, mut rows, mut first) = (&mut self.tables[..], buf, 0usize);
                while !tables.is_empty() {
                    let k = size.min(tables.len());
                    let (t1, t2) = tables.split_at_mut(k);
                    let (r1, r2) = rows.split_at(k, w);
                    blocks.push((first, t1, r1));
                    (tables, rows, first) = (t2, r2, first + k);
                }
                crate::threads::install(Some(threads), || {
                    blocks
                        .into_par_iter()
                        .try_for_each(|(first, t, r)| run(first, t, r))
                })?
            }
        }
    }

    /// Writes a table's row: the observation and mask of the seat to act
    /// (single-agent: of the learner, whose mask is all true once its
    /// episode is over and the next step resets it), and that seat.
    #[inline]
    fn write(t: &EnvTable, row: &mut Buffers<'_>) {
        row.seat[0] = match t.learner_seat() {
            Some(seat) if t.is_over() => {
                t.observe(seat, row.obs);
                row.mask.fill(true);
                seat as i64
            }
            Some(seat) => {
                t.observe_seat(seat, row.obs, row.mask);
                seat as i64
            }
            None => t.observe_actor(row.obs, row.mask).map_or(-1, |s| s as i64),
        };
    }

    /// Starts a new episode at every table (reseeded from `seed`, table `i`
    /// on stream `i`, when given) and writes each table's first observation.
    pub fn reset(&mut self, seed: Option<u64>, buf: Buffers<'_>) -> Result<()> {
        self.reset_with(seed, buf, None)
    }

    /// [`VecEnv::reset`], with the policy for the opponents' seats left to
    /// the caller (needed when there are any).
    pub fn reset_with(
        &mut self,
        seed: Option<u64>,
        buf: Buffers<'_>,
        policy: Option<&mut Policy<'_>>,
    ) -> Result<()> {
        let policy = self.policy_for(policy)?;
        self.broken = true;
        let reset = self.reset_tables(seed, buf, policy);
        self.broken = reset.is_err();
        reset
    }

    fn reset_tables(
        &mut self,
        seed: Option<u64>,
        mut buf: Buffers<'_>,
        policy: Option<&mut Policy<'_>>,
    ) -> Result<()> {
        let settled = policy.is_none();
        self.each(reborrow(&mut buf), |i, t, row| {
            if seed.is_some() {
                t.seed(seed, i as u64);
            }
            // (rewards of hands a session played before its first decision
            // stay pending: the first step reports them)
            t.reset()?;
            row.rewards.fill(0.0);
            row.terminated[0] = false;
            row.truncated[0] = false;
            row.has_final.fill(false);
            if settled {
                Self::write(t, row);
            }
            Ok(())
        })?;
        if let Some(policy) = policy {
            let fresh = vec![true; self.tables.len()];
            self.settle(policy, &fresh)?;
            self.each(buf, |_, t, row| {
                Self::write(t, row);
                Ok(())
            })?;
        }
        Ok(())
    }

    /// The policy, checked against the opponents' seats left to it.
    fn policy_for<'a, 'p>(
        &self,
        policy: Option<&'a mut Policy<'p>>,
    ) -> Result<Option<&'a mut Policy<'p>>> {
        match (self.has_policy_seats(), policy) {
            (true, None) => Err(Error::bad_config(
                "some opponents are played by a policy, and none was given".into(),
            )),
            (false, _) => Ok(None),
            (true, p) => Ok(p),
        }
    }

    /// Every table's seat to act takes its action (`kinds[i]`; in exact
    /// mode with `amounts[i]` for a bet or raise). Refused as a whole, with
    /// nothing changed, if any table's action is not legal there (unless a
    /// single-agent form penalises illegal actions).
    pub fn step(&mut self, kinds: &[i64], amounts: Option<&[u64]>, buf: Buffers<'_>) -> Result<()> {
        self.step_with(kinds, amounts, buf, None)
    }

    /// [`VecEnv::step`], with the policy for the opponents' seats left to
    /// the caller (needed when there are any).
    pub fn step_with(
        &mut self,
        kinds: &[i64],
        amounts: Option<&[u64]>,
        mut buf: Buffers<'_>,
        policy: Option<&mut Policy<'_>>,
    ) -> Result<()> {
        let policy = self.policy_for(policy)?;
        if self.broken {
            return Err(Error::bad_config(
                "an earlier call failed part way (the opponents' policy failed or answered badly): call reset() to start over".into(),
            ));
        }
        let n = self.tables.len();
        if kinds.len() != n || amounts.is_some_and(|a| a.len() != n) {
            return Err(Error::bad_config(format!(
                "{} actions for {n} tables: one action a table",
                kinds.len()
            )));
        }
        let exact = matches!(self.cfg.actions, super::ActionSpace::Exact);
        let amount = |i: usize| {
            if exact && kinds[i] == 2 {
                amounts.map(|a| a[i])
            } else {
                None
            }
        };
        if exact && amounts.is_none() {
            return Err(Error::bad_config("exact actions need an amount per table (ignored unless the kind is 2, a bet or raise)".into()));
        }
        // Every action checked before any is played; what each table faces
        // is kept for its step.
        let mut plans = std::mem::take(&mut self.plans);
        plans.clear();
        let (single, penalty) = match &self.single {
            Some(s) => (true, s.illegal),
            None => (false, None),
        };
        for (i, t) in self.tables.iter().enumerate() {
            if single && t.is_over() {
                plans.push(Plan::Reset);
                continue;
            }
            if single && t.actor() != t.learner_seat() {
                self.plans = plans;
                return Err(crate::env::actions::at_table(
                    Error::bad_config(
                        "the learner is not to act (an opponent's policy is): call reset() first"
                            .into(),
                    ),
                    i,
                ));
            }
            let plan = match (t.legal_spot(kinds[i], amount(i)), penalty) {
                (Some(spot), _) => Plan::Play(spot),
                // (an index that is no action at all is the caller's error,
                // refused as without a penalty: only a move the rules
                // forbid is fined)
                (None, Some(fine)) => match t
                    .spot()
                    .map(|spot| self.cfg.actions.intended(&spot, kinds[i], amount(i)))
                {
                    Some(Err(e)) => {
                        self.plans = plans;
                        return Err(crate::env::actions::at_table(e, i));
                    }
                    _ => Plan::Forfeit(fine),
                },
                (None, None) => {
                    self.plans = plans;
                    return Err(crate::env::actions::at_table(
                        t.refuse(kinds[i], amount(i)),
                        i,
                    ));
                }
            };
            plans.push(plan);
        }
        let inv = 1.0 / self.cfg.unit() as f64;
        // (from here on tables change: a failure leaves them part way)
        self.broken = true;
        let played = match policy {
            None => self.each(buf, |i, t, row| {
                Self::play(&plans[i], t, kinds[i], amount(i))?;
                Self::finish(&plans[i], inv, t, row)?;
                Self::write(t, row);
                Ok(())
            }),
            Some(policy) => self.play_with_policy(&plans, kinds, &amount, &mut buf, inv, policy),
        };
        self.plans = plans;
        self.broken = played.is_err();
        played
    }

    /// A step where the caller's policy plays some seats: the learners'
    /// moves, the policy's turns, each table's result (and same-step
    /// resets), the policy's turns in the new episodes, then the rows.
    fn play_with_policy(
        &mut self,
        plans: &[Plan],
        kinds: &[i64],
        amount: &(dyn Fn(usize) -> Option<u64> + Sync),
        buf: &mut Buffers<'_>,
        inv: f64,
        policy: &mut Policy<'_>,
    ) -> Result<()> {
        self.each(reborrow(buf), |i, t, _| {
            Self::play(&plans[i], t, kinds[i], amount(i))
        })?;
        let fresh: Vec<bool> = plans.iter().map(|p| matches!(p, Plan::Reset)).collect();
        self.settle(policy, &fresh)?;
        self.each(reborrow(buf), |i, t, row| {
            Self::finish(&plans[i], inv, t, row)
        })?;
        // (the tables reset in this step, same-step, are those with a final row)
        let fresh: Vec<bool> = (0..self.tables.len())
            .map(|i| buf.has_final.get(i).copied().unwrap_or(false))
            .collect();
        self.settle(policy, &fresh)?;
        self.each(reborrow(buf), |_, t, row| {
            Self::write(t, row);
            Ok(())
        })
    }

    /// Plays a table's plan (the bots then play on to an agent's turn).
    #[inline]
    fn play(plan: &Plan, t: &mut EnvTable, kind: i64, amount: Option<u64>) -> Result<()> {
        match plan {
            Plan::Play(spot) => t.step_at(spot, kind, amount),
            Plan::Reset => t.reset(),
            Plan::Forfeit(_) => {
                t.forfeit();
                Ok(())
            }
        }
    }

    /// Writes a played table's rewards and flags; a self-play table, or a
    /// single-agent one resetting in the same step, whose episode ended
    /// starts the next (its last learner observation kept as final).
    /// `inv`: one over the chips of a big blind.
    #[inline]
    fn finish(plan: &Plan, inv: f64, t: &mut EnvTable, row: &mut Buffers<'_>) -> Result<()> {
        row.has_final.fill(false);
        if matches!(plan, Plan::Reset) {
            // (a session's hands before the learner's first decision are
            // reported at its first step, as after `reset`)
            row.rewards.fill(0.0);
            row.terminated[0] = false;
            row.truncated[0] = false;
            return Ok(());
        }
        let mut chips = [0i64; MAX_SEATS];
        let hands = t.take_rewards(&mut chips);
        let learner = t.learner_seat();
        match learner {
            Some(seat) => {
                let won = if hands > 0 {
                    chips[seat] as f64 * inv
                } else {
                    0.0
                };
                let fine = match plan {
                    Plan::Forfeit(fine) => *fine as f64,
                    _ => 0.0,
                };
                row.rewards[0] = (won + fine) as f32;
            }
            None if hands > 0 => {
                for (r, &c) in row.rewards.iter_mut().zip(chips.iter()) {
                    *r = (c as f64 * inv) as f32;
                }
            }
            None => row.rewards.fill(0.0),
        }
        row.terminated[0] = t.ending() == Ending::Terminated;
        row.truncated[0] = t.ending() == Ending::Truncated;
        // (a single-agent table resetting in the next step has no final row)
        if t.is_over() && (learner.is_none() || !row.has_final.is_empty()) {
            if let (Some(seat), Some(h)) = (learner, row.has_final.first_mut()) {
                t.observe(seat, row.final_obs);
                *h = true;
            }
            t.reset()?;
        }
        Ok(())
    }

    /// Plays the policy's seats until every table waits on its learner (or
    /// its episode is over). A `fresh` table's episode that ends before
    /// the learner's first decision is dealt again, as [`EnvTable::reset`]
    /// does for bots.
    fn settle(&mut self, policy: &mut Policy<'_>, fresh: &[bool]) -> Result<()> {
        let (obs_w, mask_w) = (self.widths.obs, self.widths.mask);
        let (mut waiting, mut obs, mut mask, mut acts) = (vec![], vec![], vec![], vec![]);
        loop {
            waiting.clear();
            for (i, t) in self.tables.iter_mut().enumerate() {
                if fresh[i] && t.is_over() {
                    t.reset()?;
                }
                if t.actor().is_some_and(|a| Some(a) != t.learner_seat()) {
                    waiting.push(i);
                }
            }
            if waiting.is_empty() {
                return Ok(());
            }
            obs.resize(waiting.len() * obs_w, 0.0);
            mask.resize(waiting.len() * mask_w, false);
            acts.resize(waiting.len(), 0i64);
            for (k, &i) in waiting.iter().enumerate() {
                self.tables[i].observe_actor(
                    &mut obs[k * obs_w..(k + 1) * obs_w],
                    &mut mask[k * mask_w..(k + 1) * mask_w],
                );
            }
            policy(&waiting, &obs, &mask, &mut acts)?;
            for (k, &i) in waiting.iter().enumerate() {
                self.tables[i].step(acts[k], None).map_err(|e| {
                    crate::env::actions::at_table(
                        Error::bad_config(format!(
                            "the opponents' policy chose action {}: {e}",
                            acts[k]
                        )),
                        i,
                    )
                })?;
            }
        }
    }
}

/// The same buffers, lent again.
fn reborrow<'b>(b: &'b mut Buffers<'_>) -> Buffers<'b> {
    Buffers {
        obs: b.obs,
        mask: b.mask,
        rewards: b.rewards,
        terminated: b.terminated,
        truncated: b.truncated,
        seat: b.seat,
        final_obs: b.final_obs,
        has_final: b.has_final,
    }
}
