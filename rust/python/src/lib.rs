//! The PyO3 binding of holecards-core: conversions, error mapping and GIL
//! release only. Every rule lives in the engine crate.
use pyo3::prelude::*;
use pyo3::types::PyTuple;

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

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::add_to(m)?;
    enums::add_to(m)?;
    m.add_class::<cards::Card>()?;
    m.add_class::<cards::Deck>()?;
    m.add_class::<eval::HandRank>()?;
    m.add_function(wrap_pyfunction!(cards::parse_cards, m)?)?;
    m.add_function(wrap_pyfunction!(eval::evaluate, m)?)?;
    m.add_function(wrap_pyfunction!(eval::_evaluate_many, m)?)?;
    m.add_function(wrap_pyfunction!(eval::_restore_hand_rank, m)?)?;
    m.add_class::<game::Rules>()?;
    m.add_class::<game::Hand>()?;
    m.add_class::<game::LegalActions>()?;
    m.add_class::<game::Pot>()?;
    m.add_class::<game::Action>()?;
    m.add_class::<game::SeatView>()?;
    m.add_class::<game::Event>()?;
    m.add_function(wrap_pyfunction!(game::_restore_view, m)?)?;
    m.add("MIN_SEATS", holecards_core::game::MIN_SEATS)?;
    m.add("MAX_SEATS", holecards_core::game::MAX_SEATS)?;
    m.add("HOLE_CARDS", holecards_core::game::HOLE_CARDS)?;
    m.add(
        "ENV_ACTION_NAMES",
        PyTuple::new(m.py(), holecards_core::env::AbstractAction::NAMES)?,
    )?;
    m.add_function(wrap_pyfunction!(game::_restore_rules, m)?)?;
    m.add_function(wrap_pyfunction!(game::_restore_hand, m)?)?;
    m.add_class::<range::Range>()?;
    m.add_class::<phh::HandHistory>()?;
    phh::add_constants(m)?;
    m.add_function(wrap_pyfunction!(phh::_phh_loads, m)?)?;
    m.add_function(wrap_pyfunction!(phh::_phh_restore, m)?)?;
    m.add_function(wrap_pyfunction!(phh::_phh_toml_loads, m)?)?;
    m.add_function(wrap_pyfunction!(phh::_phh_load_path, m)?)?;
    m.add_function(wrap_pyfunction!(phh::_phh_load_many, m)?)?;
    m.add_function(wrap_pyfunction!(phh::_phh_find_files, m)?)?;
    m.add_class::<equity::EquityResult>()?;
    m.add_function(wrap_pyfunction!(equity::_equity, m)?)?;
    m.add_function(wrap_pyfunction!(equity::_equity_grid, m)?)?;
    m.add_function(wrap_pyfunction!(phh::_phh_load_each, m)?)?;
    m.add_function(wrap_pyfunction!(phh::_phh_replay_each, m)?)?;
    m.add_function(wrap_pyfunction!(phh::_phh_dumps_hand, m)?)?;
    m.add_function(wrap_pyfunction!(phh::_phh_dumps_history, m)?)?;
    m.add_function(wrap_pyfunction!(phh::_phh_dumps_many, m)?)?;
    m.add_function(wrap_pyfunction!(phh::_phh_from_hand, m)?)?;
    m.add_function(wrap_pyfunction!(phh::_phh_check_each, m)?)?;
    m.add_function(wrap_pyfunction!(phh::_phh_columns, m)?)?;
    m.add_function(wrap_pyfunction!(bots::_play_bots, m)?)?;
    m.add_function(wrap_pyfunction!(bots::_apply_answer, m)?)?;
    m.add_class::<table::Table>()?;
    m.add_class::<table::Tournament>()?;
    m.add_class::<table::Player>()?;
    m.add_class::<table::Bust>()?;
    m.add_class::<table::Positions>()?;
    m.add_class::<table::Finish>()?;
    m.add_function(wrap_pyfunction!(table::_restore_table, m)?)?;
    m.add_function(wrap_pyfunction!(table::_restore_tournament, m)?)?;
    m.add_function(wrap_pyfunction!(table::icm, m)?)?;
    m.add_function(wrap_pyfunction!(sim::_sim_cash, m)?)?;
    m.add_function(wrap_pyfunction!(sim::_sim_cash_chunks, m)?)?;
    m.add_function(wrap_pyfunction!(sim::_sim_tournaments, m)?)?;
    m.add_function(wrap_pyfunction!(sim::_sim_bot_names, m)?)?;
    m.add_class::<sim::BuiltinBot>()?;
    m.add_class::<env::Config>()?;
    m.add_class::<env::EnvTable>()?;
    m.add_class::<env::VecEnv>()?;
    m.add_function(wrap_pyfunction!(env::_env_layout, m)?)?;
    m.add_function(wrap_pyfunction!(env::_env_observe_view, m)?)?;
    Ok(())
}
