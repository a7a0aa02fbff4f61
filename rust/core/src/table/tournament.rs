//! A single-table tournament: a [`Table`] with the dead button, a schedule
//! of blind levels, finishing places and a payout table.
//!
//! * Levels advance every `N` hands, or by a clock the caller passes to
//!   [`Tournament::new_hand`] (seconds since the start; a level's time runs
//!   out, and the next hand is dealt at the next level, as at a live
//!   tournament, where a hand under way finishes at its level).
//! * Places: a player who busts takes the best place still open below the
//!   players left; players busted in the same hand place by their stacks at
//!   the start of that hand, the larger first (WSOP tournament rule 126b);
//!   equal starting stacks tie for the better place and share the prizes of
//!   the places they cover (odd units one each to them in seat order from
//!   the button's left). The last player left wins.
//! * Mixed games: a rotation of games, each with its own betting
//!   structure (H.O.R.S.E., the 8-game mix), the game changing after every
//!   round of play (one hand for each player at the table when the round
//!   began: the WSOP's "round of play") or with every level. Every level's
//!   blinds serve each blind game (a limit game's small bet is the big
//!   blind), its bring-in and ante the stud games (in a mix, only those:
//!   the flop and draw games are played without antes, as at the WSOP);
//!   through the stud games the button stays put (WSOP tournament rule 67b).
use super::icm;
use super::{ButtonRule, Entry, Table};
use crate::error::{Error, Result};
use crate::game::{play, BlindOptions, Game, Hand, Move, Rules, Structure, Turn};
use std::sync::Arc;

/// One level of the schedule.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Level {
    pub small_blind: u64,
    pub big_blind: u64,
    /// Uniform ante from every player.
    pub ante: u64,
    /// One ante from the big blind for the table (instead of a uniform one).
    pub big_blind_ante: u64,
    /// The stud games' bring-in (0 when no stud game is played); their
    /// small bet is the big blind, their big bet twice it.
    pub bring_in: u64,
}

/// Who pays a level's ante.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum AnteRule {
    /// Every player antes.
    #[default]
    Uniform,
    /// The big blind antes for the table (a big-blind ante).
    BigBlind,
}

impl AnteRule {
    pub fn name(self) -> &'static str {
        match self {
            AnteRule::Uniform => "uniform",
            AnteRule::BigBlind => "big_blind",
        }
    }
    pub fn from_name(name: &str) -> Result<AnteRule> {
        match name {
            "uniform" => Ok(AnteRule::Uniform),
            "big_blind" => Ok(AnteRule::BigBlind),
            _ => Err(Error::bad_config(
                "ante must be 'uniform' (every player antes) or 'big_blind' (the big blind antes for the table)"
                    .into(),
            )),
        }
    }
}

impl Level {
    /// A level of blinds and an ante, paid by the players as `rule` says.
    pub fn new(small_blind: u64, big_blind: u64, ante: u64, rule: AnteRule) -> Level {
        let (ante, big_blind_ante) = match rule {
            AnteRule::Uniform => (ante, 0),
            AnteRule::BigBlind => (0, ante),
        };
        Level {
            small_blind,
            big_blind,
            ante,
            big_blind_ante,
            bring_in: 0,
        }
    }

    /// This level with the stud games' bring-in.
    pub fn with_bring_in(self, bring_in: u64) -> Level {
        Level { bring_in, ..self }
    }
}

/// When a mixed game's rotation moves to the next game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
#[repr(u8)]
pub enum Rotation {
    /// After each round of play: as many hands as players were at the
    /// table when the game's round began.
    #[default]
    Orbit = 0,
    /// With each level (level `i` plays game `i` of the mix, round and round).
    Level = 1,
}

