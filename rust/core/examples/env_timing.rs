//! Steps per second of the vectorised environment with no Python: 1,024
//! six-player no-limit tables (blinds 1/2, stacks 200), a random legal
//! action at every table each step, on 1 and 2 threads.
//!
//! Run: `cargo run --release -p holecards-core --example env_timing`
use rand::{Rng, SeedableRng};
use std::time::Instant;

#[path = "../tests/common/mod.rs"]
mod common;
use common::{bench_env, BENCH_ACTIONS as A};

fn main() {
    let tables = 1024;
    for threads in [None, Some(2)] {
        let (mut env, mut buf) = bench_env(tables, threads);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let mut actions = vec![0i64; tables];
        let steps = 2000;
        let t0 = Instant::now();
        let mut choose = 0f64;
        for _ in 0..steps {
            let c0 = Instant::now();
            for (i, a) in actions.iter_mut().enumerate() {
                let m = &buf.mask[i * A..i * A + A];
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
            env.step(&actions, None, buf.view())
                .unwrap_or_else(|e| panic!("{e}"));
        }
        let dt = t0.elapsed().as_secs_f64();
        let n = (steps * tables) as f64;
        println!("threads {:?}: {:.2} M steps/s overall, {:.2} M steps/s in step() ({:.0} ns a table step)", threads, n / dt / 1e6, n / (dt - choose) / 1e6, (dt - choose) / n * 1e9);
    }
}
