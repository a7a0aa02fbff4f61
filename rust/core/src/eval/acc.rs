//! A hand built card by card: [`HandAcc`] is two words (the additive rank
//! and suit key the evaluator hashes, and the cards as one rank mask per
//! suit), so adding a card is an add and an or, and a board's partial hand
//! plus each player's hole cards is one add per player. Evaluating reads the
//! key's flush bits, then one hash lookup (an offset by the rank key's row,
//! then the value at rank key + offset), or with a flush a lookup on the
//! flush suit's mask in the flush table's copy at the end of the same table
//! (no pass over the cards, as from card indices).
use super::tables::*;
use super::{nonflush, nonflush_slot, HandValue, FLUSH_BITS, KEYS, SUIT_INIT};
use crate::card::Card;
use crate::error::{Error, Result};

const fn build_suited() -> [u64; 256] {
    let mut bits = [0u64; 256];
    let mut c = 0;
    while c < 52 {
        bits[c] = 1u64 << (16 * (c & 3) + (c >> 2));
        c += 1;
    }
    bits
}
/// Card index -> its bit in the suit-major mask (bit `16 * suit + rank`).
static SUITED: [u64; 256] = build_suited();

pub(super) fn suited_bytes() -> usize {
    std::mem::size_of_val(&SUITED)
}

/// A partial hand of up to seven distinct cards. `Copy`, 16 bytes.
///
/// ```
/// use holecards_core::eval::HandAcc;
/// use holecards_core::parse_cards;
/// # fn main() -> holecards_core::Result<()> {
/// let board = HandAcc::from_cards(&parse_cards("Ah Kh Qh 2c 3d")?);
/// let hole = HandAcc::from_cards(&parse_cards("Jh Th")?);
/// let hand = board + hole;
/// assert_eq!(hand.value()?.name(), "Royal flush");
/// # Ok(())
/// # }
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct HandAcc {
    /// The evaluator's key: the rank key (a sum of per-rank bases) in the low
    /// 25 bits, a 4-bit counter per suit in the top 16 starting at 3 (so five
    /// of a suit sets the counter's top bit).
    key: u64,
    /// The cards, suit-major: bit `16 * suit + rank`.
    suits: u64,
}

impl Default for HandAcc {
    fn default() -> HandAcc {
        HandAcc::EMPTY
    }
}

impl HandAcc {
    /// No cards.
    pub const EMPTY: HandAcc = HandAcc {
        key: SUIT_INIT,
        suits: 0,
    };

    /// This hand with the card of index `c` (below 52) added. Unchecked: the
    /// card must not be in the hand already (an index of 52 or more adds
    /// nothing).
    #[inline(always)]
    pub fn add_index(self, c: u8) -> HandAcc {
        HandAcc {
            key: self.key.wrapping_add(KEYS[c as usize]),
            suits: self.suits | SUITED[c as usize],
        }
    }

    /// This hand with the card of index `c` (below 64) added when `take`,
    /// unchanged otherwise, without a branch (for samplers whose accept /
    /// reject decisions the branch predictor cannot guess).
    #[inline(always)]
    pub fn add_index_if(self, c: u8, take: bool) -> HandAcc {
        let m = (take as u64).wrapping_neg();
        HandAcc {
            key: self.key.wrapping_add(KEYS[c as usize] & m),
            suits: self.suits | (SUITED[c as usize] & m),
        }
    }

