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
//!   nbench limits HANDS_FILE REPS           table memory, latency and the throughput of the
//!                                           evaluator's table reads alone (the machine's limit)
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
    use holecards_core::eval::batch::{evaluate_rows, evaluate_rows_with, Kernel};
    use holecards_core::eval::{eval7_indices, HandAcc};
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
    // The checked batch path: the kernel evaluate_rows chooses (AVX-512
    // where the processor has it), the scalar kernel, and every core.
    let flat: Rc<Vec<u8>> = Rc::new(hands.as_flattened().to_vec());
    let batch_mode = |id: &'static str, api: &'static str, run: Rc<dyn Fn(&[u8], &mut [u16])>| -> Mode {
        let run2 = Rc::clone(&run);
        let out = Rc::new(std::cell::RefCell::new(vec![0u16; n]));
        let (f2, o2, f3) = (Rc::clone(&flat), Rc::clone(&out), Rc::clone(&flat));
        Mode {
            id,
            evaluator: "holecards-core",
            api,
            pass: Box::new(move || {
                let mut o = o2.borrow_mut();
                run(black_box(&f2[..]), &mut o[..]);
                black_box(o[0]) as u64
            }),
            values: Box::new(move |k| {
                let mut o = vec![0u16; k];
                run2(&f3[..7 * k], &mut o);
                o
            }),
        }
    };
    // Every other kernel this processor runs, named by its id: hc-rows-scalar,
    // hc-rows-avx512, hc-rows-avx512-loads.
    let best = Kernel::best();
    let leak = |s: String| -> &'static str { Box::leak(s.into_boxed_str()) };
    v.push(batch_mode(
        "hc-rows",
        leak(format!("batch::evaluate_rows(7, 1 thread), checked, {}", best.name())),
        Rc::new(|c, o| evaluate_rows(c, 7, o, Some(1)).unwrap_or_else(|e| die(&e.to_string()))),
    ));
    for k in Kernel::available() {
        if k != best {
            v.push(batch_mode(
                leak(format!("hc-rows-{}", k.name())),
                leak(format!("batch::evaluate_rows_with({}), checked", k.name())),
                Rc::new(move |c, o| evaluate_rows_with(k, c, 7, o).unwrap_or_else(|e| die(&e.to_string()))),
            ));
        }
    }
    v.push(batch_mode(
        "hc-rows-all",
        "batch::evaluate_rows(7, all cores), checked",
        Rc::new(|c, o| evaluate_rows(c, 7, o, None).unwrap_or_else(|e| die(&e.to_string()))),
    ));
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
    let mut cycles = vec![Vec::new(); modes.len()];
    let mut tsc_hz = Vec::new();
    for _ in 0..reps {
        for ((m, r), cy) in modes.iter().zip(rates.iter_mut()).zip(cycles.iter_mut()) {
            let c0 = tsc();
            let t = Instant::now();
            let s = (m.pass)();
            let dt = t.elapsed().as_secs_f64();
            let dc = tsc().wrapping_sub(c0);
            black_box(s);
            r.push(n as f64 / dt);
            cy.push(dc as f64 / n as f64);
            tsc_hz.push(dc as f64 / dt);
        }
    }
    for (((m, r), cy), s) in modes.iter().zip(&rates).zip(&cycles).zip(&sums) {
        let r: Vec<String> = r.iter().map(|x| format!("{x:.0}")).collect();
        let cy: Vec<String> = cy.iter().map(|x| format!("{x:.3}")).collect();
        println!("RESULT\t{column}\t{}\t{}\t{}\t{}", m.id, m.evaluator, m.api, r.join("\t"));
        println!("CYCLES\t{column}\t{}\t{}", m.id, cy.join("\t"));
        eprintln!("  {column:8} {:10} checksum {s}", m.id);
    }
    tsc_hz.sort_by(|a, b| a.partial_cmp(b).unwrap());
    if let Some(hz) = tsc_hz.get(tsc_hz.len() / 2) {
        println!("TSC\t{column}\t{hz:.0}");
    }
}

/// The time-stamp counter (0 where there is none): cycles at the TSC's
/// fixed rate, which the table reports next to it.
fn tsc() -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: rdtsc has no preconditions on x86-64.
        unsafe { core::arch::x86_64::_rdtsc() }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        0
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

