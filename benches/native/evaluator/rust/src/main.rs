//! Side-by-side timing of native 7-card evaluators on one fixed set of random
//! hands, all in one process (OMPEval, C++, through ../cpp/ompeval_ffi.cpp).
//! A copy of ../shared/native-bench with holecards-core's HandAcc modes
//! (hc-acc-cards, hc-acc) added.
//! Subcommands (run.sh drives them):
//!
//!   nbench gen   HANDS_FILE [N [SEED [ORDER]]]  write N random 7-card hands (7 bytes each);
//!                                           ORDER "sorted": the same kind of hands, each hand's
//!                                           cards and then the hands sorted (a cache-friendly order)
//!   nbench bench HANDS_FILE COLUMN REPS DIR time the Rust evaluators, print RESULT lines,
//!                                           write each one's values for the first hands to DIR
//!   nbench check HANDS_FILE DIR             compare the orderings of consecutive hands
//!   nbench table RESULTS_FILE               print the table
//!
//! A card is an index 0..51 = rank * 4 + suit (rank 0 = deuce .. 12 = ace),
//! which is holecards', holdem-hand-evaluator's and OMPEval's own index; every
//! evaluator gets the hands converted to its own representation before any
//! timing starts, and every timing is one pass over all the hands summing the
//! values (the loop of holecards' benches/evaluator.rs).
use std::collections::BTreeMap;
use std::hint::black_box;
use std::io::Write;
use std::path::Path;
use std::rc::Rc;
use std::time::Instant;

use holdem_hand_evaluator::Hand as HheHand;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rs_poker::core::{Card as RspCard, Hand as RspHand, Rankable, SevenCardAccum, Suit, Value};

/// Hands whose consecutive orderings are compared between evaluators.
pub const CHECK_HANDS: usize = 100_000;
const REFERENCE: &str = "default__hc-idx";

fn die(msg: &str) -> ! {
    eprintln!("nbench: {msg}");
    std::process::exit(2)
}

/// Exactly the generator of holecards' benches/evaluator.rs (`random_hands`).
fn generate(n: usize, seed: u64) -> Vec<u8> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut deck: Vec<u8> = (0..52).collect();
    let mut out = Vec::with_capacity(n * 7);
    for _ in 0..n {
        let (hand, _) = deck.partial_shuffle(&mut rng, 7);
        out.extend_from_slice(hand);
    }
    out
}

fn load_hands(path: &Path) -> Vec<[u8; 7]> {
    let bytes = std::fs::read(path).unwrap_or_else(|e| die(&format!("{}: {e}", path.display())));
    if bytes.is_empty() || !bytes.len().is_multiple_of(7) {
        die(&format!("{}: {} bytes is not a whole number of 7-card hands", path.display(), bytes.len()));
    }
    let hands: Vec<[u8; 7]> = bytes.chunks_exact(7).map(|h| h.try_into().unwrap()).collect();
    for (i, h) in hands.iter().enumerate() {
        let mut seen = 0u64;
        for &c in h {
            if c >= 52 || seen & (1 << c) != 0 {
                die(&format!("hand {i} is not 7 distinct cards: {h:?}"));
            }
            seen |= 1 << c;
        }
    }
    hands
}

/// The timed loop, the same for every evaluator: one pass, summing values.
#[inline(never)]
fn sum_values<T, F: Fn(&T) -> u16>(data: &[T], f: F) -> u64 {
    let mut acc = 0u64;
    for x in data {
        acc = acc.wrapping_add(f(x) as u64);
    }
    acc
}

struct Mode {
    id: &'static str,
    evaluator: &'static str,
    api: &'static str,
    /// One full pass over the hands; returns a checksum.
    pass: Box<dyn Fn() -> u64>,
    /// Values of the first `n` hands, from the same function the pass times.
    values: Box<dyn Fn(usize) -> Vec<u16>>,
}

macro_rules! mode {
    ($id:expr, $evaluator:expr, $api:expr, $data:expr, $f:expr) => {{
        let data = Rc::new($data);
        let d2 = Rc::clone(&data);
        Mode {
            id: $id,
            evaluator: $evaluator,
            api: $api,
            pass: Box::new(move || sum_values(black_box(&data[..]), $f)),
            values: Box::new(move |n| d2[..n].iter().map($f).collect()),
        }
    }};
}

