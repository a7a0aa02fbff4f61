"""A test-only writer of site hand histories: a finished holecards ``Hand``
(no-limit hold'em) written as the PokerStars client writes a play-money
hand, as GGPoker's client writes a hand (its header, a ``Dealt to`` line
for every player, straddles, ``*** SHOWDOWN ***`` before an all-in's
runout, thousands grouped with commas, its fees), or as Winamax writes a
hand (no colon after names, the euro sign after amounts, no uncalled-bet
line: the bet comes back with the pot), or as 888poker writes a hand
(amounts in brackets, each what the action adds, no total pot), from the
hand's events, so that parsing it back can be compared with the hand."""

from __future__ import annotations

from typing import Any, List, Optional, Sequence


def _cards(cards: Any) -> str:
    """Cards as PokerStars writes them in brackets: ``Ah Kd``."""
    text = cards if isinstance(cards, str) else "".join(str(c) for c in cards)
    return " ".join(text[i : i + 2] for i in range(0, len(text), 2))


def _paid(hand: Any, kind: str) -> List[int]:
    """Each seat's total of the hand's events of ``kind``: ``AWARD`` (what
    it won) or ``RETURN_UNCALLED`` (its uncalled bet back)."""
    out = [0] * hand.num_players
    for e in hand.events:
        if e.kind.name == kind:
            out[e.seat] += e.amount
    return out


def write_pokerstars(
    hand: Any, number: int, names: Sequence[str], hero: int = 0, gg: bool = False
) -> str:
    """``hand`` (over) as PokerStars text (GGPoker's with ``gg``); ``names``
    by seat; ``hero`` the seat whose cards a ``Dealt to`` line shows. A
    short-deck hand (antes and the button's blind) is written as 6+ Hold'em
    (GGPoker: ShortDeck, its one stake both the ante and the blind)."""
    r = hand.rules
    n = hand.num_players
    short = r.button_blind

    def amt(x: int) -> str:
        return f"{x:,}" if gg else str(x)

    if short and gg:
        lines: List[str] = [
            f"Poker Hand #SD{number}: ShortDeck No Limit ({amt(r.big_blind)}) - 2024/05/06 07:08:09",
        ]
    elif short:
        lines = [
            f"PokerStars Hand #{number}: 6+ Hold'em No Limit (Button Blind {r.big_blind}"
            f" - Ante {r.ante}) - 2024/05/06 7:08:09 ET",
        ]
    elif gg:
        lines = [
            f"Poker Hand #HD{number}: Hold'em No Limit ({amt(r.small_blind)}/{amt(r.big_blind)})"
            " - 2024/05/06 07:08:09",
        ]
    else:
        lines = [
            f"PokerStars Hand #{number}:  Hold'em No Limit ({r.small_blind}/{r.big_blind})"
            " - 2024/05/06 7:08:09 ET",
        ]
    lines.append(f"Table 'Writer {number % 97}' 9-max Seat #{hand.button + 1} is the button")
    for s, stack in enumerate(hand.starting_stacks):
        lines.append(f"Seat {s + 1}: {names[s]} ({amt(stack)} in chips)")
    street_bet = [0] * n
    high = 0
    board: List[str] = []
    dealt = shown = False
    for e in hand.events:
        k = e.kind.name
        who = names[e.seat] if e.seat is not None else ""
        ai = " and is all-in" if e.all_in else ""
        if k == "POST_ANTE":
            lines.append(f"{who}: posts the ante {amt(e.amount)}{ai}")
        elif k in ("POST_SMALL_BLIND", "POST_BIG_BLIND"):
            blind = "small" if k == "POST_SMALL_BLIND" else "button" if short else "big"
            lines.append(f"{who}: posts {blind} blind {amt(e.amount)}{ai}")
            street_bet[e.seat] = e.amount
            high = max(high, e.amount)
        elif k == "POST_STRADDLE":
            # GGPoker writes the player's total for the round
            lines.append(f"{who}: straddle {amt(e.amount)}{ai}")
            street_bet[e.seat] = e.amount
            high = max(high, e.amount)
        elif k == "DEAL_HOLE":
            if not dealt:
                lines.append("*** HOLE CARDS ***")
                dealt = True
            if e.seat == hero:
                lines.append(f"Dealt to {who} [{_cards(e.cards)}]")
            elif gg:
                lines.append(f"Dealt to {who} ")
        elif k == "FOLD":
            lines.append(f"{who}: folds")
        elif k == "CHECK":
            lines.append(f"{who}: checks")
        elif k == "CALL":
            lines.append(f"{who}: calls {amt(e.amount)}{ai}")
            street_bet[e.seat] += e.amount
        elif k == "BET":
            lines.append(f"{who}: bets {amt(e.amount - street_bet[e.seat])}{ai}")
            street_bet[e.seat] = e.amount
            high = e.amount
        elif k == "RAISE":
            lines.append(f"{who}: raises {amt(e.amount - high)} to {amt(e.amount)}{ai}")
            street_bet[e.seat] = e.amount
            high = e.amount
        elif k == "DEAL_BOARD":
            new = _cards(e.cards)
            name = {3: "FLOP", 4: "TURN", 5: "RIVER"}[len(board) + len(new.split())]
            before = f"[{' '.join(board)}] " if board else ""
            lines.append(f"*** {name} *** {before}[{new}]")
            board.extend(new.split())
            street_bet = [0] * n
            high = 0
        elif k == "RETURN_UNCALLED":
            lines.append(f"Uncalled bet ({amt(e.amount)}) returned to {who}")
        elif k == "SHOW":
            if not shown:
                lines.append("*** SHOWDOWN ***" if gg else "*** SHOW DOWN ***")
                shown = True
            lines.append(f"{who}: shows [{_cards(e.cards)}]")
        elif k == "AWARD":
            lines.append(f"{who} collected {amt(e.amount)} from pot")
    lines.append("*** SUMMARY ***")
    pot = (
        sum(hand.starting_stacks)
        - sum(hand.stacks)
        + sum(e.amount for e in hand.events if e.kind.name == "AWARD")
    )
    fees = " | Jackpot 0 | Bingo 0 | Fortune 0 | Tax 0" if gg else ""
    lines.append(f"Total pot {amt(pot)} | Rake 0{fees}")
    if board:
        lines.append(f"Board [{' '.join(board)}]")
    return "\n".join(lines) + "\n\n\n"


