//! Times PokerStars conversion of one file, split into its steps: the
//! split into hands, parsing each to PHH, and the replay that verifies it.
//! `cargo run --release -p holecards-core --example site_timing -- FILE`.
use holecards_core::site::{decode, pokerstars, verify};
use std::time::Instant;

// The allocator the Python extension uses, so the times match it.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: site_timing FILE");
        std::process::exit(2);
    };
    let bytes = match std::fs::read(&path) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("{path}: cannot read it: {e}");
            std::process::exit(1);
        }
    };
    let text = decode(&bytes);
    let best = |f: &mut dyn FnMut() -> usize| {
        (0..3)
            .map(|_| {
                let t = Instant::now();
                let n = f();
                (t.elapsed().as_secs_f64(), n)
            })
            .fold((f64::MAX, 0), |a, b| if b.0 < a.0 { b } else { a })
    };
    if std::env::var("ONLY").is_ok_and(|s| s == "convert") {
        // for a profiler: the public call, many times
        let n: usize = (0..10)
            .map(|_| {
                holecards_core::site::convert(&text, "x", None, None).map_or(0, |c| c.hands.len())
            })
            .sum();
        println!("{n}");
        return;
    }
    if let Ok(step) = std::env::var("ONLY") {
        // for a profiler: one step, many times
        let blocks = pokerstars::hands(&text);
        let parsed: Vec<_> = blocks
            .iter()
            .filter_map(|b| pokerstars::parse(b, "x").ok())
            .collect();
        let mut n = 0;
        for _ in 0..20 {
            n += match step.as_str() {
                "split" => pokerstars::hands(&text).len(),
                "parse" => blocks
                    .iter()
                    .filter(|b| pokerstars::parse(b, "x").is_ok())
                    .count(),
                _ => parsed
                    .iter()
                    .filter(|p| verify(&p.history, &p.facts).is_ok())
                    .count(),
            };
        }
        println!("{n}");
        return;
    }
    let (t_split, hands) = best(&mut || pokerstars::hands(&text).len());
    let blocks = pokerstars::hands(&text);
    let (t_parse, ok) = best(&mut || {
        blocks
            .iter()
            .filter(|b| pokerstars::parse(b, "x").is_ok())
            .count()
    });
    let parsed: Vec<_> = blocks
        .iter()
        .filter_map(|b| pokerstars::parse(b, "x").ok())
        .collect();
    let (t_verify, good) = best(&mut || {
        parsed
            .iter()
            .filter(|p| verify(&p.history, &p.facts).is_ok())
            .count()
    });
    let rate = |t: f64| hands as f64 / t / 1e3;
    println!("{hands} hands ({ok} parsed, {good} verified)");
    println!(
        "split   {:8.1} ms  {:8.0} k hands/s",
        t_split * 1e3,
        rate(t_split)
    );
    println!(
        "parse   {:8.1} ms  {:8.0} k hands/s",
        t_parse * 1e3,
        rate(t_parse)
    );
    println!(
        "verify  {:8.1} ms  {:8.0} k hands/s",
        t_verify * 1e3,
        rate(t_verify)
    );
    let all = t_split + t_parse + t_verify;
    println!("all     {:8.1} ms  {:8.0} k hands/s", all * 1e3, rate(all));
    // the public call on one thread: the same steps, the problems and the
    // histories kept
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .map_err(|e| e.to_string());
    let Ok(pool) = pool else {
        return;
    };
    let (t_convert, _) = best(&mut || {
        pool.install(|| {
            holecards_core::site::convert(&text, "x", None, None).map_or(0, |c| c.hands.len())
        })
    });
    println!(
        "convert {:8.1} ms  {:8.0} k hands/s",
        t_convert * 1e3,
        rate(t_convert)
    );
}
