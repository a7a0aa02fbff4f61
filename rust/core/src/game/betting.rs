//! What the player to act may do, and the checks on every action: the
//! minimum bet and raise, the pot-limit maximum, fixed-limit sizes and caps,
//! short all-ins that do or do not reopen the betting.
use super::event::EventKind;
use super::hand::Hand;
use super::rules::Structure;
use crate::error::{Error, IllegalReason, Result};

/// What the player to act may do. Amounts are chips; raise amounts are street
/// totals ("raise to").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct LegalActions {
    pub seat: usize,
    pub can_fold: bool,
    pub can_check: bool,
    /// Chips needed to call: 0 when checking is allowed, the whole stack when
    /// calling all-in for less.
    pub call_amount: u64,
    /// Smallest legal bet or raise (street total); `None` when closed.
    pub min_raise_to: Option<u64>,
    /// Largest legal bet or raise (street total); `None` when closed.
    pub max_raise_to: Option<u64>,
    /// Stud, third street: this player brings in. `call_amount` is the
    /// bring-in (a call or [`Move::BringIn`] posts it) and a bet to
    /// `min_raise_to` completes to the small bet; folding and checking are
    /// not allowed.
    pub bring_in: bool,
    /// Draw games: this player draws. It discards any of its cards
    /// ([`Move::Discard`]; none: stands pat) and may do nothing else: the
    /// other fields say no betting move.
    pub draw: bool,
}

impl LegalActions {
    /// True when betting or raising is open to this player.
    pub fn can_raise(&self) -> bool {
        self.min_raise_to.is_some()
    }
}

/// A player's move, for [`Hand::act`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Fold,
    /// Check, or call when facing a bet (the Progressive round's bet).
    CheckOrCall,
    /// Check only: refused when facing a bet.
    Check,
    /// Call only: refused when there is nothing to call.
    Call,
    /// Bet or raise to this street total.
    BetOrRaiseTo(u64),
    /// Stud: post the bring-in (the player to act owes it; a call does the
    /// same).
    BringIn,
    /// Draw games: discard these cards (none: stand pat) and draw as many.
    Discard(crate::card::CardSet),
}

impl Move {
    /// The move for an action kind (by its number: 4 fold, 5 check, 6 call,
    /// 7 bet, 8 raise), with the street total for a bet or raise.
    pub fn from_action(kind: u8, to: Option<u64>) -> Result<Move> {
        use super::hand::ActionKind as K;
        match (super::hand::ActionKind::from_u8(kind), to) {
            (Some(K::Fold), None) => Ok(Move::Fold),
            (Some(K::Check), None) => Ok(Move::Check),
            (Some(K::Call), None) => Ok(Move::Call),
            (Some(K::Bet | K::Raise), Some(to)) => Ok(Move::BetOrRaiseTo(to)),
            (Some(K::Bet | K::Raise), None) => Err(Error::config(
                "amount",
                "a bet or raise needs an amount (the street total)".into(),
            )),
            (Some(K::BringIn), None) => Ok(Move::BringIn),
            (Some(K::Fold | K::Check | K::Call | K::BringIn), Some(_)) => Err(Error::config(
                "amount",
                "only a bet or raise takes an amount".into(),
            )),
            (Some(K::Discard), _) => Err(Error::config(
                "kind",
                "a discard takes cards, not an amount: use Hand.discard".into(),
            )),
            _ => Err(Error::config(
                "kind",
                format!(
                    "{kind} is not a player action: use ActionKind.FOLD, CHECK, CALL, BET, RAISE or BRING_IN"
                ),
            )),
        }
    }
}

/// Why betting or raising is closed to a player.
enum Closed {
    Progressive,
    CannotCoverMore,
    NobodyCanAnswer,
    NotReopened { limit: bool },
    Capped(u32),
}

impl Closed {
    fn reason(&self) -> IllegalReason {
        match self {
            Closed::Progressive => IllegalReason::BetOrFoldOnly,
            Closed::CannotCoverMore => IllegalReason::NoChipsBeyondCall,
            Closed::NobodyCanAnswer => IllegalReason::NobodyCanAnswer,
            Closed::NotReopened { .. } => IllegalReason::NotReopened,
            Closed::Capped(_) => IllegalReason::RaiseCapReached,
        }
    }

