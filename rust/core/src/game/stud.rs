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
use crate::eval::lowball::{a5_value_cards, lowball, Lowball};
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
    /// The burns, in order, not scrambled back into the stub (burned
    /// again after a scramble: at most five).
    pub burns: CardList,
    /// Each street's burn as it was burned (fourth to seventh street),
    /// whatever a scramble did with it since: what the hand's events show.
    pub burned: [Option<Card>; 4],
    /// The community card of seventh street, when the deck ran short.
    pub community: Option<Card>,
    /// A community card given for seventh street.
    pub given_community: Option<Card>,
    /// Whether the stub was shuffled (else every card was given, and the
    /// burns were never known).
    pub shuffled: bool,
    /// Whether the deal is one a real deck deals: no card given beyond
    /// third street and no community card given. Such a deal never runs
    /// dry (rule 238 serves seventh street); given cards can leave the stub
    /// short of a street, which is then refused (see [`Hand`]'s guard).
    ///
    /// [`Hand`]: super::Hand
    pub natural: bool,
    /// Set on a trial copy (the guard's): the street it could not deal.
    pub fault: Option<DealFault>,
    /// Whether this deal belongs to the guard's trial copy (which deals
    /// unguarded; never set on a hand that is handed out).
    pub trial: bool,
}

/// Why a street could not be dealt from given cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum DealFault {
    /// `wanted` cards for the players still in, `left` in the stub (the
    /// burns included).
    Short { wanted: u8, left: u8 },
    /// A community card was given for seventh street, but the stub holds a
    /// card for each of the `left` players still in.
    Community { left: u8 },
}

impl StudDeal {
    /// No deal yet.
    pub(crate) fn empty() -> StudDeal {
        StudDeal {
            cards: [CardList::default(); STUD_MAX_PLAYERS],
            given: [CardList::default(); STUD_MAX_PLAYERS],
            stub: [Card::FIRST; 52],
            stub_len: 0,
            next: 0,
            returned: CardList::default(),
            burns: CardList::default(),
            burned: [None; 4],
            community: None,
            given_community: None,
            shuffled: false,
            natural: true,
            fault: None,
            trial: false,
        }
    }

    /// Whether given cards make a deal one a real deck does not deal (see
    /// [`StudDeal::natural`]).
    pub(crate) fn is_natural(given: &[CardList], given_community: Option<Card>) -> bool {
        given_community.is_none() && given.iter().all(|g| g.len() <= 3)
    }

