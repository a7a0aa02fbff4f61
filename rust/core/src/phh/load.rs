//! Reading hand histories from files, one or many, across cores.
use super::history::{parse, HandHistory};
use super::replay::{check, replay, Replayed, Verdict};
use crate::error::{Error, Result};
use rayon::prelude::*;
use std::path::Path;

/// The histories of one `.phh` or `.phhs` file.
pub fn load_path(path: &Path) -> Result<Vec<HandHistory>> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| Error::bad_history(format!("{name}: cannot read: {e}")))?;
    let text = String::from_utf8(bytes).map_err(|e| Error::bad_history(format!("{name}: not UTF-8 text (byte {})", e.utf8_error().valid_up_to())))?;
    parse(&text, &name)
}

/// Each file's histories (or its error), in the order given, read on
/// `threads` cores (`None`: all).
pub fn load_each<P: AsRef<Path> + Sync>(paths: &[P], threads: Option<usize>) -> Result<Vec<Result<Vec<HandHistory>>>> {
    crate::threads::install(threads, || paths.par_iter().map(|p| load_path(p.as_ref())).collect())
}

/// Every history of every file, in order; the first file that cannot be
/// read is the error.
pub fn load_many<P: AsRef<Path> + Sync>(paths: &[P], threads: Option<usize>) -> Result<Vec<HandHistory>> {
    let mut out = Vec::new();
    for r in load_each(paths, threads)? {
        out.extend(r?);
    }
    Ok(out)
}

/// Each history replayed, on `threads` cores.
pub fn replay_each<H: std::ops::Deref<Target = HandHistory> + Sync>(histories: &[H], threads: Option<usize>) -> Result<Vec<Result<Replayed>>> {
    crate::threads::install(threads, || histories.par_iter().map(|h| replay(h)).collect())
}

/// Each history checked against its recorded result, on `threads` cores.
pub fn check_each<H: std::ops::Deref<Target = HandHistory> + Sync>(histories: &[H], threads: Option<usize>) -> Result<Vec<Result<(Replayed, Verdict)>>> {
    crate::threads::install(threads, || histories.par_iter().map(|h| check(h)).collect())
}

/// One row per hand for a columnar export (chips in the history's unit).
#[derive(Clone, Debug, Default)]
pub struct HandRow {
    /// `ok`, `unsupported` or `failed`.
    pub status: &'static str,
    pub error: Option<String>,
    pub places: u32,
    pub small_blind: Option<u64>,
    pub big_blind: Option<u64>,
    pub ante: Option<u64>,
    pub seat_count: Option<u64>,
    pub starting_stacks: Option<Vec<u64>>,
    pub final_stacks: Option<Vec<u64>>,
    pub board: Option<String>,
    pub pot: Option<u64>,
    pub winners: Option<Vec<u64>>,
    /// Posts and actions: (seat, street, kind, amount, all_in).
    pub actions: Vec<(u8, crate::game::Street, crate::game::ActionKind, u64, bool)>,
}

/// Each history replayed and summarised as a row, on `threads` cores.
pub fn rows_each<H: std::ops::Deref<Target = HandHistory> + Sync>(histories: &[H], threads: Option<usize>) -> Result<Vec<HandRow>> {
    use crate::game::HandState;
    crate::threads::install(threads, || {
        histories
            .par_iter()
            .map(|h| match replay(h) {
                Ok(r) => {
                    let hand = &r.hand;
                    let rules = hand.rules();
                    HandRow {
                        status: "ok",
                        error: None,
                        places: r.places,
                        small_blind: Some(rules.small_blind),
                        big_blind: Some(rules.big_blind),
                        ante: Some(rules.ante.max(rules.big_blind_ante)),
                        seat_count: Some(hand.num_players() as u64),
                        starting_stacks: Some(hand.starting_stacks()),
                        final_stacks: HandState::final_stacks(hand),
                        board: Some(crate::card::cards_to_string(hand.board())),
                        pot: Some(hand.pot()),
                        winners: hand.payoffs().map(|p| p.iter().enumerate().filter(|(_, &x)| x > 0).map(|(s, _)| s as u64).collect()),
                        actions: hand.history().iter().map(|a| (a.seat, a.street, a.kind, a.amount, a.all_in)).collect(),
                    }
                }
                Err(e) => HandRow {
                    status: if matches!(e.kind(), crate::error::ErrorKind::UnsupportedVariant(_)) { "unsupported" } else { "failed" },
                    error: Some(e.to_string()),
                    places: super::replay::unit_places(h).unwrap_or(0),
                    ..Default::default()
                },
            })
            .collect()
    })
}
