//! Generates the hand-evaluation tables at build time (nothing is downloaded
//! or written anywhere but Cargo's OUT_DIR).
//!
//! Scheme:
//! * Every distinct 5-card hand value (7,462 of them) gets a number from 1
//!   (7-5-4-3-2 offsuit) to 7462 (royal flush), by sorting an explicit
//!   (category, tiebreak ranks) description of every 5-card rank pattern.
//! * Hands with a flush are looked up by the 13-bit rank mask of the flush
//!   suit (`FLUSH`, 8,192 entries).
//! * Every other hand is looked up by its rank multiset. A card contributes
//!   `1 << (3 * rank)` to a 39-bit key (a count of 0..4 per rank fits in three
//!   bits), and a perfect hash (multiply, then "hash and displace") maps the
//!   49,205 seven-card keys into 65,536 slots and the 24,570 five- and
//!   six-card keys into 32,768 slots. The generator checks that the hash is
//!   collision-free, so a wrong table can never be emitted.
use std::collections::BTreeSet;
use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::Path;

const HIGH_CARD: u32 = 0;
const ONE_PAIR: u32 = 1;
const TWO_PAIR: u32 = 2;
const THREE_OF_A_KIND: u32 = 3;
const STRAIGHT: u32 = 4;
const FLUSH: u32 = 5;
const FULL_HOUSE: u32 = 6;
const FOUR_OF_A_KIND: u32 = 7;
const STRAIGHT_FLUSH: u32 = 8;

/// The class of a 5-card hand as `category << 20 | t0 << 16 | ... | t4`, where
/// t0.. are the ranks that decide ties, most significant first. Comparing
/// classes as integers compares the hands.
fn class5(ranks: &[u32; 5], flush: bool) -> u32 {
    let mut counts = [0u32; 13];
    for &r in ranks {
        counts[r as usize] += 1;
    }
    // groups sorted by (count desc, rank desc)
    let mut groups: Vec<(u32, u32)> = (0..13u32).rev().filter(|&r| counts[r as usize] > 0).map(|r| (counts[r as usize], r)).collect();
    groups.sort_by(|a, b| b.cmp(a));
    let distinct = groups.len();
    let straight_high = if distinct == 5 {
        let hi = groups[0].1;
        let lo = groups[4].1;
        if hi - lo == 4 {
            Some(hi)
        } else if hi == 12 && groups[1].1 == 3 {
            Some(3) // A-2-3-4-5: five high
        } else {
            None
        }
    } else {
        None
    };
    let mut t: Vec<u32> = groups.iter().map(|g| g.1).collect();
    let category = match (straight_high, flush) {
        (Some(h), true) => {
            t = vec![h];
            STRAIGHT_FLUSH
        }
        _ if groups[0].0 == 4 => FOUR_OF_A_KIND,
        _ if groups[0].0 == 3 && groups[1].0 == 2 => FULL_HOUSE,
        (_, true) => FLUSH,
        (Some(h), false) => {
            t = vec![h];
            STRAIGHT
        }
        _ if groups[0].0 == 3 => THREE_OF_A_KIND,
        _ if groups[0].0 == 2 && groups[1].0 == 2 => TWO_PAIR,
        _ if groups[0].0 == 2 => ONE_PAIR,
        _ => HIGH_CARD,
    };
    t.resize(5, 0);
    (category << 20) | (t[0] << 16) | (t[1] << 12) | (t[2] << 8) | (t[3] << 4) | t[4]
}

/// Calls `f` with every multiset of `n` ranks (at most four of each rank), as a
/// count per rank.
fn for_each_multiset(n: u32, f: &mut dyn FnMut(&[u32; 13])) {
    fn rec(rank: usize, left: u32, counts: &mut [u32; 13], f: &mut dyn FnMut(&[u32; 13])) {
        if rank == 13 {
            if left == 0 {
                f(counts);
            }
            return;
        }
        for c in 0..=left.min(4) {
            counts[rank] = c;
            rec(rank + 1, left - c, counts, f);
        }
        counts[rank] = 0;
    }
    let mut counts = [0u32; 13];
    rec(0, n, &mut counts, f);
}

/// Every 5-card sub-multiset of `counts`, as sorted rank arrays.
fn sub_hands(counts: &[u32; 13]) -> Vec<[u32; 5]> {
    fn rec(rank: usize, left: u32, counts: &[u32; 13], cur: &mut Vec<u32>, out: &mut Vec<[u32; 5]>) {
        if left == 0 {
            let mut h = [0u32; 5];
            h.copy_from_slice(cur);
            out.push(h);
            return;
        }
        if rank == 13 {
            return;
        }
        for take in 0..=counts[rank].min(left) {
            for _ in 0..take {
                cur.push(rank as u32);
            }
            rec(rank + 1, left - take, counts, cur, out);
            for _ in 0..take {
                cur.pop();
            }
        }
    }
    let mut out = Vec::new();
    rec(0, 5, counts, &mut Vec::new(), &mut out);
    out
}

fn rank_key(counts: &[u32; 13]) -> u64 {
    counts.iter().enumerate().map(|(r, &c)| (c as u64) << (3 * r)).sum()
}

struct Chd {
    mult: u64,
    disp: Vec<u16>,
    table: Vec<u16>,
}

