//! holecards' side of benches/native/omaha: the deals, holecards-core's Omaha
//! high evaluation timed on them, the value check against PokerHandEvaluator's
//! ranks (../c/phe_bench.c writes them) and the table. run.sh drives it:
//!
//!   omb gen DIR N SEED [DISTINCT]       write DIR/deals-h{4,5,6}.bin: N random deals each,
//!                                       rows of 5 board cards then H hole cards (one byte a
//!                                       card, rank * 4 + suit), all 5 + H cards distinct;
//!                                       with DISTINCT < N, the first DISTINCT deals repeated
//!   omb bench H DEALS REPS              time holecards' modes on those deals (RESULT lines)
//!   omb check H DEALS PHE_VALUES        every deal: holecards' value against 7463 - PHEvaluator's
//!                                       rank, and the order of consecutive deals
//!   omb memory                          holecards' table sizes (MEM lines)
//!   omb table RESULTS                   the table, from every harness's lines
//!
//! The deals are converted to each mode's input before timing; a pass
//! evaluates every deal once.
use std::collections::BTreeMap;
use std::hint::black_box;
use std::path::Path;
use std::time::Instant;

use holecards_core::eval::omaha::{evaluate_rows, omaha_high, OmahaRows};
use holecards_core::Card;

const HOLE_COUNTS: [usize; 3] = [4, 5, 6];

fn die(msg: &str) -> ! {
    eprintln!("omb: {msg}");
    std::process::exit(2)
}

/// SplitMix64: a fixed, dependency-free generator (the deals only need to be
/// random and the same for a given seed).
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    /// Uniform in 0..k.
    fn below(&mut self, k: usize) -> usize {
        ((self.next() as u128 * k as u128) >> 64) as usize
    }
}

/// N deals of 5 + h distinct cards: a partial Fisher-Yates shuffle of one
/// deck (carried from deal to deal) per deal.
/// `distinct` below `n`: the first `distinct` deals, repeated to make `n`.
fn generate(h: usize, n: usize, seed: u64, distinct: usize) -> Vec<u8> {
    let mut rng = SplitMix(seed.wrapping_mul(0x1000_0000_01b3) ^ h as u64);
    let mut deck: Vec<u8> = (0..52).collect();
    let w = 5 + h;
    let mut out = Vec::with_capacity(n * w);
    for k in 0..n {
        if k >= distinct {
            out.extend_from_within((k % distinct) * w..(k % distinct + 1) * w);
            continue;
        }
        for i in 0..w {
            let j = i + rng.below(52 - i);
            deck.swap(i, j);
        }
        out.extend_from_slice(&deck[..w]);
    }
    out
}

fn load_deals(path: &Path, h: usize) -> Vec<u8> {
    let w = 5 + h;
    let b = std::fs::read(path).unwrap_or_else(|e| die(&format!("{}: {e}", path.display())));
    if b.is_empty() || !b.len().is_multiple_of(w) {
        die(&format!(
            "{}: {} bytes is not whole rows of {w} cards",
            path.display(),
            b.len()
        ));
    }
    for (i, row) in b.chunks_exact(w).enumerate() {
        let mut seen = 0u64;
        for &c in row {
            if c >= 52 || seen & (1 << c) != 0 {
                die(&format!("deal {i} is not {w} distinct cards: {row:?}"));
            }
            seen |= 1 << c;
        }
    }
    b
}

/// The deals as holecards' batch takes them: hole rows and board rows.
fn split(deals: &[u8], h: usize) -> (Vec<u8>, Vec<u8>) {
    let (mut hole, mut board) = (Vec::new(), Vec::new());
    for row in deals.chunks_exact(5 + h) {
        board.extend_from_slice(&row[..5]);
        hole.extend_from_slice(&row[5..]);
    }
    (hole, board)
}

fn rows_values(deals: &[u8], h: usize) -> Vec<u16> {
    let (hole, board) = split(deals, h);
    let mut out = vec![0u16; deals.len() / (5 + h)];
    evaluate_rows(
        OmahaRows::High,
        &hole,
        h,
        &board,
        5,
        &mut out,
        Some(1),
        None,
    )
    .unwrap_or_else(|e| die(&e.to_string()));
    out
}

