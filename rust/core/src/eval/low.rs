//! Ace-to-five low, eight or better: the low half of the split games
//! (Omaha hi/lo, stud hi/lo).
//!
//! A low is five cards of five distinct ranks, each eight or lower, aces
//! low; straights and flushes do not count against it. Lows compare from the
//! highest card down: 7-5-4-3-2 beats 8-4-3-2-A, and 5-4-3-2-A (the wheel)
//! is the best. A hand of five distinct low ranks is a set of bits (ace = bit
//! 0 .. eight = bit 7), and comparing two such five-bit sets as numbers
//! compares the lows (the highest card first), so a low's value is
//! `255 - mask`: a better low is a greater value, as a better high hand is.
use crate::card::{check_distinct, Card};
use crate::error::{Error, Result};
use std::fmt;

/// An eight-or-better low; a better (lower) low compares greater.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct LowValue(u8);

/// Ranks of a low, ace first: ace, two .. eight.
const LOW_NAMES: [&str; 8] = [
    "Ace", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight",
];

impl LowValue {
    /// The low of a set of five low ranks (bit 0 = ace .. bit 7 = eight).
    #[inline]
    fn from_mask(mask: u8) -> LowValue {
        debug_assert_eq!(mask.count_ones(), 5);
        LowValue(255 - mask)
    }

    /// The low numbered `value`: `255 -` the set of its five ranks (bit 0 =
    /// ace .. bit 7 = eight). An error unless five bits are set.
    pub fn new(value: u16) -> Result<LowValue> {
        match u8::try_from(value) {
            Ok(v) if (255 - v).count_ones() == 5 => Ok(LowValue(v)),
            _ => Err(Error::bad_config(format!(
                "{value} is not a low value: a low value is 255 minus five of the bits 0..7"
            ))),
        }
    }

    /// The number this low compares by (greater is better): from 7 (8-7-6-5-4)
    /// to 224 (the wheel, 5-4-3-2-A).
    #[inline]
    pub fn value(self) -> u16 {
        self.0 as u16
    }

    /// The five ranks as bits: ace = bit 0 .. eight = bit 7.
    #[inline]
    pub fn mask(self) -> u8 {
        255 - self.0
    }

    /// The five ranks, highest first, each as a card rank (0 = deuce ..
    /// 6 = eight, 12 = ace): the ace is last.
    pub fn ranks(self) -> [u8; 5] {
        let mut out = [0u8; 5];
        let mut n = 0;
        for low in (0..8u8).rev() {
            if self.mask() >> low & 1 == 1 {
                out[n] = low_to_rank(low);
                n += 1;
            }
        }
        out
    }

    /// A readable name from the two highest cards: "Eight-six low",
    /// "Five-four low" (the wheel).
    pub fn name(self) -> String {
        let mut lows = (0..8u8).rev().filter(|&l| self.mask() >> l & 1 == 1);
        let first = lows.next().unwrap_or(0) as usize;
        let second = lows.next().unwrap_or(0) as usize;
        format!(
            "{}-{} low",
            LOW_NAMES[first],
            LOW_NAMES[second].to_lowercase()
        )
    }
}

impl fmt::Display for LowValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// A card rank (0 = deuce .. 12 = ace) as a low rank (0 = ace .. 7 =
/// eight), or `None` above eight.
#[inline]
pub(crate) fn rank_to_low(rank: u8) -> Option<u8> {
    match rank {
        12 => Some(0),
        0..=6 => Some(rank + 1),
        _ => None,
    }
}

#[inline]
fn low_to_rank(low: u8) -> u8 {
    if low == 0 {
        12
    } else {
        low - 1
    }
}

/// The low ranks among `cards`, as bits (ace = bit 0 .. eight = bit 7).
#[inline]
pub(crate) fn low_mask(cards: &[Card]) -> u8 {
    cards
        .iter()
        .filter_map(|c| rank_to_low(c.rank()))
        .fold(0u8, |m, l| m | 1 << l)
}

