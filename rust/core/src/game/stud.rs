//! The stud games in a hand (seven-card stud, stud eight-or-better, razz):
//! the deal street by street, the bring-in, who opens each street, and the
//! showdown values. The rules, with the WSOP rules each follows, are in
//! docs/game.md ("Stud games").
//!
//! * Third street: two down cards and one up card to each player, one card
//!   at a time from the dealer's left. Fourth to sixth: one up card each;
//!   seventh: one down card each. A card is burned before fourth, fifth,
//!   sixth and seventh street (live-action rule 238 counts "the three burn
//!   cards" before seventh street), none before third.
//! * Before seventh street (rule 238): with fewer cards in the stub than the
//!   players left plus two, the three burns are scrambled back in if that is
//!   enough; if not, one community card is burned and turned for everyone
//!   (after scrambling the burns back in when the stub holds two cards or
//!   fewer).
//! * The bring-in (rule 225 and the razz and stud/8 rules): the lowest up
//!   card by rank and suit, aces high, in stud and stud/8; the highest up
//!   card, aces low, in razz; suits rank clubs, diamonds, hearts, spades.
//! * Later streets (rules 225, 245, 250): the best up cards open (stud,
//!   stud/8), the lowest in razz; ties: see [`opener`].
use super::event::CardList;
use super::variant::{Game, GameKind, STUD_CARDS, STUD_MAX_PLAYERS};
use crate::card::{Card, CardSet};
use crate::deck::DeckRng;
use crate::error::{Error, Result};
use crate::eval::low::low8;
use crate::eval::lowball::{lowball, Lowball};
use rand::seq::SliceRandom;

/// Where a stud card sits: dealt down (0, 1 and the seventh card) or up.
#[inline]
pub(crate) fn is_up(index: usize) -> bool {
    (2..6).contains(&index)
}

/// The cards of a stud deal: dealt so far, given, and the stub to come.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct StudDeal {
    /// Each seat's cards in the order dealt (down, down, up, up, up, up, down).
    pub cards: [CardList; STUD_MAX_PLAYERS],
    /// Cards given for each seat: its first ones, in dealing order.
    pub given: [CardList; STUD_MAX_PLAYERS],
    /// The unseen cards nobody was given, shuffled; drawn from `next` on.
    pub stub: [Card; 52],
    pub stub_len: u8,
    pub next: u8,
    /// Burns scrambled back into the stub (drawn once the stub is empty).
    pub returned: CardList,
    /// The burns, in order (burned again after a scramble: at most five).
    pub burns: CardList,
    /// The community card of seventh street, when the deck ran short.
    pub community: Option<Card>,
    /// A community card given for seventh street.
    pub given_community: Option<Card>,
    /// Whether the stub was shuffled (else every card was given, and the
    /// burns were never known).
    pub shuffled: bool,
}

impl StudDeal {
    /// A deal for `n` seats: `given` cards per seat (first ones, in order)
    /// and an optional community card; the rest shuffled with `rng`.
    pub(crate) fn new(
        game: Game,
        n: usize,
        given: &[Option<CardList>],
        board: &[Card],
        rng: Option<&mut DeckRng>,
    ) -> Result<StudDeal> {
        debug_assert!(game.is_stud());
        if !given.is_empty() && given.len() != n {
            return Err(Error::cards(
                "hole_cards",
                format!("hole_cards has {} entries for {n} seats", given.len()),
            ));
        }
        if board.len() > 1 {
            return Err(Error::cards(
                "board",
                format!(
                    "a stud hand has no board: at most one community card (seventh street's, when the deck runs short), not {}",
                    board.len()
                ),
            ));
        }
        let mut used = CardSet::default();
        let mut g = [CardList::default(); STUD_MAX_PLAYERS];
        for (seat, h) in given.iter().enumerate() {
            if let Some(h) = h {
                game.check_hole(seat, h)?;
                g[seat] = *h;
            }
        }
        for c in g.iter().flat_map(|h| h.iter()).chain(board) {
            if !used.insert(*c) {
                return Err(Error::duplicate(*c));
            }
        }
        let mut stub = [Card::FIRST; 52];
        let mut len = 0;
        for c in super::deal::FULL_DECK
            .iter()
            .filter(|c| !used.contains(**c))
        {
            stub[len] = *c;
            len += 1;
        }
        let shuffled = rng.is_some();
        if let Some(rng) = rng {
            stub[..len].shuffle(rng);
        }
        Ok(StudDeal {
            cards: [CardList::default(); STUD_MAX_PLAYERS],
            given: g,
            stub,
            stub_len: len as u8,
            next: 0,
            returned: CardList::default(),
            burns: CardList::default(),
            community: None,
            given_community: board.first().copied(),
            shuffled,
        })
    }

    /// Cards left to draw (the stub and any burns scrambled back).
    fn pool(&self) -> usize {
        (self.stub_len - self.next) as usize + self.returned.len()
    }

