//! Full Tilt Poker hand histories (its English text, 2005 to 2016) to PHH.
//!
//! A hand starts at `Full Tilt Poker Game #N: ` (or `FullTiltPoker Game #N:
//! `) and runs to the next; the grammar is in docs/sites.md. In 2016 Full
//! Tilt wrote PokerStars' layout (`Full Tilt Hand #N: `, `Full Tilt Rush
//! Hand #N: `): those hands are read by the PokerStars reader. Full Tilt
//! writes PokerStars' layout in its own words: the table, stakes, game and
//! time in the header (`Table Keifer (6 max) - $0.50/$1 - No Limit
//! Hold'em - 16:13:10 ET - 2006/05/22`, or a tournament's `NAME (ID),
//! Table 3 - 10/20 - ...`, stakes in thousands as `1K/2K`, an ante as
//! `Ante 25`), seats as `Seat 1: NAME ($78.75)`, posts as `posts the small
//! blind of $0.50`, `antes 10`, `posts a dead small blind of $2.50`,
//! `posts $5` (a live big blind, coming in), the button's seat after them,
//! actions without a colon (`raises to $2, and is all in`), `Uncalled bet
//! of $16 returned to NAME`, `wins the pot ($15.20)` and a summary with
//! `Total pot $16 | Rake $0.80`.
//!
//! Played: hold'em and Omaha (4 or 5 cards), Omaha hi/lo, each structure,
//! seven-card stud, stud hi/lo and razz, 2-7 triple and single draw and
//! badugi (read as PokerStars' are), cash (ring, Rush) and tournaments.
//! A board run twice (`*** FLOP 1 ***`, `*** TURN 2 ***`) is read with each
//! run's board. Refused with the reason: cap games,
//! Irish and Courchevel, 5 Card Draw and Stud, A-5 triple draw, a hand cut
//! short.
use super::hand::Act;
use super::hand::{
    add_seat, amount, build, cards, check_size, check_summary_board, clip, currency_of, find,
    is_draw, is_stud, last_cards, real_date, rfind, GameSpec, Header, Names, Parsed, Rec, Seat,
    Street, StudDeals, R, SYMBOLS, UNREAD_SHOW,
};
use super::{Block, Refusal, MAX_NAME_CHARS};
use crate::game::Structure;
use crate::phh::Decimal;

const PREFIXES: [&str; 2] = ["Full Tilt Poker Game #", "FullTiltPoker Game #"];

/// The refusal of a game not converted.
const NOT_CONVERTED: &str = "a game not converted (hold'em, Omaha, Omaha hi/lo, seven-card stud, \
    stud hi/lo, razz, 2-7 triple and single draw and badugi are)";

/// Whether `line` is (starts with) a Full Tilt hand's header, in either
/// layout.
pub fn is_header(line: &str) -> bool {
    super::hand::starts_numbered(line, &PREFIXES) || super::pokerstars::is_ft_header(line)
}

