//! The story of a hand: every post, deal, action, return, show and award,
//! in order.
//!
//! A hand records as it plays only what a decision or a round's close
//! changes: forced bets, actions and uncalled chips returned (one small
//! [`Entry`] each, so the hot path stays as cheap as before). The deal
//! events (hole cards, burns, board cards) follow from the deal plan and the
//! streets reached, and the showdown and award events from the result;
//! [`Hand::events`] puts all of them in order. Starting stacks minus what
//! the events put in, plus what they return and award, are the final stacks.
use super::hand::{Action, ActionKind, Hand, Street};
use super::pots;
use crate::card::Card;

crate::enums::named_enum! {
    /// What happened. The first nine share their numbers with [`ActionKind`]
    /// (its tenth, the stud bring-in, is `BringIn` here, after the older
    /// members); the names are Python's `EventKind`'s.
    #[derive(PartialOrd, Ord)]
    pub enum EventKind {
        PostAnte = "POST_ANTE", PostSmallBlind = "POST_SMALL_BLIND", PostBigBlind = "POST_BIG_BLIND",
        PostStraddle = "POST_STRADDLE", Fold = "FOLD", Check = "CHECK", Call = "CALL", Bet = "BET",
        Raise = "RAISE", DealHole = "DEAL_HOLE", Burn = "BURN", DealBoard = "DEAL_BOARD",
        ReturnUncalled = "RETURN_UNCALLED", Show = "SHOW", Muck = "MUCK", Award = "AWARD",
        BringIn = "BRING_IN", DealUp = "DEAL_UP", Discard = "DISCARD",
    }
}

impl EventKind {
    /// The history entry this event is, for posts and player actions.
    pub fn action(self) -> Option<ActionKind> {
        match self {
            EventKind::BringIn => Some(ActionKind::BringIn),
            EventKind::Discard => Some(ActionKind::Discard),
            k if k <= EventKind::Raise => ActionKind::from_u8(k as u8),
            _ => None,
        }
    }

    pub fn is_post(self) -> bool {
        self <= EventKind::PostStraddle
    }
}

impl From<ActionKind> for EventKind {
    fn from(k: ActionKind) -> EventKind {
        match k {
            ActionKind::BringIn => EventKind::BringIn,
            ActionKind::Discard => EventKind::Discard,
            // The other ActionKinds' numbers are EventKind's first nine.
            k => EventKind::ALL[k as usize],
        }
    }
}

/// Up to seven cards, stored inline: an event's cards (a seat's hole cards,
/// a burn, the flop), and a seat's hole cards in a hand. Dereferences to
/// the slice of its cards.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct CardList {
    len: u8,
    cards: [Card; CardList::CAPACITY],
}

impl CardList {
    /// Most cards a list holds.
    pub const CAPACITY: usize = 7;

    /// The first [`CardList::CAPACITY`] of `cards`.
    #[inline]
    pub fn new(cards: &[Card]) -> CardList {
        let mut c = [Card::FIRST; CardList::CAPACITY];
        let len = cards.len().min(CardList::CAPACITY);
        // (a fixed loop of seven, not a copy of a variable length, which
        // compiles to a call to memcpy: these lists are built in the hot
        // paths of the stud and draw games)
        for (i, slot) in c.iter_mut().enumerate() {
            if i < len {
                *slot = cards[i];
            }
        }
        CardList {
            len: len as u8,
            cards: c,
        }
    }
    pub fn as_slice(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }
    /// The cards, to reorder in place.
    pub fn as_mut_slice(&mut self) -> &mut [Card] {
        &mut self.cards[..self.len as usize]
    }
    /// This list with `card` added at the end (a full list stays as it is).
    #[inline]
    pub fn push(&mut self, card: Card) {
        if let Some(slot) = self.cards.get_mut(self.len as usize) {
            *slot = card;
            self.len += 1;
        }
    }
    /// Two cards (a hold'em hand), built without a copy loop.
    #[inline]
    pub const fn pair(a: Card, b: Card) -> CardList {
        let mut cards = [Card::FIRST; CardList::CAPACITY];
        cards[0] = a;
        cards[1] = b;
        CardList { len: 2, cards }
    }
    /// The first two cards (a hold'em hand's), read without a length check
    /// (the slots past the length hold [`Card::FIRST`]).
    #[inline]
    pub fn first_two(&self) -> (Card, Card) {
        (self.cards[0], self.cards[1])
    }
}

