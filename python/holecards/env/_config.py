"""The environments' configuration, checked once and shared by every form."""

from __future__ import annotations

import math
import warnings
from dataclasses import dataclass, field
from fractions import Fraction
from numbers import Integral, Real
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Tuple, Union

from .._core import ENV_ACTION_NAMES, MAX_SEATS, MIN_SEATS, Rules, _env_layout, _EnvConfig
from ..enums import Structure
from ..errors import ConfigError

ActionSpec = Union[str, int, float, Fraction]

#: The default discrete actions for each betting structure.
DEFAULT_ACTIONS: Dict[Structure, Tuple[ActionSpec, ...]] = {
    Structure.NO_LIMIT: ("fold", "check_call", 0.5, 1, "all_in"),
    Structure.POT_LIMIT: ("fold", "check_call", 0.5, "max_raise"),
    Structure.FIXED_LIMIT: ("fold", "check_call", "min_raise"),
    Structure.PROGRESSIVE: ("fold", "check_call"),
}


def _int(name: str, value: Any, low: int = 0, high: int = 2**62) -> int:
    if isinstance(value, bool) or not isinstance(value, Integral) or not low <= int(value) <= high:
        raise ConfigError(f"{name} must be an integer from {low} to {high}, not {value!r}")
    return int(value)


#: Seats an environment may have (the engine's limits).
MIN_PLAYERS, MAX_PLAYERS = MIN_SEATS, MAX_SEATS


def players_of(value: Any) -> int:
    return _int("players", value, MIN_PLAYERS, MAX_PLAYERS)


def seed_of(seed: Any) -> Optional[int]:
    """A seed as the engine takes it: ``None`` or an integer from 0 to 2**64 - 1."""
    if seed is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, Integral) or not 0 <= int(seed) < 2**64:
        raise ConfigError(f"seed must be None or an integer from 0 to 2**64 - 1, not {seed!r}")
    return int(seed)


def parse_action(a: Any, structure: Structure) -> Tuple[str, int, int]:
    """One action of the abstraction as ``(name, num, den)``."""
    if isinstance(a, str):
        name = a.strip().lower().replace("-", "_").replace(" ", "_")
        if name in ENV_ACTION_NAMES:
            return (name, 0, 0)
        raise ConfigError(
            f"{a!r} is not an action: use 'fold', 'check_call', 'min_raise', 'max_raise', 'all_in' (no-limit) or a fraction of the pot such as 0.5"
        )
    if isinstance(a, bool) or not isinstance(a, (Real, Fraction)):
        raise ConfigError(f"{a!r} is not an action: use a name or a fraction of the pot")
    if not isinstance(a, (Integral, Fraction)) and not math.isfinite(float(a)):
        raise ConfigError(
            f"a pot fraction must be a finite number above 0 and at most 1000, not {a!r}"
        )
    f = (
        Fraction(a)
        if isinstance(a, (int, Fraction))
        else Fraction(float(a)).limit_denominator(1000)
    )
    if not 0 < f <= 1000:
        raise ConfigError(f"a pot fraction must be above 0 and at most 1000, not {a!r}")
    if f.denominator > 1000:
        raise ConfigError(
            f"a pot fraction's denominator is at most 1000, not {a!r} (give the nearest such fraction)"
        )
    if structure in (Structure.FIXED_LIMIT, Structure.PROGRESSIVE):
        raise ConfigError(
            f"pot fractions are for no-limit and pot-limit: {structure.name.lower().replace('_', '-')} bets have fixed sizes (use 'min_raise')"
        )
    return ("pot", f.numerator, f.denominator)


def action_name(spec: Tuple[str, int, int]) -> str:
    name, num, den = spec
    if name != "pot":
        return name
    return f"pot*{num}" if den == 1 else f"pot*{num}/{den}"


@dataclass
class EnvSettings:
    """A checked configuration (see :func:`holecards.env.aec_env` for the keys).

    Named apart from Gymnasium's ``EnvSpec`` (an environment's registration,
    which ``gymnasium.make`` sets as ``env.spec``): this is the table's
    settings, the engine's configuration plus what stays in Python (Python
    bots, the render mode)."""

    rules: Rules
    players: int
    stacks: List[int]
    stack_range: Optional[Tuple[int, int]]
    session: bool
    max_hands: Optional[int]
    actions: Optional[List[Tuple[str, int, int]]]
    button: Optional[int]
    bots: List[Optional[str]] = field(default_factory=list)
    python_bots: Dict[int, Callable[..., Any]] = field(default_factory=dict)
    render_mode: Optional[str] = None
    #: The engine's configuration, checked and made once for every table.
    config: Optional[_EnvConfig] = None

    @property
    def core(self) -> _EnvConfig:
        assert self.config is not None  # (make_settings sets it)
        return self.config

    @property
    def exact(self) -> bool:
        return self.actions is None

    @property
    def num_actions(self) -> int:
        return 3 if self.actions is None else len(self.actions)

    @property
    def action_names(self) -> List[str]:
        if self.actions is None:
            return ["fold", "check_call", "bet_or_raise"]
        return [action_name(a) for a in self.actions]

    @property
    def obs_len(self) -> int:
        return int(sum(length for _, _, length in _env_layout(self.players)))

    @property
    def max_chips(self) -> int:
        most = self.stack_range[1] if self.stack_range else max(self.stacks)
        return most * self.players

    @property
    def unit(self) -> int:
        """The chips of one big blind (Progressive Hold'em: of the first round's bet), as the engine has it."""
        return self.core.unit

    @property
    def obs_high(self) -> float:
        """A bound on every observation value (the engine's): all the chips
        in big blinds, and the most bets and raises a seat can make in a
        round at the smallest bet the rules have."""
        return float(self.core.observation_bound)