/// A collision-free "hash and displace" table: slot = hi_bits(key * mult) ^
/// disp[bucket(key * mult)].
fn build_chd(entries: &[(u64, u16)], slot_bits: u32, bucket_bits: u32) -> Chd {
    let slots = 1usize << slot_bits;
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    for _attempt in 0..1000 {
        // splitmix64 for candidate odd multipliers
        seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = seed;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        let mult = (z ^ (z >> 31)) | 1;
        let mut buckets: Vec<Vec<(usize, u16)>> = vec![Vec::new(); 1 << bucket_bits];
        for &(key, val) in entries {
            let h = key.wrapping_mul(mult);
            let b = (h >> (64 - bucket_bits)) as usize;
            let p = ((h >> (64 - bucket_bits - slot_bits)) as usize) & (slots - 1);
            buckets[b].push((p, val));
        }
        let mut order: Vec<usize> = (0..buckets.len()).collect();
        order.sort_by_key(|&b| std::cmp::Reverse(buckets[b].len()));
        let mut used = vec![false; slots];
        let mut table = vec![0u16; slots];
        let mut disp = vec![0u16; 1 << bucket_bits];
        let mut ok = true;
        'bucket: for &b in &order {
            let items = &buckets[b];
            if items.is_empty() {
                break;
            }
            'disp: for d in 0..slots {
                for (i, &(p, _)) in items.iter().enumerate() {
                    let s = p ^ d;
                    if used[s] || items[..i].iter().any(|&(q, _)| q ^ d == s) {
                        continue 'disp;
                    }
                }
                for &(p, v) in items {
                    used[p ^ d] = true;
                    table[p ^ d] = v;
                }
                disp[b] = d as u16;
                continue 'bucket;
            }
            ok = false;
            break;
        }
        if ok {
            return Chd { mult, disp, table };
        }
    }
    panic!("no perfect hash found");
}

fn emit_u16(out: &mut String, name: &str, data: &[u16]) {
    writeln!(out, "pub(crate) static {name}: [u16; {}] = [", data.len()).unwrap(); // ok: build time; a failure is a bug in this generator
    for chunk in data.chunks(24) {
        let line: Vec<String> = chunk.iter().map(|v| v.to_string()).collect();
        let _ = writeln!(out, "{},", line.join(",")); // writing to a String cannot fail
    }
    writeln!(out, "];").unwrap(); // ok: build time; a failure is a bug in this generator
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");

    // 1. Number every distinct 5-card value.
    let mut classes = BTreeSet::new();
    for_each_multiset(5, &mut |counts| {
        let hands = sub_hands(counts);
        let h = hands[0];
        classes.insert(class5(&h, false));
        if counts.iter().all(|&c| c <= 1) {
            classes.insert(class5(&h, true));
        }
    });
    let classes: Vec<u32> = classes.into_iter().collect();
    assert_eq!(classes.len(), 7462, "distinct 5-card values");
    let value_of = |class: u32| -> u16 {
        (classes.binary_search(&class).expect("class enumerated") + 1) as u16 // ok: build time; a failure is a bug in this generator
    };

    // 2. Hands without a flush, keyed by rank multiset.
    let mut by_size: Vec<Vec<(u64, u16)>> = vec![Vec::new(); 8];
    for n in 5..=7u32 {
        for_each_multiset(n, &mut |counts| {
            let best = sub_hands(counts).iter().map(|h| value_of(class5(h, false))).max().expect("at least one sub-hand"); // ok: build time; a failure is a bug in this generator
            by_size[n as usize].push((rank_key(counts), best));
        });
    }
    assert_eq!(by_size[7].len(), 49205);
    let chd7 = build_chd(&by_size[7], 16, 14);
    let mut small = by_size[5].clone();
    small.extend_from_slice(&by_size[6]);
    let chd56 = build_chd(&small, 15, 13);

    // 3. Flushes, keyed by the flush suit's 13-bit rank mask (5 to 7 bits set).
    let mut flush = vec![0u16; 8192];
    for (mask, slot) in flush.iter_mut().enumerate() {
        let bits = (mask as u32).count_ones();
        if !(5..=7).contains(&bits) {
            continue;
        }
        let ranks: Vec<u32> = (0..13).filter(|r| mask >> r & 1 == 1).collect();
        let mut best = 0;
        let n = ranks.len();
        for a in 0..n {
            for b in a + 1..n {
                for c in b + 1..n {
                    for d in c + 1..n {
                        for e in d + 1..n {
                            let h = [ranks[a], ranks[b], ranks[c], ranks[d], ranks[e]];
                            best = best.max(value_of(class5(&h, true)));
                        }
                    }
                }
            }
        }
        *slot = best;
    }

    let mut out = String::new();
    let _ = writeln!(out, "// Generated by build.rs. Do not edit."); // writing to a String cannot fail
    writeln!(out, "pub(crate) const MULT7: u64 = {:#x};", chd7.mult).unwrap(); // ok: build time; a failure is a bug in this generator
    writeln!(out, "pub(crate) const MULT56: u64 = {:#x};", chd56.mult).unwrap(); // ok: build time; a failure is a bug in this generator
    emit_u16(&mut out, "DISP7", &chd7.disp);
    emit_u16(&mut out, "NOFLUSH7", &chd7.table);
    emit_u16(&mut out, "DISP56", &chd56.disp);
    emit_u16(&mut out, "NOFLUSH56", &chd56.table);
    emit_u16(&mut out, "FLUSH", &flush);
    writeln!(out, "pub(crate) static VALUE_CLASS: [u32; 7463] = [0,").unwrap(); // ok: build time; a failure is a bug in this generator
    for chunk in classes.chunks(16) {
        let line: Vec<String> = chunk.iter().map(|v| v.to_string()).collect();
        let _ = writeln!(out, "{},", line.join(",")); // writing to a String cannot fail
    }
    writeln!(out, "];").unwrap(); // ok: build time; a failure is a bug in this generator
    let dest = Path::new(&env::var("OUT_DIR").expect("OUT_DIR set by cargo")).join("eval_tables.rs"); // ok: build time; a failure is a bug in this generator
    fs::write(dest, out).expect("write tables"); // ok: build time; a failure is a bug in this generator
}
