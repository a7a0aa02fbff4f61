//! Search for the evaluator's rank bases (rust/core/build.rs `RANK_BASES`).
//!
//! A hand's rank key is the sum of one base per card's rank. The bases must
//! give every multiset of 5, 6 or 7 ranks (at most four of a rank; 73,775 of
//! them) its own sum, and the sums should pack well under a row-displacement
//! perfect hash, `slot = key + OFFSETS[key >> SHIFT]` (Czech, Havas and
//! Majewski 1997, section 5.2), built first-fit-decreasing over the rows as
//! build.rs does: the objective is the image size (the lookup table's length;
//! 73,775 is perfect) and then the number of rows (the offset table's length).
//!
//! Candidates are built greedily, deuce first: each rank's base is the
//! smallest value at or above a random lower bound that keeps the sums of the
//! ranks so far distinct where a hand could still tell them apart (two
//! multisets whose sizes differ by at most two), on a grid (a multiple of the
//! row width for the lowest ranks, so that they move a key between rows without
//! changing its column). The random generator is seeded, so a run is
//! reproducible.
//!
//!     rustc -O -o /tmp/rank_bases scripts/rank_bases.rs
//!     /tmp/rank_bases [TRIES [SEED [SHIFT]]]
//!
//! prints each candidate better than the best so far, and the best last.

const NR: usize = 13;

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// Every multiset of 5..=7 ranks (at most 4 of each) as its key.
fn all_keys(b: &[u64; NR]) -> Vec<u64> {
    fn rec(b: &[u64; NR], r: usize, left: u32, size: u32, sum: u64, out: &mut Vec<u64>) {
        if r == NR {
            if size >= 5 {
                out.push(sum);
            }
            return;
        }
        for c in 0..=left.min(4) {
            rec(b, r + 1, left - c, size + c, sum + c as u64 * b[r], out);
        }
    }
    let mut out = Vec::with_capacity(80_000);
    rec(b, 0, 7, 0, 0, &mut out);
    out
}

fn distinct(keys: &[u64]) -> bool {
    let mut k = keys.to_vec();
    k.sort_unstable();
    k.windows(2).all(|w| w[0] != w[1])
}

/// First-fit-decreasing row displacement: (image size, rows). Rows go
/// fullest first (ties: the higher row first), each to the first position
/// at which all its keys land on free slots (scanned 64 positions at a time).
fn ffd(keys: &[u64], shift: u32) -> (usize, usize) {
    let rows = (*keys.iter().max().unwrap() >> shift) as usize + 1;
    let mut by_row: Vec<Vec<u32>> = vec![Vec::new(); rows];
    for &k in keys {
        by_row[(k >> shift) as usize].push((k & ((1 << shift) - 1)) as u32);
    }
    let mut order: Vec<usize> = (0..rows).filter(|&r| !by_row[r].is_empty()).collect();
    order.sort_by_key(|&r| (std::cmp::Reverse(by_row[r].len()), std::cmp::Reverse(r)));
    let width = 1usize << shift;
    let mut filled = vec![0u64; (keys.len() + 2 * width) / 64 + 4];
    // bits p..p+63 of the bitset
    let get64 = |f: &Vec<u64>, p: usize| -> u64 {
        let (w, b) = (p / 64, p % 64);
        let lo = f.get(w).copied().unwrap_or(0);
        let hi = f.get(w + 1).copied().unwrap_or(0);
        if b == 0 {
            lo
        } else {
            (lo >> b) | (hi << (64 - b))
        }
    };
    let mut least_empty = 0usize;
    let mut image = 0usize;
    for &r in &order {
        let cols = &mut by_row[r];
        cols.sort_unstable();
        let c0 = cols[0];
        let mut p = least_empty;
        loop {
            let mut busy = 0u64;
            for &c in cols.iter() {
                busy |= get64(&filled, p + (c - c0) as usize);
                if busy == !0 {
                    break;
                }
            }
            if busy != !0 {
                p += (!busy).trailing_zeros() as usize;
                break;
            }
            p += 64;
        }
        for &c in cols.iter() {
            let s = p + (c - c0) as usize;
            if s / 64 + 2 >= filled.len() {
                filled.resize(s / 64 + width / 64 + 4, 0);
            }
            filled[s / 64] |= 1 << (s % 64);
            image = image.max(s + 1);
        }
        while filled[least_empty / 64] >> (least_empty % 64) & 1 == 1 {
            least_empty += 1;
        }
    }
    (image, rows)
}

/// Greedy prefix check: sums of multisets over the ranks so far (sizes 0..=7)
/// must differ wherever the sizes differ by at most 2 (the higher ranks could
/// complete both to valid hands of the same extra cards).
struct Prefix {
    items: Vec<(u64, u8)>,
    bits: Vec<Vec<u64>>, // per size, a bitset of sums
}

