//! The lowball rankings: deuce-to-seven (the draw games: aces high,
//! straights and flushes count against a hand) and ace-to-five (razz:
//! aces low, straights and flushes do not count). In both the lowest hand
//! wins; a value here is greater for the better (lower) hand, as every
//! value of the crate is.
//!
//! * **Deuce-to-seven**: the standard ranking read upside down, except
//!   that an ace is only high, so A-5-4-3-2 is no straight but an ace-high
//!   hand (a flush when suited). 7-5-4-3-2 of mixed suits, "number one", is
//!   the best hand; 7,462 values, as in the standard ranking.
//! * **Ace-to-five**: pairs and the like count against a hand (a pair is
//!   worse than any five distinct ranks), straights and flushes do not, and
//!   an ace is the lowest card: 5-4-3-2-A is the best hand; 6,175 values.
//!
//! Hands of 5, 6 or 7 cards play their best five.
use super::{Category, HandValue, NUM_VALUES, RANK_NAMES, RANK_PLURALS};
use crate::card::{check_distinct, Card};
use crate::error::{Error, Result};
use std::sync::OnceLock;

/// The lowball rankings.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Lowball {
    /// Deuce-to-seven: aces high, straights and flushes count.
    DeuceToSeven,
    /// Ace-to-five: aces low, straights and flushes do not count.
    AceToFive,
}

/// A lowball hand's value under one ranking: greater is better (lower).
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct LowballValue {
    value: u16,
    ranking: Lowball,
}

/// The number of deuce-to-seven values.
pub const DEUCE_TO_SEVEN_NUM_VALUES: u16 = NUM_VALUES;
/// The number of ace-to-five values.
pub const ACE_TO_FIVE_NUM_VALUES: u16 = 6175;

fn capital(word: &str) -> String {
    let mut c = word.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

// --- deuce-to-seven ---------------------------------------------------------

/// A standard value's deuce-to-seven class: (category, tiebreak ranks),
/// ordered as the standard ranking orders them, with A-5-4-3-2 an ace-high
/// hand (a flush when suited) instead of the five-high straight.
fn d27_class(v: HandValue) -> (Category, Vec<u8>) {
    let (cat, t) = (v.category(), v.tiebreak_ranks());
    match cat {
        Category::Straight if t == [3] => (Category::HighCard, vec![12, 3, 2, 1, 0]),
        Category::StraightFlush if t == [3] => (Category::Flush, vec![12, 3, 2, 1, 0]),
        _ => (cat, t),
    }
}

/// Standard value -> deuce-to-seven value, and back.
fn d27_tables() -> &'static (Vec<u16>, Vec<u16>) {
    static T: OnceLock<(Vec<u16>, Vec<u16>)> = OnceLock::new();
    T.get_or_init(|| {
        let mut keyed: Vec<((Category, Vec<u8>), u16)> = (1..=NUM_VALUES)
            .map(|v| (d27_class(HandValue(v)), v))
            .collect();
        keyed.sort();
        let mut of_standard = vec![0u16; NUM_VALUES as usize + 1];
        let mut standard = vec![0u16; NUM_VALUES as usize + 1];
        for (i, (_, v)) in keyed.iter().enumerate() {
            // the lowest class is the best hand: the greatest value
            let value = NUM_VALUES - i as u16;
            of_standard[*v as usize] = value;
            standard[value as usize] = *v;
        }
        (of_standard, standard)
    })
}

// --- ace-to-five ------------------------------------------------------------

// `a5_class`: the same definition the build script tabulates A5_LOOKUP with
include!("a5_class.rs");