def write_winamax(hand: Any, number: int, names: Sequence[str], hero: int = 0) -> str:
    """``hand`` (over) as Winamax's text, amounts in euros."""
    r = hand.rules
    n = hand.num_players
    lines: List[str] = [
        f"Winamax Poker - CashGame - HandId: #{number}-17-1715000000 - Holdem no limit"
        f" ({r.small_blind}€/{r.big_blind}€) - 2024/05/06 07:08:09 UTC",
        f"Table: 'Writer {number % 97}' 9-max (real money) Seat #{hand.button + 1} is the button",
    ]
    for s, stack in enumerate(hand.starting_stacks):
        lines.append(f"Seat {s + 1}: {names[s]} ({stack}€)")
    lines.append("*** ANTE/BLINDS ***")
    street_bet = [0] * n
    high = 0
    board: List[str] = []
    preflop = shown = False
    # what each player gets back: its uncalled bet, written with the pot
    back = _paid(hand, "RETURN_UNCALLED")
    for e in hand.events:
        k = e.kind.name
        who = names[e.seat] if e.seat is not None else ""
        ai = " and is all-in" if e.all_in else ""
        if k == "POST_ANTE":
            lines.append(f"{who} posts ante {e.amount}€{ai}")
        elif k in ("POST_SMALL_BLIND", "POST_BIG_BLIND"):
            blind = "small" if k == "POST_SMALL_BLIND" else "big"
            lines.append(f"{who} posts {blind} blind {e.amount}€{ai}")
            street_bet[e.seat] = e.amount
            high = max(high, e.amount)
        elif k == "DEAL_HOLE":
            if e.seat == hero:
                lines.append(f"Dealt to {who} [{_cards(e.cards)}]")
        elif k in ("FOLD", "CHECK", "CALL", "BET", "RAISE") and not preflop:
            lines.append("*** PRE-FLOP ***")
            preflop = True
        if k == "FOLD":
            lines.append(f"{who} folds")
        elif k == "CHECK":
            lines.append(f"{who} checks")
        elif k == "CALL":
            lines.append(f"{who} calls {e.amount}€{ai}")
            street_bet[e.seat] += e.amount
        elif k == "BET":
            lines.append(f"{who} bets {e.amount - street_bet[e.seat]}€{ai}")
            street_bet[e.seat] = e.amount
            high = e.amount
        elif k == "RAISE":
            lines.append(f"{who} raises {e.amount - high}€ to {e.amount}€{ai}")
            street_bet[e.seat] = e.amount
            high = e.amount
        elif k == "DEAL_BOARD":
            if not preflop:
                lines.append("*** PRE-FLOP ***")
                preflop = True
            new = _cards(e.cards)
            name = {3: "FLOP", 4: "TURN", 5: "RIVER"}[len(board) + len(new.split())]
            before = f"[{' '.join(board)}]" if board else ""
            lines.append(f"*** {name} *** {before}[{new}]")
            board.extend(new.split())
            street_bet = [0] * n
            high = 0
        elif k == "SHOW":
            if not shown:
                lines.append("*** SHOW DOWN ***")
                shown = True
            lines.append(f"{who} shows [{_cards(e.cards)}] (a hand)")
        elif k == "AWARD":
            lines.append(f"{who} collected {e.amount + back[e.seat]}€ from pot")
            back[e.seat] = 0
    # (an uncalled bet of a player who collects nothing more)
    for s in range(n):
        if back[s]:
            lines.append(f"{names[s]} collected {back[s]}€ from pot")
    lines.append("*** SUMMARY ***")
    pot = (
        sum(hand.starting_stacks)
        - sum(hand.stacks)
        + sum(e.amount for e in hand.events if e.kind.name in ("AWARD", "RETURN_UNCALLED"))
    )
    lines.append(f"Total pot {pot}€ | No rake")
    if board:
        lines.append(f"Board: [{' '.join(board)}]")
    return "\n".join(lines) + "\n\n\n"


def write_888(hand: Any, number: int, names: Sequence[str], hero: int = 0) -> str:
    """``hand`` (over) as 888poker's text, in a client writing ``$1,234``."""
    r = hand.rules
    n = hand.num_players

    def amt(x: int) -> str:
        return f"${x:,}"

    def cards(c: Any) -> str:
        return ", ".join(_cards(c).split())

    lines: List[str] = [
        f"#Game No : {number}",
        f"***** 888poker Hand History for Game {number} *****",
        f"{amt(r.small_blind)}/{amt(r.big_blind)} Blinds No Limit Holdem - *** 06 05 2024 07:08:09",
        f"Table Writer {number % 97} 9 Max (Real Money)",
        f"Seat {hand.button + 1} is the button",
        f"Total number of players : {n}",
    ]
    for s, stack in enumerate(hand.starting_stacks):
        lines.append(f"Seat {s + 1}: {names[s]} ( {amt(stack)} )")
    street_bet = [0] * n
    back = _paid(hand, "RETURN_UNCALLED")
    awards = _paid(hand, "AWARD")
    dealt = False
    board = 0
    shows: List[str] = []
    for e in hand.events:
        k = e.kind.name
        who = names[e.seat] if e.seat is not None else ""
        if k == "POST_ANTE":
            lines.append(f"{who} posts ante [{amt(e.amount)}]")
        elif k in ("POST_SMALL_BLIND", "POST_BIG_BLIND"):
            blind = "small" if k == "POST_SMALL_BLIND" else "big"
            lines.append(f"{who} posts {blind} blind [{amt(e.amount)}]")
            street_bet[e.seat] = e.amount
        elif k == "DEAL_HOLE":
            if not dealt:
                lines.append("** Dealing down cards **")
                dealt = True
            if e.seat == hero:
                lines.append(f"Dealt to {who} [ {cards(e.cards)} ]")
        elif k == "FOLD":
            lines.append(f"{who} folds")
        elif k == "CHECK":
            lines.append(f"{who} checks")
        elif k == "CALL":
            lines.append(f"{who} calls [{amt(e.amount)}]")
            street_bet[e.seat] += e.amount
        elif k in ("BET", "RAISE"):
            word = "bets" if k == "BET" else "raises"
            lines.append(f"{who} {word} [{amt(e.amount - street_bet[e.seat])}]")
            street_bet[e.seat] = e.amount
        elif k == "DEAL_BOARD":
            board += len(_cards(e.cards).split())
            name = {3: "flop", 4: "turn", 5: "river"}[board]
            lines.append(f"** Dealing {name} ** [ {cards(e.cards)} ]")
            street_bet = [0] * n
        elif k == "SHOW":
            shows.append(f"{who} shows [ {cards(e.cards)} ]")
    lines.append("** Summary **")
    lines.extend(shows)
    for s in range(n):
        # an uncalled bet that put its player all-in is written back in the
        # collection; any other is not written at all
        all_in = hand.stacks[s] == awards[s] + back[s]
        got = awards[s] + (back[s] if all_in else 0)
        if got:
            lines.append(f"{names[s]} collected [ {amt(got)} ]")
    return "\n".join(lines) + "\n\n\n"


