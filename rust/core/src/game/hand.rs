//! One hand of hold'em: forced bets, the deal, betting rounds, showdown.
//! Where a bet or raise is validated: `betting.rs`.
use super::deal::{deal_plan, Lazy, Plan};
use super::draw::{self, DrawDeal};
use super::event::{CardList, Entry, EventKind};
use super::pots::{self, OddChips, Pot};
use super::rules::{Rules, StraddleMinRaise, Structure, MAX_CHIPS};
use super::stud::{self, DealFault, StudDeal};
use super::variant::{BoardShowdown, GameKind};
use crate::card::Card;
use crate::deck::{make_rng, DeckRng};
use crate::error::{Error, IllegalReason, Result};
use crate::eval::HandAcc;
use std::sync::Arc;

/// Hole cards each player holds in hold'em (other games: [`super::Game::hole_cards`]).
pub const HOLE_CARDS: usize = 2;

/// Fewest seats a hand can have.
pub const MIN_SEATS: usize = 2;

/// Most seats a hand can have: 22 players of hold'em use 44 hole cards, 5
/// board cards and 3 burns (other games: [`super::Game::max_players`]).
pub const MAX_SEATS: usize = 22;

crate::enums::named_enum! {
    /// A betting round, or the showdown; named "preflop", "flop", ... The
    /// community-card games bet preflop, on the flop, the turn and the
    /// river; the stud games on third to seventh street; the draw games
    /// before the draw and after each draw (a draw street opens with its
    /// draw). (Numbered after the showdown, the stud and draw streets keep
    /// the older members' numbers.)
    #[derive(PartialOrd, Ord)]
    pub enum Street {
        Preflop = "preflop", Flop = "flop", Turn = "turn", River = "river", Showdown = "showdown",
        Third = "third street", Fourth = "fourth street", Fifth = "fifth street",
        Sixth = "sixth street", Seventh = "seventh street",
        Predraw = "predraw", FirstDraw = "first draw", SecondDraw = "second draw",
        ThirdDraw = "third draw",
    }
}

impl Street {
    /// Board cards visible on this street of a community-card game (0 on
    /// the stud streets: see [`Hand::board`]).
    pub fn board_len(self) -> usize {
        match self {
            Street::Flop => 3,
            Street::Turn => 4,
            Street::River | Street::Showdown => 5,
            _ => 0,
        }
    }

    /// Whether this is the first betting round of a deal (preflop, third
    /// street, predraw): the round of the forced bets.
    #[inline]
    pub fn is_first(self) -> bool {
        matches!(self, Street::Preflop | Street::Third | Street::Predraw)
    }

    /// Whether this is a stud street.
    #[inline]
    pub fn is_stud(self) -> bool {
        (Street::Third..=Street::Seventh).contains(&self)
    }

    /// Whether this is a draw game's street.
    #[inline]
    pub fn is_draw(self) -> bool {
        self >= Street::Predraw
    }

    /// The betting round's number in its deal: 0 for preflop, third
    /// street and predraw, 1 for the flop, fourth street and the first
    /// draw, ... (the showdown: 4).
    #[inline]
    pub fn round(self) -> usize {
        if self.is_draw() {
            self as usize - Street::Predraw as usize
        } else if self.is_stud() {
            self as usize - Street::Third as usize
        } else {
            self as usize
        }
    }

    /// Whether a fixed-limit bet on this street is the big bet (the turn
    /// and river; fifth to seventh street; after the second and third
    /// draws). A single draw doubles after its draw: see
    /// [`super::Game::big_bet_on`].
    #[inline]
    pub fn big_bet(self) -> bool {
        matches!(
            self,
            Street::Turn
                | Street::River
                | Street::Fifth
                | Street::Sixth
                | Street::Seventh
                | Street::SecondDraw
                | Street::ThirdDraw
        )
    }

    /// The betting round after this one; `None` after the last (the river,
    /// seventh street, the third draw; a game with fewer draws stops
    /// earlier: see [`super::Game::next_street`]).
    #[inline]
    pub fn next(self) -> Option<Street> {
        match self {
            Street::River | Street::Showdown | Street::Seventh | Street::ThirdDraw => None,
            s => Street::from_u8(s as u8 + 1),
        }
    }
}

crate::enums::named_enum! {
    /// A forced bet or a player's action: the first nine [`EventKind`]s,
    /// with the same numbers and the names of Python's `ActionKind`.
    pub enum ActionKind {
        PostAnte = "POST_ANTE", PostSmallBlind = "POST_SMALL_BLIND", PostBigBlind = "POST_BIG_BLIND",
        PostStraddle = "POST_STRADDLE", Fold = "FOLD", Check = "CHECK", Call = "CALL", Bet = "BET",
        Raise = "RAISE", BringIn = "BRING_IN", Discard = "DISCARD",
    }
}

/// One entry of a hand's history. `amount`: chips posted for a post, chips
/// added for a call, the street total for a bet or raise, 0 otherwise.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Action {
    pub seat: u8,
    pub kind: ActionKind,
    pub street: Street,
    pub amount: u64,
    pub all_in: bool,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Seat {
    pub starting: u64,
    pub stack: u64,
    /// Chips put in on this street.
    pub bet: u64,
    /// Chips put in this hand (antes, blinds and bets), less uncalled chips returned.
    pub total: u64,
    pub folded: bool,
    pub all_in: bool,
    /// Acted voluntarily this round.
    pub acted: bool,
    /// The highest bet on the table when this seat last acted this round.
    pub acted_high: u64,
    pub hole: PackedHole,
}

const _: () = assert!(std::mem::size_of::<Seat>() == 48);

/// A seat's hole cards in five bytes: up to six card indices of six bits
/// each (the count is the game's). A seat stays 48 bytes, as it was with
/// two hold'em cards: cloning a hand copies no more than before.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct PackedHole([u8; 5]);

impl PackedHole {
    #[inline]
    pub(crate) fn pack(cards: &CardList) -> PackedHole {
        let v = cards
            .iter()
            .enumerate()
            .fold(0u64, |v, (i, c)| v | (c.index() as u64) << (6 * i));
        let b = v.to_le_bytes();
        PackedHole([b[0], b[1], b[2], b[3], b[4]])
    }

    #[inline]
    fn bits(self) -> u64 {
        let b = self.0;
        u64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], 0, 0, 0])
    }

    /// Card `i` (below six).
    #[inline]
    pub(crate) fn card(self, i: usize) -> Card {
        Card::from_checked_index(((self.bits() >> (6 * i)) & 63) as u8)
    }

    /// The first `n` cards (at most six).
    #[inline]
    pub(crate) fn cards(self, n: usize) -> CardList {
        let v = self.bits();
        let mut out = [Card::FIRST; super::variant::MAX_HOLE_CARDS];
        for (i, c) in out.iter_mut().enumerate().take(n) {
            *c = Card::from_checked_index(((v >> (6 * i)) & 63) as u8);
        }
        CardList::new(&out[..n.min(super::variant::MAX_HOLE_CARDS)])
    }
}

/// The state of one hand. Cheap to clone: two vectors and plain data
/// (`clone_from` reuses the target's vectors).
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct Hand {
    pub(crate) rules: Arc<Rules>,
    pub(crate) seats: Vec<Seat>,
    pub(crate) button: usize,
    pub(crate) street: Street,
    /// The five board cards of this deal; `street.board_len()` of them are dealt.
    pub(crate) board: [Card; 5],
    /// The burn cards (absent when every card was given and nothing was shuffled).
    pub(crate) burns: Option<[Card; 3]>,
    pub(crate) actor: Option<usize>,
    /// Highest bet this round.
    pub(crate) high: u64,
    /// Size of the last full bet or raise this round (the minimum raise).
    pub(crate) full_raise: u64,
    /// The highest bet right after the last full bet or raise (fixed-limit
    /// completions are counted from here).
    pub(crate) last_full_high: u64,
    /// Fixed limit: raises so far this round after the first bet.
    pub(crate) raises: u32,
    /// Fixed limit: whether this round has no raise cap.
    pub(crate) uncapped: bool,
    /// Chips in the main pot that belong to nobody's contribution level (a big-blind ante).
    pub(crate) dead: u64,
    /// Posts, actions and returns as they happened (see `event.rs`).
    pub(crate) log: Vec<Entry>,
    /// Pots as paid, once the hand is over.
    pub(crate) result: Option<Vec<Pot>>,
    /// The last hand's pots' allocation, for the next hand dealt into this one.
    pub(crate) spare: pots::Spare,
    /// Who is in, who can bet, who must act: worked out after every change.
    pub(crate) masks: Masks,
    /// Who posts the blinds (see [`Seating`]).
    pub(crate) seating: SeatingBits,
    /// Stud games: the player to act owes the bring-in (or completes).
    pub(crate) bring_in_due: bool,
    /// Stud, fourth street with the open-pair option: a big bet or raise
    /// has been made this round, so every raise is the big bet.
    pub(crate) fourth_big: bool,
    /// Stud games: the cards dealt, given and to come (`None` in the
    /// community-card games, whose deal is `board` and the seats' cards).
    pub(crate) stud: Option<Box<StudDeal>>,
    /// Draw games: the hands, the draws and the stub (`None` in the others).
    pub(crate) draw: Option<Box<DrawDeal>>,
    /// Running the board more than once (see [`Hand::offer_run_it`]).
    pub(crate) runs: Runs,
}

