//! holecards-core: a Texas Hold'em engine with no Python in it.
//!
//! * [`card`]: cards and card parsing.
//! * [`eval`]: the hand evaluator (best five of 5, 6 or 7 cards).
//! * [`deck`]: shuffling with a ChaCha20 generator.
//! * [`range`]: weighted hand ranges in poker notation (`QQ+,AKs,A5s-A2s:0.5`).
//! * [`table`]: sessions of hands: tables, tournaments, ICM.
//! * [`sim`]: built-in bots and simulations on every core.
//! * [`env`]: reinforcement-learning environments (observations, actions, many tables at once).
pub mod card;
pub mod deck;
pub mod enums;
pub mod env;
pub mod equity;
pub mod error;
pub mod eval;

pub use card::{parse_cards, Card, CardSet};
pub use deck::Deck;
pub use error::{Error, ErrorKind, Result};
pub use eval::{best_five, evaluate, Category, HandAcc, HandValue};
pub mod game;
pub mod phh;
pub mod range;
pub mod sim;
pub mod site;
pub mod stats;
pub mod table;
pub use range::Range;
pub mod threads;