/// Pre-built cards: the board in [0..5], the hole cards after it.
fn to_cards(deals: &[u8], h: usize) -> Vec<[Card; 11]> {
    deals
        .chunks_exact(5 + h)
        .map(|row| {
            let mut c = [Card::FIRST; 11];
            for (slot, &x) in c.iter_mut().zip(row) {
                *slot = Card::new(x).unwrap();
            }
            c
        })
        .collect()
}

#[inline(never)]
fn pass_high(cards: &[[Card; 11]], h: usize) -> u64 {
    let mut acc = 0u64;
    for c in cards {
        let v = omaha_high(&c[5..5 + h], &c[..5]).map_or(0, |v| v.value());
        acc = acc.wrapping_add(v as u64);
    }
    acc
}

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

struct Mode<'a> {
    id: &'static str,
    api: &'static str,
    pass: Box<dyn FnMut() -> u64 + 'a>,
}

fn bench(h: usize, deals_file: &Path, reps: usize) {
    let deals = load_deals(deals_file, h);
    let n = deals.len() / (5 + h);
    // every conversion before any timing
    let (hole, board) = split(&deals, h);
    let mut out = vec![0u16; n];
    let cards = to_cards(&deals, h);
    let mut modes = [
        Mode {
            id: "hc-rows",
            api: "omaha::evaluate_rows(High, 1 thread), checked",
            pass: Box::new(|| {
                evaluate_rows(
                    OmahaRows::High,
                    black_box(&hole),
                    h,
                    black_box(&board),
                    5,
                    &mut out,
                    Some(1),
                    None,
                )
                .unwrap_or_else(|e| die(&e.to_string()));
                out.iter().map(|&v| v as u64).sum()
            }),
        },
        Mode {
            id: "hc-high",
            api: "omaha::omaha_high(&[Card], &[Card]), checked",
            pass: Box::new(|| pass_high(black_box(&cards), h)),
        },
    ];
    let sums0: Vec<u64> = modes.iter_mut().map(|m| (m.pass)()).collect(); // warm-up, untimed
    let mut rates = vec![Vec::new(); modes.len()];
    let mut cycles = vec![Vec::new(); modes.len()];
    // round-robin, so a change in the machine's load hits both modes
    for _ in 0..reps {
        for (k, m) in modes.iter_mut().enumerate() {
            let c0 = tsc();
            let t = Instant::now();
            let s = (m.pass)();
            let dt = t.elapsed().as_secs_f64();
            let dc = tsc().wrapping_sub(c0);
            if s != sums0[k] {
                die(&format!(
                    "{}: checksum {s} differs from the warm-up's {}",
                    m.id, sums0[k]
                ));
            }
            rates[k].push(n as f64 / dt);
            cycles[k].push(dc as f64 / n as f64);
        }
    }
    for (k, m) in modes.iter().enumerate() {
        let r: Vec<String> = rates[k].iter().map(|x| format!("{x:.0}")).collect();
        let c: Vec<String> = cycles[k].iter().map(|x| format!("{x:.3}")).collect();
        println!(
            "RESULT\t{h}\t{}\tholecards-core\t{}\t{}",
            m.id,
            m.api,
            r.join("\t")
        );
        println!("CYCLES\t{h}\t{}\t{}", m.id, c.join("\t"));
        println!("SUM\t{h}\t{}\t{}", m.id, sums0[k]);
        let mut s = rates[k].clone();
        s.sort_by(f64::total_cmp);
        eprintln!("  PLO{h}: {} median {:.1} M/s", m.id, s[s.len() / 2] / 1e6);
    }
}

fn card_str(c: u8) -> String {
    let r = b"23456789TJQKA"[(c >> 2) as usize] as char;
    let s = b"cdhs"[(c & 3) as usize] as char;
    format!("{r}{s}")
}

