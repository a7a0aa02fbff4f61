//! Short-deck (six-plus) hold'em hands: the 36-card deck of sixes to aces.
//!
//! Two things change from the standard ranking: a flush beats a full house
//! (five cards of a suit are rarer than a full house with four ranks gone),
//! and A-6-7-8-9 is a straight, the lowest (the ace plays low below the
//! six, as it plays below the deuce in A-2-3-4-5), and suited, the lowest
//! straight flush. Where three of a kind stands against a straight is the
//! one ordering card rooms differ on: [`ShortDeckRanking::StraightBeatsTrips`]
//! keeps the standard order (as pokerkit ranks it),
//! [`ShortDeckRanking::TripsBeatStraight`] puts three of a kind above.
//!
//! A hand's value is its place in the short-deck order of its ranking (1 to
//! [`SHORT_DECK_NUM_VALUES`], greater is better), read from a table built
//! with the crate (`build.rs`) the way the standard evaluator's is: the
//! same rank key and flush test as [`HandAcc`], a rank hash of its own over
//! the multisets of sixes to aces, and a flush table by the flush suit's
//! ranks, each entry the best five-card subset under the ranking. A value
//! keeps the standard value of the five cards it plays, for their category
//! and name (the standard high card and flush A-9-8-7-6 are the A-6-7-8-9
//! straight and straight flush).
use super::tables::*;
use super::{eval5_indices, Category, HandAcc, HandValue, NUM_VALUES};
use crate::card::{check_distinct, Card};
use crate::error::{Error, Result};
use std::fmt;
use std::sync::OnceLock;

/// Where three of a kind ranks against a straight in short-deck.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum ShortDeckRanking {
    /// A straight beats three of a kind, as in the standard ranking (and in
    /// pokerkit's short-deck hold'em).
    #[default]
    StraightBeatsTrips,
    /// Three of a kind beats a straight (the other ordering card rooms use).
    TripsBeatStraight,
}

/// The lowest rank of the short deck (a six; deuce = 0).
pub const SHORT_DECK_LOWEST_RANK: u8 = 4;

/// A short-deck hand's value under one ranking: greater is better within a
/// ranking. It keeps the standard value of the five cards it plays, for
/// their category's cards and its name.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct ShortDeckValue {
    /// The place in the short-deck order, 1 (the weakest) up.
    order: u16,
    /// The standard value of the five cards played.
    standard: u16,
}

/// The rank of a nine, the top of A-6-7-8-9.
const NINE: u8 = 7;
const ACE: u8 = 12;

/// A standard five-card value's short-deck category and tiebreak ranks:
/// A-9-8-7-6 is the nine-high straight (flush) below the ten-high one.
fn short_deck_class(v: HandValue) -> (Category, Vec<u8>) {
    let (cat, t) = (v.category(), v.tiebreak_ranks());
    let a9876 = t == [ACE, 9 - 2, 8 - 2, 7 - 2, 6 - 2];
    match cat {
        Category::HighCard if a9876 => (Category::Straight, vec![NINE]),
        Category::Flush if a9876 => (Category::StraightFlush, vec![NINE]),
        _ => (cat, t),
    }
}

/// By place in the order of `ranking`, the standard value of the five
/// cards played.
fn standard_of(ranking: ShortDeckRanking) -> &'static [u16] {
    match ranking {
        ShortDeckRanking::StraightBeatsTrips => &SD_STANDARD_STRAIGHT_FIRST,
        ShortDeckRanking::TripsBeatStraight => &SD_STANDARD_TRIPS_FIRST,
    }
}

/// The number of distinct short-deck hand values (the same under both
/// rankings: they order the same hands differently).
pub const SHORT_DECK_NUM_VALUES: u16 = SD_NUM_VALUES;

/// Standard value -> place in the short-deck order (0 for the values the
/// short deck cannot make: any rank below six), one table per ranking: the
/// generated table read backwards.
fn order_table(ranking: ShortDeckRanking) -> &'static [u16] {
    static TABLES: [OnceLock<Vec<u16>>; 2] = [OnceLock::new(), OnceLock::new()];
    TABLES[ranking as usize].get_or_init(|| {
        let mut table = vec![0u16; NUM_VALUES as usize + 1];
        for (order, &standard) in standard_of(ranking).iter().enumerate().skip(1) {
            table[standard as usize] = order as u16;
        }
        table
    })
}

/// The short-deck value of a hand of 5 to 7 cards, sixes to aces, as its
/// place in the order of `ranking` (unchecked: other cards give a
/// meaningless value, never a panic). One load from the ranking's table, as
/// [`HandAcc::eval7`] makes for the standard ranking.
#[inline(always)]
pub fn short_deck_order(hand: HandAcc, ranking: ShortDeckRanking) -> u16 {
    values(ranking)[hand.short_deck_slot()]
}

