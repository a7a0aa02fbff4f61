//! The engine's error type. Every fallible public function returns
//! `Result<_, Error>`. The variants carry what a program needs to react (the
//! card, the reason an action was refused, the legal actions at that moment);
//! the human message is derived from them. The Python binding maps each
//! variant to one exception class, once.
use crate::card::Card;
use crate::game::LegalActions;
use std::fmt;

/// An engine error: one pointer wide, so that `Result<(), Error>`, which
/// every action returns, costs the hot path nothing; [`Error::kind`] says
/// what went wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error(Box<ErrorKind>);

/// What went wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ErrorKind {
    /// Text or a number that is not a card; the message names the token.
    BadCard(BadCard),
    /// The same card twice in one deal or one hand (`row`: the row of a batch).
    DuplicateCard { card: Card, row: Option<usize> },
    /// The wrong number of cards, or some other malformed card input
    /// (`field`: the argument, such as `board` or `hole_cards`).
    BadCards(BadInput),
    /// A configuration (rules, stacks, seats, options) that cannot be played
    /// (`field`: the argument or option at fault, such as `big_blind`).
    BadConfig(BadInput),
    /// A move the rules forbid in this state.
    IllegalAction(IllegalAction),
    /// Saved state (a pickle) that is corrupt or from another version.
    CorruptState(StateProblem),
    /// More cards were asked for than are left.
    NoCardsLeft { wanted: usize, left: usize },
    /// A hand history that cannot be read: the message names the file (and
    /// table) and the problem; `location` is that file (and table).
    BadHistory(BadHistory),
    /// A hand history of a variant the engine does not play.
    UnsupportedVariant(UnsupportedVariant),
    /// A hand history whose actions cannot be played.
    Replay(ReplayError),
    /// An equity question that cannot be answered as asked (a range left
    /// empty by the known cards, no deal without a shared card, an exact
    /// enumeration too large): `cause` says which, the message says which
    /// and what to do.
    Equity(EquityProblem),
    /// A long computation stopped on request (Ctrl-C).
    Interrupted,
    /// Text that is not a hand range: the whole `text`, the `token` that is
    /// wrong and where it starts (`position`, in characters from 0), and why.
    BadRange(BadRange),
}

/// Text or a number that is not a card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadCard {
    /// The text or number that is not a card, as given (`None` where the
    /// input could not be read as text at all).
    pub token: Option<String>,
    /// Why, in words, with what would be right.
    pub message: String,
}

/// An argument or option that cannot be used: which one, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadInput {
    /// The argument, option or field at fault, as the caller names it
    /// (`"big_blind"`, `"stacks"`, `"threads"`); `None` where the problem
    /// is not one field's (two options that contradict each other).
    pub field: Option<String>,
    /// Why, in words, naming the field and what would be right.
    pub message: String,
}

/// A hand history that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadHistory {
    /// The file, and the table in a `.phhs` (`None` where the problem is
    /// not one file's).
    pub location: Option<String>,
    /// The whole message, starting with the location.
    pub message: String,
}

/// Why an equity question cannot be answered as asked.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum EquityCause {
    /// Too few or too many players (or opponents of a grid).
    Players,
    /// A player's range holds no combination at all, or one with a weight
    /// outside (0, 1].
    InvalidRange,
    /// A player's range has nothing left once the known cards are removed.
    EmptyRange,
    /// No deal is possible: every combination of one player shares a card
    /// with every combination of another.
    NoDeal,
    /// Monte Carlo found no deal: the ranges almost always share a card.
    NoSample,
    /// An exact enumeration too large to run: ask for a Monte Carlo estimate.
    TooLarge,
    /// `trials` or `target_std_error` out of range, or neither given.
    Trials,
    /// Any other reason.
    Other,
}

impl EquityCause {
    /// The error for this cause; `m` says what and what to do instead.
    #[cold]
    pub fn err(self, m: String) -> Error {
        Error::equity_because(self, None, m)
    }
    /// The error for this cause, concerning player `p` (0-based).
    #[cold]
    pub fn of(self, p: usize, m: String) -> Error {
        Error::equity_because(self, Some(p), m)
    }
    /// The name Python's `EquityError.cause` gives this cause.
    pub fn name(self) -> &'static str {
        match self {
            EquityCause::Players => "players",
            EquityCause::InvalidRange => "invalid_range",
            EquityCause::EmptyRange => "empty_range",
            EquityCause::NoDeal => "no_deal",
            EquityCause::NoSample => "no_sample",
            EquityCause::TooLarge => "too_large",
            EquityCause::Trials => "trials",
            EquityCause::Other => "other",
        }
    }
}

/// An equity question that cannot be answered as asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EquityProblem {
    pub cause: EquityCause,
    /// The player concerned (0-based, in the order given), where one is.
    pub player: Option<usize>,
    /// Why, in words, with what to do instead.
    pub message: String,
}

