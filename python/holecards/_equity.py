"""Equity: how often each player wins, exactly or by seeded Monte Carlo.

    >>> import holecards
    >>> r = holecards.equity(["AhKh", "QsQd"])
    >>> r.wins, r.ties, r.boards
    ([787966, 917606], [6732, 6732], 1712304)
    >>> round(r.equities[0], 4)
    0.4621

The work is done in the engine (``holecards_core::equity``) with the GIL
released, on every core unless ``threads`` says otherwise; this module only
passes the arguments on and draws the grid's picture.
"""

from __future__ import annotations

import itertools
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Union

from ._core import (
    Card,
    EquityResult,
    Game,
    GameEquityResult,
    OmahaRange,
    Range,
    _equity,
    _equity_grid,
    _game_equity,
    _omaha_equity,
)

#: The former name of ``GameEquityResult`` (what ``omaha_equity`` returns).
OmahaEquityResult = GameEquityResult

__all__ = [
    "equity",
    "equity_grid",
    "game_equity",
    "omaha_equity",
    "EquityGrid",
    "EquityResult",
    "GameEquityResult",
    "OmahaEquityResult",
    "RANKS",
]

Player = Union[str, Range, Sequence[Union[Card, str, int]]]
Cards = Union[str, Sequence[Union[Card, str, int]], None]
Progress = Optional[Callable[[int, int], Any]]

#: The grid's ranks, top row / left column first.
RANKS = "AKQJT98765432"


#: The most players an equity question takes (the engine says so past it).
_MOST_PLAYERS = 10


def _bounded(items: Iterable[Any]) -> List[Any]:
    """The players or hands given, read one past the most an equity question
    takes (the engine refuses that many): an endless iterable is refused,
    not read until memory runs out."""
    return list(itertools.islice(items, _MOST_PLAYERS + 1))


def equity(
    players: Sequence[Player],
    board: Cards = "",
    dead: Cards = "",
    *,
    trials: Optional[int] = None,
    seed: Optional[int] = None,
    threads: Optional[int] = None,
    target_std_error: Optional[float] = None,
    progress: Progress = None,
) -> EquityResult:
    """Each player's equity: 2 to 10 players, each two cards (``"AhKh"``),
    one card (``"Ah"``, the other unknown), or a range (a :class:`Range` or
    its text: ``"TT+,AQs+"``, ``"AA:0.5,KK"``, ``"random"``, ``"15%"``), on
    a ``board`` of 0, 3, 4 or 5 known cards, with ``dead`` cards out.

    ``trials=None`` (and no ``target_std_error``) enumerates every deal
    exactly, raising :class:`EquityError` with the count when that is too
    large; ``trials=N`` samples N deals from ``seed`` (drawn from the
    operating system when None, and reported as ``result.seed``);
    ``target_std_error=x`` samples until every player's standard error is
    below x (checked after 16,384 deals, then each time their number grows
    by a quarter; at most ``trials`` when given).
    ``progress(done, total)`` is called a few times a second and at the end.
    Ctrl-C stops the computation within a fraction of a second.
    """
    if isinstance(players, (str, Range)):
        raise TypeError("players is a list: one hand or range per player, e.g. ['AhKh', 'QsQd']")
    return _equity(
        _bounded(players), board, dead, trials, seed, threads, target_std_error, progress
    )


def omaha_equity(
    hands: Sequence[Cards],
    board: Cards = "",
    dead: Cards = "",
    *,
    hilo: bool = False,
    trials: Optional[int] = None,
    seed: Optional[int] = None,
    threads: Optional[int] = None,
) -> GameEquityResult:
    """Omaha equity of 2 to 10 known hands of 4, 5 or 6 cards each
    (``"AsAhKsKh"``), on a ``board`` of 0, 3, 4 or 5 known cards, with
    ``dead`` cards out. Each hand plays exactly two hole cards and three
    board cards.

    ``hilo=True`` splits each pot between the best high and the best
    eight-or-better low (the whole pot to the high when no low qualifies;
    each half among its ties): ``high_shares``, ``low_shares`` and
    ``scoops`` say how. ``trials=None`` enumerates every board exactly;
    ``trials=N`` samples N boards from ``seed`` (from the operating system
    when None, reported as ``result.seed``), the same result on any number
    of ``threads``. Ctrl-C stops the computation within a fraction of a
    second.
    """
    if isinstance(hands, str):
        raise TypeError("hands is a list: one hand per player, e.g. ['AsAhKsKh', 'QdJdTc9c']")
    return _omaha_equity(_bounded(hands), board, dead, hilo, trials, seed, threads)


