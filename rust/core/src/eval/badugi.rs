//! Badugi: four cards, the best hand the most cards of distinct ranks and
//! distinct suits (a *badugi*), aces low.
//!
//! A hand plays its largest subset of cards that share no rank and no suit:
//! four such cards (a four-card badugi) beat any three, three beat any two,
//! two beat one. Hands of one size compare from the highest card down, the
//! lower the better, aces low: 4-3-2-A of four suits is the best hand, and
//! 8-5-3-2 beats 8-6-2-A. Where a hand has several subsets of its size, it
//! plays the best.
//!
//! A value numbers the 1,092 hands (13 one-card, 78 two-card, 286
//! three-card and 715 four-card rank sets) from 1 (a lone king) to 1,092
//! (4-3-2-A): greater is better. Within one size, the rank sets (aces low,
//! 0 = ace .. 12 = king) are in co-lexicographic order, which compares the
//! highest rank first, then the next: the better set, the lower its
//! co-lexicographic rank.
use crate::card::{check_distinct, Card};
use crate::error::{Error, Result};
use std::fmt;

/// A badugi hand's value (1 to [`BADUGI_NUM_VALUES`], greater is better).
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct BadugiValue(u16);

/// The number of distinct badugi values.
pub const BADUGI_NUM_VALUES: u16 = 13 + 78 + 286 + 715;

/// A card's badugi rank: 0 = ace .. 12 = king.
#[inline]
fn low_rank(c: Card) -> u32 {
    (c.rank() as u32 + 1) % 13
}

const RANK_NAMES: [&str; 13] = [
    "ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen",
    "king",
];
const SIZE_NAMES: [&str; 5] = ["", "One", "Two", "Three", "Four"];

impl BadugiValue {
    /// The value of a set of ranks (bits, ace = bit 0 .. king = bit 12; one
    /// to four bits): the definition `BY_RANKS` tabulates (a test compares).
    #[cfg(test)]
    fn of_ranks(ranks: u16) -> BadugiValue {
        let size = ranks.count_ones();
        let mut colex = 0;
        let mut m = ranks;
        let mut i = 1;
        while m != 0 {
            let r = m.trailing_zeros();
            colex += choose(r, i);
            m &= m - 1;
            i += 1;
        }
        BadugiValue((below(size) + choose(13, size) - colex) as u16)
    }

    /// The value numbered `value` (1 to [`BADUGI_NUM_VALUES`]).
    pub fn new(value: u16) -> Result<BadugiValue> {
        if (1..=BADUGI_NUM_VALUES).contains(&value) {
            Ok(BadugiValue(value))
        } else {
            Err(Error::bad_config(format!(
                "{value} is not a badugi value: values are 1..{BADUGI_NUM_VALUES}"
            )))
        }
    }

    /// The number this hand compares by (greater is better).
    #[inline]
    pub fn value(self) -> u16 {
        self.0
    }

    /// How many cards the hand plays (1 to 4).
    pub fn size(self) -> u32 {
        (1..=4u32)
            .rev()
            .find(|&s| self.0 as u32 > below(s))
            .unwrap_or(1)
    }

    /// The ranks played as bits (ace = bit 0 .. king = bit 12).
    pub fn ranks_mask(self) -> u16 {
        let size = self.size();
        // the co-lexicographic rank, then the set it numbers (greedy)
        let mut colex = below(size) + choose(13, size) - self.0 as u32;
        let mut mask = 0u16;
        for i in (1..=size).rev() {
            let mut r = i - 1;
            while choose(r + 1, i) <= colex {
                r += 1;
            }
            colex -= choose(r, i);
            mask |= 1 << r;
        }
        mask
    }

    /// The ranks played, highest first, as card ranks (0 = deuce .. 12 =
    /// ace): the ace, which plays lowest, last.
    pub fn ranks(self) -> Vec<u8> {
        let mask = self.ranks_mask();
        (0..13u8)
            .rev()
            .filter(|&r| mask >> r & 1 == 1)
            .map(|r| (r + 12) % 13)
            .collect()
    }

