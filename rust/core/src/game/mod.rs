//! The betting state machine for one hand of a community-card game
//! (hold'em, Omaha, Omaha hi/lo, short-deck, royal), a stud game
//! (seven-card stud, stud hi/lo, razz) or a draw game (2-7 triple draw,
//! 2-7 single draw, badugi): see [`variant`].
//!
//! * [`rules`]: betting structures and forced bets.
//! * [`variant`]: the game: deck, hole cards, showdown.
//! * [`hand`]: the state of one hand and how it moves on.
//! * [`betting`]: what the player to act may do; where a raise is validated.
//! * [`pots`]: side pots and the showdown payout.
//! * [`deal`]: every card of a community-card deal, decided up front.
//! * `stud`: a stud game's deal street by street, bring-in and openers.
//! * `draw`: a draw game's deal, discards, draws and reshuffles.
//! * [`play`]: moves by name, and the loop that plays a hand out.
//! * [`event`]: the story of a hand, event by event.
//! * [`view`]: what one seat, or a spectator, may know.
//! * [`codec`]: a compact byte encoding of a hand and a view, for pickling.
pub mod betting;
pub mod codec;
pub mod deal;
pub(crate) mod draw;
pub mod event;
pub mod hand;
pub mod play;
pub mod pots;
pub mod rules;
pub(crate) mod stud;
pub mod variant;
pub mod view;

pub use betting::{LegalActions, Move};
pub use draw::DRAW_MAX_PLAYERS;
pub use event::{CardList, Event, EventCards, EventKind};
pub use hand::{
    Action, ActionKind, GivenCards, Hand, Seating, Street, HOLE_CARDS, MAX_RUNS, MAX_SEATS,
    MIN_SEATS,
};
pub use play::{play_out, Dealer, Turn};
pub use pots::{Pot, SeatSet};
pub use rules::{BlindOptions, Rules, StraddleMinRaise, Structure, StudOptions};
pub use variant::{Game, GameKind, MAX_HOLE_CARDS, STUD_CARDS, STUD_MAX_PLAYERS};
pub use view::{HandState, SeatView};

use crate::card::Card;