fn header_at(line: &str) -> Option<usize> {
    let old = super::hand::numbered_at(line, &PREFIXES);
    match (old, super::pokerstars::ft_header_at(line)) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// Calls `f` with each hand of `text` in turn; `f` returns false to stop.
pub fn for_each_hand<'a>(text: &'a str, f: impl FnMut(Block<'a>) -> bool) {
    super::hand::for_each_hand(text, header_at, f)
}

/// An amount, thousands written `K` in a tournament's stakes (`2K`).
fn chips(text: &str) -> Option<Decimal> {
    let t = text.trim();
    match t.strip_suffix('K') {
        Some(k) => {
            let d = amount(k)?;
            Some(Decimal {
                mantissa: d.mantissa.checked_mul(1000)?,
                scale: d.scale,
            })
        }
        None => amount(t),
    }
}

/// The game of a header's part: `No Limit Hold'em`, `NL Hold'em`, `Pot
/// Limit Omaha Hi`, `PL 5 Card Omaha Hi`, `Limit Omaha H/L` ...
fn game(text: &str) -> Option<R<GameSpec>> {
    let t = text.trim();
    // `$400 Pot Limit Omaha Hi`: a cap game
    if t.starts_with(|c: char| SYMBOLS.contains(&c) || c.is_ascii_digit())
        && (t.contains(" Limit ") || t.contains(" NL ") || t.contains(" PL "))
    {
        return Some(Err(Refusal::hand(
            "a cap game (each player's bets capped): a rule the engine does not play",
        )));
    }
    let (structure, name) = if let Some(n) = t
        .strip_prefix("No Limit ")
        .or_else(|| t.strip_prefix("NL "))
    {
        (Structure::NoLimit, n)
    } else if let Some(n) = t
        .strip_prefix("Pot Limit ")
        .or_else(|| t.strip_prefix("PL "))
    {
        (Structure::PotLimit, n)
    } else if let Some(n) = t.strip_prefix("Limit ").or_else(|| t.strip_prefix("FL ")) {
        (Structure::FixedLimit, n)
    } else if t.contains("Cap ") || t.starts_with("CAP ") {
        return Some(Err(Refusal::hand(
            "a cap game (each player's bets capped): a rule the engine does not play",
        )));
    } else {
        // mixed games name no structure first
        let known = [
            "Stud", "Razz", "Draw", "Badugi", "Triple", "Single", "HORSE", "HA", "Mixed",
        ];
        return known
            .iter()
            .any(|k| t.contains(k))
            .then(|| Err(Refusal::hand(format!("{}: {NOT_CONVERTED}", clip(t)))));
    };
    let (game, hole_cards) = match name {
        "Hold'em" => ("T", 2),
        "Omaha" | "Omaha Hi" => ("O", 4),
        "5 Card Omaha" | "5 Card Omaha Hi" => ("O", 5),
        "6 Card Omaha" | "6 Card Omaha Hi" => ("O", 6),
        "Omaha Hi/Lo" | "Omaha H/L" => ("O/8", 4),
        "5 Card Omaha Hi/Lo" | "5 Card Omaha H/L" => ("O/8", 5),
        "Stud Hi" | "Stud" | "7 Card Stud" => ("7S", 7),
        "Stud H/L" | "Stud Hi/Lo" | "7 Card Stud H/L" => ("7S/8", 7),
        "Razz" => ("RAZZ", 7),
        "2-7 Triple Draw" => ("2L3D", 5),
        "2-7 Single Draw" => ("2L1D", 5),
        "Badugi" => ("B", 4),
        _ => {
            return Some(Err(Refusal::hand(format!(
                "{}: {NOT_CONVERTED}",
                clip(name)
            ))))
        }
    };
    if matches!(game, "7S" | "7S/8" | "RAZZ") && structure != Structure::FixedLimit {
        return Some(Err(Refusal::hand(
            "stud at pot limit or no limit: the engine plays stud at fixed limit",
        )));
    }
    Some(Ok(GameSpec {
        code: super::hand::code(game, structure),
        structure,
        hole_cards,
    }))
}

/// The header: `Full Tilt Poker Game #N: <table part> - <stakes> - <game> -
/// <time> - <date>[ [...]]`, stakes and game in either order; a
/// tournament's table part `NAME (ID), Table T`. The table's name, its
/// seats, the header, the game and the ante.
fn header(line: &str) -> R<(String, u32, Header, GameSpec, Option<Decimal>)> {
    let bad = |why: &str| Refusal::hand(format!("the header: {why}"));
    let hash = line.find('#').ok_or_else(|| bad("no game number"))?;
    let rest = &line[hash + 1..];
    let colon = rest
        .find(": ")
        .ok_or_else(|| bad("no ': ' after the number"))?;
    let number = &rest[..colon];
    if number.is_empty() || number.len() > 20 || !number.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad("the game number is not digits"));
    }
    let rest = &rest[colon + 2..];
    // the parts between " - ": the table first, then stakes, game, time, date
    let parts: Vec<&str> = rest.split(" - ").collect();
    if parts.len() < 4 {
        return Err(bad("fewer parts than table, stakes, game and time"));
    }
    let mut spec = None;
    let mut stakes = None;
    let mut ante = None;
    let mut date = None;
    let mut time = None;
    for (k, p) in parts.iter().enumerate().skip(1) {
        let p = p.trim();
        if spec.is_none() {
            if let Some(g) = game(p) {
                spec = Some(g?);
                continue;
            }
        }
        if stakes.is_none() && p.contains('/') && !p.contains(' ') || p.contains(" Ante ") {
            let (s, a) = match p.split_once(" Ante ") {
                Some((s, a)) => (s, Some(a)),
                None => (p, None),
            };
            if let Some((x, y)) = s.split_once('/') {
                if let (Some(x), Some(y)) = (chips(x), chips(y)) {
                    stakes = Some((x, y));
                    ante = a.and_then(chips);
                    continue;
                }
            }
        }
        if time.is_none() && p.as_bytes().first().is_some_and(u8::is_ascii_digit) && p.contains(':')
        {
            let (t, zone) = p.split_once(' ').unwrap_or((p, ""));
            time = Some((t, zone));
            // the date follows: `2006/05/22[ [...]]`
            if let Some(d) = parts.get(k + 1) {
                let d = d.trim();
                let b = d.as_bytes();
                if b.len() >= 10 && b[4] == b'/' && b[7] == b'/' {
                    // (`get`: a byte past an ASCII one can be inside a
                    // character)
                    let y = d.get(..4).and_then(|x| x.parse::<u32>().ok());
                    let m = d.get(5..7).and_then(|x| x.parse::<u32>().ok());
                    let dd = d.get(8..10).and_then(|x| x.parse::<u32>().ok());
                    if let (Some(y), Some(m), Some(dd)) = (y, m, dd) {
                        date = Some((y, m, dd));
                    }
                }
            }
        }
    }
    let spec = spec.ok_or_else(|| bad("no game named"))?;
    let stakes = stakes.ok_or_else(|| bad("no stakes"))?;
    let table_part = parts[0].trim();
    let mut h = Header {
        site: "Full Tilt Poker",
        number: number.to_string(),
        game: Some(spec),
        stakes,
        ..Header::default()
    };
    if let (Some((t, zone)), Some((y, m, d))) = (time, date) {
        let nums: Vec<u32> = t.split(':').filter_map(|x| x.parse().ok()).collect();
        h.date = real_date([y, m, d], &nums, zone);
    }
    let (table, max_seats) = if let Some(t) = table_part.strip_prefix("Table ") {
        // `Keifer (6 max[, deep])`, `Flash`
        match t.rfind(" (") {
            Some(o) if t.ends_with(')') => {
                let inside = &t[o + 2..t.len() - 1];
                let max = inside
                    .split([',', ' '])
                    .next()
                    .and_then(|m| m.parse().ok())
                    .filter(|_| inside.contains("max"));
                (t[..o].to_string(), max.unwrap_or(9))
            }
            _ => (t.to_string(), 9),
        }
    } else {
        // a tournament: `NAME (ID), Table T` (a Matrix's `, Match T`)
        let ti = rfind(table_part, ", Table ")
            .or_else(|| rfind(table_part, ", Match "))
            .ok_or_else(|| bad("no table named"))?;
        let head = &table_part[..ti];
        let id = head
            .rfind('(')
            .and_then(|o| head[o + 1..].strip_suffix(')'))
            .filter(|d| !d.is_empty() && d.len() <= 30 && d.bytes().all(|b| b.is_ascii_digit()))
            .ok_or_else(|| bad("no tournament number"))?;
        h.tournament = Some(id.to_string());
        let name = head[..head.len() - id.len() - 2].trim();
        if !name.is_empty() {
            h.buy_in = Some(name.chars().take(MAX_NAME_CHARS).collect());
        }
        (table_part[ti + 8..].to_string(), 9)
    };
    if table.chars().count() > MAX_NAME_CHARS {
        return Err(bad("a table name too long"));
    }
    if h.tournament.is_none() {
        let s = parts
            .iter()
            .find_map(|p| p.chars().find(|c| SYMBOLS.contains(c)));
        h.symbol = s;
        h.currency = currency_of(s);
    }
    Ok((table, max_seats, h, spec, ante))
}