fn rsp_card(i: u8) -> RspCard {
    RspCard::new(Value::from(i >> 2), Suit::from(i & 3))
}

fn modes(hands: &Rc<Vec<[u8; 7]>>) -> Vec<Mode> {
    use holecards_core::eval::{batch::evaluate_rows, eval7_indices, HandAcc};
    use holecards_core::{evaluate, Card as HcCard};
    let n = hands.len();
    let mut v = Vec::new();

    // 1. holecards-core
    v.push(mode!(
        "hc-idx",
        "holecards-core",
        "eval7_indices(&[u8;7]), unchecked",
        (**hands).clone(),
        |h: &[u8; 7]| eval7_indices(h)
    ));
    {
        let flat: Rc<Vec<u8>> = Rc::new(hands.as_flattened().to_vec());
        let out = Rc::new(std::cell::RefCell::new(vec![0u16; n]));
        let (f2, o2) = (Rc::clone(&flat), Rc::clone(&out));
        v.push(Mode {
            id: "hc-rows",
            evaluator: "holecards-core",
            api: "batch::evaluate_rows(7, 1 thread), checked",
            pass: Box::new(move || {
                let mut o = o2.borrow_mut();
                evaluate_rows(black_box(&f2[..]), 7, &mut o[..], Some(1)).unwrap_or_else(|e| die(&e.to_string()));
                black_box(o[0]) as u64
            }),
            values: Box::new(move |k| {
                let mut o = vec![0u16; k];
                evaluate_rows(&flat[..7 * k], 7, &mut o, Some(1)).unwrap_or_else(|e| die(&e.to_string()));
                o
            }),
        });
    }
    let hc_cards: Vec<[HcCard; 7]> = hands.iter().map(|h| h.map(|c| HcCard::new(c).unwrap())).collect();
    v.push(mode!(
        "hc-cards",
        "holecards-core",
        "evaluate(&[Card]), checked",
        hc_cards,
        |h: &[HcCard; 7]| evaluate(h).map(|x| x.value()).unwrap_or(0)
    ));
    // holecards' incremental accumulator (eval::HandAcc): built in the loop
    // from the 7 card indices, like hhe-cards / omp-cards, and pre-built,
    // like hhe-hand / omp-hand / rsp-accum.
    v.push(mode!(
        "hc-acc-cards",
        "holecards-core",
        "HandAcc::EMPTY.add_index() x7, eval7()",
        (**hands).clone(),
        |h: &[u8; 7]| {
            let mut a = HandAcc::EMPTY;
            for &c in h {
                a = a.add_index(c);
            }
            a.eval7()
        }
    ));
    let hc_accs: Vec<HandAcc> = hands.iter().map(|h| HandAcc::from_indices(h)).collect();
    v.push(mode!("hc-acc", "holecards-core", "pre-built HandAcc::eval7()", hc_accs, |a: &HandAcc| a.eval7()));

    // 2. rs_poker 5.1.0
    let rsp_cards: Vec<[RspCard; 7]> = hands.iter().map(|h| h.map(rsp_card)).collect();
    v.push(mode!(
        "rsp-cards",
        "rs_poker 5.1.0",
        "[Card;7] -> Rankable::rank()",
        rsp_cards,
        |h: &[RspCard; 7]| h[..].rank().to_raw()
    ));
    let rsp_accums: Vec<SevenCardAccum> = hands
        .iter()
        .map(|h| {
            let mut a = SevenCardAccum::new();
            for &c in h {
                a.add(rsp_card(c));
            }
            a
        })
        .collect();
    v.push(mode!(
        "rsp-accum",
        "rs_poker 5.1.0",
        "pre-built SevenCardAccum::rank()",
        rsp_accums,
        |a: &SevenCardAccum| a.rank().to_raw()
    ));
    let rsp_hands: Vec<RspHand> = hands.iter().map(|h| RspHand::new_with_cards(h.map(rsp_card).to_vec())).collect();
    v.push(mode!(
        "rsp-hand",
        "rs_poker 5.1.0",
        "pre-built Hand (bit set) -> Rankable::rank()",
        rsp_hands,
        |h: &RspHand| h.rank().to_raw()
    ));

    // 3. b-inary/holdem-hand-evaluator
    v.push(mode!(
        "hhe-cards",
        "holdem-hand-evaluator",
        "Hand::new().add_card() x7, evaluate()",
        (**hands).clone(),
        |h: &[u8; 7]| {
            let mut x = HheHand::new();
            for &c in h {
                x = x.add_card(c as usize);
            }
            x.evaluate()
        }
    ));
    let hhe_hands: Vec<HheHand> = hands
        .iter()
        .map(|h| {
            let cards = h.map(|c| c as usize);
            HheHand::from_slice(&cards)
        })
        .collect();
    v.push(mode!(
        "hhe-hand",
        "holdem-hand-evaluator",
        "pre-built Hand::evaluate()",
        hhe_hands,
        |h: &HheHand| h.evaluate()
    ));

    // 4. zekyll/OMPEval (C++, ../cpp/ompeval_ffi.cpp; the loops are compiled by g++)
    // SAFETY: the pointer and length describe `hands`, which outlives the call.
    unsafe { omp::nb_omp_prepare(hands.as_flattened().as_ptr(), n) };
    let omp_values = |mode: i32| -> Box<dyn Fn(usize) -> Vec<u16>> {
        Box::new(move |k| {
            let mut out = vec![0u16; k];
            // SAFETY: `out` has room for the k values written.
            unsafe { omp::nb_omp_values(mode, k, out.as_mut_ptr()) };
            out
        })
    };
    v.push(Mode {
        id: "omp-cards",
        evaluator: "OMPEval",
        api: "Hand::empty()+Hand(c) x7, evaluate()",
        // SAFETY: nb_omp_prepare ran above.
        pass: Box::new(|| unsafe { omp::nb_omp_pass_cards() }),
        values: omp_values(0),
    });
    v.push(Mode {
        id: "omp-hand",
        evaluator: "OMPEval",
        api: "pre-built Hand, evaluate()",
        // SAFETY: nb_omp_prepare ran above.
        pass: Box::new(|| unsafe { omp::nb_omp_pass_hands() }),
        values: omp_values(1),
    });
    v
}

