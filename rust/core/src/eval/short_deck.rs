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
//! A hand's value is the best of its five-card subsets, each ranked by its
//! standard value's place in the short-deck order (a table of the 7,462
//! standard values built once per ranking: the standard high card and
//! flush A-9-8-7-6 are the A-6-7-8-9 straight and straight flush).
use super::{eval5_indices, Category, HandValue, NUM_VALUES};
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

/// The short-deck categories, weakest first, under `ranking`.
fn category_order(ranking: ShortDeckRanking) -> [Category; 9] {
    use Category::*;
    match ranking {
        ShortDeckRanking::StraightBeatsTrips => [
            HighCard,
            OnePair,
            TwoPair,
            ThreeOfAKind,
            Straight,
            FullHouse,
            Flush,
            FourOfAKind,
            StraightFlush,
        ],
        ShortDeckRanking::TripsBeatStraight => [
            HighCard,
            OnePair,
            TwoPair,
            Straight,
            ThreeOfAKind,
            FullHouse,
            Flush,
            FourOfAKind,
            StraightFlush,
        ],
    }
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

/// Standard value -> place in the short-deck order (0 for the values the
/// short deck cannot make: any rank below six), one table per ranking.
fn order_table(ranking: ShortDeckRanking) -> &'static [u16] {
    static TABLES: [OnceLock<Vec<u16>>; 2] = [OnceLock::new(), OnceLock::new()];
    TABLES[ranking as usize].get_or_init(|| {
        let cats = category_order(ranking);
        let mut keyed: Vec<((usize, Vec<u8>), u16)> = (1..=NUM_VALUES)
            .map(HandValue)
            .filter(|v| {
                let (cat, t) = (v.category(), v.tiebreak_ranks());
                // a straight's tiebreak is its top card alone: below ten-high
                // (6-7-8-9-T) it holds a card below six
                let low_straight =
                    matches!(cat, Category::Straight | Category::StraightFlush) && t[0] < 8;
                !low_straight && t.iter().all(|&r| r >= SHORT_DECK_LOWEST_RANK)
            })
            .map(|v| {
                let (cat, t) = short_deck_class(v);
                let place = cats.iter().position(|&c| c == cat).unwrap_or(0);
                ((place, t), v.0)
            })
            .collect();
        keyed.sort();
        let mut table = vec![0u16; NUM_VALUES as usize + 1];
        for (i, (_, v)) in keyed.iter().enumerate() {
            table[*v as usize] = i as u16 + 1;
        }
        table
    })
}

impl ShortDeckValue {
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
    super::for_each_five(cards, |five| {
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

/// The value of the best short-deck hand of 5, 6 or 7 cards.
///
/// Most hands are valued by the standard evaluator at once: its best five
/// are also the short-deck best unless the orders disagree on the hand,
/// which needs the ranks A-6-7-8-9 (a straight here) or, when trips beat a
/// straight, a straight and trips. Those hands take the best of their
/// five-card subsets. (A flush and a full house, which the orders also rank
/// differently, never meet in seven cards: five of a suit leave two other
/// cards, which a set takes, and no pair is left.)
pub fn short_deck(cards: &[Card], ranking: ShortDeckRanking) -> Result<ShortDeckValue> {
    // The checks and the ranks present in one pass over the cards (this is
    // every call's cost beside the standard evaluation).
    let mut seen = 0u64;
    let mut ranks = 0u16;
    for &c in cards {
        if c.rank() < SHORT_DECK_LOWEST_RANK || seen & c.bit() != 0 || cards.len() > 7 {
            check_short_deck(cards)?;
        }
        seen |= c.bit();
        ranks |= 1 << c.rank();
    }
    if cards.len() < 5 {
        check_short_deck(cards)?;
    }
    let standard = super::evaluate_unchecked(cards);
    const A6789: u16 = 1 << ACE | 1 << 4 | 1 << 5 | 1 << 6 | 1 << NINE;
    if ranking == ShortDeckRanking::TripsBeatStraight
        && standard.category() == Category::Straight
        && {
            let mut counts = [0u8; 13];
            for c in cards {
                counts[c.rank() as usize] += 1;
            }
            counts.iter().any(|&n| n >= 3)
        }
    {
        // trips and a straight: the orders disagree on which is better
        return Ok(short_deck_five(cards, ranking)?.0);
    }
    let table = order_table(ranking);
    let mut best = ShortDeckValue {
        order: table[standard.0 as usize],
        standard: standard.0,
    };
    if ranks & A6789 == A6789 {
        // A-6-7-8-9 is a straight here (the standard order calls it ace
        // high), and a straight flush when the five are of one suit: the
        // best of the hand is the better of that and the standard best.
        let (straight, flush) = a6789_values();
        let suited = (0..4u8).any(|suit| {
            [ACE, 4, 5, 6, NINE]
                .iter()
                .all(|&r| seen >> (4 * r + suit) & 1 == 1)
        });
        let standard = if suited { flush } else { straight };
        let candidate = ShortDeckValue {
            order: table[standard as usize],
            standard,
        };
        best = best.max(candidate);
    }
    Ok(best)
}

/// The standard values of A-9-8-7-6 of mixed suits (ace high) and of one
/// suit (an ace-high flush): the five cards short-deck calls its lowest
/// straight and straight flush.
fn a6789_values() -> (u16, u16) {
    static VALUES: OnceLock<(u16, u16)> = OnceLock::new();
    *VALUES.get_or_init(|| {
        let mixed = [4 * ACE, 4 * 4 + 1, 4 * 5, 4 * 6, 4 * NINE];
        let suited = [4 * ACE, 4 * 4, 4 * 5, 4 * 6, 4 * NINE];
        (eval5_indices(&mixed), eval5_indices(&suited))
    })
}