/// Every ace-to-five class, best first.
fn a5_classes() -> &'static Vec<u32> {
    static T: OnceLock<Vec<u32>> = OnceLock::new();
    T.get_or_init(|| {
        let mut out = Vec::new();
        // every multiset of five ranks, at most four of each
        for a in 0..13u8 {
            for b in a..13 {
                for c in b..13 {
                    for d in c..13 {
                        for e in d..13 {
                            if a == e {
                                continue; // five of a rank
                            }
                            out.push(a5_class(&[a, b, c, d, e]));
                        }
                    }
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    })
}

/// A card's ace-to-five rank: 0 = ace .. 12 = king.
#[inline]
fn a5_rank(c: Card) -> u8 {
    (c.rank() + 1) % 13
}

// --- values -------------------------------------------------------------------

impl LowballValue {
    /// The value numbered `value` under `ranking` (1 up to the ranking's
    /// count; greater is better).
    pub fn new(value: u16, ranking: Lowball) -> Result<LowballValue> {
        let n = match ranking {
            Lowball::DeuceToSeven => DEUCE_TO_SEVEN_NUM_VALUES,
            Lowball::AceToFive => ACE_TO_FIVE_NUM_VALUES,
        };
        if (1..=n).contains(&value) {
            Ok(LowballValue { value, ranking })
        } else {
            Err(Error::bad_config(format!(
                "{value} is not a lowball value: values are 1..{n}"
            )))
        }
    }

    /// The number this hand compares by (greater is better).
    #[inline]
    pub fn value(self) -> u16 {
        self.value
    }

    /// The ranking.
    pub fn ranking(self) -> Lowball {
        self.ranking
    }

    /// The category under the ranking (for ace-to-five, a hand of five
    /// distinct ranks is a high card: straights and flushes do not count).
    pub fn category(self) -> Category {
        match self.ranking {
            Lowball::DeuceToSeven => d27_class(self.standard()).0,
            Lowball::AceToFive => match self.a5() >> 20 {
                0 => Category::HighCard,
                1 => Category::OnePair,
                2 => Category::TwoPair,
                3 => Category::ThreeOfAKind,
                4 => Category::FullHouse,
                _ => Category::FourOfAKind,
            },
        }
    }

    /// The ranks that decide ties, most significant first, as card ranks
    /// (0 = deuce .. 12 = ace; an ace-to-five ace, which plays lowest, is
    /// still 12).
    pub fn tiebreak_ranks(self) -> Vec<u8> {
        match self.ranking {
            Lowball::DeuceToSeven => d27_class(self.standard()).1,
            Lowball::AceToFive => {
                let class = self.a5();
                let groups = match class >> 20 {
                    0 => 5,
                    1 => 4,
                    2 | 3 => 3,
                    _ => 2,
                };
                (0..groups)
                    .map(|i| ((class >> (16 - 4 * i)) & 15) as u8)
                    .map(|r| (r + 12) % 13)
                    .collect()
            }
        }
    }

    /// A readable name: "Seven-five low" for five distinct ranks (no
    /// straight or flush in deuce-to-seven), else as the standard ranking
    /// names the hand ("One pair, kings", "Straight, eight high").
    pub fn name(self) -> String {
        let t = self.tiebreak_ranks();
        let cat = self.category();
        if cat == Category::HighCard {
            return format!(
                "{}-{} low",
                capital(RANK_NAMES[t[0] as usize]),
                RANK_NAMES[t[1] as usize]
            );
        }
        match self.ranking {
            Lowball::DeuceToSeven => {
                let (c, t) = d27_class(self.standard());
                if c == Category::Flush {
                    return format!("Flush, {} high", RANK_NAMES[t[0] as usize]);
                }
                self.standard().name()
            }
            Lowball::AceToFive => {
                let many = |r: u8| RANK_PLURALS[r as usize];
                let detail = match cat {
                    Category::FullHouse => format!("{} full of {}", many(t[0]), many(t[1])),
                    Category::TwoPair => format!("{} and {}", many(t[0]), many(t[1])),
                    _ => many(t[0]).to_string(),
                };
                format!("{}, {}", cat.name(), detail)
            }
        }
    }

    /// Deuce-to-seven: the standard value of the five cards played.
    fn standard(self) -> HandValue {
        HandValue(d27_tables().1[self.value as usize])
    }

    /// Ace-to-five: the class of the five ranks played.
    fn a5(self) -> u32 {
        let classes = a5_classes();
        classes[classes.len() - self.value as usize]
    }
}

impl std::fmt::Display for LowballValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name())
    }
}

/// The value of five distinct cards (unchecked).
fn value5(five: &[Card; 5], ranking: Lowball) -> u16 {
    match ranking {
        Lowball::DeuceToSeven => {
            let standard = super::eval5_indices(&five.map(|c| c.index()));
            super::tables::D27_OF_STANDARD[standard as usize % super::tables::D27_OF_STANDARD.len()]
        }
        Lowball::AceToFive => {
            let mut r = five.map(a5_rank);
            r.sort_unstable();
            let classes = a5_classes();
            let i = classes.binary_search(&a5_class(&r)).unwrap_or(0);
            (classes.len() - i) as u16
        }
    }
}

