//! Ongame network hand histories (its English text, 2008 to 2013: bwin,
//! Betfair, Unibet and other skins) to PHH.
//!
//! A hand is `***** History for hand R5-22678800-36 *****` (a tournament's
//! `T5-...` with `(TOURNAMENT: "NAME", R-169-510, buy-in: €0)`) to `*****
//! End of hand ... *****`: `Start hand: Sun Feb 13 14:14:04 GMT+0100 2011`,
//! `Table: [SPEED] Dijon [22678800] (NO_LIMIT TEXAS_HOLDEM €0.02/€0.04,
//! Real money)`, `Button: seat 10`, the seats (`Seat 2: NAME (€2.26)`),
//! the posts (`posts small blind (€0.02)`, `posts big blind (€0.04)`,
//! `posts dead blind (€0.02)`, `posts ante €0.02`), `Dealing pocket
//! cards`, the actions (`calls €0.04`, `raises €0.20 to €0.30 [all in]`),
//! the boards (`--- Dealing flop [Jc, 4d, Qs]`) and the summary: each pot
//! and who won it after the rake (`Main pot: €0.36 won by Hero (€0.35)`),
//! `Rake taken: €0.01`, each seat's stack after the hand and its net.
//!
//! No uncalled-bet line: the part of a bet no one called is left out of
//! the pots; it comes back to its player.
use super::hand::{
    add_seat, build, check_size, clip, currency_of, find, last_cards, real_date, rfind, Date,
    GameSpec, Header, Names, Parsed, Rec, Seat, Street, R, SYMBOLS,
};
use super::pacific::amount;
use super::{Block, Refusal, MAX_NAME_CHARS};
use crate::card::Card;
use crate::game::Structure;
use crate::phh::Decimal;

/// Whether `line` is (starts with) an Ongame hand's header.
pub fn is_header(line: &str) -> bool {
    line.starts_with("***** History for hand ") && line.ends_with(" *****")
}

/// Lines between hands: the end of each.
pub fn is_separator(line: &str) -> bool {
    line.starts_with("***** End of hand ")
}

fn header_at(line: &str) -> Option<usize> {
    is_header(line).then_some(0)
}

/// Calls `f` with each hand of `text` in turn; `f` returns false to stop.
pub fn for_each_hand<'a>(text: &'a str, f: impl FnMut(Block<'a>) -> bool) {
    super::hand::for_each_hand(text, header_at, f)
}

const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

/// `Sun Feb 13 14:14:04 GMT+0100 2011`.
fn date(text: &str) -> Option<Date> {
    let w: Vec<&str> = text.split_whitespace().collect();
    let [_, month, day, time, zone, year] = w.as_slice() else {
        return None;
    };
    let month = MONTHS.iter().position(|m| m == month)? as u32 + 1;
    let day: u32 = day.parse().ok()?;
    let year: u32 = year.parse().ok()?;
    let t: Vec<u32> = time.split(':').filter_map(|x| x.parse().ok()).collect();
    real_date([year, month, day], &t, zone)
}

/// Ongame's cards: `[Jc, 4d, Qs]`.
fn cards(text: &str) -> Option<Vec<Card>> {
    let inner = text.trim().strip_prefix('[')?.strip_suffix(']')?;
    inner
        .split(',')
        .map(|c| c.trim().parse::<Card>().ok())
        .collect()
}

/// `Table: [SPEED] Dijon [22678800] (NO_LIMIT TEXAS_HOLDEM €0.02/€0.04,
/// Real money)`: the table's name, the game, the stakes (the blinds, or
/// fixed limit's bets), play money. (An ante, `ante: 20`, is posted on a
/// line of its own.)
struct TableLine {
    name: String,
    spec: GameSpec,
    stakes: (Decimal, Decimal),
    play_money: bool,
}

