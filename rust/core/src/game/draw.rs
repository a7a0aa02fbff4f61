//! The draw games in a hand (2-7 triple draw, 2-7 single draw, badugi):
//! the deal, the draws and the showdown values. The rules, with the WSOP
//! rules each follows, are in docs/game.md ("Draw games").
//!
//! * The deal: each player's 5 cards (badugi: 4), one at a time from the
//!   dealer's left, as the community-card games deal hole cards.
//! * A draw (tournament rules, section IX): every player still in, all-in
//!   or not, in turn from the dealer's left, discards any number of cards
//!   (none: standing pat); once all have, one card is burned (also when
//!   everyone stood pat) and each player who discarded gets as many cards,
//!   in the same order, as one block.
//! * The stub running out (tournament rules, section IX, and live-action
//!   lowball rules): cards come off the stub until it holds one card while
//!   more are needed (the last card is dealt only when it completes the
//!   round); that card is then shuffled with the muck (folded hands), the
//!   discards of earlier draws and the burns into a new stub. The discards
//!   of the draw in progress are not: a player never gets back a card
//!   discarded in this draw, unless every other card is in a live hand
//!   (then those discards are shuffled in too, the only way to go on).
use super::event::CardList;
use super::variant::{Game, GameKind};
use crate::card::{Card, CardSet};
use crate::deck::DeckRng;
use crate::error::{Error, Result};
use crate::eval::badugi::badugi_value_indices;
use crate::eval::lowball::{d27_value_indices, lowball, Lowball};
use rand::seq::SliceRandom;
use rand::{RngCore, SeedableRng};

/// Most players of a draw game: every player's hand and a burn come off the
/// deck (2-7: 10 players of 5 cards; badugi: 12 of 4).
pub const DRAW_MAX_PLAYERS: usize = 12;

/// One player's draw: the cards discarded and those drawn for them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Drawn {
    pub seat: u8,
    /// The draw (1 to 3).
    pub round: u8,
    pub discarded: CardList,
    /// The cards drawn (empty until the draw's cards are dealt).
    pub drawn: CardList,
    /// Cards given for this draw (a replayed history): drawn first.
    pub given: CardList,
}

/// The cards of a draw game's hand: the hands dealt, drawn and to come.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct DrawDeal {
    /// Each seat's hand as dealt.
    pub initial: [CardList; DRAW_MAX_PLAYERS],
    /// Each seat's hand now: the cards it kept, in their order, then the
    /// cards drawn.
    pub hands: [CardList; DRAW_MAX_PLAYERS],
    /// The stub, drawn from `next` on (after a reshuffle, the new stub).
    pub stub: [Card; 52],
    pub stub_len: u8,
    pub next: u8,
    /// The burn of each draw (`None` when no card was left to burn).
    pub burns: [Option<Card>; 3],
    /// Every draw so far, in order.
    pub draws: Vec<Drawn>,
    /// The draw in progress (1 to 3; 0 before the first).
    pub round: u8,
    /// Seats still to discard in this draw (bit i is seat i).
    pub pending: u32,
    /// The reshuffles' seed, and reshuffles so far.
    pub seed: u64,
    pub reshuffles: u8,
}

impl DrawDeal {
    /// No deal yet.
    pub(crate) fn empty() -> DrawDeal {
        DrawDeal {
            initial: [CardList::default(); DRAW_MAX_PLAYERS],
            hands: [CardList::default(); DRAW_MAX_PLAYERS],
            stub: [Card::FIRST; 52],
            stub_len: 0,
            next: 0,
            burns: [None; 3],
            draws: Vec::new(),
            round: 0,
            pending: 0,
            seed: 0,
            reshuffles: 0,
        }
    }

