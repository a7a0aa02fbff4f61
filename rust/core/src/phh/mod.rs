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
pub mod history;
pub mod load;
pub mod replay;
pub mod toml;
pub mod write;

pub use history::{parse, restore, Decimal, HandHistory, ATTRIBUTES, KNOWN_FIELDS};
pub use load::{
    check_each, columns_each, files_under, find_files, load_each, load_many, load_path,
    replay_each, rows_each, Column, ColumnType, Columns, HandRow, ACTION_COLUMNS, HAND_COLUMNS,
};
pub use replay::{check, replay, unit, unit_places, CheckStatus, Replayed, Verdict};
pub use write::{write_hand, write_hands};

/// The hold'em variants the engine plays.
pub const PLAYED: [&str; 4] = ["NT", "FT", "PT", "PGT"];

/// A variant code's name, for messages.
pub fn variant_name(code: &str) -> &'static str {
    match code {
        "NT" => "no-limit Texas hold'em",
        "FT" => "fixed-limit Texas hold'em",
        "PT" => "pot-limit Texas hold'em",
        "PGT" => "Progressive Texas hold'em",
        "NS" => "no-limit short-deck hold'em",
        "PO" => "pot-limit Omaha hold'em",
        "FO/8" => "fixed-limit Omaha hold'em high/low",
        "F7S" => "fixed-limit seven card stud",
        "F7S/8" => "fixed-limit seven card stud high/low",
        "FR" => "fixed-limit razz",
        "N2L1D" => "no-limit deuce-to-seven single draw",
        "F2L3D" => "fixed-limit deuce-to-seven triple draw",
        "FB" => "fixed-limit badugi",
        _ => "not a PHH variant code",
    }
}