/// Read-only accessors.
impl Hand {
    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    pub fn rules_arc(&self) -> std::sync::Arc<Rules> {
        std::sync::Arc::clone(&self.rules)
    }
    pub fn button(&self) -> usize {
        self.button
    }
    pub fn actor(&self) -> Option<usize> {
        self.actor
    }
    /// Whether the player to act draws (a draw game's draw is in progress).
    pub fn is_drawing(&self) -> bool {
        self.draw.as_ref().is_some_and(|d| d.pending != 0)
    }
    /// The draws so far of a draw game: (seat, draw number from 1, cards
    /// discarded, cards drawn), in order (none in the other games; the cards
    /// drawn are empty until the draw's cards are dealt).
    pub fn draws(&self) -> Vec<(usize, usize, CardList, CardList)> {
        self.draw.as_ref().map_or_else(Vec::new, |d| {
            d.draws
                .iter()
                .map(|x| (x.seat as usize, x.round as usize, x.discarded, x.drawn))
                .collect()
        })
    }
    pub fn street(&self) -> Street {
        self.street
    }
    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }
    pub fn stacks(&self) -> Vec<u64> {
        self.seats.iter().map(|s| s.stack).collect()
    }
    pub fn stack(&self, seat: usize) -> Option<u64> {
        self.seats.get(seat).map(|s| s.stack)
    }
    pub fn bet(&self, seat: usize) -> Option<u64> {
        self.seats.get(seat).map(|s| s.bet)
    }
    pub fn is_folded(&self, seat: usize) -> bool {
        self.seats.get(seat).is_some_and(|s| s.folded)
    }
    pub fn starting_stack(&self, seat: usize) -> Option<u64> {
        self.seats.get(seat).map(|s| s.starting)
    }
    pub fn starting_stacks(&self) -> Vec<u64> {
        self.seats.iter().map(|s| s.starting).collect()
    }
    pub fn bets(&self) -> Vec<u64> {
        self.seats.iter().map(|s| s.bet).collect()
    }
    /// Chips each seat put in this hand (antes, a big-blind ante, blinds, bets),
    /// less uncalled chips returned.
    pub fn contributions(&self) -> Vec<u64> {
        let bb = self.big_blind_seat();
        self.seats
            .iter()
            .enumerate()
            .map(|(i, s)| s.total + if i == bb { self.dead } else { 0 })
            .collect()
    }
    pub fn folded(&self) -> Vec<bool> {
        self.seats.iter().map(|s| s.folded).collect()
    }
    pub fn all_in(&self) -> Vec<bool> {
        self.seats.iter().map(|s| s.all_in).collect()
    }
    /// The board cards dealt so far (in a stud game, the community card of
    /// seventh street when the deck ran short, else none; none in a draw
    /// game).
    pub fn board(&self) -> &[Card] {
        if let Some(deal) = &self.stud {
            return deal.community.as_slice();
        }
        if self.draw.is_some() {
            return &[];
        }
        &self.board[..self.street.board_len().min(5)]
    }
    /// A seat's up cards (stud games; empty in the others).
    pub fn up_cards(&self, seat: usize) -> CardList {
        match &self.stud {
            Some(deal) if seat < self.seats.len() => deal.up_cards(seat),
            _ => CardList::default(),
        }
    }
    /// Every seat's up cards (stud games; empty lists in the others).
    pub fn all_up_cards(&self) -> Vec<CardList> {
        (0..self.seats.len()).map(|s| self.up_cards(s)).collect()
    }
    /// A seat's hole cards (as many as the game deals; in a stud game, the
    /// cards dealt to it so far, up cards included, in the order dealt; in
    /// a draw game, its hand now: the cards it kept, then those drawn).
    pub fn hole_cards(&self, seat: usize) -> Option<CardList> {
        (seat < self.seats.len()).then(|| self.hole(seat))
    }
    /// A seat's cards as first dealt: its hole cards (a stud seat's third
    /// street, down cards and up card; a draw seat's hand before any draw).
    /// Unlike [`Hand::hole_cards`] these do not change as the hand goes on.
    pub fn dealt_cards(&self, seat: usize) -> Option<CardList> {
        if seat >= self.seats.len() {
            return None;
        }
        if let Some(deal) = &self.stud {
            let c = deal.cards[seat];
            return Some(CardList::new(&c[..c.len().min(3)]));
        }
        if let Some(deal) = &self.draw {
            return Some(deal.initial[seat]);
        }
        Some(self.hole(seat))
    }
    /// The game this hand plays.
    pub fn game(&self) -> Game {
        self.rules.game
    }
    /// Every chip in the middle; after the hand, what was paid out.
    pub fn pot(&self) -> u64 {
        self.pot_total()
    }
    /// The pots: as paid once the hand is over, else as they stand.
    pub fn pots(&self) -> Vec<Pot> {
        if let Some(r) = &self.result {
            return r.clone();
        }
        let totals: Vec<u64> = (0..self.seats.len())
            .map(|s| self.pot_contribution(s))
            .collect();
        pots::build_pots(&totals, &self.folded(), &self.all_in(), self.dead_money())
    }
    /// Final stack minus starting stack, once the hand is over.
    pub fn payoffs(&self) -> Option<Vec<i64>> {
        self.result.as_ref()?;
        Some(
            self.seats
                .iter()
                .map(|s| s.stack as i64 - s.starting as i64)
                .collect(),
        )
    }
    /// Burn cards dealt so far (none when every card was given).
    pub fn burns(&self) -> Vec<Card> {
        if let Some(deal) = &self.draw {
            return deal.burns.iter().flatten().copied().collect();
        }
        if let Some(deal) = &self.stud {
            return if deal.shuffled {
                deal.burns.to_vec()
            } else {
                Vec::new()
            };
        }
        let n = match self.street {
            Street::Preflop => 0,
            Street::Flop => 1,
            Street::Turn => 2,
            Street::River | Street::Showdown => 3,
            _ => 0,
        };
        self.burns.map(|b| b[..n].to_vec()).unwrap_or_default()
    }
}
