//! Sessions of hands: a [`Table`] carries stacks from hand to hand and moves
//! the button and blinds; a [`tournament::Tournament`] adds a blind
//! schedule, finishing places and payouts; [`icm`] values stacks as prizes.
//!
//! * [`seats`]: who is dealt in and who posts what, hand after hand (the
//!   moving button of cash games, the TDA's dead button of tournaments).
//! * [`tournament`]: levels, places, payouts.
//! * [`icm`]: the Independent Chip Model (Malmuth-Harville).
pub mod codec;
pub mod icm;
pub mod seats;
pub mod tournament;

use crate::deck::{make_rng, DeckRng};
use crate::error::{Error, Result};
use crate::game::{play, Hand, Move, Rules, Seating, Turn, MAX_SEATS, MIN_SEATS};
use rand::SeedableRng;
use std::sync::Arc;

pub use seats::Positions;

/// How the button moves between hands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum ButtonRule {
    /// Cash games: the button moves to the next player dealt in, and the
    /// blinds are the next two players; nobody's blind is dead.
    Moving = 0,
    /// Tournaments (TDA): the big blind moves forward one seat every hand;
    /// the small blind and the button follow it and may be dead.
    Dead = 1,
}

impl ButtonRule {
    pub fn name(self) -> &'static str {
        match self {
            ButtonRule::Moving => "moving",
            ButtonRule::Dead => "dead",
        }
    }
    /// The rule named `name` (`None`: not a name; `shown`: the value as
    /// given, for the error).
    pub fn parse(name: Option<&str>, shown: &str) -> Result<ButtonRule> {
        match name {
            Some("moving") => Ok(ButtonRule::Moving),
            Some("dead") => Ok(ButtonRule::Dead),
            _ => Err(Error::bad_config(format!("button must be 'moving' (cash games) or 'dead' (tournaments: the TDA's dead button), not {shown}"))),
        }
    }
}

crate::enums::named_enum! {
    /// Where a seated player stands, named as Python names it: `playing`,
    /// `sitting_out`, `waiting` (for the big blind) or `posting` (a big
    /// blind to come in).
    pub enum Status {
        /// Dealt in every hand.
        Playing = "playing",
        /// Not dealt in (cash), or dealt a dead hand (dead button: tournaments
        /// blind absent players off; their hands are folded after the forced
        /// bets, TDA rule 30).
        SittingOut = "sitting_out",
        /// Coming in when the big blind reaches this seat.
        WaitingForBigBlind = "waiting",
        /// Coming in at the next hand by posting out of position what is owed
        /// (a new player a big blind; one back from sitting out the blinds
        /// missed), not between the button and the small blind, where they wait
        /// a hand.
        PostingBigBlind = "posting",
    }
}

/// What a cash-game player who sat out through the blinds owes to come back
/// (moving button; with the dead button absent players are dealt in and
/// miss nothing).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum MissedBlinds {
    /// Robert's Rules of Poker and WSOP live-action rule 156: what was
    /// missed, the big blind live and the small blind dead; nothing missed,
    /// nothing owed.
    #[default]
    Dead = 0,
    /// One live big blind to come back, whatever was missed (or wait for
    /// the big blind).
    BigBlindOnly = 1,
}

impl MissedBlinds {
    /// The name Python uses: `dead` or `big_blind_only`.
    pub fn name(self) -> &'static str {
        ["dead", "big_blind_only"][self as usize]
    }
    pub fn from_u8(v: u8) -> Option<MissedBlinds> {
        [MissedBlinds::Dead, MissedBlinds::BigBlindOnly]
            .get(v as usize)
            .copied()
    }
    /// The rule named `name` (as [`ButtonRule::parse`]).
    pub fn parse(name: Option<&str>, shown: &str) -> Result<MissedBlinds> {
        match name {
            Some("dead") => Ok(MissedBlinds::Dead),
            Some("big_blind_only") => Ok(MissedBlinds::BigBlindOnly),
            _ => Err(Error::bad_config(format!("missed_blinds must be 'dead' (post what was missed: the big blind live, the small blind dead) or 'big_blind_only' (one big blind to come back), not {shown}"))),
        }
    }
}

