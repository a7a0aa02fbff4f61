//! Absolute Poker and UltimateBet hand histories (their English text, to
//! 2011) to PHH.
//!
//! A hand starts at `Stage #N: ` and runs to the next: `Stage #1483940000:
//! Holdem  No Limit $0.02 - 2009-06-10 03:10:00 (ET)` (no-limit and
//! pot-limit name the big blind; `Normal` is fixed limit, with its bets,
//! `Holdem Normal $25/$50`; a tournament's `Stage #N Tourney ID 5945889
//! Holdem Multi Normal Tournament No Limit 20 - ...`), `Table: NAME (Real
//! Money) Seat #7 is the dealer`, seats as `Seat 7 - NAME ($2.13 in
//! chips)`, then `NAME - ACTION`: `Posts small blind $0.01`, `Posts big
//! blind $0.02`, `Ante 10`, `Calls $0.02`, `Bets $0.06`, `Raises $0.04 to
//! $0.06`, `All-In $1` (a call or a bet by what it adds), `All-In(Raise)
//! $1 to $1.50`, `returned ($0.06) : not called`, the streets (`*** POCKET
//! CARDS ***`, `*** FLOP *** [Qh 8h 7h]`), `NAME Collects $0.06 from main
//! pot` and the summary's `Total Pot($0.06) | Rake ($0.01)`.
use super::hand::{
    add_seat, amount, build, cards, check_size, clip, currency_of, find, last_cards, real_date,
    GameSpec, Header, Names, Parsed, Rec, Seat, Street, R, SYMBOLS, UNREAD_SHOW,
};
use super::{Block, Refusal, MAX_NAME_CHARS};
use crate::game::Structure;
use crate::phh::Decimal;

/// Whether `line` is (starts with) an Absolute hand's header.
pub fn is_header(line: &str) -> bool {
    line.strip_prefix("Stage #").is_some_and(|r| {
        r.as_bytes().first().is_some_and(u8::is_ascii_alphanumeric) && find(r, " - ").is_some()
    })
}

fn header_at(line: &str) -> Option<usize> {
    is_header(line).then_some(0)
}

/// Calls `f` with each hand of `text` in turn; `f` returns false to stop.
pub fn for_each_hand<'a>(text: &'a str, f: impl FnMut(Block<'a>) -> bool) {
    super::hand::for_each_hand(text, header_at, f)
}

/// The header: the hand number, the game and its stakes (the big blind, or
/// fixed limit's bets), a tournament's id, the date.
fn header(line: &str) -> R<(Header, GameSpec, Option<Decimal>)> {
    let bad = |why: &str| Refusal::hand(format!("the header: {why}"));
    let rest = &line["Stage #".len()..];
    let end = rest
        .find(|c: char| !c.is_ascii_alphanumeric())
        .unwrap_or(rest.len());
    let number = &rest[..end];
    if number.is_empty() || number.len() > 20 {
        return Err(bad("the hand number is not digits"));
    }
    let rest = rest[end..].trim_start_matches(':').trim();
    let (game_part, when) = rest
        .split_once(" - ")
        .ok_or_else(|| bad("no ' - ' before the date"))?;
    let mut h = Header {
        site: "Absolute Poker",
        number: number.to_string(),
        ..Header::default()
    };
    let mut g = game_part;
    if let Some(t) = g.strip_prefix("Tourney ID ") {
        let id: String = t
            .chars()
            .take_while(char::is_ascii_digit)
            .take(30)
            .collect();
        if id.is_empty() {
            return Err(bad("the tournament id is not digits"));
        }
        h.tournament = Some(id.clone());
        g = t[id.len()..].trim();
    }
    let lower = g.to_ascii_lowercase();
    let (game, hole_cards) = if lower.starts_with("holdem") || lower.starts_with("hold'em") {
        ("T", 2)
    } else if lower.starts_with("omaha hi/lo") {
        ("O/8", 4)
    } else if lower.starts_with("omaha") {
        ("O", 4)
    } else {
        return Err(Refusal::hand(format!(
            "{}: a game not converted (hold'em, Omaha and Omaha hi/lo are)",
            clip(g)
        )));
    };
    let (structure, after) = if let Some(i) = find(&lower, "no limit") {
        (Structure::NoLimit, &g[i + 8..])
    } else if let Some(i) = find(&lower, "pot limit") {
        (Structure::PotLimit, &g[i + 9..])
    } else if let Some(i) = find(&lower, "normal") {
        (Structure::FixedLimit, &g[i + 6..])
    } else {
        return Err(bad("no betting structure (No Limit, Pot Limit, Normal)"));
    };
    // `$0.02`, `$25/$50`, `$2, $0.25 ante`, `20` (a tournament's big blind)
    let after = after.trim();
    let first = after.split([' ', ',']).next().unwrap_or("");
    let ante = after
        .split(", ")
        .nth(1)
        .and_then(|a| a.strip_suffix(" ante"))
        .and_then(amount);
    let stakes = match first.split_once('/') {
        Some((a, b)) => (
            amount(a).ok_or_else(|| bad("stakes not read"))?,
            amount(b).ok_or_else(|| bad("stakes not read"))?,
        ),
        None => {
            let bb = amount(first).ok_or_else(|| bad("stakes not read"))?;
            (Decimal::default(), bb)
        }
    };
    h.stakes = stakes;
    let spec = GameSpec {
        code: super::hand::code(game, structure),
        structure,
        hole_cards,
    };
    h.game = Some(spec);
    // `2009-06-10 03:10:00 (ET)`
    let w: Vec<&str> = when.split_whitespace().collect();
    if let [d, t, zone, ..] = w.as_slice() {
        let ymd: Vec<u32> = d.split('-').filter_map(|x| x.parse().ok()).collect();
        let hms: Vec<u32> = t
            .split(['.', ':'])
            .take(3)
            .filter_map(|x| x.parse().ok())
            .collect();
        if let &[y, m, dd] = ymd.as_slice() {
            h.date = real_date([y, m, dd], &hms, zone);
        }
    }
    if h.tournament.is_none() {
        h.symbol = game_part.chars().find(|c| SYMBOLS.contains(c));
        h.currency = currency_of(h.symbol);
    }
    Ok((h, spec, ante))
}