    /// A deal for `n` seats of `game` into this one (a simulation's next
    /// hand keeps the records' allocation): `given` hands per seat, the
    /// rest dealt from a shuffle with `rng`, one card at a time from the
    /// dealer's left (`button + 1`). On an error the deal is left as it was.
    pub(crate) fn refill(
        &mut self,
        game: Game,
        n: usize,
        button: usize,
        given: &[Option<CardList>],
        board: &[Card],
        rng: &mut DeckRng,
    ) -> Result<()> {
        debug_assert!(game.is_draw());
        if !given.is_empty() && given.len() != n {
            return Err(Error::cards(
                "hole_cards",
                format!("hole_cards has {} entries for {n} seats", given.len()),
            ));
        }
        if !board.is_empty() {
            return Err(Error::cards(
                "board",
                format!("{} has no board: give no board cards", game.name()),
            ));
        }
        let mut used = CardSet::default();
        for (seat, h) in given.iter().enumerate() {
            if let Some(h) = h {
                game.check_hole(seat, h)?;
                for &c in h.iter() {
                    if !used.insert(c) {
                        return Err(Error::duplicate(c));
                    }
                }
            }
        }
        let mut len = 0;
        self.stub = [Card::FIRST; 52];
        for c in super::deal::FULL_DECK
            .iter()
            .filter(|c| !used.contains(**c))
        {
            self.stub[len] = *c;
            len += 1;
        }
        self.stub[..len].shuffle(rng);
        self.seed = rng.next_u64();
        self.stub_len = len as u8;
        self.next = 0;
        self.burns = [None; 3];
        self.draws.clear();
        // (every draw's record, allocated once)
        self.draws.reserve(game.draws() * n);
        self.round = 0;
        self.pending = 0;
        self.reshuffles = 0;
        self.initial = [CardList::default(); DRAW_MAX_PLAYERS];
        // One card at a time from the dealer's left, given hands as given.
        let k = game.hole_cards();
        for i in 0..k {
            for j in 1..=n {
                let seat = (button + j) % n;
                let c = match given.get(seat).copied().flatten() {
                    Some(h) => h[i],
                    None => self.stub[self.take_index()],
                };
                self.initial[seat].push(c);
            }
        }
        self.hands = self.initial;
        Ok(())
    }

    /// The stub's next card's index (the caller checked there is one).
    fn take_index(&mut self) -> usize {
        self.next += 1;
        self.next as usize - 1
    }

    /// Cards left in the stub.
    fn left(&self) -> usize {
        (self.stub_len - self.next) as usize
    }

    /// Starts draw `round` for the seats of `in_hand`.
    pub(crate) fn start_draw(&mut self, round: u8, in_hand: u32) {
        self.round = round;
        self.pending = in_hand;
    }

    /// `seat` discards `cards` (checked by the caller: its own, distinct).
    pub(crate) fn discard(&mut self, seat: usize, cards: &[Card], given: &[Card]) {
        let set = cards.iter().fold(0u64, |m, c| m | c.bit());
        let mut kept = [Card::FIRST; 5];
        let mut k = 0;
        for &c in self.hands[seat].iter() {
            if set & c.bit() == 0 && k < 5 {
                kept[k] = c;
                k += 1;
            }
        }
        self.hands[seat] = CardList::new(&kept[..k]);
        self.pending &= !(1u32 << seat);
        self.draws.push(Drawn {
            seat: seat as u8,
            round: self.round,
            discarded: CardList::new(cards),
            drawn: CardList::default(),
            given: CardList::new(given),
        });
    }

    /// The discards of the draw in progress.
    fn round_discards(&self) -> CardSet {
        self.round_cards(|d| &d.discarded)
    }

    /// The cards of `part` of each draw of the draw in progress.
    fn round_cards(&self, part: impl Fn(&Drawn) -> &CardList) -> CardSet {
        let mut set = CardSet::default();
        for d in self.draws.iter().filter(|d| d.round == self.round) {
            for &c in part(d).iter() {
                set.insert(c);
            }
        }
        set
    }