    /// A readable name: "Four-card badugi, seven high", "Three-card badugi,
    /// five high", "One-card badugi, ace".
    pub fn name(self) -> String {
        let mask = self.ranks_mask();
        let top = 15 - mask.leading_zeros();
        match self.size() {
            1 => format!("One-card badugi, {}", RANK_NAMES[top as usize]),
            s => format!(
                "{}-card badugi, {} high",
                SIZE_NAMES[s as usize], RANK_NAMES[top as usize]
            ),
        }
    }
}

impl fmt::Display for BadugiValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

// `badugi_best`, `BY_RANKS`, `BEST_SUBSETS`, `choose` and `below`: the
// definition the build script tabulates `BADUGI_BY_HAND` with
include!("badugi_def.rs");

/// The best badugi of four cards whose indices are `c` (unchecked: four
/// distinct cards below 52), and which of the four it plays (bits 0 to 3).
#[inline]
pub(crate) fn badugi_indices(c: &[u8; 4]) -> (BadugiValue, u8) {
    let (v, sub) = badugi_best(c);
    (BadugiValue(v), sub)
}

/// `C(n, k)` for `n` below 52 and `k` from 1 to 4, by `k - 1` then `n`
/// (64 a row: an index masked to six bits needs no bounds check).
static BINOMIAL: [[u32; 64]; 4] = {
    let mut t = [[0u32; 64]; 4];
    let mut k = 0;
    while k < 4 {
        let mut n = 0;
        while n < 52 {
            // (C(n, k + 1), small enough to work out directly)
            let kk = k as u64 + 1;
            let mut c = 1u64;
            let mut i = 0;
            while i < kk {
                if (n as u64) < kk {
                    c = 0;
                    break;
                }
                c = c * (n as u64 - i) / (i + 1);
                i += 1;
            }
            t[k][n] = c as u32;
            n += 1;
        }
        k += 1;
    }
    t
};

/// The number of four-card hands: C(52, 4).
const HANDS: usize = 270_725;

/// Every four-card hand's badugi value, by the hand's co-lexicographic
/// rank, and one zero past the last (541 KiB, tabulated by the build script
/// from [`badugi_best`]; the AVX-512 rows read each value as the low half
/// of a 32-bit load, which the zero keeps inside the table). A static
/// table, not one built on first use: the check a lazy table needs on every
/// read measured a quarter of a hand's time.
#[inline(always)]
fn by_hand() -> &'static [u16; HANDS + 1] {
    super::tables::BADUGI_BY_HAND
}

/// The four cards of a row as a 64-bit set (bit `c` for card index `c`).
#[inline(always)]
fn card_set(c: &[u8; 4]) -> u64 {
    1u64 << (c[0] & 63) | 1u64 << (c[1] & 63) | 1u64 << (c[2] & 63) | 1u64 << (c[3] & 63)
}

/// The co-lexicographic rank of a set of four card indices below 52 (its
/// bits read from the lowest: `C(a, 1) + C(b, 2) + C(c, 3) + C(d, 4)` for
/// `a < b < c < d`). Taking the lowest bit four times sorts the cards
/// without comparing them.
#[inline(always)]
fn colex(m: u64) -> usize {
    // (bit 63 is never a card: with it set the set is never empty, so the
    // lowest bit is one instruction; a set of fewer than four cards reads
    // C(63, k) = 0 for those missing)
    let lowest = |m: u64| std::num::NonZeroU64::new(m | 1 << 63).map_or(63, |n| n.trailing_zeros());
    let mut m = m;
    let mut at = 0usize;
    for row in &BINOMIAL {
        at += row[lowest(m) as usize & 63] as usize;
        m &= m.wrapping_sub(1);
    }
    at
}