    fn text(&self) -> String {
        match self {
            Closed::Progressive => "in Progressive Hold'em each player bets the round's amount or folds".into(),
            Closed::CannotCoverMore => "the player has no chips beyond the call".into(),
            Closed::NobodyCanAnswer => "every other player still in is all-in".into(),
            Closed::NotReopened { limit: false } => "the betting was not reopened: the raises since this player acted add up to less than a full raise".into(),
            Closed::NotReopened { limit: true } => "the betting was not reopened: the bet grew by less than half a bet since this player acted".into(),
            Closed::Capped(cap) => format!("the betting is capped ({cap} raises)"),
        }
    }
}

impl Hand {
    /// Fixed limit: the bet size on this street.
    pub(crate) fn limit_bet_size(&self) -> u64 {
        if self.rules.game.big_bet_on(self.street) || self.fourth_big {
            self.rules.big_bet
        } else {
            self.rules.small_bet
        }
    }

    /// Every chip in the middle: contributions (this street's bets included) and dead money.
    pub fn pot_total(&self) -> u64 {
        self.seats.iter().map(|s| s.total).sum::<u64>() + self.dead
    }

    fn raise_range(&self, seat: usize) -> std::result::Result<(u64, u64), Closed> {
        let rules = &self.rules;
        if rules.structure == Structure::Progressive {
            return Err(Closed::Progressive);
        }
        let s = &self.seats[seat];
        let all_in_to = s.bet + s.stack;
        if all_in_to <= self.high || (self.bring_in_due && s.stack <= rules.bring_in) {
            return Err(Closed::CannotCoverMore);
        }
        if self.masks.able & !(1u32 << seat) == 0 {
            return Err(Closed::NobodyCanAnswer);
        }
        let limit = rules.structure == Structure::FixedLimit;
        let full = if limit {
            self.limit_bet_size()
        } else {
            self.full_raise
        };
        // Reopened for a player who acted when the wager to them has grown by
        // a full raise since (rule 96), or in limit by half a bet or more
        // (rule 129: several small all-ins that together reach it act as a raise).
        let grown = self.high - s.acted_high;
        let reopened = if limit {
            2 * grown >= full || self.completed_since(s.acted_high)
        } else {
            self.last_full_high > s.acted_high || grown >= full
        };
        if s.acted && !reopened {
            return Err(Closed::NotReopened { limit });
        }
        match rules.structure {
            Structure::FixedLimit => {
                if let Some(cap) = rules.raise_cap {
                    if !self.uncapped && self.last_full_high > 0 && self.raises >= cap {
                        return Err(Closed::Capped(cap));
                    }
                }
                let to = (self.last_full_high + full)
                    .max(self.high + 1)
                    .min(all_in_to);
                if !self.fourth_big && self.fourth_option() {
                    // The open-pair option: the small bet or the big bet
                    // (nothing in between; `bet_or_raise_to` checks).
                    let big = (self.last_full_high + rules.big_bet)
                        .max(self.high + 1)
                        .min(all_in_to);
                    return Ok((to, big));
                }
                Ok((to, to))
            }
            Structure::NoLimit => Ok(((self.high + full.max(1)).min(all_in_to), all_in_to)),
            Structure::PotLimit => {
                let call = self.high - s.bet;
                let max = (self.high + self.pot_total() + call).min(all_in_to);
                Ok(((self.high + full.max(1)).min(max), max))
            }
            Structure::Progressive => Err(Closed::Progressive),
        }
    }

    pub(crate) fn can_bet_or_raise(&self, seat: usize) -> bool {
        self.raise_range(seat).is_ok()
    }

    /// What the player to act may do; `None` once the hand is over.
    pub fn legal_actions(&self) -> Option<LegalActions> {
        let seat = self.actor?;
        if self.is_drawing() {
            return Some(LegalActions {
                seat,
                can_fold: false,
                can_check: false,
                call_amount: 0,
                min_raise_to: None,
                max_raise_to: None,
                bring_in: false,
                draw: true,
            });
        }
        let call_amount = self.call_amount(seat);
        let progressive = self.rules.structure == Structure::Progressive;
        let range = self.raise_range(seat).ok();
        let due = self.bring_in_due;
        Some(LegalActions {
            seat,
            can_fold: (call_amount > 0 || progressive) && !due,
            can_check: call_amount == 0 && !progressive && !due,
            call_amount,
            min_raise_to: range.map(|r| r.0),
            max_raise_to: range.map(|r| r.1),
            bring_in: due,
            draw: false,
        })
    }

