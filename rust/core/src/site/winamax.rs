//! Winamax hand histories (the text its client writes, in English) to PHH.
//!
//! A hand starts at `Winamax Poker - ` and runs to the next; the grammar is
//! in docs/sites.md. Winamax writes PokerStars' layout with its own words:
//! a header with `HandId: #A-B-C`, `Table: '...'`, seats with the stack
//! alone (`Seat 1: NAME (20€)`), an `*** ANTE/BLINDS ***` section, actions
//! without a colon after the name (`NAME raises 2€ to 6€`), amounts with
//! the euro sign after them, and no line for an uncalled bet: the bet's
//! player collects it with the pot, and the summary's `Total pot` counts
//! it, less the rake. The uncalled part is found as PokerStars' old files
//! need it found: the lead of the largest contribution over the next.
//!
//! Played: hold'em, Omaha (4 or 5 cards) and Omaha hi/lo, in each of
//! no-limit, pot-limit and fixed-limit, cash and tournaments (Go Fast,
//! sit-and-gos, freerolls), with antes, players posting out of position
//! (a big blind live; a small blind dead) and both blinds at once.
//! Seven-card stud, stud hi/lo and razz (`*** 3rd STREET ***` to `*** 7th
//! STREET ***`, `Dealt to NAME [X X 9h] [Kh]`, `brings in`) and 2-7 triple
//! draw (`*** FIRST-BET ***`, `*** FIRST-DRAW ***`, `discard 2 cards`,
//! `discard 0 card`, `stands pat`) at fixed limit, read as PokerStars'
//! are. Refused with the reason: other games, a hand cut short.
use super::hand::{
    add_seat, amount, build, cards, check_size, check_summary_board, clip, date, find, is_draw,
    is_stud, last_cards, table_of, GameSpec, Header, Names, Parsed, Rec, Seat, Street, StudDeals,
    R, UNREAD_SHOW,
};
use super::{Block, Refusal, MAX_NAME_CHARS};
use crate::card::Card;
use crate::game::Structure;
use crate::phh::Decimal;

/// Whether `line` is (starts with) a Winamax hand's header.
pub fn is_header(line: &str) -> bool {
    line.starts_with("Winamax Poker - ") && find(line, "HandId: #").is_some()
}

fn header_at(line: &str) -> Option<usize> {
    let at = find(line, "Winamax Poker - ")?;
    is_header(&line[at..]).then_some(at)
}

/// Calls `f` with each hand of `text` in turn; `f` returns false to stop.
pub fn for_each_hand<'a>(text: &'a str, f: impl FnMut(Block<'a>) -> bool) {
    super::hand::for_each_hand(text, header_at, f)
}

/// The game of a header's `Holdem no limit`: the name, then the structure.
fn game(text: &str) -> R<GameSpec> {
    let t = text.trim();
    let (name, structure) = if let Some(n) = t.strip_suffix(" no limit") {
        (n, Structure::NoLimit)
    } else if let Some(n) = t.strip_suffix(" pot limit") {
        (n, Structure::PotLimit)
    } else if let Some(n) = t.strip_suffix(" fixed limit") {
        (n, Structure::FixedLimit)
    } else {
        return Err(Refusal::hand(format!(
            "the game '{}': no betting structure (no limit, pot limit, fixed limit)",
            clip(t)
        )));
    };
    let (game, hole_cards) = match name {
        "Holdem" => ("T", 2),
        "Omaha" => ("O", 4),
        "Omaha5" | "5 Card Omaha" => ("O", 5),
        "Omaha8" | "Omaha Hi/Lo" => ("O/8", 4),
        "Omaha5 Hi/Lo" | "5 Card Omaha Hi/Lo" => ("O/8", 5),
        "7-Card Stud" | "7stud" => ("7S", 7),
        "7-Card Stud Hi/Lo" | "7stud Hi/Lo" => ("7S/8", 7),
        "Razz" => ("RAZZ", 7),
        "2-7 Triple Draw" | "Lowball27" => ("2L3D", 5),
        _ => {
            return Err(Refusal::hand(format!(
                "{}: a game not converted (hold'em, Omaha, Omaha hi/lo, seven-card stud, \
                 stud hi/lo, razz and 2-7 triple draw are)",
                clip(name)
            )))
        }
    };
    if game != "T" && !game.starts_with('O') && structure != Structure::FixedLimit {
        return Err(Refusal::hand(format!(
            "{}: played at fixed limit only here",
            clip(name)
        )));
    }
    Ok(GameSpec {
        code: super::hand::code(game, structure),
        structure,
        hole_cards,
    })
}

