//! The actions an agent picks from, and what each means as a [`Move`].
//!
//! A discrete abstraction is a list the user chooses of:
//!
//! * `Fold`: legal when facing a bet (never when checking is free).
//! * `CheckCall`: check, or call (all-in for less when short; in Progressive
//!   Hold'em, the round's bet). Always legal for the seat to act, and so
//!   required in every abstraction: some action is always legal.
//! * `MinRaise`: bet or raise to the smallest legal amount.
//! * `MaxRaise`: bet or raise to the largest legal amount: all-in in
//!   no-limit, the pot in pot-limit (or all-in when that is less), the one
//!   size in fixed limit.
//! * `AllIn`: `MaxRaise` by its no-limit name (a configuration with other
//!   rules refuses it: there the largest raise is not the stack).
//! * `Pot { num, den }`: bet or raise by `num / den` of the pot after
//!   calling: to `high + floor((pot + call) * num / den)`, where `high` is
//!   the bet to match, `call` what this seat owes and `pot` every chip in
//!   the middle. `1/1` is the pot-limit maximum; `1/2` facing nothing is
//!   half the pot. Legal only when that exact amount is a legal bet or
//!   raise: it is never moved up to the minimum or down to all-in (a
//!   silent substitution), so two actions are never made the same move by
//!   the environment, although the rules may make them the same amount.
//!
//! An exact-amount agent instead gives one of three kinds (fold,
//! check/call, bet or raise) and, for the last, the street total in chips.
use crate::error::{Error, ErrorKind, Result};
use crate::game::{LegalActions, Move};

/// One action of a discrete abstraction.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum AbstractAction {
    Fold,
    CheckCall,
    MinRaise,
    MaxRaise,
    /// `MaxRaise`, in no-limit only.
    AllIn,
    /// A bet or raise of `num / den` of the pot after calling.
    Pot {
        num: u32,
        den: u32,
    },
}

/// What the seat to act faces, in chips.
#[derive(Copy, Clone, Debug)]
pub struct Spot {
    pub legal: LegalActions,
    /// This seat's bet on this street.
    pub bet: u64,
    /// Every chip in the middle, this street's bets included.
    pub pot: u64,
}

impl AbstractAction {
    /// The names of the actions that are not pot fractions.
    pub const NAMES: [&'static str; 5] = ["fold", "check_call", "min_raise", "max_raise", "all_in"];

    /// The action called `name` (one of [`AbstractAction::NAMES`]), or with
    /// the name `"pot"`, `num / den` of the pot.
    pub fn parse(name: &str, num: u32, den: u32) -> Result<AbstractAction> {
        Ok(match name {
            "fold" => AbstractAction::Fold,
            "check_call" => AbstractAction::CheckCall,
            "min_raise" => AbstractAction::MinRaise,
            "max_raise" => AbstractAction::MaxRaise,
            "all_in" => AbstractAction::AllIn,
            "pot" => AbstractAction::Pot { num, den },
            other => {
                return Err(Error::config(
                    "actions",
                    format!(
                        "{other:?} is not an action: use {} or a pot fraction",
                        AbstractAction::NAMES.join(", ")
                    ),
                ))
            }
        })
    }

    /// The move this action asks for in `spot`, legal or not.
    #[inline]
    pub fn intended(self, spot: &Spot) -> Move {
        let la = &spot.legal;
        match self {
            AbstractAction::Fold => Move::Fold,
            AbstractAction::CheckCall => Move::CheckOrCall,
            AbstractAction::MinRaise => Move::BetOrRaiseTo(la.min_raise_to.unwrap_or(0)),
            AbstractAction::MaxRaise | AbstractAction::AllIn => {
                Move::BetOrRaiseTo(la.max_raise_to.unwrap_or(0))
            }
            AbstractAction::Pot { num, den } => Move::BetOrRaiseTo(pot_fraction_to(spot, num, den)),
        }
    }

    /// Whether [`AbstractAction::intended`] is a legal move in `spot`.
    #[inline]
    pub fn is_legal(self, spot: &Spot) -> bool {
        let la = &spot.legal;
        match self {
            AbstractAction::Fold => la.can_fold,
            AbstractAction::CheckCall => true,
            AbstractAction::MinRaise | AbstractAction::MaxRaise | AbstractAction::AllIn => {
                la.can_raise()
            }
            AbstractAction::Pot { num, den } => match (la.min_raise_to, la.max_raise_to) {
                (Some(lo), Some(hi)) => (lo..=hi).contains(&pot_fraction_to(spot, num, den)),
                _ => false,
            },
        }
    }

    /// A short name: `fold`, `check_call`, `min_raise`, `max_raise`, `all_in`, `pot*1/2`, `pot*1`.
    pub fn describe(self) -> String {
        match self {
            AbstractAction::Fold => "fold".into(),
            AbstractAction::CheckCall => "check_call".into(),
            AbstractAction::MinRaise => "min_raise".into(),
            AbstractAction::MaxRaise => "max_raise".into(),
            AbstractAction::AllIn => "all_in".into(),
            AbstractAction::Pot { num, den: 1 } => format!("pot*{num}"),
            AbstractAction::Pot { num, den } => format!("pot*{num}/{den}"),
        }
    }
}

/// The street total of a bet of `num / den` of the pot after calling.
#[inline]
fn pot_fraction_to(spot: &Spot, num: u32, den: u32) -> u64 {
    let call = spot.legal.call_amount;
    let high = spot.bet + call;
    let by = (spot.pot as u128 + call as u128) * num as u128 / den.max(1) as u128;
    (high as u128 + by).min(u64::MAX as u128) as u64
}

/// How an agent acts: by index into a discrete abstraction, or by exact amounts.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ActionSpace {
    Discrete(Vec<AbstractAction>),
    /// Kinds 0 fold, 1 check or call, 2 bet or raise to an amount.
    Exact,
}

