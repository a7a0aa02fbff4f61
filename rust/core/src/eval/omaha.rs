//! Omaha showdowns: a hand plays exactly two of its hole cards (four, five
//! or six of them) and exactly three of the board's cards.
//!
//! The high hand is the best of every two-and-three choice, each a five-card
//! hand of the standard evaluator: the pairs of hole cards and the board's
//! triples are summed once each into [`HandAcc`]s, and each combination is
//! one add and one table read (60 for four hole cards and a full board, 150
//! for six). The low half of Omaha hi/lo is in [`super::low`].
use super::{best_five, HandAcc, HandValue};
use crate::card::{check_distinct, Card};
use crate::error::{Error, Result};

/// Hole cards an Omaha hand may hold: four (Omaha), five or six (five- and
/// six-card Omaha).
pub const OMAHA_HOLE_CARDS: std::ops::RangeInclusive<usize> = 4..=6;
/// Board cards an Omaha hand may be evaluated with: from the flop (three) to
/// the river (five).
pub const OMAHA_BOARD_CARDS: std::ops::RangeInclusive<usize> = 3..=5;

/// Checks an Omaha hand: 4 to 6 hole cards, 3 to 5 board cards, all distinct.
pub(crate) fn check_omaha(hole: &[Card], board: &[Card]) -> Result<()> {
    if !OMAHA_HOLE_CARDS.contains(&hole.len()) {
        return Err(Error::cards(
            "hole",
            format!("Omaha needs 4, 5 or 6 hole cards, got {}", hole.len()),
        ));
    }
    if !OMAHA_BOARD_CARDS.contains(&board.len()) {
        return Err(Error::cards(
            "board",
            format!("an Omaha board is 3, 4 or 5 cards, got {}", board.len()),
        ));
    }
    let all: Vec<Card> = hole.iter().chain(board).copied().collect();
    check_distinct(&all)?;
    Ok(())
}

/// The best Omaha high hand's value and the indices of the two hole cards
/// and three board cards that make it (unchecked: any counts that fit
/// `OMAHA_HOLE_CARDS` and `OMAHA_BOARD_CARDS`). Among equal choices, the
/// first in the hand's and the board's order.
#[inline]
pub(crate) fn omaha_high_unchecked(hole: &[Card], board: &[Card]) -> (u16, [usize; 2], [usize; 3]) {
    let mut pairs = [(HandAcc::EMPTY, [0usize; 2]); 15];
    let mut np = 0;
    for i in 0..hole.len() {
        for j in i + 1..hole.len() {
            pairs[np] = (HandAcc::EMPTY.add(hole[i]).add(hole[j]), [i, j]);
            np += 1;
        }
    }
    let mut triples = [(HandAcc::EMPTY, [0usize; 3]); 10];
    let mut nt = 0;
    for a in 0..board.len() {
        for b in a + 1..board.len() {
            for c in b + 1..board.len() {
                triples[nt] = (
                    HandAcc::EMPTY.add(board[a]).add(board[b]).add(board[c]),
                    [a, b, c],
                );
                nt += 1;
            }
        }
    }
    let mut best = (0u16, [0usize; 2], [0usize; 3]);
    for &(t, ti) in &triples[..nt] {
        for &(p, pi) in &pairs[..np] {
            let v = (t + p).eval56();
            if v > best.0 {
                best = (v, pi, ti);
            }
        }
    }
    best
}

/// The value of the best Omaha high hand: exactly two of `hole` (4 to 6
/// cards) and three of `board` (3 to 5 cards).
pub fn omaha_high(hole: &[Card], board: &[Card]) -> Result<HandValue> {
    check_omaha(hole, board)?;
    Ok(HandValue(omaha_high_unchecked(hole, board).0))
}

/// [`omaha_high`] with the five cards played, most significant first (as
/// [`best_five`] orders them), and the two hole cards among them.
pub fn omaha_high_cards(
    hole: &[Card],
    board: &[Card],
) -> Result<(HandValue, [Card; 5], [Card; 2])> {
    check_omaha(hole, board)?;
    let (_, p, t) = omaha_high_unchecked(hole, board);
    let five = [
        hole[p[0]],
        hole[p[1]],
        board[t[0]],
        board[t[1]],
        board[t[2]],
    ];
    let (value, ordered) = best_five(&five)?;
    Ok((value, ordered, [hole[p[0]], hole[p[1]]]))
}