impl Rotation {
    pub fn name(self) -> &'static str {
        match self {
            Rotation::Orbit => "orbit",
            Rotation::Level => "level",
        }
    }
    pub fn from_name(name: &str) -> Result<Rotation> {
        match name {
            "orbit" => Ok(Rotation::Orbit),
            "level" => Ok(Rotation::Level),
            _ => Err(Error::bad_config(format!(
                "rotation must be 'orbit' (the game changes after each round of play) or 'level' (with each level), not {name:?}"
            ))),
        }
    }
    pub fn from_u8(v: u8) -> Option<Rotation> {
        [Rotation::Orbit, Rotation::Level].get(v as usize).copied()
    }
}

/// The games of a mix, by name: "horse" (limit hold'em, Omaha hi/lo, razz,
/// seven-card stud, stud hi/lo) and "8-game" (2-7 triple draw, limit
/// hold'em, Omaha hi/lo, razz, stud, stud hi/lo, no-limit hold'em,
/// pot-limit Omaha), in the WSOP's order.
pub fn named_mix(name: &str) -> Result<Vec<(Structure, Game)>> {
    use Structure::{FixedLimit as F, NoLimit as N, PotLimit as P};
    let omaha8 = Game::omaha_hi_lo(4)?;
    let omaha = Game::omaha(4)?;
    Ok(match name.to_ascii_lowercase().as_str() {
        "horse" | "h.o.r.s.e." => vec![
            (F, Game::holdem()),
            (F, omaha8),
            (F, Game::razz()),
            (F, Game::stud()),
            (F, Game::stud_hi_lo()),
        ],
        "8-game" | "eight-game" => vec![
            (F, Game::deuce_seven_triple_draw()),
            (F, Game::holdem()),
            (F, omaha8),
            (F, Game::razz()),
            (F, Game::stud()),
            (F, Game::stud_hi_lo()),
            (N, Game::holdem()),
            (P, omaha),
        ],
        _ => {
            return Err(Error::bad_config(format!(
                "no mix is called {name:?}: the named mixes are 'horse' and '8-game' (or give the (structure, game) pairs)"
            )))
        }
    })
}

/// When levels change.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Advance {
    /// After this many hands at a level.
    Hands(u32),
    /// After this many seconds of the clock passed to `new_hand`.
    Seconds(f64),
}

impl Advance {
    /// The rule from its two spellings, exactly one of them given.
    pub fn from_options(hands: Option<u32>, seconds: Option<f64>) -> Result<Advance> {
        match (hands, seconds) {
            (Some(h), None) => Ok(Advance::Hands(h)),
            (None, Some(s)) => Ok(Advance::Seconds(s)),
            (None, None) => Err(Error::bad_config(
                "say when levels advance: hands_per_level=N or seconds_per_level=S".into(),
            )),
            (Some(_), Some(_)) => Err(Error::bad_config(
                "give hands_per_level or seconds_per_level, not both".into(),
            )),
        }
    }
}

/// A player's result.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Finish {
    pub player: u32,
    pub seat: usize,
    /// 1 for the winner. Players tied share the better place.
    pub place: u32,
    pub prize: u64,
    /// The hand in which they busted (`None` for the winner).
    pub hand: Option<u64>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Tournament {
    pub(crate) table: Table,
    pub(crate) levels: Vec<Level>,
    pub(crate) advance: Advance,
    pub(crate) level: usize,
    pub(crate) hands_at_level: u32,
    pub(crate) clock: f64,
    pub(crate) payouts: Vec<u64>,
    pub(crate) entrants: u32,
    pub(crate) results: Vec<Finish>,
    /// While a hand is out: the level, hands at it, the clock and the mix's
    /// game and round before it was dealt (`take_back` restores them).
    pub(crate) undo: Option<Undo>,
    /// The games played, each with its structure (one for a single game).
    pub(crate) mix: Vec<(Structure, Game)>,
    pub(crate) rotation: Rotation,
    /// The game of the mix being played.
    pub(crate) game_at: usize,
    /// Hands dealt in the current game's round, and the round's length.
    pub(crate) round: (u32, u32),
}

