//! Times a cash simulation between built-in bots on one thread (the
//! configuration of benches/sim.rs): `cargo run --release -p holecards-core --example sim_timing [HANDS] [BOT]`.
use holecards_core::sim::{BotKind, CashSim};
use std::time::Instant;

#[path = "../tests/common/mod.rs"]
mod common;

fn main() -> holecards_core::Result<()> {
    let hands = common::count_arg(1_000_000);
    let bot = std::env::args()
        .nth(2)
        .and_then(|a| BotKind::from_name(&a))
        .unwrap_or(BotKind::Random);
    let sim = CashSim {
        rules: common::no_limit(50, 100),
        stacks: vec![10_000; 6],
        bots: vec![bot; 6],
        hands,
        seed: 1,
    };
    for _ in 0..3 {
        let t0 = Instant::now();
        let t = sim.run(Some(1), None)?;
        let s = t0.elapsed().as_secs_f64();
        println!(
            "{} hands of {} bots in {:.3} s: {:.3} M hands/s",
            t.hands,
            bot.name(),
            s,
            t.hands as f64 / s / 1e6
        );
    }
    Ok(())
}
