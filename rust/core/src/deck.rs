//! A deck shuffled by a ChaCha20 generator: seeded from the operating system's
//! entropy when no seed is given (unpredictable), from the seed otherwise
//! (reproducible for a given release of this crate).
use crate::card::{Card, CardSet};
use crate::error::{Error, Result};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;

/// The generator used for every shuffle.
pub type DeckRng = ChaCha20Rng;

/// A ChaCha20 generator from a seed, or from OS entropy when `seed` is `None`.
pub fn make_rng(seed: Option<u64>) -> DeckRng {
    match seed {
        Some(s) => ChaCha20Rng::seed_from_u64(s),
        None => ChaCha20Rng::from_os_rng(),
    }
}

/// A seed drawn from the operating system's entropy (for a Monte Carlo run
/// without a seed, reported back so that the run can be repeated).
pub fn entropy_seed() -> u64 {
    use rand::RngCore;
    ChaCha20Rng::from_os_rng().next_u64()
}

/// A shuffled deck; cards come off the top in order.
#[derive(Clone, Debug)]
pub struct Deck {
    /// Remaining cards; the top of the deck is the end of the vector.
    cards: Vec<Card>,
}

impl Deck {
    /// All 52 cards in a uniformly random order (Fisher-Yates).
    pub fn shuffled(rng: &mut DeckRng) -> Deck {
        Deck::shuffled_without(rng, CardSet::default())
    }

    /// The cards not in `exclude`, uniformly shuffled.
    pub fn shuffled_without(rng: &mut DeckRng, exclude: CardSet) -> Deck {
        let mut cards: Vec<Card> = (0..52u8)
            .rev()
            .filter_map(|i| Card::new(i).ok())
            .filter(|c| !exclude.contains(*c))
            .collect();
        cards.shuffle(rng);
        Deck { cards }
    }

    /// A deck in the given order, first card on top.
    pub fn from_order(order: &[Card]) -> Result<Deck> {
        crate::card::check_distinct(order)?;
        Ok(Deck {
            cards: order.iter().rev().copied().collect(),
        })
    }

    pub fn len(&self) -> usize {
        self.cards.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// Deals `n` cards off the top.
    pub fn deal(&mut self, n: usize) -> Result<Vec<Card>> {
        if n > self.cards.len() {
            return Err(Error::no_cards_left(n, self.cards.len()));
        }
        let at = self.cards.len() - n;
        let mut dealt = self.cards.split_off(at);
        dealt.reverse();
        Ok(dealt)
    }

    /// Deals one card off the top.
    pub fn deal_one(&mut self) -> Option<Card> {
        self.cards.pop()
    }

    /// The cards left, top first.
    pub fn remaining(&self) -> Vec<Card> {
        self.cards.iter().rev().copied().collect()
    }
}