/// Running the rest of the board more than once, when the betting ends with
/// players all-in and board cards to come: the players choose how many
/// times (one to three), each pot is split between the runs (the odd chip
/// to the first), and each run's share goes to the best hand on its board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Runs {
    /// The hand stops for the choice when its betting ends so.
    pub offer: bool,
    /// Stopped for the choice ([`Hand::run_it`]).
    pub awaiting: bool,
    /// The choice is made: the hand does not stop again.
    pub chosen: bool,
    /// How many times the board is run (1 to [`MAX_RUNS`]).
    pub count: u8,
    /// Board cards dealt before the choice, common to every run.
    pub shared: u8,
    /// The second and third runs' whole boards (their first `shared` cards
    /// are the board's).
    pub boards: [[Card; 5]; 2],
}

/// The most times a board can be run.
pub const MAX_RUNS: usize = 3;

impl Default for Runs {
    fn default() -> Runs {
        Runs {
            offer: false,
            awaiting: false,
            chosen: false,
            count: 1,
            shared: 0,
            boards: [[Card::FIRST; 5]; 2],
        }
    }
}

impl Clone for Hand {
    fn clone(&self) -> Hand {
        Hand {
            rules: Arc::clone(&self.rules),
            seats: self.seats.clone(),
            log: self.log.clone(),
            result: self.result.clone(),
            spare: self.spare.clone(),
            stud: self.stud.clone(),
            draw: self.draw.clone(),
            // (the rest is plain data: a field that is not must be named above)
            ..*self
        }
    }

    /// A copy into `self`'s allocations (the seats, the log and the pots
    /// keep their capacity): recording many hands allocates nothing.
    fn clone_from(&mut self, source: &Hand) {
        let mut seats = std::mem::take(&mut self.seats);
        let mut log = std::mem::take(&mut self.log);
        let mut result = self.result.take();
        seats.clone_from(&source.seats);
        log.clone_from(&source.log);
        result.clone_from(&source.result);
        *self = Hand {
            rules: Arc::clone(&source.rules),
            seats,
            log,
            result,
            spare: std::mem::take(&mut self.spare),
            stud: source.stud.clone(),
            draw: source.draw.clone(),
            ..*source
        };
    }
}

/// Who posts the blinds of a hand dealt at a table, where the table's rules
/// decide it rather than the seats' order: the small blind may be dead (no
/// one posts it), and players coming into a game may post a big blind out of
/// position. Seats are the hand's own (0 to players - 1, dealt-in players
/// only). [`Hand::new`] uses [`Seating::of_rules`].
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Seating {
    /// The seat that acts last after the flop (the button, or with a dead
    /// button the last player before it).
    pub button: usize,
    /// The small blind; `None` when it is dead.
    pub small_blind: Option<usize>,
    pub big_blind: usize,
    /// Seats posting a live big blind to come in (bit i is seat i): their
    /// post is a bet of the big blind, with the option to raise.
    pub posting: u32,
    /// Seats posting a dead small blind (blinds missed while away): chips
    /// for the pot that are no part of the poster's bet, like an ante.
    pub dead_blinds: u32,
    /// Seats whose hands are dead (players away from the table): dealt in,
    /// their forced bets posted, then folded before anyone acts. They can
    /// lose what they posted and never win a pot.
    pub dead_hands: u32,
}

impl Seating {
    /// The blinds as `rules` place them: [`Seating::standard`], or with a
    /// button blind, the big blind on the button and no small blind.
    pub fn of_rules(rules: &Rules, players: usize, button: usize) -> Seating {
        if rules.button_blind {
            Seating {
                button,
                small_blind: None,
                big_blind: button,
                posting: 0,
                dead_blinds: 0,
                dead_hands: 0,
            }
        } else {
            Seating::standard(players, button)
        }
    }

    /// The blinds left of the button (heads-up, the button posts the small blind).
    pub fn standard(players: usize, button: usize) -> Seating {
        let n = players.max(1);
        let sb = if players == 2 {
            button
        } else {
            wrap(button + 1, n)
        };
        Seating {
            button,
            small_blind: Some(sb),
            big_blind: wrap(sb + 1, n),
            posting: 0,
            dead_blinds: 0,
            dead_hands: 0,
        }
    }
}

/// `x % n` (`n > 0`), without a division when `x < 2 * n`: a seat counted
/// on round the table (a division is slow next to the rest of a hand).
#[inline]
fn wrap(x: usize, n: usize) -> usize {
    if x < n {
        x
    } else if x - n < n {
        x - n
    } else {
        x % n
    }
}

/// [`Seating`] as stored in a hand (the button is the hand's own field).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct SeatingBits {
    /// The small blind's seat, or `NO_SEAT` when it is dead.
    pub sb: u8,
    pub bb: u8,
    pub posting: u32,
    pub dead_blinds: u32,
    pub dead_hands: u32,
}

pub(crate) const NO_SEAT: u8 = u8::MAX;

/// More than one seat in the set (without a popcount, which baseline x86-64 lacks).
#[inline]
fn several(set: u32) -> bool {
    set & set.wrapping_sub(1) != 0
}

/// Seat sets worked out in one pass (bit i is seat i).
#[derive(Copy, Clone, Default, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Masks {
    pub in_hand: u32,
    /// In the hand and not all-in.
    pub able: u32,
    /// Able and still to act this round.
    pub pending: u32,
}

/// The forced-bet settings, copied out of the rules.
#[derive(Copy, Clone)]
struct Forced {
    structure: Structure,
    ante: u64,
    big_blind_ante: u64,
    small_blind: u64,
    big_blind: u64,
    straddles: usize,
    straddle_min_raise: StraddleMinRaise,
    stud: bool,
}

impl Forced {
    fn of(r: &Rules) -> Forced {
        Forced {
            structure: r.structure,
            ante: r.ante,
            big_blind_ante: r.big_blind_ante,
            small_blind: r.small_blind,
            big_blind: r.big_blind,
            straddles: r.straddles.len(),
            straddle_min_raise: r.straddle_min_raise,
            stud: r.is_stud(),
        }
    }
}

/// Cards given for a hand instead of dealing them.
#[derive(Clone, Debug, Default)]
pub struct GivenCards {
    /// Per seat: its hole cards (as many as the game deals), or `None` to
    /// deal that seat at random.
    pub hole_cards: Vec<Option<CardList>>,
    /// Up to five board cards, in order.
    pub board: Vec<Card>,
}

/// The checks on a table that every new hand makes: the number of seats
/// (straddles need more), a pot-limit straddle's size at this table, the
/// button, and the stacks.
fn check_table(rules: &Rules, stacks: &[u64], button: usize) -> Result<()> {
    let n = stacks.len();
    rules.check_game()?;
    let max = rules.game.max_players();
    if !(MIN_SEATS..=max).contains(&n) {
        let why = if max == MAX_SEATS || rules.game.is_stud() {
            String::new()
        } else if rules.game.is_draw() {
            format!(
                " ({} cards each and a burn from the 52-card deck)",
                rules.game.hole_cards()
            )
        } else {
            format!(
                " ({} hole cards each, five board cards and three burns from {})",
                rules.game.hole_cards(),
                rules.game.deck_name()
            )
        };
        return Err(Error::config(
            "stacks",
            format!(
                "a hand of {} needs {MIN_SEATS} to {max} players, not {n}{why}",
                rules.game.name()
            ),
        ));
    }
    if n < rules.min_players() {
        return Err(Error::bad_config(format!(
            "{} straddle(s) need at least {} players, not {n}",
            rules.straddles.len(),
            rules.min_players()
        )));
    }
    if rules.structure == Structure::PotLimit {
        if let Some(&s) = rules.straddles.first() {
            let max = rules.pot_limit_straddle_max(n);
            if s > max {
                return Err(Error::config("straddles", format!("straddle of {s} is above the pot-limit maximum of {max} at {n} seats (a pot-sized raise over the big blind, antes counted)")));
            }
        }
    }
    if button >= n {
        return Err(Error::config(
            "button",
            format!("button {button} is not a seat: seats are 0..{}", n - 1),
        ));
    }
    let mut sum = 0u64;
    for (i, &s) in stacks.iter().enumerate() {
        if s == 0 {
            return Err(Error::config(
                format!("stacks[{i}]"),
                format!("seat {i} has no chips: every stack must be at least 1"),
            ));
        }
        sum = sum.saturating_add(s);
    }
    if sum > MAX_CHIPS {
        return Err(Error::config(
            "stacks",
            "the stacks add up to more than 2**60 chips".into(),
        ));
    }
    Ok(())
}

