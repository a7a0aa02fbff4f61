//! Times a tournament simulation between built-in bots on one thread (2,000
//! six-player tournaments): `cargo run --release -p holecards-core --example tour_timing`.
use holecards_core::game::Structure;
use holecards_core::sim::{BotKind, TournamentSim};
use holecards_core::table::tournament::Level;
use std::time::Instant;

fn main() -> holecards_core::Result<()> {
    let levels: Vec<Level> = (1..=10u64)
        .map(|i| Level {
            small_blind: 10 * i,
            big_blind: 20 * i,
            ante: 0,
            big_blind_ante: 0,
        })
        .collect();
    let sim = TournamentSim {
        structure: Structure::NoLimit,
        levels,
        hands_per_level: 10,
        stacks: vec![1500; 6],
        payouts: vec![65, 35],
        bots: vec![
            BotKind::Random,
            BotKind::CallingStation,
            BotKind::TightAggressive,
            BotKind::Random,
            BotKind::CallingStation,
            BotKind::Random,
        ],
        tournaments: 2000,
        seed: 3,
        max_hands: 1_000_000,
    };
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