mod omp {
    extern "C" {
        pub fn nb_omp_prepare(cards: *const u8, n: usize);
        pub fn nb_omp_pass_cards() -> u64;
        pub fn nb_omp_pass_hands() -> u64;
        pub fn nb_omp_values(mode: i32, n: usize, out: *mut u16);
    }
}

fn write_values(dir: &Path, column: &str, id: &str, vals: &[u16]) {
    let bytes: Vec<u8> = vals.iter().flat_map(|v| v.to_le_bytes()).collect();
    let path = dir.join(format!("{column}__{id}.u16"));
    std::fs::write(&path, bytes).unwrap_or_else(|e| die(&format!("{}: {e}", path.display())));
}

fn bench(hands_file: &Path, column: &str, reps: usize, dir: &Path) {
    eprintln!("  {column}: OMPEval built with {}", env!("NB_CXX_DESC"));
    let hands = Rc::new(load_hands(hands_file));
    let n = hands.len();
    let mut modes = modes(&hands); // every conversion happens here, before timing
    // NB_MODES=id,id,... times only those (for exploring; run.sh does not set it).
    if let Ok(only) = std::env::var("NB_MODES") {
        let only: Vec<&str> = only.split(',').collect();
        modes.retain(|m| only.contains(&m.id));
    }
    std::fs::create_dir_all(dir).unwrap_or_else(|e| die(&format!("{}: {e}", dir.display())));
    let mut sums = Vec::new();
    for m in &modes {
        write_values(dir, column, m.id, &(m.values)(CHECK_HANDS.min(n)));
        sums.push((m.pass)()); // warm-up pass, untimed
    }
    // Round-robin, so a change in machine load hits every evaluator alike.
    let mut rates = vec![Vec::new(); modes.len()];
    for _ in 0..reps {
        for (m, r) in modes.iter().zip(rates.iter_mut()) {
            let t = Instant::now();
            let s = (m.pass)();
            let dt = t.elapsed().as_secs_f64();
            black_box(s);
            r.push(n as f64 / dt);
        }
    }
    for ((m, r), s) in modes.iter().zip(&rates).zip(&sums) {
        let r: Vec<String> = r.iter().map(|x| format!("{x:.0}")).collect();
        println!("RESULT\t{column}\t{}\t{}\t{}\t{}", m.id, m.evaluator, m.api, r.join("\t"));
        eprintln!("  {column:8} {:10} checksum {s}", m.id);
    }
}