impl Hand {
    /// A new hand: forced bets posted, cards dealt, first player to act set.
    #[inline]
    pub fn new(
        rules: Arc<Rules>,
        stacks: &[u64],
        button: usize,
        seed: Option<u64>,
        given: Option<&GivenCards>,
    ) -> Result<Hand> {
        Hand::with_rng(rules, stacks, button, &mut Lazy::Seed(seed), given)
    }

    /// Like [`Hand::new`], dealing from `rng`: a simulator that plays many
    /// hands can keep one generator instead of seeding one per hand.
    pub fn new_with_rng(
        rules: Arc<Rules>,
        stacks: &[u64],
        button: usize,
        rng: &mut DeckRng,
        given: Option<&GivenCards>,
    ) -> Result<Hand> {
        Hand::with_rng(rules, stacks, button, &mut Lazy::Rng(rng), given)
    }

    /// A hand whose blinds a table decides ([`Seating`]), dealt from `rng`
    /// (or from `seed` when `rng` is `None`).
    pub fn new_seated(
        rules: Arc<Rules>,
        stacks: &[u64],
        seating: Seating,
        rng: Option<&mut DeckRng>,
        seed: Option<u64>,
        given: Option<&GivenCards>,
    ) -> Result<Hand> {
        let n = stacks.len();
        let bad = |why: String| {
            Err(Error::bad_config(format!(
                "seating {seating:?} for {n} players: {why}"
            )))
        };
        let beyond = |set: u32| n < 32 && set >> n != 0;
        if seating.button >= n
            || seating.big_blind >= n
            || seating.small_blind.is_some_and(|s| s >= n)
            || beyond(seating.posting)
            || beyond(seating.dead_blinds)
            || beyond(seating.dead_hands)
        {
            return bad("a seat out of range".into());
        }
        if seating.small_blind == Some(seating.big_blind) {
            return bad("the small and big blind are one seat".into());
        }
        if seating.posting & (1 << seating.big_blind) != 0
            || seating
                .small_blind
                .is_some_and(|s| seating.posting & (1 << s) != 0)
        {
            return bad("a blind cannot also post to come in".into());
        }
        let blinds = (1u32 << seating.big_blind) | seating.small_blind.map_or(0, |s| 1 << s);
        if seating.dead_blinds & blinds != 0 {
            return bad("a blind cannot also post a dead small blind".into());
        }
        if (seating.posting | seating.dead_blinds) != 0 && !rules.straddles.is_empty() {
            return bad("in a straddle game players coming in wait for the big blind".into());
        }
        if n < 32 && seating.dead_hands.count_ones() as usize >= n {
            return bad("every hand would be dead: at least one player must be in".into());
        }
        if n == 2
            && seating != Seating::of_rules(&rules, n, seating.button)
            && (seating.small_blind != Some(seating.button)
                || (seating.posting | seating.dead_blinds) != 0)
        {
            return bad("heads-up, the button posts the small blind and nobody else posts".into());
        }
        let mut lazy = match rng {
            Some(r) => Lazy::Rng(r),
            None => Lazy::Seed(seed),
        };
        Hand::build(rules, stacks, seating, &mut lazy, given)
    }

    #[inline]
    fn with_rng(
        rules: Arc<Rules>,
        stacks: &[u64],
        button: usize,
        rng: &mut Lazy<'_>,
        given: Option<&GivenCards>,
    ) -> Result<Hand> {
        let seating = Seating::of_rules(&rules, stacks.len(), button);
        Hand::build(rules, stacks, seating, rng, given)
    }

    #[inline]
    fn build(
        rules: Arc<Rules>,
        stacks: &[u64],
        seating: Seating,
        rng: &mut Lazy<'_>,
        given: Option<&GivenCards>,
    ) -> Result<Hand> {
        check_table(&rules, stacks, seating.button)?;
        let (plan, (stud, draw)) = plan_deal(
            rules.game,
            stacks.len(),
            seating.button,
            rng,
            given,
            (None, None),
        )?;
        let mut hand = Hand {
            rules,
            seats: Vec::with_capacity(stacks.len()),
            button: 0,
            street: Street::Preflop,
            board: plan.1,
            burns: None,
            actor: None,
            high: 0,
            full_raise: 0,
            last_full_high: 0,
            raises: 0,
            uncapped: false,
            dead: 0,
            log: Vec::with_capacity(32),
            result: None,
            spare: pots::Spare::default(),
            masks: Masks::default(),
            seating: SeatingBits::default(),
            bring_in_due: false,
            fourth_big: false,
            stud: None,
            draw: None,
            runs: Runs::default(),
        };
        hand.deal(stacks, seating, plan, stud, draw);
        if let Some(e) = hand.deal_fault(true) {
            // (everyone all-in on the forced bets, the deal run to the end)
            return Err(e);
        }
        Ok(hand)
    }

    /// Whether the move about to be made could start a street that given
    /// stud cards leave the stub too short to deal (never for a deal with
    /// no card given beyond third street).
    #[inline]
    pub(crate) fn deal_may_run_dry(&self) -> bool {
        self.stud
            .as_ref()
            .is_some_and(|d| d.may_run_dry(self.masks.in_hand))
    }

    /// Makes a move with `f` on a copy of this hand, and keeps the copy only
    /// if every street it started could be dealt: a move that would start a
    /// street the given cards cannot serve is refused, this hand unchanged.
    #[cold]
    pub(crate) fn guarded(&mut self, f: impl FnOnce(&mut Hand) -> Result<()>) -> Result<()> {
        let mut trial = self.clone();
        if let Some(d) = &mut trial.stud {
            d.trial = true;
        }
        f(&mut trial)?;
        if let Some(e) = trial.deal_fault(false) {
            return Err(e);
        }
        if let Some(d) = &mut trial.stud {
            d.trial = false;
        }
        *self = trial;
        Ok(())
    }

    /// The error for a street given stud cards could not deal, if any (as
    /// the hand was built, with everyone all-in, or on a move).
    fn deal_fault(&self, building: bool) -> Option<Error> {
        let d = self.stud.as_ref()?;
        let street = self.street.name();
        let refused = if building {
            "the forced bets leave at most one player who can bet, so the hand is dealt to the end as it is built, and cannot be"
        } else {
            "the move that would deal it is refused"
        };
        Some(match d.fault? {
            DealFault::Short { wanted, left } => Error::cards(
                "hole_cards",
                format!(
                    "the given cards leave {left} cards to deal where {street} needs {wanted} for the players still in (they fit another line of play: a player who folds puts back the given cards it was not dealt): {refused}"
                ),
            ),
            DealFault::Community { left } => Error::cards(
                "board",
                format!(
                    "a community card was given for seventh street, but the stub holds a card for each of the {left} players still in (live-action rule 238 turns a community card only when it does not): {refused}"
                ),
            ),
        })
    }

    /// Deals the next hand of a simulation into this one, dealt from `rng`
    /// with the button at `button`: the same hand as
    /// `Hand::new_with_rng(rules, stacks, button, rng, None)` with this
    /// hand's rules, but keeping its buffers and its `Arc` (no allocation and
    /// no reference count per hand). On an error this hand is unchanged.
    pub(crate) fn redeal_with_rng(
        &mut self,
        stacks: &[u64],
        button: usize,
        rng: &mut DeckRng,
    ) -> Result<()> {
        check_table(&self.rules, stacks, button)?;
        self.redeal_checked(stacks, button, rng)
    }

    /// [`Hand::redeal_with_rng`] at a table already checked: `stacks` passed
    /// the table's checks with this hand's rules (a cash simulation deals
    /// every hand of a chunk with the same stacks, and checked them on the
    /// first), and `button` is a seat; they are not checked again.
    pub(crate) fn redeal_checked(
        &mut self,
        stacks: &[u64],
        button: usize,
        rng: &mut DeckRng,
    ) -> Result<()> {
        debug_assert!(
            check_table(&self.rules, stacks, button).is_ok(),
            "redeal_checked at a table that fails its checks"
        );
        let reuse = (self.stud.take(), self.draw.take());
        let (plan, (stud, draw)) = plan_deal(
            self.rules.game,
            stacks.len(),
            button,
            &mut Lazy::Rng(rng),
            None,
            reuse,
        )?;
        self.deal(
            stacks,
            Seating::of_rules(&self.rules, stacks.len(), button),
            plan,
            stud,
            draw,
        );
        Ok(())
    }

