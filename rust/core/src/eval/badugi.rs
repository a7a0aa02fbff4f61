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

/// C(n, k) for n up to 13.
const fn choose(n: u32, k: u32) -> u32 {
    if k > n {
        return 0;
    }
    let mut r = 1u32;
    let mut i = 0;
    while i < k {
        r = r * (n - i) / (i + 1);
        i += 1;
    }
    r
}

/// The values below the first of each size: 0, 13, 91, 377 for sizes 1 to 4.
const fn below(size: u32) -> u32 {
    let mut total = 0;
    let mut s = 1;
    while s < size {
        total += choose(13, s);
        s += 1;
    }
    total
}

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
    /// to four bits).
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

/// The best badugi of four cards whose indices are `c` (unchecked: four
/// distinct cards), and which of the four it plays (bits 0 to 3).
#[inline]
pub(crate) fn badugi_indices(c: &[u8; 4]) -> (BadugiValue, u8) {
    let mut best = (0u16, 0u8);
    // every subset of the four: the best value among those with no rank
    // and no suit twice (a larger one always has the greater value)
    for subset in 1..16u8 {
        let (mut ranks, mut suits, mut ok) = (0u16, 0u8, true);
        for (i, &card) in c.iter().enumerate() {
            if subset >> i & 1 == 1 {
                let r = 1u16 << ((card / 4 + 1) % 13);
                let s = 1u8 << (card % 4);
                ok &= ranks & r == 0 && suits & s == 0;
                ranks |= r;
                suits |= s;
            }
        }
        if ok {
            let v = BadugiValue::of_ranks(ranks).0;
            if v > best.0 {
                best = (v, subset);
            }
        }
    }
    (BadugiValue(best.0), best.1)
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
    Ok(badugi_cards(cards)?.0)
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
    super::batch::by_pieces(out, CHUNK_ROWS, threads, cancel, |i, o| {
        let first = i * CHUNK_ROWS;
        let rows = cards[first * 4..(first + o.len()) * 4].chunks_exact(4);
        for (k, (v, row)) in o.iter_mut().zip(rows).enumerate() {
            let row: &[u8; 4] = row.try_into().unwrap_or(&[255; 4]);
            let seen = row.iter().fold(0u64, |m, &c| m | 1u64 << (c & 63));
            if row.iter().any(|&c| c >= 52) || seen.count_ones() != 4 {
                return Err(super::batch::describe_bad_row(first + k, row, &[], |_| {
                    None
                }));
            }
            *v = badugi_indices(row).0 .0;
        }
        Ok(())
    })
}
