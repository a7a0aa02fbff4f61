//! Random-bot hands of each stud and draw game (and hold'em for reference)
//! on one core, in Rust alone: a [`CashSim`] of six players on one thread,
//! timed with `Instant`, best of a few runs; once with the random bot in
//! every seat and once with calling stations (no raise, no fold). Then,
//! per game, what a hand holds (decisions, draws, showdowns, from a
//! separate, untimed pass with the same bots) and what one showdown
//! evaluation of the game costs.
//!
//! Run: `cargo run --release -p holecards-core --example games_timing [HANDS|auto] [RUNS] [GAME] [sim]`
//! (defaults: as many hands a run as take about half a second, in whole
//! chunks of the simulation, best of 3 runs; GAME keeps the rows whose name
//! contains it, e.g. `razz`; `sim` leaves out the untimed columns, for a
//! profiler).
//!
//! The games (six players, stacks 200 at the start of every hand, the
//! button moving): stud, stud/8 and razz with an ante of 1, a bring-in of
//! 1 and bets 2/4; 2-7 triple draw and badugi at fixed limit 1/2 (bets
//! 2/4); 2-7 single draw at no limit 1/2; hold'em at fixed limit 1/2 and at
//! no limit 50/100 with stacks 10,000 (benches/sim.rs's hands).
//!
//! The random bot (src/sim/bots.rs): facing a bet, fold 15%; bet or raise
//! 25% when open (no limit: to a uniform amount up to all-in); otherwise
//! check or call; in a draw, each card thrown with even odds. The calling
//! station checks or calls, and draws to the best hand.
use holecards_core::card::Card;
use holecards_core::eval::badugi::badugi;
use holecards_core::eval::lowball::{lowball, Lowball};
use holecards_core::eval::{evaluate, low::low8};
use holecards_core::game::{BlindOptions, Game, Hand, Rules, Street, StudOptions};
use holecards_core::sim::bots::bot_rng;
use holecards_core::sim::{BotKind, CashSim, Observation, CHUNK_HANDS};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::hint::black_box;
use std::sync::Arc;
use std::time::Instant;

const PLAYERS: usize = 6;

struct Setup {
    name: &'static str,
    rules: Arc<Rules>,
    stack: u64,
}

fn game(code: &str) -> holecards_core::Result<Game> {
    Game::from_code(code)
}

fn blinds(small_blind: u64, big_blind: u64) -> BlindOptions {
    BlindOptions {
        small_blind,
        big_blind,
        ..Default::default()
    }
}

fn stud(code: &str) -> holecards_core::Result<Rules> {
    Rules::stud(
        game(code)?,
        StudOptions {
            ante: 1,
            bring_in: 1,
            small_bet: 2,
            raise_cap: Some(4),
            heads_up_uncapped: true,
            ..Default::default()
        },
    )
}

fn fixed_limit(code: &str) -> holecards_core::Result<Rules> {
    Rules::fixed_limit(blinds(1, 2), None, None, Some(4), true)?.for_game(game(code)?)
}

fn setups() -> holecards_core::Result<Vec<Setup>> {
    let s = |name, rules: Rules, stack| Setup {
        name,
        rules: Arc::new(rules),
        stack,
    };
    Ok(vec![
        s("stud", stud("stud")?, 200),
        s("stud hi/lo", stud("stud-hi-lo")?, 200),
        s("razz", stud("razz")?, 200),
        s("2-7 triple draw (FL)", fixed_limit("2-7-triple-draw")?, 200),
        s(
            "2-7 single draw (NL)",
            Rules::no_limit(blinds(1, 2))?.for_game(game("2-7-single-draw")?)?,
            200,
        ),
        s("badugi (FL)", fixed_limit("badugi")?, 200),
        s("hold'em (FL 1/2)", fixed_limit("holdem")?, 200),
        s(
            "hold'em (NL 50/100)",
            Rules::no_limit(blinds(50, 100))?,
            10_000,
        ),
    ])
}

/// Hands a second of the best of `runs` runs.
fn time_sim(sim: &CashSim, runs: usize) -> holecards_core::Result<f64> {
    let mut best = f64::INFINITY;
    for _ in 0..runs {
        let t0 = Instant::now();
        let t = sim.run(Some(1), None)?;
        let s = t0.elapsed().as_secs_f64();
        assert_eq!(t.hands, sim.hands);
        best = best.min(s);
    }
    Ok(sim.hands as f64 / best)
}

/// Per hand: decisions (bets and draws), draws, and the share of hands
/// that reach a showdown; the same bots, one `Hand` at a time (untimed).
fn hand_stats(setup: &Setup, bot: BotKind, hands: u64) -> holecards_core::Result<(f64, f64, f64)> {
    let mut rng = bot_rng(7);
    let stacks = vec![setup.stack; PLAYERS];
    let (mut decisions, mut draws, mut showdowns) = (0u64, 0u64, 0u64);
    for i in 0..hands {
        let mut hand = Hand::new(
            Arc::clone(&setup.rules),
            &stacks,
            (i % PLAYERS as u64) as usize,
            Some(i),
            None,
        )?;
        while let Some(obs) = Observation::of(&hand) {
            let la = *obs.legal();
            draws += la.draw as u64;
            let mv = bot.act(&obs, &mut rng);
            hand.act(None, mv)?;
            decisions += 1;
        }
        showdowns += (hand.street() == Street::Showdown) as u64;
    }
    let n = hands as f64;
    Ok((decisions as f64 / n, draws as f64 / n, showdowns as f64 / n))
}