/// [`Player::missed`]: the big blind went past the seat while the player was away.
pub const MISSED_BIG: u8 = 1;
/// [`Player::missed`]: the small blind went past the seat while the player was away.
pub const MISSED_SMALL: u8 = 2;

/// How a player joining a running game comes in.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Entry {
    /// Post a big blind at the next hand (wait a hand between the button
    /// and the small blind).
    PostBigBlind,
    /// Wait until the big blind reaches the seat.
    WaitForBigBlind,
}

impl Entry {
    /// The entry named `name` (as [`ButtonRule::parse`]).
    pub fn parse(name: Option<&str>, shown: &str) -> Result<Entry> {
        match name {
            Some("post") => Ok(Entry::PostBigBlind),
            Some("wait") => Ok(Entry::WaitForBigBlind),
            _ => Err(Error::bad_config(format!("entry must be 'post' (post a big blind to come in) or 'wait' (wait for the big blind), not {shown}"))),
        }
    }
}

/// A seated player.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Player {
    /// The table's number for this player (0, 1, 2, ... in order of seating).
    pub id: u32,
    pub stack: u64,
    pub status: Status,
    /// While sitting out: the status before, and the hands dealt then (back
    /// before another hand is dealt, a player has missed nothing).
    pub(crate) before_out: Option<(Status, u64)>,
    /// The blinds missed since last dealt in ([`MISSED_BIG`], [`MISSED_SMALL`]).
    pub(crate) missed: u8,
    /// Dealt in at least once at this table (a new player owes one big
    /// blind to come in, whatever went past the seat).
    pub(crate) played: bool,
}

impl Player {
    /// The blinds missed since last dealt in ([`MISSED_BIG`], [`MISSED_SMALL`]).
    pub fn missed(&self) -> u8 {
        self.missed
    }
    /// What a player posting to come in posts: (a live big blind, a dead
    /// small blind).
    pub(crate) fn owes(&self, rule: MissedBlinds) -> (bool, bool) {
        if !self.played || rule == MissedBlinds::BigBlindOnly {
            return (true, false);
        }
        (
            self.missed & MISSED_BIG != 0,
            self.missed & MISSED_SMALL != 0,
        )
    }
}

/// A player who lost every chip, and when.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Bust {
    pub player: u32,
    pub seat: usize,
    /// The hand (0 for the first the table dealt) in which they busted.
    pub hand: u64,
    /// Their stack when that hand began (what the TDA places same-hand busts by).
    pub starting_stack: u64,
}

/// The hand a table has dealt and waits to have back.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Deal {
    /// The table seat of each of the hand's seats.
    pub seats: Vec<usize>,
    pub positions: Positions,
    pub seating: Seating,
    pub number: u64,
    pub starting: Vec<u64>,
    /// The cards dealt ([`deal_mask`]): tells the table's hand from another
    /// one with the same seats and stacks.
    pub cards: u64,
    /// The hand's seats whose players are sitting out (bit i is the
    /// hand's seat i; a dead-button table deals them dead hands, the
    /// seating's `dead_hands`).
    pub absent: u32,
    /// Players who came in with this hand, and how they were waiting.
    pub entering: Vec<(usize, Status)>,
    /// The table's positions and dealing before this hand (to take it back).
    pub(crate) before: (Option<Positions>, u128),
}

/// The cards a hand was dealt, as a card mask: the cards first dealt to
/// its players (hole cards; a stud hand's third street, a draw hand's
/// cards before the draws) and, in a community-card game, the five board
/// cards of the deal (the board to come included: a hand dealt with
/// another board is another hand).
pub fn deal_mask(hand: &Hand) -> u64 {
    let board: &[crate::card::Card] = if hand.rules().game.is_community() {
        &hand.board
    } else {
        &[]
    };
    (0..hand.num_players())
        .filter_map(|s| hand.dealt_cards(s))
        .flatten()
        .chain(board.iter().copied())
        .fold(0, |m, c| m | (1u64 << c.index()))
}

