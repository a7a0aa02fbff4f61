//! Times a few exact and Monte Carlo equity spots in Rust alone:
//! `cargo run --release -p holecards-core --example equity_timing`.
use holecards_core::equity::{equity, Control, Method, DEFAULT_MAX_DEALS};
use holecards_core::parse_cards;
use std::time::Instant;

fn hand(s: &str) -> Vec<([holecards_core::Card; 2], f64)> {
    let c = parse_cards(s).unwrap();
    vec![([c[0], c[1]], 1.0)]
}

fn main() {
    let threads: Option<usize> = std::env::args().nth(1).map(|s| s.parse().unwrap()).or(Some(1));
    let spots: Vec<(&str, Vec<&str>, &str)> = vec![
        ("AhKh vs QsQd preflop", vec!["AhKh", "QsQd"], ""),
        ("AsAd vs KsKd preflop", vec!["AsAd", "KsKd"], ""),
        ("AhKh vs QsQd, dead 2c", vec!["AhKh", "QsQd"], "2c"),
        ("3 players preflop", vec!["AhKh", "QsQd", "Jc9c"], ""),
    ];
    let only = std::env::var("SPOT").ok();
    for (name, ps, dead) in spots {
        if only.as_ref().is_some_and(|o| !name.contains(o.as_str())) {
            continue;
        }
        let players: Vec<_> = ps.iter().map(|s| hand(s)).collect();
        let dead = if dead.is_empty() { vec![] } else { parse_cards(dead).unwrap() };
        let mut best = f64::MAX;
        let mut r = None;
        let reps: usize = std::env::var("REPS").ok().and_then(|s| s.parse().ok()).unwrap_or(7);
        for _ in 0..reps {
            let t = Instant::now();
            r = Some(equity(&players, &[], &dead, &Method::Exact { max_deals: DEFAULT_MAX_DEALS }, threads, &Control::new()).unwrap());
            best = best.min(t.elapsed().as_secs_f64());
        }
        let r = r.unwrap();
        println!("{name}: {:.3} ms  wins {:?} ties {:?} boards {} eq {:?}", best * 1e3, r.wins, r.ties, r.boards, r.equities);
    }
    if only.is_some() && only.as_deref() != Some("mc") {
        return;
    }
    let players = vec![hand("AhKh"), hand("QsQd")];
    let n = 10_000_000u64;
    let mut s = f64::MAX;
    let mut r = None;
    for _ in 0..5 {
        let t = Instant::now();
        r = Some(equity(&players, &[], &[], &Method::MonteCarlo { trials: Some(n), seed: 1, target_std_error: None }, threads, &Control::new()).unwrap());
        s = s.min(t.elapsed().as_secs_f64());
    }
    let r = r.unwrap();
    println!("Monte Carlo heads-up: {:.1} M trials/s  eq {:?} se {:?}", n as f64 / s / 1e6, r.equities, r.std_errors);
}
