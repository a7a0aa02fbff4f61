//! Many independent tables stepped together: every seat is an agent (self
//! play), or the seats given to built-in bots play inside. Results are
//! written into buffers the caller owns, one row per table, so a step makes
//! no allocation; tables whose episode ends are reset in the same step.
//! Each table's generators are keyed by the seed and the table's index, so
//! a run is the same on any number of threads.
use super::actions::Spot;
use super::episode::{Ending, EnvConfig, EnvTable};
use crate::error::{Error, Result};
use crate::game::{Hand, MAX_SEATS};
use rayon::prelude::*;
use std::sync::Arc;

/// The caller's buffers, one row per table: the observation and legal-action
/// mask of the seat to act, every seat's reward in big blinds (non-zero only
/// where a hand ended), whether the episode terminated or was truncated in
/// this step (the table has been reset since), and the seat to act.
pub struct Buffers<'a> {
    pub obs: &'a mut [f32],
    pub mask: &'a mut [bool],
    pub rewards: &'a mut [f32],
    pub terminated: &'a mut [bool],
    pub truncated: &'a mut [bool],
    pub seat: &'a mut [i64],
}

/// Row widths.
#[derive(Copy, Clone, Debug)]
struct Widths {
    obs: usize,
    mask: usize,
    players: usize,
}

impl<'a> Buffers<'a> {
    fn check(&self, tables: usize, w: Widths) -> Result<()> {
        let sizes = [
            ("observations", self.obs.len(), tables * w.obs),
            ("masks", self.mask.len(), tables * w.mask),
            ("rewards", self.rewards.len(), tables * w.players),
            ("terminated", self.terminated.len(), tables),
            ("truncated", self.truncated.len(), tables),
            ("seats", self.seat.len(), tables),
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
        let (r1, r2) = self.rewards.split_at_mut(k * w.players);
        let (te1, te2) = self.terminated.split_at_mut(k);
        let (tr1, tr2) = self.truncated.split_at_mut(k);
        let (s1, s2) = self.seat.split_at_mut(k);
        (
            Buffers {
                obs: o1,
                mask: m1,
                rewards: r1,
                terminated: te1,
                truncated: tr1,
                seat: s1,
            },
            Buffers {
                obs: o2,
                mask: m2,
                rewards: r2,
                terminated: te2,
                truncated: tr2,
                seat: s2,
            },
        )
    }
}

/// Many tables of one configuration.
pub struct VecEnv {
    cfg: Arc<EnvConfig>,
    tables: Vec<EnvTable>,
    threads: Option<usize>,
    widths: Widths,
    /// A step's checked spots, one a table (kept to reuse the allocation).
    spots: Vec<Spot>,
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
        if num_tables == 0 {
            return Err(Error::bad_config("num_tables must be at least 1".into()));
        }
        crate::threads::install(threads, || ())?;
        cfg.check()?;
        let widths = Widths {
            obs: cfg.layout().len,
            mask: cfg.actions.len(),
            players: cfg.players,
        };
        let tables = (0..num_tables)
            .map(|i| EnvTable::new(Arc::clone(&cfg), seed, i as u64))
            .collect::<Result<Vec<_>>>()?;
        Ok(VecEnv {
            cfg,
            tables,
            threads,
            widths,
            spots: Vec::with_capacity(num_tables),
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

    /// Writes a table's row for the seat to act; clears its reward and flags.
    #[inline]
    fn write(t: &EnvTable, row: &mut Buffers<'_>) {
        row.seat[0] = t.observe_actor(row.obs, row.mask).map_or(-1, |s| s as i64);
    }

    /// Starts a new episode at every table (reseeded from `seed`, table `i`
    /// on stream `i`, when given) and writes each table's first observation.
    pub fn reset(&mut self, seed: Option<u64>, buf: Buffers<'_>) -> Result<()> {
        self.each(buf, |i, t, row| {
            if seed.is_some() {
                t.seed(seed, i as u64);
            }
            // (rewards of hands a session played before its first decision
            // stay pending: the first step reports them)
            t.reset()?;
            row.rewards.fill(0.0);
            row.terminated[0] = false;
            row.truncated[0] = false;
            Self::write(t, row);
            Ok(())
        })
    }

    /// Every table's seat to act takes its action (`kinds[i]`; in exact
    /// mode with `amounts[i]` for a bet or raise). Refused as a whole, with
    /// nothing changed, if any table's action is not legal there.
    pub fn step(&mut self, kinds: &[i64], amounts: Option<&[u64]>, buf: Buffers<'_>) -> Result<()> {
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
        let mut spots = std::mem::take(&mut self.spots);
        spots.clear();
        for (i, t) in self.tables.iter().enumerate() {
            match t.legal_spot(kinds[i], amount(i)) {
                Some(spot) => spots.push(spot),
                None => {
                    self.spots = spots;
                    return Err(crate::env::actions::at_table(
                        t.refuse(kinds[i], amount(i)),
                        i,
                    ));
                }
            }
        }
        let inv = 1.0 / self.cfg.unit() as f64;
        let played = self.each(buf, |i, t, row| {
            t.step_at(&spots[i], kinds[i], amount(i))?;
            let mut chips = [0i64; MAX_SEATS];
            let hands = t.take_rewards(&mut chips);
            if hands > 0 {
                for (r, &c) in row.rewards.iter_mut().zip(chips.iter()) {
                    *r = (c as f64 * inv) as f32;
                }
            } else {
                row.rewards.fill(0.0);
            }
            row.terminated[0] = t.ending() == Ending::Terminated;
            row.truncated[0] = t.ending() == Ending::Truncated;
            if t.is_over() {
                t.reset()?;
            }
            Self::write(t, row);
            Ok(())
        });
        self.spots = spots;
        played
    }
}