/// A table: seats, stacks carried from hand to hand, the button.
#[derive(Clone, Debug)]
pub struct Table {
    pub(crate) rules: Arc<Rules>,
    pub(crate) button_rule: ButtonRule,
    pub(crate) seats: Vec<Option<Player>>,
    pub(crate) next_id: u32,
    /// The positions of the last hand dealt, or before the first hand the
    /// button it starts at.
    pub(crate) last: Option<Positions>,
    pub(crate) first_button: Option<usize>,
    pub(crate) seed: [u8; 32],
    pub(crate) rng: DeckRng,
    pub(crate) hands: u64,
    /// Two deals, filled in place (no copy or allocation per hand):
    /// `deals[cur]` is the hand being played when `dealing`, and
    /// `deals[cur ^ 1]` the last one finished when `finished`.
    pub(crate) deals: [Deal; 2],
    pub(crate) cur: usize,
    pub(crate) dealing: bool,
    pub(crate) finished: bool,
    pub(crate) busts: Vec<Bust>,
    pub(crate) missed_blinds: MissedBlinds,
    /// A mixed game's table: the button does not move through stud hands
    /// (WSOP tournament rule 67b: it stays where the next flop game's hand
    /// would have it, and that hand is dealt there).
    pub(crate) freeze_button_in_stud: bool,
}

impl PartialEq for Table {
    fn eq(&self, o: &Table) -> bool {
        self.rules == o.rules
            && self.button_rule == o.button_rule
            && self.seats == o.seats
            && self.next_id == o.next_id
            && self.last == o.last
            && self.first_button == o.first_button
            && self.seed == o.seed
            && self.rng.get_word_pos() == o.rng.get_word_pos()
            && self.hands == o.hands
            && self.dealt() == o.dealt()
            && self.last_deal() == o.last_deal()
            && self.busts == o.busts
            && self.missed_blinds == o.missed_blinds
            && self.freeze_button_in_stud == o.freeze_button_in_stud
    }
}

impl Table {
    /// An empty table of `seat_count` seats (2 to 22). Deals from `seed`
    /// (every hand reproducible), or from OS entropy when `None`.
    pub fn new(
        rules: Arc<Rules>,
        seat_count: usize,
        button_rule: ButtonRule,
        seed: Option<u64>,
    ) -> Result<Table> {
        if !(MIN_SEATS..=MAX_SEATS).contains(&seat_count) {
            return Err(Error::bad_config(format!(
                "a table has {MIN_SEATS} to {MAX_SEATS} seats, not {seat_count}"
            )));
        }
        let rng = make_rng(seed);
        let key = rng.get_seed();
        Ok(Table {
            rules,
            button_rule,
            seats: vec![None; seat_count],
            next_id: 0,
            last: None,
            first_button: None,
            seed: key,
            rng,
            hands: 0,
            deals: Default::default(),
            cur: 0,
            dealing: false,
            finished: false,
            busts: Vec::new(),
            missed_blinds: MissedBlinds::Dead,
            freeze_button_in_stud: false,
        })
    }

