//! Criterion bench of the vectorised RL environment with no Python: 1,024
//! six-player no-limit tables (blinds 1/2, stacks 200), each step a random
//! legal action at every table (drawn inside the timed loop, as an agent
//! would), on one thread and on two.
//!
//! Run: `cargo bench -p holecards-core --bench env`
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rand::{Rng, SeedableRng};

#[path = "../tests/common/mod.rs"]
mod common;
use common::{bench_env, BENCH_ACTIONS as A};

const TABLES: usize = 1024;
const STEPS: usize = 100;

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("env");
    g.throughput(Throughput::Elements((TABLES * STEPS) as u64));
    g.sample_size(10);
    for threads in [None, Some(2)] {
        let (mut env, mut buf) = bench_env(TABLES, threads);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let mut acts = vec![0i64; TABLES];
        let name = format!("vector_1024_tables_{}_threads", threads.unwrap_or(1));
        g.bench_function(name, |b| {
            b.iter(|| {
                for _ in 0..STEPS {
                    for (i, a) in acts.iter_mut().enumerate() {
                        let legal: Vec<usize> = (0..A).filter(|&k| buf.mask[i * A + k]).collect();
                        *a = legal[rng.random_range(0..legal.len())] as i64;
                    }
                    env.step(&acts, None, buf.view())
                        .unwrap_or_else(|e| panic!("{e}"));
                }
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
