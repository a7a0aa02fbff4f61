//! Moves by name, and the one loop that plays a hand out.
//!
//! A bot (a table's, a simulation's, an environment's opponent) answers
//! with a move's name and an amount; [`Move::from_name`] is the only decoder
//! of those answers, so an answer means the same move everywhere. Names:
//!
//! | name        | move                        | when it is refused                 |
//! |-------------|-----------------------------|------------------------------------|
//! | `fold`      | [`Move::Fold`]              | nothing to call (unless allowed)   |
//! | `check`     | [`Move::Check`]             | facing a bet                       |
//! | `call`      | [`Move::CheckOrCall`]       | never: checks when nothing to call |
//! | `call_only` | [`Move::Call`]              | nothing to call                    |
//! | `raise`     | [`Move::BetOrRaiseTo`]      | an amount the rules refuse         |
//! | `bet`       | the same as `raise`         |                                    |
//! | `complete`  | the same as `raise`         | (stud: completing the bring-in)    |
//! | `bring_in`  | [`Move::BringIn`]           | the player does not owe a bring-in |
//! | `discard`   | [`Move::Discard`]           | no draw, or cards it does not hold |
//! | `stand_pat` | `Move::Discard` of no card  | no draw in progress                |
//!
//! The amount is the street total for `raise`/`bet`, the cards' set
//! ([`crate::card::CardSet`]'s bits) for `discard`, and is ignored for the
//! others.
//!
//! [`play_out`] is the one loop: it asks a policy, which may fail, for each
//! move of a player present, and makes the sitting-out player's move itself.
//! [`settle`] is the one take-back rule: a hand whose play failed is taken
//! back, leaving the table or tournament as it was before the deal.
use super::{Hand, LegalActions, Move, SeatView};
use crate::error::{Error, Result};
use std::ops::ControlFlow;

/// A move's names with their moves (made from the amount given).
type MakeMove = fn(u64) -> Move;

const NAMES: [(&str, MakeMove); 10] = [
    ("fold", |_| Move::Fold),
    ("check", |_| Move::Check),
    ("call", |_| Move::CheckOrCall),
    ("call_only", |_| Move::Call),
    ("raise", Move::BetOrRaiseTo),
    ("bet", Move::BetOrRaiseTo),
    ("complete", Move::BetOrRaiseTo),
    ("bring_in", |_| Move::BringIn),
    ("discard", |m| Move::Discard(crate::card::CardSet(m))),
    ("stand_pat", |_| Move::Discard(crate::card::CardSet(0))),
];

/// What a bot's answer looks like, for error messages.
pub const ANSWER_SHAPE: &str = "a bot returns ('fold', 0), ('check', 0), ('call', 0), \
     ('call_only', 0), ('bet', amount), ('raise', amount), ('complete', amount), ('bring_in', 0), \
     ('discard', cards) or ('stand_pat', 0)";

