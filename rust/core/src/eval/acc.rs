//! A hand built card by card: [`HandAcc`] is twelve bytes (the additive
//! rank and suit key the evaluator hashes, and the cards as one rank mask
//! per suit, packed into the key's unused middle bits and a 32-bit word), so
//! adding a card is an add and an or, and a board's partial hand plus each
//! player's hole cards is one add per player. Evaluating reads the key's
//! flush bits, then one hash lookup (an offset by the rank key's row, then
//! the value at rank key + offset), or with a flush a lookup on the flush
//! suit's mask in the flush table's copy at the end of the same table (no
//! pass over the cards, as from card indices).
use super::tables::*;
use super::{nonflush, nonflush_slot, HandValue, FLUSH_BITS, SUIT_INIT};
use crate::card::Card;
use crate::error::{Error, Result};

/// The cards' mask is 52 bits, rank-major within suit: bit `13 * suit +
/// rank` (`mask()`). Its low `MASK_LO` bits sit in the key's bits
/// `MASK_SHIFT..48`, between the rank key (below 2^25) and the suit
/// counters (from bit 48); the rest are the low bits of `high`.
const MASK_SHIFT: u32 = 25;
const MASK_LO: u32 = 48 - MASK_SHIFT;
const _: () = assert!(MASK_SHIFT >= RANK_BITS && MASK_LO + 32 >= 52);

/// Card index -> its bit in the 52-bit mask (bit `13 * suit + rank`).
const fn mask_bit(c: usize) -> u64 {
    1u64 << (13 * (c & 3) + (c >> 2))
}

const fn build_key_bits() -> [u64; 256] {
    let mut k = super::build_keys();
    let mut c = 0;
    while c < 52 {
        k[c] |= (mask_bit(c) & ((1 << MASK_LO) - 1)) << MASK_SHIFT;
        c += 1;
    }
    k
}
/// Card index -> what adding it adds to the key: its evaluator key
/// (`KEYS`) and its mask bit when the bit is among the key's.
static KEY_BITS: [u64; 256] = build_key_bits();

const fn build_high_bits() -> [u32; 256] {
    let mut h = [0u32; 256];
    let mut c = 0;
    while c < 52 {
        h[c] = (mask_bit(c) >> MASK_LO) as u32;
        c += 1;
    }
    h
}
/// Card index -> its mask bit when the bit is in `high`.
static HIGH_BITS: [u32; 256] = build_high_bits();

pub(super) fn table_bytes() -> usize {
    std::mem::size_of_val(&KEY_BITS) + std::mem::size_of_val(&HIGH_BITS)
}

/// A partial hand of up to seven distinct cards. `Copy`, 12 bytes.
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
///
/// Twelve bytes, not sixteen: a hand stored in memory and evaluated later
/// (a pre-built array of hands, the equity enumerator's hole hands) is
/// read a quarter faster when the loop is bound by the stream of hands
/// (aligned to 4 bytes; the key is read with one unaligned load).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[repr(C, packed(4))]
pub struct HandAcc {
    /// The evaluator's key: the rank key (a sum of per-rank bases) in the low
    /// 25 bits, a 4-bit counter per suit in the top 16 starting at 3 (so five
    /// of a suit sets the counter's top bit); in between, bits 25..48, the
    /// low 23 bits of the cards' mask.
    key: u64,
    /// The cards' mask's bits 23..52.
    high: u32,
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
        high: 0,
    };

    /// This hand with the card of index `c` (below 52) added. Unchecked: the
    /// card must not be in the hand already (an index of 52 or more adds
    /// nothing).
    #[inline(always)]
    pub fn add_index(self, c: u8) -> HandAcc {
        HandAcc {
            key: self.key.wrapping_add(KEY_BITS[c as usize]),
            high: self.high | HIGH_BITS[c as usize],
        }
    }

    /// This hand with the card of index `c` (below 64) added when `take`,
    /// unchanged otherwise, without a branch (for samplers whose accept /
    /// reject decisions the branch predictor cannot guess).
    #[inline(always)]
    pub fn add_index_if(self, c: u8, take: bool) -> HandAcc {
        let m = (take as u64).wrapping_neg();
        HandAcc {
            key: self.key.wrapping_add(KEY_BITS[c as usize] & m),
            high: self.high | (HIGH_BITS[c as usize] & m as u32),
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
        if self.contains(card) {
            return Err(Error::duplicate(card));
        }
        if self.len() >= 7 {
            return Err(Error::bad_cards("a hand is at most 7 cards".into()));
        }
        Ok(self.add(card))
    }

    /// The hand of these cards (unchecked: at most seven, distinct; more
    /// cards give a meaningless hand, whose `len` may be wrong).
    pub fn from_cards(cards: &[Card]) -> HandAcc {
        cards.iter().fold(HandAcc::EMPTY, |h, &c| h.add(c))
    }

    /// The hand of these card indices (unchecked, as
    /// [`HandAcc::from_cards`]).
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
            high: self.high | other.high,
        }
    }

    /// Number of cards.
    #[inline]
    pub fn len(self) -> u32 {
        self.mask().count_ones()
    }

    #[inline]
    pub fn is_empty(self) -> bool {
        self.mask() == 0
    }

    /// The cards as 52 bits: bit `13 * suit + rank`.
    #[inline(always)]
    fn mask(self) -> u64 {
        ((self.key >> MASK_SHIFT) & ((1 << MASK_LO) - 1)) | (u64::from(self.high) << MASK_LO)
    }

    /// The 13-bit rank mask of the suit whose counter's top bit is set in
    /// `flush` (the key's flush bits, not zero).
    #[inline(always)]
    fn flush_ranks(self, flush: u64) -> u64 {
        // Suit s's counter's top bit is bit 51 + 4 * s; its ranks are bits
        // 13 * s.. of the mask.
        let s = (flush.trailing_zeros().wrapping_sub(51) >> 2) & 3;
        (self.mask() >> (13 * s)) & 0x1fff
    }

    /// The cards as bits, suit-major: bit `16 * suit + rank`.
    #[inline(always)]
    pub fn suit_bits(self) -> u64 {
        let m = self.mask();
        (m & 0x1fff)
            | ((m & (0x1fff << 13)) << 3)
            | ((m & (0x1fff << 26)) << 6)
            | ((m & (0x1fff << 39)) << 9)
    }

    /// Whether it holds `card`.
    #[inline]
    pub fn contains(self, card: Card) -> bool {
        self.mask() & mask_bit(card.index() as usize) != 0
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
            LOOKUP_FLUSH + self.flush_ranks(flush) as usize
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
            // the suit's ranks six to ace: the mask's bits 4..13
            SD_LOOKUP_FLUSH + (self.flush_ranks(flush) >> 4) as usize
        } else {
            let rank_key = self.key as u32 & ((1 << RANK_BITS) - 1);
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
        let row = ((self.key as u32 & ((1 << RANK_BITS) - 1)) >> ROW_BITS) as usize;
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

    /// The hand's value: an error unless it holds 5, 6 or 7 cards (for a
    /// hand built with [`HandAcc::try_add`]; an unchecked one of more than
    /// seven cards is meaningless).
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
