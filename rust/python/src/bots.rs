//! Python bots: their answers read by the engine's one decoder
//! (`Move::from_answer`), their hands played by the engine's one loop
//! (`game::play_out`). Conversions only.
use crate::errors::{to_py, IntoPyResult};
use crate::game::{Hand, SeatView};
use holecards_core::game::{play, Move, Turn};
use holecards_core::Error;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};

/// A Python error as the engine loop's error (a hand's own errors convert).
pub struct PlayError(pub PyErr);

impl From<Error> for PlayError {
    fn from(e: Error) -> PlayError {
        PlayError(to_py(e))
    }
}

impl From<PyErr> for PlayError {
    fn from(e: PyErr) -> PlayError {
        PlayError(e)
    }
}

/// A bot's answer as a move: a tuple of a move's name and an amount (a whole
/// number of chips for a bet or raise, the cards of a discard, ignored for
/// the other moves); anything else is an error naming the bot (`who`, asked
/// for only then).
pub fn answer_move(answer: &Bound<'_, PyAny>, who: impl FnOnce() -> String) -> PyResult<Move> {
    let (mut name, mut amount) = (None, None);
    if let Ok(t) = answer.cast::<PyTuple>() {
        if t.len() == 2 {
            name = t.get_item(0)?.cast_into::<PyString>().ok();
            let item = t.get_item(1)?;
            let discard = name
                .as_ref()
                .is_some_and(|n| n.to_cow().is_ok_and(|n| n == "discard"));
            amount = if discard {
                // (the cards as a string or a list: their set's bits)
                crate::cards::to_cards(&item)
                    .ok()
                    .map(|cards| cards.iter().fold(0u64, |m, c| m | c.bit()))
            } else {
                crate::args::as_u64(&item)
            };
        }
    }
    let text = name.as_ref().and_then(|n| n.to_cow().ok());
    if let Some(text) = &text {
        if let Ok(mv) = Move::from_name(text, amount) {
            return Ok(mv);
        }
    }
    let shown = answer.repr().map(|r| r.to_string()).unwrap_or_default();
    Move::from_answer(&who(), &shown, text.as_deref(), amount).py()
}

/// The bot for a table seat: one callable for every seat, a sequence by
/// seat, or a mapping from seat to bot.
fn bot_for<'py>(bots: &Bound<'py, PyAny>, seat: usize) -> PyResult<Bound<'py, PyAny>> {
    if bots.is_callable() && !bots.is_instance_of::<PyDict>() {
        return Ok(bots.clone());
    }
    match bots.get_item(seat) {
        Ok(bot) if bot.is_callable() => Ok(bot),
        _ => Err(to_py(play::no_bot(seat))),
    }
}

/// The policy of Python `bots` (by table seat): each gets its seat's
/// `SeatView` and answers a move; Ctrl-C is noticed between moves.
pub fn policy<'a, 'py>(
    bots: &'a Bound<'py, PyAny>,
) -> impl FnMut(&Turn<'_>) -> Result<Move, PlayError> + 'a {
    move |t: &Turn<'_>| {
        let bot = bot_for(bots, t.table_seat)?;
        let answer = bot.call1((SeatView(t.view()),))?;
        let mv = answer_move(&answer, || format!("the bot for seat {}", t.table_seat))?;
        bots.py().check_signals()?;
        Ok(mv)
    }
}

/// Plays `hand` to its end with Python `bots` (`seats[i]`: the table seat
/// of the hand's seat `i`, by default the same); on an error the hand is
/// left where it stopped.
#[pyfunction]
#[pyo3(signature = (hand, bots, seats=None))]
pub fn _play_bots(
    mut hand: PyRefMut<'_, Hand>,
    bots: &Bound<'_, PyAny>,
    seats: Option<Vec<usize>>,
) -> PyResult<()> {
    let seats = seats.unwrap_or_default();
    play::play_out(&mut hand.0, &seats, 0, policy(bots)).map_err(|e| e.0)
}

/// Plays a bot's answer on `hand` for the player to act.
#[pyfunction]
pub fn _apply_answer(
    mut hand: PyRefMut<'_, Hand>,
    answer: &Bound<'_, PyAny>,
    who: &str,
) -> PyResult<()> {
    let mv = answer_move(answer, || who.to_string())?;
    hand.0.act(None, mv).py()
}