    fn describe_legal(&self, la: &LegalActions) -> String {
        if la.draw {
            return format!(
                "legal: discard up to {} cards, or stand pat",
                self.hole(la.seat).len()
            );
        }
        let mut parts = Vec::new();
        if la.can_fold {
            parts.push("fold".to_string());
        }
        if la.bring_in {
            let all_in = la.call_amount == self.seats[la.seat].stack;
            parts.push(format!(
                "bring in {}{}",
                la.call_amount,
                if all_in { " (all-in)" } else { "" }
            ));
            if let Some(to) = la.min_raise_to {
                parts.push(format!("complete to {to}"));
            }
            return format!("legal: {}", parts.join(", "));
        }
        if la.can_check {
            parts.push("check".to_string());
        } else if la.call_amount > 0 {
            let all_in = la.call_amount == self.seats[la.seat].stack;
            let verb = if self.rules.structure == Structure::Progressive {
                "bet"
            } else {
                "call"
            };
            parts.push(format!(
                "{verb} {}{}",
                la.call_amount,
                if all_in { " (all-in)" } else { "" }
            ));
        }
        if let (Some(lo), Some(hi)) = (la.min_raise_to, la.max_raise_to) {
            let verb = if self.high == 0 { "bet" } else { "raise" };
            if lo == hi {
                parts.push(format!("{verb} to {lo}"));
            } else {
                parts.push(format!("{verb} to {lo}..{hi}"));
            }
        }
        format!("legal: {}", parts.join(", "))
    }

    /// An `IllegalAction` error: `what` went wrong, followed by the legal actions.
    #[cold]
    #[inline(never)]
    pub(crate) fn refuse(&self, reason: IllegalReason, what: String) -> Error {
        let legal = self.legal_actions();
        let message = match &legal {
            Some(la) => format!("{what} ({})", self.describe_legal(la)),
            None => what,
        };
        Error::illegal(reason, legal, message)
    }

    /// The seat to act; an error when the hand is over, or when `seat` is
    /// given and is not the seat to act.
    #[inline]
    pub(crate) fn turn(&self, seat: Option<usize>) -> Result<usize> {
        match (self.actor, seat) {
            (Some(actor), None) => Ok(actor),
            (Some(actor), Some(s)) if s == actor => Ok(actor),
            _ => Err(self.not_your_turn(seat)),
        }
    }

    #[cold]
    #[inline(never)]
    fn not_your_turn(&self, seat: Option<usize>) -> Error {
        match (self.actor, seat) {
            (Some(actor), Some(s)) => self.refuse(
                IllegalReason::NotYourTurn,
                format!("it is not seat {s}'s turn: seat {actor} is to act"),
            ),
            _ if self.runs.awaiting => self.refuse(
                IllegalReason::NotYourTurn,
                "no seat is to act: the players choose how many times to run the board (run_it)"
                    .into(),
            ),
            _ => self.refuse(
                IllegalReason::HandOver,
                "the hand is over: nobody is to act".into(),
            ),
        }
    }

    fn call_amount(&self, seat: usize) -> u64 {
        let s = &self.seats[seat];
        if self.bring_in_due {
            return self.rules.bring_in.min(s.stack);
        }
        (self.high - s.bet.min(self.high)).min(s.stack)
    }

    /// What the player to act may do, in words ("legal: fold, call 6, raise to 12..100").
    pub fn legal_text(&self) -> String {
        self.legal_actions()
            .map(|la| self.describe_legal(&la))
            .unwrap_or_default()
    }

    /// The error for an amount that is not a whole, non-negative number of
    /// chips (`shown`: the amount as the caller wrote it).
    pub fn not_an_amount(&self, shown: &str) -> Error {
        if self.actor.is_none() {
            return self.refuse(
                IllegalReason::HandOver,
                "the hand is over: nobody is to act".into(),
            );
        }
        self.refuse(IllegalReason::NotAnAmount, format!("{shown} is not a legal amount to bet or raise to: amounts are whole numbers of chips"))
    }