    /// The cards in the hands of the seats of `live`.
    fn live_cards(&self, live: u32) -> CardSet {
        let mut set = CardSet::default();
        for seat in crate::card::bits(live as u64) {
            for &c in self.hands[seat as usize].iter() {
                set.insert(c);
            }
        }
        set
    }

    /// A new stub: the stub's last cards shuffled with every card that is
    /// in no live hand and not in the stub (the muck, earlier discards, the
    /// burns), and, with `current`, the discards of the draw in progress.
    fn reshuffle(&mut self, live: u32, current: bool) {
        let mut keep = self.live_cards(live);
        if !current {
            keep.0 |= self.round_discards().0;
        }
        let mut cards = [Card::FIRST; 52];
        let mut k = 0;
        for &c in &self.stub[self.next as usize..self.stub_len as usize] {
            keep.insert(c);
            cards[k] = c;
            k += 1;
        }
        // (the cards kept nowhere, in deck order: the set bits of the rest)
        for i in crate::card::bits(!keep.0 & ((1u64 << 52) - 1)) {
            if let (Some(slot), Some(&c)) =
                (cards.get_mut(k), super::deal::FULL_DECK.get(i as usize))
            {
                *slot = c;
                k += 1;
            }
        }
        // (a stream of its own, from the seed the deal drew: the same
        // hand reshuffles the same way)
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(
            self.seed ^ u64::from(self.reshuffles).wrapping_mul(0x9E37_79B9_7F4A_7C15),
        );
        cards[..k].shuffle(&mut rng);
        self.reshuffles = self.reshuffles.wrapping_add(1);
        self.stub = cards;
        self.stub_len = k as u8;
        self.next = 0;
    }

    /// The next card of a draw, `need` cards (this one included) still to
    /// come: from the stub while it holds more than one card or enough,
    /// else after a reshuffle; `None` when no card is left anywhere.
    fn take(&mut self, need: usize, live: u32) -> Option<Card> {
        if self.left() >= need.max(1) || self.left() > 1 {
            return Some(self.stub[self.take_index()]);
        }
        self.reshuffle(live, false);
        if self.left() < need {
            self.reshuffle(live, true);
        }
        (self.left() > 0).then(|| self.stub[self.take_index()])
    }

    /// Takes `card` for a draw, wherever it is unseen: the stub, or the
    /// cards a reshuffle would take (a replayed history's draws).
    fn take_given(&mut self, card: Card) {
        let (from, to) = (self.next as usize, self.stub_len as usize);
        if let Some(i) = self.stub[from..to].iter().position(|&c| c == card) {
            self.stub.swap(from, from + i);
            self.next += 1;
        }
    }

    /// Whether `card` may be given to `actor`'s draw in the draw in
    /// progress, as far as can be told before every player has discarded:
    /// not kept by the actor (`discarding` is what it throws) nor by a
    /// player who has discarded, and not given to this draw already. A
    /// card still held by a player yet to discard, or thrown in this draw,
    /// may be given where the draw turns out short (the dealer then takes
    /// this draw's discards back): [`DrawDeal::given_problem`] decides once
    /// the last player has discarded.
    pub(crate) fn may_give(
        &self,
        card: Card,
        live: u32,
        actor: usize,
        discarding: CardSet,
    ) -> bool {
        let yet = self.pending & !(1u32 << actor);
        self.live_cards(live & !yet).0 & !discarding.0 & card.bit() == 0
            && !self.round_given().contains(card)
    }

    /// The cards given to the draw in progress so far.
    fn round_given(&self) -> CardSet {
        self.round_cards(|d| &d.given)
    }