/// `Winamax Poker - CashGame - HandId: #N-N-N - Holdem no limit
/// (0.01€/0.02€) - 2013/01/01 10:00:00 UTC`; a tournament's `Tournament
/// "NAME" buyIn: X level: N`, or `Go Fast "NAME"`, in place of `CashGame`.
fn header(line: &str) -> R<(Header, GameSpec, Option<Decimal>)> {
    let bad = |why: &str| Refusal::hand(format!("the header: {why}"));
    let rest = line
        .strip_prefix("Winamax Poker - ")
        .ok_or_else(|| bad("not a Winamax header"))?;
    let id_at = find(rest, " - HandId: #").ok_or_else(|| bad("no hand id"))?;
    let kind = &rest[..id_at];
    let rest = &rest[id_at + 12..];
    let id_end = find(rest, " - ").ok_or_else(|| bad("nothing after the hand id"))?;
    let number = &rest[..id_end];
    if number.is_empty()
        || number.len() > 40
        || !number.bytes().all(|b| b.is_ascii_digit() || b == b'-')
    {
        return Err(bad("the hand id is not digits and dashes"));
    }
    let rest = &rest[id_end + 3..];
    let open = rest
        .find(" (")
        .ok_or_else(|| bad("no stakes after the game"))?;
    let spec = game(&rest[..open])?;
    let close = rest[open..]
        .find(')')
        .ok_or_else(|| bad("no ')' after the stakes"))?;
    let inside = &rest[open + 2..open + close];
    // (sb/bb), or a tournament's (ante/sb/bb)
    let amounts: Vec<&str> = inside.split('/').collect();
    let read = |s: &str| amount(s).ok_or_else(|| bad("stakes not read"));
    let (ante, stakes) = match amounts.as_slice() {
        [a, b] => (None, (read(a)?, read(b)?)),
        [a, b, c] => (Some(read(a)?), (read(b)?, read(c)?)),
        _ => return Err(bad("stakes not read")),
    };
    let mut h = Header {
        site: "Winamax",
        number: number.to_string(),
        game: Some(spec),
        stakes,
        date: date(&rest[open + close..]),
        ..Header::default()
    };
    if inside.contains('€') {
        h.symbol = Some('€');
        h.currency = Some("EUR".into());
    }
    if let Some(t) = kind.strip_prefix("Tournament \"") {
        let q = t
            .rfind('"')
            .ok_or_else(|| bad("a tournament name without its '\"'"))?;
        let after = &t[q + 1..];
        if let Some(b) = find(after, "buyIn: ") {
            let b = &after[b + 7..];
            let end = find(b, " level: ").unwrap_or(b.len());
            let b = b[..end].trim();
            if !b.is_empty() {
                h.buy_in = Some(b.chars().take(MAX_NAME_CHARS).collect());
            }
        }
        if let Some(l) = find(after, "level: ") {
            h.level = after[l + 7..]
                .split(' ')
                .next()
                .and_then(|x| x.parse().ok());
        }
        h.tournament = Some(String::new());
    } else if kind.starts_with("Go Fast \"") {
        h.tournament = None;
    } else if kind != "CashGame" {
        return Err(bad("neither a cash game nor a tournament"));
    }
    Ok((h, spec, ante))
}

/// `Seat 1: NAME (20€)`, or a bounty tournament's `(3000, 5€ bounty)`.
fn seat(line: &str) -> Option<Seat> {
    let rest = line.strip_prefix("Seat ")?;
    let colon = find(rest, ": ")?;
    let number: u32 = rest[..colon].parse().ok()?;
    let rest = rest[colon + 2..].strip_suffix(')')?;
    let open = rest.rfind(" (")?;
    let inside = &rest[open + 2..];
    let stack = inside.split(',').next()?;
    Some(Seat {
        number,
        name: rest[..open].to_string(),
        stack: amount(stack)?,
        ..Seat::default()
    })
}