def write_fulltilt(hand: Any, number: int, names: Sequence[str], hero: int = 0) -> str:
    """``hand`` (over) as Full Tilt's text, in play chips."""
    r = hand.rules
    n = hand.num_players
    lines: List[str] = [
        f"Full Tilt Poker Game #{number}: Table Writer {number % 97} (9 max) - "
        f"{r.small_blind}/{r.big_blind} - No Limit Hold'em - 07:08:09 ET - 2024/05/06",
    ]
    for s, stack in enumerate(hand.starting_stacks):
        lines.append(f"Seat {s + 1}: {names[s]} ({stack:,})")
    street_bet = [0] * n
    board: List[str] = []
    dealt = shown = False
    for e in hand.events:
        k = e.kind.name
        who = names[e.seat] if e.seat is not None else ""
        ai = ", and is all in" if e.all_in else ""
        if k == "POST_ANTE":
            lines.append(f"{who} antes {e.amount:,}{ai}")
        elif k in ("POST_SMALL_BLIND", "POST_BIG_BLIND"):
            blind = "small" if k == "POST_SMALL_BLIND" else "big"
            lines.append(f"{who} posts the {blind} blind of {e.amount:,}{ai}")
            street_bet[e.seat] = e.amount
        elif k == "DEAL_HOLE":
            if not dealt:
                lines.append(f"The button is in seat #{hand.button + 1}")
                lines.append("*** HOLE CARDS ***")
                dealt = True
            if e.seat == hero:
                lines.append(f"Dealt to {who} [{_cards(e.cards)}]")
        elif k == "FOLD":
            lines.append(f"{who} folds")
        elif k == "CHECK":
            lines.append(f"{who} checks")
        elif k == "CALL":
            lines.append(f"{who} calls {e.amount:,}{ai}")
            street_bet[e.seat] += e.amount
        elif k == "BET":
            lines.append(f"{who} bets {e.amount - street_bet[e.seat]:,}{ai}")
            street_bet[e.seat] = e.amount
        elif k == "RAISE":
            lines.append(f"{who} raises to {e.amount:,}{ai}")
            street_bet[e.seat] = e.amount
        elif k == "DEAL_BOARD":
            new = _cards(e.cards)
            name = {3: "FLOP", 4: "TURN", 5: "RIVER"}[len(board) + len(new.split())]
            before = f"[{' '.join(board)}] " if board else ""
            lines.append(f"*** {name} *** {before}[{new}] (Total Pot: 0, {n} Players)")
            board.extend(new.split())
            street_bet = [0] * n
        elif k == "RETURN_UNCALLED":
            lines.append(f"Uncalled bet of {e.amount:,} returned to {who}")
        elif k == "SHOW":
            if not shown:
                lines.append("*** SHOW DOWN ***")
                shown = True
            lines.append(f"{who} shows [{_cards(e.cards)}] a hand")
        elif k == "AWARD":
            lines.append(f"{who} wins the pot ({e.amount:,})")
    lines.append("*** SUMMARY ***")
    pot = sum(e.amount for e in hand.events if e.kind.name == "AWARD")
    lines.append(f"Total pot {pot:,} | Rake 0")
    if board:
        lines.append(f"Board: [{' '.join(board)}]")
    return "\n".join(lines) + "\n\n\n"


def write_acpc(hand: Any, number: int, names: Sequence[str]) -> str:
    """``hand`` (over; no-limit, blinds 50 and 100, 20,000 each) as a line
    of an ACPC dealer's log: seats from the one after the button."""
    n = hand.num_players
    order = [(hand.button + 1 + i) % n for i in range(n)]
    put = [0] * n
    street_bet = [0] * n
    rounds: List[str] = [""]
    board: List[str] = []
    hole = ["" for _ in range(n)]
    for e in hand.events:
        k = e.kind.name
        if k in ("POST_SMALL_BLIND", "POST_BIG_BLIND"):
            put[e.seat] += e.amount
            street_bet[e.seat] = e.amount
        elif k == "DEAL_HOLE":
            hole[e.seat] = _cards(e.cards).replace(" ", "")
        elif k == "FOLD":
            rounds[-1] += "f"
        elif k in ("CHECK", "CALL"):
            rounds[-1] += "c"
            put[e.seat] += e.amount if k == "CALL" else 0
            street_bet[e.seat] += e.amount if k == "CALL" else 0
        elif k in ("BET", "RAISE"):
            put[e.seat] += e.amount - street_bet[e.seat]
            street_bet[e.seat] = e.amount
            rounds[-1] += f"r{put[e.seat]}"
        elif k == "DEAL_BOARD":
            rounds.append("")
            board.append(_cards(e.cards).replace(" ", ""))
            street_bet = [0] * n
    nets = [hand.stacks[s] - hand.starting_stacks[s] for s in order]
    cards = "|".join(hole[s] for s in order) + "".join("/" + b for b in board)
    return (
        f"STATE:{number}:{'/'.join(rounds)}:{cards}:"
        f"{'|'.join(str(x) for x in nets)}:{'|'.join(names[s] for s in order)}\n"
    )


def write_party(hand: Any, number: int, names: Sequence[str], hero: int = 0) -> str:
    """``hand`` (over) as PartyPoker's text, in dollars."""
    n = hand.num_players

    def amt(x: int) -> str:
        return f"${x:,} USD"

    def cards(c: Any) -> str:
        return ", ".join(_cards(c).split())

    lines: List[str] = [
        f"#Game No : {number}",
        f"***** Hand History for Game {number} *****",
        f"${hand.rules.small_blind}/${hand.rules.big_blind} USD NL Texas Hold'em"
        " - Monday, May 06, 07:08:09 EDT 2024",
        f"Table Writer #{number % 97} (Real Money)",
        f"Seat {hand.button + 1} is the button",
        f"Total number of players : {n}/9",
    ]
    for s, stack in enumerate(hand.starting_stacks):
        lines.append(f"Seat {s + 1}: {names[s]} ( {amt(stack)} )")
    street_bet = [0] * n
    back = _paid(hand, "RETURN_UNCALLED")
    won = _paid(hand, "AWARD")
    dealt = False
    board = 0
    for e in hand.events:
        k = e.kind.name
        who = names[e.seat] if e.seat is not None else ""
        if k == "POST_ANTE":
            lines.append(f"{who} posts ante [{amt(e.amount)}].")
        elif k in ("POST_SMALL_BLIND", "POST_BIG_BLIND"):
            blind = "small" if k == "POST_SMALL_BLIND" else "big"
            lines.append(f"{who} posts {blind} blind [{amt(e.amount)}].")
            street_bet[e.seat] = e.amount
        elif k == "DEAL_HOLE":
            if not dealt:
                lines.append("** Dealing down cards **")
                dealt = True
            if e.seat == hero:
                lines.append(f"Dealt to {who} [  {_cards(e.cards)} ]")
        elif k == "FOLD":
            lines.append(f"{who} folds")
        elif k == "CHECK":
            lines.append(f"{who} checks")
        elif k == "CALL":
            word = "is all-In " if e.all_in else "calls"
            lines.append(f"{who} {word} [{amt(e.amount)}]")
            street_bet[e.seat] += e.amount
        elif k in ("BET", "RAISE"):
            word = "is all-In " if e.all_in else ("bets" if k == "BET" else "raises")
            lines.append(f"{who} {word} [{amt(e.amount - street_bet[e.seat])}]")
            street_bet[e.seat] = e.amount
        elif k == "DEAL_BOARD":
            board += len(_cards(e.cards).split())
            name = {3: "Flop", 4: "Turn", 5: "River"}[board]
            lines.append(f"** Dealing {name} ** [ {cards(e.cards)} ]")
            street_bet = [0] * n
        elif k == "SHOW":
            lines.append(f"{who} shows [ {cards(e.cards)} ]a hand.")
    for s in range(n):
        # an uncalled bet is in its player's winnings
        if won[s] + back[s]:
            lines.append(f"{names[s]} wins {amt(won[s] + back[s])} from the main pot")
    return "\n".join(lines) + "\n\n\n"