    /// Sets every field but the rules for a new hand of this deal (the seats
    /// and the log keep their allocations), then posts the forced bets and
    /// starts the first round.
    fn deal(
        &mut self,
        stacks: &[u64],
        seating: Seating,
        (holes, board, burns): Plan,
        stud_deal: Option<Box<StudDeal>>,
        draw_deal: Option<Box<DrawDeal>>,
    ) {
        let first_street = self.rules.game.first_street();
        // Every field named, so that a new one cannot be left over from the last hand.
        let Hand {
            rules: _,
            seats,
            button,
            street,
            board: b,
            burns: bu,
            actor,
            high,
            full_raise,
            last_full_high,
            raises,
            uncapped,
            dead,
            log,
            result,
            spare,
            masks,
            seating: bits,
            bring_in_due,
            fourth_big,
            stud,
            draw,
            runs,
        } = self;
        seats.clear();
        *runs = Runs::default();
        seats.extend(stacks.iter().zip(holes.iter()).map(|(&s, hole)| Seat {
            starting: s,
            stack: s,
            bet: 0,
            total: 0,
            folded: false,
            all_in: false,
            acted: false,
            acted_high: 0,
            hole: PackedHole::pack(hole),
        }));
        *button = seating.button;
        *street = first_street;
        *bring_in_due = false;
        *fourth_big = false;
        *stud = stud_deal;
        *draw = draw_deal;
        *b = board;
        *bu = burns;
        *actor = None;
        *high = 0;
        *full_raise = 0;
        *last_full_high = 0;
        *raises = 0;
        *uncapped = false;
        *dead = 0;
        log.clear();
        if let Some(pots) = result.take() {
            spare.keep(pots);
        }
        *masks = Masks::default();
        *bits = SeatingBits {
            sb: seating.small_blind.map_or(NO_SEAT, |s| s as u8),
            bb: seating.big_blind as u8,
            posting: seating.posting,
            dead_blinds: seating.dead_blinds,
            dead_hands: seating.dead_hands,
        };
        self.post_forced_bets();
        if let Some(deal) = &mut self.stud {
            // Third street to every seat dealt in, from the dealer's left.
            let n = self.seats.len();
            let from = self.button + 1;
            deal.deal_third((0..n).map(move |i| (from + i) % n));
        }
        if seating.dead_hands != 0 {
            self.kill_dead_hands(seating.dead_hands);
        }
        // Everyone is in but the dead hands; who can bet: who is not all-in
        // on a forced bet.
        let in_hand = ((1u32 << self.seats.len()) - 1) & !seating.dead_hands;
        let able = self
            .seats
            .iter()
            .enumerate()
            .fold(0, |m, (i, s)| m | u32::from(!s.all_in && !s.folded) << i);
        self.masks = Masks {
            in_hand,
            able,
            pending: able,
        };
        debug_assert_eq!(
            self.masks,
            self.compute_masks(),
            "seat masks after the forced bets"
        );
        self.start_round();
    }

    /// Kills the dead hands (after the forced bets, before anyone acts):
    /// each is folded, and recorded as a fold, in seat order.
    #[cold]
    fn kill_dead_hands(&mut self, dead: u32) {
        for seat in 0..self.seats.len() {
            if dead & (1 << seat) != 0 {
                self.seats[seat].folded = true;
                self.record(seat, EventKind::Fold, 0);
            }
        }
    }

    pub fn num_players(&self) -> usize {
        self.seats.len()
    }

    /// Seat `seat`'s hole cards (a seat of the hand).
    #[inline]
    pub(crate) fn hole(&self, seat: usize) -> CardList {
        if let Some(deal) = &self.stud {
            return deal.cards.get(seat).copied().unwrap_or_default();
        }
        if let Some(deal) = &self.draw {
            return deal.hands.get(seat).copied().unwrap_or_default();
        }
        self.seats[seat].hole.cards(self.rules.game.hole_cards())
    }

    /// The seat that posts the small blind (the button, heads-up); `None`
    /// when a table dealt the hand with a dead small blind.
    pub fn small_blind_seat(&self) -> Option<usize> {
        (self.seating.sb != NO_SEAT).then_some(self.seating.sb as usize)
    }

    pub fn big_blind_seat(&self) -> usize {
        self.seating.bb as usize
    }

    /// Who posted the blinds.
    pub fn seating(&self) -> Seating {
        Seating {
            button: self.button,
            small_blind: self.small_blind_seat(),
            big_blind: self.big_blind_seat(),
            posting: self.seating.posting,
            dead_blinds: self.seating.dead_blinds,
            dead_hands: self.seating.dead_hands,
        }
    }

    fn put_in(&mut self, seat: usize, want: u64, live: bool) -> u64 {
        let s = &mut self.seats[seat];
        let paid = want.min(s.stack);
        s.stack -= paid;
        if live {
            s.bet += paid;
            s.total += paid;
        }
        if s.stack == 0 {
            s.all_in = true;
        }
        paid
    }

    /// Records a forced bet; a post of nothing (the player was all-in on an
    /// earlier forced bet) is not recorded.
    fn record_post(&mut self, seat: usize, kind: EventKind, amount: u64) {
        if amount > 0 {
            self.record(seat, kind, amount);
        }
    }

    /// Straddles actually posted this hand.
    #[inline(never)]
    pub(crate) fn straddles_posted(&self) -> usize {
        self.log
            .iter()
            .take_while(|a| a.kind.is_post())
            .filter(|a| a.kind == EventKind::PostStraddle)
            .count()
    }

    pub(crate) fn record(&mut self, seat: usize, kind: EventKind, amount: u64) {
        let all_in = self.seats[seat].all_in;
        self.log.push(Entry {
            seat: seat as u8,
            kind,
            street: self.street,
            amount,
            all_in,
        });
    }

    fn post_forced_bets(&mut self) {
        let n = self.seats.len();
        // Plain copies of the amounts (no Arc clone on this hot path).
        let rules = Forced::of(&self.rules);
        if rules.ante > 0 {
            for i in 1..=n {
                let seat = (self.button + i) % n;
                let paid = self.put_in(seat, rules.ante, false);
                self.seats[seat].total += paid;
                self.record_post(seat, EventKind::PostAnte, paid);
            }
        }
        if rules.stud {
            // (a stud game's bring-in is its player's move: see `start_round`;
            // a fixed-limit round's raises go by the bet size, this is the
            // round's full bet for the saved state's checks)
            self.full_raise = self.rules.small_bet;
            return;
        }
        if rules.structure == Structure::Progressive {
            return;
        }
        let sb = self.seating.sb;
        let bb = self.big_blind_seat();
        if rules.big_blind_ante > 0 {
            let paid = self.put_in(bb, rules.big_blind_ante, false);
            self.dead += paid;
            self.record_post(bb, EventKind::PostAnte, paid);
        }
        if rules.small_blind > 0 && sb != NO_SEAT {
            let paid = self.put_in(sb as usize, rules.small_blind, true);
            self.record_post(sb as usize, EventKind::PostSmallBlind, paid);
        }
        let paid = self.put_in(bb, rules.big_blind, true);
        self.record_post(bb, EventKind::PostBigBlind, paid);
        if (self.seating.posting | self.seating.dead_blinds) != 0 {
            self.post_to_come_in(rules.big_blind, rules.small_blind);
        }
        // The big blind is the first bet of the round. A blind posted short
        // (all-in for less) does not lower it: the others still owe the full
        // blind, as in a cardroom; chips nobody matches come back at the end.
        self.full_raise = rules.big_blind;
        self.last_full_high = rules.big_blind;
        let mut below = rules.big_blind;
        for i in 0..rules.straddles {
            let amount = self.rules.straddles[i];
            let seat = (bb + 1 + i) % n;
            let button_in_limit = seat == self.button && rules.structure == Structure::FixedLimit;
            if self.seats[seat].stack <= below || button_in_limit {
                // A straddle is a raise (WSOP live-action rule 161: the
                // straddler "is allowed to raise"; rule 170: it "sets a new
                // minimum bring-in"): a player whose chips (after the ante)
                // cannot go above the big blind, or above the straddle before
                // a re-straddle, cannot raise and posts none. Nor may the
                // button straddle in a limit game (rule 161). This straddle
                // and any re-straddle after it are not posted.
                break;
            }
            below = amount;
            let paid = self.put_in(seat, amount, true);
            self.record_post(seat, EventKind::PostStraddle, paid);
            // By default the straddle acts as the big blind; under WSOP
            // live-action rule 161 it counts as a raise of one big blind.
            self.full_raise = match rules.straddle_min_raise {
                StraddleMinRaise::Straddle => amount,
                StraddleMinRaise::BigBlind => rules.big_blind,
            };
            self.last_full_high = amount;
        }
        self.high = self
            .seats
            .iter()
            .map(|s| s.bet)
            .max()
            .unwrap_or(0)
            .max(self.last_full_high);
    }

    /// Players coming into the game post a live big blind, and players back
    /// from missing the blinds a dead small blind (no part of their bet: it
    /// counts in their contribution as an ante does), in seat order from the
    /// big blind's left, the live blind first.
    #[cold]
    fn post_to_come_in(&mut self, big_blind: u64, small_blind: u64) {
        let n = self.seats.len();
        let bb = self.big_blind_seat();
        for i in 1..n {
            let seat = (bb + i) % n;
            if self.seating.posting & (1 << seat) != 0 {
                let paid = self.put_in(seat, big_blind, true);
                self.record_post(seat, EventKind::PostBigBlind, paid);
            }
            if self.seating.dead_blinds & (1 << seat) != 0 {
                // (logged as dead money, an ante, as PHH writes it: a
                // POST_SMALL_BLIND counts toward the street's bet)
                let paid = self.put_in(seat, small_blind, false);
                self.seats[seat].total += paid;
                self.record_post(seat, EventKind::PostAnte, paid);
            }
        }
    }