impl Prefix {
    fn new(limit: u64) -> Prefix {
        let words = (limit as usize >> 6) + 1;
        let mut bits = vec![vec![0u64; words]; 8];
        bits[0][0] = 1;
        Prefix { items: vec![(0, 0)], bits }
    }
    fn has(&self, size: u8, x: u64) -> bool {
        let lo = size.saturating_sub(2) as usize;
        let hi = (size as usize + 2).min(7);
        (lo..=hi).any(|s| self.bits[s][(x >> 6) as usize] >> (x & 63) & 1 == 1)
    }
    fn set(&mut self, size: u8, x: u64, on: bool) {
        let w = &mut self.bits[size as usize][(x >> 6) as usize];
        if on {
            *w |= 1 << (x & 63);
        } else {
            *w &= !(1 << (x & 63));
        }
    }
    /// Adds a rank of base `b` if it keeps the sums apart; false (and no
    /// change) otherwise. `last`: only final sizes 5..=7 matter.
    fn try_add(&mut self, b: u64, last: bool) -> bool {
        let mut added: Vec<(u64, u8)> = Vec::new();
        let n = self.items.len();
        let mut ok = true;
        'outer: for k in 1..=4u8 {
            for i in 0..n {
                let (x, s) = self.items[i];
                if s + k > 7 {
                    continue;
                }
                let (y, t) = (x + k as u64 * b, s + k);
                let clash = if last { t >= 5 && (5..=7).any(|u| self.bits[u][(y >> 6) as usize] >> (y & 63) & 1 == 1) } else { self.has(t, y) };
                if clash {
                    ok = false;
                    break 'outer;
                }
                self.set(t, y, true);
                added.push((y, t));
            }
        }
        if !ok {
            for &(y, t) in &added {
                self.set(t, y, false);
            }
            return false;
        }
        self.items.extend_from_slice(&added);
        true
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(|s| s.as_str()) == Some("eval") {
        // rank_bases eval SHIFT B0,B1,...,B12: score given bases
        let shift: u32 = args[2].parse().unwrap();
        let v: Vec<u64> = args[3].split(',').map(|s| s.trim().parse().unwrap()).collect();
        let b: [u64; NR] = v.try_into().unwrap();
        let keys = all_keys(&b);
        println!("{} keys, distinct {}, max {}, ffd {:?}", keys.len(), distinct(&keys), keys.iter().max().unwrap(), ffd(&keys, shift));
        return;
    }
    let tries: usize = args.get(1).map_or(200, |s| s.parse().unwrap());
    let seed: u64 = args.get(2).map_or(1, |s| s.parse().unwrap());
    let shift: u32 = args.get(3).map_or(11, |s| s.parse().unwrap());
    let width = 1u64 << shift;
    let limit = 1u64 << 26;
    let mut rng = Rng(seed);
    let t0 = std::time::Instant::now();
    let mut best: Option<((usize, usize), [u64; NR])> = None;
    for t in 0..tries {
        // knobs of this candidate
        let grid_ranks = (rng.next() % 5) as usize; // ranks 0..grid_ranks on the row grid
        let growth = 1.6 + 1.6 * rng.unit();
        let mut p = Prefix::new(limit);
        let mut b = [0u64; NR];
        let mut fail = false;
        for r in 0..NR {
            let step = if r < grid_ranks { width } else { 1 };
            let lo = if r == 0 { step } else { ((b[r - 1] as f64) * (1.0 + (growth - 1.0) * rng.unit())) as u64 };
            let mut x = lo.div_ceil(step) * step;
            while x * 7 < limit && !p.try_add(x, r == NR - 1) {
                x += step;
            }
            if x * 7 >= limit {
                fail = true;
                break;
            }
            b[r] = x;
        }
        if fail {
            continue;
        }
        let keys = all_keys(&b);
        if !distinct(&keys) {
            continue;
        }
        // the rank key must fit in 25 bits (the low bits of HandAcc's key, below
        // the suit counters)
        if *keys.iter().max().unwrap() >= 1 << 25 {
            continue;
        }
        let score = ffd(&keys, shift);
        if t % 10 == 0 {
            eprintln!("try {t}: {:.1}s", t0.elapsed().as_secs_f64());
        }
        if best.as_ref().is_none_or(|(s, _)| score < *s) {
            println!("try {t}: image {} rows {} max key {} grid {grid_ranks} growth {growth:.2}: {:?}", score.0, score.1, keys.iter().max().unwrap(), b);
            best = Some((score, b));
        }
    }
    if let Some(((image, rows), b)) = best {
        println!("best (shift {shift}): image {image}, rows {rows}: {b:?}");
    }
}