def make_settings(
    *,
    players: int = 6,
    rules: Optional[Rules] = None,
    stacks: Union[int, Sequence[int], None] = None,
    stack_range: Optional[Tuple[int, int]] = None,
    episode: str = "hand",
    max_hands: Optional[int] = None,
    actions: Union[str, Sequence[ActionSpec], None] = None,
    button: Optional[int] = None,
    render_mode: Optional[str] = None,
    bots: Optional[Mapping[int, Any]] = None,
    **unknown: Any,
) -> EnvSettings:
    """Converts a configuration to the engine's types, which the engine checks.

    Python checks what it must to convert (types, integer bounds, names, the
    seats that bots are given for); the engine checks the rest (the count of
    stacks, a stack range's order, the button, 'all_in' outside no-limit,
    that a seat is left to an agent, and that one hand can be dealt). Pot
    fractions under fixed-size betting are refused here only: the engine's
    configuration accepts them."""
    if unknown:
        known = (
            "players, rules, stacks, stack_range, episode, max_hands, actions, button, render_mode"
        )
        raise ConfigError(
            f"unknown option{'s' if len(unknown) > 1 else ''} {', '.join(sorted(unknown))}: the options are {known}"
        )
    players = players_of(players)
    if rules is None:
        rules = Rules.no_limit(small_blind=1, big_blind=2)
    if not isinstance(rules, Rules):
        raise ConfigError(
            f"rules must be a holecards.Rules (Rules.no_limit(...), Rules.fixed_limit(...), ...), not {rules!r}"
        )
    if stacks is not None and stack_range is not None:
        raise ConfigError(
            "give stacks (the same every episode) or stack_range (drawn each episode), not both"
        )
    if stacks is None:
        stacks = 200
    if isinstance(stacks, Integral) and not isinstance(stacks, bool):
        stack_list = [_int("stacks", stacks, 1)] * players
    elif isinstance(stacks, (list, tuple)):
        stack_list = [_int("each stack", s, 1) for s in stacks]  # (the engine checks the count)
    else:
        raise ConfigError(f"stacks must be an integer or one integer per seat, not {stacks!r}")
    rng: Optional[Tuple[int, int]] = None
    if stack_range is not None:
        if not (isinstance(stack_range, (list, tuple)) and len(stack_range) == 2):
            raise ConfigError(f"stack_range must be (low, high) in chips, not {stack_range!r}")
        low, high = (
            _int("stack_range's low", stack_range[0], 1),
            _int("stack_range's high", stack_range[1], 1),
        )
        rng = (low, high)  # (the engine checks low <= high)
    if episode not in ("hand", "session"):
        raise ConfigError(
            f"episode must be 'hand' (one hand) or 'session' (hands until a bust or max_hands), not {episode!r}"
        )
    if max_hands is not None:
        if episode != "session":
            raise ConfigError("max_hands is for episode='session'")
        max_hands = _int("max_hands", max_hands, 1)
    structure = rules.structure
    given = DEFAULT_ACTIONS[structure] if actions is None else actions
    if not isinstance(given, (str, list, tuple)):
        raise ConfigError(
            f"actions must be 'exact' or a list of actions (names and pot fractions), not {given!r}"
        )
    action_list: Optional[List[Tuple[str, int, int]]] = None
    if isinstance(given, str):
        if given != "exact":
            raise ConfigError(f"actions must be 'exact' or a sequence of actions, not {given!r}")
    else:
        action_list = [parse_action(a, structure) for a in given]
    if button is not None:
        button = _int("button", button)  # (the engine checks that it is a seat)
    if render_mode not in (None, "ansi", "human"):
        raise ConfigError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
    names: List[Optional[str]] = [None] * players
    python_bots: Dict[int, Callable[..., Any]] = {}
    if bots is not None and not isinstance(bots, Mapping):
        raise ConfigError(f"bots must be a dict from seat to bot, not {bots!r}")
    for seat, bot in (bots or {}).items():
        seat = _int("a bot's seat", seat)
        if seat >= players:
            raise ConfigError(f"a bot is given for seat {seat}, but seats are 0..{players - 1}")
        if isinstance(bot, str):
            names[seat] = bot
        elif callable(bot):
            python_bots[seat] = bot
        else:
            raise ConfigError(
                f"the bot for seat {seat} must be a built-in bot's name or a callable taking a SeatView, not {bot!r}"
            )
    spec = EnvSettings(
        rules,
        players,
        stack_list,
        rng,
        episode == "session",
        max_hands,
        action_list,
        button,
        names,
        python_bots,
        render_mode,
    )
    spec.config = _EnvConfig(
        rules, players, stack_list, rng, spec.session, max_hands, action_list, button, names
    )
    return spec


def layout(players: int) -> Dict[str, slice]:
    """The observation's parts for ``players`` players, as slices."""
    return {name: slice(offset, offset + length) for name, offset, length in _env_layout(players)}


def __getattr__(name: str) -> Any:
    # EnvSpec was this class's name until it was renamed apart from Gymnasium's EnvSpec.
    if name == "EnvSpec":
        warnings.warn(
            "holecards.env._config.EnvSpec is renamed EnvSettings (Gymnasium has its own EnvSpec)",
            DeprecationWarning,
            stacklevel=2,
        )
        return EnvSettings
    if name == "make_spec":
        warnings.warn(
            "holecards.env.make_spec is renamed make_settings", DeprecationWarning, stacklevel=2
        )
        return make_settings
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
