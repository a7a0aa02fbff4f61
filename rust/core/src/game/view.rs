//! What one seat (or a spectator) may know of a hand: a type of its own,
//! built by the engine, in which every card the reader may not see is absent
//! (`None`), never a placeholder. Who may see what is decided here and in
//! `event::may_see`, nowhere else.
use super::betting::LegalActions;
use super::event::{may_see, Event};
use super::hand::{Action, Hand, Street, HOLE_CARDS};
use super::pots::Pot;
use super::rules::Rules;
use crate::card::Card;
use std::sync::Arc;

/// A snapshot of a hand as one seat sees it (`seat: None`: the public view
/// a spectator or a broadcast gets). Safe to send to that reader.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SeatView {
    /// The seat this view is for; `None` for the public view.
    pub seat: Option<usize>,
    pub rules: Arc<Rules>,
    pub button: usize,
    pub actor: Option<usize>,
    pub street: Street,
    pub starting_stacks: Vec<u64>,
    pub stacks: Vec<u64>,
    pub bets: Vec<u64>,
    pub contributions: Vec<u64>,
    pub folded: Vec<bool>,
    pub all_in: Vec<bool>,
    /// The board dealt so far.
    pub board: Vec<Card>,
    /// Each seat's hole cards where this reader may see them.
    pub hole_cards: Vec<Option<[Card; HOLE_CARDS]>>,
    pub pots: Vec<Pot>,
    pub pot: u64,
    pub is_over: bool,
    /// The hand's events, with the cards this reader may not see left out.
    pub events: Vec<Event>,
    /// The legal actions when this view's seat is to act.
    pub legal: Option<LegalActions>,
}

impl Hand {
    /// What `seat` may know (`None`: the public view): public information,
    /// that seat's own hole cards, other hole cards only once shown at
    /// showdown; never the undealt board, the burns or the rest of the deck.
    pub fn view(&self, seat: Option<usize>) -> SeatView {
        let n = self.num_players();
        let seat = seat.filter(|&s| s < n);
        SeatView {
            seat,
            rules: self.rules_arc(),
            button: self.button(),
            actor: self.actor(),
            street: self.street(),
            starting_stacks: self.starting_stacks(),
            stacks: self.stacks(),
            bets: self.bets(),
            contributions: self.contributions(),
            folded: self.folded(),
            all_in: self.all_in(),
            board: self.board().to_vec(),
            hole_cards: (0..n)
                .map(|s| may_see(self, seat, s).then(|| self.seats[s].hole))
                .collect(),
            pots: self.pots(),
            pot: self.pot(),
            is_over: self.is_over(),
            events: self.events_for(seat, false),
            legal: self.legal_actions().filter(|la| Some(la.seat) == seat),
        }
    }
}

/// The read-only state a [`Hand`] and a [`SeatView`] share, under the same
/// names, so that code reading one can read the other.
pub trait HandState {
    fn rules(&self) -> &Arc<Rules>;
    fn num_players(&self) -> usize;
    fn button(&self) -> usize;
    fn actor(&self) -> Option<usize>;
    fn street(&self) -> Street;
    fn starting_stacks(&self) -> Vec<u64>;
    fn stacks(&self) -> Vec<u64>;
    fn bets(&self) -> Vec<u64>;
    fn contributions(&self) -> Vec<u64>;
    fn folded(&self) -> Vec<bool>;
    fn all_in(&self) -> Vec<bool>;
    fn board(&self) -> Vec<Card>;
    fn pots(&self) -> Vec<Pot>;
    fn pot(&self) -> u64;
    fn is_over(&self) -> bool;
    fn history(&self) -> Vec<Action>;
    fn events(&self) -> Vec<Event>;
    /// Cards shown at showdown by `seat` (`None` before a showdown, or for a
    /// seat that folded).
    fn shown_cards(&self, seat: usize) -> Option<[Card; HOLE_CARDS]>;