fn deal_str(row: &[u8]) -> String {
    let s = |cs: &[u8]| cs.iter().map(|&c| card_str(c)).collect::<String>();
    format!("board {} hole {}", s(&row[..5]), s(&row[5..]))
}

/// Prints one CHECK line; false when anything disagrees.
fn check(h: usize, deals_file: &Path, phe_file: &Path) -> bool {
    let deals = load_deals(deals_file, h);
    let w = 5 + h;
    let n = deals.len() / w;
    let rows = rows_values(&deals, h);
    let cards = to_cards(&deals, h);
    let high: Vec<u16> = cards
        .iter()
        .map(|c| omaha_high(&c[5..5 + h], &c[..5]).unwrap().value())
        .collect();
    let b =
        std::fs::read(phe_file).unwrap_or_else(|e| die(&format!("{}: {e}", phe_file.display())));
    let phe: Vec<u16> = b
        .chunks_exact(2)
        .map(|x| u16::from_le_bytes([x[0], x[1]]))
        .collect();
    if phe.len() != n {
        die(&format!(
            "{}: {} values for {n} deals",
            phe_file.display(),
            phe.len()
        ));
    }
    let modes_agree = rows == high;
    let mut equal = 0usize;
    let mut shown = 0;
    for i in 0..n {
        if (1..=7462).contains(&phe[i]) && rows[i] == 7463 - phe[i] {
            equal += 1;
        } else if shown < 5 {
            shown += 1;
            eprintln!(
                "  PLO{h} deal {i}: {}: holecards {} (7463 - it = {}), PHEvaluator {}",
                deal_str(&deals[i * w..(i + 1) * w]),
                rows[i],
                7463 - rows[i] as i32,
                phe[i]
            );
        }
    }
    // which of two deals is better: holecards' greater is PHEvaluator's lower
    let ordered = (0..n - 1)
        .filter(|&i| rows[i + 1].cmp(&rows[i]) == phe[i].cmp(&phe[i + 1]))
        .count();
    let ok = modes_agree && equal == n && ordered == n - 1;
    println!(
        "CHECK\t{h}\t{n}\t{equal}\t{}\t{ordered}\t{}\t{}",
        n - 1,
        if modes_agree { "agree" } else { "DISAGREE" },
        if ok { "ok" } else { "FAILED" }
    );
    ok
}

/// holecards-core's tables. `table_memory()` lists the evaluator's (the
/// Omaha flush values are read from LOOKUP's flush copy); the Omaha rank
/// tables of eval/omaha.rs (`rank_tables()`, built on first use) are
/// private, so their size is worked out from their documented shape: the
/// index of each two-rank multiset (`[u8; 13 * 13]`), of each three-rank
/// multiset (`[u16; 13 * 13 * 13]`), and a u16 value for every three-rank
/// multiset with every two-rank one (455 x 91).
fn memory() {
    for (name, bytes) in holecards_core::eval::table_memory() {
        let read = if name.contains("VALUE_CLASS") {
            "-"
        } else if name.contains("LOOKUP") {
            "flush copy"
        } else {
            "no"
        };
        println!("MEM\thc\t{name}\t{bytes}\t{read}");
    }
    let multisets = |k: usize| (0..k).fold(1usize, |a, i| a * (13 + i) / (i + 1)); // C(12 + k, k)
    let (pairs, triples) = (multisets(2), multisets(3));
    println!(
        "MEM\thc\tOmaha: two-rank multiset index (rank_tables().pair)\t{}\tall",
        13 * 13
    );
    println!(
        "MEM\thc\tOmaha: three-rank multiset index (rank_tables().triple)\t{}\tall",
        13 * 13 * 13 * 2
    );
    println!("MEM\thc\tOmaha: value of {triples} x {pairs} rank multisets (rank_tables().value)\t{}\tall", triples * pairs * 2);
    // the flush copy: 8192 u16 values at LOOKUP's end (eval::flush_value)
    println!(
        "MEM\thc\tOmaha flushes: LOOKUP's flush copy (8192 x u16, part of LOOKUP)\t{}\tall",
        8192 * 2
    );
}