/// The co-lexicographic rank of four distinct card indices in any order:
/// sorted by a network of five compare-exchanges (minima and maxima, no
/// branch), then `a + C(b, 2) + C(c, 3) + C(d, 4)`. One hand at a time this
/// measured about 1.5x faster than taking the set's lowest bit four times
/// (a chain of dependent steps), which the rows' check needs anyway.
#[inline(always)]
fn sorted_colex(c: &[u8; 4]) -> usize {
    let [a, b, x, d] = c.map(u32::from);
    let (a, b) = (a.min(b), a.max(b));
    let (x, d) = (x.min(d), x.max(d));
    let (a, x) = (a.min(x), a.max(x));
    let (b, d) = (b.min(d), b.max(d));
    let (b, x) = (b.min(x), b.max(x));
    (a + BINOMIAL[1][b as usize & 63] + BINOMIAL[2][x as usize & 63] + BINOMIAL[3][d as usize & 63])
        as usize
}

/// The badugi value of four card indices (unchecked: distinct, below 52):
/// one read of a table of every four-card hand, by its co-lexicographic
/// rank.
#[inline]
pub fn badugi_value_indices(c: &[u8; 4]) -> u16 {
    by_hand().get(sorted_colex(c)).copied().unwrap_or(0)
}

/// The badugi tables and their sizes in bytes: the value of every
/// four-card hand (what an evaluation reads), and the
/// best subsets and rank-set values it is built from.
pub fn table_memory() -> Vec<(&'static str, usize)> {
    use std::mem::size_of_val;
    vec![
        (
            "value of every four-card hand, by colex rank (BADUGI_BY_HAND)",
            size_of_val(by_hand()),
        ),
        ("rank-set values (BY_RANKS)", size_of_val(&BY_RANKS)),
        (
            "best subsets by conflict (BEST_SUBSETS)",
            size_of_val(&BEST_SUBSETS),
        ),
        ("binomials for the colex rank", size_of_val(&BINOMIAL)),
    ]
}

/// Checks a badugi hand: four distinct cards.
fn check_badugi(cards: &[Card]) -> Result<()> {
    if cards.len() != 4 {
        return Err(Error::bad_cards(format!(
            "a badugi hand is 4 cards, not {}",
            cards.len()
        )));
    }
    check_distinct(cards)?;
    Ok(())
}

/// The value of a badugi hand of four cards.
pub fn badugi(cards: &[Card]) -> Result<BadugiValue> {
    check_badugi(cards)?;
    Ok(BadugiValue(badugi_value_indices(&[
        cards[0].index(),
        cards[1].index(),
        cards[2].index(),
        cards[3].index(),
    ])))
}

/// The value of a badugi hand of four cards and the cards it plays,
/// highest first (the ace last).
pub fn badugi_cards(cards: &[Card]) -> Result<(BadugiValue, Vec<Card>)> {
    check_badugi(cards)?;
    let (value, subset) = badugi_indices(&[
        cards[0].index(),
        cards[1].index(),
        cards[2].index(),
        cards[3].index(),
    ]);
    let mut played: Vec<Card> = (0..4)
        .filter(|&i| subset >> i & 1 == 1)
        .map(|i| cards[i])
        .collect();
    played.sort_by_key(|&c| std::cmp::Reverse(low_rank(c)));
    Ok((value, played))
}

/// Rows a task of [`evaluate_rows`] takes.
const CHUNK_ROWS: usize = 1 << 14;