/// What [`Tournament::take_back`] restores.
#[derive(Copy, Clone, Debug, PartialEq)]
pub(crate) struct Undo {
    pub level: usize,
    pub hands_at_level: u32,
    pub clock: f64,
    pub game_at: usize,
    pub round: (u32, u32),
}

/// The rules of `game` under `structure` at level `l`; `mixed`: in a mix,
/// where the ante is the stud games' only. At fixed limit the raise cap
/// holds in a hand of two players, lifted only once the tournament is
/// `heads_up` (WSOP tournament rule 100b: "one bet and four raises, even
/// if there are only two Participants remaining in the hand. Once the
/// Tournament becomes heads-up ... this rule does not apply").
pub(crate) fn level_rules(
    structure: Structure,
    game: Game,
    l: &Level,
    mixed: bool,
    heads_up: bool,
) -> Result<Rules> {
    if game.is_stud() {
        if structure != Structure::FixedLimit {
            return Err(Error::bad_config(format!(
                "{} is played at fixed limit, not {}",
                game.name(),
                structure.name()
            )));
        }
        if l.bring_in == 0 {
            return Err(Error::bad_config(format!(
                "{} needs a bring-in: give each level its bring-in (a fourth number)",
                game.name()
            )));
        }
        return Rules::stud(
            game,
            crate::game::StudOptions {
                ante: l.ante.max(l.big_blind_ante),
                bring_in: l.bring_in,
                small_bet: l.big_blind,
                big_bet: l.big_blind.checked_mul(2),
                raise_cap: Some(4),
                heads_up_uncapped: heads_up,
                fourth_street_big_bet: false,
            },
        );
    }
    let (ante, big_blind_ante) = if mixed {
        (0, 0)
    } else {
        (l.ante, l.big_blind_ante)
    };
    let o = BlindOptions {
        small_blind: l.small_blind,
        big_blind: l.big_blind,
        ante,
        big_blind_ante,
        ..Default::default()
    };
    match structure {
        Structure::NoLimit => Rules::no_limit(o),
        Structure::PotLimit => Rules::pot_limit(o),
        Structure::FixedLimit => Rules::fixed_limit(o, None, None, Some(4), heads_up),
        Structure::Progressive => Err(Error::bad_config("a tournament plays no-limit, pot-limit or fixed-limit; Progressive Hold'em has no blind levels".into())),
    }
    .map(|r| r.with_game(game))
}

