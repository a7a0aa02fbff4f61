//! Criterion bench of the vectorised RL environment with no Python: 1,024
//! six-player no-limit tables (blinds 1/2, stacks 200), each step a random
//! legal action at every table (drawn inside the timed loop, as an agent
//! would), on one thread and on two.
//!
//! Run: `cargo bench -p holecards-core --bench env`
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use holecards_core::env::{
    AbstractAction, ActionSpace, Buffers, EnvConfig, Episode, Layout, Stacks, VecEnv,
};
use holecards_core::game::{BlindOptions, Rules};
use rand::{Rng, SeedableRng};
use std::sync::Arc;

const TABLES: usize = 1024;
const STEPS: usize = 100;

fn bench(c: &mut Criterion) {
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
    let d = Layout::new(6).len;
    let mut g = c.benchmark_group("env");
    g.throughput(Throughput::Elements((TABLES * STEPS) as u64));
    g.sample_size(10);
    for threads in [None, Some(2)] {
        let mut env = VecEnv::new(Arc::clone(&cfg), TABLES, Some(1), threads)
            .unwrap_or_else(|e| panic!("{e}"));
        let (mut obs, mut mask, mut rew) = (
            vec![0f32; TABLES * d],
            vec![false; TABLES * 5],
            vec![0f32; TABLES * 6],
        );
        let (mut term, mut trunc, mut seat) =
            (vec![false; TABLES], vec![false; TABLES], vec![0i64; TABLES]);
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
        let mut acts = vec![0i64; TABLES];
        let name = format!("vector_1024_tables_{}_threads", threads.unwrap_or(1));
        g.bench_function(name, |b| {
            b.iter(|| {
                for _ in 0..STEPS {
                    for (i, a) in acts.iter_mut().enumerate() {
                        let legal: Vec<usize> = (0..5).filter(|&k| mask[i * 5 + k]).collect();
                        *a = legal[rng.random_range(0..legal.len())] as i64;
                    }
                    env.step(
                        &acts,
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
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
