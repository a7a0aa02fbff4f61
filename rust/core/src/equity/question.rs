//! An equity question as a caller asks it: the players, the known cards, and
//! how to answer (exact or Monte Carlo, the seed). The choices a caller's
//! arguments leave open are made here, once, for every binding.
use super::{equity, grid, grid_cell_seed, is_quick, Control, EquityResult, Holding, Method};
use super::{DEFAULT_MAX_DEALS, MAX_PLAYERS};
use crate::card::Card;
use crate::error::{Error, Result};
use std::fmt;

impl Method {
    /// The method the arguments ask for: exact when neither `trials` nor
    /// `target_std_error` is given (refused past `max_deals` deals,
    /// [`DEFAULT_MAX_DEALS`] when `None`), else seeded Monte Carlo from
    /// `seed`, drawn from the operating system's entropy when `None` (and
    /// then reported by [`Method::seed`], so that the run can be repeated).
    pub fn choose(
        trials: Option<u64>,
        seed: Option<u64>,
        target_std_error: Option<f64>,
        max_deals: Option<u64>,
    ) -> Method {
        if trials.is_none() && target_std_error.is_none() {
            return Method::Exact {
                max_deals: max_deals.unwrap_or(DEFAULT_MAX_DEALS),
            };
        }
        Method::MonteCarlo {
            trials,
            seed: seed.unwrap_or_else(crate::deck::entropy_seed),
            target_std_error,
        }
    }

    /// The Monte Carlo seed (`None` when exact).
    pub fn seed(&self) -> Option<u64> {
        match self {
            Method::MonteCarlo { seed, .. } => Some(*seed),
            Method::Exact { .. } => None,
        }
    }
}

/// [`equity`] or [`grid`].
type Answer<T> = fn(&[Holding], &[Card], &[Card], &Method, Option<usize>, &Control) -> Result<T>;

/// A question: `players` (for a grid, the opponents) on `board`, with
/// `dead` cards out, answered by `method` on `threads` cores (`None`: all).
#[derive(Clone, Debug, PartialEq)]
pub struct Question {
    pub players: Vec<Holding>,
    pub board: Vec<Card>,
    pub dead: Vec<Card>,
    pub method: Method,
    pub threads: Option<usize>,
}

impl Question {
    /// [`equity`] of the question.
    pub fn equity(&self, control: &Control) -> Result<EquityResult> {
        self.ask(equity, control)
    }

    /// [`grid`] of the question, its players being the opponents.
    pub fn grid(&self, control: &Control) -> Result<Vec<Option<EquityResult>>> {
        self.ask(grid, control)
    }

    fn ask<T>(&self, f: Answer<T>, control: &Control) -> Result<T> {
        f(
            &self.players,
            &self.board,
            &self.dead,
            &self.method,
            self.threads,
            control,
        )
    }

    /// Whether [`Question::equity`] is too short to be worth watching from
    /// another thread ([`is_quick`]).
    pub fn is_quick(&self) -> bool {
        is_quick(&self.players, &self.board, &self.method)
    }

    /// Whether the counts of the answer are whole numbers: Monte Carlo
    /// counts deals, and an exact answer counts them when every weight is 1.
    pub fn whole_counts(&self) -> bool {
        matches!(self.method, Method::MonteCarlo { .. })
            || self
                .players
                .iter()
                .all(|h| h.iter().all(|&(_, w)| w == 1.0))
    }

    /// The seed that repeats cell `k` of a Monte Carlo grid with
    /// [`Question::equity`] ([`grid_cell_seed`]; `None` when exact).
    pub fn cell_seed(&self, k: usize) -> Option<u64> {
        self.method.seed().map(|s| grid_cell_seed(s, k))
    }
}

/// An argument of an equity question that is not what it must be; `given`
/// is the value as the caller shows it (Python's `repr`). Turned into
/// [`crate::ErrorKind::Equity`] by [`BadArgument::error`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BadArgument {
    /// Player `number` (from 1) is neither a hand nor a range.
    Player { number: usize, given: String },
    /// `trials` is not a positive whole number.
    Trials { given: String },
    /// `target_std_error` is not a number.
    TargetStdError { given: String },
}

impl BadArgument {
    #[cold]
    pub fn error(self) -> Error {
        Error::equity(self.to_string())
    }
}

impl fmt::Display for BadArgument {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadArgument::Player { number, given } => write!(
                f,
                "player {number}: {given} is not a hand or a range (give text like 'AhKh', \
                 'Ah' or 'TT+,AQs', or a Range)"
            ),
            BadArgument::Trials { given } => {
                write!(f, "trials must be a positive integer, not {given}")
            }
            BadArgument::TargetStdError { given } => {
                write!(f, "target_std_error must be a number above 0, not {given}")
            }
        }
    }
}

/// A player's text that is not valid Unicode (a lone surrogate).
#[cold]
pub fn not_text() -> Error {
    Error::bad_card("that string is not a hand or a range".into())
}

/// The error of a computation that ended without an answer (its thread
/// panicked): a bug, reported rather than let through.
#[cold]
pub fn failed_unexpectedly() -> Error {
    Error::equity("the computation failed unexpectedly".into())
}

const _: () = assert!(MAX_PLAYERS >= 2);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_trials_and_no_target_is_exact_and_draws_no_seed() {
        let m = Method::choose(None, Some(5), None, None);
        assert_eq!(
            m,
            Method::Exact {
                max_deals: DEFAULT_MAX_DEALS
            }
        );
        assert_eq!(m.seed(), None);
        assert_eq!(
            Method::choose(None, None, None, Some(7)),
            Method::Exact { max_deals: 7 }
        );
    }

    #[test]
    fn monte_carlo_keeps_a_given_seed_and_draws_one_otherwise() {
        let m = Method::choose(Some(100), Some(42), None, None);
        assert_eq!(m.seed(), Some(42));
        let t = Method::choose(None, Some(9), Some(0.01), None);
        assert!(matches!(
            t,
            Method::MonteCarlo {
                trials: None,
                seed: 9,
                ..
            }
        ));
        // Drawn seeds differ (2^-64 of a false failure).
        let a = Method::choose(Some(1), None, None, None).seed();
        let b = Method::choose(Some(1), None, None, None).seed();
        assert!(a.is_some() && a != b);
    }

    #[test]
    fn counts_are_whole_unless_an_exact_answer_has_weights() -> crate::Result<()> {
        let aa: Holding = vec![([Card::new(0)?, Card::new(1)?], 1.0)];
        let half: Holding = vec![([Card::new(2)?, Card::new(3)?], 0.5)];
        let q = |method| Question {
            players: vec![aa.clone(), half.clone()],
            board: vec![],
            dead: vec![],
            method,
            threads: None,
        };
        assert!(!q(Method::choose(None, None, None, None)).whole_counts());
        assert!(q(Method::choose(Some(10), Some(1), None, None)).whole_counts());
        assert_eq!(
            q(Method::choose(Some(10), Some(1), None, None)).cell_seed(3),
            Some(grid_cell_seed(1, 3))
        );
        Ok(())
    }
}