    pub fn rules(&self) -> &Arc<Rules> {
        &self.rules
    }
    pub fn button_rule(&self) -> ButtonRule {
        self.button_rule
    }
    /// What a player back from missing blinds owes (moving button).
    pub fn missed_blinds(&self) -> MissedBlinds {
        self.missed_blinds
    }
    /// Chooses what players back from missing blinds owe, between hands.
    pub fn set_missed_blinds(&mut self, rule: MissedBlinds) -> Result<()> {
        self.between_hands("change the missed-blind rule")?;
        self.missed_blinds = rule;
        Ok(())
    }
    pub fn seat_count(&self) -> usize {
        self.seats.len()
    }
    pub fn seats(&self) -> &[Option<Player>] {
        &self.seats
    }
    pub fn player(&self, seat: usize) -> Option<&Player> {
        self.seats.get(seat).and_then(|s| s.as_ref())
    }
    /// Hands dealt so far.
    pub fn hands_dealt(&self) -> u64 {
        self.hands
    }
    /// The positions of the last hand dealt (a stud hand's: its button,
    /// which is also its blinds' seat; in a mix, where the button is frozen
    /// through the stud games, the seat the next flop game's hand will have
    /// it).
    pub fn last_positions(&self) -> Option<Positions> {
        self.dealt().or(self.last_deal()).map(|d| d.positions)
    }
    /// The hand dealt and not yet finished.
    pub fn dealt(&self) -> Option<&Deal> {
        self.dealing.then(|| &self.deals[self.cur])
    }
    /// The last hand finished.
    pub fn last_deal(&self) -> Option<&Deal> {
        self.finished.then(|| &self.deals[self.cur ^ 1])
    }
    pub fn busts(&self) -> &[Bust] {
        &self.busts
    }
    /// Every chip at the table (the stacks; a hand out holds its starting stacks).
    pub fn chips(&self) -> u64 {
        self.seats.iter().flatten().map(|p| p.stack).sum()
    }
    /// Seated players, with chips.
    pub fn players(&self) -> usize {
        self.seats.iter().flatten().count()
    }

    fn between_hands(&self, what: &str) -> Result<()> {
        match self.dealt() {
            Some(d) => Err(Error::bad_config(format!(
                "cannot {what} while hand {} is being played: finish it first",
                d.number
            ))),
            None => Ok(()),
        }
    }

    fn seat_index(&self, seat: usize) -> Result<()> {
        if seat >= self.seats.len() {
            return Err(Error::bad_config(format!(
                "seat {seat} is not a seat: seats are 0..{}",
                self.seats.len() - 1
            )));
        }
        Ok(())
    }

    /// Seats a player with `stack` chips. Before the first hand every
    /// player is simply in (`entry` is ignored); later they come in as
    /// `entry` says. Returns the player's id.
    pub fn sit(&mut self, seat: usize, stack: u64, entry: Entry) -> Result<u32> {
        self.between_hands("seat a player")?;
        self.seat_index(seat)?;
        if self.seats[seat].is_some() {
            return Err(Error::bad_config(format!("seat {seat} is taken")));
        }
        if stack == 0 {
            return Err(Error::bad_config(
                "a player sits down with at least 1 chip".into(),
            ));
        }
        if stack > crate::game::rules::MAX_CHIPS
            || self.chips().saturating_add(stack) > crate::game::rules::MAX_CHIPS
        {
            return Err(Error::bad_config(
                "the table would hold more than 2**60 chips".into(),
            ));
        }
        let status = match (self.last.is_some(), entry) {
            (false, _) => Status::Playing,
            (true, Entry::PostBigBlind) => Status::PostingBigBlind,
            (true, Entry::WaitForBigBlind) => Status::WaitingForBigBlind,
        };
        let id = self.next_id;
        self.next_id += 1;
        self.seats[seat] = Some(Player {
            id,
            stack,
            status,
            before_out: None,
            missed: 0,
            played: false,
        });
        Ok(id)
    }

    /// The player in `seat` leaves with their chips (returned).
    pub fn leave(&mut self, seat: usize) -> Result<u64> {
        self.between_hands("let a player leave")?;
        self.seat_index(seat)?;
        let p = self.seats[seat]
            .take()
            .ok_or_else(|| Error::bad_config(format!("seat {seat} is empty")))?;
        Ok(p.stack)
    }

    /// Adds chips to a stack between hands (a rebuy or a top-up).
    pub fn add_chips(&mut self, seat: usize, chips: u64) -> Result<()> {
        self.between_hands("add chips")?;
        self.seat_index(seat)?;
        let total = self.chips().saturating_add(chips);
        let p = self.seats[seat]
            .as_mut()
            .ok_or_else(|| Error::bad_config(format!("seat {seat} is empty")))?;
        if total > crate::game::rules::MAX_CHIPS {
            return Err(Error::bad_config(
                "the table would hold more than 2**60 chips".into(),
            ));
        }
        p.stack += chips;
        Ok(())
    }