struct Row {
    evaluator: String,
    api: String,
    rates: BTreeMap<usize, Vec<f64>>,
    cycles: BTreeMap<usize, Vec<f64>>,
}

fn median(v: &[f64]) -> f64 {
    let mut s = v.to_vec();
    s.sort_by(f64::total_cmp);
    s[s.len() / 2]
}

fn human(bytes: f64) -> String {
    if bytes >= 1024.0 * 1024.0 {
        format!("{:.1} MiB", bytes / (1024.0 * 1024.0))
    } else {
        format!("{:.1} KiB", bytes / 1024.0)
    }
}

fn table(results: &Path) {
    let text = std::fs::read_to_string(results)
        .unwrap_or_else(|e| die(&format!("{}: {e}", results.display())));
    let mut rows: Vec<(String, Row)> = Vec::new();
    let mut mem: Vec<(String, String, f64, String)> = Vec::new();
    let mut checks: Vec<Vec<String>> = Vec::new();
    for line in text.lines() {
        let f: Vec<&str> = line.split('\t').collect();
        let nums =
            |from: usize| -> Vec<f64> { f[from..].iter().filter_map(|x| x.parse().ok()).collect() };
        match f[0] {
            "RESULT" => {
                let h: usize = f[1].parse().unwrap();
                let id = f[2].to_string();
                let i = rows.iter().position(|(k, _)| *k == id).unwrap_or_else(|| {
                    rows.push((
                        id.clone(),
                        Row {
                            evaluator: f[3].into(),
                            api: f[4].into(),
                            rates: BTreeMap::new(),
                            cycles: BTreeMap::new(),
                        },
                    ));
                    rows.len() - 1
                });
                rows[i].1.rates.insert(h, nums(5));
            }
            "CYCLES" => {
                let h: usize = f[1].parse().unwrap();
                if let Some((_, r)) = rows.iter_mut().find(|(k, _)| k == f[2]) {
                    r.cycles.insert(h, nums(3));
                }
            }
            "MEM" => mem.push((f[1].into(), f[2].into(), f[3].parse().unwrap(), f[4].into())),
            "CHECK" => checks.push(f.iter().map(|s| s.to_string()).collect()),
            _ => {}
        }
    }
    // PHEvaluator first, then holecards' modes
    rows.sort_by_key(|(id, _)| (id != "phe", id.clone()));
    let phe_median = |h: usize| {
        rows.iter()
            .find(|(id, _)| id == "phe")
            .and_then(|(_, r)| r.rates.get(&h))
            .map(|v| median(v))
    };
    // what one evaluation reads, per library and hole count
    let read_bytes = |lib: &str, h: usize| -> f64 {
        mem.iter()
            .filter(|(l, _, _, read)| {
                l == lib && (read == "all" || read.split(',').any(|x| x == h.to_string()))
            })
            .map(|(_, _, b, _)| *b)
            .sum()
    };
    let api_w = rows
        .iter()
        .map(|(_, r)| r.api.len())
        .max()
        .unwrap_or(10)
        .max(10);
    let cell_w = 35;
    let with_mem = !mem.is_empty();
    let mut head1 = format!("{:15} {:api_w$} |", "", "");
    let mut head2 = format!("{:15} {:api_w$} |", "evaluator", "API / mode");
    for h in HOLE_COUNTS {
        head1 += &format!("{:^w$}|", format!("{h} hole cards"), w = cell_w + 1);
        head2 += &format!("{:>cell_w$} |", "M/s (min-max)  hc/phe  c/d");
    }
    if with_mem {
        head1 += "  tables read";
        head2 += "  4 / 5 / 6 hole cards";
    }
    println!("{head1}");
    println!("{head2}");
    println!("{}", "-".repeat(head2.len()));
    let mut spread: f64 = 0.0;
    for (id, r) in &rows {
        let mut line = format!("{:15} {:api_w$} |", r.evaluator, r.api);
        for h in HOLE_COUNTS {
            let cell = match r.rates.get(&h) {
                Some(v) if !v.is_empty() => {
                    let (lo, hi) = v
                        .iter()
                        .fold((f64::MAX, 0f64), |(a, b), &x| (a.min(x), b.max(x)));
                    spread = spread.max(hi / lo);
                    let m = median(v);
                    let ratio = phe_median(h).map_or("-".into(), |p| format!("{:.2}x", m / p));
                    let cyc = r
                        .cycles
                        .get(&h)
                        .map_or("-".into(), |c| format!("{:.0}", median(c)));
                    format!(
                        "{:6.2} ({:.2}-{:.2}) {ratio:>6} {cyc:>4}",
                        m / 1e6,
                        lo / 1e6,
                        hi / 1e6
                    )
                }
                _ => "-".into(),
            };
            line += &format!("{cell:>cell_w$} |");
        }
        if with_mem {
            let lib = if id == "phe" { "phe" } else { "hc" };
            let reads: Vec<String> = HOLE_COUNTS
                .iter()
                .map(|&h| human(read_bytes(lib, h)))
                .collect();
            line += &format!("  {}", reads.join(" / "));
        }
        println!("{line}");
    }
    println!("M/s: median of the passes (min-max); hc/phe: this median / PHEvaluator's median, same hole count; c/d: time-stamp-counter cycles per deal (median)");
    if spread > 1.2 {
        println!("note: the passes of one cell differ by up to {:.0}% (max/min): the machine was noisy; compare ratios, rerun when it is quieter", (spread - 1.0) * 100.0);
    }
    if !with_mem {
        return;
    }
    println!();
    for (lib, title) in [
        (
            "phe",
            "PHEvaluator's tables (nm --size of the objects linked)",
        ),
        ("hc", "holecards-core's tables"),
    ] {
        println!("{title}:");
        for (l, name, bytes, read) in &mem {
            if l == lib {
                let read = match read.as_str() {
                    "all" => "read by every hole count".to_string(),
                    "no" => "not read by Omaha evaluation".to_string(),
                    "-" => "names only".to_string(),
                    "flush copy" => "its flush copy is read (below)".to_string(),
                    r => format!("read by {r} hole cards"),
                };
                println!("  {:>12}  {name}  ({read})", human(*bytes));
            }
        }
    }
    println!();
    for c in &checks {
        // CHECK h n equal pairs ordered modes ok
        println!(
            "Value check, {} hole cards: {} of {} deals have holecards' value = 7463 - PHEvaluator's rank; {} of {} consecutive pairs ordered alike; evaluate_rows and omaha_high {}: {}",
            c[1], c[3], c[2], c[5], c[4], c[6], c[7]
        );
    }
}

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let arg = |i: usize| {
        a.get(i)
            .map(String::as_str)
            .unwrap_or_else(|| die("missing argument (see the top of src/main.rs)"))
    };
    let num = |i: usize| {
        arg(i)
            .parse::<usize>()
            .unwrap_or_else(|_| die(&format!("not a number: {}", arg(i))))
    };
    let hole = |i: usize| {
        let h = num(i);
        if !HOLE_COUNTS.contains(&h) {
            die("H must be 4, 5 or 6")
        }
        h
    };
    match arg(1) {
        "gen" => {
            let dir = Path::new(arg(2));
            let (n, seed) = (num(3), num(4) as u64);
            let distinct = if a.len() > 5 { num(5).clamp(1, n) } else { n };
            std::fs::create_dir_all(dir)
                .unwrap_or_else(|e| die(&format!("{}: {e}", dir.display())));
            for h in HOLE_COUNTS {
                let p = dir.join(format!("deals-h{h}.bin"));
                std::fs::write(&p, generate(h, n, seed, distinct))
                    .unwrap_or_else(|e| die(&format!("{}: {e}", p.display())));
            }
        }
        "bench" => bench(hole(2), Path::new(arg(3)), num(4).max(1)),
        "check" => {
            if !check(hole(2), Path::new(arg(3)), Path::new(arg(4))) {
                std::process::exit(1)
            }
        }
        "memory" => memory(),
        "table" => table(Path::new(arg(2))),
        other => die(&format!("unknown command {other}")),
    }
}