fn card_str(c: u8) -> String {
    let r = b"23456789TJQKA"[(c >> 2) as usize] as char;
    let s = b"cdhs"[(c & 3) as usize] as char;
    format!("{r}{s}")
}

fn hand_str(h: &[u8; 7]) -> String {
    h.iter().map(|&c| card_str(c)).collect::<Vec<_>>().join("")
}

fn check(hands_file: &Path, dir: &Path) -> bool {
    let hands = load_hands(hands_file);
    let mut files: BTreeMap<String, Vec<u16>> = BTreeMap::new();
    for e in std::fs::read_dir(dir).unwrap_or_else(|e| die(&format!("{}: {e}", dir.display()))) {
        let p = e.unwrap().path();
        if p.extension().and_then(|x| x.to_str()) != Some("u16") {
            continue;
        }
        let b = std::fs::read(&p).unwrap();
        let name = p.file_stem().unwrap().to_string_lossy().into_owned();
        files.insert(name, b.chunks_exact(2).map(|x| u16::from_le_bytes([x[0], x[1]])).collect());
    }
    let Some(reference) = files.get(REFERENCE).cloned() else {
        die(&format!("no {REFERENCE}.u16 in {}", dir.display()));
    };
    let n = reference.len().min(hands.len());
    let sign = |v: &[u16], i: usize| v[i + 1].cmp(&v[i]);
    let mut bad_series = Vec::new();
    let mut agreeing = 0;
    for (name, vals) in files.iter().filter(|(name, _)| name.as_str() != REFERENCE) {
        if vals.len() < n {
            bad_series.push(format!("  {name}: only {} values", vals.len()));
            continue;
        }
        let bad: Vec<usize> = (0..n - 1).filter(|&i| sign(vals, i) != sign(&reference, i)).collect();
        if bad.is_empty() {
            agreeing += 1;
            continue;
        }
        bad_series.push(format!("  {name} DISAGREES on {} of {} pairs; the first ones:", bad.len(), n - 1));
        for &i in bad.iter().take(5) {
            bad_series.push(format!(
                "    hands {i} and {}: {} vs {}: holecards {} vs {}, this {} vs {}",
                i + 1,
                hand_str(&hands[i]),
                hand_str(&hands[i + 1]),
                reference[i],
                reference[i + 1],
                vals[i],
                vals[i + 1]
            ));
        }
    }
    let names: Vec<&str> = files.keys().map(String::as_str).filter(|k| *k != REFERENCE).collect();
    println!(
        "Ordering check, the first {n} hands: of {} value series (evaluator, mode, column), {agreeing} order all {} \
         consecutive pairs (higher/lower/equal) as holecards eval7_indices (default build) does.",
        names.len(),
        n - 1
    );
    for line in &bad_series {
        println!("{line}");
    }
    bad_series.is_empty()
}