    /// What seat `s` put in as a dead small blind (0 for a seat posting
    /// none): the small blind, or what its stack had left after its ante
    /// and, when it also posted to come in, its live big blind (the order
    /// `post_forced_bets` posts them in).
    pub(crate) fn dead_blind_paid(&self, s: usize) -> u64 {
        if self.seating.dead_blinds >> s & 1 == 0 {
            return 0;
        }
        let mut left = self.seats[s].starting;
        left -= left.min(self.rules.ante);
        if self.seating.posting >> s & 1 != 0 {
            left -= left.min(self.rules.big_blind);
        }
        left.min(self.rules.small_blind)
    }

    /// Seat `s`'s contribution as the pots count it: less a dead small
    /// blind, which is dead money in the main pot (Robert's Rules: "the
    /// dead portion goes to the center"), as the big-blind ante is, not a
    /// level of its poster's own that the players who did not match it
    /// (nobody has to) could not win.
    #[inline]
    pub(crate) fn pot_contribution(&self, s: usize) -> u64 {
        self.seats[s].total - self.dead_blind_paid(s)
    }

    /// The dead money: the big-blind ante and the dead small blinds.
    pub(crate) fn dead_money(&self) -> u64 {
        if self.seating.dead_blinds == 0 {
            return self.dead;
        }
        self.dead
            + (0..self.seats.len())
                .map(|s| self.dead_blind_paid(s))
                .sum::<u64>()
    }

    /// One pass over the seats: who is in the hand, who can bet, who must act.
    pub(crate) fn compute_masks(&self) -> Masks {
        let mut m = Masks::default();
        for (i, s) in self.seats.iter().enumerate() {
            let in_hand = !s.folded as u32;
            let able = in_hand & !s.all_in as u32;
            let pending = able & (!s.acted | (s.bet < self.high)) as u32;
            m.in_hand |= in_hand << i;
            m.able |= able << i;
            m.pending |= pending << i;
        }
        m
    }

    /// The first seat of `set` clockwise from `start` (included; `start <= n`).
    #[inline]
    fn first_from(&self, set: u32, start: usize) -> Option<usize> {
        debug_assert!(
            start <= self.seats.len() && (self.seats.len() >= 32 || set >> self.seats.len() == 0)
        );
        // The seats of `set` from `start` on, else the first of them (seat
        // n, and every seat above the set's, wraps round to 0).
        let from_start = if start < 32 {
            set & (u32::MAX << start)
        } else {
            0
        };
        let pick = if from_start != 0 { from_start } else { set };
        (pick != 0).then(|| pick.trailing_zeros() as usize)
    }

    /// Starts the betting round of `self.street` (bets already reset), or runs
    /// the hand forward when nobody can bet.
    fn start_round(&mut self) {
        let n = self.seats.len();
        let structure = self.rules.structure;
        self.raises = 0;
        self.fourth_big = false;
        if structure == Structure::Progressive {
            self.start_progressive_round();
        }
        let rules = &*self.rules;
        // Nobody has acted yet this round: everyone who can bet is to act.
        // (Who is in and who can bet are kept up to date as they change, by
        // `deal`, `advance` and `end_round`.)
        let mut m = self.masks;
        m.pending = m.able;
        debug_assert_eq!(
            m,
            self.compute_masks(),
            "seat masks at the start of a round"
        );
        self.masks = m;
        // (the fixed-limit test out of line: inlined, its popcount was worked
        // out ahead on every round of every structure)
        self.uncapped = structure == Structure::FixedLimit && self.limit_round_uncapped(m.able);
        let first_from = if self.stud.is_some() {
            self.stud_first_to_act(&m)
        } else if (self.street == Street::Preflop || self.street == Street::Predraw)
            && structure != Structure::Progressive
        {
            // Left of the big blind, or of the last straddle.
            let straddles = if rules.straddles.is_empty() {
                0
            } else {
                self.straddles_posted()
            };
            wrap(self.big_blind_seat() + 1 + straddles, n)
        } else {
            // (first_from takes seat n for seat 0)
            self.button + 1
        };
        self.actor = None;
        if several(m.in_hand) && !self.nobody_to_bet_against(&m) {
            self.actor = self.first_from(m.pending, first_from);
        }
        if self.actor.is_none() && !self.street.is_first() {
            // Nobody acts (all-in players, and one other at most): after the
            // flop nobody has bet or acted, the bets and flags are as the
            // last round's end cleared them, and there is nothing to return
            // or clear. (An all-in's board is run out this way, a street or
            // three in most simulated hands.)
            debug_assert!(
                self.seats
                    .iter()
                    .all(|s| s.bet == 0 && !s.acted && s.acted_high == 0),
                "a round nobody acted in"
            );
            self.next_street();
            return;
        }
        self.pass_choiceless();
        if self.actor.is_none() {
            self.end_round();
        }
    }

    /// A Progressive round's bet, set before anyone acts.
    #[inline(never)]
    fn start_progressive_round(&mut self) {
        self.high = self.rules.bets[(self.street as usize).min(3)];
        self.full_raise = 0;
        self.last_full_high = self.high;
    }

    /// Fixed limit: whether the round starting with `able` able to bet has no raise cap.
    #[inline(never)]
    fn limit_round_uncapped(&self, able: u32) -> bool {
        self.rules.raise_cap.is_none() || (self.rules.heads_up_uncapped && able.count_ones() == 2)
    }

    /// A player whose only legal action would be to check is not asked (rule
    /// choice 5): in fixed limit with a raise cap of 0, the big blind (or the
    /// straddler) limped to owes nothing and may not raise. They count as
    /// having acted and the action moves on; nothing is recorded.
    #[inline]
    fn pass_choiceless(&mut self) {
        if self.rules.structure == Structure::FixedLimit && self.actor.is_some() {
            self.pass_choiceless_limit();
        }
    }

    #[inline(never)]
    fn pass_choiceless_limit(&mut self) {
        if self.bring_in_due {
            // (a bring-in is owed: posting it is a move, all-in or not)
            return;
        }
        while let Some(a) = self.actor {
            if self.seats[a].bet < self.high || self.can_bet_or_raise(a) {
                return;
            }
            let high = self.high;
            let s = &mut self.seats[a];
            s.acted = true;
            s.acted_high = high;
            self.masks.pending &= !(1u32 << a);
            self.actor = self.first_from(self.masks.pending, a + 1);
        }
    }

    /// True when betting is pointless: at most one seat can bet and it owes nothing.
    fn nobody_to_bet_against(&self, m: &Masks) -> bool {
        if m.able == 0 {
            return true;
        }
        if several(m.able) {
            return false;
        }
        self.lone_owes_nothing(m.able.trailing_zeros() as usize)
    }