/// The best lowball hand of 5, 6 or 7 cards under `ranking`, and the five
/// cards it plays (highest first as the ranking counts them).
pub fn lowball_cards(cards: &[Card], ranking: Lowball) -> Result<(LowballValue, [Card; 5])> {
    if !(5..=7).contains(&cards.len()) {
        return Err(Error::bad_cards(format!(
            "a lowball hand is 5, 6 or 7 cards, not {}",
            cards.len()
        )));
    }
    check_distinct(cards)?;
    let mut best = (0u16, [cards[0]; 5]);
    super::for_each_five(cards, |five| {
        let v = value5(&five, ranking);
        if v > best.0 {
            best = (v, five);
        }
    });
    let mut five = best.1;
    match ranking {
        Lowball::DeuceToSeven => five.sort_by_key(|c| std::cmp::Reverse(c.rank())),
        Lowball::AceToFive => five.sort_by_key(|&c| std::cmp::Reverse(a5_rank(c))),
    }
    Ok((
        LowballValue {
            value: best.0,
            ranking,
        },
        five,
    ))
}

/// The value of the best lowball hand of 5, 6 or 7 cards under `ranking`.
pub fn lowball(cards: &[Card], ranking: Lowball) -> Result<LowballValue> {
    if !(5..=7).contains(&cards.len()) {
        return Err(Error::bad_cards(format!(
            "a lowball hand is 5, 6 or 7 cards, not {}",
            cards.len()
        )));
    }
    check_distinct(cards)?;
    let value = match ranking {
        // (the rank key straight from the cards)
        Lowball::AceToFive => {
            let key = cards
                .iter()
                .fold(0u64, |k, c| k.wrapping_add(super::KEYS[c.index() as usize]));
            a5_of_key(key)
        }
        Lowball::DeuceToSeven => {
            let key = cards.iter().fold(super::SUIT_INIT, |k, c| {
                k.wrapping_add(super::KEYS[c.index() as usize])
            });
            if key & super::FLUSH_BITS == 0 {
                d27_of_key(key)
            } else {
                let mut idx = [0u8; 7];
                for (slot, c) in idx.iter_mut().zip(cards) {
                    *slot = c.index();
                }
                d27_suited(&idx[..cards.len()], key)
            }
        }
    };
    Ok(LowballValue { value, ranking })
}

/// The ace-to-five value of 5, 6 or 7 card indices (unchecked: distinct,
/// below 52): the cards' rank key read in the ace-to-five copy of the
/// standard evaluator's rank hash (suits play no part), one load.
#[inline(always)]
pub fn a5_value_indices(c: &[u8]) -> u16 {
    let key = c
        .iter()
        .fold(0u64, |k, &x| k.wrapping_add(super::KEYS[x as usize]));
    a5_of_key(key)
}

/// [`a5_value_indices`] of cards (unchecked: 5 to 7 distinct cards).
#[inline]
pub(crate) fn a5_value_cards(c: &[crate::card::Card]) -> u16 {
    let key = c
        .iter()
        .fold(0u64, |k, x| k.wrapping_add(super::KEYS[x.index() as usize]));
    a5_of_key(key)
}

/// The ace-to-five value of a hand's evaluator key (its rank key alone
/// counts).
#[inline(always)]
fn a5_of_key(key: u64) -> u16 {
    let table = super::tables::A5_LOOKUP;
    table[super::nonflush_slot(key) & (table.len() - 1)]
}

/// The deuce-to-seven value of 5, 6 or 7 card indices (unchecked: distinct,
/// below 52): without five cards of a suit, the rank key read in the
/// deuce-to-seven copy of the standard evaluator's rank hash (one load);
/// with every card of one suit, the flush suit's ranks read in the same
/// table's flush part (one load, as a hold'em flush); with five or six of a
/// suit and other cards, the best five that is not a flush.
#[inline]
pub fn d27_value_indices(c: &[u8]) -> u16 {
    let key = c.iter().fold(super::SUIT_INIT, |k, &x| {
        k.wrapping_add(super::KEYS[x as usize])
    });
    if key & super::FLUSH_BITS == 0 {
        d27_of_key(key)
    } else {
        d27_suited(c, key)
    }
}

