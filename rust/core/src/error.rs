//! The engine's error type. Every fallible public function returns
//! `Result<_, Error>`; the Python binding maps each variant to one exception
//! class, once.
use std::fmt;

/// What went wrong, with a message that says what would be right.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// Text or a number that is not a card.
    BadCard(String),
    /// The same card twice in one deal or one hand.
    DuplicateCard(String),
    /// The wrong number of cards, or some other malformed card input.
    BadCards(String),
    /// A configuration (rules, stacks, seats) that cannot be played.
    BadConfig(String),
    /// A move the rules forbid in this state; the message gives the legal range.
    IllegalAction(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::BadCard(m)
            | Error::DuplicateCard(m)
            | Error::BadCards(m)
            | Error::BadConfig(m)
            | Error::IllegalAction(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for Error {}

pub type Result<T> = std::result::Result<T, Error>;