impl std::ops::Deref for CardList {
    type Target = [Card];
    fn deref(&self) -> &[Card] {
        self.as_slice()
    }
}

impl<const N: usize> From<[Card; N]> for CardList {
    fn from(cards: [Card; N]) -> CardList {
        CardList::new(&cards)
    }
}

/// The first [`CardList::CAPACITY`] cards (a longer list is no game's hand:
/// the deal refuses a count other than the game's).
impl From<&[Card]> for CardList {
    fn from(cards: &[Card]) -> CardList {
        CardList::new(cards)
    }
}

impl From<Vec<Card>> for CardList {
    fn from(cards: Vec<Card>) -> CardList {
        CardList::new(&cards)
    }
}

impl IntoIterator for CardList {
    type Item = Card;
    type IntoIter = std::iter::Take<std::array::IntoIter<Card, { CardList::CAPACITY }>>;
    fn into_iter(self) -> Self::IntoIter {
        self.cards.into_iter().take(self.len as usize)
    }
}

impl<'a> IntoIterator for &'a CardList {
    type Item = &'a Card;
    type IntoIter = std::slice::Iter<'a, Card>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl Default for CardList {
    fn default() -> CardList {
        CardList::new(&[])
    }
}

/// The cards an event carries.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum EventCards {
    /// The event deals or shows no card (posts, actions, returns, awards).
    NoCards,
    /// The cards, known to whoever reads this event.
    Known(CardList),
    /// Cards were dealt or mucked here that this reader may not see (another
    /// player's hole cards in a seat's view, a burn), or that the hand never
    /// knew (the burns of a hand whose every card was given); the count.
    Hidden(u8),
}

impl EventCards {
    /// The cards when known.
    pub fn known(&self) -> Option<&[Card]> {
        match self {
            EventCards::Known(c) => Some(c.as_slice()),
            _ => None,
        }
    }

    /// How many cards: known or hidden.
    pub fn len(&self) -> usize {
        match self {
            EventCards::NoCards => 0,
            EventCards::Known(c) => c.len(),
            EventCards::Hidden(k) => *k as usize,
        }
    }

    /// Whether the event carries no card.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// One thing that happened in a hand.
///
/// `amount`: chips posted for a post, chips added for a call, the street
/// total for a bet or raise (as [`Action`] has them), the chips returned for
/// `ReturnUncalled`, the chips received for `Award`; 0 otherwise.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Event {
    pub kind: EventKind,
    /// The seat it concerns (`None` for burns and board cards).
    pub seat: Option<usize>,
    pub street: Street,
    pub amount: u64,
    /// Posts and actions: whether this put the player all-in.
    pub all_in: bool,
    pub cards: EventCards,
    /// `Award`: the index of the pot in [`Hand::pots`] (0 is the main pot).
    pub pot: Option<usize>,
}

impl Event {
    fn of(kind: EventKind, seat: Option<usize>, street: Street) -> Event {
        Event {
            kind,
            seat,
            street,
            amount: 0,
            all_in: false,
            cards: EventCards::NoCards,
            pot: None,
        }
    }

    /// The history entry of a post or player action.
    pub fn to_action(&self) -> Option<Action> {
        Some(Action {
            seat: self.seat? as u8,
            kind: self.kind.action()?,
            street: self.street,
            amount: self.amount,
            all_in: self.all_in,
        })
    }
}

impl From<Action> for Event {
    fn from(a: Action) -> Event {
        Event {
            amount: a.amount,
            all_in: a.all_in,
            ..Event::of(a.kind.into(), Some(a.seat as usize), a.street)
        }
    }
}

/// What a hand stores as it plays: a post, an action or a return.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Entry {
    pub seat: u8,
    pub kind: EventKind,
    pub street: Street,
    pub amount: u64,
    pub all_in: bool,
}

impl Entry {
    fn event(&self) -> Event {
        Event {
            amount: self.amount,
            all_in: self.all_in,
            ..Event::of(self.kind, Some(self.seat as usize), self.street)
        }
    }
}

/// Who may see a seat's hole cards: the seat itself, and everybody once they
/// are shown at showdown (every player still in; rule choice 12).
pub(crate) fn may_see(hand: &Hand, viewer: Option<usize>, owner: usize) -> bool {
    viewer == Some(owner) || hand.shows_at_showdown(owner)
}

