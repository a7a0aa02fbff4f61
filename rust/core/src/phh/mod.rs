//! Hand histories in the PHH format (the spec: `shared/phh/spec/`): read
//! them, replay them through the engine, write any hand as one.
//!
//! * [`toml`]: the TOML document model (numbers kept as written).
//! * [`history`]: a `HandHistory`, its fields and parsing.
//! * [`load`]: files, one or many, across cores.
//! * [`replay`]: a history's actions played through a `Hand`, each checked.
//! * [`write`]: a `Hand` written as PHH, from its events.
//!
//! Variant codes: `NT` (no-limit) and `FT` (fixed-limit) from the spec, and
//! this project's extension for the structures the spec has no code for:
//! `PT` (pot-limit Texas hold'em, fields as `NT`) and `PGT` (Progressive
//! Texas hold'em: uniform `antes`, zero `blinds_or_straddles`, and the four
//! bet sizes in `_progressive_bets`).
pub mod arrow;
pub mod history;
pub mod load;
pub mod replay;
pub mod toml;
pub mod write;

pub use arrow::ArrowColumn;
pub use history::{parse, parse_with, restore, Decimal, HandHistory, ATTRIBUTES, KNOWN_FIELDS};
pub use load::{
    check_each, columns_each, columns_of, files_under, find_files, load_each, load_many, load_path,
    load_path_with, replay_each, rows_each, Column, ColumnType, Columns, HandRow, ACTION_COLUMNS,
    HAND_COLUMNS, PLAYER_COLUMNS,
};
pub use replay::{check, replay, unit, unit_places, CheckStatus, Replayed, Verdict};
pub use write::{write_hand, write_hands};

/// The variant codes the engine plays, in the order messages list them:
/// the spec's NT, FT, NS, PO and FO/8, NR, and this project's codes built
/// the same way, a betting structure's letter (N no-limit, P pot-limit, F
/// fixed-limit, PG Progressive) then a game's (T hold'em, O Omaha, O/8
/// Omaha hi/lo, S short-deck, R royal, but FRH for fixed-limit royal, FR
/// being razz). Omaha with 5 or 6 hole cards adds `_hole_cards`;
/// short-deck with three of a kind above a straight,
/// `_trips_beat_straight = true`. The stud games are the spec's F7S, F7S/8
/// and FR (fixed limit). The draw games are the spec's F2L3D, N2L1D and FB,
/// and the same games under the other structures (game letters 2L3D, 2L1D
/// and B).
pub const PLAYED: [&str; 35] = [
    "NT", "FT", "PT", "PGT", "NS", "PO", "FO/8", "NR", "NO", "FO", "NO/8", "PO/8", "PS", "FS",
    "PR", "FRH", "PGO", "PGO/8", "PGS", "PGR", "F7S", "F7S/8", "FR", "F2L3D", "N2L1D", "FB",
    "N2L3D", "P2L3D", "PG2L3D", "F2L1D", "P2L1D", "PG2L1D", "NB", "PB", "PGB",
];

/// The betting structure and game family of a variant code in [`PLAYED`].
pub fn variant_game(code: &str) -> Option<(Structure, GameKind)> {
    if !PLAYED.contains(&code) {
        return None;
    }
    let (structure, game) = if let Some(rest) = code.strip_prefix("PG") {
        (Structure::Progressive, rest)
    } else {
        let structure = match code.as_bytes().first()? {
            b'N' => Structure::NoLimit,
            b'P' => Structure::PotLimit,
            _ => Structure::FixedLimit,
        };
        (structure, &code[1..])
    };
    if code == "FR" {
        return Some((Structure::FixedLimit, GameKind::Razz));
    }
    let kind = match game {
        "2L3D" => GameKind::DeuceSevenTripleDraw,
        "2L1D" => GameKind::DeuceSevenSingleDraw,
        "B" => GameKind::Badugi,
        "7S" => GameKind::Stud,
        "7S/8" => GameKind::StudHiLo,
        "T" => GameKind::Holdem,
        "O" => GameKind::Omaha,
        "O/8" => GameKind::OmahaHiLo,
        "S" => GameKind::ShortDeck,
        _ => GameKind::Royal, // R, and FRH's RH
    };
    Some((structure, kind))
}

/// The variant code of a structure and game (see [`PLAYED`]).
pub fn variant_code(structure: Structure, game: GameKind) -> String {
    let s = match structure {
        Structure::NoLimit => "N",
        Structure::PotLimit => "P",
        Structure::FixedLimit => "F",
        Structure::Progressive => "PG",
    };
    let g = match game {
        GameKind::Holdem => "T",
        GameKind::Omaha => "O",
        GameKind::OmahaHiLo => "O/8",
        GameKind::ShortDeck => "S",
        GameKind::Royal => "R",
        GameKind::Stud => "7S",
        GameKind::StudHiLo => "7S/8",
        // (razz is played at fixed limit: "FR")
        GameKind::Razz => "R",
        GameKind::DeuceSevenTripleDraw => "2L3D",
        GameKind::DeuceSevenSingleDraw => "2L1D",
        GameKind::Badugi => "B",
    };
    if (structure, game) == (Structure::FixedLimit, GameKind::Royal) {
        return "FRH".into();
    }
    format!("{s}{g}")
}

use crate::game::{GameKind, Structure};

/// A variant code's name, for messages.
pub fn variant_name(code: &str) -> &'static str {
    match code {
        "NT" => "no-limit Texas hold'em",
        "FT" => "fixed-limit Texas hold'em",
        "PT" => "pot-limit Texas hold'em",
        "PGT" => "Progressive Texas hold'em",
        "NR" => "no-limit royal hold'em",
        "PR" => "pot-limit royal hold'em",
        "NO" => "no-limit Omaha hold'em",
        "FO" => "fixed-limit Omaha hold'em",
        "NO/8" => "no-limit Omaha hold'em high/low",
        "PO/8" => "pot-limit Omaha hold'em high/low",
        "PS" => "pot-limit short-deck hold'em",
        "FS" => "fixed-limit short-deck hold'em",
        "PGO" => "Progressive Omaha hold'em",
        "PGO/8" => "Progressive Omaha hold'em high/low",
        "PGS" => "Progressive short-deck hold'em",
        "FRH" => "fixed-limit royal hold'em",
        "PGR" => "Progressive royal hold'em",
        "NS" => "no-limit short-deck hold'em",
        "PO" => "pot-limit Omaha hold'em",
        "FO/8" => "fixed-limit Omaha hold'em high/low",
        "F7S" => "fixed-limit seven card stud",
        "F7S/8" => "fixed-limit seven card stud high/low",
        "FR" => "fixed-limit razz",
        "N2L1D" => "no-limit deuce-to-seven single draw",
        "F2L3D" => "fixed-limit deuce-to-seven triple draw",
        "FB" => "fixed-limit badugi",
        "N2L3D" => "no-limit deuce-to-seven triple draw",
        "P2L3D" => "pot-limit deuce-to-seven triple draw",
        "PG2L3D" => "Progressive deuce-to-seven triple draw",
        "F2L1D" => "fixed-limit deuce-to-seven single draw",
        "P2L1D" => "pot-limit deuce-to-seven single draw",
        "PG2L1D" => "Progressive deuce-to-seven single draw",
        "NB" => "no-limit badugi",
        "PB" => "pot-limit badugi",
        "PGB" => "Progressive badugi",
        _ => "not a PHH variant code",
    }
}