    /// `seat` (or, with `None`, whoever is to act) makes `mv`. Refused with
    /// an [`Error::IllegalAction`] when it is not that seat's turn or the
    /// rules forbid the move; a refused move changes nothing.
    pub fn act(&mut self, seat: Option<usize>, mv: Move) -> Result<()> {
        if self.deal_may_run_dry() {
            return self.guarded(|h| h.act(seat, mv));
        }
        let actor = self.turn(seat)?;
        if self.bring_in_due {
            return self.act_bringing_in(actor, mv);
        }
        if let Move::Discard(set) = mv {
            // (at most a hand's worth; more is refused by the check)
            let mut cards = [crate::card::Card::FIRST; 8];
            let mut k = 0;
            for c in set.iter() {
                if k == cards.len() {
                    return Err(self.refuse(
                        IllegalReason::BadDiscard,
                        format!("seat {actor} cannot discard {} cards", set.len()),
                    ));
                }
                cards[k] = c;
                k += 1;
            }
            return self.discard(Some(actor), &cards[..k]);
        }
        self.not_drawing(actor)?;
        match mv {
            Move::Fold => self.fold(),
            Move::CheckOrCall => self.check_or_call(),
            Move::Check => {
                if self.call_amount(actor) > 0 || self.rules.structure == Structure::Progressive {
                    let owes = self.call_amount(actor);
                    return Err(self.refuse(
                        IllegalReason::CannotCheck,
                        format!("seat {actor} cannot check: it faces a bet of {owes} to call"),
                    ));
                }
                self.check_or_call()
            }
            Move::Call => {
                if self.call_amount(actor) == 0 {
                    return Err(self.refuse(
                        IllegalReason::NothingToCall,
                        format!("seat {actor} has nothing to call"),
                    ));
                }
                self.check_or_call()
            }
            Move::BetOrRaiseTo(to) => self.bet_or_raise_to(to),
            Move::BringIn => Err(self.refuse(
                IllegalReason::NotBringingIn,
                format!("seat {actor} does not owe a bring-in"),
            )),
            Move::Discard(_) => Ok(()),
        }
    }

    /// `act` for the player who owes the bring-in: post it (a bring-in, a
    /// call, or a check-or-call), or complete; nothing else.
    #[cold]
    fn act_bringing_in(&mut self, seat: usize, mv: Move) -> Result<()> {
        match mv {
            Move::BringIn | Move::CheckOrCall | Move::Call => {
                self.apply_bring_in(seat);
                Ok(())
            }
            Move::BetOrRaiseTo(to) => self.bet_or_raise_to(to),
            Move::Fold | Move::Check | Move::Discard(_) => Err(self.refuse(
                IllegalReason::MustBringIn,
                format!("seat {seat} brings in: it posts the bring-in or completes"),
            )),
        }
    }

    /// Refuses a betting move while `seat` is to draw.
    #[inline]
    fn not_drawing(&self, seat: usize) -> Result<()> {
        if self.is_drawing() {
            return Err(self.refuse(
                IllegalReason::MustDraw,
                format!("seat {seat} draws: it discards cards or stands pat"),
            ));
        }
        Ok(())
    }

    /// The player to act folds. Not allowed when checking is free.
    pub fn fold(&mut self) -> Result<()> {
        if self.deal_may_run_dry() {
            return self.guarded(Hand::fold);
        }
        let seat = self.turn(None)?;
        self.not_drawing(seat)?;
        if self.bring_in_due {
            return self.act_bringing_in(seat, Move::Fold);
        }
        if self.call_amount(seat) == 0 && self.rules.structure != Structure::Progressive {
            return Err(self.refuse(
                IllegalReason::CannotFold,
                format!("seat {seat} cannot fold when checking is free"),
            ));
        }
        self.apply_fold(seat);
        Ok(())
    }

    fn apply_fold(&mut self, seat: usize) {
        let s = &mut self.seats[seat];
        s.folded = true;
        s.acted = true;
        self.record(seat, EventKind::Fold, 0);
        self.advance(seat, false);
    }

    /// The player to act checks, or calls (all-in for less if short). In
    /// Progressive Hold'em this is the round's bet.
    pub fn check_or_call(&mut self) -> Result<()> {
        if self.deal_may_run_dry() {
            return self.guarded(Hand::check_or_call);
        }
        let seat = self.turn(None)?;
        self.not_drawing(seat)?;
        self.apply_check_or_call(seat);
        Ok(())
    }