impl Hand {
    /// True when `seat` shows its cards at this hand's showdown.
    pub(crate) fn shows_at_showdown(&self, seat: usize) -> bool {
        self.street == Street::Showdown && self.seats.get(seat).is_some_and(|s| !s.folded)
    }

    /// The history: posts and player actions, in order.
    pub fn history(&self) -> Vec<Action> {
        self.log
            .iter()
            .filter_map(|e| e.event().to_action())
            .collect()
    }

    /// Every event of the hand so far, in order, every card included.
    pub fn events(&self) -> Vec<Event> {
        self.events_for(None, true)
    }

    /// The events as `viewer` may know them (`None`: a spectator) when
    /// `all` is false; with `all`, every card.
    pub(crate) fn events_for(&self, viewer: Option<usize>, all: bool) -> Vec<Event> {
        if self.stud.is_some() {
            return self.stud_events(viewer, all);
        }
        if self.draw.is_some() {
            return self.draw_events(viewer, all);
        }
        let n = self.seats.len();
        let mut out = Vec::with_capacity(self.log.len() + n + 12);
        let mut holes_dealt = false;
        let mut dealt = Street::Preflop;
        for e in &self.log {
            if !holes_dealt && !e.kind.is_post() {
                self.deal_hole_events(viewer, all, &mut out);
                holes_dealt = true;
            }
            while dealt < e.street {
                dealt = self.deal_street_events(dealt, all, &mut out);
            }
            out.push(e.event());
        }
        if !holes_dealt {
            self.deal_hole_events(viewer, all, &mut out);
        }
        // Streets dealt after the last entry (a board run out with everyone
        // all-in, or the river dealt to players who have not acted yet).
        let last = self.street.min(Street::River);
        while dealt < last {
            dealt = self.deal_street_events(dealt, all, &mut out);
        }
        // A board run more than once: each other run's streets, in turn,
        // after the first run's (no burns)
        if self.runs.count > 1 && self.street == Street::Showdown {
            let shared = self.runs.shared as usize;
            for board in &self.runs.boards[..self.runs.count as usize - 1] {
                for (street, from) in [(Street::Flop, 0), (Street::Turn, 3), (Street::River, 4)] {
                    let to = street.board_len();
                    if to <= shared {
                        continue;
                    }
                    out.push(Event {
                        cards: EventCards::Known(CardList::new(&board[from.max(shared)..to])),
                        ..Event::of(EventKind::DealBoard, None, street)
                    });
                }
            }
        }
        if self.result.is_some() {
            self.showdown_events(viewer, all, &mut out);
        }
        out
    }

    fn hole_event(&self, seat: usize, kind: EventKind, street: Street, visible: bool) -> Event {
        let cards = if visible {
            EventCards::Known(self.hole(seat))
        } else {
            EventCards::Hidden(self.rules.game.hole_cards() as u8)
        };
        Event {
            cards,
            ..Event::of(kind, Some(seat), street)
        }
    }

    /// Hole cards, one event per seat, in dealing order (left of the button first).
    fn deal_hole_events(&self, viewer: Option<usize>, all: bool, out: &mut Vec<Event>) {
        let n = self.seats.len();
        for i in 1..=n {
            let seat = (self.button + i) % n;
            out.push(self.hole_event(
                seat,
                EventKind::DealHole,
                Street::Preflop,
                all || viewer == Some(seat),
            ));
        }
    }

    /// The burn and board cards of the street after `dealt`; returns that street.
    fn deal_street_events(&self, dealt: Street, all: bool, out: &mut Vec<Event>) -> Street {
        let next = Street::from_u8(dealt as u8 + 1).unwrap_or(Street::River);
        let burn = match self.burns {
            Some(b) if all => {
                EventCards::Known(CardList::new(&b[dealt as usize..dealt as usize + 1]))
            }
            _ => EventCards::Hidden(1),
        };
        out.push(Event {
            cards: burn,
            ..Event::of(EventKind::Burn, None, next)
        });
        let board = self
            .board
            .get(dealt.board_len()..next.board_len())
            .unwrap_or_default();
        out.push(Event {
            cards: EventCards::Known(CardList::new(board)),
            ..Event::of(EventKind::DealBoard, None, next)
        });
        next
    }