def game_equity(
    game: Union[Game, str],
    hands: Sequence[Union[Cards, OmahaRange]],
    board: Cards = "",
    dead: Cards = "",
    *,
    trials: Optional[int] = None,
    seed: Optional[int] = None,
    threads: Optional[int] = None,
    unseen_out: int = 0,
) -> GameEquityResult:
    """Equity in any ``game`` (a ``Game`` or its code: ``"omaha5"``,
    ``"short-deck"``, ...) of 2 to 10 players (a stud game: 2 to 8), each
    hand its known cards: all of them (``"AsAhKsKh"``), some (``"As"``: the
    rest dealt at random from the game's deck) or none (``""`` or ``None``:
    a random hand); on a ``board`` of 0, 3, 4 or 5 known cards (a stud
    game: none, or seventh street's community card where the deck ran
    short; one is dealt where it runs short), with ``dead`` cards out. The
    showdown is the game's: Omaha plays two hole cards and three board
    cards, the hi/lo games split each pot with the best eight-or-better low
    (``high_shares``, ``low_shares``, ``scoops``). In the Omaha games a
    player may also be a range: an ``OmahaRange`` or its text
    (``"AAxx:ds, KQJT"``): exactly, every tuple of the ranges' hands that
    share no card (ranges whose hands all weigh 1), or with ``trials`` each
    trial drawing the ranges' hands by their weights.

    ``trials=None`` enumerates every deal exactly (the board and every
    unknown hole card; more than 200 million deals is refused at once: give
    ``trials``); ``trials=N`` samples N deals from ``seed``, the same result
    on any number of ``threads``. Ctrl-C stops the computation within a
    fraction of a second.

    ``unseen_out`` (the stud games): how many cards are out of the deck
    that nobody saw, the down cards of players who folded. Seventh street
    is a community card when the stub runs short (live-action rule 238),
    and the stub does not hold them.
    """
    if isinstance(hands, str):
        raise TypeError("hands is a list: one hand per player, e.g. ['AsAhKsKh', '']")
    return _game_equity(game, _bounded(hands), board, dead, trials, seed, threads, unseen_out)


class EquityGrid:
    """Every starting hand's equity against the same opponents: the 13 x 13
    table poker players read (pairs on the diagonal, suited hands above it,
    offsuit hands below: ``AKs`` in row A, column K; ``AKo`` in row K, column
    A)."""

    def __init__(
        self, names: List[str], cells: List[Optional[EquityResult]], seed: Optional[int], title: str
    ) -> None:
        self.names: List[List[str]] = [names[13 * i : 13 * i + 13] for i in range(13)]
        self.results: Dict[str, Optional[EquityResult]] = dict(zip(names, cells))
        #: The first player's equity per cell (NaN where the known cards
        #: make the hand impossible).
        self.equities: List[List[float]] = [
            [self._eq(self.results[n]) for n in row] for row in self.names
        ]
        self.seed = seed
        self.title = title

    @staticmethod
    def _eq(r: Optional[EquityResult]) -> float:
        return float("nan") if r is None else r.equities[0]

    def __getitem__(self, hand: str) -> float:
        """The equity of a class (``"AKs"``, ``"T9o"``, ``"77"``)."""
        return self._eq(self.results[hand])

    def __repr__(self) -> str:
        return f"EquityGrid({self.title!r})"

    def to_text(self) -> str:
        """The grid as text, equities in percent."""
        lines = ["     " + "".join(f"{r:>6}" for r in RANKS)]
        for r, row in zip(RANKS, self.equities):
            lines.append(
                f"{r:>5}" + "".join("   -- " if v != v else f"{100 * v:6.1f}" for v in row)
            )
        return "\n".join(lines)

    def to_png(self, path: str, *, title: Optional[str] = None, dpi: int = 150) -> None:
        """Draws the grid as a heat map with the hand names and equities in
        the cells (needs matplotlib: ``pip install 'holecards[plot]'``)."""
        try:
            import matplotlib

            matplotlib.use("Agg", force=False)
            import matplotlib.pyplot as plt
        except ImportError as e:  # pragma: no cover - depends on the extra
            raise ImportError(
                "drawing the grid needs matplotlib: pip install 'holecards[plot]'"
            ) from e
        import math

        data = [[float("nan") if v != v else v for v in row] for row in self.equities]
        fig, ax = plt.subplots(figsize=(9.5, 9))
        im = ax.imshow(data, cmap="RdYlGn", vmin=0.0, vmax=1.0)
        for i in range(13):
            for j in range(13):
                v = data[i][j]
                label = self.names[i][j] + ("\n--" if math.isnan(v) else f"\n{100 * v:.1f}")
                ax.text(j, i, label, ha="center", va="center", fontsize=7)
        ax.set_xticks(range(13), list(RANKS))
        ax.set_yticks(range(13), list(RANKS))
        ax.set_title(title or self.title)
        fig.colorbar(im, ax=ax, fraction=0.046, pad=0.04, label="equity")
        fig.tight_layout()
        fig.savefig(path, dpi=dpi)
        plt.close(fig)


def equity_grid(
    opponents: Union[Player, Sequence[Player]],
    board: Cards = "",
    dead: Cards = "",
    *,
    trials: Optional[int] = None,
    seed: Optional[int] = None,
    threads: Optional[int] = None,
    target_std_error: Optional[float] = None,
    progress: Progress = None,
) -> EquityGrid:
    """Every one of the 169 starting hands against ``opponents`` (one hand or
    range, or a list of them for several opponents), each cell computed as
    :func:`equity` would (exact, or ``trials`` deals per cell from a seed
    derived from ``seed`` and the cell); ``progress`` counts cells."""
    opps: List[Player] = [opponents] if isinstance(opponents, (str, Range)) else _bounded(opponents)
    names, cells, used_seed = _equity_grid(
        opps, board, dead, trials, seed, threads, target_std_error, progress
    )
    title = "equity against " + " and ".join(str(o) for o in opps)
    if board:
        title += f" on {board if isinstance(board, str) else ' '.join(map(str, board))}"
    return EquityGrid(names, cells, used_seed, title)