/// Parses one hand's lines into a PHH history (`source` names the text).
pub fn parse(block: &Block<'_>, source: &str) -> R<Parsed> {
    check_size(block)?;
    let lines = &block.lines;
    let (mut h, game, _ante) = header(lines[0].1).map_err(|mut r| {
        r.line = Some(lines[0].0);
        r
    })?;
    let (tl, tline) = *lines
        .get(1)
        .ok_or_else(|| Refusal::hand("the hand ends after its header"))?;
    // `Table: NAME (Real Money) Seat #7 is the dealer`
    let t = tline
        .strip_prefix("Table: ")
        .ok_or_else(|| Refusal::at(tl, "the table line is not understood"))?;
    let seat_at = find(t, " Seat #").ok_or_else(|| Refusal::at(tl, "no dealer's seat"))?;
    let button: u32 = t[seat_at + 7..]
        .split(' ')
        .next()
        .and_then(|b| b.parse().ok())
        .filter(|b| (1..=10).contains(b))
        .ok_or_else(|| Refusal::at(tl, "the dealer's seat not read"))?;
    let name_part = &t[..seat_at];
    let table: String = name_part[..name_part.rfind(" (").unwrap_or(name_part.len())]
        .trim()
        .chars()
        .take(MAX_NAME_CHARS)
        .collect();
    if find(name_part, "Play Money").is_some() {
        h.symbol = None;
        h.currency = None;
    }
    let mut seats: Vec<Seat> = Vec::new();
    let mut k = 2;
    while let Some(&(n, l)) = lines.get(k) {
        // (a player named `Seat 3` acts on lines of its own)
        let Some(rest) = l
            .strip_prefix("Seat ")
            .filter(|_| l.ends_with(" in chips)"))
        else {
            break;
        };
        let Some(dash) = find(rest, " - ") else {
            break;
        };
        let number: u32 = rest[..dash]
            .parse()
            .map_err(|_| Refusal::at(n, "a seat line not understood"))?;
        let body = rest[dash + 3..]
            .strip_suffix(" in chips)")
            .ok_or_else(|| Refusal::at(n, "a seat line not understood"))?;
        let open = body
            .rfind(" (")
            .ok_or_else(|| Refusal::at(n, "a seat line not understood"))?;
        let name = body[..open].to_string();
        let stack = amount(&body[open + 2..]).ok_or_else(|| Refusal::at(n, "a stack not read"))?;
        add_seat(
            &mut seats,
            Seat {
                number,
                name,
                stack,
                ..Seat::default()
            },
            10,
            n,
        )?;
        k += 1;
    }
    if seats.len() < 2 {
        return Err(Refusal::hand("fewer than two seated players"));
    }
    seats.sort_by_key(|s| s.number);
    let names = Names::new(&seats, &[' ']);
    let who = |l: &str| names.at(l);
    let mut rec = Rec::new(seats.len());
    let mut total_pot = None;
    let mut rake = Decimal::default();
    let mut summary = false;
    let mut big_blind = None;
    let mut fees: Vec<(String, Decimal)> = Vec::new();
    let unit_ok = |d: Option<Decimal>, n: usize, what: &str| -> R<Decimal> {
        d.ok_or_else(|| Refusal::at(n, format!("{what}: an amount not read")))
    };
    for &(n, l) in &lines[k..] {
        if let Some(marker) = l.strip_prefix("*** ") {
            let end = find(marker, " ***")
                .ok_or_else(|| Refusal::at(n, "a street marker not understood"))?;
            let next = match &marker[..end] {
                "POCKET CARDS" => Street::Preflop,
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
            let new = if matches!(next, Street::Flop | Street::Turn | Street::River) {
                last_cards(marker)
            } else {
                None
            };
            rec.street(next, new, n)?;
            summary |= next == Street::Summary;
            continue;
        }
        if summary {
            if super::any_header(l) {
                return Err(super::header_in_summary(n));
            }
            if let Some(t) = l.strip_prefix("Total Pot(") {
                let (pot, rest) = t.split_once(')').unwrap_or((t, ""));
                // (`5,480:3,750,1,730`: the total, then each pot)
                let pot = pot.split(':').next().unwrap_or(pot);
                total_pot = Some(unit_ok(amount(pot), n, "the total pot")?);
                if let Some(r) = rest.trim().strip_prefix("| Rake (") {
                    rake = unit_ok(amount(r.split(')').next().unwrap_or(r)), n, "the rake")?;
                }
                if let Some(j) = find(rest, "| Jackpot Rake (") {
                    let j = &rest[j + 16..];
                    let x = unit_ok(amount(j.split(')').next().unwrap_or(j)), n, "a jackpot")?;
                    rake = rake
                        .checked_add(x)
                        .ok_or_else(|| Refusal::at(n, "an amount too large"))?;
                    fees.push(("jackpot".to_string(), x));
                }
                if find(rest, "Proposition Pot").is_some() {
                    return Err(Refusal::at(
                        n,
                        "a 7-2 proposition pot: paid outside the pot by the other players",
                    ));
                }
            }
            continue;
        }
        if let Some(rest) = l.strip_prefix("Dealt to ") {
            let Some((i, len)) = who(rest) else {
                return Err(Refusal::at(n, "cards dealt to a player not seated"));
            };
            let c =
                last_cards(&rest[len..]).ok_or_else(|| Refusal::at(n, "hole cards not read"))?;
            rec.dealt(i, c, game.hole_cards, n)?;
            continue;
        }
        let Some((i, len)) = who(l) else {
            return Err(Refusal::at(
                n,
                format!("a line not understood: '{}'", clip(l)),
            ));
        };
        let rest = &l[len..];
        if let Some(x) = rest.strip_prefix(" Collects ") {
            let x = x.split(" from ").next().unwrap_or(x);
            rec.collect(i, unit_ok(amount(x), n, "a pot collected")?, n)?;
            continue;
        }
        let Some(action) = rest.strip_prefix(" - ") else {
            return Err(Refusal::at(
                n,
                format!("a line not understood: '{}'", clip(l)),
            ));
        };
        let action = action.trim();
        // (how it was made: `Folds (Preselection)`, `Checks (Timeout)`)
        let action = action
            .strip_suffix(" (Preselection)")
            .or_else(|| action.strip_suffix(" (Timeout)"))
            .unwrap_or(action);
        if let Some(x) = action.strip_prefix("Posts small blind ") {
            rec.small_blind(i, unit_ok(amount(x), n, "a small blind")?, false, n)?;
        } else if let Some(x) = action.strip_prefix("Posts big blind ") {
            let x = unit_ok(amount(x), n, "a big blind")?;
            big_blind.get_or_insert(x);
            rec.big_blind(i, x, false, n)?;
        } else if let Some((live, dead)) = action
            .strip_prefix("Posts ")
            .and_then(|x| x.split_once(" dead "))
            .filter(|(l, _)| l.starts_with(|c: char| SYMBOLS.contains(&c) || c.is_ascii_digit()))
        {
            // `Posts $1 dead $0.50`: a live big blind and a dead small one
            let live = unit_ok(amount(live), n, "a post")?;
            let dead = unit_ok(amount(dead), n, "a post")?;
            let both = live
                .checked_add(dead)
                .ok_or_else(|| Refusal::at(n, "an amount too large"))?;
            big_blind.get_or_insert(live);
            rec.small_and_big(i, both, live, false, n)?;
        } else if let Some(x) = action.strip_prefix("Posts dead blind ") {
            rec.dead_small_blind(i, unit_ok(amount(x), n, "a dead blind")?, false, n)?;
        } else if let Some(x) = action.strip_prefix("Ante ") {
            rec.ante(i, unit_ok(amount(x), n, "an ante")?, false, n)?;
        } else if action == "Folds" {
            rec.fold(i, n)?;
        } else if let Some(shown) = action.strip_prefix("Folds (Fold & Show ") {
            rec.fold(i, n)?;
            let c = last_cards(shown).ok_or_else(|| Refusal::at(n, UNREAD_SHOW))?;
            rec.show(i, c, game.hole_cards, n)?;
        } else if action == "Checks" {
            rec.check(i, n)?;
        } else if let Some(x) = action.strip_prefix("Calls ") {
            rec.call_by(i, unit_ok(amount(x), n, "a call")?, n)?;
        } else if let Some(x) = action.strip_prefix("Bets ") {
            rec.bet_by(i, unit_ok(amount(x), n, "a bet")?, n)?;
        } else if let Some(x) = action
            .strip_prefix("Raises ")
            .or_else(|| action.strip_prefix("All-In(Raise) "))
        {
            let to = find(x, " to ")
                .map(|k| &x[k + 4..])
                .ok_or_else(|| Refusal::at(n, "a raise without its total"))?;
            rec.raise_to(i, unit_ok(amount(to), n, "a raise")?, n)?;
        } else if let Some(x) = action.strip_prefix("All-In ") {
            // a call or a bet, by what it adds
            let x = unit_ok(amount(x), n, "an all-in")?;
            let to = rec.parts[i]
                .street_bet
                .checked_add(x)
                .ok_or_else(|| Refusal::at(n, "an amount too large"))?;
            if rec.round_max().less_than(to) {
                rec.bet_by(i, x, n)?;
            } else {
                rec.call_by(i, x, n)?;
            }
        } else if let Some(x) = action.strip_prefix("returned (") {
            let x = x.split(')').next().unwrap_or(x);
            rec.uncalled(i, unit_ok(amount(x), n, "an uncalled bet")?, n)?;
        } else if action.starts_with("Shows [") || action.starts_with("Pocket [") {
            if let Some(c) = action
                .find(']')
                .and_then(|e| cards(action[..e].split_once('[').map_or("", |x| x.1)))
            {
                rec.show(i, c, game.hole_cards, n)?;
            }
        } else if matches!(action, "Does not show" | "Mucks" | "Sits Out" | "Sit Out")
            || action.starts_with("Mucks")
            || action.starts_with("sitout")
        {
        } else {
            return Err(Refusal::at(
                n,
                format!("an action not understood: '{}'", clip(action)),
            ));
        }
        if rec.street == Street::Posts {
            let p = &mut rec.parts[i];
            p.all_in_post |= !p.contributed.less_than(seats[i].stack);
        }
    }
    if !summary {
        return Err(Refusal::hand(
            "the hand ends before its summary (cut short)",
        ));
    }
    // no-limit and pot-limit name the big blind only: the small blind is
    // the one posted
    if game.structure != Structure::FixedLimit {
        let sb = rec
            .parts
            .iter()
            .find(|p| p.live_small_blind)
            .and_then(|p| p.small_blind)
            .unwrap_or(h.stakes.1);
        h.stakes = (
            sb,
            big_blind
                .filter(|_| h.stakes.1.mantissa == 0)
                .unwrap_or(h.stakes.1),
        );
    }
    build(
        &h, game, &table, 10, button, &seats, &rec.parts, &rec.acts, total_pot, rake, source, &fees,
    )
}