def write_party_new(hand: Any, number: int, names: Sequence[str], hero: int = 0) -> str:
    """``hand`` (over) as PartyPoker's newer text (its client from about
    2010 on), in dollars: amounts in parentheses, raises with what they add
    and their total, the pots won and the cards shown in the summary only."""
    n = hand.num_players

    def cards(c: Any) -> str:
        return ", ".join(_cards(c).split())

    lines: List[str] = [
        f"***** Hand History For Game {number}ab{number % 7} *****",
        f"{hand.rules.small_blind}/{hand.rules.big_blind} Texas Hold'em Game Table (NL)"
        " - Mon May 06 07:08:09 EDT 2024",
        f"Table Writer {number % 97} (Real Money) -- Seat {hand.button + 1} is the button",
        f"Total number of players : {n}/9",
    ]
    for s, stack in enumerate(hand.starting_stacks):
        lines.append(f"Seat {s + 1}: {names[s]} (${stack})")
    street_bet = [0] * n
    put = [0] * n
    back = _paid(hand, "RETURN_UNCALLED")
    won = _paid(hand, "AWARD")
    folded = [False] * n
    shown: List[str] = [""] * n
    dealt = False
    board = 0
    for e in hand.events:
        k = e.kind.name
        who = names[e.seat] if e.seat is not None else ""
        if k == "POST_ANTE":
            lines.append(f"{who} posts ante ({e.amount})")
            put[e.seat] += e.amount
        elif k in ("POST_SMALL_BLIND", "POST_BIG_BLIND"):
            blind = "small" if k == "POST_SMALL_BLIND" else "big"
            lines.append(f"{who} posts {blind} blind ({e.amount})")
            street_bet[e.seat] = e.amount
            put[e.seat] += e.amount
        elif k == "DEAL_HOLE":
            if not dealt:
                lines.append("** Dealing down cards **")
                dealt = True
            if e.seat == hero:
                lines.append(f"Dealt to {who} [ {cards(e.cards)} ]")
        elif k == "FOLD":
            lines.append(f"{who} folds")
            folded[e.seat] = True
        elif k == "CHECK":
            lines.append(f"{who} checks")
        elif k == "CALL":
            lines.append(f"{who} calls ({e.amount})")
            street_bet[e.seat] += e.amount
            put[e.seat] += e.amount
        elif k in ("BET", "RAISE"):
            adds = e.amount - street_bet[e.seat]
            if k == "BET":
                lines.append(f"{who} bets ({adds})")
            else:
                lines.append(f"{who} raises {adds} to {e.amount}")
            street_bet[e.seat] = e.amount
            put[e.seat] += adds
        elif k == "DEAL_BOARD":
            board += len(_cards(e.cards).split())
            name = {3: "Flop", 4: "Turn", 5: "River"}[board]
            lines.append(f"** Dealing {name} ** :  [ {cards(e.cards)} ]")
            street_bet = [0] * n
        elif k == "SHOW":
            shown[e.seat] = f"[ {cards(e.cards)} ] [ a hand ]"
        if getattr(e, "all_in", False):
            lines.append(f"{who} is all-In.")
    lines.append("** Summary **")
    lines.append(f"Main Pot: ${sum(won)} Rake: $0")
    for s in range(n):
        got = won[s] + back[s]
        end = hand.stacks[s]
        if got:
            net = got - put[s]
            sign = "+" if net >= 0 else "-"
            line = (
                f"{names[s]} balance ${end}, bet ${put[s]}, collected ${got}, "
                f"net {sign}${abs(net)}{shown[s]}"
            )
        elif folded[s]:
            line = f"{names[s]} balance ${end}, " + (
                f"lost ${put[s]} (folded)" if put[s] else "didn't bet (folded)"
            )
        else:
            line = f"{names[s]} balance ${end}, lost ${put[s]}{shown[s]}"
        lines.append(line)
    return "\n".join(lines) + "\n\n\n"


def write_ongame(hand: Any, number: int, names: Sequence[str], hero: int = 0) -> str:
    """``hand`` (over) as Ongame's text, in euros; the uncalled part of a bet
    left out of the pot."""
    r = hand.rules
    n = hand.num_players
    lines: List[str] = [
        f"***** History for hand R5-{number}-1 *****",
        "Start hand: Mon May 6 07:08:09 GMT+0100 2024",
        f"Table: Writer [{number}] (NO_LIMIT TEXAS_HOLDEM €{r.small_blind}/€{r.big_blind}, Real money)",
        f"User: {names[hero]}",
        f"Button: seat {hand.button + 1}",
        f"Players in round: {n}",
    ]
    for s, stack in enumerate(hand.starting_stacks):
        lines.append(f"Seat {s + 1}: {names[s]} (€{stack})")
    street_bet = [0] * n
    high = 0
    board: List[str] = []
    dealt = False
    shown = {}
    for e in hand.events:
        k = e.kind.name
        who = names[e.seat] if e.seat is not None else ""
        ai = " [all in]" if e.all_in else ""
        if k == "POST_ANTE":
            lines.append(f"{who} posts ante €{e.amount}")
        elif k in ("POST_SMALL_BLIND", "POST_BIG_BLIND"):
            blind = "small" if k == "POST_SMALL_BLIND" else "big"
            lines.append(f"{who} posts {blind} blind (€{e.amount})")
            street_bet[e.seat] = e.amount
            high = max(high, e.amount)
        elif k == "DEAL_HOLE":
            if not dealt:
                lines += ["---", "Dealing pocket cards"]
                dealt = True
            if e.seat == hero:
                lines.append(f"Dealing to {who}: [{', '.join(_cards(e.cards).split())}]")
        elif k == "FOLD":
            lines.append(f"{who} folds")
        elif k == "CHECK":
            lines.append(f"{who} checks")
        elif k == "CALL":
            lines.append(f"{who} calls €{e.amount}{ai}")
            street_bet[e.seat] += e.amount
        elif k == "BET":
            lines.append(f"{who} bets €{e.amount - street_bet[e.seat]}{ai}")
            street_bet[e.seat] = e.amount
            high = e.amount
        elif k == "RAISE":
            lines.append(f"{who} raises €{e.amount - high} to €{e.amount}{ai}")
            street_bet[e.seat] = e.amount
            high = e.amount
        elif k == "DEAL_BOARD":
            new = _cards(e.cards).split()
            name = {3: "flop", 4: "turn", 5: "river"}[len(board) + len(new)]
            lines.append(f"--- Dealing {name} [{', '.join(new)}]")
            board += new
            street_bet = [0] * n
            high = 0
        elif k == "SHOW":
            shown[e.seat] = ", ".join(_cards(e.cards).split())
    lines += ["---", "Summary:"]
    won = _paid(hand, "AWARD")
    pot = sum(won)
    winners = ", ".join(f"{names[s]} (€{won[s]})" for s in range(n) if won[s])
    if winners:
        lines.append(f"Main pot: €{pot} won by {winners}")
    lines.append("Rake taken: €0")
    for s in range(n):
        net = hand.stacks[s] - hand.starting_stacks[s]
        sign = "+" if net >= 0 else "-"
        cards = f", [{shown[s]}]" if s in shown else ""
        lines.append(f"Seat {s + 1}: {names[s]} (€{hand.stacks[s]}), net: {sign}€{abs(net)}{cards}")
    lines.append(f"***** End of hand R5-{number}-1 *****")
    return "\n".join(lines) + "\n\n"