    /// The player in `seat` sits out from the next hand.
    pub fn sit_out(&mut self, seat: usize) -> Result<()> {
        self.between_hands("sit a player out")?;
        self.seat_index(seat)?;
        let hands = self.hands;
        let p = self.seats[seat]
            .as_mut()
            .ok_or_else(|| Error::bad_config(format!("seat {seat} is empty")))?;
        if p.status != Status::SittingOut {
            p.before_out = Some((p.status, hands));
            p.status = Status::SittingOut;
        }
        Ok(())
    }

    /// The player in `seat` comes back: at once with the dead button (a
    /// tournament player never left the hands), else as `entry` says.
    pub fn sit_in(&mut self, seat: usize, entry: Entry) -> Result<()> {
        self.between_hands("bring a player back")?;
        self.seat_index(seat)?;
        let started = self.last.is_some();
        let dead = self.button_rule == ButtonRule::Dead;
        let hands = self.hands;
        let rule = self.missed_blinds;
        let p = self.seats[seat]
            .as_mut()
            .ok_or_else(|| Error::bad_config(format!("seat {seat} is empty")))?;
        if p.status == Status::Playing {
            return Err(Error::bad_config(format!("seat {seat} is already playing")));
        }
        if dead && p.status != Status::SittingOut {
            // A joiner comes in by the rule (at once, or after a hand between
            // the button and the small blind: WSOP tournament rule 66).
            return Err(Error::bad_config(format!(
                "seat {seat} is already coming in: a dead-button table deals a joiner in at the next hand, or the one after from between the button and the small blind"
            )));
        }
        // A player who has played here and missed no blind comes back at
        // once (missed-blind rule `Dead`).
        let owes_nothing = p.played && p.missed == 0 && rule == MissedBlinds::Dead;
        p.status = match (p.before_out.take(), dead || !started || owes_nothing, entry) {
            // Back before another hand was dealt: nothing was missed.
            (Some((before, at)), _, _) if at == hands => before,
            (_, true, _) => Status::Playing,
            (_, false, Entry::PostBigBlind) => Status::PostingBigBlind,
            (_, false, Entry::WaitForBigBlind) => Status::WaitingForBigBlind,
        };
        Ok(())
    }

    /// Where the next hand's button starts (before the first hand only; by
    /// default the first occupied seat).
    pub fn set_button(&mut self, seat: usize) -> Result<()> {
        self.seat_index(seat)?;
        if self.last.is_some() || self.dealing {
            return Err(Error::bad_config(
                "the button is placed before the first hand; after that it moves by the rules"
                    .into(),
            ));
        }
        if self.seats[seat].is_none() {
            return Err(Error::bad_config(format!(
                "the button starts at a player's seat, and seat {seat} is empty"
            )));
        }
        self.first_button = Some(seat);
        Ok(())
    }

    /// Whether the button stays put through stud hands (a mixed game's
    /// table; see [`Table::set_freeze_button_in_stud`]).
    pub fn freeze_button_in_stud(&self) -> bool {
        self.freeze_button_in_stud
    }

    /// A mixed game's table (WSOP tournament rule 67b): through stud hands
    /// the button stays where the next flop game's hand would have it, the
    /// stud hands are dealt from there, and that flop game hand is dealt
    /// there. Without it a stud table moves the button every hand.
    pub fn set_freeze_button_in_stud(&mut self, freeze: bool) -> Result<()> {
        self.between_hands("change how the button moves")?;
        self.freeze_button_in_stud = freeze;
        Ok(())
    }

    /// New rules (blinds, antes) from the next hand.
    pub fn set_rules(&mut self, rules: Arc<Rules>) -> Result<()> {
        self.between_hands("change the rules")?;
        self.rules = rules;
        Ok(())
    }