    fn draw(&mut self) -> Card {
        if self.next < self.stub_len {
            self.next += 1;
            return self.stub[self.next as usize - 1];
        }
        // (every caller counted the pool first)
        let k = self.returned.len();
        let c = self
            .returned
            .get(k.wrapping_sub(1))
            .copied()
            .unwrap_or(Card::FIRST);
        self.returned = CardList::new(&self.returned[..k.saturating_sub(1)]);
        c
    }

    fn burn(&mut self) {
        if self.pool() > 0 {
            let c = self.draw();
            let mut b = [Card::FIRST; CardList::CAPACITY];
            let k = self.burns.len().min(CardList::CAPACITY - 1);
            b[..k].copy_from_slice(&self.burns[..k]);
            b[k] = c;
            self.burns = CardList::new(&b[..=k]);
        }
    }

    /// The burns go back into the stub (rule 238's scramble: unseen cards
    /// drawn in any order are as random as a shuffle of them).
    fn scramble_burns(&mut self) {
        let mut back = [Card::FIRST; CardList::CAPACITY];
        let k = self.returned.len();
        back[..k].copy_from_slice(&self.returned);
        let m = self.burns.len().min(CardList::CAPACITY - k);
        back[k..k + m].copy_from_slice(&self.burns[..m]);
        self.returned = CardList::new(&back[..k + m]);
        self.burns = CardList::default();
    }

    fn give(&mut self, seat: usize) {
        let k = self.cards[seat].len();
        if k >= STUD_CARDS {
            return;
        }
        let c = if k < self.given[seat].len() {
            self.given[seat][k]
        } else {
            self.draw()
        };
        let mut cards = [Card::FIRST; STUD_CARDS];
        cards[..k].copy_from_slice(&self.cards[seat]);
        cards[k] = c;
        self.cards[seat] = CardList::new(&cards[..=k]);
    }

    /// Third street: two down cards and an up card to every seat of `order`
    /// (the dealing order), one card at a time.
    pub(crate) fn deal_third(&mut self, order: impl Iterator<Item = usize> + Clone) {
        for _ in 0..3 {
            for seat in order.clone() {
                self.give(seat);
            }
        }
    }

    /// Fourth to seventh street to the seats of `order` still in: a burn,
    /// then a card each (or on seventh street, perhaps a community card).
    pub(crate) fn deal_next(&mut self, order: impl Iterator<Item = usize> + Clone) {
        let left = order.clone().count();
        let seventh = order
            .clone()
            .next()
            .is_some_and(|s| self.cards[s].len() == 6);
        if seventh && self.seventh_is_community(order.clone(), left) {
            self.burn();
            self.community = Some(match self.given_community {
                Some(c) => c,
                None => self.draw(),
            });
            return;
        }
        self.burn();
        for seat in order {
            self.give(seat);
        }
    }

    /// Rule 238 before seventh street, for the `left` seats of `order`:
    /// whether one community card is dealt instead of a card each (and
    /// the burns scrambled back where the rule says so).
    fn seventh_is_community(&mut self, order: impl Iterator<Item = usize>, left: usize) -> bool {
        if self.given_community.is_some() {
            return true;
        }
        let given_sevenths = order.filter(|&s| self.given[s].len() == STUD_CARDS).count();
        // The cards physically in the stub: the pool and the seventh cards
        // given to players still in (they come off the same stub).
        let stub = self.pool() + given_sevenths;
        let need = left + 2;
        if stub >= need {
            return false;
        }
        if stub + self.burns.len() >= need {
            self.scramble_burns();
            return false;
        }
        if given_sevenths > 0 && self.pool() + self.burns.len() > left - given_sevenths {
            // Cards given for seventh street are dealt as given.
            self.scramble_burns();
            return false;
        }
        if stub <= 2 {
            self.scramble_burns();
        }
        true
    }

    /// A seat's up cards (the community card not included).
    pub(crate) fn up_cards(&self, seat: usize) -> CardList {
        let c = &self.cards[seat];
        let up: Vec<Card> = (2..c.len().min(6)).map(|i| c[i]).collect();
        CardList::new(&up)
    }

    /// The cards a seat plays at showdown: its own and the community card.
    pub(crate) fn hand_of(&self, seat: usize) -> CardList {
        let mut all = [Card::FIRST; STUD_CARDS];
        let own = &self.cards[seat];
        all[..own.len()].copy_from_slice(own);
        let mut k = own.len();
        if let Some(c) = self.community {
            if k < STUD_CARDS {
                all[k] = c;
                k += 1;
            }
        }
        CardList::new(&all[..k])
    }
}

/// A card's ace-to-five rank (ace 0 .. king 12).
#[inline]
fn a5_rank(c: Card) -> u8 {
    (c.rank() + 1) % 13
}

/// The seat that brings in on third street among `seats` (their up card is
/// card 2): the lowest up card by rank and suit, aces high (stud, stud/8),
/// or the highest, aces low (razz); suits rank c, d, h, s.
pub(crate) fn bring_in_seat(
    game: Game,
    deal: &StudDeal,
    seats: impl Iterator<Item = usize>,
) -> Option<usize> {
    let up = |s: usize| deal.cards[s].get(2).copied();
    if game.kind() == GameKind::Razz {
        seats
            .filter_map(|s| up(s).map(|c| (s, (a5_rank(c), c.suit()))))
            .max_by_key(|&(_, k)| k)
            .map(|(s, _)| s)
    } else {
        seats
            .filter_map(|s| up(s).map(|c| (s, c.index())))
            .min_by_key(|&(_, k)| k)
            .map(|(s, _)| s)
    }
}