/// The most actions a discrete abstraction may have.
pub const MAX_ACTIONS: usize = 64;

/// Exact mode's kinds.
pub const EXACT_KINDS: usize = 3;

impl ActionSpace {
    /// The mask's name where an agent is given it: `action_mask` for a
    /// discrete abstraction; `kind_mask` in exact mode (it masks the three
    /// kinds, not the (kind, amount) action, whose amount no mask can
    /// describe).
    pub fn mask_name(&self) -> &'static str {
        match self {
            ActionSpace::Discrete(_) => "action_mask",
            ActionSpace::Exact => "kind_mask",
        }
    }

    /// A discrete abstraction, checked: 1 to 64 actions, check/call among
    /// them, pot fractions positive with a non-zero denominator.
    pub fn discrete(actions: Vec<AbstractAction>) -> Result<ActionSpace> {
        if actions.is_empty() || actions.len() > MAX_ACTIONS {
            return Err(Error::bad_config(format!(
                "an action abstraction has 1 to {MAX_ACTIONS} actions, not {}",
                actions.len()
            )));
        }
        if !actions.contains(&AbstractAction::CheckCall) {
            return Err(Error::bad_config("the actions must include check_call: it is the one action always legal for the player to act".into()));
        }
        for a in &actions {
            if let AbstractAction::Pot { num, den } = *a {
                if num == 0 || den == 0 {
                    return Err(Error::bad_config(format!(
                        "a pot fraction must be positive, not {num}/{den}"
                    )));
                }
            }
        }
        Ok(ActionSpace::Discrete(actions))
    }

    /// The number of discrete actions (exact mode: the three kinds).
    pub fn len(&self) -> usize {
        match self {
            ActionSpace::Discrete(a) => a.len(),
            ActionSpace::Exact => EXACT_KINDS,
        }
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Writes which actions are legal in `spot` (exact mode: which kinds).
    #[inline]
    pub fn mask(&self, spot: &Spot, out: &mut [bool]) {
        match self {
            ActionSpace::Discrete(actions) => {
                for (o, a) in out.iter_mut().zip(actions) {
                    *o = a.is_legal(spot);
                }
            }
            ActionSpace::Exact => {
                let la = &spot.legal;
                for (o, v) in out.iter_mut().zip([la.can_fold, true, la.can_raise()]) {
                    *o = v;
                }
            }
        }
    }

    /// The move for action `index` (exact mode: kind `index`, with `amount`
    /// for a bet or raise), legal or not, with its description.
    pub fn intended(&self, spot: &Spot, index: i64, amount: Option<u64>) -> Result<Move> {
        let n = self.len();
        let bad_index = || {
            match self {
            ActionSpace::Discrete(_) => Error::bad_config(format!("action {index} is not an action: actions are 0..{}", n - 1)),
            ActionSpace::Exact => Error::bad_config(format!("kind {index} is not an action kind: 0 folds, 1 checks or calls, 2 bets or raises to an amount")),
        }
        };
        let i = usize::try_from(index)
            .ok()
            .filter(|&i| i < n)
            .ok_or_else(bad_index)?;
        match self {
            ActionSpace::Discrete(actions) => {
                if amount.is_some() {
                    return Err(Error::bad_config(
                        "a discrete action takes no amount".into(),
                    ));
                }
                Ok(actions[i].intended(spot))
            }
            ActionSpace::Exact => match (i, amount) {
                (0, _) => Ok(Move::Fold),
                (1, _) => Ok(Move::CheckOrCall),
                (_, Some(to)) => Ok(Move::BetOrRaiseTo(to)),
                (_, None) => Err(Error::bad_config(
                    "a bet or raise (kind 2) needs an amount: the street total in chips".into(),
                )),
            },
        }
    }

    /// Whether action `index` names an amount of its own (a pot fraction), or
    /// one the rules give (the minimum or maximum, none when raising is closed).
    pub fn is_sized(&self, index: usize) -> bool {
        matches!(self, ActionSpace::Discrete(a) if matches!(a.get(index), Some(AbstractAction::Pot { .. })))
    }

    /// Action `index`'s name (exact mode: the kind's).
    pub fn name(&self, index: usize) -> String {
        match self {
            ActionSpace::Discrete(actions) => {
                actions.get(index).map(|a| a.describe()).unwrap_or_default()
            }
            ActionSpace::Exact => ["fold", "check_call", "bet_or_raise"]
                .get(index)
                .map(|s| s.to_string())
                .unwrap_or_default(),
        }
    }
}

/// An engine refusal, told as a refusal of the agent's action.
pub(crate) fn refusal(e: Error, what: &str) -> Error {
    match e.into_kind() {
        ErrorKind::IllegalAction(ia) => Error::illegal(
            ia.reason,
            ia.legal,
            format!("{what} is not legal here: {}", ia.message),
        ),
        other => Error::from(other),
    }
}

/// An error at one table of many, told as such.
pub(crate) fn at_table(e: Error, table: usize) -> Error {
    match e.into_kind() {
        ErrorKind::IllegalAction(ia) => Error::illegal(
            ia.reason,
            ia.legal,
            format!("table {table}: {}", ia.message),
        ),
        ErrorKind::BadConfig(mut b) => {
            b.message = format!("table {table}: {}", b.message);
            ErrorKind::BadConfig(b).into()
        }
        other => Error::from(other),
    }
}