/// A range text that cannot be read: where and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadRange {
    /// The whole text given.
    pub text: String,
    /// Where `token` starts, in characters (not bytes) from 0.
    pub position: usize,
    /// The piece of the text that is wrong.
    pub token: String,
    /// Why, in words, with what would be right.
    pub message: String,
}

/// A hand history's variant that the engine does not play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnsupportedVariant {
    pub variant: String,
    /// The file, and the table in a `.phhs`.
    pub location: String,
}

/// An action of a hand history that the engine refused, or that names the
/// wrong player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayError {
    /// The file, and the table in a `.phhs`.
    pub location: String,
    /// The action's position in `actions` (0-based).
    pub index: usize,
    /// The action as written.
    pub action: String,
    /// Why, in words.
    pub message: String,
    /// When the engine refused the move: why, and what was legal.
    pub reason: Option<IllegalReason>,
    pub legal: Option<LegalActions>,
}

/// Why a saved state was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StateProblem {
    /// Saved by another version of the state format.
    Version { found: u8, expected: u8 },
    /// The bytes do not describe a state this engine could have made.
    Corrupt,
}

crate::enums::named_enum! {
    /// Why an action was refused; the names are Python's `IllegalReason`'s.
    pub enum IllegalReason {
        /// A seat acted that is not the one to act.
        NotYourTurn = "NOT_YOUR_TURN",
        /// The hand is over: nobody is to act.
        HandOver = "HAND_OVER",
        /// Folding when checking is free (rule choice 4).
        CannotFold = "CANNOT_FOLD",
        /// Checking while facing a bet.
        CannotCheck = "CANNOT_CHECK",
        /// Calling when there is nothing to call.
        NothingToCall = "NOTHING_TO_CALL",
        /// A bet or raise below the minimum.
        BelowMinimum = "BELOW_MINIMUM",
        /// A bet or raise above the maximum (pot limit, fixed limit, the stack).
        AboveMaximum = "ABOVE_MAXIMUM",
        /// A short all-in did not reopen the betting for this player.
        NotReopened = "NOT_REOPENED",
        /// Fixed limit: the raise cap is reached.
        RaiseCapReached = "RAISE_CAP_REACHED",
        /// The player has no chips beyond the call.
        NoChipsBeyondCall = "NO_CHIPS_BEYOND_CALL",
        /// Every other player still in is all-in: nobody could answer a raise.
        NobodyCanAnswer = "NOBODY_CAN_ANSWER",
        /// Progressive Hold'em: each player bets the round's amount or folds.
        BetOrFoldOnly = "BET_OR_FOLD_ONLY",
        /// The amount is not a whole, non-negative number of chips.
        NotAnAmount = "NOT_AN_AMOUNT",
        /// Stud: the player to act brings in (posts the bring-in or
        /// completes); it may not fold or check.
        MustBringIn = "MUST_BRING_IN",
        /// Stud: a bring-in by a player who does not owe one.
        NotBringingIn = "NOT_BRINGING_IN",
        /// Draw games: the player to act draws (discards or stands pat);
        /// it may not bet, call, check or fold.
        MustDraw = "MUST_DRAW",
        /// Draw games: a discard when no draw is in progress, or of cards
        /// the player does not hold.
        BadDiscard = "BAD_DISCARD",
    }
}

/// A refused action: why, whose, and what was legal instead.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IllegalAction {
    pub reason: IllegalReason,
    /// The seat to act (`None` once the hand is over).
    pub seat: Option<usize>,
    /// The legal actions at that moment (`None` once the hand is over).
    pub legal: Option<LegalActions>,
    /// What was wrong, in words, ending with the legal actions.
    pub message: String,
}

impl From<ErrorKind> for Error {
    #[cold]
    fn from(k: ErrorKind) -> Error {
        Error(Box::new(k))
    }
}