    /// Deals the next hand: works out who is in and who posts, and returns
    /// the hand (its seats are the players dealt in, in table order;
    /// [`Deal::seats`] maps them back). Give it back with [`Table::finish`].
    #[inline]
    pub fn new_hand(&mut self) -> Result<Hand> {
        self.between_hands("deal a new hand")?;
        let cur = self.cur;
        let seats_buf = std::mem::take(&mut self.deals[cur].seats);
        let plan = seats::plan(self, seats_buf)?;
        let before = (self.last, self.rng.get_word_pos());
        let mut stacks = std::mem::take(&mut self.deals[cur].starting);
        stacks.clear();
        stacks.extend(
            plan.seats
                .iter()
                .map(|&s| self.seats[s].as_ref().map_or(0, |p| p.stack)),
        );
        let hand = match Hand::new_seated(
            Arc::clone(&self.rules),
            &stacks,
            plan.seating,
            Some(&mut self.rng),
            None,
            None,
        ) {
            Ok(h) => h,
            Err(e) => {
                self.deals[cur].seats = plan.seats;
                self.deals[cur].starting = stacks;
                return Err(e);
            }
        };
        let absent = plan.seating.dead_hands;
        let d = &mut self.deals[cur];
        d.entering.clear();
        for &s in &plan.entering {
            if let Some(p) = self.seats[s].as_mut() {
                d.entering.push((s, p.status));
                p.status = Status::Playing;
            }
        }
        if !(self.freeze_button_in_stud && self.rules.is_stud()) {
            self.last = Some(plan.positions);
        }
        d.seats = plan.seats;
        d.positions = plan.positions;
        d.seating = plan.seating;
        d.number = self.hands;
        d.starting = stacks;
        d.cards = deal_mask(&hand);
        d.absent = absent;
        d.before = before;
        self.dealing = true;
        self.hands += 1;
        Ok(hand)
    }

    /// Takes back the hand dealt and not finished, as if it was never
    /// dealt: positions, statuses and the dealing generator as before it.
    pub fn take_back(&mut self) -> bool {
        if !self.dealing {
            return false;
        }
        self.dealing = false;
        let d = &self.deals[self.cur];
        for &(s, status) in &d.entering {
            if let Some(p) = self.seats[s].as_mut() {
                p.status = status;
            }
        }
        self.last = d.before.0;
        self.rng.set_word_pos(d.before.1);
        self.hands -= 1;
        true
    }

    /// Whether the player in the hand's `seat` is sitting out (a dead-button
    /// table deals them in, and their hand is dead: folded before anyone acts).
    pub fn is_absent(&self, hand_seat: usize) -> bool {
        hand_seat < 32 && self.absent_seats() & (1 << hand_seat) != 0
    }

    /// Carries a finished hand's result back: stacks, and busts (players
    /// left with no chips leave their seats). Returns the busts of this hand.
    pub fn finish(&mut self, hand: &Hand) -> Result<Vec<Bust>> {
        let Some(deal) = self.dealt() else {
            return Err(Error::bad_config(
                "no hand is being played at this table".into(),
            ));
        };
        if !hand.is_over() {
            return Err(Error::bad_config(format!(
                "hand {} is not over: play it to the end first",
                deal.number
            )));
        }
        let same_stacks =
            (0..deal.starting.len()).all(|i| hand.starting_stack(i) == Some(deal.starting[i]));
        if hand.num_players() != deal.seats.len()
            || !same_stacks
            || hand.seating() != deal.seating
            || deal_mask(hand) != deal.cards
        {
            return Err(Error::bad_config(format!(
                "this is not the hand the table dealt (hand {})",
                deal.number
            )));
        }
        // (the table's rules cannot change while a hand is out)
        if hand.rules() != &*self.rules {
            return Err(Error::bad_config(format!(
                "this is not the hand the table dealt (hand {}): it was played under other rules (blinds, antes, structure or game)",
                deal.number
            )));
        }
        let missed = seats::missed_in(self, &self.deals[self.cur]);
        for (seat, bits) in missed {
            if let Some(p) = self.seats[seat].as_mut() {
                p.missed |= bits;
            }
        }
        let deal = &self.deals[self.cur];
        let mut busted = Vec::new();
        for (i, &seat) in deal.seats.iter().enumerate() {
            let Some(p) = self.seats[seat].as_mut() else {
                continue;
            };
            // Dealt in: whatever was missed is paid (or the big blind was
            // waited for).
            p.played = true;
            p.missed = 0;
            p.stack = hand.stack(i).unwrap_or(0);
            if p.stack == 0 {
                busted.push(Bust {
                    player: p.id,
                    seat,
                    hand: deal.number,
                    starting_stack: deal.starting[i],
                });
                self.seats[seat] = None;
            }
        }
        self.busts.extend(busted.iter().cloned());
        self.dealing = false;
        self.finished = true;
        self.cur ^= 1;
        Ok(busted)
    }