    /// A deal for `n` seats into this one (a simulation's next hand):
    /// `given` cards per seat (first ones, in order) and an optional
    /// community card; the rest shuffled with `rng`. On an error the deal is
    /// left as it was.
    pub(crate) fn refill(
        &mut self,
        game: Game,
        n: usize,
        given: &[Option<CardList>],
        board: &[Card],
        rng: Option<&mut DeckRng>,
    ) -> Result<()> {
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
        if !board.is_empty() && n < STUD_MAX_PLAYERS {
            // (with seven players or fewer, the stub before seventh street
            // holds at least seven cards and three burns: always enough)
            return Err(Error::cards(
                "board",
                format!(
                    "a stud hand turns a community card only when {STUD_MAX_PLAYERS} players would run the deck out on seventh street (live-action rule 238), and this table has {n}"
                ),
            ));
        }
        // Third street deals to everyone: its cards not given come off the stub.
        let third: usize = g[..n].iter().map(|h| 3usize.saturating_sub(h.len())).sum();
        if third > 52 - used.len() {
            return Err(Error::cards(
                "hole_cards",
                format!(
                    "the given cards leave {} cards for the {third} that third street deals to the seats given fewer than three",
                    52 - used.len()
                ),
            ));
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
        self.shuffled = rng.is_some();
        if let Some(rng) = rng {
            self.stub[..len].shuffle(rng);
        }
        self.cards = [CardList::default(); STUD_MAX_PLAYERS];
        self.given = g;
        self.stub_len = len as u8;
        self.next = 0;
        self.returned = CardList::default();
        self.burns = CardList::default();
        self.burned = [None; 4];
        self.community = None;
        self.given_community = board.first().copied();
        self.natural = StudDeal::is_natural(&g, self.given_community);
        self.fault = None;
        self.trial = false;
        Ok(())
    }

    /// Whether dealing the rest of the hand to the seats of `in_hand` could
    /// run the stub dry (only given cards can: see [`StudDeal::natural`]).
    /// False means no street can fail: the cards to come off the stub for
    /// every seat still in, and one more (a community card), are there,
    /// counting the burns, which go back in when the stub is short.
    #[inline]
    pub(crate) fn may_run_dry(&self, in_hand: u32) -> bool {
        !self.natural && !self.trial && self.may_run_dry_given(in_hand)
    }

    /// [`StudDeal::may_run_dry`] for a deal with cards given past third street.
    #[cold]
    fn may_run_dry_given(&self, in_hand: u32) -> bool {
        if self.given_community.is_some() {
            return true;
        }
        let need: usize = (0..STUD_MAX_PLAYERS)
            .filter(|s| in_hand & (1 << s) != 0)
            .map(|s| STUD_CARDS.saturating_sub(self.cards[s].len().max(self.given[s].len())))
            .sum();
        // (a folded seat's given cards it was never dealt go back in)
        let spare: usize = (0..STUD_MAX_PLAYERS)
            .filter(|s| in_hand & (1 << s) == 0)
            .map(|s| self.given[s].len().saturating_sub(self.cards[s].len()))
            .sum();
        self.pool() + self.burns.len() + spare < need + 1
    }

    /// The cards given to seats out of the hand (not in `in_hand`) that
    /// they were never dealt go back into the stub, after its unseen cards:
    /// a card not dealt is in the stub, whoever it was given to.
    fn return_folded_given(&mut self, in_hand: u32) {
        for s in 0..STUD_MAX_PLAYERS {
            let dealt = self.cards[s].len();
            if in_hand & (1 << s) != 0 || self.given[s].len() <= dealt {
                continue;
            }
            for &c in &self.given[s][dealt..] {
                // (the stub and the given cards are distinct cards of one
                // deck: there is room)
                if let Some(slot) = self.stub.get_mut(self.stub_len as usize) {
                    *slot = c;
                    self.stub_len += 1;
                }
            }
            self.given[s] = self.cards[s];
        }
        self.natural = StudDeal::is_natural(&self.given, self.given_community);
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

    /// The burn of a street (`round`: 1 for fourth street .. 4 for seventh).
    fn burn(&mut self, round: usize) {
        if self.pool() > 0 {
            let c = self.draw();
            self.burns.push(c);
            if let Some(b) = self.burned.get_mut(round.wrapping_sub(1)) {
                *b = Some(c);
            }
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
            if self.pool() == 0 {
                // (given cards left the stub short before seventh street:
                // the burns go back in, as rule 238 does on seventh)
                self.scramble_burns();
            }
            if self.pool() == 0 {
                // (never: `deal_next` counted the cards first; no card is
                // dealt twice even so)
                return;
            }
            self.draw()
        };
        self.cards[seat].push(c);
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
    /// Given cards that leave the stub short of the street (or a community
    /// card given where the stub holds a card each) set [`StudDeal::fault`]
    /// and deal nothing more.
    pub(crate) fn deal_next(&mut self, order: impl Iterator<Item = usize>) {
        // (the seats listed once: the iterator is a filter over the table)
        let mut seats = [0usize; STUD_MAX_PLAYERS];
        let mut left = 0;
        for s in order.take(STUD_MAX_PLAYERS) {
            seats[left] = s;
            left += 1;
        }
        let seats = &seats[..left];
        if !self.natural {
            let in_hand = seats.iter().fold(0u32, |m, &s| m | 1 << s);
            self.return_folded_given(in_hand);
        }
        // (every seat still in holds one card a street so far)
        let round = seats
            .first()
            .map_or(0, |&s| self.cards[s].len().saturating_sub(2));
        let seventh = round == 4;
        if seventh {
            let given_sevenths = seats
                .iter()
                .filter(|&&s| self.given[s].len() == STUD_CARDS)
                .count();
            if self.seventh_is_community(given_sevenths, left) {
                if given_sevenths > 0 {
                    // Seventh cards were given, but the stub cannot deal
                    // the others theirs: a community card would drop them.
                    self.fault = Some(DealFault::Short {
                        wanted: (left - given_sevenths) as u8,
                        left: (self.pool() + self.burns.len()) as u8,
                    });
                    return;
                }
                self.burn(round);
                let c = match self.given_community {
                    Some(c) => c,
                    None if self.pool() > 0 => self.draw(),
                    None => {
                        self.fault = Some(DealFault::Short { wanted: 1, left: 0 });
                        return;
                    }
                };
                self.community = Some(c);
                return;
            }
            if self.given_community.is_some() {
                self.fault = Some(DealFault::Community { left: left as u8 });
                return;
            }
        }
        let wanted = seats
            .iter()
            .filter(|&&s| {
                let k = self.cards[s].len();
                k < STUD_CARDS && k >= self.given[s].len()
            })
            .count();
        let have = self.pool() + self.burns.len();
        if wanted > have {
            self.fault = Some(DealFault::Short {
                wanted: wanted as u8,
                left: have as u8,
            });
            return;
        }
        self.burn(round);
        for &seat in seats {
            self.give(seat);
        }
    }

    /// Rule 238 before seventh street, for the `left` seats still in,
    /// `given_sevenths` of them given their seventh card: whether one
    /// community card is dealt instead of a card each (and the burns
    /// scrambled back where the rule says so).
    fn seventh_is_community(&mut self, given_sevenths: usize, left: usize) -> bool {
        // The cards physically in the stub: the pool, the seventh cards
        // given to players still in and a given community card (they come
        // off the same stub).
        let stub = self.pool() + given_sevenths + usize::from(self.given_community.is_some());
        let need = left + 2;
        if stub >= need {
            return false;
        }
        if stub + self.burns.len() >= need {
            self.scramble_burns();
            return false;
        }
        if given_sevenths > 0 && self.pool() + self.burns.len() >= left - given_sevenths {
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
        CardList::new(c.get(2..c.len().min(6)).unwrap_or_default())
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
    // ((rank + 1) % 13 without the division: the king's 13 wraps to 0)
    let r = c.rank() + 1;
    if r == 13 {
        0
    } else {
        r
    }
}

/// The seat that brings in on third street among `seats` (their up card is
/// card 2): the lowest up card by rank and suit, aces high (stud, stud/8),
/// or the highest, aces low (razz); suits rank c, d, h, s.
pub(crate) fn bring_in_seat(game: Game, deal: &StudDeal, in_hand: u32) -> Option<usize> {
    // (every card differs, so no two keys tie and the order of the seats
    // does not matter: lowest bit first; the key's low two bits are the
    // seat's distance from the end, only to make it one number)
    let razz = game.kind() == GameKind::Razz;
    let mut best: Option<(usize, u8)> = None;
    let mut left = in_hand & ((1u32 << STUD_MAX_PLAYERS) - 1);
    while left != 0 {
        let s = left.trailing_zeros() as usize;
        left &= left - 1;
        let Some(&c) = deal.cards[s].get(2) else {
            continue;
        };
        // Greater brings in: razz the highest (aces low), else the lowest.
        let key = if razz {
            a5_rank(c) * 4 + c.suit()
        } else {
            63 - c.index()
        };
        if best.is_none_or(|(_, k)| key > k) {
            best = Some((s, key));
        }
    }
    best.map(|b| b.0)
}

/// Up cards as one number that compares as the showings do, greater
/// better: the rank groups' pattern (four of a kind, three, two pairs, a
/// pair, none: a group of more cards above any number of smaller ones),
/// then the ranks of the largest groups first, each group's ranks as a
/// 13-bit set (compared as a number: the highest rank first). In razz
/// (`low`: aces low, ranks `a5_rank`) everything is inverted: no pair above
/// a pair, then the lowest ranks.
#[inline]
fn showing(up: &[Card], low: bool) -> u64 {
    // m[k]: the ranks with more than k cards (at most four up cards)
    let mut m = [0u64; 4];
    for &c in up.iter().take(4) {
        // (razz: the rank's bit moved up one, the king's bit 13 wrapping
        // to the ace's bit 0: aces low, with no branch)
        let b = if low {
            let b = 2u64 << c.rank();
            (b | b >> 13) & 0x1fff
        } else {
            1u64 << c.rank()
        };
        m[3] |= m[2] & b;
        m[2] |= m[1] & b;
        m[1] |= m[0] & b;
        m[0] |= b;
    }
    let (quads, trips, pairs, singles) = (m[3], m[2] & !m[3], m[1] & !m[2], m[0] & !m[1]);
    // The pattern, 4 (four of a kind) to 0 (no pair), with no branch: of
    // four cards, a rank with two or more plus two ranks with two or more
    // (two pairs), plus two for three or more, plus one for four.
    let pattern = u64::from(m[1] != 0)
        + u64::from(m[1].count_ones() >= 2)
        + 2 * u64::from(m[2] != 0)
        + u64::from(m[3] != 0);
    if low {
        let inv = |x: u64| !x & 0x1fff;
        (4 - pattern) << 52 | inv(quads) << 39 | inv(trips) << 26 | inv(pairs) << 13 | inv(singles)
    } else {
        pattern << 52 | quads << 39 | trips << 26 | pairs << 13 | singles
    }
}

/// The seat that opens fourth to seventh street among the seats in
/// `in_hand` (bits), looked for from the dealer's left (`button + 1`) round
/// the `n` seats: the best up cards in stud and stud/8 (a pair above no
/// pair, trips above two pairs; straights and flushes do not count on four
/// cards), the lowest in razz (aces low, any pair worse than none). Ties:
/// in stud, the highest card by suit among the tied up cards (WSOP
/// tournament rules, seven-card stud); in stud/8 and razz, the first tied
/// seat from the dealer's left (live-action rules 245 and 250).
pub(crate) fn opener(
    game: Game,
    deal: &StudDeal,
    in_hand: u32,
    button: usize,
    n: usize,
) -> Option<usize> {
    let razz = game.kind() == GameKind::Razz;
    let by_suit = game.kind() == GameKind::Stud;
    // The showing and the highest card by suit as one number (the showing
    // is below 2^55, a card index below 2^6); the first greatest wins.
    let mut best: Option<(usize, u64)> = None;
    let n = n.min(STUD_MAX_PLAYERS);
    let mut s = button + 1;
    for _ in 0..n {
        if s >= n {
            s -= n;
        }
        if in_hand >> s & 1 != 0 {
            let own = &deal.cards[s];
            let up = own.get(2..own.len().min(6)).unwrap_or_default();
            let mut key = showing(up, razz) << 6;
            if by_suit {
                key |= u64::from(up.iter().fold(0, |t, c| t.max(c.index())));
            }
            if best.is_none_or(|(_, k)| key > k) {
                best = Some((s, key));
            }
        }
        s += 1;
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
        // (distinct cards, as every deal's are: one table read)
        GameKind::Razz if cards.len() <= 7 => (a5_value_cards(cards), 0),
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
/// low half; where two hands share that card (the community card), the
/// next highest, and so on. Where several fives make the same hand (a
/// kicker of two suits), the player shows the one with the highest card.
/// Returns a key per seat for each half, greater first.
pub(crate) fn odd_chip_keys(game: Game, cards: &[Card]) -> (u32, u32) {
    if cards.len() < 5 {
        return (0, 0);
    }
    // A five's key: its cards' keys (rank, razz and the low: aces low, then
    // suit; 0 to 51), highest first, six bits each: the highest card by
    // suit decides, and where two hands share it (seventh street's
    // community card), the next, and so on; a shared card never decides
    // by seat order.
    let key = |five: &[Card], a5: bool| {
        let mut k = [0u32; 5];
        for (slot, &c) in k.iter_mut().zip(five) {
            *slot = u32::from(if a5 {
                a5_rank(c) * 4 + c.suit()
            } else {
                c.index()
            });
        }
        k.sort_unstable_by(|a, b| b.cmp(a));
        k.iter().fold(0u32, |acc, &x| acc << 6 | x)
    };
    let (high_value, low_value) = showdown_values(game, cards);
    let razz = game.kind() == GameKind::Razz;
    let (mut high, mut low) = (0u32, 0u32);
    let _ = crate::card::for_each_combination(cards, 5, |five| {
        let (h, l) = showdown_values(game, five);
        if h == high_value {
            high = high.max(key(five, razz));
        }
        if l > 0 && l == low_value {
            low = low.max(key(five, true));
        }
        Ok(())
    });
    (high, low)
}