impl Move {
    /// Every name a move answers to, in the order of [`Move::from_name`]'s table.
    pub fn names() -> impl Iterator<Item = &'static str> {
        NAMES.iter().map(|n| n.0)
    }

    /// The move a name stands for (see the module's table): `amount` is the
    /// street total of a bet or raise, ignored for the other moves.
    pub fn from_name(name: &str, amount: Option<u64>) -> Result<Move> {
        let Some(&(_, make)) = NAMES.iter().find(|n| n.0 == name) else {
            return Err(Error::bad_config(
                "the move is fold, check, call, call_only, bet, raise, complete, bring_in, discard or stand_pat".into(),
            ));
        };
        let mv = make(amount.unwrap_or(0));
        if matches!(mv, Move::BetOrRaiseTo(_)) && amount.is_none() {
            return Err(Error::bad_config(format!(
                "a bet or raise amount is a whole number of chips, from 0 to {}",
                u64::MAX
            )));
        }
        if name == "discard" && amount.is_none_or(|m| m >> 52 != 0) {
            return Err(Error::bad_config(
                "a discard names the cards discarded (a set of cards)".into(),
            ));
        }
        Ok(mv)
    }

    /// The name of this move (`"raise"` for a bet or raise).
    pub fn name(self) -> &'static str {
        match self {
            Move::Fold => "fold",
            Move::Check => "check",
            Move::CheckOrCall => "call",
            Move::Call => "call_only",
            Move::BetOrRaiseTo(_) => "raise",
            Move::BringIn => "bring_in",
            Move::Discard(_) => "discard",
        }
    }

    /// The amount of the answer for this move: the street total of a bet or
    /// raise, the cards' set of a discard, else 0.
    pub fn amount(self) -> u64 {
        match self {
            Move::BetOrRaiseTo(to) => to,
            Move::Discard(set) => set.0,
            _ => 0,
        }
    }

    /// A bot's answer as a move: `name` as the answer gave it (`None` when
    /// the answer is not a pair starting with a name), `amount` its second
    /// item when that is a whole number of chips (needed only for a bet or
    /// raise; the other moves ignore it), `shown` the answer as written.
    /// Errors name the bot (`who`).
    pub fn from_answer(
        who: &str,
        shown: &str,
        name: Option<&str>,
        amount: Option<u64>,
    ) -> Result<Move> {
        let Some(name) = name else {
            return Err(bad_answer(who, shown, ANSWER_SHAPE));
        };
        Move::from_name(name, amount).map_err(|e| bad_answer(who, shown, &e.to_string()))
    }
}

/// "`who` answered `shown`: `why`".
pub fn bad_answer(who: &str, shown: &str, why: &str) -> Error {
    Error::bad_config(format!("{who} answered {shown}: {why}"))
}

/// "no bot for seat `seat`" (a table's bots by seat lack one).
pub fn no_bot(seat: usize) -> Error {
    Error::bad_config(format!(
        "no bot for seat {seat}: give one callable, a list by seat or a dict {{seat: bot}}"
    ))
}

/// The move made for an absent player to act: check when free, else fold
/// (in a draw, stand pat).
pub fn move_for_absent(la: &LegalActions) -> Move {
    if la.draw {
        Move::Discard(crate::card::CardSet(0))
    } else if la.can_check {
        Move::CheckOrCall
    } else {
        Move::Fold
    }
}

/// One decision asked of a policy.
pub struct Turn<'a> {
    pub hand: &'a Hand,
    /// The seat to act, numbered as in the hand.
    pub seat: usize,
    /// The same seat numbered as at the table (the hand's seat when the
    /// hand was not dealt by a table).
    pub table_seat: usize,
}

impl Turn<'_> {
    /// What the player to act may know.
    pub fn view(&self) -> SeatView {
        self.hand.view(Some(self.seat))
    }
}