    /// Plays one hand through: `policy` chooses each move of a player who is
    /// not absent. Returns the finished hand.
    #[inline]
    pub fn play<F: FnMut(&Hand) -> Move>(&mut self, mut policy: F) -> Result<Hand> {
        self.play_with(|t: &Turn<'_>| Ok::<_, Error>(policy(t.hand)))
            .map(|(hand, _)| hand)
    }

    /// Plays one hand through with a policy that may fail; on its error (or
    /// the hand's refusal of a move) the hand is taken back and the table is
    /// as before the deal. Returns the finished hand and its busts.
    #[inline]
    pub fn play_with<E: From<Error>>(
        &mut self,
        policy: impl FnMut(&Turn<'_>) -> std::result::Result<Move, E>,
    ) -> std::result::Result<(Hand, Vec<Bust>), E> {
        let hand = self.new_hand()?;
        play::play_dealt(self, hand, policy)
    }

    /// The deal `hand` came from: the hand being played, or else the last
    /// one finished (recognised by its starting stacks and hole cards).
    pub fn deal_of(&self, hand: &Hand) -> Result<&Deal> {
        let mask = deal_mask(hand);
        let starting = hand.starting_stacks();
        [self.dealt(), self.last_deal()]
            .into_iter()
            .flatten()
            .find(|d| d.starting == starting && d.cards == mask)
            .ok_or_else(|| {
                Error::bad_config("this hand is not the table's current or last hand".into())
            })
    }

    /// The table seats of the hand being played, by the hand's seats, and
    /// its absent players (see [`Table::absent_seats`]).
    pub fn turn_map(&self) -> (&[usize], u32) {
        self.dealt().map_or((&[], 0), |d| (&d.seats[..], d.absent))
    }

    /// The seats of the hand being played whose players are sitting out (bit
    /// i is the hand's seat i): their hands are dead (folded at the deal).
    pub fn absent_seats(&self) -> u32 {
        self.dealt().map_or(0, |d| d.absent)
    }

    /// The move made for an absent player to act: check when free, else
    /// fold. (A table's absent players never act: their hands are dead from
    /// the deal; this serves hands a caller deals with absent players alive.)
    pub fn move_for_absent(la: &crate::game::LegalActions) -> Move {
        play::move_for_absent(la)
    }

    /// The move the table makes for a player to act who is sitting out:
    /// check when that is possible, else fold. `None` when the player to act
    /// is present, which at a table is always (absent players' hands are
    /// dead from the deal, and a dead hand never acts).
    #[inline]
    pub fn absent_move(&self, hand: &Hand) -> Option<Move> {
        if !self.is_absent(hand.actor()?) {
            return None;
        }
        Some(Table::move_for_absent(&hand.legal_actions()?))
    }

    /// Reseeds the dealing (a new session from the same seating).
    pub fn reseed(&mut self, seed: u64) {
        self.rng = DeckRng::seed_from_u64(seed);
        self.seed = self.rng.get_seed();
    }
}

impl play::Dealer for Table {
    type Finished = Vec<Bust>;
    fn turn_map(&self) -> (&[usize], u32) {
        Table::turn_map(self)
    }
    fn finish_hand(&mut self, hand: &Hand) -> Result<Vec<Bust>> {
        self.finish(hand)
    }
    fn take_back_hand(&mut self) -> bool {
        self.take_back()
    }
}
