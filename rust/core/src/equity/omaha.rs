//! Omaha equity of known hands: 2 to 10 hands of 4, 5 or 6 cards (the
//! sizes may differ), high only or hi/lo eight-or-better, through
//! [`super::game`]'s engine.
use super::game::{run, EquityMethod, GameEquity};
use super::Control;
use crate::card::Card;
use crate::error::{Error, Result};
use crate::eval::omaha::OMAHA_HOLE_CARDS;
use crate::game::Game;

pub use super::game::POT;

/// What an Omaha equity computation found (see [`GameEquity`]).
pub type OmahaEquity = GameEquity;
/// How the boards are chosen (see [`EquityMethod`]).
pub type OmahaMethod = EquityMethod;

/// Omaha equity of known hands; see [`super::game`]. `threads` as in
/// [`crate::eval::batch::evaluate_rows`]; `control` watches for Ctrl-C and
/// reports progress (boards done out of all).
pub fn omaha_equity(
    hands: &[Vec<Card>],
    board: &[Card],
    dead: &[Card],
    hilo: bool,
    method: OmahaMethod,
    threads: Option<usize>,
    control: &Control,
) -> Result<OmahaEquity> {
    if !(2..=10).contains(&hands.len()) {
        return Err(Error::bad_config(format!(
            "Omaha equity is for 2 to 10 players, not {}",
            hands.len()
        )));
    }
    for (i, h) in hands.iter().enumerate() {
        if !OMAHA_HOLE_CARDS.contains(&h.len()) {
            return Err(Error::cards(
                format!("player {i}"),
                format!("Omaha needs 4, 5 or 6 hole cards, got {}", h.len()),
            ));
        }
    }
    // (the showdown of any Omaha game: the hands' sizes are their own)
    let game = if hilo {
        Game::omaha_hi_lo(4)?
    } else {
        Game::omaha(4)?
    };
    let missing = vec![0; hands.len()];
    run(
        game,
        hands,
        missing,
        Vec::new(),
        board,
        dead,
        0,
        method,
        threads,
        control,
    )
}