fn table(line: &str) -> R<TableLine> {
    let bad = |why: &str| Refusal::hand(format!("the table line: {why}"));
    let rest = line
        .strip_prefix("Table: ")
        .ok_or_else(|| bad("not read"))?;
    let open = rfind(rest, " (").ok_or_else(|| bad("no game"))?;
    let name: String = rest[..open]
        .split(' ')
        .filter(|w| !(w.starts_with('[') && w.ends_with(']')))
        .collect::<Vec<_>>()
        .join(" ");
    let inside = rest[open + 2..].trim_end_matches(')');
    let parts: Vec<&str> = inside.split(", ").collect();
    let words: Vec<&str> = parts.first().copied().unwrap_or("").split(' ').collect();
    let [structure, game, stakes] = words.as_slice() else {
        return Err(bad("the game not read"));
    };
    let structure = match *structure {
        "NO_LIMIT" => Structure::NoLimit,
        "POT_LIMIT" => Structure::PotLimit,
        "LIMIT" => Structure::FixedLimit,
        other => {
            return Err(Refusal::hand(format!(
                "{}: a betting structure not read",
                clip(other)
            )))
        }
    };
    let (g, hole_cards) = match *game {
        "TEXAS_HOLDEM" => ("T", 2),
        "OMAHA_HI" => ("O", 4),
        "OMAHA_HI_LO" => ("O/8", 4),
        other => {
            return Err(Refusal::hand(format!(
                "{}: a game not converted (hold'em, Omaha and Omaha hi/lo are)",
                clip(other)
            )))
        }
    };
    let (a, b) = stakes
        .split_once('/')
        .ok_or_else(|| bad("stakes not read"))?;
    let stakes = (
        amount(a).ok_or_else(|| bad("stakes not read"))?,
        amount(b).ok_or_else(|| bad("stakes not read"))?,
    );
    let play_money = parts.contains(&"Play money");
    let spec = GameSpec {
        code: super::hand::code(g, structure),
        structure,
        hole_cards,
    };
    Ok(TableLine {
        name,
        spec,
        stakes,
        play_money,
    })
}