    /// The order players show at showdown (WSOP tournament rule 72): the
    /// last player to bet or raise on the final betting round first, or, if
    /// nobody bet on it, the first player still in left of the button; then
    /// clockwise.
    pub fn showdown_order(&self) -> Vec<usize> {
        let n = self.seats.len();
        let last_round = self
            .log
            .iter()
            .rev()
            .find(|e| !e.kind.is_post() && e.kind.action().is_some())
            .map(|e| e.street);
        let aggressor = self
            .log
            .iter()
            .rev()
            .take_while(|e| Some(e.street) == last_round)
            .find(|e| matches!(e.kind, EventKind::Bet | EventKind::Raise))
            .map(|e| e.seat as usize);
        let first = match (aggressor, &self.stud) {
            (Some(a), _) => a,
            // Stud: the best (razz: lowest) up cards show first.
            (None, Some(deal)) => {
                let in_hand = self
                    .seats
                    .iter()
                    .enumerate()
                    .filter(|(_, s)| !s.folded)
                    .fold(0u32, |m, (i, _)| m | 1 << (i & 31));
                super::stud::opener(self.rules.game, deal, in_hand, self.button, n)
                    .unwrap_or((self.button + 1) % n)
            }
            (None, None) => (self.button + 1) % n,
        };
        (0..n)
            .map(|i| (first + i) % n)
            .filter(|&s| !self.seats[s].folded)
            .collect()
    }

    fn showdown_events(&self, viewer: Option<usize>, all: bool, out: &mut Vec<Event>) {
        let Some(pots) = &self.result else { return };
        if self.street == Street::Showdown {
            for seat in self.showdown_order() {
                out.push(self.hole_event(seat, EventKind::Show, self.street, true));
            }
        } else if let Some(winner) = self.seats.iter().position(|s| !s.folded) {
            // Won uncontested: the winner's cards go back unseen (WSOP
            // live-action rule 139: only a hand that wins a contest is shown).
            out.push(self.hole_event(
                winner,
                EventKind::Muck,
                self.street,
                all || viewer == Some(winner),
            ));
        }
        let street = self.street;
        let odd = self.odd_chips();
        for (i, pot) in pots.iter().enumerate() {
            pots::split_with(pot, odd, self.seats.len(), |seat, amount| {
                out.push(Event {
                    amount,
                    pot: Some(i),
                    ..Event::of(EventKind::Award, Some(seat), street)
                });
            });
        }
    }
}

/// A stud hand's events: the deal street by street (down cards as
/// `DealHole`, up cards as `DealUp`, a burn before fourth to seventh
/// street, seventh street's community card as `DealBoard`), woven with the
/// posts and actions.
impl Hand {
    fn stud_events(&self, viewer: Option<usize>, all: bool) -> Vec<Event> {
        let Some(deal) = self.stud.as_deref() else {
            return Vec::new();
        };
        let n = self.seats.len();
        let mut out = Vec::with_capacity(self.log.len() + 8 * n + 8);
        // Streets dealt: third street's three cards, then one a street.
        let most = (0..n).map(|s| deal.cards[s].len()).max().unwrap_or(0)
            + usize::from(deal.community.is_some());
        let last = Street::from_u8(Street::Third as u8 + most.saturating_sub(3) as u8)
            .filter(|s| s.is_stud())
            .unwrap_or(Street::Third);
        let mut dealt: Option<Street> = None;
        let upto = |to: Street, out: &mut Vec<Event>, dealt: &mut Option<Street>| {
            while dealt.is_none_or(|d| d < to) {
                let next = dealt.map_or(Street::Third, |d| {
                    Street::from_u8(d as u8 + 1).unwrap_or(Street::Seventh)
                });
                self.stud_street_events(deal, next, viewer, all, out);
                *dealt = Some(next);
            }
        };
        for e in &self.log {
            if !e.kind.is_post() {
                upto(e.street.min(last), &mut out, &mut dealt);
            }
            out.push(e.event());
        }
        upto(last, &mut out, &mut dealt);
        if self.result.is_some() {
            self.showdown_events(viewer, all, &mut out);
        }
        out
    }