    fn apply_check_or_call(&mut self, seat: usize) {
        if self.bring_in_due {
            // (the player who owes the bring-in calls it: posts it)
            return self.apply_bring_in(seat);
        }
        let call = self.call_amount(seat);
        let (kind, amount) = if call == 0 {
            (EventKind::Check, 0)
        } else if self.rules.structure == Structure::Progressive
            && self.seats.iter().all(|s| s.bet == 0)
        {
            (EventKind::Bet, call)
        } else {
            (EventKind::Call, call)
        };
        let s = &mut self.seats[seat];
        s.stack -= call;
        s.bet += call;
        s.total += call;
        if s.stack == 0 {
            s.all_in = true;
        }
        s.acted = true;
        s.acted_high = self.high;
        let amount = if kind == EventKind::Bet {
            s.bet
        } else {
            amount
        };
        self.record(seat, kind, amount);
        self.advance(seat, false);
    }

    /// The player to act bets or raises to `to` chips on this street.
    pub fn bet_or_raise_to(&mut self, to: u64) -> Result<()> {
        if self.deal_may_run_dry() {
            return self.guarded(|h| h.bet_or_raise_to(to));
        }
        let seat = self.turn(None)?;
        self.not_drawing(seat)?;
        let verb = if self.completing() {
            "complete"
        } else if self.high == 0 {
            "bet"
        } else {
            "raise"
        };
        let (lo, hi) = match self.raise_range(seat) {
            Ok(r) => r,
            Err(closed) => {
                return Err(self.refuse(
                    closed.reason(),
                    format!("seat {seat} cannot {verb}: {}", closed.text()),
                ))
            }
        };
        if to < lo {
            return Err(self.refuse(
                IllegalReason::BelowMinimum,
                format!("{verb} to {to} is below the minimum {verb} to {lo}"),
            ));
        }
        if lo < to && to < hi && self.rules.structure == Structure::FixedLimit {
            return Err(self.refuse(
                IllegalReason::BelowMinimum,
                format!("{verb} to {to} is neither the small bet ({verb} to {lo}) nor the big bet ({verb} to {hi}): with an open pair on fourth street a player bets or raises one or the other"),
            ));
        }
        if to > hi {
            let why = if hi == self.seats[seat].bet + self.seats[seat].stack {
                "all-in"
            } else if self.rules.structure == Structure::PotLimit {
                "pot limit"
            } else {
                "fixed limit"
            };
            let message = format!(
                "{verb} to {to} is above the maximum {verb} to {hi} ({why}; {})",
                self.legal_text()
            );
            return Err(Error::illegal(
                IllegalReason::AboveMaximum,
                self.legal_actions(),
                message,
            ));
        }
        self.apply_raise(seat, to);
        Ok(())
    }

    /// `seat`, the player to act, bets or raises to `to`, a legal amount.
    fn apply_raise(&mut self, seat: usize, to: u64) {
        self.bring_in_due = false;
        let kind = if self.high == 0 || self.completing() {
            EventKind::Bet
        } else {
            EventKind::Raise
        };
        let s = &mut self.seats[seat];
        let add = to - s.bet;
        s.stack -= add;
        s.bet = to;
        s.total += add;
        let all_in = s.stack == 0;
        s.all_in = all_in;
        let increment = to - self.high;
        match self.rules.structure {
            Structure::FixedLimit => {
                let over_full = to - self.last_full_high;
                if !self.fourth_big
                    && over_full >= self.rules.big_bet
                    && self.rules.big_bet > self.rules.small_bet
                    && self.fourth_option()
                {
                    // The big bet on fourth street: every raise after it is
                    // the big bet (rule 230).
                    self.fourth_big = true;
                }
                let size = self.limit_bet_size();
                // The half-bet rule (WSOP live-action rule 129): an all-in
                // wager of half a bet or more over the last full bet level is
                // a full bet or raise, whether one all-in made it or several
                // smaller ones in a row ("multiple all-in wagers ... still act
                // as a raise"); less does not reopen the betting.
                if over_full >= size || (all_in && 2 * over_full >= size) {
                    if self.last_full_high > 0 {
                        self.raises += 1;
                    }
                    self.last_full_high = to;
                }
            }
            _ => {
                if increment >= self.full_raise {
                    self.full_raise = increment;
                    self.last_full_high = to;
                }
            }
        }
        self.high = to;
        let s = &mut self.seats[seat];
        s.acted = true;
        s.acted_high = to;
        self.record(seat, kind, to);
        self.advance(seat, true);
    }

