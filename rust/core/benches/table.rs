//! Criterion bench of sessions at a table with no Python, next to bare
//! hands in the same run: six-player no-limit (blinds 50/100, stacks
//! 10,000), random legal actions: fold 15%, raise 25%, else check or call.
//!
//! Two raise sizes. `min`: raises to the minimum, so stacks last (about 29
//! actions and one pot a hand, a bust every few hundred hands), and a
//! session's hands are like bare hands: this pair measures what the table
//! adds. `any`: raises to a uniform legal amount up to all-in (the policy of
//! benches/game.rs): bare hands all start at 10,000, but at a table carried
//! stacks drift apart, so hands have side pots and about two players bust
//! (and are replaced) every hand; hands differ, not only the bookkeeping.
//!
//! * `bare_*`: `Hand::new_with_rng` with the button moved by the caller,
//!   stacks reset every hand.
//! * `table_*`: a `Table` (moving button) carrying stacks, moving the
//!   button, busting players; a busted player's seat is taken again by a new
//!   player who posts a big blind to come in.
//! * `dead_button_table_*`: the same with the TDA's dead button.
//! * `icm_20_players_exact`: ICM of 20 stacks, 20 places paid.
//!
//! Run: `cargo bench -p holecards-core --bench table`
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use holecards_core::deck::{make_rng, DeckRng};
use holecards_core::game::{Hand, Rules};
use holecards_core::table::{icm, ButtonRule};
use std::hint::black_box;
use std::sync::Arc;

const HANDS: u64 = 100_000;

#[path = "common/policy.rs"]
mod policy;
use policy::{refill, six_handed, six_seated, Policy};
#[path = "../tests/common/mod.rs"]
mod common;

fn bare(rules: &Arc<Rules>, i: u64, deal: &mut DeckRng, rng: &mut Policy) -> i64 {
    let Ok(mut hand) = six_handed(rules, i, deal) else {
        return 0;
    };
    while hand.actor().is_some() {
        let mv = rng.choose(&hand);
        if hand.act(None, mv).is_err() {
            return 0;
        }
    }
    hand.payoffs().map(|p| p[0]).unwrap_or(0)
}

fn session(rules: &Arc<Rules>, rule: ButtonRule, min: bool) -> u64 {
    let mut t = six_seated(rules, rule).unwrap_or_else(|e| panic!("{e}"));
    let mut rng = Policy::new(0x9E37_79B9_7F4A_7C15, min);
    let mut policy = |h: &Hand| rng.choose(h);
    let mut acc = 0u64;
    for _ in 0..HANDS {
        match t.play(&mut policy) {
            Ok(h) => acc = acc.wrapping_add(h.pot()),
            Err(e) => panic!("{e}"),
        }
        refill(&mut t).unwrap_or_else(|e| panic!("{e}"));
    }
    acc
}

fn bench(c: &mut Criterion) {
    let rules = common::no_limit(50, 100);
    let mut g = c.benchmark_group("table");
    g.throughput(Throughput::Elements(HANDS));
    g.sample_size(10);
    for (name, min) in [("min", true), ("any", false)] {
        g.bench_function(format!("bare_hands_100k_{name}"), |b| {
            b.iter(|| {
                let mut rng = Policy::new(0x9E37_79B9_7F4A_7C15, min);
                let mut deal = make_rng(Some(2));
                let mut acc = 0i64;
                for i in 0..HANDS {
                    acc = acc.wrapping_add(bare(&rules, i, &mut deal, &mut rng));
                }
                black_box(acc)
            })
        });
        g.bench_function(format!("table_hands_100k_{name}"), |b| {
            b.iter(|| black_box(session(&rules, ButtonRule::Moving, min)))
        });
        g.bench_function(format!("dead_button_table_hands_100k_{name}"), |b| {
            b.iter(|| black_box(session(&rules, ButtonRule::Dead, min)))
        });
    }
    g.finish();
    let stacks: Vec<u64> = (0..20).map(|i| 1_000 + 137 * i).collect();
    let payouts: Vec<f64> = (0..20).map(|i| 100.0 / (i as f64 + 1.0)).collect();
    let mut g2 = c.benchmark_group("icm");
    g2.sample_size(10);
    g2.bench_function("icm_20_players_exact", |b| {
        b.iter(|| black_box(icm::icm_exact(&stacks, &payouts).unwrap_or_default()))
    });
    g2.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