/// The deuce-to-seven value of a hand's evaluator key, for a hand without
/// five cards of a suit.
#[inline(always)]
fn d27_of_key(key: u64) -> u16 {
    let table = super::tables::D27_LOOKUP;
    table[super::nonflush_slot(key) & (table.len() - 1)]
}

/// The deuce-to-seven value of 5, 6 or 7 card indices of which five or
/// more share a suit (`key`, their evaluator key, says which).
///
/// Every card of that suit: the table's flush part holds the best five of
/// the suit's ranks. Otherwise a five holding another card is never a flush
/// and beats every flush (five of a suit among seven cards leave no full
/// house or four of a kind), so the value is the best of the fives holding
/// at most four of the suit: the hand less all but four of the suited
/// cards, taken out every way (five ways with five of the suit, fifteen
/// with six), each read in the rank hash (four of a suit: no flush).
#[cold]
fn d27_suited(c: &[u8], key: u64) -> u16 {
    let table = super::tables::D27_LOOKUP;
    // suit s's counter's top bit is bit 48 + 4 * s + 3
    let suit = ((key & super::FLUSH_BITS)
        .trailing_zeros()
        .saturating_sub(51)
        / 4) as u8;
    let mut suited = [0u64; 7];
    let mut k = 0;
    for &x in c.iter().take(7) {
        if x & 3 == suit {
            suited[k] = super::KEYS[x as usize];
            k += 1;
        }
    }
    let suited = &suited[..k];
    match k {
        _ if k == c.len() => {
            let slot = super::HandAcc::from_indices(c).slot();
            table[slot & (table.len() - 1)]
        }
        5 => suited
            .iter()
            .map(|&a| d27_of_key(key.wrapping_sub(a)))
            .max()
            .unwrap_or(0),
        _ => {
            let mut best = 0;
            for (i, &a) in suited.iter().enumerate() {
                for &b in &suited[i + 1..] {
                    best = best.max(d27_of_key(key.wrapping_sub(a).wrapping_sub(b)));
                }
            }
            best
        }
    }
}

/// Whether a deuce-to-seven value is a flush or a straight flush (what the
/// batch reads for a row with five of a suit).
#[inline(always)]
fn d27_flushed(v: u16) -> bool {
    use super::tables::{D27_FLUSHES as F, D27_STRAIGHT_FLUSHES as S};
    (v.wrapping_sub(F.0) <= F.1 - F.0) | (v.wrapping_sub(S.0) <= S.1 - S.0)
}

/// The lowball tables and their sizes in bytes, as they sit in memory:
/// what an evaluation reads (the rank-key tables, beside the standard
/// evaluator's `KEYS` and `OFFSETS`), then what the deuce-to-seven fallback
/// for suited hands and the names use (built on first use).
pub fn table_memory() -> Vec<(&'static str, usize)> {
    use std::mem::size_of_val;
    let (of_standard, standard) = d27_tables();
    vec![
        (
            "ace-to-five values by rank key (A5_LOOKUP, padded)",
            size_of_val(&super::tables::A5_LOOKUP_PADDED),
        ),
        (
            "deuce-to-seven values by rank key, unsuited (D27_LOOKUP, padded)",
            size_of_val(&super::tables::D27_LOOKUP_PADDED),
        ),
        (
            "deuce-to-seven value of each standard value (D27_OF_STANDARD)",
            size_of_val(&super::tables::D27_OF_STANDARD),
        ),
        (
            "deuce-to-seven value tables for names (built on first use)",
            2 * (of_standard.len() + standard.len()),
        ),
        (
            "ace-to-five classes for names (built on first use)",
            4 * a5_classes().len(),
        ),
    ]
}

/// [`a5_value_indices`] or [`d27_value_indices`].
#[inline]
pub fn lowball_value_indices(c: &[u8], ranking: Lowball) -> u16 {
    match ranking {
        Lowball::AceToFive => a5_value_indices(c),
        Lowball::DeuceToSeven => d27_value_indices(c),
    }
}

/// Rows a task of [`evaluate_rows`] takes.
const CHUNK_ROWS: usize = 1 << 12;