def write_absolute(hand: Any, number: int, names: Sequence[str], hero: int = 0) -> str:
    """``hand`` (over) as Absolute Poker's text, in dollars."""
    r = hand.rules
    n = hand.num_players
    lines: List[str] = [
        f"Stage #{number}: Holdem  No Limit ${r.big_blind} - 2009-06-10 03:10:00 (ET)",
        f"Table: WRITER {number % 97} (Real Money) Seat #{hand.button + 1} is the dealer",
    ]
    for s, stack in enumerate(hand.starting_stacks):
        lines.append(f"Seat {s + 1} - {names[s]} (${stack} in chips)")
    street_bet = [0] * n
    high = 0
    board: List[str] = []
    dealt = shown = False
    for e in hand.events:
        k = e.kind.name
        who = names[e.seat] if e.seat is not None else ""
        if k == "POST_ANTE":
            lines.append(f"{who} - Ante ${e.amount}")
        elif k in ("POST_SMALL_BLIND", "POST_BIG_BLIND"):
            blind = "small" if k == "POST_SMALL_BLIND" else "big"
            lines.append(f"{who} - Posts {blind} blind ${e.amount}")
            street_bet[e.seat] = e.amount
            high = max(high, e.amount)
        elif k == "DEAL_HOLE":
            if not dealt:
                lines.append("*** POCKET CARDS ***")
                dealt = True
            if e.seat == hero:
                lines.append(f"Dealt to {who} [{_cards(e.cards)}]")
        elif k == "FOLD":
            lines.append(f"{who} - Folds")
        elif k == "CHECK":
            lines.append(f"{who} - Checks")
        elif k == "CALL":
            lines.append(f"{who} - Calls ${e.amount}")
            street_bet[e.seat] += e.amount
        elif k == "BET":
            lines.append(f"{who} - Bets ${e.amount - street_bet[e.seat]}")
            street_bet[e.seat] = e.amount
            high = e.amount
        elif k == "RAISE":
            word = "All-In(Raise)" if e.all_in else "Raises"
            lines.append(f"{who} - {word} ${e.amount - high} to ${e.amount}")
            street_bet[e.seat] = e.amount
            high = e.amount
        elif k == "DEAL_BOARD":
            new = _cards(e.cards)
            name = {3: "FLOP", 4: "TURN", 5: "RIVER"}[len(board) + len(new.split())]
            before = f"[{' '.join(board)}] " if board else ""
            lines.append(f"*** {name} *** {before}[{new}]")
            board.extend(new.split())
            street_bet = [0] * n
            high = 0
        elif k == "RETURN_UNCALLED":
            lines.append(f"{who} - returned (${e.amount}) : not called")
        elif k == "SHOW":
            if not shown:
                lines.append("*** SHOW DOWN ***")
                shown = True
            lines.append(f"{who} - Shows [{_cards(e.cards)}] (a hand)")
        elif k == "AWARD":
            lines.append(f"{who} Collects ${e.amount} from main pot")
    lines.append("*** SUMMARY ***")
    pot = sum(e.amount for e in hand.events if e.kind.name == "AWARD")
    lines.append(f"Total Pot(${pot})")
    if board:
        lines.append(f"Board [{' '.join(board)}]")
    return "\n".join(lines) + "\n\n"


def write_ipoker(hand: Any, number: int, names: Sequence[str], hero: int = 0) -> str:
    """``hand`` (over) as an iPoker client before 2019 writes it: XML, each
    round's actions shuffled out of their numbers' order (which is the
    play's), the uncalled part of a bet in its player's ``win``."""
    from xml.sax.saxutils import quoteattr

    r = hand.rules
    n = hand.num_players
    won = _paid(hand, "AWARD")
    back = _paid(hand, "RETURN_UNCALLED")
    # (the cards shown at the showdown are written with the deal)
    showed = {e.seat for e in hand.events if e.kind.name == "SHOW"}
    rounds: List[List[str]] = [[] for _ in range(5)]
    cards_of: List[List[str]] = [[] for _ in range(5)]
    rnd = 0
    no = 0
    street_bet = [0] * n

    def card(c: str) -> str:
        rank, suit = c[0], c[1]
        return suit.upper() + ("10" if rank == "T" else rank)

    for e in hand.events:
        k = e.kind.name
        who = quoteattr(names[e.seat]) if e.seat is not None else '""'
        kind = sum_ = None
        if k == "POST_ANTE":
            kind, sum_ = 15, e.amount
        elif k == "POST_SMALL_BLIND":
            kind, sum_ = 1, e.amount
        elif k == "POST_BIG_BLIND":
            kind, sum_ = 2, e.amount
        elif k == "DEAL_HOLE":
            rnd = 1
            known = e.seat == hero or e.seat in showed
            shown = _cards(e.cards).split() if known else ["X", "X"]
            cards_of[1].append(
                f'<cards type="Pocket" player={who}>{" ".join(card(c) if c != "X" else c for c in shown)}</cards>'
            )
        elif k == "FOLD":
            kind, sum_ = 0, 0
        elif k == "CHECK":
            kind, sum_ = 4, 0
        elif k == "CALL":
            kind, sum_ = (7 if e.all_in else 3), e.amount
            street_bet[e.seat] += e.amount
        elif k == "BET":
            kind, sum_ = 5, e.amount - street_bet[e.seat]
            street_bet[e.seat] = e.amount
        elif k == "RAISE":
            kind, sum_ = 23, e.amount
            street_bet[e.seat] = e.amount
        elif k == "DEAL_BOARD":
            rnd += 1
            name = {2: "Flop", 3: "Turn", 4: "River"}[rnd]
            cs = " ".join(card(c) for c in _cards(e.cards).split())
            cards_of[rnd].append(f'<cards type="{name}" player="">{cs}</cards>')
            street_bet = [0] * n
        if kind is not None:
            no += 1
            rounds[rnd].append(f'<action no="{no}" player={who} type="{kind}" sum="${sum_}"/>')
    players = "".join(
        f'<player seat="{s + 1}" name={quoteattr(names[s])} chips="${hand.starting_stacks[s]}"'
        f' dealer="{1 if s == hand.button else 0}" win="${won[s] + back[s]}" bet="$0"/>'
        for s in range(n)
    )
    body = ""
    for i in range(5):
        if not rounds[i] and not cards_of[i]:
            continue
        # the file lists a round's actions out of order: reversed here
        body += (
            f'<round no="{i}">' + "".join(cards_of[i]) + "".join(reversed(rounds[i])) + "</round>"
        )
    return (
        '<?xml version="1.0" encoding="utf-8"?>\n<session sessioncode="1">\n'
        f"<general><mode>real</mode><gametype>Holdem NL ${r.small_blind}/${r.big_blind}</gametype>"
        f"<tablename>Writer, {number}</tablename><currency>USD</currency></general>\n"
        f'<game gamecode="{number}"><general><startdate>2024-05-06 07:08:09</startdate>'
        f"<players>{players}</players></general>{body}</game>\n</session>\n"
    )