fn table(results: &Path) {
    let text = std::fs::read_to_string(results).unwrap_or_else(|e| die(&format!("{}: {e}", results.display())));
    let mut order: Vec<(String, String, String)> = Vec::new();
    let mut columns: Vec<String> = Vec::new();
    let mut rates: BTreeMap<(String, String), Vec<f64>> = BTreeMap::new();
    for line in text.lines() {
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() < 6 || f[0] != "RESULT" {
            continue;
        }
        let (col, id) = (f[1].to_string(), f[2].to_string());
        if !columns.contains(&col) {
            columns.push(col.clone());
        }
        if !order.iter().any(|o| o.0 == id) {
            order.push((id.clone(), f[3].to_string(), f[4].to_string()));
        }
        let r = rates.entry((col, id)).or_default();
        r.extend(f[5..].iter().map(|x| x.parse::<f64>().unwrap_or_else(|_| die(&format!("bad rate {x}")))));
    }
    let stats = |col: &str, id: &str| -> Option<(f64, f64, f64, usize)> {
        let mut v = rates.get(&(col.to_string(), id.to_string()))?.clone();
        v.sort_by(|a, b| a.partial_cmp(b).unwrap());
        let k = v.len();
        let med = if k % 2 == 1 { v[k / 2] } else { (v[k / 2 - 1] + v[k / 2]) / 2.0 };
        Some((v[0] / 1e6, med / 1e6, v[k - 1] / 1e6, k))
    };
    let w_ev = order.iter().map(|o| o.1.len()).max().unwrap_or(9).max(9);
    let w_api = order.iter().map(|o| o.2.len()).max().unwrap_or(3).max(3);
    let mut out = String::new();
    let mut head1 = format!("{:w_ev$}  {:w_api$}", "", "");
    let mut head2 = format!("{:w_ev$}  {:w_api$}", "evaluator", "API / mode");
    for c in &columns {
        let title = match c.as_str() {
            "default" => "default target (M evals/s)".to_string(),
            "native" => "target-cpu=native (M evals/s)".to_string(),
            other => format!("{other} (M evals/s)"),
        };
        head1.push_str(&format!(" | {title:^34}"));
        head2.push_str(&format!(" | {:>7} {:>7} {:>7}  {:>9}", "min", "median", "max", "hc/this"));
    }
    out.push_str(&head1);
    out.push('\n');
    out.push_str(&head2);
    out.push('\n');
    out.push_str(&"-".repeat(head2.len()));
    out.push('\n');
    let mut counts = Vec::new();
    let mut worst: f64 = 1.0;
    for (id, ev, api) in &order {
        let mut line = format!("{ev:w_ev$}  {api:w_api$}");
        for c in &columns {
            match (stats(c, id), stats(c, "hc-idx")) {
                (Some((lo, med, hi, k)), Some((_, hc, _, _))) => {
                    counts.push(k);
                    worst = worst.max(hi / lo);
                    line.push_str(&format!(" | {lo:7.1} {med:7.1} {hi:7.1}  {:>8.2}x", hc / med));
                }
                _ => line.push_str(&format!(" | {:>34}", "-")),
            }
        }
        out.push_str(&line);
        out.push('\n');
    }
    counts.sort();
    counts.dedup();
    let runs = counts.iter().map(|k| k.to_string()).collect::<Vec<_>>().join("/");
    out.push_str(&format!(
        "hc/this = holecards eval7_indices median / this median, same column ({runs} runs per cell)\n"
    ));
    if worst > 1.2 {
        out.push_str(&format!(
            "note: the passes of one cell differ by up to {:.0}% (max/min): the machine was noisy; rerun when it is quieter\n",
            (worst - 1.0) * 100.0
        ));
    }
    std::io::stdout().write_all(out.as_bytes()).unwrap();
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let usage = "usage: nbench gen FILE [N [SEED [random|sorted]]] | bench FILE COLUMN REPS DIR | check FILE DIR | table RESULTS";
    match args.get(1).map(String::as_str) {
        Some("gen") if (3..=6).contains(&args.len()) => {
            let n: usize = args.get(3).map_or(10_000_000, |s| s.parse().unwrap_or_else(|_| die(usage)));
            let seed: u64 = args.get(4).map_or(1, |s| s.parse().unwrap_or_else(|_| die(usage)));
            let mut hands = generate(n, seed);
            match args.get(5).map_or("random", String::as_str) {
                "random" => {}
                "sorted" => {
                    let mut rows: Vec<[u8; 7]> = hands.chunks_exact(7).map(|h| h.try_into().unwrap()).collect();
                    for r in rows.iter_mut() {
                        r.sort_unstable_by(|a, b| b.cmp(a));
                    }
                    rows.sort_unstable();
                    hands = rows.as_flattened().to_vec();
                }
                _ => die(usage),
            }
            std::fs::write(&args[2], hands).unwrap_or_else(|e| die(&format!("{}: {e}", args[2])));
        }
        Some("bench") if args.len() == 6 => {
            let reps: usize = args[4].parse().unwrap_or_else(|_| die(usage));
            bench(Path::new(&args[2]), &args[3], reps, Path::new(&args[5]));
        }
        Some("check") if args.len() == 4 => {
            if !check(Path::new(&args[2]), Path::new(&args[3])) {
                std::process::exit(1);
            }
        }
        Some("table") if args.len() == 3 => table(Path::new(&args[2])),
        _ => die(usage),
    }
}