/// Up cards grouped for comparison: the rank counts, most first, then
/// the ranks (by `rank`) of each group, higher first within a count.
fn showing_key(cards: &[Card], rank: impl Fn(Card) -> u8) -> ([u8; 4], [u8; 4]) {
    let mut counts = [0u8; 13];
    for &c in cards {
        counts[rank(c) as usize] += 1;
    }
    let mut groups: Vec<(u8, u8)> = (0..13u8)
        .filter(|&r| counts[r as usize] > 0)
        .map(|r| (counts[r as usize], r))
        .collect();
    groups.sort_unstable_by(|a, b| b.cmp(a));
    let mut shape = [0u8; 4];
    let mut ranks = [0u8; 4];
    for (i, &(n, r)) in groups.iter().take(4).enumerate() {
        shape[i] = n;
        ranks[i] = r;
    }
    (shape, ranks)
}

/// The seat that opens fourth to seventh street among `seats` (those still
/// in, listed from the dealer's left): the best up cards in stud and
/// stud/8 (a pair above no pair, trips above two pairs; straights and
/// flushes do not count on four cards), the lowest in razz (aces low, any
/// pair worse than none). Ties: in stud, the highest card by suit among
/// the tied up cards (WSOP tournament rules, seven-card stud); in stud/8
/// and razz, the first tied seat from the dealer's left (live-action rules
/// 245 and 250).
pub(crate) fn opener(game: Game, deal: &StudDeal, seats: &[usize]) -> Option<usize> {
    // (the seat, its up cards' shape and ranks, its highest card by suit)
    type Showing = (usize, ([u8; 4], [u8; 4]), u8);
    let mut best: Option<Showing> = None;
    for &s in seats {
        let up = deal.up_cards(s);
        let (key, top) = if game.kind() == GameKind::Razz {
            let (shape, ranks) = showing_key(&up, a5_rank);
            // Lower is better: invert so that greater wins below.
            let mut inv = ([0u8; 4], [0u8; 4]);
            for i in 0..4 {
                inv.0[i] = 15 - shape[i];
                inv.1[i] = 15 - ranks[i];
            }
            (inv, 0)
        } else {
            let top = up.iter().map(|c| c.index()).max().unwrap_or(0);
            (showing_key(&up, |c| c.rank()), top)
        };
        let better = match &best {
            None => true,
            Some((_, k, t)) => key > *k || (key == *k && game.kind() == GameKind::Stud && top > *t),
        };
        if better {
            best = Some((s, key, top));
        }
    }
    best.map(|b| b.0)
}

/// Showdown values of a stud hand of 5 to 7 cards (a seat's own and the
/// community card), greater better: the hand that wins the pot (razz: the
/// ace-to-five low), and stud/8's eight-or-better low (0 when none
/// qualifies, and in the other games).
pub(crate) fn showdown_values(game: Game, cards: &[Card]) -> (u16, u16) {
    if cards.len() < 5 {
        return (0, 0);
    }
    match game.kind() {
        GameKind::Razz => (
            lowball(cards, Lowball::AceToFive).map_or(0, |v| v.value()),
            0,
        ),
        GameKind::StudHiLo => (
            crate::eval::evaluate_unchecked(cards).value(),
            low8(cards).ok().flatten().map_or(0, |v| v.value()),
        ),
        _ => (crate::eval::evaluate_unchecked(cards).value(), 0),
    }
}

/// Who gets an odd chip first among tied stud hands (WSOP tournament rule
/// 73, live-action rule 149): the highest card by suit among the five cards
/// each plays, for the high half (razz: its low, aces low) and for stud/8's
/// low half. Where several fives make the same hand (a kicker of two
/// suits), the player shows the one with the highest card. Returns a key
/// per seat for each half, greater first.
pub(crate) fn odd_chip_keys(game: Game, cards: &[Card]) -> (u8, u8) {
    if cards.len() < 5 {
        return (0, 0);
    }
    // A card's key: rank (razz and the low: aces low) then suit.
    let top = |five: &[Card], a5: bool| {
        five.iter()
            .map(|&c| {
                if a5 {
                    a5_rank(c) * 4 + c.suit()
                } else {
                    c.index()
                }
            })
            .max()
            .unwrap_or(0)
    };
    let (high_value, low_value) = showdown_values(game, cards);
    let razz = game.kind() == GameKind::Razz;
    let (mut high, mut low) = (0u8, 0u8);
    let _ = crate::card::for_each_combination(cards, 5, |five| {
        let (h, l) = showdown_values(game, five);
        if h == high_value {
            high = high.max(top(five, razz));
        }
        if l > 0 && l == low_value {
            low = low.max(top(five, true));
        }
        Ok(())
    });
    (high, low)
}
