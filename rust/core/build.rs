//! Generates the hand-evaluation tables at build time (nothing is downloaded
//! or written anywhere but Cargo's OUT_DIR).
//!
//! Scheme:
//! * Every distinct 5-card hand value (7,462 of them) gets a number from 1
//!   (7-5-4-3-2 offsuit) to 7462 (royal flush), by sorting an explicit
//!   (category, tiebreak ranks) description of every 5-card rank pattern.
//! * Hands with a flush are looked up by the 13-bit rank mask of the flush
//!   suit (`FLUSH`, 8,192 entries).
//! * Every other hand is looked up by its rank multiset. A card of rank r
//!   contributes `RANK_BASES[r]` to a rank key; the bases give each of the
//!   73,775 multisets of 5, 6 or 7 ranks (at most four of a rank) its own sum,
//!   below 2^25, which this generator checks (the build fails otherwise). One
//!   row-displacement perfect hash (Czech, Havas and Majewski 1997, section
//!   5.2) serves all three sizes: `slot = key + OFFSETS[key >> ROW_BITS]`,
//!   each row of 2^ROW_BITS keys shifted by its offset so that no two keys
//!   meet; the offsets come from first-fit-decreasing (the fullest row
//!   first, each at the first position where its keys land on free slots).
//!   `LOOKUP` holds the values at the slots, padded with zeros to a power of
//!   two so that a masked slot needs no bounds check. The bases were found by
//!   `scripts/rank_bases.rs` (rows of 2^12 keys, so that the 8,192 offsets
//!   fit a 32 KiB level-1 cache; see `RANK_BASES`); the generator
//!   checks that the hash is collision-free, so a wrong table can never be
//!   emitted.
use std::collections::BTreeSet;
use std::env;
use std::fmt::{self, Write as _};
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

/// The rank key's base per rank (deuce first), from `scripts/rank_bases.rs`
/// (`rank_bases 80 3 12`: seed 3, row width 2^12, best of 80 tries; a
/// perfect packing would be 73,775 slots, these need 103,416 here). Rows of
/// 2^12 keys make `OFFSETS` 8,192 entries, 32 KiB, small enough to stay in a
/// level-1 data cache; rows of 2^11 pack tighter (75,603 slots) but need
/// 64 KiB of offsets, and were about 3% slower. The image only has to stay
/// below `LOOKUP_FLUSH` (122,880).
const RANK_BASES: [u64; 13] = [
    4096, 16384, 65536, 274432, 408259, 417781, 534522, 921914, 1574380, 2493134, 2598562, 3706238,
    4714581,
];
/// The rank key's width: every 5- to 7-card key is below `1 << RANK_BITS`.
const RANK_BITS: u32 = 25;
/// A row of the displacement table is `1 << ROW_BITS` consecutive keys.
const ROW_BITS: u32 = 12;
/// `LOOKUP`'s length (the image of the hash, padded to a power of two).
const LOOKUP_BITS: u32 = 17;