/// Plays `hand` to its end. `seats[i]` is the table seat of the hand's seat
/// `i` (a hand's seat past its end is its own); bit `i` of `absent` marks a
/// player sitting out, for whom [`move_for_absent`] is played. Every other
/// move is the policy's; its error, or the hand's refusal of its move, stops
/// the play there (the hand keeps the moves made before).
#[inline]
pub fn play_out<E: From<Error>>(
    hand: &mut Hand,
    seats: &[usize],
    absent: u32,
    mut policy: impl FnMut(&Turn<'_>) -> std::result::Result<Move, E>,
) -> std::result::Result<(), E> {
    play_until(hand, seats, absent, |hand, seat, table_seat| {
        let mv = policy(&Turn {
            hand,
            seat,
            table_seat,
        })?;
        hand.act(None, mv)
            .map_err(|e| at_table_seat(e, seat, table_seat))?;
        Ok::<_, E>(ControlFlow::Continue(()))
    })?;
    Ok(())
}

/// A refusal of the move a table seat's policy chose, its message saying
/// whose it was when the hand's seat numbers are not the table's (a bot
/// is known by its table seat; the hand counts its players from 0).
#[cold]
fn at_table_seat(e: Error, seat: usize, table_seat: usize) -> Error {
    if seat == table_seat {
        return e;
    }
    match e.into_kind() {
        crate::error::ErrorKind::IllegalAction(mut a) => {
            a.message = format!(
                "the bot for table seat {table_seat} (seat {seat} of the hand): {}",
                a.message
            );
            crate::error::ErrorKind::IllegalAction(a).into()
        }
        other => other.into(),
    }
}

/// The one play loop, under [`play_out`] and every loop of bots (the
/// simulations', the environments'). While someone is to act: an absent
/// player (bit of `absent`) plays [`move_for_absent`]; any other seat is
/// `step(hand, seat, table_seat)`'s to move, which may instead stop the
/// loop (`Break`: an agent of an environment is to act, and the loop
/// returns `true`) or fail (the hand keeps the moves made before). A bot
/// that has checked its move against the legal actions it read may make it
/// with [`Hand::act_legal`]: nothing else is checked twice.
#[inline]
pub fn play_until<E: From<Error>>(
    hand: &mut Hand,
    seats: &[usize],
    absent: u32,
    mut step: impl FnMut(&mut Hand, usize, usize) -> std::result::Result<ControlFlow<()>, E>,
) -> std::result::Result<bool, E> {
    while let Some(seat) = hand.actor() {
        if seat < 32 && absent & (1 << seat) != 0 {
            if let Some(la) = hand.legal_actions() {
                hand.act(None, move_for_absent(&la))?;
                continue;
            }
        }
        let table_seat = seats.get(seat).copied().unwrap_or(seat);
        if step(hand, seat, table_seat)?.is_break() {
            return Ok(true);
        }
    }
    Ok(false)
}

/// What deals hands and takes their results back: a table, a tournament.
pub trait Dealer {
    /// What a finished hand gives back (busts, places).
    type Finished;
    /// The table seats and absent players of the hand being played (see
    /// [`play_out`]).
    fn turn_map(&self) -> (&[usize], u32);
    fn finish_hand(&mut self, hand: &Hand) -> Result<Self::Finished>;
    fn take_back_hand(&mut self) -> bool;
}

/// The take-back rule: a hand whose play failed (`played`) is taken back, as
/// if it was never dealt, and the error returned; a hand played out is
/// finished.
pub fn settle<D: Dealer + ?Sized, E: From<Error>>(
    dealer: &mut D,
    hand: Hand,
    played: std::result::Result<(), E>,
) -> std::result::Result<(Hand, D::Finished), E> {
    if let Err(e) = played {
        dealer.take_back_hand();
        return Err(e);
    }
    let finished = dealer.finish_hand(&hand)?;
    Ok((hand, finished))
}

/// Plays a hand `dealer` just dealt to its end with `policy`, then settles
/// it ([`settle`]).
#[inline]
pub fn play_dealt<D: Dealer + ?Sized, E: From<Error>>(
    dealer: &mut D,
    mut hand: Hand,
    policy: impl FnMut(&Turn<'_>) -> std::result::Result<Move, E>,
) -> std::result::Result<(Hand, D::Finished), E> {
    let played = {
        let (seats, absent) = dealer.turn_map();
        play_out(&mut hand, seats, absent, policy)
    };
    settle(dealer, hand, played)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_move_has_one_name_that_reads_back() {
        for mv in [
            Move::Fold,
            Move::Check,
            Move::CheckOrCall,
            Move::Call,
            Move::BetOrRaiseTo(7),
            Move::BringIn,
            Move::Discard(crate::card::CardSet(0b1011)),
        ] {
            assert_eq!(Move::from_name(mv.name(), Some(mv.amount())).ok(), Some(mv));
        }
        let names: Vec<_> = Move::names().collect();
        let mut unique = names.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), names.len());
    }

    #[test]
    fn names_mean_one_move() {
        assert_eq!(
            Move::from_name("call", Some(0)).ok(),
            Some(Move::CheckOrCall)
        );
        assert_eq!(Move::from_name("check", None).ok(), Some(Move::Check));
        assert_eq!(
            Move::from_name("bet", Some(9)).ok(),
            Some(Move::BetOrRaiseTo(9))
        );
        assert!(Move::from_name("raise", None).is_err());
        assert!(Move::from_name("shove", Some(0)).is_err());
        let e = Move::from_answer("the bot for seat 2", "'x'", None, None).unwrap_err();
        assert!(e
            .to_string()
            .starts_with("the bot for seat 2 answered 'x': a bot returns"));
    }
}