/// `Seat 1: NAME ($78.75)[, is sitting out]`.
fn seat(line: &str) -> Option<Seat> {
    let rest = line.strip_prefix("Seat ")?;
    let colon = find(rest, ": ")?;
    let number: u32 = rest[..colon].parse().ok()?;
    let rest = &rest[colon + 2..];
    let (rest, sitting_out) = match rest.strip_suffix(", is sitting out") {
        Some(r) => (r, true),
        None => (rest, false),
    };
    let rest = rest.strip_suffix(')')?;
    let open = rest.rfind(" (")?;
    Some(Seat {
        number,
        name: rest[..open].to_string(),
        stack: amount(&rest[open + 2..])?,
        sitting_out,
        ..Seat::default()
    })
}

/// Lines that change nothing: time banks, connections, sitting out,
/// rebuys, hand descriptions.
fn noise(action: &str) -> bool {
    const ENDS: [&str; 3] = [" seconds left to act", " seconds to reconnect", " seconds"];
    matches!(
        action,
        "mucks"
            | "has reconnected"
            | "has been disconnected"
            | "has timed out"
            | "is sitting out"
            | "has returned"
            | "stands up"
            | "sits down"
            | "has been disconnected and is sitting out"
            | "has reconnected and is returning"
            | "is feeling lucky"
            | "is feeling happy"
            | "is feeling confused"
            | "is feeling angry"
            | "is feeling normal"
            | "has requested TIME"
    ) || ENDS
        .iter()
        .any(|e| action.ends_with(e) && action.starts_with("has "))
        || action.starts_with("adds ")
        || action.starts_with("rebuys")
        // what a shown hand makes, after the cards were shown (`shows a
        // pair of Aces`, `shows Ace King high, for high and 6,5,4,2,A, for
        // low`): every show without cards
        || action.starts_with("shows ") && !action.starts_with("shows [")
        || action.starts_with("is low with")
        || action.starts_with("is high with")
        // (another player's draw: its count, as its discard said)
        || action.starts_with("is dealt ")
        || action.starts_with("wins the tournament")
        || action.starts_with("finished the tournament")
}