class _Dialect:
    """How PokerStars (``ft`` False) or Full Tilt (``ft`` True) writes the
    lines the stud and draw writers share."""

    def __init__(self, ft: bool) -> None:
        self.ft = ft

    def act(self, who: str, text: str, all_in: bool = False) -> str:
        if self.ft:
            return f"{who} {text}" + (", and is all in" if all_in else "")
        return f"{who}: {text}" + (" and is all-in" if all_in else "")

    def raise_to(self, who: str, by: int, to: int, all_in: bool) -> str:
        return self.act(who, f"raises to {to}" if self.ft else f"raises {by} to {to}", all_in)

    def seat(self, s: int, name: str, stack: int) -> str:
        return (
            f"Seat {s + 1}: {name} ({stack})"
            if self.ft
            else (f"Seat {s + 1}: {name} ({stack} in chips)")
        )

    def uncalled(self, who: str, x: int) -> str:
        return (
            f"Uncalled bet of {x} returned to {who}"
            if self.ft
            else f"Uncalled bet ({x}) returned to {who}"
        )

    def award(self, who: str, x: int) -> str:
        return f"{who} wins the pot ({x})" if self.ft else f"{who} collected {x} from pot"

    def show(self, who: str, cards: str) -> str:
        return f"{who} shows [{cards}] a hand" if self.ft else f"{who}: shows [{cards}]"


#: PokerStars' names of the draw games the engine plays (Full Tilt's).
_STARS_DRAW = {
    "2-7-triple-draw": ("Triple Draw 2-7 Lowball", "2-7 Triple Draw"),
    "2-7-single-draw": ("Single Draw 2-7 Lowball", "2-7 Single Draw"),
    "badugi": ("Badugi", "Badugi"),
}


def write_pokerstars_draw(
    hand: Any, number: int, names: Sequence[str], hero: int = 0, ft: bool = False
) -> str:
    """A draw game's ``hand`` (over: 2-7 triple or single draw, badugi) as
    PokerStars text (Full Tilt's with ``ft``): ``*** DEALING HANDS ***``,
    each draw's round opened by ``*** FIRST DRAW ***`` and so on (a single
    draw by nothing on PokerStars, as the site writes it), the hero's
    discards with their cards and its draws as ``Dealt to HERO [kept]
    [drawn]``, the others' as counts, the hands shown at the showdown."""
    d = _Dialect(ft)
    r = hand.rules
    n = hand.num_players
    structure = {"NO_LIMIT": "No Limit", "POT_LIMIT": "Pot Limit"}.get(r.structure.name, "Limit")
    stars_name, ft_name = _STARS_DRAW[r.game.code]
    stakes = (
        f"{r.small_bet}/{r.big_bet}" if structure == "Limit" else f"{r.small_blind}/{r.big_blind}"
    )
    if ft:
        lines: List[str] = [
            f"Full Tilt Poker Game #{number}: Table Writer {number % 97} (6 max) - {stakes}"
            f" - {structure} {ft_name} - 07:08:09 ET - 2011/06/26"
        ]
    else:
        lines = [
            f"PokerStars Hand #{number}:  {stars_name} {structure} ({stakes})"
            " - 2011/06/26 18:34:02 ET",
            f"Table 'Writer {number % 97}' 6-max Seat #{hand.button + 1} is the button",
        ]
    for s, stack in enumerate(hand.starting_stacks):
        lines.append(d.seat(s, names[s], stack))
    street_bet = [0] * n
    high = 0
    dealt = shown = drawing = False
    rounds = 0
    drew: set = set()
    held: List[str] = []
    single = r.game.code == "2-7-single-draw"
    for e in hand.events:
        k = e.kind.name
        who = names[e.seat] if e.seat is not None else ""
        if k != "DISCARD" and k not in ("DEAL_HOLE", "BURN"):
            drawing = False
        if k == "POST_ANTE":
            lines.append(d.act(who, f"{'antes' if ft else 'posts the ante'} {e.amount}", e.all_in))
        elif k in ("POST_SMALL_BLIND", "POST_BIG_BLIND"):
            blind = "small" if k == "POST_SMALL_BLIND" else "big"
            text = (
                f"posts the {blind} blind of {e.amount}"
                if ft
                else f"posts {blind} blind {e.amount}"
            )
            lines.append(d.act(who, text, e.all_in))
            street_bet[e.seat] = e.amount
            high = max(high, e.amount)
        elif k == "DEAL_HOLE" and not dealt:
            if ft:
                lines.append(f"The button is in seat #{hand.button + 1}")
            lines.append("*** HOLE CARDS ***" if ft else "*** DEALING HANDS ***")
            dealt = True
            if e.seat == hero:
                held = _cards(e.cards).split()
                lines.append(f"Dealt to {who} [{' '.join(held)}]")
        elif k == "DEAL_HOLE" and e.street.name == "PREDRAW":
            if e.seat == hero:
                held = _cards(e.cards).split()
                lines.append(f"Dealt to {who} [{' '.join(held)}]")
        elif k == "DEAL_HOLE":
            new = _cards(e.cards).split()
            if e.seat == hero:
                lines.append(f"Dealt to {who} [{' '.join(held)}] [{' '.join(new)}]")
                held += new
            elif ft:
                count = len(new)
                lines.append(d.act(who, f"is dealt {count} card{'s' * (count > 1)}"))
        elif k == "DISCARD":
            # (a seat discarding again: the next draw, with no betting
            # between when the players are all-in)
            if not drawing or e.seat in drew:
                rounds += 1
                drawing = True
                drew = set()
                street_bet = [0] * n
                high = 0
                if ft:
                    name = "DRAW" if single else f"{['FIRST', 'SECOND', 'THIRD'][rounds - 1]} DRAW"
                    lines.append(f"*** {name} *** (Pot: 0)")
                elif not single:
                    lines.append(f"*** {['FIRST', 'SECOND', 'THIRD'][rounds - 1]} DRAW ***")
            drew.add(e.seat)
            thrown = _cards(e.cards).split() if e.cards else []
            count = len(thrown) if e.seat == hero else len(e.cards or [])
            cards = f"card{'s' * (count > 1)}"
            if count == 0 and e.seat == hero:
                lines.append(d.act(who, f"stands pat on [{' '.join(held)}]"))
            elif count == 0:
                lines.append(d.act(who, "stands pat"))
            elif e.seat == hero:
                lines.append(d.act(who, f"discards {count} {cards} [{' '.join(thrown)}]"))
                held = [c for c in held if c not in thrown]
            else:
                lines.append(d.act(who, f"discards {count} {cards}"))
        elif k == "FOLD":
            lines.append(d.act(who, "folds"))
        elif k == "CHECK":
            lines.append(d.act(who, "checks"))
        elif k == "CALL":
            lines.append(d.act(who, f"calls {e.amount}", e.all_in))
            street_bet[e.seat] += e.amount
        elif k == "BET":
            lines.append(d.act(who, f"bets {e.amount - street_bet[e.seat]}", e.all_in))
            street_bet[e.seat] = e.amount
            high = e.amount
        elif k == "RAISE":
            lines.append(d.raise_to(who, e.amount - high, e.amount, e.all_in))
            street_bet[e.seat] = e.amount
            high = e.amount
        elif k == "RETURN_UNCALLED":
            lines.append(d.uncalled(who, e.amount))
        elif k == "SHOW":
            if not shown:
                lines.append("*** SHOW DOWN ***")
                shown = True
            lines.append(d.show(who, _cards(e.cards)))
        elif k == "AWARD":
            lines.append(d.award(who, e.amount))
    lines.append("*** SUMMARY ***")
    pot = (
        sum(hand.starting_stacks)
        - sum(hand.stacks)
        + sum(e.amount for e in hand.events if e.kind.name == "AWARD")
    )
    lines.append(f"Total pot {pot} | Rake 0")
    return "\n".join(lines) + "\n\n\n"