/// Nanoseconds per call of the public evaluator a showdown of `name` runs
/// (one player's hand), on random hands of its size.
fn showdown_eval_ns(name: &str) -> Option<(&'static str, f64)> {
    let (what, width): (&'static str, usize) = match name {
        "stud" => ("evaluate (7 cards)", 7),
        "stud hi/lo" => ("evaluate + low8 (7 cards)", 7),
        "razz" => ("lowball A-5 (7 cards)", 7),
        "2-7 triple draw (FL)" | "2-7 single draw (NL)" => ("lowball 2-7 (5 cards)", 5),
        "badugi (FL)" => ("badugi (4 cards)", 4),
        _ => ("evaluate (7 cards)", 7),
    };
    let n = 200_000usize;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let mut deck: Vec<Card> = (0..52).filter_map(|i| Card::new(i).ok()).collect();
    let mut hands: Vec<Card> = Vec::with_capacity(n * width);
    for _ in 0..n {
        let (h, _) = deck.partial_shuffle(&mut rng, width);
        hands.extend_from_slice(h);
    }
    let mut best = f64::INFINITY;
    for _ in 0..3 {
        let t0 = Instant::now();
        let mut acc = 0u64;
        for h in hands.chunks_exact(width) {
            acc = acc.wrapping_add(match name {
                "stud hi/lo" => {
                    evaluate(h).map_or(0, |v| v.value()) as u64
                        + low8(h).ok().flatten().map_or(0, |v| v.value()) as u64
                }
                "razz" => lowball(h, Lowball::AceToFive).map_or(0, |v| v.value()) as u64,
                "2-7 triple draw (FL)" | "2-7 single draw (NL)" => {
                    lowball(h, Lowball::DeuceToSeven).map_or(0, |v| v.value()) as u64
                }
                "badugi (FL)" => badugi(h).map_or(0, |v| v.value()) as u64,
                _ => evaluate(h).map_or(0, |v| v.value()) as u64,
            });
        }
        black_box(acc);
        best = best.min(t0.elapsed().as_secs_f64());
    }
    Some((what, best / n as f64 * 1e9))
}

fn rate(r: f64) -> String {
    if r >= 1e6 {
        format!("{:.2} M/s", r / 1e6)
    } else {
        format!("{:.0} k/s", r / 1e3)
    }
}

/// Hands a run: `fixed`, or enough for about `TARGET_S` seconds (from a
/// first run of one chunk), in whole chunks.
fn hands_for(sim: &mut CashSim, fixed: Option<u64>) -> holecards_core::Result<()> {
    if let Some(h) = fixed {
        sim.hands = h;
        return Ok(());
    }
    sim.hands = 4 * CHUNK_HANDS;
    let t0 = Instant::now();
    sim.run(Some(1), None)?;
    let per_hand = t0.elapsed().as_secs_f64() / sim.hands as f64;
    let chunks = (TARGET_S / per_hand / CHUNK_HANDS as f64).ceil().max(4.0);
    sim.hands = chunks as u64 * CHUNK_HANDS;
    Ok(())
}

const TARGET_S: f64 = 0.5;

fn main() -> holecards_core::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    // HANDS: a number, or "auto" (about TARGET_S seconds a run)
    let fixed: Option<u64> = args.get(1).and_then(|a| a.parse().ok());
    let runs = args
        .get(2)
        .and_then(|a| a.parse().ok())
        .unwrap_or(3usize)
        .max(1);
    let only = args.get(3).cloned();
    // "sim": the timed rows only (for a profiler)
    let sim_only = args.get(4).is_some_and(|a| a == "sim");
    let size = fixed.map_or(format!("about {TARGET_S} s a run"), |h| {
        format!("{h} hands a run")
    });
    println!(
        "{PLAYERS} players, {size}, best of {runs}, one thread (CashSim::run(Some(1), None))\n"
    );
    println!("| game | random bots | calling stations | decisions/hand (random) | draws/hand | showdown | one showdown evaluation |");
    println!("|---|---:|---:|---:|---:|---:|---|");
    for setup in setups()? {
        if only
            .as_ref()
            .is_some_and(|o| !setup.name.contains(o.as_str()))
        {
            continue;
        }
        let mut cells = Vec::new();
        for bot in [BotKind::Random, BotKind::CallingStation] {
            let mut sim = CashSim {
                rules: Arc::clone(&setup.rules),
                stacks: vec![setup.stack; PLAYERS],
                bots: vec![bot; PLAYERS],
                hands: 0,
                seed: 1,
            };
            hands_for(&mut sim, fixed)?;
            cells.push(rate(time_sim(&sim, runs)?));
        }
        if sim_only {
            println!("| {} | {} | {} | | | | |", setup.name, cells[0], cells[1]);
            continue;
        }
        let (decisions, draws, showdown) = hand_stats(&setup, BotKind::Random, 20_000)?;
        let eval = showdown_eval_ns(setup.name)
            .map_or(String::new(), |(what, ns)| format!("{what}: {ns:.0} ns"));
        println!(
            "| {} | {} | {} | {decisions:.2} | {draws:.2} | {:.0}% | {eval} |",
            setup.name,
            cells[0],
            cells[1],
            showdown * 100.0
        );
    }
    Ok(())
}