impl Tournament {
    /// A tournament of the players `stacks` (seat `i` gets `stacks[i]`;
    /// `0` leaves a seat empty), with the button at `button` (or the first
    /// player).
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        structure: Structure,
        game: Game,
        levels: Vec<Level>,
        advance: Advance,
        stacks: &[u64],
        payouts: Vec<u64>,
        button: Option<usize>,
        seed: Option<u64>,
    ) -> Result<Tournament> {
        Tournament::mixed(
            vec![(structure, game)],
            Rotation::Orbit,
            levels,
            advance,
            stacks,
            payouts,
            button,
            seed,
        )
    }

    /// A tournament of a mix of games ([`Tournament::new`] is a mix of one),
    /// the game changing as `rotation` says.
    #[allow(clippy::too_many_arguments)]
    pub fn mixed(
        mix: Vec<(Structure, Game)>,
        rotation: Rotation,
        levels: Vec<Level>,
        advance: Advance,
        stacks: &[u64],
        payouts: Vec<u64>,
        button: Option<usize>,
        seed: Option<u64>,
    ) -> Result<Tournament> {
        if mix.is_empty() || mix.len() > 64 {
            return Err(Error::bad_config(format!(
                "a mix has 1 to 64 games, not {}",
                mix.len()
            )));
        }
        let mixed = mix.len() > 1;
        if levels.is_empty() {
            return Err(Error::bad_config(
                "a tournament needs at least one level".into(),
            ));
        }
        for (i, l) in levels.iter().enumerate() {
            for &(structure, game) in &mix {
                level_rules(structure, game, l, mixed, false).map_err(|e| {
                    let of = if mixed {
                        format!(" ({} {})", structure.name(), game.name())
                    } else {
                        String::new()
                    };
                    Error::bad_config(format!("level {}{of}: {e}", i + 1))
                })?;
            }
        }
        let (structure, game) = mix[0];
        match advance {
            Advance::Hands(0) => {
                return Err(Error::bad_config(
                    "levels advance after at least 1 hand".into(),
                ))
            }
            Advance::Seconds(s) if !(s.is_finite() && s > 0.0) => {
                return Err(Error::bad_config(format!(
                    "a level lasts a positive number of seconds, not {s}"
                )))
            }
            _ => {}
        }
        let players = stacks.iter().filter(|&&s| s > 0).count();
        if players < 2 {
            return Err(Error::bad_config(
                "a tournament needs at least two players (stacks above 0)".into(),
            ));
        }
        // (every game of the mix must deal to the whole table: its first
        // hand has every player)
        if let Some(&(_, g)) = mix.iter().find(|(_, g)| players > g.max_players()) {
            return Err(Error::bad_config(format!(
                "{players} players: a hand of {} deals to at most {}",
                g.name(),
                g.max_players()
            )));
        }
        let rules = Arc::new(level_rules(
            structure,
            game,
            &levels[0],
            mixed,
            stacks.iter().filter(|&&x| x > 0).count() == 2,
        )?);
        let mut table = Table::new(rules, stacks.len(), ButtonRule::Dead, seed)?;
        table.freeze_button_in_stud = mixed && mix.iter().any(|(_, g)| g.is_stud());
        for (seat, &s) in stacks.iter().enumerate() {
            if s > 0 {
                table.sit(seat, s, Entry::PostBigBlind)?;
            }
        }
        let entrants = table.players() as u32;
        if entrants < 2 {
            return Err(Error::bad_config(
                "a tournament needs at least two players".into(),
            ));
        }
        if payouts.len() > entrants as usize {
            return Err(Error::bad_config(format!(
                "{} payouts for {entrants} players: at most one per player",
                payouts.len()
            )));
        }
        if payout_total(&payouts).is_none() {
            return Err(Error::bad_config(
                "the payouts add up to more than 2**64 - 1: a prize pool is at most that".into(),
            ));
        }
        if let Some(p) = payouts.windows(2).position(|w| w[1] > w[0]) {
            return Err(Error::bad_config(format!(
                "the payouts must not grow with the place: place {} gets {}, place {} {}",
                p + 2,
                payouts[p + 1],
                p + 1,
                payouts[p]
            )));
        }
        if let Some(b) = button {
            table.set_button(b)?;
        }
        let _ = structure;
        Ok(Tournament {
            table,
            levels,
            advance,
            level: 0,
            hands_at_level: 0,
            clock: 0.0,
            payouts,
            entrants,
            results: Vec::new(),
            undo: None,
            round: (0, entrants),
            mix,
            rotation,
            game_at: 0,
        })
    }

    pub fn table(&self) -> &Table {
        &self.table
    }
    /// The table, for seating changes (sitting out, late registration through [`Tournament::register`]).
    pub fn table_mut(&mut self) -> &mut Table {
        &mut self.table
    }
    pub fn levels(&self) -> &[Level] {
        &self.levels
    }
    pub fn advance(&self) -> Advance {
        self.advance
    }
    /// The current level (0-based).
    pub fn level(&self) -> usize {
        self.level
    }
    pub fn payouts(&self) -> &[u64] {
        &self.payouts
    }
    pub fn entrants(&self) -> u32 {
        self.entrants
    }
    /// The betting structure of the game being played.
    pub fn structure(&self) -> Structure {
        self.mix[self.game_at].0
    }
    /// The game dealt (the table's rules carry it).
    pub fn game(&self) -> Game {
        self.table.rules.game
    }
    /// The games of the mix, each with its structure (one for a single game).
    pub fn mix(&self) -> &[(Structure, Game)] {
        &self.mix
    }
    pub fn rotation(&self) -> Rotation {
        self.rotation
    }
    /// The game of the mix being played (0-based), and the hands dealt of
    /// its round and the round's length.
    pub fn game_index(&self) -> usize {
        self.game_at
    }
    pub fn round(&self) -> (u32, u32) {
        self.round
    }

    /// The rules of the mix's game `at` at level `level`, for the players
    /// still in.
    fn rules_of(&self, at: usize, level: usize) -> Result<Rules> {
        let (structure, game) = self.mix[at];
        let heads_up = self.remaining() == 2;
        level_rules(
            structure,
            game,
            &self.levels[level],
            self.mix.len() > 1,
            heads_up,
        )
    }

    /// The level's period the next hand is dealt in, at `level` (due by
    /// `clock`): the level, and from the last one on, as many more as
    /// periods of a level's length have passed in it (a mix rotated by
    /// level goes on round and round once the blinds stop rising).
    fn period(&self, level: usize, clock: Option<f64>) -> usize {
        let last = self.levels.len() - 1;
        if level < last {
            return level;
        }
        match (self.advance, clock) {
            (Advance::Hands(n), _) => {
                // (the hands dealt at the last level so far: none if it
                // begins with this hand)
                let dealt = if self.level == last {
                    self.hands_at_level
                } else {
                    0
                };
                last + (dealt / n.max(1)) as usize
            }
            // (a finite clock: update_level checked it)
            (Advance::Seconds(len), Some(t)) => ((t / len).floor() as usize).max(level),
            (Advance::Seconds(_), None) => level,
        }
    }

    /// The game (and its round) the next hand is dealt in level period
    /// `period` ([`Tournament::period`]).
    fn next_game(&self, period: usize) -> (usize, (u32, u32)) {
        let k = self.mix.len();
        if k == 1 {
            return (0, self.round);
        }
        match self.rotation {
            Rotation::Level => (period % k, self.round),
            Rotation::Orbit if self.round.0 >= self.round.1 => {
                ((self.game_at + 1) % k, (0, self.table.players() as u32))
            }
            Rotation::Orbit => (self.game_at, self.round),
        }
    }
    /// Places decided so far, in the order they were decided.
    pub fn results(&self) -> &[Finish] {
        &self.results
    }
    /// Players still in.
    pub fn remaining(&self) -> usize {
        self.table.players()
    }
    pub fn is_over(&self) -> bool {
        self.table.players() <= 1 && self.table.dealt().is_none()
    }

    /// A late entry: a player joins with `stack` chips at an empty seat,
    /// until the first player busts.
    pub fn register(&mut self, seat: usize, stack: u64) -> Result<u32> {
        if self.is_over() {
            return Err(Error::bad_config("the tournament is over".into()));
        }
        if !self.results.is_empty() {
            return Err(Error::bad_config(
                "late registration closed when the first player busted (places are being decided)"
                    .into(),
            ));
        }
        if self.entrants as usize >= self.table.seat_count() {
            return Err(Error::bad_config(
                "every seat has had a player: this single-table tournament is full".into(),
            ));
        }
        // (as at the start: every game of the mix deals to the whole field)
        let players = self.table.players() + 1;
        if let Some(&(_, g)) = self.mix.iter().find(|(_, g)| players > g.max_players()) {
            return Err(Error::bad_config(format!(
                "{players} players: a hand of {} deals to at most {}",
                g.name(),
                g.max_players()
            )));
        }
        let id = self.table.sit(seat, stack, Entry::PostBigBlind)?;
        self.entrants += 1;
        if self.round.0 == 0 {
            // before the first hand: the first round has everyone
            self.round.1 = self.table.players() as u32;
        }
        Ok(id)
    }

    /// Moves to the level due at `clock` seconds (with a clock), or after
    /// the hands played at this level.
    fn update_level(&mut self, clock: Option<f64>) -> Result<usize> {
        let mut level = self.level;
        match (self.advance, clock) {
            (Advance::Hands(n), None) => {
                if self.hands_at_level >= n && level + 1 < self.levels.len() {
                    level += 1;
                }
            }
            (Advance::Seconds(len), Some(t)) => {
                if !t.is_finite() {
                    return Err(Error::bad_config(format!(
                        "the clock must be a number of seconds since the start, not {t}"
                    )));
                }
                if t < self.clock {
                    return Err(Error::bad_config(format!("the clock reads {t} seconds, before the last hand's {}: it only moves forward", self.clock)));
                }
                level = ((t / len).floor() as usize)
                    .min(self.levels.len() - 1)
                    .max(level);
            }
            (Advance::Hands(_), Some(_)) => {
                return Err(Error::bad_config(
                    "levels advance by hands here: deal without a clock".into(),
                ))
            }
            (Advance::Seconds(_), None) => {
                return Err(Error::bad_config(
                    "levels advance by the clock here: pass the seconds since the start".into(),
                ))
            }
        }
        Ok(level)
    }

    /// Deals the next hand at the level due.
    pub fn new_hand(&mut self, clock: Option<f64>) -> Result<Hand> {
        if self.is_over() {
            return Err(Error::bad_config("the tournament is over".into()));
        }
        if let Some(d) = self.table.dealt() {
            return Err(Error::bad_config(format!(
                "cannot deal a new hand while hand {} is being played: finish it first",
                d.number
            )));
        }
        let level = self.update_level(clock)?;
        let before = Undo {
            level: self.level,
            hands_at_level: self.hands_at_level,
            clock: self.clock,
            game_at: self.game_at,
            round: self.round,
        };
        let (game_at, round) = self.next_game(self.period(level, clock));
        // (the rules change with the level, the game, and once two players
        // are left)
        let rules = self.rules_of(game_at, level)?;
        if *self.table.rules != rules {
            self.table.set_rules(Arc::new(rules))?;
        }
        let hand = match self.table.new_hand() {
            Ok(h) => h,
            Err(e) => {
                self.table
                    .set_rules(Arc::new(self.rules_of(self.game_at, self.level)?))?;
                return Err(e);
            }
        };
        if level != self.level {
            self.level = level;
            self.hands_at_level = 0;
        }
        if let Some(t) = clock {
            self.clock = t;
        }
        self.hands_at_level += 1;
        self.game_at = game_at;
        self.round = (round.0 + 1, round.1);
        self.undo = Some(before);
        Ok(hand)
    }

    /// Takes back the hand being played, as if it was never dealt: the
    /// table's positions and dealing, and the level, its hand count and the
    /// clock as before it.
    pub fn take_back(&mut self) -> bool {
        if !self.table.take_back() {
            return false;
        }
        if let Some(u) = self.undo.take() {
            if let Ok(r) = self.rules_of(u.game_at, u.level) {
                self.table.rules = Arc::new(r);
            }
            self.level = u.level;
            self.hands_at_level = u.hands_at_level;
            self.clock = u.clock;
            self.game_at = u.game_at;
            self.round = u.round;
        }
        true
    }

    /// Carries a finished hand back and places the players it busted.
    /// Returns the places decided by this hand.
    pub fn finish(&mut self, hand: &Hand) -> Result<Vec<Finish>> {
        let button = self.table.dealt().map(|d| d.positions.button).unwrap_or(0);
        let busts = self.table.finish(hand)?;
        self.undo = None;
        let n = self.table.seat_count();
        let left = self.table.players() as u32;
        let mut out = Vec::new();
        // Larger starting stacks place higher; equal ones tie.
        let mut order = busts.clone();
        order.sort_by_key(|b| {
            (
                std::cmp::Reverse(b.starting_stack),
                (b.seat + n - button - 1) % n,
            )
        });
        let mut i = 0;
        while i < order.len() {
            let j = (i..order.len())
                .find(|&j| order[j].starting_stack != order[i].starting_stack)
                .unwrap_or(order.len());
            let place = left + 1 + i as u32;
            // The prizes of the places tied for, pooled exactly (the pool
            // is at most the prize pool, which fits: see `payout_total`).
            let pool: u128 = (place..place + (j - i) as u32)
                .map(|p| self.payouts.get(p as usize - 1).copied().unwrap_or(0) as u128)
                .sum();
            let ways = (j - i) as u128;
            let (share, odd) = (pool / ways, (pool % ways) as usize);
            for (k, b) in order[i..j].iter().enumerate() {
                let prize = u64::try_from(share + (k < odd) as u128).unwrap_or(u64::MAX);
                out.push(Finish {
                    player: b.player,
                    seat: b.seat,
                    place,
                    prize,
                    hand: Some(b.hand),
                });
            }
            i = j;
        }
        if left == 1 {
            if let Some((seat, p)) = self
                .table
                .seats()
                .iter()
                .enumerate()
                .find_map(|(s, p)| p.as_ref().map(|p| (s, p)))
            {
                out.push(Finish {
                    player: p.id,
                    seat,
                    place: 1,
                    prize: self.payouts.first().copied().unwrap_or(0),
                    hand: None,
                });
            }
        }
        self.results.extend(out.iter().cloned());
        Ok(out)
    }

    /// Plays one hand through (absent players' hands are dead).
    pub fn play<F: FnMut(&Hand) -> Move>(
        &mut self,
        mut policy: F,
        clock: Option<f64>,
    ) -> Result<(Hand, Vec<Finish>)> {
        self.play_with(|t: &Turn<'_>| Ok::<_, Error>(policy(t.hand)), clock)
    }

    /// Plays one hand through with a policy that may fail; on its error the
    /// hand is taken back (the level, its hand count and the clock too).
    pub fn play_with<E: From<Error>>(
        &mut self,
        policy: impl FnMut(&Turn<'_>) -> std::result::Result<Move, E>,
        clock: Option<f64>,
    ) -> std::result::Result<(Hand, Vec<Finish>), E> {
        let hand = self.new_hand(clock)?;
        play::play_dealt(self, hand, policy)
    }

    /// ICM of the players still in, by table seat, over the prizes left.
    pub fn icm_by_seat(
        &self,
        trials: Option<u64>,
        seed: Option<u64>,
    ) -> Result<std::collections::BTreeMap<usize, f64>> {
        let by_id = self.icm(trials, seed)?;
        let seat_of = |id: u32| {
            self.table
                .seats()
                .iter()
                .position(|p| p.as_ref().is_some_and(|p| p.id == id))
        };
        Ok(by_id
            .into_iter()
            .filter_map(|(id, v)| seat_of(id).map(|s| (s, v)))
            .collect())
    }

    /// ICM of the players still in, over the prizes of the places left.
    pub fn icm(&self, trials: Option<u64>, seed: Option<u64>) -> Result<Vec<(u32, f64)>> {
        let players: Vec<(u32, u64)> = self
            .table
            .seats()
            .iter()
            .flatten()
            .map(|p| (p.id, p.stack))
            .collect();
        let stacks: Vec<u64> = players.iter().map(|p| p.1).collect();
        let payouts: Vec<f64> = self
            .payouts
            .iter()
            .take(stacks.len())
            .map(|&p| p as f64)
            .collect();
        let r = icm::icm(&stacks, &payouts, trials, seed)?;
        Ok(players.iter().map(|p| p.0).zip(r.equities).collect())
    }
}

/// The prize pool, or `None` when the payouts add up to more than a `u64`.
pub(crate) fn payout_total(payouts: &[u64]) -> Option<u64> {
    payouts.iter().try_fold(0u64, |a, &p| a.checked_add(p))
}

impl play::Dealer for Tournament {
    type Finished = Vec<Finish>;
    fn turn_map(&self) -> (&[usize], u32) {
        self.table.turn_map()
    }
    fn finish_hand(&mut self, hand: &Hand) -> Result<Vec<Finish>> {
        self.finish(hand)
    }
    fn take_back_hand(&mut self) -> bool {
        self.take_back()
    }
}