/// The five lowest bits of `mask`, if it has five.
#[inline]
pub(crate) fn lowest_five(mask: u8) -> Option<u8> {
    if mask.count_ones() < 5 {
        return None;
    }
    let mut m = mask;
    // drop the highest bits until five are left
    while m.count_ones() > 5 {
        m &= !(1u8 << (7 - m.leading_zeros()));
    }
    Some(m)
}

/// The best eight-or-better low that any five of `cards` make (5 to 7
/// distinct cards, as in stud hi/lo), or `None` when no five qualify.
pub fn low8(cards: &[Card]) -> Result<Option<LowValue>> {
    if !(5..=7).contains(&cards.len()) {
        return Err(Error::bad_cards(format!(
            "a low hand is 5, 6 or 7 cards, not {}",
            cards.len()
        )));
    }
    check_distinct(cards)?;
    // The five lowest distinct low ranks are the best five: each of the
    // five places is as low as it can be.
    Ok(lowest_five(low_mask(cards)).map(LowValue::from_mask))
}

/// The best Omaha eight-or-better low of exactly two of `hole` and three of
/// `board` (unchecked: the callers check the cards): its five-bit mask, and
/// the two hole cards that make it (the first such pair in the hand's
/// order when several make the same low).
pub(crate) fn omaha_low(hole: &[Card], board: &[Card]) -> Option<(u8, [Card; 2])> {
    omaha_low_on(hole, low_mask(board))
}

/// [`omaha_low`] on a board given by its low ranks ([`low_mask`]), for
/// callers that evaluate many hands on one board.
pub(crate) fn omaha_low_on(hole: &[Card], board_lows: u8) -> Option<(u8, [Card; 2])> {
    if board_lows.count_ones() < 3 {
        return None;
    }
    let mut best: Option<(u8, [Card; 2])> = None;
    for i in 0..hole.len() {
        let Some(a) = rank_to_low(hole[i].rank()) else {
            continue;
        };
        for &h in &hole[i + 1..] {
            let Some(b) = rank_to_low(h.rank()) else {
                continue;
            };
            if a == b {
                continue;
            }
            let pair = (1u8 << a) | (1u8 << b);
            // the three lowest board ranks the pair does not hold
            let Some(three) = lowest_n(board_lows & !pair, 3) else {
                continue;
            };
            let mask = pair | three;
            if best.is_none_or(|(m, _)| mask < m) {
                best = Some((mask, [hole[i], h]));
            }
        }
    }
    best
}

/// The Omaha eight-or-better low of `hole` and `board`, with its five cards
/// (two from the hand, three from the board, highest rank first), or
/// `None` when no two and three qualify. Checked like
/// [`super::omaha::omaha_high`].
pub fn omaha_low8(hole: &[Card], board: &[Card]) -> Result<Option<(LowValue, [Card; 5])>> {
    super::omaha::check_omaha(hole, board)?;
    let Some((mask, _)) = omaha_low(hole, board) else {
        return Ok(None);
    };
    // The five shown: of every hole pair that makes this low, the cards
    // it plays, and of those the one whose cards, highest first, hold the
    // higher suits (as `low8` shows a seven-card hand), whatever the order
    // the cards were given in.
    let board_lows = low_mask(board);
    let mut shown: Option<[Card; 5]> = None;
    for (i, &x) in hole.iter().enumerate() {
        for &y in &hole[i + 1..] {
            let (Some(a), Some(b)) = (rank_to_low(x.rank()), rank_to_low(y.rank())) else {
                continue;
            };
            let pair = (1u8 << a) | (1u8 << b);
            if a == b || lowest_n(board_lows & !pair, 3).map(|t| t | pair) != Some(mask) {
                continue;
            }
            // the pair's two ranks come from the pair (low_cards takes the
            // highest suit of a rank, so a board card of a pair rank must
            // not be a candidate)
            let mut cards = vec![x, y];
            cards.extend(
                board
                    .iter()
                    .filter(|c| c.rank() != x.rank() && c.rank() != y.rank()),
            );
            let five = low_cards(mask, &cards);
            let suits = |f: &[Card; 5]| f.map(|c| c.suit());
            if shown.is_none_or(|s| suits(&five) > suits(&s)) {
                shown = Some(five);
            }
        }
    }
    Ok(shown.map(|five| (LowValue::from_mask(mask), five)))
}