    /// [`Hand::nobody_to_bet_against`] when `lone` is the one seat that can
    /// bet. Out of line: after every action and at every round's start the
    /// masks alone answer most of the time, and the inlined loop over the
    /// seats made every caller dearer.
    #[inline(never)]
    fn lone_owes_nothing(&self, lone: usize) -> bool {
        // One seat can bet: it acts only if it is behind a bet someone
        // actually made (not the full amount of a blind posted short, nor a
        // Progressive round's bet nobody made: either would come straight
        // back as uncalled).
        let others = self
            .seats
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != lone)
            .map(|(_, s)| s.bet)
            .max()
            .unwrap_or(0);
        self.seats[lone].bet >= others
    }

    /// Called after every action by `from`: the next actor, or the end of the
    /// round. `raised`: the action raised the bet, so everyone else who can
    /// still bet must act again.
    #[inline(always)]
    pub(crate) fn advance(&mut self, from: usize, raised: bool) {
        let bit = 1u32 << from;
        let s = &self.seats[from];
        let mut m = self.masks;
        if raised {
            m.pending = m.able;
        }
        m.pending &= !bit;
        if s.folded {
            m.in_hand &= !bit;
        }
        if s.folded || s.all_in {
            m.able &= !bit;
        }
        debug_assert_eq!(m, self.compute_masks(), "incremental seat masks");
        self.masks = m;
        self.actor = None;
        if several(m.in_hand) && !self.nobody_to_bet_against(&m) {
            self.actor = self.first_from(m.pending, from + 1);
        }
        self.pass_choiceless();
        if self.actor.is_none() {
            self.end_round();
        }
    }

    /// Ends the betting round: the part of the top bet nobody matched goes
    /// back, and the round's bets and flags are cleared.
    fn end_round(&mut self) {
        // One pass: the top bet and the second highest (a tie for the top
        // counts as the second), without a branch on each seat's bet.
        let (mut top, mut top_bet, mut second) = (0usize, 0u64, 0u64);
        for (i, s) in self.seats.iter_mut().enumerate() {
            let b = s.bet;
            second = second.max(b.min(top_bet));
            if b > top_bet {
                top = i;
            }
            top_bet = top_bet.max(b);
            s.bet = 0;
            s.acted = false;
            s.acted_high = 0;
        }
        // A dead hand's blind nobody matched is not returned: a folded seat
        // gets nothing back (only a dead hand can fold holding the top bet).
        if top_bet > second && !self.seats[top].folded {
            let back = top_bet - second;
            let s = &mut self.seats[top];
            s.total -= back;
            s.stack += back;
            if s.stack > 0 {
                s.all_in = false;
                if !s.folded {
                    // Chips back: this seat can bet again.
                    self.masks.able |= 1 << top;
                }
            }
            self.log.push(Entry {
                seat: top as u8,
                kind: EventKind::ReturnUncalled,
                street: self.street,
                amount: back,
                all_in: false,
            });
        }
        if self.street.is_first() {
            self.return_unmatched_forced_bets();
        }
        self.next_street();
    }

    /// After the first round: chips a player put in that nobody else can
    /// ever match come back (rule choice 11), as an ante posted in full
    /// while every other player still in is all-in on a smaller one. Only
    /// when every other player still in is all-in: the excess over every
    /// other seat's contribution is in a pot nobody else could win.
    #[inline]
    fn return_unmatched_forced_bets(&mut self) {
        let (mut top, mut top_total, mut second) = (0usize, 0u64, 0u64);
        for (i, s) in self.seats.iter().enumerate() {
            second = second.max(s.total.min(top_total));
            if s.total > top_total {
                top = i;
            }
            top_total = top_total.max(s.total);
        }
        if top_total <= second || self.seats[top].folded {
            return;
        }
        let others_all_in = self
            .seats
            .iter()
            .enumerate()
            .all(|(i, s)| i == top || s.folded || s.all_in);
        if !others_all_in {
            return;
        }
        self.return_unmatched(top, top_total - second);
    }

    /// Returns `back` chips of `seat`'s contribution, unmatched.
    #[cold]
    fn return_unmatched(&mut self, seat: usize, back: u64) {
        let s = &mut self.seats[seat];
        s.total -= back;
        s.stack += back;
        if s.stack > 0 {
            s.all_in = false;
            if !s.folded {
                self.masks.able |= 1 << seat;
            }
        }
        self.log.push(Entry {
            seat: seat as u8,
            kind: EventKind::ReturnUncalled,
            street: self.street,
            amount: back,
            all_in: false,
        });
    }

    /// The end of a betting round once the bets are cleared: the next
    /// street's round, or the end of the hand.
    fn next_street(&mut self) {
        self.high = 0;
        self.last_full_high = 0;
        self.full_raise = if self.rules.is_stud() {
            self.rules.small_bet
        } else {
            self.rules.big_blind
        };
        if !several(self.masks.in_hand) {
            // (the masks are current: every path here has just worked them out)
            self.finish(false);
            return;
        }
        match self.rules.game.next_street(self.street) {
            None => self.finish(true),
            Some(next) => {
                if self.runs.offer
                    && !self.runs.chosen
                    && self.stud.is_none()
                    && self.draw.is_none()
                    && self.masks.able.count_ones() <= 1
                    && next.board_len() > self.street.board_len()
                {
                    // The betting is over with board cards to come: the
                    // players choose how many times to run them.
                    self.runs.awaiting = true;
                    self.actor = None;
                    return;
                }
                self.street = next;
                if let Some(deal) = &mut self.draw {
                    // The draw opens the street: everyone still in, from
                    // the dealer's left, all-in or not.
                    let in_hand = self.masks.in_hand;
                    deal.start_draw(next.round() as u8, in_hand);
                    // (nobody is to bet until the draw is dealt)
                    self.masks.pending = 0;
                    self.actor = self.first_from(in_hand, self.button + 1);
                    return;
                }
                if let Some(deal) = &mut self.stud {
                    // A burn, then a card to each seat still in.
                    let n = self.seats.len();
                    let from = self.button + 1;
                    let in_hand = self.masks.in_hand;
                    deal.deal_next(
                        (from..n)
                            .chain(0..from.min(n))
                            .filter(move |&s| in_hand & (1 << s) != 0),
                    );
                    if deal.fault.is_some() {
                        // (a trial copy, thrown away: see `Hand::guarded`)
                        self.actor = None;
                        return;
                    }
                }
                self.start_round();
            }
        }
    }

    fn finish(&mut self, showdown: bool) {
        self.actor = None;
        self.masks = Masks::default();
        let n = self.seats.len();
        let seats = &self.seats;
        let mut pots = self.spare.take();
        pots::build_pots_into(
            &mut pots,
            n,
            |i| (self.pot_contribution(i), seats[i].folded, seats[i].all_in),
            self.dead_money(),
        );
        // Showdown values, 0 for none (a folded seat, or a hand won
        // uncontested: the one seat left takes everything, unseen). Values
        // are 1 and up: this array is a small `[Option<HandValue>; n]`.
        let mut values = [0u16; MAX_SEATS];
        let game = self.rules.game;
        if showdown && self.stud.is_some() {
            self.street = Street::Showdown;
            self.finish_stud(pots);
            return;
        }
        if showdown {
            if let Some(deal) = &self.draw {
                for (v, (s, h)) in values.iter_mut().zip(self.seats.iter().zip(&deal.hands)) {
                    if !s.folded {
                        *v = draw::showdown_value(game, h);
                    }
                }
                self.street = Street::Showdown;
                let seats = &mut self.seats;
                pots::award_by(
                    &mut pots,
                    n,
                    |s| (values[s] > 0).then_some(values[s]),
                    self.button,
                    |s, chips| seats[s].stack += chips,
                );
                self.result = Some(pots);
                return;
            }
        }
        if showdown && self.runs.count > 1 {
            self.street = Street::Showdown;
            self.finish_runs(pots);
            return;
        }
        if showdown {
            self.street = Street::Showdown;
            if game.kind() == GameKind::Holdem || game.kind() == GameKind::Royal {
                // The five board cards added up once, then each player's two.
                let board = HandAcc::from_cards(&self.board);
                for (v, s) in values.iter_mut().zip(&self.seats) {
                    if !s.folded {
                        *v = (board + s.hole.card(0) + s.hole.card(1)).eval7();
                        debug_assert!(*v > 0, "hand values start at 1");
                    }
                }
            } else {
                let on = BoardShowdown::new(game, &self.board);
                let mut lows = [0u8; MAX_SEATS];
                let k = game.hole_cards();
                for ((v, l), s) in values.iter_mut().zip(lows.iter_mut()).zip(&self.seats) {
                    if !s.folded {
                        let hole = s.hole.cards(k);
                        *v = on.high(&hole);
                        *l = on.low(&hole);
                    }
                }
                if game.is_hi_lo() {
                    let seats = &mut self.seats;
                    pots::award_hi_lo_by(
                        &mut pots,
                        n,
                        |s| (values[s] > 0).then_some(values[s]),
                        |s| (lows[s] > 0).then_some(lows[s]),
                        OddChips::Button(self.button),
                        |s, chips| seats[s].stack += chips,
                    );
                    self.result = Some(pots);
                    return;
                }
            }
        }
        let seats = &mut self.seats;
        pots::award_by(
            &mut pots,
            n,
            |s| (values[s] > 0).then_some(values[s]),
            self.button,
            |s, chips| seats[s].stack += chips,
        );
        self.result = Some(pots);
    }
}

/// A stud game's deal and a draw game's, each in its own box.
type OtherDeals = (Option<Box<StudDeal>>, Option<Box<DrawDeal>>);

/// The deal of a new hand: a community-card game's plan, or a stud or draw
/// game's deal (its plan left empty).
#[inline]
fn plan_deal(
    game: super::Game,
    n: usize,
    button: usize,
    rng: &mut Lazy<'_>,
    given: Option<&GivenCards>,
    reuse: OtherDeals,
) -> Result<(Plan, OtherDeals)> {
    if game.is_community() {
        return Ok((deal_plan(game, n, button, rng, given)?, (None, None)));
    }
    let (holes, board) = given.map_or((&[][..], &[][..]), |g| {
        (g.hole_cards.as_slice(), g.board.as_slice())
    });
    let mut own;
    let r: &mut DeckRng = match rng {
        Lazy::Seed(seed) => {
            own = make_rng(*seed);
            &mut own
        }
        Lazy::Rng(r) => r,
    };
    // (a simulation's last hand's deal refilled in place: no allocation)
    let deals: OtherDeals = if game.is_stud() {
        let mut deal = match reuse.0 {
            Some(d) => d,
            None => Box::new(StudDeal::empty()),
        };
        deal.refill(game, n, holes, board, Some(r))?;
        (Some(deal), None)
    } else {
        let mut deal = match reuse.1 {
            Some(d) => d,
            None => Box::new(DrawDeal::empty()),
        };
        deal.refill(game, n, button, holes, board, r)?;
        (None, Some(deal))
    };
    let empty = ([CardList::default(); MAX_SEATS], [Card::FIRST; 5], None);
    Ok((empty, deals))
}

