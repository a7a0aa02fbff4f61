//! Criterion bench of the betting state machine with no Python: six-player
//! no-limit hands (blinds 50/100, stacks 10,000) dealt from one seeded
//! ChaCha20 generator (as a simulator would), and
//! random legal actions (fold 15%, raise 25% to a uniform legal amount, else
//! check or call), played to the end with the showdown. Also `copy` (clone)
//! of a mid-hand state.
//!
//! Run: `cargo bench -p holecards-core --bench game`
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use holecards_core::deck::{make_rng, DeckRng};
use holecards_core::game::{Hand, Rules};
use std::hint::black_box;
use std::sync::Arc;

const HANDS: u64 = 100_000;

#[path = "common/policy.rs"]
mod policy;
use policy::{six_handed, Policy};
#[path = "../tests/common/mod.rs"]
mod common;

fn play(rules: &Arc<Rules>, i: u64, deal: &mut DeckRng, rng: &mut Policy) -> i64 {
    let Ok(mut hand) = six_handed(rules, i, deal) else {
        return 0;
    };
    while let Some(la) = hand.legal_actions() {
        let roll = rng.range(0, 99);
        let done = if roll < 15 && la.can_fold {
            hand.fold()
        } else if roll < 40 && la.min_raise_to.is_some() {
            let lo = la.min_raise_to.unwrap_or(0);
            let hi = la.max_raise_to.unwrap_or(lo);
            hand.bet_or_raise_to(rng.range(lo, hi))
        } else {
            hand.check_or_call()
        };
        if done.is_err() {
            return 0;
        }
    }
    hand.payoffs().map(|p| p[0]).unwrap_or(0)
}

fn bench(c: &mut Criterion) {
    let rules = common::no_limit(50, 100);
    let mut g = c.benchmark_group("game");
    g.throughput(Throughput::Elements(HANDS));
    g.sample_size(10);
    g.bench_function("six_player_no_limit_random_hands_100k", |b| {
        b.iter(|| {
            let mut rng = Policy::new(0x9E37_79B9_7F4A_7C15, false);
            let mut deal = make_rng(Some(2));
            let mut acc = 0i64;
            for i in 0..HANDS {
                acc = acc.wrapping_add(play(&rules, i, &mut deal, &mut rng));
            }
            black_box(acc)
        })
    });
    g.finish();
    let mut hand = Hand::new(Arc::clone(&rules), &[10_000; 6], 0, Some(7), None)
        .unwrap_or_else(|e| panic!("{e}"));
    let _ = hand.check_or_call();
    let _ = hand.bet_or_raise_to(300);
    let mut g2 = c.benchmark_group("game_copy");
    g2.throughput(Throughput::Elements(1));
    g2.bench_function("clone_mid_hand", |b| b.iter(|| black_box(hand.clone())));
    g2.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