/// Parses one hand's lines into a PHH history (`source` names the text).
pub fn parse(block: &Block<'_>, source: &str) -> R<Parsed> {
    check_size(block)?;
    let lines = &block.lines;
    let head = lines[0].1["***** History for hand ".len()..].trim_end_matches(" *****");
    let (number, tourney) = match head.split_once(" (TOURNAMENT: ") {
        Some((num, t)) => (num, Some(t.trim_end_matches(')'))),
        None => (head, None),
    };
    if number.is_empty()
        || number.len() > 40
        || !number
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-')
    {
        return Err(Refusal::at(lines[0].0, "the hand number not read"));
    }
    let mut h = Header {
        site: "Ongame",
        number: number.to_string(),
        ..Header::default()
    };
    if let Some(t) = tourney {
        // `"NAME", R-169-510, buy-in: €0`
        let (name, rest) = match t.strip_prefix('"').and_then(|r| r.split_once("\", ")) {
            Some(x) => x,
            None => ("", t),
        };
        let id = rest.split(", ").next().unwrap_or("").trim();
        h.tournament = Some(id.chars().take(40).collect()).filter(|s: &String| !s.is_empty());
        let buy = rest.split(", buy-in: ").nth(1).unwrap_or("").trim();
        let label = if buy.is_empty() {
            name.to_string()
        } else {
            format!("{name} {buy}")
        };
        h.buy_in = Some(label.trim().chars().take(MAX_NAME_CHARS).collect())
            .filter(|s: &String| !s.is_empty());
    }
    let mut game = None;
    let mut button = None;
    let mut seats: Vec<Seat> = Vec::new();
    let mut table_name = String::new();
    let mut k = 1;
    while let Some(&(n, l)) = lines.get(k) {
        if let Some(d) = l.strip_prefix("Start hand: ") {
            h.date = date(d);
        } else if l.starts_with("Table: ") {
            let TableLine {
                name,
                spec,
                stakes,
                play_money: play,
            } = table(l).map_err(|mut r| {
                r.line = Some(n);
                r
            })?;
            table_name = name;
            game = Some(spec);
            h.game = Some(spec);
            // (fixed limit: the small and big bets; else the blinds)
            h.stakes = stakes;
            if !play && h.tournament.is_none() {
                h.symbol = l.chars().find(|c| SYMBOLS.contains(c));
                h.currency = currency_of(h.symbol);
            }
        } else if let Some(b) = l.strip_prefix("Button: seat ") {
            button = b.trim().parse::<u32>().ok();
        } else if l.starts_with("User: ") || l.starts_with("Players in round:") {
        } else if let Some(rest) = l
            .strip_prefix("Seat ")
            // (a player named `Seat 3` posts on a line of its own)
            .filter(|r| find(r, ": ").is_some() && r.ends_with(')'))
        {
            let colon =
                find(rest, ": ").ok_or_else(|| Refusal::at(n, "a seat line not understood"))?;
            let number: u32 = rest[..colon]
                .parse()
                .map_err(|_| Refusal::at(n, "a seat line not understood"))?;
            let body = rest[colon + 2..]
                .strip_suffix(')')
                .ok_or_else(|| Refusal::at(n, "a seat line not understood"))?;
            let open = body
                .rfind(" (")
                .ok_or_else(|| Refusal::at(n, "a seat line not understood"))?;
            let name = body[..open].to_string();
            let stack =
                amount(&body[open + 2..]).ok_or_else(|| Refusal::at(n, "a stack not read"))?;
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
        } else {
            break;
        }
        k += 1;
    }
    let game = game.ok_or_else(|| Refusal::hand("no table line"))?;
    let button = button.ok_or_else(|| Refusal::hand("no button's seat"))?;
    if seats.len() < 2 || !(1..=10).contains(&button) {
        return Err(Refusal::hand("fewer than two seated players, or no button"));
    }
    seats.sort_by_key(|s| s.number);
    let names = Names::new(&seats, &[' ', ':']);
    let who = |l: &str| names.at(l);
    let mut rec = Rec::new(seats.len());
    let mut total_pot: Option<Decimal> = None;
    let mut rake = Decimal::default();
    let mut summary = false;
    let unit_ok = |d: Option<Decimal>, n: usize, what: &str| -> R<Decimal> {
        d.ok_or_else(|| Refusal::at(n, format!("{what}: an amount not read")))
    };
    for &(n, l) in &lines[k..] {
        if l == "---" {
            continue;
        }
        if l == "Dealing pocket cards" {
            rec.street(Street::Preflop, None, n)?;
            continue;
        }
        if let Some(d) = l.strip_prefix("--- Dealing ") {
            let (name, c) = d
                .split_once(' ')
                .ok_or_else(|| Refusal::at(n, "a board not read"))?;
            let next = match name {
                "flop" => Street::Flop,
                "turn" => Street::Turn,
                "river" => Street::River,
                _ => {
                    return Err(Refusal::at(
                        n,
                        format!("a street not played: '{}'", clip(name)),
                    ))
                }
            };
            let c = cards(c).ok_or_else(|| Refusal::at(n, "the board's cards not read"))?;
            // (after an all-in the current street's line is written again
            // before the runout)
            if next == rec.street && rec.board.ends_with(&c) {
                continue;
            }
            rec.street(next, Some(c), n)?;
            continue;
        }
        if l == "Summary:" {
            rec.street(Street::Summary, None, n)?;
            summary = true;
            continue;
        }
        if summary {
            if super::any_header(l) {
                return Err(super::header_in_summary(n));
            }
            if let Some(r) = l.strip_prefix("Rake taken: ") {
                rake = unit_ok(amount(r), n, "the rake")?;
            } else if let Some(at) = find(l, " won by ") {
                // `Main pot: €0.36 won by A (€0.35), B (€0.01)`
                let pot = l[..at].rsplit(": ").next().and_then(amount);
                let pot = unit_ok(pot, n, "a pot")?;
                total_pot = Some(
                    total_pot
                        .unwrap_or_default()
                        .checked_add(pot)
                        .ok_or_else(|| Refusal::at(n, "an amount too large"))?,
                );
                let mut rest = &l[at + 8..];
                while !rest.is_empty() {
                    let Some((i, len)) = who(rest) else {
                        return Err(Refusal::at(n, "a pot won by a player not seated"));
                    };
                    let after = rest[len..].trim_start();
                    let close = after
                        .find(')')
                        .ok_or_else(|| Refusal::at(n, "a pot won not read"))?;
                    // (`(125 High)`, `(125 Low)`: a hi/lo pot's halves)
                    let inside = after[..close].trim_start_matches('(');
                    let inside = inside
                        .strip_suffix(" High")
                        .or_else(|| inside.strip_suffix(" Low"))
                        .unwrap_or(inside);
                    let x = unit_ok(amount(inside), n, "a pot won")?;
                    rec.collect(i, x, n)?;
                    rest = after[close + 1..].trim_start_matches(',').trim_start();
                }
            } else if let Some(rest) = l.strip_prefix("Seat ") {
                // `Seat 3: Hero (€4.21), net: +€0.21, [7d, Td] (TWO_PAIR ...)`
                if let Some(colon) = find(rest, ": ") {
                    let tail = &rest[colon + 2..];
                    if let Some((i, _)) = who(tail) {
                        if let Some(c) = last_cards(&tail.replace(',', "")) {
                            rec.show(i, c, game.hole_cards, n)?;
                        }
                    }
                }
            }
            continue;
        }
        if let Some(rest) = l.strip_prefix("Dealing to ") {
            let Some((i, len)) = who(rest) else {
                return Err(Refusal::at(n, "cards dealt to a player not seated"));
            };
            let c = cards(rest[len..].trim_start_matches(':'))
                .ok_or_else(|| Refusal::at(n, "hole cards not read"))?;
            rec.dealt(i, c, game.hole_cards, n)?;
            continue;
        }
        let Some((i, len)) = who(l) else {
            return Err(Refusal::at(
                n,
                format!("a line not understood: '{}'", clip(l)),
            ));
        };
        let action = l[len..].trim();
        let all_in = action.ends_with(" [all in]");
        let action = action.strip_suffix(" [all in]").unwrap_or(action);
        let paren = |x: &str| amount(x.trim().trim_start_matches('(').trim_end_matches(')'));
        if let Some(x) = action.strip_prefix("posts small blind ") {
            rec.small_blind(i, unit_ok(paren(x), n, "a small blind")?, all_in, n)?;
        } else if let Some(x) = action.strip_prefix("posts big blind ") {
            rec.big_blind(i, unit_ok(paren(x), n, "a big blind")?, all_in, n)?;
        } else if let Some(x) = action.strip_prefix("posts dead blind ") {
            rec.dead_small_blind(i, unit_ok(paren(x), n, "a dead blind")?, all_in, n)?;
        } else if let Some(x) = action.strip_prefix("posts ante ") {
            rec.ante(i, unit_ok(paren(x), n, "an ante")?, all_in, n)?;
        } else if action == "folds" {
            rec.fold(i, n)?;
        } else if action == "checks" {
            rec.check(i, n)?;
        } else if let Some(x) = action.strip_prefix("calls ") {
            rec.call_by(i, unit_ok(amount(x), n, "a call")?, n)?;
        } else if let Some(x) = action.strip_prefix("bets ") {
            rec.bet_by(i, unit_ok(amount(x), n, "a bet")?, n)?;
        } else if let Some(x) = action.strip_prefix("raises ") {
            let to = find(x, " to ")
                .map(|k| &x[k + 4..])
                .ok_or_else(|| Refusal::at(n, "a raise without its total"))?;
            rec.raise_to(i, unit_ok(amount(to), n, "a raise")?, n)?;
        } else if action.starts_with("shows ") || action.starts_with("mucks") {
        } else if action.starts_with("changed ") || action.starts_with("brings in") {
            return Err(Refusal::at(
                n,
                "a draw or stud action in a hold'em or Omaha hand",
            ));
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
    // the part of a bet no one called: left out of the pots
    rec.give_back_uncalled(&seats, |_, _, _| false)?;
    build(
        &h,
        game,
        &table_name,
        10,
        button,
        &seats,
        &rec.parts,
        &rec.acts,
        total_pot,
        rake,
        source,
        &[],
    )
}