    /// This hand with `card` added (unchecked for duplicates, like
    /// [`HandAcc::add_index`]; [`HandAcc::try_add`] checks).
    #[inline(always)]
    #[allow(
        clippy::should_implement_trait,
        reason = "a method by value, as add_index"
    )]
    pub fn add(self, card: Card) -> HandAcc {
        self.add_index(card.index())
    }

    /// This hand with `card` added, or an error if it holds that card or
    /// seven cards already.
    pub fn try_add(self, card: Card) -> Result<HandAcc> {
        if self.suits & SUITED[card.index() as usize] != 0 {
            return Err(Error::duplicate(card));
        }
        if self.len() >= 7 {
            return Err(Error::bad_cards("a hand is at most 7 cards".into()));
        }
        Ok(self.add(card))
    }

    /// The hand of these cards (unchecked for duplicates).
    pub fn from_cards(cards: &[Card]) -> HandAcc {
        cards.iter().fold(HandAcc::EMPTY, |h, &c| h.add(c))
    }

    /// The hand of these card indices (unchecked).
    #[inline(always)]
    pub fn from_indices(cards: &[u8]) -> HandAcc {
        cards.iter().fold(HandAcc::EMPTY, |h, &c| h.add_index(c))
    }

    /// Both hands' cards together (the two must share no card: unchecked).
    #[inline(always)]
    #[allow(clippy::should_implement_trait)]
    pub fn combine(self, other: HandAcc) -> HandAcc {
        HandAcc {
            key: self.key.wrapping_add(other.key).wrapping_sub(SUIT_INIT),
            suits: self.suits | other.suits,
        }
    }

    /// Number of cards.
    #[inline]
    pub fn len(self) -> u32 {
        self.suits.count_ones()
    }

    #[inline]
    pub fn is_empty(self) -> bool {
        self.suits == 0
    }

    /// The cards as bits, suit-major: bit `16 * suit + rank`.
    #[inline(always)]
    pub fn suit_bits(self) -> u64 {
        self.suits
    }

    /// Whether it holds `card`.
    #[inline]
    pub fn contains(self, card: Card) -> bool {
        self.suits & SUITED[card.index() as usize] != 0
    }

    /// The value of a hand of 5 to 7 cards: LOOKUP at the rank key's slot,
    /// or, with a flush, at the flush suit's mask in the copy of the flush
    /// table at LOOKUP's end (one load either way).
    #[inline(always)]
    pub(crate) fn eval(self) -> u16 {
        LOOKUP[self.slot()]
    }

    /// Where in LOOKUP this hand's value is (for a hand of 5 to 7 cards):
    /// at the rank key's slot, or, with a flush, at the flush suit's mask in
    /// the copy of the flush table at LOOKUP's end. Always below
    /// LOOKUP.len().
    #[inline(always)]
    pub(crate) fn slot(self) -> usize {
        let flush = self.key & FLUSH_BITS;
        // A branch, not a mask: computing both slots and choosing one
        // measured 25% slower (the flush slot's work on every hand), though
        // the branch is missed on about 3% of seven-card hands.
        let slot = if flush != 0 {
            // The flush suit s's counter's top bit is bit 48 + 4 * s + 3, and
            // its cards are bits 16 * s.. of `suits`: shift by
            // 4 * (51 + 4 * s) - 204.
            let shift = 4 * flush.trailing_zeros() - 204;
            LOOKUP_FLUSH + ((self.suits >> (shift & 63)) & 0x1fff) as usize
        } else {
            nonflush_slot(self.key)
        };
        // nonflush_slot is below LOOKUP.len() for every key (checked at
        // compile time in eval/mod.rs), and LOOKUP_FLUSH + 0x1fff is too; the
        // mask (LOOKUP's length is a power of two) lets the compiler drop
        // the bounds check of the read.
        const _: () =
            assert!(LOOKUP_FLUSH + 0x2000 <= LOOKUP.len() && LOOKUP.len().is_power_of_two());
        slot & (LOOKUP.len() - 1)
    }

    /// The rank key's slot in the standard hash (suits play no part): where
    /// the ace-to-five table holds this hand's value. Always below
    /// LOOKUP.len().
    #[inline(always)]
    pub(crate) fn rank_slot(self) -> usize {
        nonflush_slot(self.key) & (LOOKUP.len() - 1)
    }

    /// Where this hand's short-deck value is in either short-deck table (a
    /// hand of 5 to 7 cards, sixes to aces): as [`HandAcc::slot`], the rank
    /// key's slot in the short-deck hash, or with a flush the flush suit's
    /// ranks six to ace in the flush table at the end. Always in the table.
    #[inline(always)]
    pub(crate) fn short_deck_slot(self) -> usize {
        let flush = self.key & FLUSH_BITS;
        let slot = if flush != 0 {
            // as in `slot`, and four more: the suit's bit 0 is the six
            let shift = 4 * flush.trailing_zeros() - 200;
            SD_LOOKUP_FLUSH + ((self.suits >> (shift & 63)) & 0x1ff) as usize
        } else {
            let rank_key = self.key as u32;
            let row = (rank_key >> SD_ROW_BITS) as usize & (SD_OFFSETS.len() - 1);
            rank_key.wrapping_add(SD_OFFSETS[row]) as usize
        };
        const _: () = assert!(
            SD_LOOKUP_FLUSH + 0x200 <= SD_LOOKUP_STRAIGHT_FIRST.len()
                && SD_LOOKUP_STRAIGHT_FIRST.len() == SD_LOOKUP_TRIPS_FIRST.len()
                && SD_LOOKUP_STRAIGHT_FIRST.len().is_power_of_two()
        );
        slot & (SD_LOOKUP_STRAIGHT_FIRST.len() - 1)
    }

    /// Where the evaluation of this hand reads: the index into the row
    /// offsets and the slot of the value table (for benchmarks that model
    /// the evaluator's memory traffic; not a stable interface).
    #[doc(hidden)]
    pub fn table_indices(self) -> (usize, usize) {
        let row = (self.key as u32 >> ROW_BITS) as usize & (OFFSETS.len() - 1);
        (row, self.slot())
    }

    /// The value (1..=7462) of a hand of exactly seven cards. Unchecked:
    /// another number of cards gives a meaningless value, never a panic.
    #[inline(always)]
    pub fn eval7(self) -> u16 {
        self.eval()
    }

    /// [`HandAcc::eval7`] for a hand known to hold no five cards of a suit
    /// (the flush test skipped); unchecked like it.
    #[inline(always)]
    pub fn eval7_no_flush(self) -> u16 {
        nonflush(self.key)
    }

    /// The value of a hand of five or six cards (unchecked like [`HandAcc::eval7`]).
    #[inline(always)]
    pub fn eval56(self) -> u16 {
        self.eval()
    }

    /// The hand's value: an error unless it holds 5, 6 or 7 cards.
    pub fn value(self) -> Result<HandValue> {
        match self.len() {
            7 => Ok(HandValue(self.eval7())),
            5 | 6 => Ok(HandValue(self.eval56())),
            n => Err(Error::bad_cards(format!(
                "a hand is 5, 6 or 7 cards, not {n}"
            ))),
        }
    }
}

impl std::ops::Add for HandAcc {
    type Output = HandAcc;
    /// [`HandAcc::combine`].
    #[inline(always)]
    fn add(self, other: HandAcc) -> HandAcc {
        self.combine(other)
    }
}

impl std::ops::Add<Card> for HandAcc {
    type Output = HandAcc;
    #[inline(always)]
    fn add(self, card: Card) -> HandAcc {
        HandAcc::add(self, card)
    }
}