/// Parses one hand's lines into a PHH history (`source` names the text).
pub fn parse(block: &Block<'_>, source: &str) -> R<Parsed> {
    check_size(block)?;
    let lines = &block.lines;
    let (mut h, game, _ante) = header(lines[0].1).map_err(|mut r| {
        r.line = Some(lines[0].0);
        r
    })?;
    let (tl, table_line) = *lines
        .get(1)
        .ok_or_else(|| Refusal::hand("the hand ends after its header"))?;
    let stud = is_stud(game.code);
    let draw_game = is_draw(game.code);
    // (a stud table names no button: the players go in seat order)
    let (table, max_seats, button) = if stud {
        table_line
            .strip_prefix("Table: ")
            .and_then(|t| super::pokerstars::stud_table_of(&format!("Table {t}")))
    } else {
        table_of(table_line)
    }
    .ok_or_else(|| Refusal::at(tl, "the table line is not understood"))?;
    if !(1..=100).contains(&max_seats) || (button == 0 && !stud) || button > max_seats.max(10) {
        return Err(Refusal::at(
            tl,
            format!("the button in seat {button} of a {max_seats}-seat table"),
        ));
    }
    if h.tournament.is_some() {
        // the tournament's number: `NAME(5142226)#784`
        let id = table
            .rfind('(')
            .and_then(|o| table[o + 1..].split(')').next())
            .filter(|d| !d.is_empty() && d.len() <= 30 && d.bytes().all(|b| b.is_ascii_digit()));
        h.tournament = id.map(str::to_string);
        if h.tournament.is_none() {
            h.tournament = Some(table.clone());
        }
    }
    let mut seats: Vec<Seat> = Vec::new();
    let mut k = 2;
    while let Some(&(n, l)) = lines.get(k) {
        if !l.starts_with("Seat ") {
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
    let mut rec = Rec::new(seats.len());
    let mut summary_board = None;
    let mut total_pot: Option<Decimal> = None;
    let mut rake = Decimal::default();
    let mut summary_seen = false;
    let unit_ok = |d: Option<Decimal>, n: usize, what: &str| -> R<Decimal> {
        d.ok_or_else(|| Refusal::at(n, format!("{what}: an amount not read")))
    };
    // stud and draw games (as PokerStars': see pokerstars.rs)
    let mut deals = StudDeals::new(seats.len());
    for &(n, l) in &lines[k..] {
        if let Some(marker) = l.strip_prefix("*** ") {
            let name_end = find(marker, " ***")
                .ok_or_else(|| Refusal::at(n, "a street marker not understood"))?;
            if stud {
                deals.flush(&mut rec);
                // (an export's `*** THIRD ***` ... `*** SEVENTH ***`)
                let next = match &marker[..name_end] {
                    "3rd STREET" | "THIRD" => Some(Street::Preflop),
                    "4th STREET" | "FOURTH" => Some(Street::Flop),
                    "5th STREET" | "FIFTH" => Some(Street::Turn),
                    "6th STREET" | "SIXTH" => Some(Street::River),
                    "7th STREET" | "SEVENTH" => Some(Street::Seventh),
                    _ => None,
                };
                if let Some(next) = next {
                    if next == Street::Preflop {
                        rec.street(next, None, n)?;
                    } else {
                        rec.round_street(next, n)?;
                        deals.street();
                    }
                    continue;
                }
            }
            if draw_game {
                // each draw, then its betting round (`*** SECOND-BET ***`)
                let next = match &marker[..name_end] {
                    "FIRST-BET" => {
                        rec.street(Street::Preflop, None, n)?;
                        continue;
                    }
                    "SECOND-BET" | "THIRD-BET" | "FOURTH-BET" => continue,
                    "FIRST-DRAW" => Some(Street::Flop),
                    "SECOND-DRAW" => Some(Street::Turn),
                    "THIRD-DRAW" => Some(Street::River),
                    _ => None,
                };
                if let Some(next) = next {
                    rec.draw_street(next, n)?;
                    continue;
                }
            }
            let next = match &marker[..name_end] {
                "ANTE/BLINDS" => continue,
                "PRE-FLOP" => Street::Preflop,
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
            summary_seen |= next == Street::Summary;
            continue;
        }
        if rec.street == Street::Summary {
            if super::any_header(l) {
                return Err(super::header_in_summary(n));
            }
            if let Some(t) = l.strip_prefix("Total pot ") {
                let (pot, fee) = t.split_once(" | ").unwrap_or((t, ""));
                // a tournament's large pot is rounded (`6.02k`): not a check
                total_pot = if pot.ends_with(['k', 'K', 'M']) {
                    None
                } else {
                    Some(unit_ok(amount(pot), n, "the total pot")?)
                };
                if let Some(r) = fee.strip_prefix("Rake ") {
                    rake = unit_ok(amount(r), n, "the rake")?;
                } else if !fee.is_empty() && fee != "No rake" {
                    return Err(Refusal::at(n, "the rake not read"));
                }
            } else if l.starts_with("Board: [") {
                summary_board = last_cards(l);
            } else if let Some(rest) = l.strip_prefix("Seat ") {
                // `Seat 3: NAME (button) showed [3s 3d] and won 6020 with ...`
                if let Some(colon) = find(rest, ": ") {
                    if let Ok(num) = rest[..colon].parse::<u32>() {
                        if let Some(i) = seats.iter().position(|s| s.number == num) {
                            let tail = rest
                                .get(colon + 2..)
                                .and_then(|t| t.strip_prefix(seats[i].name.as_str()))
                                .unwrap_or("");
                            if let Some(at) = find(tail, " showed [") {
                                let cs = &tail[at + 9..];
                                if let Some(c) = cs.find(']').and_then(|e| cards(&cs[..e])) {
                                    rec.show_in(game, i, c, n)?;
                                }
                            }
                        }
                    }
                }
            }
            continue;
        }
        if let Some(rest) = l.strip_prefix("Dealt to ") {
            let Some((i, len)) = who(rest) else {
                return Err(Refusal::at(n, "cards dealt to a player not seated"));
            };
            if stud {
                // `[X X 9h]` (two down cards unseen) or the hero's `[4h Ac
                // Qd]` on third street; then `[X X 9h] [Kh]`, seventh
                // street's `[...] [X]` unseen
                let last = rest[len..]
                    .rfind('[')
                    .map(|o| rest[len + o..].trim())
                    .unwrap_or("");
                let inside = last.trim_start_matches('[').trim_end_matches(']');
                let got: Vec<Option<Card>> = inside
                    .split_whitespace()
                    .map(|t| {
                        if t == "X" {
                            Ok(None)
                        } else {
                            t.parse().map(Some)
                        }
                    })
                    .collect::<Result<_, _>>()
                    .map_err(|_| Refusal::at(n, "stud cards not read"))?;
                let third = rec.street == Street::Preflop;
                if !(third && got.len() == 3 || !third && got.len() == 1) {
                    return Err(Refusal::at(
                        n,
                        format!("{} cards dealt on one stud street", got.len()),
                    ));
                }
                deals.deal(&mut rec, i, got, n)?;
                continue;
            }
            if draw_game && rec.street > Street::Preflop {
                // the hero's draw: `[kept] [drawn]` (`[X ...]` unseen)
                if let Some(c) = last_cards(&rest[len..]) {
                    rec.draw_deal(i, c, n)?;
                }
                continue;
            }
            let inside = rest[len..]
                .trim()
                .trim_start_matches('[')
                .trim_end_matches(']');
            // (`[X X X X]`: cards the viewer did not see)
            if inside.split_whitespace().all(|c| c == "X") {
                continue;
            }
            let c = cards(inside).ok_or_else(|| Refusal::at(n, "hole cards not read"))?;
            rec.dealt(i, c, game.hole_cards, n)?;
            continue;
        }
        if l.ends_with(" denies big blind")
            || l.ends_with(" deny BB 0€")
            || l.ends_with(" deny BB 0")
        {
            // (a player back from sitting out, or gone, declining to post:
            // no chips; the player need not be seated)
            continue;
        }
        let Some((i, len)) = who(l) else {
            return Err(Refusal::at(
                n,
                format!("a line not understood: '{}'", clip(l)),
            ));
        };
        let action = l[len..].trim();
        let all_in = action.ends_with(" and is all-in");
        let action = action.strip_suffix(" and is all-in").unwrap_or(action);
        if stud && !action.starts_with("posts ") {
            if rec.street == Street::Preflop && !deals.dealt_in.contains(&true) {
                // an export that writes no `Dealt to` line: every player
                // who posted is dealt three cards unseen
                for (j, p) in rec.parts.clone().iter().enumerate() {
                    if p.contributed.mantissa > 0 || p.acted {
                        deals.dealt_in[j] = true;
                        rec.stud_deal(j, vec![None; 3]);
                    }
                }
            }
            deals.flush(&mut rec);
        }
        if draw_game && (action.starts_with("discard") || action.starts_with("stands pat")) {
            // `discard 2 cards`, `discard 0 card` (standing pat), `stands
            // pat [..]`: the hero's cards are not written
            let count: usize = match action.strip_prefix("discard") {
                Some(r) => r
                    .trim_start_matches('s')
                    .split_whitespace()
                    .next()
                    .and_then(|c| c.parse().ok())
                    .filter(|c| *c <= game.hole_cards)
                    .ok_or_else(|| Refusal::at(n, "a draw's count not read"))?,
                None => 0,
            };
            let thrown = match last_cards(action) {
                Some(c) if c.len() == count && count > 0 => c.into_iter().map(Some).collect(),
                _ => vec![None; count],
            };
            rec.discard(i, thrown, n)?;
            continue;
        }
        if stud {
            if let Some(x) = action
                .strip_prefix("brings in ")
                .or_else(|| action.strip_prefix("bring-in "))
            {
                rec.bring_in(i, unit_ok(amount(x), n, "a bring-in")?, all_in, n)?;
                continue;
            }
        }
        if action == "folds" {
            deals.folded[i] = true;
        }
        if let Some(x) = action.strip_prefix("posts ") {
            let x = x.strip_suffix(" out of position").unwrap_or(x);
            let (what, x) = x
                .rsplit_once(' ')
                .ok_or_else(|| Refusal::at(n, "a post not read"))?;
            let x = unit_ok(amount(x), n, "a post")?;
            let bb = match game.structure {
                Structure::FixedLimit => h.stakes.0,
                _ => h.stakes.1,
            };
            match what {
                "ante" => rec.ante(i, x, all_in, n)?,
                "small blind" => rec.small_blind(i, x, all_in, n)?,
                // both blinds at once, written as a small blind of both and
                // a big blind of nothing
                "big blind"
                    if x.mantissa == 0
                        && rec.parts[i].small_blind.is_some()
                        && !rec.parts[i].live_small_blind =>
                {
                    let both = rec.parts[i].small_blind.take().unwrap_or_default();
                    rec.uncalled(i, both, n)?;
                    rec.small_and_big(i, both, bb, all_in, n)?
                }
                "big blind" => rec.big_blind(i, x, all_in, n)?,
                _ => {
                    return Err(Refusal::at(
                        n,
                        format!("a post not played: '{}'", clip(action)),
                    ))
                }
            }
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
        } else if action.starts_with("shows [") {
            let c = last_cards(&action[..find(action, " (").unwrap_or(action.len())])
                .ok_or_else(|| Refusal::at(n, UNREAD_SHOW))?;
            rec.show_in(game, i, c, n)?;
        } else if let Some(x) = action.strip_prefix("collected ") {
            let end = find(x, " from ").unwrap_or(x.len());
            rec.collect(i, unit_ok(amount(&x[..end]), n, "a collected pot")?, n)?;
        } else if matches!(
            action,
            "mucks hand" | "doesn't show hand" | "denies big blind"
        ) || action.starts_with("deny BB")
        {
        } else if action.starts_with("discard")
            || action.starts_with("stands pat")
            || action.starts_with("brings in")
            || action.starts_with("bring-in")
        {
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
    }
    if !summary_seen {
        return Err(Refusal::hand(
            "the hand ends before its summary (cut short)",
        ));
    }
    if stud {
        deals.flush(&mut rec);
    }
    check_summary_board(summary_board.as_deref(), &rec.board)?;
    // No uncalled bet is written: the largest contribution's lead over the
    // next comes back to its player, who collects it with the pot, and the
    // total pot counts it, less the rake.
    if let Some(lead) = rec.give_back_uncalled(&seats, |_, _, _| true)? {
        total_pot = total_pot.and_then(|t| t.checked_sub(lead));
    }
    // the total pot is written less the rake
    let total_pot = match total_pot {
        Some(t) => Some(
            t.checked_add(rake)
                .ok_or_else(|| Refusal::hand("an amount too large"))?,
        ),
        None => None,
    };
    build(
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
    )
}