/// Evaluates badugi hands stored row by row: `cards` holds rows of four
/// card indices; each row's value goes to `out`. Every row is checked
/// (indices 0..51, no card twice); the error names the first bad row.
/// `threads` as in [`super::batch::evaluate_rows`]; `cancel`, when set,
/// stops the work within a chunk of rows with
/// [`crate::ErrorKind::Interrupted`].
pub fn evaluate_rows(
    cards: &[u8],
    out: &mut [u16],
    threads: Option<usize>,
    cancel: Option<&std::sync::atomic::AtomicBool>,
) -> Result<()> {
    if cards.len() != out.len() * 4 {
        return Err(Error::bad_cards(format!(
            "{} card indices do not make {} rows of 4",
            cards.len(),
            out.len()
        )));
    }
    let kernel = super::batch::Kernel::best();
    super::batch::by_pieces(out, CHUNK_ROWS, threads, cancel, |i, o| {
        let first = i * CHUNK_ROWS;
        let rows = &cards[first * 4..(first + o.len()) * 4];
        if rows_with(kernel, rows, o) {
            return Ok(());
        }
        // a bad row: found and named one row at a time
        let bad = rows
            .chunks_exact(4)
            .position(|row| {
                row.iter().any(|&c| c >= 52)
                    || row
                        .iter()
                        .fold(0u64, |m, &c| m | 1u64 << (c & 63))
                        .count_ones()
                        != 4
            })
            .unwrap_or(0);
        Err(super::batch::describe_bad_row(
            first + bad,
            &rows[bad * 4..bad * 4 + 4],
            &[],
            |_| None,
        ))
    })
}

/// The values of whole rows of four card indices with `kernel` (the same
/// values with each); false if a row is not four distinct cards.
pub(crate) fn rows_with(kernel: super::batch::Kernel, cards: &[u8], out: &mut [u16]) -> bool {
    let table = by_hand();
    let mut done = 0;
    #[cfg(all(target_arch = "x86_64", holecards_avx512))]
    if kernel.is_avx512() && kernel.is_available() {
        done = out.len() / 16 * 16;
        // SAFETY: the features the kernel is compiled for were detected on
        // this processor (is_available).
        if !unsafe { avx512::rows(table, &cards[..done * 4], &mut out[..done]) } {
            return false;
        }
    }
    let _ = kernel;
    let mut ok = true;
    for (v, row) in out[done..]
        .iter_mut()
        .zip(cards[done * 4..].chunks_exact(4))
    {
        let row: &[u8; 4] = row.try_into().unwrap_or(&[255; 4]);
        // four distinct cards below 52: four bits, none at 52 or above
        let m = card_set(row);
        ok &= m.count_ones() == 4 && m >> 52 == 0 && row.iter().all(|&c| c < 64);
        *v = table.get(colex(m)).copied().unwrap_or(0);
    }
    ok
}

// The AVX-512 intrinsics are stable since Rust 1.89 (build.rs sets
// holecards_avx512 for such a compiler).
#[cfg(all(target_arch = "x86_64", holecards_avx512))]
#[allow(clippy::incompatible_msrv)]
mod avx512 {
    use core::arch::x86_64::*;