/// Running the board more than once.
impl Hand {
    /// Offers the players to run the board more than once: from now on,
    /// when the betting ends with players all-in and board cards to come,
    /// the hand stops ([`Hand::awaiting_runs`]) until [`Hand::run_it`]
    /// says how many times. Community-card games only; a hand that never
    /// goes all-in so is played as without it.
    pub fn offer_run_it(&mut self) -> Result<()> {
        if self.is_over() {
            return Err(Error::illegal(
                IllegalReason::HandOver,
                None,
                "the hand is over: there is no board left to run".into(),
            ));
        }
        if self.stud.is_some() || self.draw.is_some() {
            return Err(Error::bad_config(format!(
                "{} has no board to run more than once",
                self.rules.game.name()
            )));
        }
        self.runs.offer = true;
        Ok(())
    }

    /// Whether the hand waits for the players to choose how many times to
    /// run the board ([`Hand::run_it`]).
    pub fn awaiting_runs(&self) -> bool {
        self.runs.awaiting
    }

    /// How many times the board is run (1 until the players chose more).
    pub fn run_count(&self) -> usize {
        self.runs.count as usize
    }

    /// Runs the rest of the board `times` times (1 to [`MAX_RUNS`]) and
    /// plays the hand to its end: the first run is the board's own cards,
    /// each other run `boards`' (one list per run, of the cards to come),
    /// or, with `boards` empty, cards dealt from those no one has seen (a
    /// shuffle from `seed`, or from the operating system's entropy). Each
    /// pot is split between the runs, the odd chips to the first, and each
    /// share goes to the best hand (and the best low) on its run's board.
    /// Refused, with the hand unchanged, when the hand is not waiting for
    /// this, for a count out of range, or for given cards already seen.
    pub fn run_it(&mut self, times: usize, boards: &[Vec<Card>], seed: Option<u64>) -> Result<()> {
        if !self.runs.awaiting {
            return Err(Error::illegal(
                IllegalReason::NotYourTurn,
                None,
                "no board to run: the hand is not waiting for the players to choose how many \
                 times to run it"
                    .into(),
            ));
        }
        if !(1..=MAX_RUNS).contains(&times) {
            return Err(Error::config(
                "times",
                format!("a board is run 1 to {MAX_RUNS} times, not {times}"),
            ));
        }
        let shared = self.street.board_len().min(5);
        let need = 5 - shared;
        let extra = times - 1;
        let game = self.rules.game;
        let k = game.hole_cards();
        let mut seen = crate::card::CardSet::default();
        for s in &self.seats {
            for &c in s.hole.cards(k).iter() {
                seen.insert(c);
            }
        }
        for &c in self.board.iter().chain(self.burns.iter().flatten()) {
            seen.insert(c);
        }
        let cards: Vec<Card> = if !boards.is_empty() {
            if boards.len() != extra || boards.iter().any(|b| b.len() != need) {
                return Err(Error::cards(
                    "boards",
                    format!(
                        "{extra} more runs of {need} cards each, not {:?}",
                        boards.iter().map(Vec::len).collect::<Vec<_>>()
                    ),
                ));
            }
            let cards = boards.concat();
            game.check_in_deck(&cards)?;
            for &c in &cards {
                if !seen.insert(c) {
                    return Err(Error::duplicate(c));
                }
            }
            cards
        } else {
            use rand::seq::SliceRandom;
            let mut unseen: Vec<Card> = game
                .deck()
                .iter()
                .copied()
                .filter(|&c| !seen.contains(c))
                .collect();
            unseen.shuffle(&mut make_rng(seed));
            unseen.truncate(need * extra);
            unseen
        };
        if cards.len() < need * extra {
            return Err(Error::bad_config(format!(
                "{} cards left unseen: too few to run the board {times} times",
                cards.len()
            )));
        }
        let mut runs = self.runs;
        for (r, run) in cards.chunks(need.max(1)).take(extra).enumerate() {
            let mut b = self.board;
            b[shared..].copy_from_slice(run);
            runs.boards[r] = b;
        }
        runs.count = times as u8;
        runs.shared = shared as u8;
        runs.awaiting = false;
        runs.chosen = true;
        self.runs = runs;
        self.next_street();
        Ok(())
    }

    /// Each run's board: the board alone until it is run more than once.
    pub fn boards(&self) -> Vec<Vec<Card>> {
        let mut out = vec![self.board().to_vec()];
        if self.runs.count > 1 {
            out.extend(
                self.runs.boards[..self.runs.count as usize - 1]
                    .iter()
                    .map(|b| b.to_vec()),
            );
        }
        out
    }

    /// Each seat's high value and low value (0: none) with `board`.
    fn values_on(&self, board: &[Card; 5]) -> ([u16; MAX_SEATS], [u8; MAX_SEATS]) {
        let mut values = [0u16; MAX_SEATS];
        let mut lows = [0u8; MAX_SEATS];
        let game = self.rules.game;
        if game.kind() == GameKind::Holdem || game.kind() == GameKind::Royal {
            let acc = HandAcc::from_cards(board);
            for (v, s) in values.iter_mut().zip(&self.seats) {
                if !s.folded {
                    *v = (acc + s.hole.card(0) + s.hole.card(1)).eval7();
                }
            }
        } else {
            let on = BoardShowdown::new(game, board);
            let k = game.hole_cards();
            for ((v, l), s) in values.iter_mut().zip(lows.iter_mut()).zip(&self.seats) {
                if !s.folded {
                    let hole = s.hole.cards(k);
                    *v = on.high(&hole);
                    *l = on.low(&hole);
                }
            }
        }
        (values, lows)
    }

    /// The showdown of a board run more than once: each pot split between
    /// the runs (the odd chips to the first), each share paid on its run's
    /// board; the result lists each pot once a run, the first run's first.
    fn finish_runs(&mut self, pots: Vec<Pot>) {
        let n = self.seats.len();
        let count = u64::from(self.runs.count);
        let button = self.button;
        let hi_lo = self.rules.game.is_hi_lo();
        let mut result = Vec::with_capacity(pots.len() * count as usize);
        for r in 0..count as usize {
            let board = if r == 0 {
                self.board
            } else {
                self.runs.boards[r - 1]
            };
            let (values, lows) = self.values_on(&board);
            let mut share: Vec<Pot> = pots
                .iter()
                .map(|p| Pot {
                    amount: p.amount / count + if r == 0 { p.amount % count } else { 0 },
                    eligible: p.eligible,
                    winners: Default::default(),
                    low_winners: Default::default(),
                })
                .collect();
            let seats = &mut self.seats;
            if hi_lo {
                pots::award_hi_lo_by(
                    &mut share,
                    n,
                    |s| (values[s] > 0).then_some(values[s]),
                    |s| (lows[s] > 0).then_some(lows[s]),
                    OddChips::Button(button),
                    |s, chips| seats[s].stack += chips,
                );
            } else {
                pots::award_by(
                    &mut share,
                    n,
                    |s| (values[s] > 0).then_some(values[s]),
                    button,
                    |s, chips| seats[s].stack += chips,
                );
            }
            result.extend(share);
        }
        self.spare.keep(pots);
        self.result = Some(result);
    }
}

/// The draw games' draws.
impl Hand {
    /// `seat` (or, with `None`, whoever is to act) discards `cards` in a
    /// draw (none: stands pat). Its cards come once everyone still in has
    /// discarded: a burn, then each player's cards in turn.
    pub fn discard(&mut self, seat: Option<usize>, cards: &[Card]) -> Result<()> {
        self.discard_drawing(seat, cards, &[])
    }

    /// [`Hand::discard`], with the first cards the player draws given
    /// (a replayed history's): each must be out of every live hand and not
    /// discarded in this draw.
    pub fn discard_drawing(
        &mut self,
        seat: Option<usize>,
        cards: &[Card],
        given: &[Card],
    ) -> Result<()> {
        self.discard_drawing_with(seat, cards, given, crate::card::CardSet::default())
    }

