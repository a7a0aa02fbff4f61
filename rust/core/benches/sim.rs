//! Criterion bench of the simulation with no Python: six-player no-limit
//! hands (blinds 50/100, stacks 10,000) between the built-in random bots
//! (`CashSim`: chunks of 2,048 hands, each from its own seeded stream), on
//! one thread and on two.
//!
//! Run: `cargo bench -p holecards-core --bench sim`
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use holecards_core::sim::{BotKind, CashSim};
use std::hint::black_box;

#[path = "../tests/common/mod.rs"]
mod common;

const HANDS: u64 = 200_000;

fn bench(c: &mut Criterion) {
    let sim = CashSim {
        rules: common::no_limit(50, 100),
        stacks: vec![10_000; 6],
        bots: vec![BotKind::Random; 6],
        hands: HANDS,
        seed: 1,
    };
    let mut g = c.benchmark_group("sim");
    g.throughput(Throughput::Elements(HANDS));
    g.sample_size(10);
    for threads in [1usize, 2] {
        g.bench_function(
            format!("random_bots_six_players_200k_{threads}_threads"),
            |b| b.iter(|| black_box(sim.run(Some(threads), None).map(|t| t.hands).unwrap_or(0))),
        );
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