/// The machine's limit for this design, measured on the same hands: every
/// evaluation reads one `u32` of the row offsets and one `u16` of the value
/// table, so a loop doing only those reads (indices precomputed from the real
/// hands, so the cache sees the real access pattern) bounds any evaluator
/// with these tables; the latency of one read tells how many must be in
/// flight.
fn limits(hands_file: &Path, reps: usize) {
    use holecards_core::eval::{table_memory, HandAcc};
    let hands = load_hands(hands_file);
    let n = hands.len();
    println!("Table memory (holecards-core):");
    let mut hot = 0;
    for (name, bytes) in table_memory() {
        println!("  {:>8.1} KiB  {name}", bytes as f64 / 1024.0);
        if !name.contains("names") {
            hot += bytes;
        }
    }
    println!("  {:>8.1} KiB  read by an evaluation (everything but the names)", hot as f64 / 1024.0);
    // The same-size tables and the hands' indices into them, packed row << 17 | slot.
    let offsets = vec![1u32; 8192];
    let values = vec![1u16; (1 << 17) + 32];
    let idx: Vec<u32> = hands
        .iter()
        .map(|h| {
            let (row, slot) = HandAcc::from_indices(h).table_indices();
            ((row as u32) << 17) | slot as u32
        })
        .collect();
    let time = |f: &dyn Fn() -> u64| -> (f64, f64) {
        black_box(f());
        let mut r = Vec::new();
        for _ in 0..reps {
            let c0 = tsc();
            let t = Instant::now();
            black_box(f());
            r.push((t.elapsed().as_secs_f64(), tsc().wrapping_sub(c0) as f64));
        }
        r.sort_by(|a, b| a.0.partial_cmp(&b.0).unwrap());
        r[r.len() / 2]
    };
    let report = |what: &str, per: usize, (dt, dc): (f64, f64)| {
        println!("  {what:62} {:8.1} M/s {:7.2} TSC cycles each", per as f64 / dt / 1e6, dc / per as f64);
    };
    println!("Limits on this machine ({n} hands, median of {reps} passes, one thread):");
    // Latency: a pointer chase through a random cycle over a table's size.
    for (label, bytes) in [("32 KiB (the offsets' size)", 32usize << 10), ("256 KiB (the value table's size)", 256 << 10), ("64 MiB (past every cache but L3)", 64 << 20)] {
        let len = bytes / 4;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let mut order: Vec<u32> = (0..len as u32).collect();
        order.shuffle(&mut rng);
        let mut next = vec![0u32; len];
        for w in 0..len {
            next[order[w] as usize] = order[(w + 1) % len];
        }
        let steps = 20_000_000usize;
        let r = time(&|| {
            let mut p = 0u32;
            for _ in 0..steps {
                p = next[p as usize];
            }
            p as u64
        });
        report(&format!("latency: dependent loads, random, in {label}"), steps, r);
    }
    let r = time(&|| {
        let mut acc = 0u64;
        for &x in &idx {
            acc += offsets[(x >> 17) as usize] as u64 + values[(x & 0x1ffff) as usize] as u64;
        }
        acc
    });
    report("throughput: the two table reads per hand, scalar loads", n, r);
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx512f") {
        // SAFETY: AVX-512 F was detected just above.
        let r = time(&|| unsafe { gathers(&idx, &offsets, &values) });
        report("throughput: the two table reads per hand, AVX-512 gathers", n, r);
    }
    let words: Vec<u64> = hands.as_flattened().chunks(8).map(|c| c.iter().rev().fold(0u64, |a, &b| a << 8 | b as u64)).collect();
    let r = time(&|| words.iter().fold(0u64, |a, &w| a ^ w));
    report("reading the cards alone (7 bytes a hand, as 8-byte words)", n, r);
}

/// Sums the two table reads per hand of `idx`, 16 hands per pair of gathers.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
unsafe fn gathers(idx: &[u32], offsets: &[u32], values: &[u16]) -> u64 {
    use core::arch::x86_64::*;
    let mut acc = _mm512_setzero_si512();
    let row_shift = _mm512_set1_epi32(17);
    let slot_mask = _mm512_set1_epi32(0x1ffff);
    for c in idx.chunks_exact(16) {
        let x = _mm512_loadu_si512(c.as_ptr().cast());
        let off = _mm512_i32gather_epi32::<4>(_mm512_srlv_epi32(x, row_shift), offsets.as_ptr().cast());
        let val = _mm512_i32gather_epi32::<2>(_mm512_and_si512(x, slot_mask), values.as_ptr().cast());
        acc = _mm512_add_epi32(acc, _mm512_add_epi32(off, val));
    }
    _mm512_reduce_add_epi32(acc) as u32 as u64
}

/// The peers' pre-built modes: the batch targets are ratios to the fastest.
const PEER_PREBUILT: [&str; 3] = ["omp-hand", "hhe-hand", "rsp-accum"];