    /// Whether `seat`, the player to act, may fold: facing a bet (or in
    /// Progressive Hold'em, always), as `can_fold` of [`Hand::legal_actions`].
    #[inline]
    pub(crate) fn may_fold(&self, seat: usize) -> bool {
        (self.call_amount(seat) > 0 || self.rules.structure == Structure::Progressive)
            && !self.bring_in_due
    }

    /// Stud, third street: whether the bring-in has been completed since a
    /// player acted at `acted_high`. The completion is the round's first
    /// full bet, and reopens the betting for every player who acted before
    /// it (rules 126 and 229), however little it adds to a large bring-in
    /// (a bring-in of 4 completed to 6). Before it, nobody's wager was
    /// above the bring-in or an all-in short of half the small bet; after
    /// it, every wager is above both.
    #[inline]
    fn completed_since(&self, acted_high: u64) -> bool {
        let before = self
            .rules
            .bring_in
            .max(self.rules.small_bet.saturating_sub(1) / 2);
        self.street == super::hand::Street::Third && self.last_full_high > 0 && acted_high <= before
    }

    /// Stud, third street: a bet now completes the bring-in (no full bet
    /// yet): the first bet of the round, not a raise (rule 126).
    #[inline]
    fn completing(&self) -> bool {
        self.street == super::hand::Street::Third && self.last_full_high == 0
    }

    /// The bounds of a bet or raise by `seat`, the player to act, as
    /// [`Hand::legal_actions`] says (`None` when closed).
    #[inline]
    pub(crate) fn raise_bounds(&self, seat: usize) -> Option<(u64, u64)> {
        self.raise_range(seat).ok()
    }

    /// Makes `mv` for `seat`, the player to act, where the caller has made
    /// sure from [`Hand::may_fold`] and [`Hand::raise_bounds`] that it is
    /// legal (a simulation's random bot): a fold, bet or raise is not checked
    /// again. A check or a call alone goes through [`Hand::act`].
    #[inline]
    pub(crate) fn apply_legal(&mut self, seat: usize, mv: Move) -> Result<()> {
        debug_assert_eq!(Some(seat), self.actor, "apply_legal out of turn");
        if self.deal_may_run_dry() {
            return self.guarded(|h| h.act(Some(seat), mv));
        }
        match mv {
            _ if self.bring_in_due || self.is_drawing() => return self.act(Some(seat), mv),
            Move::Fold => {
                debug_assert!(self.may_fold(seat), "apply_legal: fold not allowed");
                self.apply_fold(seat)
            }
            Move::CheckOrCall => self.apply_check_or_call(seat),
            Move::BetOrRaiseTo(to) => {
                debug_assert!(
                    self.raise_bounds(seat)
                        .is_some_and(|(lo, hi)| lo <= to && to <= hi),
                    "apply_legal: raise to {to} not allowed"
                );
                self.apply_raise(seat, to)
            }
            Move::Check | Move::Call | Move::BringIn | Move::Discard(_) => {
                return self.act(Some(seat), mv)
            }
        }
        Ok(())
    }

    /// [`Hand::act`] for the player to act, with `la` what
    /// [`Hand::legal_actions`] says right now (a simulation has just asked,
    /// for its bot): a move that `la` allows is made without working out the
    /// legal actions again; any other goes through `act`, which refuses it.
    #[inline]
    pub(crate) fn act_legal(&mut self, la: &LegalActions, mv: Move) -> Result<()> {
        debug_assert_eq!(
            Some(*la),
            self.legal_actions(),
            "act_legal with stale legal actions"
        );
        if self.deal_may_run_dry() {
            return self.guarded(|h| h.act(None, mv));
        }
        match mv {
            _ if la.bring_in || la.draw => return self.act(None, mv),
            Move::Fold if la.can_fold => self.apply_fold(la.seat),
            Move::CheckOrCall => self.apply_check_or_call(la.seat),
            Move::BetOrRaiseTo(to)
                if la.min_raise_to.is_some_and(|lo| lo <= to)
                    && la.max_raise_to.is_some_and(|hi| to <= hi) =>
            {
                self.apply_raise(la.seat, to)
            }
            _ => return self.act(None, mv),
        }
        Ok(())
    }
}
