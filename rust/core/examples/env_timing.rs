//! Steps per second of the vectorised environment with no Python: 1,024
//! six-player no-limit tables (blinds 1/2, stacks 200), a random legal
//! action at every table each step, on 1 and 2 threads.
//!
//! Run: `cargo run --release -p holecards-core --example env_timing`
use holecards_core::env::{
    AbstractAction, ActionSpace, Buffers, EnvConfig, Episode, Layout, Stacks, VecEnv,
};
use holecards_core::game::{BlindOptions, Rules};
use rand::{Rng, SeedableRng};
use std::sync::Arc;
use std::time::Instant;

fn main() {
    let rules = Arc::new(
        Rules::no_limit(BlindOptions {
            small_blind: 1,
            big_blind: 2,
            ..Default::default()
        })
        .unwrap_or_else(|e| panic!("{e}")),
    );
    let actions = ActionSpace::discrete(vec![
        AbstractAction::Fold,
        AbstractAction::CheckCall,
        AbstractAction::Pot { num: 1, den: 2 },
        AbstractAction::Pot { num: 1, den: 1 },
        AbstractAction::MaxRaise,
    ])
    .unwrap_or_else(|e| panic!("{e}"));
    let cfg = Arc::new(EnvConfig {
        rules,
        players: 6,
        stacks: Stacks::Fixed(vec![200; 6]),
        episode: Episode::Hand,
        actions,
        button: None,
        bots: vec![None; 6],
    });
    let tables = 1024;
    let d = Layout::new(6).len;
    for threads in [None, Some(2)] {
        let mut env = VecEnv::new(Arc::clone(&cfg), tables, Some(1), threads)
            .unwrap_or_else(|e| panic!("{e}"));
        let (mut obs, mut mask, mut rew) = (
            vec![0f32; tables * d],
            vec![false; tables * 5],
            vec![0f32; tables * 6],
        );
        let (mut term, mut trunc, mut seat) =
            (vec![false; tables], vec![false; tables], vec![0i64; tables]);
        env.reset(
            Some(1),
            Buffers {
                obs: &mut obs,
                mask: &mut mask,
                rewards: &mut rew,
                terminated: &mut term,
                truncated: &mut trunc,
                seat: &mut seat,
            },
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let mut actions = vec![0i64; tables];
        let steps = 2000;
        let t0 = Instant::now();
        let mut choose = 0f64;
        for _ in 0..steps {
            let c0 = Instant::now();
            for (i, a) in actions.iter_mut().enumerate() {
                let m = &mask[i * 5..i * 5 + 5];
                let legal = m.iter().filter(|&&x| x).count();
                let mut k = rng.random_range(0..legal);
                *a = m
                    .iter()
                    .position(|&x| {
                        x && (k == 0 || {
                            k -= 1;
                            false
                        })
                    })
                    .unwrap_or(1) as i64;
            }
            choose += c0.elapsed().as_secs_f64();
            env.step(
                &actions,
                None,
                Buffers {
                    obs: &mut obs,
                    mask: &mut mask,
                    rewards: &mut rew,
                    terminated: &mut term,
                    truncated: &mut trunc,
                    seat: &mut seat,
                },
            )
            .unwrap_or_else(|e| panic!("{e}"));
        }
        let dt = t0.elapsed().as_secs_f64();
        let n = (steps * tables) as f64;
        println!("threads {:?}: {:.2} M steps/s overall, {:.2} M steps/s in step() ({:.0} ns a table step)", threads, n / dt / 1e6, n / (dt - choose) / 1e6, (dt - choose) / n * 1e9);
    }
}