/// The class of a 5-card hand as `category << 20 | t0 << 16 | ... | t4`, where
/// t0.. are the ranks that decide ties, most significant first. Comparing
/// classes as integers compares the hands.
fn class5(ranks: &[u32; 5], flush: bool) -> u32 {
    let mut counts = [0u32; 13];
    for &r in ranks {
        counts[r as usize] += 1;
    }
    // groups sorted by (count desc, rank desc)
    let mut groups: Vec<(u32, u32)> = (0..13u32)
        .rev()
        .filter(|&r| counts[r as usize] > 0)
        .map(|r| (counts[r as usize], r))
        .collect();
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
    fn rec(
        rank: usize,
        left: u32,
        counts: &[u32; 13],
        cur: &mut Vec<u32>,
        out: &mut Vec<[u32; 5]>,
    ) {
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

// `a5_class`, as `eval::lowball` has it (one definition, included by both)
include!("src/eval/a5_class.rs");
// `badugi_best`, as `eval::badugi` has it (one definition, included by both)
include!("src/eval/badugi_def.rs");

/// The ace-to-five value (1 to 6,175, greater better) of every rank
/// multiset of 5 to 7 cards, at the multiset's slot in the rank-key hash
/// (`slot_of`): the best five of its ranks, aces low (suits play no part).
fn a5_table(
    entries: &[(u64, u16, [u32; 13])],
    slot_of: &dyn Fn(u64) -> usize,
    len: usize,
) -> Vec<u16> {
    // every class of five ranks, best first (as `a5_classes`)
    let mut classes = BTreeSet::new();
    for_each_multiset(5, &mut |counts| {
        for h in sub_hands(counts) {
            classes.insert(a5_class(&h.map(|r| ((r + 1) % 13) as u8)));
        }
    });
    let classes: Vec<u32> = classes.into_iter().collect();
    assert_eq!(classes.len(), 6175, "ace-to-five classes");
    let mut table = vec![0u16; len];
    for (key, _, counts) in entries {
        let best = sub_hands(counts)
            .iter()
            .map(|h| a5_class(&h.map(|r| ((r + 1) % 13) as u8)))
            .min()
            .unwrap_or_else(|| panic!("no five-card sub-hand: a bug in this generator"));
        let i = classes.binary_search(&best).unwrap_or_else(|_| {
            panic!("ace-to-five class {best} not enumerated: a bug in this generator")
        });
        table[slot_of(*key)] = (classes.len() - i) as u16;
    }
    table
}

fn rank_key(counts: &[u32; 13]) -> u64 {
    counts
        .iter()
        .zip(RANK_BASES)
        .map(|(&c, b)| c as u64 * b)
        .sum()
}

/// Checks that the keys are distinct and below `1 << RANK_BITS`; panics
/// with the offending rank counts otherwise.
fn check_keys(entries: &[(u64, u16, [u32; 13])]) {
    let mut sorted: Vec<&(u64, u16, [u32; 13])> = entries.iter().collect();
    sorted.sort_unstable_by_key(|e| e.0);
    for w in sorted.windows(2) {
        if w[0].0 == w[1].0 {
            panic!("RANK_BASES are not a valid rank key: the rank counts {:?} and {:?} (deuce first) both sum to {}", w[0].2, w[1].2, w[0].0);
        }
    }
    if let Some(e) = sorted.last() {
        assert!(
            e.0 < 1 << RANK_BITS,
            "RANK_BASES: the rank counts {:?} sum to {}, not below 2^{RANK_BITS}",
            e.2,
            e.0
        );
    }
}

/// Row displacement by first-fit-decreasing: for each row of `1 << ROW_BITS`
/// keys, an offset such that the `key + offset` (mod 2^32) are distinct and
/// small. Returns the offsets (one per row, `1 << (RANK_BITS - ROW_BITS)`)
/// and the table of values at `key + offset`.
fn build_rows(
    entries: &[(u64, u16, [u32; 13])],
    row_bits: u32,
    lookup_bits: u32,
) -> (Vec<u32>, Vec<u16>) {
    let rows = 1usize << (RANK_BITS - row_bits);
    let mut by_row: Vec<Vec<(u32, u16)>> = vec![Vec::new(); rows];
    for &(key, val, _) in entries {
        by_row[(key >> row_bits) as usize].push(((key & ((1 << row_bits) - 1)) as u32, val));
    }
    let mut order: Vec<usize> = (0..rows).filter(|&r| !by_row[r].is_empty()).collect();
    order.sort_by_key(|&r| (std::cmp::Reverse(by_row[r].len()), std::cmp::Reverse(r)));
    let len = 1usize << lookup_bits;
    // filled slots, as a bitset with room for a row past the end
    let mut filled = vec![0u64; (len + (2 << row_bits)) / 64 + 2];
    let bits64 = |f: &[u64], p: usize| -> u64 {
        let (w, b) = (p / 64, p % 64);
        if b == 0 {
            f[w]
        } else {
            (f[w] >> b) | (f[w + 1] << (64 - b))
        }
    };
    let mut offsets = vec![0u32; rows];
    let mut table = vec![0u16; len];
    let mut least_empty = 0usize;
    for &r in &order {
        let cols = &mut by_row[r];
        cols.sort_unstable();
        let c0 = cols[0].0 as usize;
        // the first position p >= least_empty for cols[0] at which every key
        // lands on a free slot, 64 candidates at a time
        // (at or after c0 too, so that the row's start, p - c0, is not
        // negative: every key of the row, valid or not, then has its slot in
        // the table, which eval/mod.rs checks at compile time)
        let mut p = least_empty.max(c0);
        loop {
            assert!(
                p - c0 + (1 << row_bits) <= len,
                "the rank keys do not fit {len} slots"
            );
            let busy = cols.iter().fold(0u64, |acc, &(c, _)| {
                acc | bits64(&filled, p + c as usize - c0)
            });
            if busy != !0 {
                p += (!busy).trailing_zeros() as usize;
                break;
            }
            p += 64;
        }
        for &(c, v) in cols.iter() {
            let s = p + c as usize - c0;
            assert!(
                s < len && filled[s / 64] >> (s % 64) & 1 == 0,
                "row displacement collision"
            );
            filled[s / 64] |= 1 << (s % 64);
            table[s] = v;
        }
        // slot = key + offset, key = (r << row_bits) + c
        offsets[r] = ((p - c0) as u32).wrapping_sub((r as u32) << row_bits);
        while filled[least_empty / 64] >> (least_empty % 64) & 1 == 1 {
            least_empty += 1;
        }
    }
    // an empty row starts at slot 0 (slot = key - (r << row_bits))
    for (r, off) in offsets.iter_mut().enumerate() {
        if by_row[r].is_empty() {
            *off = 0u32.wrapping_sub((r as u32) << row_bits);
        }
    }
    // every key must land on its own value
    for &(key, val, _) in entries {
        let slot = (key as u32).wrapping_add(offsets[(key >> row_bits) as usize]) as usize;
        assert!(slot < len && table[slot] == val, "row displacement check");
    }
    (offsets, table)
}

/// Short-deck: its lowest rank (a six; deuce = 0). Its rank hash has rows
/// of `1 << SD_ROW_BITS` keys and `1 << SD_LOOKUP_BITS` slots, the flush
/// table (by the flush suit's ranks six to ace, 9 bits) at the end.
const SD_LOWEST: u32 = 4;
const SD_ROW_BITS: u32 = 12;
const SD_LOOKUP_BITS: u32 = 14;

/// The class of a five-card short-deck hand, numbered as [`class5`] numbers
/// a standard one but with the category's place in the short-deck order in
/// the top bits: A-6-7-8-9 is the nine-high straight (straight flush in one
/// suit), a flush beats a full house, and `trips_beat_straight` swaps three
/// of a kind and the straight.
fn sd_class5(ranks: &[u32; 5], flush: bool, trips_beat_straight: bool) -> u32 {
    let standard = class5(ranks, flush);
    let mut sorted = *ranks;
    sorted.sort_unstable();
    let (category, tiebreak) = if sorted == [4, 5, 6, 7, 12] {
        let category = if flush { STRAIGHT_FLUSH } else { STRAIGHT };
        (category, 7 << 16) // the nine
    } else {
        (standard >> 20, standard & 0xf_ffff)
    };
    let place = match category {
        HIGH_CARD => 0,
        ONE_PAIR => 1,
        TWO_PAIR => 2,
        THREE_OF_A_KIND if trips_beat_straight => 4,
        THREE_OF_A_KIND => 3,
        STRAIGHT if trips_beat_straight => 3,
        STRAIGHT => 4,
        FULL_HOUSE => 5,
        FLUSH => 6,
        FOUR_OF_A_KIND => 7,
        _ => 8, // straight flush
    };
    (place << 20) | tiebreak
}

/// The short-deck tables of one ranking: the rank hash's values (the place
/// in the short-deck order, 1 up, flush table at the end) and, by place, the
/// standard value of the five cards played.
struct ShortDeckTables {
    offsets: Vec<u32>,
    lookup: Vec<u16>,
    flush_base: usize,
    standard: Vec<u16>,
}

fn short_deck_tables(trips_beat_straight: bool, value_of: &dyn Fn(u32) -> u16) -> ShortDeckTables {
    // every five-card short-deck hand's class, with its standard value
    let mut classes = std::collections::BTreeMap::new();
    let mut add = |h: &[u32; 5], flush: bool| {
        let class = sd_class5(h, flush, trips_beat_straight);
        let standard = value_of(class5(h, flush));
        if let Some(other) = classes.insert(class, standard) {
            assert_eq!(
                other, standard,
                "two standard values in one short-deck class"
            );
        }
    };
    for_each_multiset(5, &mut |counts| {
        if counts[..SD_LOWEST as usize].iter().any(|&c| c > 0) {
            return;
        }
        let h = sub_hands(counts)[0];
        add(&h, false);
        if counts.iter().all(|&c| c <= 1) {
            add(&h, true);
        }
    });
    let ordered: Vec<(u32, u16)> = classes.into_iter().collect();
    let order_of = |class: u32| -> u16 {
        match ordered.binary_search_by_key(&class, |e| e.0) {
            Ok(i) => (i + 1) as u16,
            Err(_) => {
                panic!("short-deck class {class} was not enumerated: a bug in this generator")
            }
        }
    };
    let mut standard = vec![0u16];
    standard.extend(ordered.iter().map(|e| e.1));
    let best = |hands: &[[u32; 5]], flush: bool| -> u16 {
        hands
            .iter()
            .map(|h| order_of(sd_class5(h, flush, trips_beat_straight)))
            .max()
            .unwrap_or_else(|| panic!("no five-card sub-hand: a bug in this generator"))
    };
    let mut entries: Vec<(u64, u16, [u32; 13])> = Vec::new();
    for n in 5..=7u32 {
        for_each_multiset(n, &mut |counts| {
            if counts[..SD_LOWEST as usize].iter().all(|&c| c == 0) {
                entries.push((rank_key(counts), best(&sub_hands(counts), false), *counts));
            }
        });
    }
    let (offsets, mut lookup) = build_rows(&entries, SD_ROW_BITS, SD_LOOKUP_BITS);
    // flushes by the suit's ranks six to ace (bit 0 the six)
    let flush_base = lookup.len() - 512;
    assert!(
        lookup[flush_base..].iter().all(|&v| v == 0),
        "the short-deck table has no room for its flush table"
    );
    for mask in 0..512u32 {
        if !(5..=7).contains(&mask.count_ones()) {
            continue;
        }
        let mut counts = [0u32; 13];
        for r in 0..9 {
            counts[(SD_LOWEST + r) as usize] = mask >> r & 1;
        }
        lookup[flush_base + mask as usize] = best(&sub_hands(&counts), true);
    }
    ShortDeckTables {
        offsets,
        lookup,
        flush_base,
        standard,
    }
}

fn emit_u16(out: &mut String, name: &str, data: &[u16]) -> fmt::Result {
    writeln!(out, "pub(crate) static {name}: [u16; {}] = [", data.len())?;
    for chunk in data.chunks(24) {
        let line: Vec<String> = chunk.iter().map(|v| v.to_string()).collect();
        writeln!(out, "{},", line.join(","))?;
    }
    writeln!(out, "];")
}

/// A value table `name` (a `&[u16; N]`) in a static `{name}_PADDED`
/// followed by a few zeros in one 64-byte aligned block, so that a SIMD
/// gather of 4 bytes at any slot (the batch path) stays inside the static.
fn emit_padded(out: &mut String, name: &str, data: &[u16]) -> fmt::Result {
    if !out.contains("struct Padded<") {
        writeln!(
            out,
            "#[repr(C, align(64))]\npub(crate) struct Padded<const N: usize> {{ pub(crate) table: [u16; N], pad: [u16; 32] }}"
        )?;
    }
    let n = data.len();
    writeln!(
        out,
        "pub(crate) static {name}_PADDED: Padded<{n}> = Padded {{ pad: [0; 32], table: ["
    )?;
    for chunk in data.chunks(24) {
        let line: Vec<String> = chunk.iter().map(|v| v.to_string()).collect();
        writeln!(out, "{},", line.join(","))?;
    }
    writeln!(out, "] }};")?;
    writeln!(
        out,
        "pub(crate) static {name}: &[u16; {n}] = &{name}_PADDED.table;"
    )
}

fn emit_u32(out: &mut String, name: &str, data: &[u32]) -> fmt::Result {
    writeln!(out, "pub(crate) static {name}: [u32; {}] = [", data.len())?;
    for chunk in data.chunks(16) {
        let line: Vec<String> = chunk.iter().map(|v| v.to_string()).collect();
        let _ = writeln!(out, "{},", line.join(",")); // writing to a String cannot fail
    }
    writeln!(out, "];")
}

/// Whether the compiler has the AVX-512 intrinsics (stable since Rust 1.89):
/// the batch path's AVX-512 kernel is compiled only then (`holecards_avx512`),
/// so older compilers still build the crate, with the scalar kernel.
fn rustc_has_avx512_intrinsics() -> bool {
    let rustc = env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let Ok(out) = std::process::Command::new(rustc).arg("--version").output() else {
        return false;
    };
    let text = String::from_utf8_lossy(&out.stdout);
    // "rustc 1.95.0 (59807616e 2026-04-14)"
    let minor = text
        .split_whitespace()
        .nth(1)
        .and_then(|v| v.split('.').nth(1))
        .and_then(|m| m.parse::<u32>().ok());
    minor.is_some_and(|m| m >= 89)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/eval/a5_class.rs");
    println!("cargo:rustc-check-cfg=cfg(holecards_avx512)");
    if rustc_has_avx512_intrinsics() {
        println!("cargo:rustc-cfg=holecards_avx512");
    }

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
        match classes.binary_search(&class) {
            Ok(i) => (i + 1) as u16,
            Err(_) => panic!("class {class} was not enumerated: a bug in this generator"),
        }
    };

    // 2. Hands without a flush, keyed by rank multiset: one table for 5, 6 and 7 cards.
    let mut entries: Vec<(u64, u16, [u32; 13])> = Vec::new();
    for n in 5..=7u32 {
        for_each_multiset(n, &mut |counts| {
            let best = sub_hands(counts)
                .iter()
                .map(|h| value_of(class5(h, false)))
                .max()
                .unwrap_or_else(|| panic!("no five-card sub-hand: a bug in this generator"));
            entries.push((rank_key(counts), best, *counts));
        });
    }
    assert_eq!(entries.len(), 73775);
    check_keys(&entries);
    let (offsets, lookup) = build_rows(&entries, ROW_BITS, LOOKUP_BITS);

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
    writeln!(
        out,
        "pub(crate) const RANK_BASES: [u64; 13] = {RANK_BASES:?};"
    )?;
    writeln!(out, "pub(crate) const RANK_BITS: u32 = {RANK_BITS};")?;
    writeln!(out, "pub(crate) const ROW_BITS: u32 = {ROW_BITS};")?;
    emit_u32(&mut out, "OFFSETS", &offsets)?;
    // The flush table also sits at the end of LOOKUP's padding, so that both
    // paths of HandAcc's evaluation end in the same load.
    let mut lookup = lookup;
    let flush_base = lookup.len() - flush.len();
    assert!(
        lookup[flush_base..].iter().all(|&v| v == 0),
        "LOOKUP has no room for the flush table"
    );
    lookup[flush_base..].copy_from_slice(&flush);
    writeln!(out, "pub(crate) const LOOKUP_FLUSH: usize = {flush_base};")?;
    // The ace-to-five values by the same hash's slots (a razz hand: the
    // rank key of its cards, one read).
    let slot_of = |key: u64| -> usize {
        let row = (key >> ROW_BITS) as usize;
        (key as u32).wrapping_add(offsets[row]) as usize
    };
    let a5 = a5_table(&entries, &slot_of, lookup.len());
    emit_padded(&mut out, "A5_LOOKUP", &a5)?;
    emit_padded(&mut out, "LOOKUP", &lookup)?;
    // The deuce-to-seven order of the standard values: the standard order
    // upside down, except that A-5-4-3-2 is an ace-high hand (a flush when
    // suited), not a straight: every value's class with the wheel moved,
    // sorted, the best (lowest class) the greatest value. (The same order
    // as `eval::lowball`'s `d27_tables`, which a test compares.)
    let wheel_high = (12 << 16) | (3 << 12) | (2 << 8) | (1 << 4);
    let d27_class = |class: u32| -> u32 {
        let (category, ranks) = (class >> 20, class & 0xf_ffff);
        match (category, ranks) {
            (STRAIGHT, r) if r == 3 << 16 => (HIGH_CARD << 20) | wheel_high,
            (STRAIGHT_FLUSH, r) if r == 3 << 16 => (FLUSH << 20) | wheel_high,
            _ => class,
        }
    };
    let mut by_d27: Vec<(u32, usize)> = classes
        .iter()
        .enumerate()
        .map(|(i, &c)| (d27_class(c), i + 1))
        .collect();
    by_d27.sort_unstable();
    let mut d27 = vec![0u16; classes.len() + 1];
    for (i, &(_, value)) in by_d27.iter().enumerate() {
        d27[value] = (classes.len() - i) as u16;
    }
    emit_u16(&mut out, "D27_OF_STANDARD", &d27)?;
    // The deuce-to-seven values of the flushes and of the straight flushes
    // (A-5-4-3-2 suited a flush): two runs of values, which a batch of six-
    // or seven-card hands looks for to find the hands with five of a suit.
    for (name, category) in [
        ("D27_FLUSHES", FLUSH),
        ("D27_STRAIGHT_FLUSHES", STRAIGHT_FLUSH),
    ] {
        let values: Vec<u16> = classes
            .iter()
            .enumerate()
            .filter(|&(_, &c)| d27_class(c) >> 20 == category)
            .map(|(i, _)| d27[i + 1])
            .collect();
        let (lo, hi) = (
            values.iter().copied().min().unwrap_or(0),
            values.iter().copied().max().unwrap_or(0),
        );
        assert!(
            values.len() == usize::from(hi - lo) + 1,
            "the deuce-to-seven {name} are not one run of values"
        );
        writeln!(out, "pub(crate) const {name}: (u16, u16) = ({lo}, {hi});")?;
    }
    // The deuce-to-seven values by the same hash's slots, for hands
    // without five cards of a suit (their best five is never a flush): the
    // best of each multiset's fives of ranks, straights counted, in the
    // deuce-to-seven order. A hand with five of a suit reads elsewhere.
    let mut d27_lookup = vec![0u16; lookup.len()];
    for (key, _, counts) in &entries {
        d27_lookup[slot_of(*key)] = sub_hands(counts)
            .iter()
            .map(|h| d27[value_of(class5(h, false)) as usize])
            .max()
            .unwrap_or_else(|| panic!("no five-card sub-hand: a bug in this generator"));
    }
    // At the flush table's place, by the flush suit's rank mask, the best
    // deuce-to-seven five of that suit's ranks (a flush or a straight
    // flush): the value of a hand whose every card is of that suit, read
    // as a hold'em flush is. A hand with cards of other suits too plays one
    // of them (any five that is not a flush beats every flush here: with
    // five of a suit among seven cards no full house or four of a kind is
    // left), which `eval::lowball` works out apart.
    assert!(
        d27_lookup[flush_base..].iter().all(|&v| v == 0),
        "D27_LOOKUP has no room for its flush table"
    );
    for mask in 0u32..8192 {
        if !(5..=7).contains(&mask.count_ones()) {
            continue;
        }
        let ranks: Vec<u32> = (0..13).filter(|r| mask >> r & 1 == 1).collect();
        let n = ranks.len();
        let mut best = 0;
        for leave_out in 0u32..1 << n {
            if leave_out.count_ones() as usize != n - 5 {
                continue;
            }
            let five: Vec<u32> = (0..n)
                .filter(|&i| leave_out >> i & 1 == 0)
                .map(|i| ranks[i])
                .collect();
            let h = [five[0], five[1], five[2], five[3], five[4]];
            best = best.max(d27[value_of(class5(&h, true)) as usize]);
        }
        d27_lookup[flush_base + mask as usize] = best;
    }
    emit_padded(&mut out, "D27_LOOKUP", &d27_lookup)?;
    writeln!(out, "pub(crate) static VALUE_CLASS: [u32; 7463] = [0,")?;
    for chunk in classes.chunks(16) {
        let line: Vec<String> = chunk.iter().map(|v| v.to_string()).collect();
        let _ = writeln!(out, "{},", line.join(",")); // writing to a String cannot fail
    }
    writeln!(out, "];")?;
    // 4. Short-deck: one rank hash for both rankings (the same keys, so the
    // same offsets), a value table per ranking.
    let sd = [false, true].map(|t| short_deck_tables(t, &value_of));
    assert_eq!(sd[0].offsets, sd[1].offsets, "short-deck offsets");
    assert_eq!(
        sd[0].standard.len(),
        sd[1].standard.len(),
        "short-deck classes"
    );
    writeln!(out, "pub(crate) const SD_ROW_BITS: u32 = {SD_ROW_BITS};")?;
    writeln!(
        out,
        "pub(crate) const SD_LOOKUP_FLUSH: usize = {};",
        sd[0].flush_base
    )?;
    writeln!(
        out,
        "pub(crate) const SD_NUM_VALUES: u16 = {};",
        sd[0].standard.len() - 1
    )?;
    emit_u32(&mut out, "SD_OFFSETS", &sd[0].offsets)?;
    emit_padded(&mut out, "SD_LOOKUP_STRAIGHT_FIRST", &sd[0].lookup)?;
    emit_padded(&mut out, "SD_LOOKUP_TRIPS_FIRST", &sd[1].lookup)?;
    emit_u16(&mut out, "SD_STANDARD_STRAIGHT_FIRST", &sd[0].standard)?;
    emit_u16(&mut out, "SD_STANDARD_TRIPS_FIRST", &sd[1].standard)?;
    // 5. Badugi: every four-card hand's value by its co-lexicographic rank
    // (`a + C(b, 2) + C(c, 3) + C(d, 4)` for cards a < b < c < d), and a
    // zero past the last.
    let hands = 270_725;
    let mut badugi = vec![0u16; hands + 1];
    for d in 3..52u8 {
        for c in 2..d {
            for b in 1..c {
                for a in 0..b {
                    let at =
                        a as u32 + choose(b.into(), 2) + choose(c.into(), 3) + choose(d.into(), 4);
                    badugi[at as usize] = badugi_best(&[a, b, c, d]).0;
                }
            }
        }
    }
    assert!(
        badugi[..hands].iter().all(|&v| v > 0) && badugi[hands] == 0,
        "the badugi table: every hand once"
    );
    emit_padded(&mut out, "BADUGI_BY_HAND", &badugi)?;
    let dest = Path::new(&env::var("OUT_DIR")?).join("eval_tables.rs");
    fs::write(dest, out)?;
    Ok(())
}
