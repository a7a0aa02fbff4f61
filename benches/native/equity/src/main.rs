//! holecards' side of benches/native/equity: `holecards_core::equity::equity`
//! on the spots of ../cpp/omp_equity.cpp (OMPEval's EquityCalculator), on one
//! thread, printing the same tab-separated SPOT lines:
//!
//!   SPOT  id  exact|mc  runs  best_s  median_s  deals  evaluations  eq1,eq2,...  t1,t2,...
//!
//! deals: `EquityResult::boards` (weighted boards for an enumeration, deals
//! sampled for Monte Carlo); evaluations: `-` (holecards does not count
//! them; for Monte Carlo each deal is one 7-card evaluation per player).
//! Each run is one `equity()` call with `threads = Some(1)`: the work runs on
//! a one-thread rayon pool (holecards keeps one pool per size since commit
//! c147289, made by the warm-up call; before, every call built one, tens of
//! microseconds, as OMPEval's start() spawns a thread each time). One untimed
//! warm-up call per spot first.
//!
//!   hc_equity [EXACT_RUNS [MC_RUNS [MC_DEALS [SEED]]]]   (default 7, 5, 10000000, 1)
//!
//! Diagnostic (run.sh does not set it): HC_THREADS=global passes
//! `threads = None`, rayon's global pool; with RAYON_NUM_THREADS=1 that is
//! one thread too.
use holecards_core::equity::{equity, Control, EquityResult, Holding, Method, DEFAULT_MAX_DEALS};
use holecards_core::{parse_cards, Card};
use std::time::Instant;

fn die(msg: &str) -> ! {
    eprintln!("hc_equity: {msg}");
    std::process::exit(2)
}

fn cards(s: &str) -> Vec<Card> {
    if s.is_empty() {
        return vec![];
    }
    parse_cards(s).unwrap_or_else(|e| die(&format!("{s}: {e}")))
}

/// One known hand.
fn hand(s: &str) -> Holding {
    let c = cards(s);
    vec![([c[0], c[1]], 1.0)]
}

/// "TT+,AQs+" listed combo by combo (weight 1 each): the pairs TT..AA
/// (6 combos each) and AQs, AKs (4 each), 38 in all.
fn range_tt_plus_aqs_plus() -> Holding {
    const SUITS: [char; 4] = ['c', 'd', 'h', 's'];
    let mut out = Vec::new();
    for r in ['T', 'J', 'Q', 'K', 'A'] {
        for i in 0..4 {
            for j in i + 1..4 {
                let c = cards(&format!("{r}{}{r}{}", SUITS[i], SUITS[j]));
                out.push(([c[0], c[1]], 1.0));
            }
        }
    }
    for k in ['Q', 'K'] {
        for s in SUITS {
            let c = cards(&format!("A{s}{k}{s}"));
            out.push(([c[0], c[1]], 1.0));
        }
    }
    assert_eq!(out.len(), 38);
    out
}

struct Spot {
    id: &'static str,
    players: Vec<Holding>,
    board: Vec<Card>,
    dead: Vec<Card>,
    exact: bool,
}

fn main() {
    let arg = |i: usize, d: u64| -> u64 {
        std::env::args().nth(i).map_or(d, |s| s.parse().unwrap_or_else(|_| die("usage: hc_equity [EXACT_RUNS [MC_RUNS [MC_DEALS [SEED]]]]")))
    };
    let (exact_runs, mc_runs, mc_deals, seed) = (arg(1, 7).max(1) as usize, arg(2, 5).max(1) as usize, arg(3, 10_000_000).max(1), arg(4, 1));
    let spots = vec![
        Spot { id: "hu-preflop", players: vec![hand("AhKh"), hand("QsQd")], board: vec![], dead: vec![], exact: true },
        Spot { id: "hu-dead-2c", players: vec![hand("AhKh"), hand("QsQd")], board: vec![], dead: cards("2c"), exact: true },
        Spot { id: "3way-preflop", players: vec![hand("AhKh"), hand("QsQd"), hand("Jc9c")], board: vec![], dead: vec![], exact: true },
        Spot { id: "hu-mc", players: vec![hand("AhKh"), hand("QsQd")], board: vec![], dead: vec![], exact: false },
        Spot { id: "range-flop", players: vec![hand("AhKh"), range_tt_plus_aqs_plus()], board: cards("2c7d9h"), dead: vec![], exact: true },
    ];
    let threads = match std::env::var("HC_THREADS").as_deref() {
        Err(_) | Ok("1") => Some(1),
        Ok("global") => None,
        Ok(x) => die(&format!("HC_THREADS={x}: 1 or global")),
    };
    for s in &spots {
        let method = if s.exact {
            Method::Exact { max_deals: DEFAULT_MAX_DEALS }
        } else {
            Method::MonteCarlo { trials: Some(mc_deals), seed, target_std_error: None }
        };
        let once = || -> (f64, EquityResult) {
            let t = Instant::now();
            let r = equity(&s.players, &s.board, &s.dead, &method, threads, &Control::new()).unwrap_or_else(|e| die(&format!("{}: {e}", s.id)));
            (t.elapsed().as_secs_f64(), r)
        };
        once(); // warm-up, untimed
        let runs = if s.exact { exact_runs } else { mc_runs };
        let mut times = Vec::with_capacity(runs);
        let mut last = None;
        for _ in 0..runs {
            let (dt, r) = once();
            times.push(dt);
            last = Some(r);
        }
        times.sort_by(|a, b| a.partial_cmp(b).unwrap());
        let median = if runs % 2 == 1 { times[runs / 2] } else { (times[runs / 2 - 1] + times[runs / 2]) / 2.0 };
        let r = last.unwrap();
        let eq: Vec<String> = r.equities.iter().map(|e| format!("{e:.12}")).collect();
        let ts: Vec<String> = times.iter().map(|t| format!("{t:.9}")).collect();
        println!(
            "SPOT\t{}\t{}\t{runs}\t{:.9}\t{median:.9}\t{}\t-\t{}\t{}",
            s.id,
            if s.exact { "exact" } else { "mc" },
            times[0],
            r.boards as u64,
            eq.join(","),
            ts.join(",")
        );
        if let Some(se) = &r.std_errors {
            let se: Vec<String> = se.iter().map(|e| format!("{e:.3e}")).collect();
            eprintln!("  {}: standard errors {}", s.id, se.join(","));
        }
        if let Some(k) = r.enumerations {
            eprintln!("  {}: {k} board enumerations", s.id);
        }
    }
}
