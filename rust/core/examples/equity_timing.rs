//! Times a few exact and Monte Carlo equity spots in Rust alone:
//! `cargo run --release -p holecards-core --example equity_timing [THREADS]`
//! (default 1; `SPOT=text` runs the spots whose name contains it, `SPOT=mc`
//! only Monte Carlo; `REPS=n` exact runs per spot, default 7).
use holecards_core::equity::{equity, Control, EquityResult, Holding, Method, DEFAULT_MAX_DEALS};
use holecards_core::parse_cards;
use std::time::Instant;

type Res<T> = Result<T, Box<dyn std::error::Error>>;

fn hand(s: &str) -> Res<Holding> {
    match parse_cards(s)?.as_slice() {
        [a, b] => Ok(vec![([*a, *b], 1.0)]),
        _ => Err(format!("{s}: a hand is two cards").into()),
    }
}

/// The best time of `reps` runs, and the last result.
fn best_of(
    reps: usize,
    run: impl Fn() -> holecards_core::Result<EquityResult>,
) -> Res<(f64, EquityResult)> {
    let mut best = f64::MAX;
    let mut last = None;
    for _ in 0..reps.max(1) {
        let t = Instant::now();
        last = Some(run()?);
        best = best.min(t.elapsed().as_secs_f64());
    }
    Ok((best, last.ok_or("no run")?))
}

fn main() -> Res<()> {
    let threads = match std::env::args().nth(1) {
        Some(s) => Some(
            s.parse::<usize>()
                .map_err(|e| format!("THREADS {s:?}: {e}"))?,
        ),
        None => Some(1),
    };
    let reps: usize = std::env::var("REPS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(7);
    let only = std::env::var("SPOT").ok();
    let spots: [(&str, &[&str], &str); 4] = [
        ("AhKh vs QsQd preflop", &["AhKh", "QsQd"], ""),
        ("AsAd vs KsKd preflop", &["AsAd", "KsKd"], ""),
        ("AhKh vs QsQd, dead 2c", &["AhKh", "QsQd"], "2c"),
        ("3 players preflop", &["AhKh", "QsQd", "Jc9c"], ""),
    ];
    for (name, ps, dead) in spots {
        if only.as_ref().is_some_and(|o| !name.contains(o.as_str())) {
            continue;
        }
        let players = ps.iter().map(|s| hand(s)).collect::<Res<Vec<_>>>()?;
        let dead = if dead.is_empty() {
            vec![]
        } else {
            parse_cards(dead)?
        };
        let (t, r) = best_of(reps, || {
            equity(
                &players,
                &[],
                &dead,
                &Method::Exact {
                    max_deals: DEFAULT_MAX_DEALS,
                },
                threads,
                &Control::new(),
            )
        })?;
        println!(
            "{name}: {:.3} ms  wins {:?} ties {:?} boards {} eq {:?}",
            t * 1e3,
            r.wins,
            r.ties,
            r.boards,
            r.equities
        );
    }
    if only.is_some() && only.as_deref() != Some("mc") {
        return Ok(());
    }
    let players = vec![hand("AhKh")?, hand("QsQd")?];
    let n = 10_000_000u64;
    let (t, r) = best_of(5, || {
        equity(
            &players,
            &[],
            &[],
            &Method::MonteCarlo {
                trials: Some(n),
                seed: 1,
                target_std_error: None,
            },
            threads,
            &Control::new(),
        )
    })?;
    println!(
        "Monte Carlo heads-up: {:.1} M trials/s  eq {:?} se {:?}",
        n as f64 / t / 1e6,
        r.equities,
        r.std_errors
    );
    Ok(())
}