    /// Final stack minus starting stack, once the hand is over.
    fn payoffs(&self) -> Option<Vec<i64>> {
        self.is_over().then(|| {
            self.stacks()
                .iter()
                .zip(self.starting_stacks())
                .map(|(&s, b)| s as i64 - b as i64)
                .collect()
        })
    }
    /// The stacks once the hand is over.
    fn final_stacks(&self) -> Option<Vec<u64>> {
        self.is_over().then(|| self.stacks())
    }
}

impl HandState for Hand {
    fn rules(&self) -> &Arc<Rules> {
        &self.rules
    }
    fn num_players(&self) -> usize {
        self.seats.len()
    }
    fn button(&self) -> usize {
        self.button
    }
    fn actor(&self) -> Option<usize> {
        self.actor
    }
    fn street(&self) -> Street {
        self.street
    }
    fn starting_stacks(&self) -> Vec<u64> {
        Hand::starting_stacks(self)
    }
    fn stacks(&self) -> Vec<u64> {
        Hand::stacks(self)
    }
    fn bets(&self) -> Vec<u64> {
        Hand::bets(self)
    }
    fn contributions(&self) -> Vec<u64> {
        Hand::contributions(self)
    }
    fn folded(&self) -> Vec<bool> {
        Hand::folded(self)
    }
    fn all_in(&self) -> Vec<bool> {
        Hand::all_in(self)
    }
    fn board(&self) -> Vec<Card> {
        Hand::board(self).to_vec()
    }
    fn pots(&self) -> Vec<Pot> {
        Hand::pots(self)
    }
    fn pot(&self) -> u64 {
        Hand::pot(self)
    }
    fn is_over(&self) -> bool {
        Hand::is_over(self)
    }
    fn history(&self) -> Vec<Action> {
        Hand::history(self)
    }
    fn events(&self) -> Vec<Event> {
        Hand::events(self)
    }
    fn shown_cards(&self, seat: usize) -> Option<[Card; HOLE_CARDS]> {
        self.shows_at_showdown(seat).then(|| self.seats[seat].hole)
    }
    fn payoffs(&self) -> Option<Vec<i64>> {
        Hand::payoffs(self)
    }
}

impl HandState for SeatView {
    fn rules(&self) -> &Arc<Rules> {
        &self.rules
    }
    fn num_players(&self) -> usize {
        self.stacks.len()
    }
    fn button(&self) -> usize {
        self.button
    }
    fn actor(&self) -> Option<usize> {
        self.actor
    }
    fn street(&self) -> Street {
        self.street
    }
    fn starting_stacks(&self) -> Vec<u64> {
        self.starting_stacks.clone()
    }
    fn stacks(&self) -> Vec<u64> {
        self.stacks.clone()
    }
    fn bets(&self) -> Vec<u64> {
        self.bets.clone()
    }
    fn contributions(&self) -> Vec<u64> {
        self.contributions.clone()
    }
    fn folded(&self) -> Vec<bool> {
        self.folded.clone()
    }
    fn all_in(&self) -> Vec<bool> {
        self.all_in.clone()
    }
    fn board(&self) -> Vec<Card> {
        self.board.clone()
    }
    fn pots(&self) -> Vec<Pot> {
        self.pots.clone()
    }
    fn pot(&self) -> u64 {
        self.pot
    }
    fn is_over(&self) -> bool {
        self.is_over
    }
    fn history(&self) -> Vec<Action> {
        self.events.iter().filter_map(Event::to_action).collect()
    }
    fn events(&self) -> Vec<Event> {
        self.events.clone()
    }
    fn shown_cards(&self, seat: usize) -> Option<[Card; HOLE_CARDS]> {
        let shown = self.street == Street::Showdown && !*self.folded.get(seat)?;
        self.hole_cards
            .get(seat)
            .copied()
            .flatten()
            .filter(|_| shown)
    }
}

impl SeatView {
    /// This view's own hole cards (`None` for the public view).
    pub fn own_cards(&self) -> Option<[Card; HOLE_CARDS]> {
        self.hole_cards.get(self.seat?).copied().flatten()
    }
}