#: PokerStars' names of the stud games (Full Tilt's).
_STARS_STUD = {
    "stud": ("7 Card Stud", "Stud Hi"),
    "stud-hi-lo": ("7 Card Stud Hi/Lo", "Stud H/L"),
    "razz": ("Razz", "Razz"),
}

_STUD_STREETS = {
    "FOURTH": ("4th STREET", "4TH STREET"),
    "FIFTH": ("5th STREET", "5TH STREET"),
    "SIXTH": ("6th STREET", "6TH STREET"),
    "SEVENTH": ("RIVER", "7TH STREET"),
}


def write_pokerstars_stud(
    hand: Any, number: int, names: Sequence[str], hero: int = 0, ft: bool = False
) -> str:
    """A stud ``hand`` (over: seven-card stud, stud hi/lo, razz; dealt with
    the button on the last seat, so that the seats go in order) as
    PokerStars text (Full Tilt's with ``ft``): no button on the table line,
    third to seventh street, each player's up cards on ``Dealt to`` lines
    (the hero's down cards too, seventh street's for the hero only), the
    bring-in and the completion, the hands shown."""
    d = _Dialect(ft)
    r = hand.rules
    n = hand.num_players
    stars_name, ft_name = _STARS_STUD[r.game.code]
    if ft:
        lines: List[str] = [
            f"Full Tilt Poker Game #{number}: Table Writer {number % 97} - {r.small_bet}/"
            f"{r.big_bet} Ante {r.ante} - Limit {ft_name} - 10:08:43 ET - 2009/11/26"
        ]
    else:
        lines = [
            f"PokerStars Hand #{number}:  {stars_name} Limit"
            f" ({r.small_bet}/{r.big_bet}) - 2009/11/26 10:08:43 ET",
            f"Table 'Writer {number % 97}' 8-max",
        ]
    for s, stack in enumerate(hand.starting_stacks):
        lines.append(d.seat(s, names[s], stack))
    street_bet = [0] * n
    high = 0
    completed = False
    street = marked = ""
    shown = False
    held: List[List[str]] = [[] for _ in range(n)]
    ups: List[List[str]] = [[] for _ in range(n)]
    for e in hand.events:
        k = e.kind.name
        who = names[e.seat] if e.seat is not None else ""
        if k in ("DEAL_HOLE", "DEAL_UP", "DEAL_BOARD", "BURN") and e.street.name != street:
            street = e.street.name
            street_bet = [0] * n
            high = 0
        if k in ("DEAL_HOLE", "DEAL_UP") and marked != street:
            marked = street
            if street == "THIRD":
                name = "3RD STREET" if ft else "3rd STREET"
            else:
                name = _STUD_STREETS[street][ft]
            lines.append(f"*** {name} ***")
        if k == "POST_ANTE":
            lines.append(d.act(who, f"{'antes' if ft else 'posts the ante'} {e.amount}", e.all_in))
        elif k == "BURN":
            continue
        elif k == "DEAL_BOARD":
            # seventh street's community card (the deck ran short)
            marked = street
            lines.append(f"*** {_STUD_STREETS['SEVENTH'][ft]} *** [{_cards(e.cards)}]")
        elif k == "DEAL_HOLE":
            cards = _cards(e.cards).split()
            if street == "SEVENTH" and e.seat == hero:
                lines.append(f"Dealt to {who} [{' '.join(held[e.seat])}] [{' '.join(cards)}]")
            held[e.seat] += cards
        elif k == "DEAL_UP":
            up = _cards(e.cards).split()
            if street == "THIRD" and e.seat == hero and ft:
                lines.append(f"Dealt to {who} [{' '.join(held[e.seat])}] [{' '.join(up)}]")
            elif street == "THIRD":
                shown_now = held[e.seat] + up if e.seat == hero else up
                lines.append(f"Dealt to {who} [{' '.join(shown_now)}]")
            else:
                before = held[e.seat] if e.seat == hero else ups[e.seat]
                lines.append(f"Dealt to {who} [{' '.join(before)}] [{' '.join(up)}]")
            held[e.seat] += up
            ups[e.seat] += up
        elif k == "BRING_IN":
            lines.append(d.act(who, f"brings in for {e.amount}", e.all_in))
            street_bet[e.seat] = e.amount
            high = e.amount
        elif k == "FOLD":
            lines.append(d.act(who, "folds"))
        elif k == "CHECK":
            lines.append(d.act(who, "checks"))
        elif k == "CALL":
            lines.append(d.act(who, f"calls {e.amount}", e.all_in))
            street_bet[e.seat] += e.amount
        elif k in ("BET", "RAISE"):
            if street == "THIRD" and not completed and e.amount == r.small_bet:
                lines.append(d.act(who, f"completes it to {e.amount}", e.all_in))
            elif k == "BET" or high == 0:
                lines.append(d.act(who, f"bets {e.amount - street_bet[e.seat]}", e.all_in))
            else:
                lines.append(d.raise_to(who, e.amount - high, e.amount, e.all_in))
            completed |= street == "THIRD"
            street_bet[e.seat] = e.amount
            high = e.amount
        elif k == "RETURN_UNCALLED":
            lines.append(d.uncalled(who, e.amount))
        elif k == "SHOW":
            if not shown:
                lines.append("*** SHOW DOWN ***")
                shown = True
            lines.append(d.show(who, _cards(e.cards)))
        elif k == "AWARD":
            lines.append(d.award(who, e.amount))
    lines.append("*** SUMMARY ***")
    pot = (
        sum(hand.starting_stacks)
        - sum(hand.stacks)
        + sum(e.amount for e in hand.events if e.kind.name == "AWARD")
    )
    lines.append(f"Total pot {pot} | Rake 0")
    return "\n".join(lines) + "\n\n\n"


def _winamax_tail(hand: Any, names: Sequence[str], lines: List[str], shown_lines: List[str]) -> str:
    """The showdown, the collections (with each uncalled bet: Winamax
    writes none of its own) and the summary of a Winamax hand."""
    n = hand.num_players
    back = _paid(hand, "RETURN_UNCALLED")
    if shown_lines:
        lines.append("*** SHOW DOWN ***")
        lines.extend(shown_lines)
    for e in hand.events:
        if e.kind.name == "AWARD":
            lines.append(f"{names[e.seat]} collected {e.amount + back[e.seat]}€ from pot")
            back[e.seat] = 0
    for s in range(n):
        if back[s]:
            lines.append(f"{names[s]} collected {back[s]}€ from pot")
    lines.append("*** SUMMARY ***")
    pot = (
        sum(hand.starting_stacks)
        - sum(hand.stacks)
        + sum(e.amount for e in hand.events if e.kind.name in ("AWARD", "RETURN_UNCALLED"))
    )
    lines.append(f"Total pot {pot}€ | No rake")
    return "\n".join(lines) + "\n\n\n"


