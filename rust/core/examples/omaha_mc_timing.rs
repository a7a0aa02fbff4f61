//! Times heads-up Omaha equity on one thread: Monte Carlo deals a second
//! (PLO4, high and hi/lo), and the exact preflop enumeration (PLO4, PLO5).
//!
//! `cargo run --release -p holecards-core --example omaha_mc_timing`
use holecards_core::card::parse_cards;
use holecards_core::equity::omaha::{omaha_equity, OmahaMethod};
use holecards_core::equity::Control;
use std::time::Instant;

fn main() -> holecards_core::Result<()> {
    let hands = vec![parse_cards("AsAhKsKh")?, parse_cards("QdJdTc9c")?];
    for hilo in [false, true] {
        let mut best = f64::MAX;
        for _ in 0..5 {
            let t = Instant::now();
            let r = omaha_equity(
                &hands,
                &[],
                &[],
                hilo,
                OmahaMethod::MonteCarlo {
                    trials: 3_000_000,
                    seed: Some(1),
                },
                Some(1),
                &Control::new(),
            )?;
            best = best.min(t.elapsed().as_secs_f64());
            std::hint::black_box(r);
        }
        println!("Monte Carlo, hilo={hilo}: {:.2} M deals/s", 3.0 / best);
    }
    let plo5 = vec![parse_cards("AsAhKsKh2c")?, parse_cards("QdJdTc9c8c")?];
    for (name, h) in [("PLO4", &hands), ("PLO5", &plo5)] {
        let mut best = f64::MAX;
        for _ in 0..3 {
            let t = Instant::now();
            let r = omaha_equity(
                h,
                &[],
                &[],
                false,
                OmahaMethod::Exact,
                Some(1),
                &Control::new(),
            )?;
            best = best.min(t.elapsed().as_secs_f64());
            std::hint::black_box(r);
        }
        println!("exact preflop {name}: {:.3} s", best);
    }
    Ok(())
}