impl Error {
    pub fn kind(&self) -> &ErrorKind {
        &self.0
    }
    pub fn into_kind(self) -> ErrorKind {
        *self.0
    }
    /// Something that is not a card, the token unknown ([`Error::card`]
    /// names it).
    #[cold]
    pub fn bad_card(m: String) -> Error {
        ErrorKind::BadCard(BadCard {
            token: None,
            message: m,
        })
        .into()
    }
    /// `token` is not a card; `m` says why.
    #[cold]
    pub fn card(token: impl Into<String>, m: String) -> Error {
        let token = Some(token.into());
        ErrorKind::BadCard(BadCard { token, message: m }).into()
    }
    /// Malformed card input, the field unknown ([`Error::cards`] names it).
    #[cold]
    pub fn bad_cards(m: String) -> Error {
        input(ErrorKind::BadCards, None, m)
    }
    /// The cards given as `field` are malformed; `m` says why.
    #[cold]
    pub fn cards(field: impl Into<String>, m: String) -> Error {
        input(ErrorKind::BadCards, Some(field.into()), m)
    }
    /// A configuration that cannot be played, the field unknown or not one
    /// field's ([`Error::config`] names it).
    #[cold]
    pub fn bad_config(m: String) -> Error {
        input(ErrorKind::BadConfig, None, m)
    }
    /// The option or argument `field` cannot be used; `m` says why.
    #[cold]
    pub fn config(field: impl Into<String>, m: String) -> Error {
        input(ErrorKind::BadConfig, Some(field.into()), m)
    }
    /// A hand history that cannot be read, the location unknown
    /// ([`Error::history`] names it).
    #[cold]
    pub fn bad_history(m: String) -> Error {
        ErrorKind::BadHistory(BadHistory {
            location: None,
            message: m,
        })
        .into()
    }
    /// The hand history at `location` (a file, and the table of a `.phhs`)
    /// cannot be read: `why`. The message is `"{location}: {why}"`.
    #[cold]
    pub fn history(location: impl Into<String>, why: impl fmt::Display) -> Error {
        let location = location.into();
        let message = format!("{location}: {why}");
        ErrorKind::BadHistory(BadHistory {
            location: Some(location),
            message,
        })
        .into()
    }
    #[cold]
    pub fn no_cards_left(wanted: usize, left: usize) -> Error {
        ErrorKind::NoCardsLeft { wanted, left }.into()
    }
    pub fn unsupported_variant(variant: &str, location: String) -> Error {
        ErrorKind::UnsupportedVariant(UnsupportedVariant {
            variant: variant.to_string(),
            location,
        })
        .into()
    }

    pub fn illegal(reason: IllegalReason, legal: Option<LegalActions>, message: String) -> Error {
        ErrorKind::IllegalAction(IllegalAction {
            reason,
            seat: legal.map(|l| l.seat),
            legal,
            message,
        })
        .into()
    }

    pub(crate) fn corrupt() -> Error {
        ErrorKind::CorruptState(StateProblem::Corrupt).into()
    }

    /// An equity question that cannot be answered, for a reason not
    /// classified ([`Error::equity_because`] says which).
    #[cold]
    pub fn equity(m: String) -> Error {
        Error::equity_because(EquityCause::Other, None, m)
    }

    /// An equity question that cannot be answered because of `cause`
    /// (concerning `player`, 0-based, where one).
    #[cold]
    pub fn equity_because(cause: EquityCause, player: Option<usize>, m: String) -> Error {
        ErrorKind::Equity(EquityProblem {
            cause,
            player,
            message: m,
        })
        .into()
    }

    #[cold]
    pub fn bad_range(text: &str, position: usize, token: &str, message: String) -> Error {
        ErrorKind::BadRange(BadRange {
            text: text.to_string(),
            position,
            token: token.to_string(),
            message,
        })
        .into()
    }

    pub fn duplicate(card: Card) -> Error {
        ErrorKind::DuplicateCard { card, row: None }.into()
    }
}

/// A [`BadInput`] error of kind `kind` (`BadCards` or `BadConfig`).
#[cold]
fn input(kind: fn(BadInput) -> ErrorKind, field: Option<String>, message: String) -> Error {
    kind(BadInput { field, message }).into()
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ErrorKind as Error;
        match self {
            Error::BadCard(c) => f.write_str(&c.message),
            Error::BadCards(b) | Error::BadConfig(b) => f.write_str(&b.message),
            Error::DuplicateCard { card, row: None } => write!(f, "duplicate card {card}"),
            Error::DuplicateCard { card, row: Some(r) } => {
                write!(f, "row {r}: duplicate card {card}")
            }
            Error::IllegalAction(a) => f.write_str(&a.message),
            Error::CorruptState(StateProblem::Corrupt) => {
                f.write_str("not a valid holecards state (corrupt or from another version)")
            }
            Error::CorruptState(StateProblem::Version { found, expected }) => {
                write!(f, "this state was saved in holecards state format {found}; this version reads format {expected} only (save it again with the version that made it, or replay the hand)")
            }
            Error::NoCardsLeft { wanted, left } => {
                write!(f, "cannot deal {wanted} cards: {left} left in the deck")
            }
            Error::BadHistory(h) => f.write_str(&h.message),
            Error::UnsupportedVariant(u) => {
                let (variant, location) = (&u.variant, &u.location);
                write!(
                    f,
                    "{location}: unsupported variant {variant:?} ({}): holecards plays {}",
                    crate::phh::variant_name(variant),
                    crate::phh::PLAYED.join(", ")
                )
            }
            Error::Replay(r) => write!(
                f,
                "{}: action {} ({:?}): {}",
                r.location, r.index, r.action, r.message
            ),
            Error::Equity(e) => f.write_str(&e.message),
            Error::Interrupted => f.write_str("interrupted"),
            Error::BadRange(r) => write!(
                f,
                "'{}' at position {} is not a range: {}",
                r.token, r.position, r.message
            ),
        }
    }
}

impl std::error::Error for Error {}

pub type Result<T> = std::result::Result<T, Error>;
