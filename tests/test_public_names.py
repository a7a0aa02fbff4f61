"""Every public name is importable from where users import it.

The package is laid out by capability (holecards/cli/, holecards/sim/,
holecards/phh/, holecards/env/, ...); these are the names users reach as
``holecards.X``, ``holecards.phh.X``, ``holecards.bots.X``,
``holecards.sim.X``, ``holecards.env.X`` and ``holecards.cli.main``: a move
inside the package must keep each of them where it is."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

PUBLIC = {
    "holecards": """HOLE_CARDS MAX_SEATS MIN_SEATS Action ActionKind Bust Card CardError Category
        ConfigError Deck DuplicateCardError Event EventKind Finish Hand HandHistoryError HandRank
        HolecardsError IllegalActionError IllegalReason InUseError LegalActions NoCardsLeftError
        Player Positions Game Pot Range RangeError Rules SeatView StateError Table Tournament
        UnsupportedVariantError Street Structure EquityError EquityGrid EquityResult equity
        equity_grid evaluate evaluate_many icm simulate parse_cards phh LowRank evaluate_omaha
        evaluate_low8 evaluate_low8_many evaluate_omaha_low8 evaluate_omaha_many ShortDeckRank evaluate_short_deck evaluate_short_deck_many BadugiRank evaluate_badugi evaluate_badugi_many LowballRank evaluate_deuce_to_seven evaluate_deuce_to_seven_many evaluate_ace_to_five evaluate_ace_to_five_many
        omaha_equity OmahaEquityResult game_equity GameEquityResult OmahaRange""",
    "holecards.phh": """HandHistory HandHistoryError MAX_BYTES dump dumps load load_many loads
        replay_all find_files to_arrow load_each""",
    "holecards.bots": "Bot Move DemoBot play_hand apply_move",
    "holecards.sim": """simulate SimulationResult SeatResult TournamentResult
        TournamentSeatResult BuiltinBot BOT_NAMES BotMove BotArg""",
    "holecards.env": """aec_env parallel_env gym_env gym_vector_env VectorEnv
        SingleAgentVectorEnv POLICY HoldemEnv observation_layout observe DEFAULT_ACTIONS""",
    "holecards.cli": """main build_parser CliError run_demo run_eval run_deal run_replay
        run_convert run_equity MAX_SEED DEMO_SMALL_BLIND DEMO_BIG_BLIND DEMO_STACK
        STRUCTURES""",
    "holecards.enums": "ActionKind Category EventKind IllegalReason Street Structure",
    "holecards.errors": """HolecardsError CardError DuplicateCardError ConfigError
        IllegalActionError StateError NoCardsLeftError HandHistoryError UnsupportedVariantError
        RangeError EquityError InUseError""",
}


@pytest.mark.parametrize("module", sorted(PUBLIC))
def test_every_public_name_is_where_users_import_it(module: str) -> None:
    if module == "holecards.env":
        pytest.importorskip("gymnasium")
    mod = importlib.import_module(module)
    missing = [name for name in PUBLIC[module].split() if not hasattr(mod, name)]
    assert missing == [], f"{module} lacks {missing}"
    # What a star import gives is what __all__ lists, and each entry exists.
    for name in getattr(mod, "__all__", []):
        assert hasattr(mod, name), f"{module}.__all__ lists {name!r}, which is not there"


def test_the_top_level_names_are_the_same_objects_as_in_their_modules() -> None:
    import holecards
    import holecards.enums
    import holecards.errors
    import holecards.sim

    assert holecards.simulate is holecards.sim.simulate
    assert holecards.Street is holecards.enums.Street
    assert holecards.ConfigError is holecards.errors.ConfigError
    assert callable(holecards.equity) and callable(holecards.equity_grid)


def test_the_console_script_and_python_dash_m_run_the_same_main() -> None:
    from importlib.metadata import entry_points

    import holecards.cli

    eps = entry_points()
    scripts = (
        eps.select(group="console_scripts")  # type: ignore[attr-defined,unused-ignore]
        if hasattr(eps, "select")
        else eps.get("console_scripts", [])  # type: ignore[attr-defined,unused-ignore]
    )
    (script,) = [ep for ep in scripts if ep.name == "holecards"]
    assert script.value == "holecards.cli:main"
    assert script.load() is holecards.cli.main
    done = subprocess.run(
        [sys.executable, "-m", "holecards", "--version"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0 and done.stdout.startswith("holecards "), done


def test_the_env_settings_old_name_still_works_with_a_deprecation_warning() -> None:
    pytest.importorskip("gymnasium")
    from holecards.env import _config

    with pytest.warns(DeprecationWarning, match="renamed EnvSettings"):
        old = _config.EnvSpec  # type: ignore[attr-defined,unused-ignore]
    assert old is _config.EnvSettings
    with pytest.raises(AttributeError):
        _config.NoSuchName  # type: ignore[attr-defined,unused-ignore]  # noqa: B018


def test_the_env_helpers_old_names_still_work_with_a_deprecation_warning() -> None:
    pytest.importorskip("gymnasium")
    import holecards.env as env
    from holecards.env import _config

    with pytest.warns(DeprecationWarning, match="renamed make_settings"):
        assert env.make_spec is _config.make_settings  # type: ignore[attr-defined,unused-ignore]
    with pytest.warns(DeprecationWarning, match="renamed EnvSettings"):
        assert env.EnvSpec is _config.EnvSettings  # type: ignore[attr-defined,unused-ignore]
    with pytest.raises(AttributeError):
        env.NoSuchName  # type: ignore[attr-defined,unused-ignore]  # noqa: B018
