//! The PyO3 binding of holecards-core: conversions, error mapping and GIL
//! release only. Every rule lives in the engine crate.
use pyo3::prelude::*;

#[macro_use]
mod macros;
mod args;
mod bots;
mod cards;
mod enums;
mod env;
mod equity;
mod errors;
mod eval;
mod game;
mod phh;
mod range;
mod sim;
mod table;

/// mimalloc for the engine's allocations: reading a corpus or a hand's
/// events makes many small ones, which glibc's allocator serves slowly
/// when thousands of results are alive at once (the Python objects keep
/// using Python's allocator).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The compiled module: each binding module's classes and functions, then
/// the exceptions, the enums and the engine's constants.
#[pymodule]
mod _core {
    #[pymodule_export]
    use crate::bots::{_apply_answer, _play_bots};
    #[pymodule_export]
    use crate::cards::{parse_cards, Card, Deck};
    #[pymodule_export]
    use crate::env::{_env_layout, _env_observe_view, Config, EnvTable, GymFast, VecEnv};
    #[pymodule_export]
    use crate::equity::{
        _equity, _equity_grid, _game_equity, _omaha_equity, EquityResult, GameEquityResult,
    };
    #[pymodule_export]
    use crate::eval::{
        _evaluate_badugi_many, _evaluate_low8_many, _evaluate_lowball_many, _evaluate_many,
        _evaluate_omaha_many, _evaluate_short_deck_many, _restore_badugi_rank, _restore_hand_rank,
        _restore_low_rank, _restore_lowball_rank, _restore_short_deck_rank, evaluate,
        evaluate_ace_to_five, evaluate_badugi, evaluate_deuce_to_seven, evaluate_low8,
        evaluate_omaha, evaluate_omaha_low8, evaluate_short_deck, BadugiRank, HandRank, LowRank,
        LowballRank, ShortDeckRank,
    };
    #[pymodule_export]
    use crate::game::{
        _restore_hand, _restore_legal_actions, _restore_rules, _restore_view, Action, Event, Game,
        Hand, LegalActions, Pot, Rules, SeatView,
    };
    #[pymodule_export]
    use crate::phh::{
        _phh_check_each, _phh_columns, _phh_dumps_hand, _phh_dumps_history, _phh_dumps_many,
        _phh_find_files, _phh_from_hand, _phh_load_each, _phh_load_many, _phh_load_path,
        _phh_loads, _phh_replay_each, _phh_restore, _phh_toml_loads, _site_columns, _site_convert,
        _site_convert_columns, _site_convert_files, _stats, HandHistory,
    };
    #[pymodule_export]
    use crate::range::{OmahaRange, Range};
    #[pymodule_export]
    use crate::sim::{_sim_bot_names, _sim_cash, _sim_cash_chunks, _sim_tournaments, BuiltinBot};
    #[pymodule_export]
    use crate::table::{
        _restore_table, _restore_tournament, icm, Bust, Finish, Player, Positions, Table,
        Tournament,
    };

    use pyo3::prelude::*;
    use pyo3::types::PyTuple;

    #[pymodule_init]
    fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
        crate::errors::add_to(m)?;
        crate::enums::add_to(m)?;
        crate::phh::add_constants(m)?;
        m.add("MIN_SEATS", holecards_core::game::MIN_SEATS)?;
        m.add("MAX_SEATS", holecards_core::game::MAX_SEATS)?;
        m.add("HOLE_CARDS", holecards_core::game::HOLE_CARDS)?;
        let names = holecards_core::env::AbstractAction::NAMES;
        m.add("ENV_ACTION_NAMES", PyTuple::new(m.py(), names)?)?;
        Ok(())
    }
}