    /// The deal of one stud street.
    fn stud_street_events(
        &self,
        deal: &super::stud::StudDeal,
        street: Street,
        viewer: Option<usize>,
        all: bool,
        out: &mut Vec<Event>,
    ) {
        let n = self.seats.len();
        let order = (1..=n).map(|i| (self.button + i) % n);
        let round = street.round();
        let seen = |seat: usize| all || viewer == Some(seat) || self.shows_at_showdown(seat);
        let card_event = |kind: EventKind, seat: usize, cards: &[Card], visible: bool| Event {
            cards: if visible {
                EventCards::Known(CardList::new(cards))
            } else {
                EventCards::Hidden(cards.len() as u8)
            },
            ..Event::of(kind, Some(seat), street)
        };
        if round == 0 {
            for seat in order.clone() {
                let c = &deal.cards[seat];
                if c.len() >= 3 {
                    out.push(card_event(EventKind::DealHole, seat, &c[..2], seen(seat)));
                }
            }
            for seat in order {
                if let Some(&up) = deal.cards[seat].get(2) {
                    out.push(card_event(EventKind::DealUp, seat, &[up], true));
                }
            }
            return;
        }
        let burn = match deal.burned.get(round - 1) {
            Some(&Some(b)) if all && deal.shuffled => EventCards::Known(CardList::new(&[b])),
            _ => EventCards::Hidden(1),
        };
        out.push(Event {
            cards: burn,
            ..Event::of(EventKind::Burn, None, street)
        });
        let index = 2 + round;
        if street == Street::Seventh {
            if let Some(c) = deal.community {
                out.push(Event {
                    cards: EventCards::Known(CardList::new(&[c])),
                    ..Event::of(EventKind::DealBoard, None, street)
                });
                return;
            }
        }
        for seat in order {
            if let Some(&c) = deal.cards[seat].get(index) {
                let up = super::stud::is_up(index);
                let kind = if up {
                    EventKind::DealUp
                } else {
                    EventKind::DealHole
                };
                out.push(card_event(kind, seat, &[c], up || seen(seat)));
            }
        }
    }
}

/// A draw hand's events: each seat's cards as dealt (`DealHole`), the
/// posts and actions, and in each draw every player's discard (`Discard`:
/// the cards where the reader may see them, else their count; none for
/// standing pat), then, once all have discarded, the burn and each
/// drawer's cards (`DealHole`), woven in order.
impl Hand {
    fn draw_events(&self, viewer: Option<usize>, all: bool) -> Vec<Event> {
        let Some(deal) = self.draw.as_deref() else {
            return Vec::new();
        };
        let n = self.seats.len();
        let mut out = Vec::with_capacity(self.log.len() + 3 * n + 4);
        let seen = |seat: usize| all || viewer == Some(seat);
        let cards_for = |seat: usize, cards: &[Card]| {
            if seen(seat) {
                EventCards::Known(CardList::new(cards))
            } else {
                EventCards::Hidden(cards.len() as u8)
            }
        };
        let deal_events = |out: &mut Vec<Event>| {
            for i in 1..=n {
                let seat = (self.button + i) % n;
                out.push(Event {
                    cards: cards_for(seat, &deal.initial[seat]),
                    ..Event::of(EventKind::DealHole, Some(seat), Street::Predraw)
                });
            }
        };
        let mut holes_dealt = false;
        let mut next_draw = 0;
        for e in &self.log {
            if !holes_dealt && !e.kind.is_post() {
                deal_events(&mut out);
                holes_dealt = true;
            }
            if e.kind != EventKind::Discard {
                out.push(e.event());
                continue;
            }
            let Some(d) = deal.draws.get(next_draw) else {
                continue;
            };
            next_draw += 1;
            out.push(Event {
                cards: cards_for(d.seat as usize, &d.discarded),
                ..e.event()
            });
            let last_of_draw = deal.draws.get(next_draw).is_none_or(|x| x.round != d.round);
            let dealt = d.round < deal.round || deal.pending == 0;
            if !(last_of_draw && dealt) {
                continue;
            }
            if let Some(burn) = deal.burns.get(d.round as usize - 1).copied().flatten() {
                out.push(Event {
                    cards: if all {
                        EventCards::Known(CardList::new(&[burn]))
                    } else {
                        EventCards::Hidden(1)
                    },
                    ..Event::of(EventKind::Burn, None, e.street)
                });
            }
            for x in deal.draws[..next_draw]
                .iter()
                .filter(|x| x.round == d.round && !x.drawn.is_empty())
            {
                let seat = x.seat as usize;
                out.push(Event {
                    cards: cards_for(seat, &x.drawn),
                    ..Event::of(EventKind::DealHole, Some(seat), e.street)
                });
            }
        }
        if !holes_dealt {
            deal_events(&mut out);
        }
        if self.result.is_some() {
            self.showdown_events(viewer, all, &mut out);
        }
        out
    }
}
