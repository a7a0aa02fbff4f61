//! Setups shared by the engine's integration tests, its benches and its
//! timing examples (those include this file with `#[path]`): the rules they
//! deal with and the output rows of a vector of environments. Each user
//! takes a part.
#![allow(dead_code)]

use holecards_core::env::{
    AbstractAction, ActionSpace, Buffers, EnvConfig, Episode, Layout, Stacks, VecEnv,
};
use holecards_core::game::{BlindOptions, Rules, Structure};
use holecards_core::sim::{BotKind, TournamentSim};
use holecards_core::table::tournament::Level;
use std::sync::Arc;

/// A no-limit single-table tournament between built-in bots (named as
/// Python names them, separated by spaces), ten hands a level.
pub fn sit_and_go(
    levels: Vec<Level>,
    stacks: Vec<u64>,
    payouts: Vec<u64>,
    bots: &str,
    (tournaments, seed, max_hands): (u64, u64, u64),
) -> TournamentSim {
    TournamentSim {
        structure: Structure::NoLimit,
        game: Default::default(),
        mix: Vec::new(),
        rotation: Default::default(),
        levels,
        hands_per_level: 10,
        stacks,
        payouts,
        bots: bots
            .split_whitespace()
            .map(|b| BotKind::parse(b).unwrap_or_else(|e| panic!("{e}")))
            .collect(),
        tournaments,
        seed,
        max_hands,
    }
}

/// Marsaglia's xorshift64: the next of a cheap, seeded stream of numbers
/// for scripted play (`x` must not be 0).
pub fn xorshift(x: &mut u64) -> u64 {
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    *x
}

/// No-limit rules with these blinds and no other forced bet.
pub fn no_limit(small_blind: u64, big_blind: u64) -> Arc<Rules> {
    no_limit_with(BlindOptions {
        small_blind,
        big_blind,
        ..Default::default()
    })
}

/// No-limit rules with these forced bets.
pub fn no_limit_with(blinds: BlindOptions) -> Arc<Rules> {
    Arc::new(Rules::no_limit(blinds).unwrap_or_else(|e| panic!("{e}")))
}

/// An environment's configuration with agents in every seat and the button
/// drawn.
pub fn env_config(
    rules: Arc<Rules>,
    players: usize,
    stacks: Stacks,
    episode: Episode,
    actions: ActionSpace,
) -> Arc<EnvConfig> {
    Arc::new(EnvConfig {
        rules,
        players,
        stacks,
        episode,
        actions,
        button: None,
        bots: vec![None; players],
    })
}

/// Three players of 100 chips at no-limit 1/2, one hand an episode.
pub fn three_at_100(actions: ActionSpace) -> Arc<EnvConfig> {
    env_config(
        no_limit(1, 2),
        3,
        Stacks::Fixed(vec![100; 3]),
        Episode::Hand,
        actions,
    )
}

/// The env bench's configuration (benches/env.rs, examples/env_timing.rs):
/// six players, no-limit 1/2, stacks 200, one hand an episode, the
/// `BENCH_ACTIONS` actions fold, check/call, half pot, pot, all-in.
pub fn bench_env_config() -> Arc<EnvConfig> {
    env_config(
        no_limit(1, 2),
        6,
        Stacks::Fixed(vec![200; 6]),
        Episode::Hand,
        bench_actions(),
    )
}

/// The env bench's `BENCH_ACTIONS` actions: fold, check/call, half pot,
/// pot, the largest raise.
pub fn bench_actions() -> ActionSpace {
    ActionSpace::discrete(vec![
        AbstractAction::Fold,
        AbstractAction::CheckCall,
        AbstractAction::Pot { num: 1, den: 2 },
        AbstractAction::Pot { num: 1, den: 1 },
        AbstractAction::MaxRaise,
    ])
    .unwrap_or_else(|e| panic!("{e}"))
}

/// How many actions `bench_env_config` has.
pub const BENCH_ACTIONS: usize = 5;

/// The env bench's `tables` tables (seed 1) on `threads`, reset, and their
/// rows.
pub fn bench_env(tables: usize, threads: Option<usize>) -> (VecEnv, EnvBuffers) {
    let mut env =
        VecEnv::new(bench_env_config(), tables, Some(1), threads).unwrap_or_else(|e| panic!("{e}"));
    let mut buf = EnvBuffers::new(tables, 6, BENCH_ACTIONS);
    env.reset(Some(1), buf.view())
        .unwrap_or_else(|e| panic!("{e}"));
    (env, buf)
}

/// The rows `VecEnv::reset` and `VecEnv::step` write, for `tables` tables of
/// `players` seats with `actions` discrete actions.
pub struct EnvBuffers {
    pub obs: Vec<f32>,
    pub mask: Vec<bool>,
    pub rewards: Vec<f32>,
    pub terminated: Vec<bool>,
    pub truncated: Vec<bool>,
    pub seat: Vec<i64>,
    pub final_obs: Vec<f32>,
    pub has_final: Vec<bool>,
}

impl EnvBuffers {
    pub fn new(tables: usize, players: usize, actions: usize) -> EnvBuffers {
        Self::with(tables, players, actions, players, false)
    }

    /// A single-agent environment's rows (one reward a table; the final
    /// observations when it resets in the same step).
    pub fn single(tables: usize, players: usize, actions: usize, same_step: bool) -> EnvBuffers {
        Self::with(tables, players, actions, 1, same_step)
    }

    fn with(
        tables: usize,
        players: usize,
        actions: usize,
        rewards: usize,
        same_step: bool,
    ) -> EnvBuffers {
        let obs = Layout::new(players).len;
        let finals = if same_step { tables } else { 0 };
        EnvBuffers {
            obs: vec![0f32; tables * obs],
            mask: vec![false; tables * actions],
            rewards: vec![0f32; tables * rewards],
            terminated: vec![false; tables],
            truncated: vec![false; tables],
            seat: vec![0i64; tables],
            final_obs: vec![0f32; finals * obs],
            has_final: vec![false; finals],
        }
    }

    /// The rows as the environment takes them.
    pub fn view(&mut self) -> Buffers<'_> {
        Buffers {
            obs: &mut self.obs,
            mask: &mut self.mask,
            rewards: &mut self.rewards,
            terminated: &mut self.terminated,
            truncated: &mut self.truncated,
            seat: &mut self.seat,
            final_obs: &mut self.final_obs,
            has_final: &mut self.has_final,
        }
    }
}

/// Tournament levels from their (small blind, big blind, ante, big blind
/// ante).
pub fn levels(blinds: &[(u64, u64, u64, u64)]) -> Vec<Level> {
    blinds
        .iter()
        .map(|&(small_blind, big_blind, ante, big_blind_ante)| Level {
            bring_in: 0,
            small_blind,
            big_blind,
            ante,
            big_blind_ante,
        })
        .collect()
}

/// An example's first command-line argument, a count, or `default`.
pub fn count_arg(default: u64) -> u64 {
    std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(default)
}

/// The four levels of the simulation tests and the engine digest: 5/10,
/// 10/20 with a big-blind ante of `bba`, 25/50 with an ante of 5, 100/200
/// with an ante of 20.
pub fn four_levels(bba: u64) -> Vec<Level> {
    levels(&[
        (5, 10, 0, 0),
        (10, 20, 0, bba),
        (25, 50, 5, 0),
        (100, 200, 20, 0),
    ])
}
