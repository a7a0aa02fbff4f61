//! Times table sessions next to bare hands (the policy of benches/table.rs)
//! and reports actions and events per hand, to see where a session's time goes.
//!
//! Run: `cargo run --release -p holecards-core --example table_timing`
use holecards_core::deck::make_rng;
use holecards_core::game::{Hand, Move};
use holecards_core::table::ButtonRule;
use std::time::Instant;

// The policy of benches/table.rs, raising to the minimum (its `min` runs).
#[path = "../benches/common/policy.rs"]
mod policy;
use policy::{refill, six_handed, six_seated, Policy};
#[path = "../tests/common/mod.rs"]
mod common;

fn main() -> holecards_core::Result<()> {
    let n = common::count_arg(300_000);
    let rules = common::no_limit(50, 100);
    let only_folds = std::env::args().nth(2).is_some_and(|a| a == "folds");
    for round in 0..if only_folds { 0 } else { 3 } {
        let mut rng = Policy::new(0x9E37_79B9_7F4A_7C15, true);
        let mut deal = make_rng(Some(2));
        let (mut actions, mut pots) = (0usize, 0usize);
        let t0 = Instant::now();
        for i in 0..n {
            let mut hand = six_handed(&rules, i, &mut deal)?;
            while hand.actor().is_some() {
                let mv = rng.choose(&hand);
                hand.act(None, mv)?;
                actions += 1;
            }
            pots += hand.pots().len();
        }
        let bare = t0.elapsed().as_secs_f64();
        for rule in [ButtonRule::Moving, ButtonRule::Dead] {
            let mut t = six_seated(&rules, rule)?;
            let mut rng = Policy::new(0x9E37_79B9_7F4A_7C15, true);
            let mut count = 0usize;
            let mut policy = |h: &Hand| {
                count += 1;
                rng.choose(h)
            };
            let mut tpots = 0usize;
            let mut rebuys = 0u64;
            let t0 = Instant::now();
            for _ in 0..n {
                let h = t.play(&mut policy)?;
                tpots += h.pots().len();
                rebuys += refill(&mut t)?;
            }
            let table = t0.elapsed().as_secs_f64();
            if round == 2 {
                println!(
                    "{:?}: bare {:.3} M hands/s ({:.2} actions, {:.2} pots a hand); table {:.3} M hands/s ({:.2} actions, {:.2} pots a hand, {} rebuys); ratio {:.2}",
                    rule,
                    n as f64 / bare / 1e6,
                    actions as f64 / n as f64,
                    pots as f64 / n as f64,
                    n as f64 / table / 1e6,
                    count as f64 / n as f64,
                    tpots as f64 / n as f64,
                    rebuys,
                    bare / table
                );
            }
        }
    }
    // The table's own cost: deal and finish a hand whose players all fold
    // to the big blind, next to dealing and folding a bare hand.
    let t0 = Instant::now();
    let mut deal = make_rng(Some(3));
    let mut acc = 0u64;
    for i in 0..n {
        let mut hand = six_handed(&rules, i, &mut deal)?;
        while hand.actor().is_some() {
            hand.act(None, Move::Fold)?;
        }
        acc += hand.pot();
    }
    let bare = t0.elapsed().as_secs_f64();
    let mut t = six_seated(&rules, ButtonRule::Moving)?;
    let t0 = Instant::now();
    for _ in 0..n {
        let h = t.play(|_: &Hand| Move::Fold)?;
        acc += h.pot();
    }
    let table = t0.elapsed().as_secs_f64();
    println!(
        "folded hands: bare {:.0} ns, table {:.0} ns a hand ({acc})",
        bare / n as f64 * 1e9,
        table / n as f64 * 1e9
    );
    Ok(())
}
