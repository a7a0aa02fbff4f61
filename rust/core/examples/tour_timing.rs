//! Times a tournament simulation between built-in bots on one thread (2,000
//! six-player tournaments): `cargo run --release -p holecards-core --example tour_timing`.
use holecards_core::table::tournament::Level;
use std::time::Instant;

#[path = "../tests/common/mod.rs"]
mod common;
use common::sit_and_go;

fn main() -> holecards_core::Result<()> {
    let levels: Vec<Level> = (1..=10u64)
        .map(|i| Level {
            small_blind: 10 * i,
            big_blind: 20 * i,
            ante: 0,
            big_blind_ante: 0,
            bring_in: 0,
        })
        .collect();
    let sim = sit_and_go(
        levels,
        vec![1500; 6],
        vec![65, 35],
        "random calling_station tight_aggressive random calling_station random",
        (2000, 3, 1_000_000),
    );
    for _ in 0..5 {
        let t0 = Instant::now();
        let t = sim.run(Some(1), None)?;
        println!(
            "{:.3}s {} hands {:?}",
            t0.elapsed().as_secs_f64(),
            t.hands,
            &t.places[0][..2]
        );
    }
    Ok(())
}