    /// [`Hand::discard_drawing`] where the cards of `stand_ins` given to
    /// this draw stand in for cards a history does not name (a replay's
    /// fill-ins): they may be cards thrown in this draw even where it is
    /// not short, as no card the history names is drawn back.
    pub(crate) fn discard_drawing_with(
        &mut self,
        seat: Option<usize>,
        cards: &[Card],
        given: &[Card],
        stand_ins: crate::card::CardSet,
    ) -> Result<()> {
        let actor = self.turn_for_draw(seat)?;
        let hand = self.hole(actor);
        let bad = |h: &Hand, what: String| h.refuse(IllegalReason::BadDiscard, what);
        let mut set = crate::card::CardSet::default();
        for &c in cards {
            if !hand.contains(&c) {
                return Err(bad(
                    self,
                    format!("seat {actor} cannot discard {c}: it does not hold it"),
                ));
            }
            if !set.insert(c) {
                return Err(bad(self, format!("seat {actor} discards {c} twice")));
            }
        }
        if given.len() > cards.len() {
            return Err(bad(
                self,
                format!(
                    "seat {actor} discards {} cards: it cannot be given {} to draw",
                    cards.len(),
                    given.len()
                ),
            ));
        }
        let live = self.masks.in_hand;
        let mut seen = crate::card::CardSet::default();
        for &c in given {
            let ok = self
                .draw
                .as_ref()
                .is_some_and(|d| d.may_give(c, live, actor, set));
            if !ok || !seen.insert(c) {
                return Err(bad(
                    self,
                    format!("{c} cannot be drawn: it is in a hand or was discarded in this draw"),
                ));
            }
        }
        if let Some(d) = self.draw.as_ref() {
            // The last to discard: every card given to this draw is
            // checked against all of its discards.
            if d.pending & !(1u32 << actor) == 0 {
                if let Some((c, why)) = d.given_problem(live, set, given, stand_ins) {
                    return Err(bad(
                        self,
                        format!("{c} cannot be drawn in this draw: {why}"),
                    ));
                }
            }
        }
        self.record(actor, EventKind::Discard, cards.len() as u64);
        let Some(deal) = self.draw.as_mut() else {
            return Ok(());
        };
        deal.discard(actor, cards, given);
        if deal.pending != 0 {
            let pending = deal.pending;
            self.actor = self.first_from(pending, actor + 1);
            return Ok(());
        }
        deal.deal_draws(live);
        self.actor = None;
        self.start_round();
        Ok(())
    }

    /// The seat to draw: as [`Hand::act`]'s turn, refused when no draw is
    /// in progress.
    fn turn_for_draw(&self, seat: Option<usize>) -> Result<usize> {
        let actor = self.turn(seat)?;
        if !self.is_drawing() {
            let what = if self.draw.is_some() {
                format!("seat {actor} cannot discard: no draw is in progress, it is to bet")
            } else {
                format!(
                    "seat {actor} cannot discard: {} has no draws",
                    self.rules.game.name()
                )
            };
            return Err(self.refuse(IllegalReason::BadDiscard, what));
        }
        Ok(actor)
    }
}

/// The stud parts of a hand's progress.
impl Hand {
    /// Who acts first on this stud street (`start_round`'s seat to look
    /// from). Third street: the bring-in; if that player is all-in on the
    /// ante, the first player on its left who can bet brings in instead
    /// (live-action rule 227: "the person to that participant's left acts
    /// first"). Later: the best (razz: lowest) up cards, or clockwise from
    /// them when that player is all-in (rule 250).
    fn stud_first_to_act(&mut self, m: &Masks) -> usize {
        let Some(deal) = &self.stud else {
            return self.button + 1;
        };
        let game = self.rules.game;
        if self.street == Street::Third {
            let Some(low) = stud::bring_in_seat(game, deal, m.in_hand) else {
                return self.button + 1;
            };
            let first = self.first_from(m.able, low).unwrap_or(low);
            self.bring_in_due = m.able & (1 << first) != 0 && !self.nobody_to_bet_against(m);
            first
        } else {
            stud::opener(game, deal, m.in_hand, self.button, self.seats.len())
                .unwrap_or(self.button + 1)
        }
    }

    /// Whether the fourth-street option is open this round: stud with
    /// [`super::Rules::fourth_street_big_bet`], on fourth
    /// street, an open pair showing among the players still in (WSOP
    /// live-action rule 230).
    #[inline]
    pub(crate) fn fourth_option(&self) -> bool {
        // (the common answer inline, the look at the up cards out of line)
        self.rules.fourth_street_big_bet
            && self.street == Street::Fourth
            && self.fourth_option_showing()
    }

    /// [`Hand::fourth_option`] on fourth street with the option in the rules.
    #[inline(never)]
    fn fourth_option_showing(&self) -> bool {
        self.open_pair_dealt(true)
    }

    /// Whether the round's bet can have become the big bet by the option:
    /// an open pair was dealt on fourth street, to a player still in or
    /// one who has folded since (the big bet stays once made). A decoded
    /// state with the big bet and no such pair is refused.
    pub(crate) fn fourth_option_dealt(&self) -> bool {
        self.rules.fourth_street_big_bet
            && self.street == Street::Fourth
            && self.open_pair_dealt(false)
    }

    /// A seat (still in, with `in_only`) shows a pair in its two up cards.
    fn open_pair_dealt(&self, in_only: bool) -> bool {
        let Some(deal) = &self.stud else {
            return false;
        };
        (0..self.seats.len()).any(|s| {
            let up = deal.up_cards(s);
            (!in_only || !self.seats[s].folded) && up.len() == 2 && up[0].rank() == up[1].rank()
        })
    }

    /// Posts the bring-in for the player to act (`seat`): its bet and the
    /// round's bet from here, at least the bring-in even when posted short
    /// (rule 227: "all other participants must enter for at least the
    /// bring-in amount").
    pub(crate) fn apply_bring_in(&mut self, seat: usize) {
        let amount = self.rules.bring_in;
        let paid = self.put_in(seat, amount, true);
        self.bring_in_due = false;
        self.high = amount.max(paid);
        self.last_full_high = 0;
        self.full_raise = self.rules.small_bet;
        let high = self.high;
        let s = &mut self.seats[seat];
        s.acted = true;
        s.acted_high = high;
        self.record(seat, EventKind::BringIn, paid);
        self.advance(seat, true);
    }

    /// Who gets odd chips: from the button's left, or in a stud game by
    /// the highest card by suit of the five cards each hand plays.
    pub(crate) fn odd_chips(&self) -> OddChips {
        let Some(deal) = &self.stud else {
            return OddChips::Button(self.button);
        };
        if self.street != Street::Showdown {
            return self.odd_chips_with(&[(0, 0); MAX_SEATS]);
        }
        let game = self.rules.game;
        let mut values = [(0u16, 0u16); MAX_SEATS];
        for (seat, (s, v)) in self.seats.iter().zip(values.iter_mut()).enumerate() {
            if !s.folded {
                *v = stud::showdown_values(game, &deal.hand_of(seat));
            }
        }
        self.odd_chips_with(&values)
    }

    /// [`Hand::odd_chips`] given each seat's showdown values (high, low;
    /// zeros for a folded seat), as `finish_stud` has them already.
    fn odd_chips_with(&self, values: &[(u16, u16); MAX_SEATS]) -> OddChips {
        let Some(deal) = &self.stud else {
            return OddChips::Button(self.button);
        };
        let mut high = [0u32; super::variant::STUD_MAX_PLAYERS];
        let mut low = [0u32; super::variant::STUD_MAX_PLAYERS];
        if self.street == Street::Showdown {
            // The keys matter only where hands tie: without a tie (most
            // showdowns) none is worked out (each is every five of seven).
            let game = self.rules.game;
            let mut tie = false;
            for (seat, s) in self.seats.iter().enumerate().take(high.len()) {
                if !s.folded {
                    let v = values[seat];
                    tie |= values[..seat]
                        .iter()
                        .zip(&self.seats)
                        .any(|(w, o)| !o.folded && (w.0 == v.0 || (v.1 > 0 && w.1 == v.1)));
                }
            }
            if !tie {
                return OddChips::Button(self.button);
            }
            for (seat, s) in self.seats.iter().enumerate().take(high.len()) {
                if !s.folded {
                    let (h, l) = stud::odd_chip_keys(game, &deal.hand_of(seat));
                    high[seat] = h;
                    low[seat] = l;
                }
            }
        }
        OddChips::Keys {
            high,
            low,
            button: self.button,
        }
    }

    /// A stud showdown: each seat's best hand of its cards (and the
    /// community card), the pots paid.
    fn finish_stud(&mut self, mut pots: Vec<Pot>) {
        let n = self.seats.len();
        let game = self.rules.game;
        let mut both = [(0u16, 0u16); MAX_SEATS];
        if let Some(deal) = &self.stud {
            for (seat, (s, v)) in self.seats.iter().zip(both.iter_mut()).enumerate() {
                if !s.folded {
                    *v = stud::showdown_values(game, &deal.hand_of(seat));
                }
            }
        }
        let odd = self.odd_chips_with(&both);
        let values = both.map(|v| v.0);
        let lows = both.map(|v| v.1);
        let seats = &mut self.seats;
        pots::award_hi_lo_by(
            &mut pots,
            n,
            |s| (values[s] > 0).then_some(values[s]),
            |s| (lows[s] > 0).then_some(lows[s]),
            odd,
            |s, chips| seats[s].stack += chips,
        );
        self.result = Some(pots);
    }
}
