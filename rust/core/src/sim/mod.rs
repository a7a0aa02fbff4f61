//! Bots and simulation: built-in bots ([`bots`]) and many hands or
//! tournaments between them on every core ([`run`]), reproducible from a
//! seed whatever the number of threads.
pub mod bots;
pub mod run;

pub use bots::{BotKind, BotRng, Observation};
pub use run::{ci_95, CashSim, CashTotals, TournamentSim, TournamentTotals, CHUNK_HANDS, U256};