/// Evaluates lowball hands stored row by row: `cards` holds rows of
/// `width` (5 to 7) card indices; each row's value under `ranking` goes to
/// `out`. Every row is checked (indices 0..51, no card twice); the error
/// names the first bad row. `threads` as in
/// [`super::batch::evaluate_rows`]; `cancel`, when set, stops the work
/// within a chunk of rows with [`crate::ErrorKind::Interrupted`].
pub fn evaluate_rows(
    cards: &[u8],
    width: usize,
    ranking: Lowball,
    out: &mut [u16],
    threads: Option<usize>,
    cancel: Option<&std::sync::atomic::AtomicBool>,
) -> Result<()> {
    super::batch::check_rows("a lowball hand", cards, width, out.len())?;
    let kernel = super::batch::Kernel::best();
    super::batch::by_pieces(out, CHUNK_ROWS, threads, cancel, |i, o| {
        let first = i * CHUNK_ROWS;
        let rows = &cards[first * width..(first + o.len()) * width];
        if !super::batch::lowball_kernel_with(
            kernel,
            rows,
            width,
            super::batch::as_uninit(o),
            ranking,
        ) {
            return Err(super::batch::first_bad_row(rows, width, first, |_| None));
        }
        if ranking == Lowball::DeuceToSeven && width > 5 {
            // six or seven cards, five or more of a suit, read as the best
            // flush of that suit: the best five without a flush when the
            // row has cards of other suits (about 3% of seven-card hands)
            // (64 values' tests at a time, as one mask: the tests
            // vectorise, the rare rows found are worked out after)
            for (b, block) in o.chunks_mut(64).enumerate() {
                let mut found = block
                    .iter()
                    .enumerate()
                    .fold(0u64, |m, (i, &v)| m | u64::from(d27_flushed(v)) << i);
                while found != 0 {
                    let i = found.trailing_zeros() as usize;
                    found &= found - 1;
                    let r = b * 64 + i;
                    block[i] = d27_value_indices(&rows[r * width..(r + 1) * width]);
                }
            }
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    /// Each batch kernel this processor runs gives the hand-at-a-time
    /// values (the deuce-to-seven hands with five of a suit as 0, worked
    /// out afterwards), on rows half of them from two suits.
    #[test]
    fn every_kernel_gives_the_same_values() {
        use super::super::batch::{lowball_kernel_with, Kernel};
        use super::{lowball_value_indices, Lowball};
        let mut state = 0x1234_5678_u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for width in 5..=7usize {
            let mut rows = Vec::new();
            for i in 0..2_003 {
                let mut deck: Vec<u8> = (0..52u8).filter(|c| i % 2 == 1 || c % 4 < 2).collect();
                for k in 0..width {
                    let j = k + (next() % (deck.len() - k) as u64) as usize;
                    deck.swap(k, j);
                }
                rows.extend_from_slice(&deck[..width]);
            }
            for ranking in [Lowball::AceToFive, Lowball::DeuceToSeven] {
                let want: Vec<u16> = rows
                    .chunks_exact(width)
                    .map(|r| {
                        let suit = (0..4).find(|&s| r.iter().filter(|&&c| c % 4 == s).count() >= 5);
                        match suit {
                            // five of a suit: the best deuce-to-seven five
                            // of that suit's cards, worked out five by five
                            Some(s) if ranking == Lowball::DeuceToSeven => {
                                let suited: Vec<crate::card::Card> = r
                                    .iter()
                                    .filter(|&&c| c % 4 == s)
                                    .filter_map(|&c| crate::card::Card::new(c).ok())
                                    .collect();
                                super::lowball_cards(&suited, ranking).map_or(0, |v| v.0.value())
                            }
                            _ => lowball_value_indices(r, ranking),
                        }
                    })
                    .collect();
                for kernel in Kernel::available() {
                    let mut out = vec![0u16; want.len()];
                    let uninit = super::super::batch::as_uninit(&mut out);
                    assert!(lowball_kernel_with(kernel, &rows, width, uninit, ranking));
                    assert_eq!(out, want, "{} {width} {ranking:?}", kernel.name());
                }
            }
        }
    }

    #[test]
    fn the_generated_deuce_to_seven_order_is_the_definition() {
        assert_eq!(
            &super::super::tables::D27_OF_STANDARD[..],
            &super::d27_tables().0[..]
        );
    }
}
