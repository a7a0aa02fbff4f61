"""Tracker statistics over hand histories (``holecards.stats``); the
definitions are in docs/stats.md."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple, Union

from ._core import HandHistory, _stats
from .errors import ConfigError

__all__ = ["PlayerStats", "StatsReport", "stats"]


def _pct(part: int, whole: int) -> Optional[float]:
    return 100.0 * part / whole if whole else None


@dataclass(frozen=True)
class PlayerStats:
    """One player's counts (at one position, or all) and the percentages
    trackers show. A percentage is ``None`` where the player never had the
    chance."""

    hands: int = 0
    vpip_hands: int = 0
    pfr_hands: int = 0
    three_bet_chances: int = 0
    three_bets: int = 0
    fold_to_three_bet_chances: int = 0
    folds_to_three_bet: int = 0
    cbet_chances: int = 0
    cbets: int = 0
    fold_to_cbet_chances: int = 0
    folds_to_cbet: int = 0
    postflop_aggressive: int = 0
    postflop_calls: int = 0
    saw_flop: int = 0
    went_to_showdown: int = 0
    #: of those, the showdowns whose winners are known (the history's
    #: winnings or stacks, or every card that decides it): ``wsd``'s chances
    showdowns_with_result: int = 0
    won_at_showdown: int = 0
    hands_with_result: int = 0
    #: chips won less chips put in (after rake where a site's numbers are given)
    winnings: Decimal = Decimal(0)
    #: the same in big blinds, each hand's over its big blind
    big_blinds: float = 0.0
    #: all-in adjusted winnings in chips: each pot a runout decided after an
    #: all-in counted at the player's equity share of it (hold'em)
    allin_adjusted: float = 0.0
    #: the same in big blinds
    allin_adjusted_big_blinds: float = 0.0
    #: hands whose result was adjusted so
    allin_adjusted_hands: int = 0

    @property
    def vpip(self) -> Optional[float]:
        """Voluntarily put money in the pot before the flop, % of hands."""
        return _pct(self.vpip_hands, self.hands)

    @property
    def pfr(self) -> Optional[float]:
        """Raised before the flop, % of hands."""
        return _pct(self.pfr_hands, self.hands)

    @property
    def three_bet(self) -> Optional[float]:
        """Re-raised an open raise, % of the chances."""
        return _pct(self.three_bets, self.three_bet_chances)

    @property
    def fold_to_three_bet(self) -> Optional[float]:
        """Folded an open raise to a three-bet, % of the chances."""
        return _pct(self.folds_to_three_bet, self.fold_to_three_bet_chances)

    @property
    def cbet(self) -> Optional[float]:
        """Bet the flop after raising last before it, % of the chances."""
        return _pct(self.cbets, self.cbet_chances)

    @property
    def fold_to_cbet(self) -> Optional[float]:
        """Folded to a continuation bet, % of the chances."""
        return _pct(self.folds_to_cbet, self.fold_to_cbet_chances)

    @property
    def aggression_factor(self) -> Optional[float]:
        """Bets and raises over calls after the flop."""
        return self.postflop_aggressive / self.postflop_calls if self.postflop_calls else None

    @property
    def wtsd(self) -> Optional[float]:
        """Went to showdown, % of the flops seen."""
        return _pct(self.went_to_showdown, self.saw_flop)

    @property
    def wsd(self) -> Optional[float]:
        """Won money at showdown, % of the showdowns whose winners are known."""
        return _pct(self.won_at_showdown, self.showdowns_with_result)

    @property
    def allin_adjusted_bb_per_100(self) -> Optional[float]:
        """All-in adjusted big blinds per 100 hands (the hands with a result)."""
        if not self.hands_with_result:
            return None
        return 100.0 * self.allin_adjusted_big_blinds / self.hands_with_result

    @property
    def bb_per_100(self) -> Optional[float]:
        """Big blinds won per 100 hands (the hands with a result)."""
        return 100.0 * self.big_blinds / self.hands_with_result if self.hands_with_result else None


def _player_stats(d: Dict[str, Any]) -> PlayerStats:
    d = dict(d)
    d["vpip_hands"] = d.pop("vpip")
    d["pfr_hands"] = d.pop("pfr")
    d["winnings"] = Decimal(d["winnings"])
    return PlayerStats(**d)


@dataclass(frozen=True)
class StatsReport:
    """The statistics of a corpus."""

    #: by player name, every position
    players: Dict[str, PlayerStats] = field(default_factory=dict)
    #: by (player name, position): ``SB``, ``BB``, ``UTG`` ... ``CO``, ``BTN``
    by_position: Dict[Tuple[str, str], PlayerStats] = field(default_factory=dict)
    #: hands counted
    hands: int = 0
    #: hands skipped (a stud or draw game, or a history that does not replay)
    skipped: int = 0
    #: why, for the first few skipped
    skipped_why: List[str] = field(default_factory=list)
    #: with ``player`` given: each of its hands with a result, in order, as
    #: (net, all-in adjusted net) in big blinds
    series: List[Tuple[float, float]] = field(default_factory=list)

    def plot_bankroll(self, path: Union[str, "os.PathLike[str]"], *, title: str = "") -> None:
        """A bankroll graph as a PNG: the player's winnings and all-in
        adjusted winnings over its hands, in big blinds (needs the ``plot``
        extra, matplotlib; ``stats(..., player=NAME)`` first)."""
        if not self.series:
            raise ValueError(
                "no series to plot: stats(..., player=NAME) gives one, of that "
                "player's hands with a result"
            )
        try:
            import matplotlib

            matplotlib.use("Agg")
            import matplotlib.pyplot as plt
        except ImportError:
            raise ImportError(
                "plot_bankroll needs matplotlib: pip install 'holecards[plot]'"
            ) from None
        won, adjusted = [0.0], [0.0]
        for net, adj in self.series:
            won.append(won[-1] + net)
            adjusted.append(adjusted[-1] + adj)
        fig, ax = plt.subplots(figsize=(9, 4.5))
        ax.plot(range(len(won)), won, label="winnings", color="tab:green")
        ax.plot(range(len(adjusted)), adjusted, label="all-in adjusted", color="tab:orange")
        ax.axhline(0, color="grey", linewidth=0.6)
        ax.set_xlabel("hands")
        ax.set_ylabel("big blinds")
        # (as written: a name's "$" is no maths markup)
        ax.set_title(title or f"{len(self.series):,} hands", parse_math=False)
        ax.legend(loc="best")
        fig.tight_layout()
        fig.savefig(path, dpi=110)
        plt.close(fig)


def hands_under(
    paths: Sequence[Union[str, "os.PathLike[str]"]],
) -> Tuple[List[HandHistory], int, List[str]]:
    """Every hand under ``paths``: PHH files (folders searched) and site
    hand history files (the ``.txt`` files of folders, any other file
    named). Returns the hands, how many site hands did not convert, and why
    each file of a folder that could not be read at all was skipped (a PHH
    file or a site's); a PHH file named that cannot be read raises, as
    ``phh.load_many`` does."""
    from . import phh
    from .errors import HolecardsError

    hands: List[HandHistory] = []
    problems = 0
    unreadable: List[str] = []
    for p in map(Path, paths):
        if p.is_dir():
            files = phh.find_files([p])
            try:
                hands.extend(phh.load_many(files) if files else [])
            except (HolecardsError, OSError):
                # a bad file in the folder: the others still count, each
                # bad one named (read one by one only then)
                for f in files:
                    try:
                        hands.extend(phh.load_many([f]))
                    except (HolecardsError, OSError) as e:
                        unreadable.append(str(e))
        elif p.suffix in (".phh", ".phhs"):
            hands.extend(phh.load_many([p]))
    for p in map(Path, paths):
        for f in phh.find_site_files(p) if p.is_dir() else [p]:
            if f.suffix in (".phh", ".phhs"):
                continue
            try:
                c = phh.from_site(f)
            except (HolecardsError, OSError) as e:
                unreadable.append(str(e))
                continue
            hands.extend(c.hands)
            problems += len(c.problems)
    return hands, problems, unreadable


def stats(
    histories: Union[Iterable[HandHistory], str, "os.PathLike[str]"],
    *,
    player: Optional[str] = None,
) -> StatsReport:
    """Tracker statistics of ``histories`` (``HandHistory`` objects, or a
    path: a PHH file, a site's hand history file, or a folder of them), for
    every player or only ``player``."""
    # (a folder's files that are no hand history, and its site hands that
    # did not convert, are reported among the skipped, as the command line
    # reports them; a file named that cannot be read raises)
    notes: List[str] = []
    not_converted = 0
    if isinstance(histories, (str, os.PathLike)):
        items, not_converted, unreadable = hands_under([histories])
        if unreadable and not Path(histories).is_dir():
            from .errors import HandHistoryError

            raise HandHistoryError(unreadable[0])
        notes = [f"a file skipped: {why}" for why in unreadable]
        if not_converted:
            notes.append(
                f"{not_converted} site hands did not convert (phh.from_site or "
                "holecards convert says why)"
            )
    else:
        items = list(histories)
    for h in items:
        if not isinstance(h, HandHistory):
            raise TypeError(f"stats() takes HandHistory objects, not {type(h).__name__}")
    if player is not None and not isinstance(player, str):
        raise TypeError(
            f"player is a player's name as the histories write it (a str), not {type(player).__name__}"
        )
    if player is not None:
        try:
            player.encode("utf-8")
        except UnicodeEncodeError:
            # (a lone surrogate: bytes of a command line that are not UTF-8)
            raise ConfigError(
                f"player {player!r} is not a name a history can hold: it is not valid text"
            ) from None
    players, by_position, hands, skipped, why, series = _stats(items, player)
    return StatsReport(
        players={k: _player_stats(v) for k, v in players.items()},
        by_position={k: _player_stats(v) for k, v in by_position.items()},
        hands=hands,
        skipped=skipped + not_converted,
        skipped_why=notes + list(why),
        series=list(series),
    )