/// The value table of `ranking`, by [`HandAcc::short_deck_slot`].
#[inline(always)]
pub(crate) fn values(ranking: ShortDeckRanking) -> &'static [u16; SD_LOOKUP_STRAIGHT_FIRST.len()] {
    match ranking {
        ShortDeckRanking::StraightBeatsTrips => SD_LOOKUP_STRAIGHT_FIRST,
        ShortDeckRanking::TripsBeatStraight => SD_LOOKUP_TRIPS_FIRST,
    }
}

impl ShortDeckValue {
    /// The value at place `order` (1 to [`SHORT_DECK_NUM_VALUES`]) of the
    /// order of `ranking`.
    pub fn new(order: u16, ranking: ShortDeckRanking) -> Result<ShortDeckValue> {
        match standard_of(ranking).get(order as usize) {
            Some(&standard) if order > 0 => Ok(ShortDeckValue { order, standard }),
            _ => Err(Error::bad_config(format!(
                "{order} is not a short-deck hand value: values are 1..{SD_NUM_VALUES}"
            ))),
        }
    }

    /// The place in the short-deck order (1 up; the same scale for every
    /// hand of one ranking).
    pub fn value(self) -> u16 {
        self.order
    }

    /// The category under the short-deck rules (A-6-7-8-9 is a straight).
    pub fn category(self) -> Category {
        short_deck_class(HandValue(self.standard)).0
    }

    /// The ranks that break ties within the category, most significant
    /// first, as [`HandValue::tiebreak_ranks`] (A-6-7-8-9: the nine).
    pub fn tiebreak_ranks(self) -> Vec<u8> {
        short_deck_class(HandValue(self.standard)).1
    }

    /// A readable name: "Flush, ace high", "Straight, nine high" (A-6-7-8-9).
    pub fn name(self) -> String {
        match short_deck_class(HandValue(self.standard)) {
            (Category::Straight, t) if t == [NINE] => "Straight, nine high".into(),
            (Category::StraightFlush, t) if t == [NINE] => "Straight flush, nine high".into(),
            _ => HandValue(self.standard).name(),
        }
    }
}

impl fmt::Display for ShortDeckValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// Checks a short-deck hand: 5 to 7 distinct cards, sixes to aces.
fn check_short_deck(cards: &[Card]) -> Result<()> {
    if !(5..=7).contains(&cards.len()) {
        return Err(Error::bad_cards(format!(
            "a short-deck hand is 5, 6 or 7 cards, not {}",
            cards.len()
        )));
    }
    if let Some(c) = cards.iter().find(|c| c.rank() < SHORT_DECK_LOWEST_RANK) {
        return Err(Error::card(
            c.to_string(),
            format!("{c} is not in the short deck: its cards are sixes to aces"),
        ));
    }
    check_distinct(cards)?;
    Ok(())
}

/// The best short-deck hand of 5, 6 or 7 cards under `ranking`, and the five
/// cards that make it (in the order of `cards`).
pub fn short_deck_five(
    cards: &[Card],
    ranking: ShortDeckRanking,
) -> Result<(ShortDeckValue, [Card; 5])> {
    check_short_deck(cards)?;
    let table = order_table(ranking);
    let mut best = (
        ShortDeckValue {
            order: 0,
            standard: 0,
        },
        [cards[0]; 5],
    );
    // (highest card first: of equal fives the first found holds the
    // higher suits, as `evaluate` shows them, whatever the cards' order)
    let mut sorted: Vec<Card> = cards.to_vec();
    sorted.sort_unstable_by_key(|c| std::cmp::Reverse(c.index()));
    super::for_each_five(&sorted, |five| {
        let standard = eval5_indices(&five.map(|c| c.index()));
        let order = table[standard as usize];
        if order > best.0.order {
            best = (ShortDeckValue { order, standard }, five);
        }
    });
    Ok(best)
}

/// [`short_deck_five`] with the five cards most significant first, as
/// [`super::best_five`] orders them (A-6-7-8-9 as 9-8-7-6-A).
pub fn short_deck_best_five(
    cards: &[Card],
    ranking: ShortDeckRanking,
) -> Result<(ShortDeckValue, [Card; 5])> {
    let (value, five) = short_deck_five(cards, ranking)?;
    let (_, mut ordered) = super::best_five(&five)?;
    if value.tiebreak_ranks() == [NINE]
        && matches!(
            value.category(),
            Category::Straight | Category::StraightFlush
        )
    {
        ordered.rotate_left(1); // A-9-8-7-6 becomes 9-8-7-6-A
    }
    Ok((value, ordered))
}