fn table(results: &Path) {
    let text = std::fs::read_to_string(results).unwrap_or_else(|e| die(&format!("{}: {e}", results.display())));
    let mut order: Vec<(String, String, String)> = Vec::new();
    let mut columns: Vec<String> = Vec::new();
    let mut rates: BTreeMap<(String, String), Vec<f64>> = BTreeMap::new();
    let mut cycles: BTreeMap<(String, String), Vec<f64>> = BTreeMap::new();
    let mut tsc_hz: BTreeMap<String, f64> = BTreeMap::new();
    for line in text.lines() {
        let f: Vec<&str> = line.split('\t').collect();
        let num = |x: &str| x.parse::<f64>().unwrap_or_else(|_| die(&format!("bad number {x}")));
        match f.first().copied() {
            Some("RESULT") if f.len() >= 6 => {
                let (col, id) = (f[1].to_string(), f[2].to_string());
                if !columns.contains(&col) {
                    columns.push(col.clone());
                }
                if !order.iter().any(|o| o.0 == id) {
                    order.push((id.clone(), f[3].to_string(), f[4].to_string()));
                }
                rates.entry((col, id)).or_default().extend(f[5..].iter().map(|x| num(x)));
            }
            Some("CYCLES") if f.len() >= 4 => {
                cycles.entry((f[1].to_string(), f[2].to_string())).or_default().extend(f[3..].iter().map(|x| num(x)));
            }
            Some("TSC") if f.len() == 3 => {
                tsc_hz.insert(f[1].to_string(), num(f[2]));
            }
            _ => {}
        }
    }
    let median = |v: &mut Vec<f64>| -> f64 {
        v.sort_by(|a, b| a.partial_cmp(b).unwrap());
        let k = v.len();
        if k % 2 == 1 {
            v[k / 2]
        } else {
            (v[k / 2 - 1] + v[k / 2]) / 2.0
        }
    };
    let stats = |col: &str, id: &str| -> Option<(f64, f64, f64, usize)> {
        let mut v = rates.get(&(col.to_string(), id.to_string()))?.clone();
        let med = median(&mut v);
        Some((v[0] / 1e6, med / 1e6, v[v.len() - 1] / 1e6, v.len()))
    };
    let cyc = |col: &str, id: &str| -> Option<f64> {
        let mut v = cycles.get(&(col.to_string(), id.to_string()))?.clone();
        Some(median(&mut v))
    };
    let peer_best = |col: &str| -> Option<(f64, &'static str)> {
        PEER_PREBUILT.iter().filter_map(|id| stats(col, id).map(|s| (s.1, *id))).max_by(|a, b| a.0.partial_cmp(&b.0).unwrap())
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
        head1.push_str(&format!(" | {title:^53}"));
        head2.push_str(&format!(" | {:>7} {:>7} {:>7}  {:>7} {:>7} {:>8}", "min", "median", "max", "hc/this", "x peer", "TSC c/h"));
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
                    let peer = peer_best(c).map_or("-".to_string(), |(p, _)| format!("{:.2}x", med / p));
                    let cy = cyc(c, id).map_or("-".to_string(), |x| format!("{x:.2}"));
                    line.push_str(&format!(" | {lo:7.1} {med:7.1} {hi:7.1}  {:>6.2}x {peer:>7} {cy:>8}", hc / med));
                }
                _ => line.push_str(&format!(" | {:>53}", "-")),
            }
        }
        out.push_str(&line);
        out.push('\n');
    }
    counts.sort();
    counts.dedup();
    let runs = counts.iter().map(|k| k.to_string()).collect::<Vec<_>>().join("/");
    out.push_str(&format!("hc/this = holecards eval7_indices median / this median, same column ({runs} runs per cell)\n"));
    for c in &columns {
        if let Some((p, id)) = peer_best(c) {
            out.push_str(&format!("x peer ({c}) = this median / the fastest peer's pre-built median ({id}, {p:.1} M/s)\n"));
        }
    }
    let ghz: Vec<String> = tsc_hz.iter().map(|(c, hz)| format!("{c} {:.3} GHz", hz / 1e9)).collect();
    out.push_str(&format!(
        "TSC c/h = time-stamp-counter cycles per hand (the TSC ticks at a fixed rate: {}; all-cores modes: wall cycles per hand)\n",
        ghz.join(", ")
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
    let usage = "usage: nbench gen FILE [N [SEED [random|sorted]]] | bench FILE COLUMN REPS DIR | check FILE DIR | table RESULTS | limits FILE REPS";
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
        Some("limits") if args.len() == 4 => limits(Path::new(&args[2]), args[3].parse().unwrap_or_else(|_| die(usage))),
        _ => die(usage),
    }
}