/// Parses one hand's lines into a PHH history (`source` names the text).
pub fn parse(block: &Block<'_>, source: &str) -> R<Parsed> {
    check_size(block)?;
    let lines = &block.lines;
    if super::pokerstars::is_ft_header(lines[0].1) {
        // (2016: PokerStars' layout)
        return super::pokerstars::parse(block, source);
    }
    let (table, max_seats, h, game, _ante) = header(lines[0].1).map_err(|mut r| {
        r.line = Some(lines[0].0);
        r
    })?;
    let mut seats: Vec<Seat> = Vec::new();
    let mut k = 1;
    while let Some(&(n, l)) = lines.get(k) {
        if !l.starts_with("Seat ") || !(l.ends_with(')') || l.ends_with(", is sitting out")) {
            break;
        }
        let s = seat(l).ok_or_else(|| Refusal::at(n, "a seat line not understood"))?;
        add_seat(&mut seats, s, max_seats, n)?;
        k += 1;
    }
    if seats.len() < 2 {
        return Err(Refusal::hand("fewer than two seated players"));
    }
    seats.sort_by_key(|s| s.number);
    let names = Names::new(&seats, &[' ']);
    let who = |l: &str| names.at(l);
    let bb = match game.structure {
        Structure::FixedLimit => h.stakes.0,
        _ => h.stakes.1,
    };
    let mut rec = Rec::new(seats.len());
    let mut button = None;
    let mut total_pot = None;
    let mut rake = Decimal::default();
    let mut summary_board = None;
    let mut summary_seen = false;
    let mut summary_won = vec![Decimal::default(); seats.len()];
    // the players the summary says folded before the flop
    let mut folded_preflop: Vec<usize> = Vec::new();
    // stud and draw games (as PokerStars': see pokerstars.rs)
    let stud = is_stud(game.code);
    let draw_game = is_draw(game.code);
    let mut deals = StudDeals::new(seats.len());
    let unit_ok = |d: Option<Decimal>, n: usize, what: &str| -> R<Decimal> {
        d.ok_or_else(|| Refusal::at(n, format!("{what}: an amount not read")))
    };
    for &(n, l) in &lines[k..] {
        if let Some(marker) = l.strip_prefix("*** ") {
            let end = find(marker, " ***")
                .ok_or_else(|| Refusal::at(n, "a street marker not understood"))?;
            if stud {
                deals.flush(&mut rec);
                let next = match &marker[..end] {
                    "3RD STREET" => Some(Street::Preflop),
                    "4TH STREET" => Some(Street::Flop),
                    "5TH STREET" => Some(Street::Turn),
                    "6TH STREET" => Some(Street::River),
                    "7TH STREET" => Some(Street::Seventh),
                    _ => None,
                };
                if let Some(next) = next {
                    if next == Street::Preflop {
                        rec.street(next, None, n)?;
                    } else {
                        rec.round_street(next, n)?;
                        deals.street();
                        let cut = find(marker, " (").unwrap_or(marker.len());
                        if let Some(c) =
                            last_cards(&marker[end..cut]).filter(|_| next == Street::Seventh)
                        {
                            rec.community(c, n)?;
                            deals.dealing = None;
                        }
                    }
                    continue;
                }
            }
            if draw_game {
                let next = match &marker[..end] {
                    "FIRST DRAW" | "DRAW" => Some(Street::Flop),
                    "SECOND DRAW" => Some(Street::Turn),
                    "THIRD DRAW" => Some(Street::River),
                    _ => None,
                };
                if let Some(next) = next {
                    rec.draw_street(next, n)?;
                    continue;
                }
            }
            // A board run twice: `*** FLOP 1 ***` ... `*** RIVER 1 ***`, the
            // first run's streets as any, then `*** TURN 2 *** [..] [Th]`,
            // `*** SHOW DOWN 1 ***`, `*** SUMMARY 2 ***`
            let (name, run) = match marker[..end].rsplit_once(' ') {
                Some((name, r @ ("1" | "2" | "3"))) => (name, r.as_bytes()[0] - b'0'),
                _ => (&marker[..end], 1),
            };
            if run > 1 && matches!(name, "FLOP" | "TURN" | "RIVER") {
                let cut = find(marker, " (Total Pot").unwrap_or(marker.len());
                let groups = super::pokerstars::bracket_groups(&marker[end..cut]);
                let (before, new) = match groups.as_slice() {
                    [new] => (Vec::new(), new.clone()),
                    [before, new] => (before.clone(), new.clone()),
                    _ => return Err(Refusal::at(n, "a run's board not read")),
                };
                rec.run_street(usize::from(run), &before, new, n)?;
                continue;
            }
            if name == "SUMMARY" && run > 1 || (name == "SUMMARY" && run == 1 && summary_seen) {
                continue; // (each run's summary, after the hand's)
            }
            let next = match name {
                "HOLE CARDS" => Street::Preflop,
                "FLOP" => Street::Flop,
                "TURN" => Street::Turn,
                "RIVER" => Street::River,
                "SHOW DOWN" => continue,
                "SUMMARY" => Street::Summary,
                name => {
                    return Err(Refusal::at(
                        n,
                        format!("a street not played: '{}'", clip(name)),
                    ))
                }
            };
            // `[board so far] [new]`, then `(Total Pot: ...)`
            let new = if matches!(next, Street::Flop | Street::Turn | Street::River) {
                let cut = find(marker, " (Total Pot").unwrap_or(marker.len());
                last_cards(&marker[..cut])
            } else {
                None
            };
            rec.street(next, new, n)?;
            summary_seen |= next == Street::Summary;
            continue;
        }
        if rec.street == Street::Summary {
            if super::any_header(l) {
                return Err(super::header_in_summary(n));
            }
            if let Some(t) = l.strip_prefix("Total pot ") {
                let end = t.find([' ', '|']).unwrap_or(t.len());
                total_pot = Some(unit_ok(amount(&t[..end]), n, "the total pot")?);
                if let Some(r) = find(t, "| Rake ") {
                    rake = unit_ok(amount(&t[r + 7..]), n, "the rake")?;
                }
            } else if l.starts_with("Board: [") {
                // (a board run twice has a summary a run: the first's board)
                if summary_board.is_none() {
                    summary_board = last_cards(l);
                }
            } else if let Some(rest) = l.strip_prefix("Seat ") {
                if let Some(colon) = find(rest, ": ") {
                    if let Some(i) = rest[..colon]
                        .parse::<u32>()
                        .ok()
                        .and_then(|num| seats.iter().position(|s| s.number == num))
                    {
                        let tail = rest
                            .get(colon + 2..)
                            .and_then(|t| t.strip_prefix(seats[i].name.as_str()))
                            .unwrap_or("");
                        if tail.contains("folded before the Flop") {
                            folded_preflop.push(i);
                        }
                        // (newer files write the pots won here only)
                        for key in [" collected (", " won ("] {
                            if let Some(at) = find(tail, key) {
                                let x = &tail[at + key.len()..];
                                let x = x
                                    .split(')')
                                    .next()
                                    .and_then(amount)
                                    .ok_or_else(|| Refusal::at(n, "a pot won not read"))?;
                                summary_won[i] = summary_won[i]
                                    .checked_add(x)
                                    .ok_or_else(|| Refusal::at(n, "an amount too large"))?;
                            }
                        }
                        if let Some(at) = find(tail, "showed [").or_else(|| find(tail, "mucked ["))
                        {
                            let cs = &tail[at + 8..];
                            if let Some(c) = cs.find(']').and_then(|e| cards(&cs[..e])) {
                                rec.show_in(game, i, c, n)?;
                            }
                        }
                    }
                }
            }
            continue;
        }
        if l.starts_with("Players agree to Run It Twice") {
            continue; // (the runs' markers tell the boards)
        }
        if l == "No low hand qualified" {
            continue;
        }
        if l.starts_with('(') && l.ends_with(')') && l.len() <= 20 {
            continue; // a low hand's cards, `(8,7,4,3,A)`
        }
        if let Some(b) = l.strip_prefix("The button is in seat #") {
            button = Some(
                b.parse::<u32>()
                    .map_err(|_| Refusal::at(n, "the button's seat not read"))?,
            );
            continue;
        }
        if let Some(rest) = l.strip_prefix("Dealt to ") {
            let Some((i, len)) = who(rest) else {
                return Err(Refusal::at(n, "cards dealt to a player not seated"));
            };
            if stud {
                // third street: `[5h 3c] [Td]` (the hero's down cards, then
                // its up card) or `[9c]`; then `[9c 4d] [5s]`
                let third = rec.street == Street::Preflop;
                let c = if third && find(&rest[len..], "] [").is_some() {
                    cards(&rest[len..].replace(['[', ']'], " "))
                } else {
                    last_cards(&rest[len..])
                }
                .ok_or_else(|| Refusal::at(n, "stud cards not read"))?;
                deals.deal(&mut rec, i, StudDeals::shape(c, third, n)?, n)?;
                continue;
            }
            let c =
                last_cards(&rest[len..]).ok_or_else(|| Refusal::at(n, "hole cards not read"))?;
            if draw_game && rec.street > Street::Preflop {
                // `Dealt to Hero [kept] [drawn]`
                rec.draw_deal(i, c, n)?;
                continue;
            }
            rec.dealt(i, c, game.hole_cards, n)?;
            continue;
        }
        if let Some(rest) = l.strip_prefix("Uncalled bet of ") {
            let (x, to) = rest
                .split_once(" returned to ")
                .ok_or_else(|| Refusal::at(n, "an uncalled bet not read"))?;
            let x = unit_ok(amount(x), n, "an uncalled bet")?;
            let i = seats
                .iter()
                .position(|s| s.name == to)
                .ok_or_else(|| Refusal::at(n, "an uncalled bet returned to a player not seated"))?;
            rec.uncalled(i, x, n)?;
            continue;
        }
        let Some((i, len)) = who(l) else {
            // chat (`NAME: text`, an observer's too), notices, players
            // not seated sitting down
            if find(l, ": ").is_some()
                || l.ends_with(" seconds left to act")
                || l.ends_with(" sits down")
                || l.ends_with(" stands up")
                || find(l, " adds ").is_some()
            {
                continue;
            }
            return Err(Refusal::at(
                n,
                format!("a line not understood: '{}'", clip(l)),
            ));
        };
        let action = l[len..].trim();
        if action.starts_with(": ") || action.starts_with(':') {
            continue; // a player's chat
        }
        let all_in = action.ends_with(", and is all in");
        let action = action.strip_suffix(", and is all in").unwrap_or(action);
        if stud && !noise(action) {
            deals.flush(&mut rec);
        }
        if let Some(x) = action.strip_prefix("posts the small blind of ") {
            rec.small_blind(i, unit_ok(amount(x), n, "a small blind")?, all_in, n)?;
        } else if let Some(x) = action.strip_prefix("posts the big blind of ") {
            rec.big_blind(i, unit_ok(amount(x), n, "a big blind")?, all_in, n)?;
        } else if let Some(x) = action.strip_prefix("posts a dead small blind of ") {
            rec.dead_small_blind(i, unit_ok(amount(x), n, "a dead small blind")?, all_in, n)?;
        } else if let Some(x) = action.strip_prefix("posts ") {
            // coming in: a live big blind
            let x = unit_ok(amount(x), n, "a post")?;
            if x != bb && !all_in {
                return Err(Refusal::at(
                    n,
                    format!("a post of {x}, not the big blind {bb}"),
                ));
            }
            rec.big_blind(i, x, all_in, n)?;
        } else if let Some(x) = action.strip_prefix("antes ") {
            rec.ante(i, unit_ok(amount(x), n, "an ante")?, all_in, n)?;
        } else if let Some(x) = action.strip_prefix("brings in for ").filter(|_| stud) {
            rec.bring_in(i, unit_ok(amount(x), n, "a bring-in")?, all_in, n)?;
        } else if let Some(x) = action.strip_prefix("completes it to ").filter(|_| stud) {
            rec.raise_to(i, unit_ok(amount(x), n, "a completion")?, n)?;
        } else if draw_game && (action.starts_with("discards ") || action.starts_with("stands pat"))
        {
            let thrown = match action.strip_prefix("discards ") {
                // `discards 2 cards[ [Ah Ts]]`: the cards shown to the hero
                Some(r) => {
                    let count: usize = r
                        .split(' ')
                        .next()
                        .and_then(|c| c.parse().ok())
                        .filter(|c| (1..=game.hole_cards).contains(c))
                        .ok_or_else(|| Refusal::at(n, "a draw's count not read"))?;
                    match last_cards(r) {
                        Some(c) if c.len() == count => c.into_iter().map(Some).collect(),
                        _ => vec![None; count],
                    }
                }
                None => Vec::new(),
            };
            rec.discard(i, thrown, n)?;
        } else if action == "folds" {
            deals.folded[i] = true;
            rec.fold(i, n)?;
        } else if action == "checks" {
            rec.check(i, n)?;
        } else if let Some(x) = action.strip_prefix("calls ") {
            rec.call_by(i, unit_ok(amount(x), n, "a call")?, n)?;
        } else if let Some(x) = action.strip_prefix("bets ") {
            rec.bet_by(i, unit_ok(amount(x), n, "a bet")?, n)?;
        } else if let Some(x) = action.strip_prefix("raises to ") {
            rec.raise_to(i, unit_ok(amount(x), n, "a raise")?, n)?;
        } else if action.starts_with("shows [") || action.starts_with("mucks [") {
            // (`shows [7c 6c 4c 3d 2d] 7,6,4,3,2`: the cards, then the hand)
            let cut = action.find(']').map_or(action.len(), |e| e + 1);
            let c = last_cards(&action[..cut]).ok_or_else(|| Refusal::at(n, UNREAD_SHOW))?;
            rec.show_in(game, i, c, n)?;
        } else if action.starts_with("wins ") || action.starts_with("ties for ") {
            // `wins the pot ($15.20)`, `wins the side pot (X) with ...`,
            // `ties for the pot (X)`
            let open = action
                .find(" (")
                .ok_or_else(|| Refusal::at(n, "a pot won not read"))?;
            let close = action[open..]
                .find(')')
                .ok_or_else(|| Refusal::at(n, "a pot won not read"))?;
            let x = unit_ok(amount(&action[open + 2..open + close]), n, "a pot won")?;
            rec.collect(i, x, n)?;
        } else if noise(action) {
        } else if action.starts_with("discards")
            || action.starts_with("stands pat")
            || action.starts_with("brings in")
        {
            return Err(Refusal::at(
                n,
                "a draw or stud action in a hold'em or Omaha hand",
            ));
        } else if action.starts_with("cashed out") || action.contains(" cashed out ") {
            return Err(Refusal::at(n, "a cash-out: paid outside the pot"));
        } else {
            return Err(Refusal::at(
                n,
                format!("an action not understood: '{}'", clip(action)),
            ));
        }
    }
    if !summary_seen {
        return Err(Refusal::hand(
            "the hand ends before its summary (cut short)",
        ));
    }
    // A fold the file leaves out: the Matrix tournaments' files write no
    // line for a player who timed out (and no uncalled bet returned); the
    // summary says "folded before the Flop". With no flop dealt and one
    // such player, the fold is the last of the hand's actions (where it is
    // not that player's turn, the replay says so and the hand is a
    // mismatch, never written).
    let unwritten: Vec<usize> = folded_preflop
        .into_iter()
        .filter(|&i| {
            !rec.acts
                .iter()
                .any(|a| matches!(a, Act::Fold(j) if *j == i))
        })
        .collect();
    if let [i] = unwritten[..] {
        if !stud
            && !draw_game
            && rec.board.is_empty()
            && !rec.acts.iter().any(|a| matches!(a, Act::Show(..)))
        {
            rec.parts[i].acted = true;
            rec.acts.push(Act::Fold(i));
        }
    }
    if rec.parts.iter().all(|p| p.collected.mantissa == 0) {
        for (p, x) in rec.parts.iter_mut().zip(&summary_won) {
            p.collected = *x;
        }
    }
    if stud {
        deals.flush(&mut rec);
    }
    // (a stud table has no button: the players go in seat order)
    let button = if stud {
        0
    } else {
        button.ok_or_else(|| Refusal::hand("no button's seat"))?
    };
    if (button == 0 && !stud) || button > max_seats.max(10) {
        return Err(Refusal::hand(format!(
            "the button in seat {button} of a {max_seats}-seat table"
        )));
    }
    check_summary_board(summary_board.as_deref(), &rec.board)?;
    let mut parsed = build(
        &h,
        game,
        &table,
        max_seats,
        button,
        &seats,
        &rec.parts,
        &rec.acts,
        total_pot,
        rake,
        source,
        &[],
    )?;
    if game.code == "F7S" {
        // Full Tilt's seven-card stud: an open pair on fourth street lets
        // the big bet be made (its files bet it so, writing no line for it)
        parsed.history.fields.push((
            "_fourth_street_big_bet".into(),
            crate::phh::toml::Value::Bool(true),
        ));
    }
    Ok(parsed)
}