    /// 16 rows a step: a row's four card bytes are one 32-bit lane. The
    /// lanes are sorted by a network of five compare-exchanges, a sorted
    /// row `a < b < c < d` checked (strictly increasing, `d` below 52) and
    /// its co-lexicographic rank `a + b(b-1)/2 + c(c-1)(c-2)/6 +
    /// d(d-1)(d-2)(d-3)/24` worked out with 32-bit products (a division by
    /// 3 that leaves no remainder is a product by 3's inverse modulo 2^32),
    /// then the 16 values gathered from `table`. Rows `16 * (out.len() /
    /// 16)`; false if one is bad (the values are then unspecified).
    #[target_feature(enable = "avx512f")]
    pub(super) fn rows(table: &[u16], cards: &[u8], out: &mut [u16]) -> bool {
        let steps = out.len() / 16;
        assert!(cards.len() >= steps * 64 && table.len() == super::HANDS + 1);
        let byte = _mm512_set1_epi32(0xff);
        let one = _mm512_set1_epi32(1);
        let two = _mm512_set1_epi32(2);
        let three = _mm512_set1_epi32(3);
        let fifty_two = _mm512_set1_epi32(52);
        let inverse_of_3 = _mm512_set1_epi32(0xaaaa_aaab_u32 as i32);
        let mut bad: __mmask16 = 0;
        for s in 0..steps {
            // SAFETY: bytes 64 s .. 64 s + 64 are in `cards` (asserted).
            let v = unsafe { _mm512_loadu_si512(cards.as_ptr().add(s * 64).cast()) };
            let mut a = _mm512_and_si512(v, byte);
            let mut b = _mm512_and_si512(_mm512_srli_epi32::<8>(v), byte);
            let mut c = _mm512_and_si512(_mm512_srli_epi32::<16>(v), byte);
            let mut d = _mm512_srli_epi32::<24>(v);
            macro_rules! cx {
                ($p:ident, $q:ident) => {{
                    let lo = _mm512_min_epu32($p, $q);
                    $q = _mm512_max_epu32($p, $q);
                    $p = lo;
                }};
            }
            cx!(a, b);
            cx!(c, d);
            cx!(a, c);
            cx!(b, d);
            cx!(b, c);
            let wrong = _mm512_cmpge_epu32_mask(a, b)
                | _mm512_cmpge_epu32_mask(b, c)
                | _mm512_cmpge_epu32_mask(c, d)
                | _mm512_cmpge_epu32_mask(d, fifty_two);
            bad |= wrong;
            // C(b, 2), C(c, 3), C(d, 4)
            let b2 = _mm512_srli_epi32::<1>(_mm512_mullo_epi32(b, _mm512_sub_epi32(b, one)));
            let c_c1 = _mm512_mullo_epi32(c, _mm512_sub_epi32(c, one));
            let c6 = _mm512_mullo_epi32(c_c1, _mm512_sub_epi32(c, two));
            let c3 = _mm512_srli_epi32::<1>(_mm512_mullo_epi32(c6, inverse_of_3));
            let d_d1 = _mm512_mullo_epi32(d, _mm512_sub_epi32(d, one));
            let d2_d3 = _mm512_mullo_epi32(_mm512_sub_epi32(d, two), _mm512_sub_epi32(d, three));
            let d24 = _mm512_mullo_epi32(d_d1, d2_d3);
            let d4 = _mm512_srli_epi32::<3>(_mm512_mullo_epi32(d24, inverse_of_3));
            let at = _mm512_add_epi32(_mm512_add_epi32(a, b2), _mm512_add_epi32(c3, d4));
            // SAFETY: a good lane's rank is below HANDS, and its 32-bit
            // read at 2 * rank ends inside the table (one entry past the
            // last hand); bad lanes read nothing.
            let got = unsafe {
                _mm512_mask_i32gather_epi32::<2>(
                    _mm512_setzero_si512(),
                    !wrong,
                    at,
                    table.as_ptr().cast(),
                )
            };
            // SAFETY: out holds rows 16 s .. 16 s + 16 (steps = len / 16).
            unsafe {
                _mm256_storeu_si256(
                    out.as_mut_ptr().add(s * 16).cast(),
                    _mm512_cvtepi32_epi16(got),
                )
            };
        }
        bad == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hand_table_covers_every_hand_once() {
        // every four-card hand has its own co-lexicographic rank
        let mut seen = vec![false; HANDS];
        for d in 3..52u8 {
            for c in 2..d {
                for b in 1..c {
                    for a in 0..b {
                        let i = colex(card_set(&[d, b, a, c]));
                        assert!(!seen[i], "{a} {b} {c} {d}");
                        seen[i] = true;
                        // the sorting network: the same rank, some orders
                        // of every hand, every order of the low ones
                        for order in [[a, b, c, d], [d, c, b, a], [b, d, a, c], [c, a, d, b]] {
                            assert_eq!(sorted_colex(&order), i, "{order:?}");
                        }
                        if d < 16 {
                            for p in 0..24usize {
                                let mut rest = vec![a, b, c, d];
                                let mut order = [0u8; 4];
                                let mut q = p;
                                for (k, slot) in order.iter_mut().enumerate() {
                                    *slot = rest.remove(q % (4 - k));
                                    q /= 4 - k;
                                }
                                assert_eq!(sorted_colex(&order), i, "{order:?}");
                            }
                        }
                    }
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn every_kernel_gives_every_hand_its_value_in_any_order() {
        use crate::eval::batch::Kernel;
        // every four-card hand, its cards in one of the 24 orders (the
        // hand's number picks it), through each kernel this processor runs
        let mut rows = Vec::with_capacity(HANDS * 4);
        let mut want = Vec::with_capacity(HANDS);
        let mut k = 0usize;
        for d in 3..52u8 {
            for c in 2..d {
                for b in 1..c {
                    for a in 0..b {
                        let mut h = [a, b, c, d];
                        h.swap(0, k % 4);
                        h.swap(1, 1 + k / 4 % 3);
                        h.swap(2, 2 + k / 12 % 2);
                        rows.extend_from_slice(&h);
                        want.push(badugi_indices(&h).0 .0);
                        k += 1;
                    }
                }
            }
        }
        for kernel in Kernel::available() {
            let mut out = vec![0u16; HANDS];
            assert!(rows_with(kernel, &rows, &mut out), "{}", kernel.name());
            assert!(out == want, "{}", kernel.name());
        }
        for (i, &v) in want.iter().enumerate().step_by(997) {
            let row: [u8; 4] = [
                rows[4 * i],
                rows[4 * i + 1],
                rows[4 * i + 2],
                rows[4 * i + 3],
            ];
            assert_eq!(badugi_value_indices(&row), v);
        }
    }

    #[test]
    fn every_kernel_finds_a_bad_row_anywhere() {
        use crate::eval::batch::Kernel;
        let good = [0u8, 13, 26, 51];
        for bad in [
            [0u8, 13, 0, 51],
            [52, 1, 2, 3],
            [1, 2, 3, 255],
            [7, 7, 7, 7],
            [0, 64, 1, 2],
        ] {
            for at in [0usize, 5, 15, 16, 31, 33, 36] {
                let mut rows: Vec<u8> = good.repeat(37);
                rows[4 * at..4 * at + 4].copy_from_slice(&bad);
                for kernel in Kernel::available() {
                    let mut out = vec![0u16; 37];
                    assert!(
                        !rows_with(kernel, &rows, &mut out),
                        "{} {bad:?} at {at}",
                        kernel.name()
                    );
                }
                let mut out = vec![0u16; 37];
                let e = evaluate_rows(&rows, &mut out, Some(1), None);
                assert!(
                    matches!(&e, Err(e) if e.to_string().contains(&format!("row {at}"))),
                    "{e:?}"
                );
            }
        }
    }

    #[test]
    fn the_rank_table_is_the_definition() {
        for ranks in 1u16..8192 {
            let want = if ranks.count_ones() <= 4 {
                BadugiValue::of_ranks(ranks).0
            } else {
                0
            };
            assert_eq!(BY_RANKS[ranks as usize], want, "{ranks:#b}");
        }
    }

    #[test]
    fn the_best_subsets_have_no_conflict_and_none_larger_has_none() {
        for (conflict, (subs, n)) in BEST_SUBSETS.iter().enumerate() {
            let free = |sub: u8| {
                PAIRS.iter().enumerate().all(|(k, &(i, j))| {
                    conflict >> k & 1 == 0 || sub >> i & 1 == 0 || sub >> j & 1 == 0
                })
            };
            let size = (1..16u8).filter(|&s| free(s)).map(|s| s.count_ones()).max();
            let all: Vec<u8> = (1..16u8)
                .filter(|&s| free(s) && Some(s.count_ones()) == size)
                .collect();
            assert_eq!(&subs[..*n as usize], &all[..], "conflicts {conflict:#b}");
        }
    }
}