/// The `n` lowest bits of `mask`, if it has `n`.
#[inline]
fn lowest_n(mask: u8, n: u32) -> Option<u8> {
    if mask.count_ones() < n {
        return None;
    }
    let mut m = 0u8;
    let mut rest = mask;
    for _ in 0..n {
        let bit = rest & rest.wrapping_neg();
        m |= bit;
        rest &= !bit;
    }
    Some(m)
}

/// Which of `cards` make the low `mask`: for each of its ranks, the card of
/// that rank with the highest suit (a deterministic choice; the suits do not
/// matter to a low). The five are ordered highest rank first.
pub(crate) fn low_cards(mask: u8, cards: &[Card]) -> [Card; 5] {
    let mut out = [cards[0]; 5];
    let mut n = 0;
    for low in (0..8u8).rev() {
        if mask >> low & 1 == 0 {
            continue;
        }
        let rank = low_to_rank(low);
        if let Some(c) = cards.iter().filter(|c| c.rank() == rank).max() {
            out[n] = *c;
            n += 1;
        }
    }
    out
}

/// [`low8`] with the five cards that make the low, highest rank first.
pub fn low8_cards(cards: &[Card]) -> Result<Option<(LowValue, [Card; 5])>> {
    Ok(low8(cards)?.map(|v| (v, low_cards(v.mask(), cards))))
}

/// Card index -> its low bit (ace = bit 0 .. eight = bit 7), 0 above eight
/// (and for indices of 52 or more, which the batch refuses).
const fn low_bits() -> [u8; 64] {
    let mut t = [0u8; 64];
    let mut c = 0;
    while c < 52 {
        let rank = (c / 4) as u8;
        t[c] = match rank {
            12 => 1,
            0..=6 => 1 << (rank + 1),
            _ => 0,
        };
        c += 1;
    }
    t
}
static LOW_BITS: [u8; 64] = low_bits();

/// Rows a task of [`evaluate_rows`] takes.
const CHUNK_ROWS: usize = 1 << 14;

/// Evaluates eight-or-better lows stored row by row: `cards` holds rows of
/// `width` (5 to 7) card indices; each row's best low goes to `out` on
/// [`LowValue::value`]'s scale, 0 where no five of its cards qualify. Every
/// row is checked (indices 0..51, no card twice); the error names the first
/// bad row. `threads` as in [`super::batch::evaluate_rows`]; `cancel`, when
/// set, stops the work within a chunk of rows with
/// [`crate::ErrorKind::Interrupted`].
pub fn evaluate_rows(
    cards: &[u8],
    width: usize,
    out: &mut [u16],
    threads: Option<usize>,
    cancel: Option<&std::sync::atomic::AtomicBool>,
) -> Result<()> {
    super::batch::check_rows("a low hand", cards, width, out.len())?;
    super::batch::by_pieces(out, CHUNK_ROWS, threads, cancel, |i, o| {
        let first = i * CHUNK_ROWS;
        let rows = cards[first * width..(first + o.len()) * width].chunks_exact(width);
        for (k, (v, row)) in o.iter_mut().zip(rows).enumerate() {
            let (mut seen, mut mask, mut fine) = (0u64, 0u8, true);
            for &c in row {
                let bit = 1u64 << (c & 63);
                fine &= c < 52 && seen & bit == 0;
                seen |= bit;
                mask |= LOW_BITS[(c & 63) as usize];
            }
            if !fine {
                return Err(super::batch::describe_bad_row(first + k, row, &[], |_| {
                    None
                }));
            }
            *v = lowest_five(mask).map_or(0, |m| LowValue::from_mask(m).value());
        }
        Ok(())
    })
}