/// Rows per parallel task of [`evaluate_rows`] (and between two looks at
/// the cancel flag): about a millisecond of work.
const OMAHA_CHUNK_ROWS: usize = 1 << 12;

/// What [`evaluate_rows`] computes for each row.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OmahaRows {
    /// The high hand's value (1..=7462).
    High,
    /// The eight-or-better low's [`super::low::LowValue`] value, 0 when no
    /// low qualifies.
    Low8,
}

/// The cards of one row as `Card`s, or the error naming its problem.
fn row_cards(hole: &[u8], board: &[u8], row: usize) -> Result<([Card; 6], [Card; 5])> {
    let mut h = [Card::new(0)?; 6];
    let mut b = [Card::new(0)?; 5];
    let mut seen = 0u64;
    for (i, &c) in hole.iter().chain(board).enumerate() {
        let card = Card::new(c).map_err(|_| {
            Error::card(
                c.to_string(),
                format!("row {row}: {c} is not a card: a card index is 0..51"),
            )
        })?;
        if seen & card.bit() != 0 {
            return Err(crate::error::ErrorKind::DuplicateCard {
                card,
                row: Some(row),
            }
            .into());
        }
        seen |= card.bit();
        if i < hole.len() {
            h[i] = card;
        } else {
            b[i - hole.len()] = card;
        }
    }
    Ok((h, b))
}

/// Evaluates Omaha hands stored row by row: `hole` holds rows of
/// `hole_width` (4 to 6) card indices and `board` as many rows of
/// `board_width` (3 to 5); one value a row goes to `out`. Every row is
/// checked (card indices 0..51, no card twice in a row, hole and board
/// together); the error names the first bad row. `threads` as in
/// [`super::batch::evaluate_rows`]; `cancel`, when set, stops the work
/// within a chunk of rows with [`crate::ErrorKind::Interrupted`].
#[allow(clippy::too_many_arguments)]
pub fn evaluate_rows(
    what: OmahaRows,
    hole: &[u8],
    hole_width: usize,
    board: &[u8],
    board_width: usize,
    out: &mut [u16],
    threads: Option<usize>,
    cancel: Option<&std::sync::atomic::AtomicBool>,
) -> Result<()> {
    use rayon::prelude::*;
    use std::sync::atomic::Ordering;
    if !OMAHA_HOLE_CARDS.contains(&hole_width) {
        return Err(Error::cards(
            "hole",
            format!("Omaha needs 4, 5 or 6 hole cards, got {hole_width}"),
        ));
    }
    if !OMAHA_BOARD_CARDS.contains(&board_width) {
        return Err(Error::cards(
            "board",
            format!("an Omaha board is 3, 4 or 5 cards, got {board_width}"),
        ));
    }
    let rows = out.len();
    if hole.len() != rows * hole_width || board.len() != rows * board_width {
        return Err(Error::bad_cards(format!(
            "{} hole and {} board card indices do not make {rows} rows of {hole_width} and {board_width}",
            hole.len(),
            board.len()
        )));
    }
    let chunk = |i: usize, o: &mut [u16]| -> Result<()> {
        if cancel.is_some_and(|f| f.load(Ordering::Relaxed)) {
            return Err(crate::error::ErrorKind::Interrupted.into());
        }
        let first = i * OMAHA_CHUNK_ROWS;
        for (k, v) in o.iter_mut().enumerate() {
            let r = first + k;
            let (h, b) = row_cards(
                &hole[r * hole_width..(r + 1) * hole_width],
                &board[r * board_width..(r + 1) * board_width],
                r,
            )?;
            let (h, b) = (&h[..hole_width], &b[..board_width]);
            *v = match what {
                OmahaRows::High => omaha_high_unchecked(h, b).0,
                OmahaRows::Low8 => super::low::omaha_low(h, b).map_or(0, |(m, _)| 255 - m as u16),
            };
        }
        Ok(())
    };
    let run = || -> Result<()> {
        let results: Vec<Result<()>> = out
            .par_chunks_mut(OMAHA_CHUNK_ROWS)
            .enumerate()
            .map(|(i, o)| chunk(i, o))
            .collect();
        // the first error in row order (a bad row before an interruption)
        results.into_iter().collect()
    };
    match threads {
        Some(1) => out
            .chunks_mut(OMAHA_CHUNK_ROWS)
            .enumerate()
            .try_for_each(|(i, o)| chunk(i, o)),
        _ => crate::threads::install(threads, run)?,
    }
}