/// The value of the best short-deck hand of 5, 6 or 7 cards: one load from
/// the ranking's table (built with the crate: every rank multiset of five
/// to seven cards, and every flush, at its best five under the ranking).
pub fn short_deck(cards: &[Card], ranking: ShortDeckRanking) -> Result<ShortDeckValue> {
    // The checks and the hand in one pass over the cards.
    let mut hand = HandAcc::EMPTY;
    let mut bad = !(5..=7).contains(&cards.len());
    for &c in cards {
        bad |= c.rank() < SHORT_DECK_LOWEST_RANK || hand.contains(c);
        hand = hand.add(c);
    }
    if bad {
        check_short_deck(cards)?;
    }
    let order = short_deck_order(hand, ranking);
    Ok(ShortDeckValue {
        order,
        standard: standard_of(ranking)[order as usize],
    })
}

/// Rows a task of the batch evaluates (a few hundred microseconds of work,
/// so that a cancel is seen soon).
const CHUNK_ROWS: usize = 1 << 15;

/// Evaluates short-deck hands stored row by row: `cards` holds rows of
/// `width` (5 to 7) card indices, sixes to aces (16..51); the value of each
/// row under `ranking` goes to `out`. Every row is checked (no card below a
/// six or above 51, no card twice in a row); the error names the first bad
/// row. `threads` as in [`super::batch::evaluate_rows`]; `cancel`, when set,
/// stops the work within a chunk of rows with
/// [`crate::ErrorKind::Interrupted`].
pub fn evaluate_rows(
    cards: &[u8],
    width: usize,
    ranking: ShortDeckRanking,
    out: &mut [u16],
    threads: Option<usize>,
    cancel: Option<&std::sync::atomic::AtomicBool>,
) -> Result<()> {
    super::batch::check_rows("a short-deck hand", cards, width, out.len())?;
    super::batch::by_pieces(out, CHUNK_ROWS, threads, cancel, |i, o| {
        let first = i * CHUNK_ROWS;
        let rows = &cards[first * width..(first + o.len()) * width];
        if super::batch::short_deck_kernel(rows, width, super::batch::as_uninit(o), ranking) {
            return Ok(());
        }
        Err(super::batch::first_bad_row(rows, width, first, |c| {
            (c.rank() < SHORT_DECK_LOWEST_RANK).then(|| {
                format!(
                    "{c} is not in the short deck: its cards are sixes to aces (indices 16..51)"
                )
            })
        }))
    })
}

/// [`evaluate_rows`] on the calling thread with a given kernel (for tests
/// and benchmarks: the results are the same with every kernel). A kernel
/// this processor cannot run is an error; so is a bad row, as there, but
/// without naming it.
pub fn evaluate_rows_with(
    kernel: super::batch::Kernel,
    cards: &[u8],
    width: usize,
    ranking: ShortDeckRanking,
    out: &mut [u16],
) -> Result<()> {
    if !(5..=7).contains(&width) || cards.len() != out.len() * width {
        return Err(Error::bad_cards(format!(
            "{} card indices do not make {} rows of 5 to 7",
            cards.len(),
            out.len()
        )));
    }
    if !kernel.is_available() {
        return Err(Error::bad_config(format!(
            "this processor cannot run the {} kernel",
            kernel.name()
        )));
    }
    let out = super::batch::as_uninit(out);
    if super::batch::short_deck_kernel_with(kernel, cards, width, out, ranking) {
        Ok(())
    } else {
        Err(Error::bad_cards("a row is not a short-deck hand".into()))
    }
}

/// The short-deck tables and their sizes in bytes: the row offsets of the
/// rank hash (shared by both rankings), each ranking's values (a hand's
/// evaluation reads the offsets and one of these), and each ranking's
/// standard value by place (for names).
pub fn table_memory() -> Vec<(&'static str, usize)> {
    use std::mem::size_of_val;
    vec![
        ("row offsets (SD_OFFSETS)", size_of_val(&SD_OFFSETS)),
        (
            "values, straight above trips (SD_LOOKUP_STRAIGHT_FIRST)",
            size_of_val(&SD_LOOKUP_STRAIGHT_FIRST_PADDED),
        ),
        (
            "values, trips above a straight (SD_LOOKUP_TRIPS_FIRST)",
            size_of_val(&SD_LOOKUP_TRIPS_FIRST_PADDED),
        ),
        (
            "standard value by place, both rankings (SD_STANDARD_*)",
            size_of_val(&SD_STANDARD_STRAIGHT_FIRST) + size_of_val(&SD_STANDARD_TRIPS_FIRST),
        ),
    ]
}
