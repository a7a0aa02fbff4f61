//! What one seat (or a spectator) may know of a hand: a type of its own,
//! built by the engine, in which every card the reader may not see is absent
//! (`None`), never a placeholder. Who may see what is decided here and in
//! `event::may_see`, nowhere else.
use super::betting::LegalActions;
use super::event::CardList;
use super::event::{may_see, Event};
use super::hand::{Action, Hand, Street};
use super::rules::Rules;
use crate::card::Card;
use std::sync::Arc;

/// The state a [`SeatView`] copies from its [`Hand`] as it is, listed once.
/// Each is a field of the view, a method of [`HandState`] (for the hand,
/// its own method of that name; for the view, the field) and a getter of
/// the Python binding's `Hand` and `SeatView`. `with_view_fields!(m!(args))`
/// expands to `m!(args [name: Type, ...])`.
#[macro_export]
macro_rules! with_view_fields {
    ($m:ident ! ($($args:tt)*)) => {
        $m!($($args)* [
            button: usize,
            actor: Option<usize>,
            street: $crate::game::Street,
            starting_stacks: Vec<u64>,
            stacks: Vec<u64>,
            bets: Vec<u64>,
            contributions: Vec<u64>,
            folded: Vec<bool>,
            all_in: Vec<bool>,
            pots: Vec<$crate::game::Pot>,
            pot: u64,
            is_over: bool,
            is_drawing: bool
        ]);
    };
}

/// The view, the read-only trait and its two implementations, from the one
/// list of [`with_view_fields!`].
macro_rules! define_view {
    ([$($f:ident: $t:ty),*]) => {
        /// A snapshot of a hand as one seat sees it (`seat: None`: the public
        /// view a spectator or a broadcast gets). Safe to send to that reader.
        #[derive(Clone, Debug, PartialEq, Eq, Hash)]
        pub struct SeatView {
            /// The seat this view is for; `None` for the public view.
            pub seat: Option<usize>,
            pub rules: Arc<Rules>,
            $(pub $f: $t,)*
            /// The board dealt so far.
            pub board: Vec<Card>,
            /// Each seat's hole cards where this reader may see them (stud:
            /// the cards dealt so far, up cards included).
            pub hole_cards: Vec<Option<CardList>>,
            /// Stud: each seat's up cards, which everyone sees (empty lists
            /// in the other games).
            pub up_cards: Vec<CardList>,
            /// The hand's events, with the cards this reader may not see left out.
            pub events: Vec<Event>,
            /// The legal actions when this view's seat is to act.
            pub legal: Option<LegalActions>,
        }

        impl Hand {
            /// What `seat` may know (`None`: the public view): public
            /// information, that seat's own hole cards, other hole cards only
            /// once shown at showdown; never the undealt board, the burns or
            /// the rest of the deck.
            pub fn view(&self, seat: Option<usize>) -> SeatView {
                let n = self.num_players();
                let seat = seat.filter(|&s| s < n);
                SeatView {
                    seat,
                    rules: self.rules_arc(),
                    $($f: Hand::$f(self),)*
                    board: self.board().to_vec(),
                    hole_cards: (0..n)
                        .map(|s| may_see(self, seat, s).then(|| self.hole(s)))
                        .collect(),
                    up_cards: self.all_up_cards(),
                    events: self.events_for(seat, false),
                    legal: self.legal_actions().filter(|la| Some(la.seat) == seat),
                }
            }
        }

        /// The read-only state a [`Hand`] and a [`SeatView`] share, under the
        /// same names, so that code reading one can read the other.
        pub trait HandState {
            fn rules(&self) -> &Arc<Rules>;
            fn num_players(&self) -> usize;
            $(fn $f(&self) -> $t;)*
            fn board(&self) -> Vec<Card>;
            fn history(&self) -> Vec<Action>;
            fn events(&self) -> Vec<Event>;
            /// Cards shown at showdown by `seat` (`None` before a showdown, or
            /// for a seat that folded).
            fn shown_cards(&self, seat: usize) -> Option<CardList>;

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
            $(fn $f(&self) -> $t {
                Hand::$f(self)
            })*
            fn board(&self) -> Vec<Card> {
                Hand::board(self).to_vec()
            }
            fn history(&self) -> Vec<Action> {
                Hand::history(self)
            }
            fn events(&self) -> Vec<Event> {
                Hand::events(self)
            }
            fn shown_cards(&self, seat: usize) -> Option<CardList> {
                self.shows_at_showdown(seat).then(|| self.hole(seat))
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
            $(fn $f(&self) -> $t {
                Clone::clone(&self.$f)
            })*
            fn board(&self) -> Vec<Card> {
                self.board.clone()
            }
            fn history(&self) -> Vec<Action> {
                self.events.iter().filter_map(Event::to_action).collect()
            }
            fn events(&self) -> Vec<Event> {
                self.events.clone()
            }
            fn shown_cards(&self, seat: usize) -> Option<CardList> {
                let shown = self.street == Street::Showdown && !*self.folded.get(seat)?;
                self.hole_cards
                    .get(seat)
                    .copied()
                    .flatten()
                    .filter(|_| shown)
            }
        }
    };
}

with_view_fields!(define_view!());

impl SeatView {
    /// This view's own hole cards (`None` for the public view).
    pub fn own_cards(&self) -> Option<CardList> {
        self.hole_cards.get(self.seat?).copied().flatten()
    }
}