    /// The last player of the draw in progress discards `discarding`, and
    /// is given `given`: a card given to this draw that cannot be, and why.
    /// Every given card must be out of the live hands; one thrown in this
    /// draw only where the draw needs more cards (one a card thrown) than
    /// there are outside the live hands and this draw's discards (the burn
    /// among them: it goes back in with the earlier discards), the only
    /// case the dealer takes them back, or where it is one of `stand_ins`
    /// (a replay's card for one its history does not name).
    pub(crate) fn given_problem(
        &self,
        live: u32,
        discarding: CardSet,
        given: &[Card],
        stand_ins: CardSet,
    ) -> Option<(Card, &'static str)> {
        let held = self.live_cards(live).0 & !discarding.0;
        let thrown = self.round_discards().0 | discarding.0;
        // (the burn goes back in with the earlier discards when the stub
        // runs out: the draw is short only of the cards it deals)
        let need = thrown.count_ones() as usize;
        let short = need > 52 - (held | thrown).count_ones() as usize;
        let round = self.round;
        self.draws
            .iter()
            .filter(|d| d.round == round)
            .flat_map(|d| d.given.iter().copied())
            .chain(given.iter().copied())
            .find_map(|c| {
                if held & c.bit() != 0 {
                    Some((c, "a player still holds it"))
                } else if !short && thrown & c.bit() != 0 && !stand_ins.contains(c) {
                    Some((
                        c,
                        "it was thrown in this draw, and the draw was not short of cards",
                    ))
                } else {
                    None
                }
            })
    }

    /// Every discard of the draw in progress is in: a burn, then each
    /// drawer's cards as one block, in the order they discarded.
    pub(crate) fn deal_draws(&mut self, live: u32) {
        let round = self.round;
        let first = self.draws.iter().position(|d| d.round == round);
        let Some(first) = first else { return };
        let mut need: usize = 1 + self.draws[first..]
            .iter()
            .map(|d| d.discarded.len() - d.given.len().min(d.discarded.len()))
            .sum::<usize>();
        // The given cards first: out of the stub and into their hands, so
        // that neither the burn nor a reshuffle can take one of them.
        for i in first..self.draws.len() {
            let d = self.draws[i];
            for &c in d.given.iter().take(d.discarded.len()) {
                self.take_given(c);
                self.hands[d.seat as usize].push(c);
            }
        }
        // (the burn asks for the draw's cards only: it goes back in with
        // the earlier discards if the stub runs out, so this draw's
        // discards are taken back only where the draw is short of the
        // cards it deals, as `given_problem` says)
        need -= 1;
        let burn = self.take(need, live);
        if let Some(slot) = self.burns.get_mut(round as usize - 1) {
            *slot = burn;
        }
        for i in first..self.draws.len() {
            let d = self.draws[i];
            let seat = d.seat as usize;
            let mut drawn = [Card::FIRST; 5];
            let k = d.discarded.len();
            let g = d.given.len().min(k);
            drawn[..g].copy_from_slice(&d.given[..g]);
            for slot in drawn.iter_mut().take(k).skip(g) {
                let card = self.take(need, live);
                need = need.saturating_sub(1);
                // (a card is always there: the deck holds more cards than
                // the live hands can)
                *slot = card.unwrap_or(Card::FIRST);
                self.hands[seat].push(*slot);
            }
            self.draws[i].drawn = CardList::new(&drawn[..k]);
        }
    }
}

/// The showdown value of a draw hand (greater is better, 1 and up).
pub(crate) fn showdown_value(game: Game, hand: &[Card]) -> u16 {
    match game.kind() {
        GameKind::Badugi if hand.len() == 4 => badugi_value_indices(&[
            hand[0].index(),
            hand[1].index(),
            hand[2].index(),
            hand[3].index(),
        ]),
        _ if hand.len() == 5 => {
            let idx = [
                hand[0].index(),
                hand[1].index(),
                hand[2].index(),
                hand[3].index(),
                hand[4].index(),
            ];
            d27_value_indices(&idx)
        }
        _ => lowball(hand, Lowball::DeuceToSeven).map_or(0, |v| v.value()),
    }
}