def _winamax_act(e: Any, who: str, street_bet: List[int], high: int) -> Optional[str]:
    """A betting action as Winamax writes it (``None`` for other events);
    ``street_bet`` is brought up to date, the round's high bet returned
    through the caller."""
    ai = " and is all-in" if e.all_in else ""
    k = e.kind.name
    if k == "FOLD":
        return f"{who} folds"
    if k == "CHECK":
        return f"{who} checks"
    if k == "CALL":
        street_bet[e.seat] += e.amount
        return f"{who} calls {e.amount}€{ai}"
    if k == "BET" or (k == "RAISE" and high == 0):
        text = f"{who} bets {e.amount - street_bet[e.seat]}€{ai}"
        street_bet[e.seat] = e.amount
        return text
    if k == "RAISE":
        text = f"{who} raises {e.amount - high}€ to {e.amount}€{ai}"
        street_bet[e.seat] = e.amount
        return text
    return None


def write_winamax_stud(hand: Any, number: int, names: Sequence[str], hero: int = 0) -> str:
    """A stud ``hand`` (over; the button on the last seat, so that the seats
    go in order) as Winamax's text: stakes as ante/small bet/big bet, no
    button, ``*** 3rd STREET ***`` to ``*** 7th STREET ***``, the others'
    down cards as ``X``, the bring-in, a completion written as a raise."""
    r = hand.rules
    n = hand.num_players
    game = {"stud": "7-Card Stud", "stud-hi-lo": "7-Card Stud Hi/Lo", "razz": "Razz"}[r.game.code]
    lines: List[str] = [
        f"Winamax Poker - CashGame - HandId: #{number}-444-1478990340 - {game} fixed limit"
        f" ({r.ante}€/{r.small_bet}€/{r.big_bet}€) - 2016/11/12 22:39:00 UTC",
        f"Table: 'Writer {number % 97}' 8-max (real money)",
    ]
    for s, stack in enumerate(hand.starting_stacks):
        lines.append(f"Seat {s + 1}: {names[s]} ({stack}€)")
    lines.append("*** ANTE/BLINDS ***")
    street_bet = [0] * n
    high = 0
    street = marked = ""
    seen: List[List[str]] = [[] for _ in range(n)]
    shown: List[str] = []
    streets = {
        "THIRD": "3rd",
        "FOURTH": "4th",
        "FIFTH": "5th",
        "SIXTH": "6th",
        "SEVENTH": "7th",
    }
    for e in hand.events:
        k = e.kind.name
        who = names[e.seat] if e.seat is not None else ""
        if k in ("DEAL_HOLE", "DEAL_UP", "DEAL_BOARD", "BURN") and e.street.name != street:
            street = e.street.name
            street_bet = [0] * n
            high = 0
        if k in ("DEAL_HOLE", "DEAL_UP") and marked != street:
            marked = street
            lines.append(f"*** {streets[street]} STREET ***")
        if k == "POST_ANTE":
            ai = " and is all-in" if e.all_in else ""
            lines.append(f"{who} posts ante {e.amount}€{ai}")
        elif k == "DEAL_HOLE":
            cards = _cards(e.cards).split()
            shown_cards = cards if e.seat == hero else ["X"] * len(cards)
            if street == "SEVENTH":
                lines.append(f"Dealt to {who} [{' '.join(seen[e.seat])}] [{' '.join(shown_cards)}]")
            seen[e.seat] += shown_cards
        elif k == "DEAL_UP":
            up = _cards(e.cards).split()
            if street == "THIRD":
                lines.append(f"Dealt to {who} [{' '.join(seen[e.seat] + up)}]")
            else:
                lines.append(f"Dealt to {who} [{' '.join(seen[e.seat])}] [{' '.join(up)}]")
            seen[e.seat] += up
        elif k == "DEAL_BOARD":
            raise ValueError("a seventh-street community card: not written by this writer")
        elif k == "BRING_IN":
            ai = " and is all-in" if e.all_in else ""
            lines.append(f"{who} brings in {e.amount}€{ai}")
            street_bet[e.seat] = e.amount
            high = e.amount
        elif k == "SHOW":
            shown.append(f"{who} shows [{_cards(e.cards)}] (a hand)")
        else:
            text = _winamax_act(e, who, street_bet, high)
            if text is not None:
                lines.append(text)
                if k in ("BET", "RAISE"):
                    high = e.amount
    return _winamax_tail(hand, names, lines, shown)


def write_winamax_draw(hand: Any, number: int, names: Sequence[str], hero: int = 0) -> str:
    """A 2-7 triple draw ``hand`` (over, fixed limit) as Winamax's text:
    ``*** FIRST-BET ***``, ``*** FIRST-DRAW ***``, ..., every player's draw
    as ``discard N cards`` (the hero's too: Winamax writes no thrown card)
    or ``stands pat``."""
    r = hand.rules
    n = hand.num_players
    lines: List[str] = [
        f"Winamax Poker - CashGame - HandId: #{number}-388-1478989461 - 2-7 Triple Draw"
        f" fixed limit ({r.small_bet}€/{r.big_bet}€) - 2016/11/12 22:24:21 UTC",
        f"Table: 'Writer {number % 97}' 6-max (real money) Seat #{hand.button + 1} is the button",
    ]
    for s, stack in enumerate(hand.starting_stacks):
        lines.append(f"Seat {s + 1}: {names[s]} ({stack}€)")
    lines.append("*** ANTE/BLINDS ***")
    street_bet = [0] * n
    high = 0
    dealt = drawing = False
    rounds = 0
    drew: set = set()
    shown: List[str] = []
    bets = ["FIRST", "SECOND", "THIRD", "FOURTH"]
    for e in hand.events:
        k = e.kind.name
        who = names[e.seat] if e.seat is not None else ""
        if k in ("POST_SMALL_BLIND", "POST_BIG_BLIND"):
            ai = " and is all-in" if e.all_in else ""
            blind = "small" if k == "POST_SMALL_BLIND" else "big"
            lines.append(f"{who} posts {blind} blind {e.amount}€{ai}")
            street_bet[e.seat] = e.amount
            high = max(high, e.amount)
        elif k == "DEAL_HOLE" and e.street.name == "PREDRAW":
            if not dealt:
                lines.append("*** FIRST-BET ***")
                dealt = True
            cards = _cards(e.cards) if e.seat == hero else " ".join(["X"] * len(e.cards))
            lines.append(f"Dealt to {who} [{cards}]")
        elif k == "DISCARD":
            # (a seat discarding again: the next draw, with no betting
            # between when the players are all-in)
            if not drawing or e.seat in drew:
                drawing = True
                drew = set()
                street_bet = [0] * n
                high = 0
                lines.append(f"*** {bets[rounds]}-DRAW ***")
                rounds += 1
            drew.add(e.seat)
            count = len(e.cards or [])
            lines.append(f"{who} discard {count} card{'s' * (count > 1)}")
        elif k == "SHOW":
            shown.append(f"{who} shows [{_cards(e.cards)}] (a hand)")
        elif k in ("FOLD", "CHECK", "CALL", "BET", "RAISE"):
            if drawing:
                drawing = False
                lines.append(f"*** {bets[rounds]}-BET ***")
            text = _winamax_act(e, who, street_bet, high)
            if text is not None:
                lines.append(text)
                if k in ("BET", "RAISE"):
                    high = e.amount
    return _winamax_tail(hand, names, lines, shown)
