//! PartyPoker hand histories (its client's English text, in the format it
//! wrote from about 2008; 888poker's comes from the same family) to PHH.
//!
//! A hand is `#Game No : N`, then `***** Hand History for Game N *****`,
//! then the game line (`$0.10/$0.25 USD NL Texas Hold'em - Saturday,
//! September 21, 16:06:03 EDT 2013`; older cash tables name the largest
//! buy-in, `$2 USD NL Texas Hold'em`, and a fixed-limit table its bets,
//! `$15/$30 USD Texas Hold'em`; a tournament's `NL Texas Hold'em $5 USD
//! Buy-in Trny: 71487580 Level: 1  Blinds(20/40)`), `Table NAME (Real
//! Money)`, `Seat 6 is the button`, `Total number of players : 6/9`, the
//! seats (`Seat 9: NAME ( $3.57 USD )`, in any order), the posts (`posts
//! small blind [$0.01 USD].`, `posts big blind + dead [$0.03 USD].`,
//! `posts ante [10]`), `** Dealing down cards **`, the actions with their
//! amounts in brackets, each what the action adds (`calls [$0.07 USD]`,
//! `raises [$0.08 USD]`, `is all-In  [$0.22 USD]`), the boards (`** Dealing
//! Flop ** [ As, 6h, Qc ]`), the cards shown and the pots won (`wins $0.65
//! USD from the main pot with ...`, `wins 120 chips`, a low half as `wins Lo
//! ($28.75 USD) from the main pot ...`).
//!
//! No rake and no uncalled-bet line are written: the part of a bet no one
//! called is in its player's winnings, and the rake is what was put in
//! less what was won.
use super::hand::{
    add_seat, build, check_size, clip, find, real_date, Date, GameSpec, Header, Names, Parsed, Rec,
    Seat, Street, R, SYMBOLS, UNREAD_SHOW,
};
use super::pacific::{amount, bracketed, cards};
use super::{Block, Refusal, MAX_NAME_CHARS};
use crate::game::Structure;
use crate::phh::Decimal;

/// Whether `line` is (starts with) a PartyPoker hand's header.
pub fn is_header(line: &str) -> bool {
    line.strip_prefix("***** Hand History for Game ")
        .is_some_and(|r| {
            r.ends_with(" *****") && r.as_bytes().first().is_some_and(u8::is_ascii_digit)
        })
        || super::party_new::header_at(line) == Some(0)
}

/// Lines between hands that belong to none: `#Game No : N` before each
/// header, `Game #N starts.`
pub fn is_separator(line: &str) -> bool {
    line.starts_with("#Game No : ") || line.starts_with("Game #") && line.ends_with(" starts.")
}

fn header_at(line: &str) -> Option<usize> {
    // (the newer format's header can follow the last line of a hand)
    is_header(line)
        .then_some(0)
        .or_else(|| super::party_new::header_at(line))
}

/// Calls `f` with each hand of `text` in turn; `f` returns false to stop.
pub fn for_each_hand<'a>(text: &'a str, f: impl FnMut(Block<'a>) -> bool) {
    super::hand::for_each_hand(text, header_at, f)
}

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// `Monday, August 30, 16:08:09 EDT 2010`.
fn date(text: &str) -> Option<Date> {
    let t = text.split_once(',')?.1.trim();
    let (month, rest) = t.split_once(' ')?;
    let month = MONTHS.iter().position(|m| *m == month)? as u32 + 1;
    let (day, rest) = rest.split_once(',')?;
    let day: u32 = day.trim().parse().ok()?;
    let parts: Vec<&str> = rest.split_whitespace().collect();
    let (time, zone, year) = match parts.as_slice() {
        [time, zone, year] => (*time, *zone, *year),
        [time, year] => (*time, "", *year),
        _ => return None,
    };
    let year: u32 = year.parse().ok()?;
    let t: Vec<u32> = time.split(':').filter_map(|x| x.parse().ok()).collect();
    real_date([year, month, day], &t, zone)
}

/// The game line: the game, the stakes it names (fixed limit's bets, a
/// tournament's blinds), a tournament's number, level and buy-in, the date.
struct GameLine {
    spec: GameSpec,
    stakes: Option<(Decimal, Decimal)>,
    tournament: Option<String>,
    level: Option<u32>,
    buy_in: Option<String>,
    date: Option<Date>,
    symbol: Option<char>,
    currency: Option<String>,
}

fn game_line(line: &str) -> R<GameLine> {
    let bad = |why: &str| Refusal::hand(format!("the game line: {why}"));
    let (head, when) = match line.rfind(" - ") {
        Some(i) => (&line[..i], &line[i + 3..]),
        None => (line, ""),
    };
    let date = date(when);
    let padded = format!(" {head}");
    // the structure's word, where it is (fixed limit when none is written)
    let (structure, at, len) = [
        (" NL ", Structure::NoLimit),
        (" PL ", Structure::PotLimit),
        (" FL ", Structure::FixedLimit),
    ]
    .iter()
    .find_map(|(w, s)| find(&padded, w).map(|i| (*s, i, w.len() - 1)))
    .unwrap_or((Structure::FixedLimit, 0, 0));
    let rest = &padded[at + len..];
    let (game, hole_cards, after) = if let Some(r) = find(rest, "Texas Hold'em") {
        ("T", 2, &rest[r + 13..])
    } else if let Some(r) = find(rest, "Omaha Hi-Lo") {
        ("O/8", 4, &rest[r + 11..])
    } else if let Some(r) = find(rest, "Omaha") {
        let a = &rest[r + 5..];
        ("O", 4, a.strip_prefix(" Hi").unwrap_or(a))
    } else {
        return Err(Refusal::hand(format!(
            "{}: a game not converted (hold'em, Omaha and Omaha hi/lo are)",
            clip(head)
        )));
    };
    let game_at = [" Texas Hold'em", " Omaha"]
        .iter()
        .filter_map(|w| find(&padded, w))
        .min()
        .unwrap_or(0);
    let before = padded[..if len > 0 { at } else { game_at }].trim();
    let symbol = head.chars().find(|c| SYMBOLS.contains(c));
    let currency = ["USD", "EUR", "GBP", "CAD"]
        .iter()
        .find(|c| find(head, c).is_some())
        .map(|c| c.to_string());
    let mut g = GameLine {
        spec: GameSpec {
            code: super::hand::code(game, structure),
            structure,
            hole_cards,
        },
        stakes: None,
        tournament: None,
        level: None,
        buy_in: None,
        date,
        symbol,
        currency,
    };
    // `$0.10/$0.25 USD` before the game: the stakes (`$2 USD`, a buy-in)
    if let Some((a, b)) = before.split_once('/') {
        g.stakes = Some((
            amount(a).ok_or_else(|| bad("stakes not read"))?,
            amount(b).ok_or_else(|| bad("stakes not read"))?,
        ));
    }
    if let Some(t) = find(after, "Trny:") {
        let id: String = after[t + 5..]
            .trim_start()
            .chars()
            .take_while(char::is_ascii_digit)
            .take(30)
            .collect();
        g.tournament = Some(id).filter(|i| !i.is_empty());
        if let Some(l) = find(after, "Level:") {
            g.level = after[l + 6..]
                .trim_start()
                .split(|c: char| !c.is_ascii_digit())
                .next()
                .and_then(|x| x.parse().ok());
        }
        let buy = after[..t].trim();
        let buy = buy.strip_suffix("Buy-in").unwrap_or(buy).trim();
        if !buy.is_empty() {
            g.buy_in = Some(buy.chars().take(MAX_NAME_CHARS).collect());
        }
        if let Some(b) = find(after, "Blinds") {
            let inside = after[b..]
                .split_once('(')
                .and_then(|(_, r)| r.split_once(')'))
                .map(|(i, _)| i)
                .ok_or_else(|| bad("the blinds not read"))?;
            let inside = inside.split(" -").next().unwrap_or(inside);
            let (a, b) = inside
                .split_once('/')
                .ok_or_else(|| bad("the blinds not read"))?;
            g.stakes = Some((
                amount(a).ok_or_else(|| bad("the blinds not read"))?,
                amount(b).ok_or_else(|| bad("the blinds not read"))?,
            ));
        }
        g.symbol = None;
        g.currency = None;
    }
    Ok(g)
}

/// `Seat 9: NAME ( $3.57 USD )`.
pub(super) fn seat(line: &str) -> Option<Seat> {
    let rest = line
        .strip_prefix("Seat ")
        .or_else(|| line.strip_prefix("seat "))?;
    let colon = find(rest, ": ")?;
    let number: u32 = rest[..colon].trim().parse().ok()?;
    let rest = rest[colon + 2..].strip_suffix(')')?;
    let open = rest.rfind(" ( ").or_else(|| rest.rfind(" ("))?;
    let inside = rest[open..].trim_start().trim_start_matches('(');
    Some(Seat {
        number,
        name: rest[..open].to_string(),
        stack: amount(inside)?,
        ..Seat::default()
    })
}

/// Parses one hand's lines into a PHH history (`source` names the text).
pub fn parse(block: &Block<'_>, source: &str) -> R<Parsed> {
    if block
        .lines
        .first()
        .is_some_and(|l| super::party_new::header_at(l.1) == Some(0))
    {
        return super::party_new::parse(block, source);
    }
    check_size(block)?;
    let lines = &block.lines;
    let number: String = lines[0].1["***** Hand History for Game ".len()..]
        .chars()
        .take_while(char::is_ascii_digit)
        .take(30)
        .collect();
    let at = |k: usize| {
        lines
            .get(k)
            .copied()
            .ok_or_else(|| Refusal::hand("the hand ends before its seats"))
    };
    let (n1, l1) = at(1)?;
    let g = game_line(l1).map_err(|mut r| {
        r.line = Some(n1);
        r
    })?;
    let (n2, l2) = at(2)?;
    let table = l2
        .strip_prefix("Table ")
        .and_then(|t| t.rfind(" (").map(|o| t[..o].trim().to_string()))
        .filter(|t| !t.is_empty() && t.chars().count() <= MAX_NAME_CHARS)
        .ok_or_else(|| Refusal::at(n2, "the table line is not understood"))?;
    let (n3, l3) = at(3)?;
    let button: u32 = l3
        .strip_prefix("Seat ")
        .and_then(|r| r.strip_suffix(" is the button"))
        .and_then(|b| b.trim().parse().ok())
        .ok_or_else(|| Refusal::at(n3, "the button's line is not understood"))?;
    let mut k = 4;
    let mut max_seats = 10;
    if let Some(t) = lines
        .get(k)
        .and_then(|l| l.1.strip_prefix("Total number of players :"))
    {
        if let Some(m) = t.split('/').nth(1).and_then(|m| m.trim().parse().ok()) {
            max_seats = m;
        }
        k += 1;
    }
    if !(2..=10).contains(&max_seats) || button == 0 || button > 10 {
        return Err(Refusal::at(
            n3,
            format!("the button in seat {button} of a {max_seats}-seat table"),
        ));
    }
    let mut seats: Vec<Seat> = Vec::new();
    while let Some(&(n, l)) = lines.get(k) {
        if !(l.starts_with("Seat ") || l.starts_with("seat ")) || !l.ends_with(')') {
            break;
        }
        let s = seat(l).ok_or_else(|| Refusal::at(n, "a seat line not understood"))?;
        add_seat(&mut seats, s, 10, n)?;
        k += 1;
    }
    if seats.len() < 2 {
        return Err(Refusal::hand("fewer than two seated players"));
    }
    seats.sort_by_key(|s| s.number);
    let names = Names::new(&seats, &[' ', '.']);
    let who = |l: &str| names.at(l);
    let game = g.spec;
    let mut rec = Rec::new(seats.len());
    let mut summary_seen = false;
    let amt = |x: &str, n: usize, what: &str| -> R<Decimal> {
        let x = x.trim().trim_end_matches('.');
        bracketed(x)
            .or_else(|| {
                x.strip_prefix('(')
                    .and_then(|t| t.strip_suffix(')'))
                    .and_then(amount)
            })
            .ok_or_else(|| Refusal::at(n, format!("{what}: an amount not read")))
    };
    let mut big_blind_posted = None;
    for &(n, l) in &lines[k..] {
        if let Some(marker) = l.strip_prefix("** ") {
            let end = find(marker, " **")
                .ok_or_else(|| Refusal::at(n, "a street marker not understood"))?;
            let next = match &marker[..end] {
                "Dealing down cards" => Street::Preflop,
                "Dealing Flop" => Street::Flop,
                "Dealing Turn" => Street::Turn,
                "Dealing River" => Street::River,
                "Summary" => Street::Summary,
                name => {
                    return Err(Refusal::at(
                        n,
                        format!("a street not played: '{}'", clip(name)),
                    ))
                }
            };
            // (no blinds when every player is all-in from the antes)
            let all_in = rec
                .parts
                .iter()
                .zip(&seats)
                .all(|(p, s)| !p.contributed.less_than(s.stack));
            if next == Street::Preflop
                && !all_in
                && rec
                    .parts
                    .iter()
                    .all(|p| p.small_blind.is_none() && p.big_blind.is_none())
            {
                // posts not written (a tournament's, or blinds all-in from
                // the antes): the blinds of the game line, posted by the
                // first seats after the button (the button's own heads-up)
                let (sb, bb) = g
                    .stakes
                    .ok_or_else(|| Refusal::at(n, "no blinds posted and no stakes named"))?;
                let after = seats.iter().position(|s| s.number > button).unwrap_or(0);
                let sb_at = if seats.len() == 2 {
                    (after + 1) % 2
                } else {
                    after
                };
                let bb_at = (sb_at + 1) % seats.len();
                for (at, x, big) in [(sb_at, sb, false), (bb_at, bb, true)] {
                    // (what the ante left, all-in when it is less)
                    let left = seats[at]
                        .stack
                        .checked_sub(rec.parts[at].contributed)
                        .unwrap_or_default();
                    let all_in = !x.less_than(left);
                    let x = if all_in { left } else { x };
                    if big {
                        big_blind_posted.get_or_insert(bb);
                        rec.big_blind(at, x, all_in, n)?;
                    } else {
                        rec.small_blind(at, x, all_in, n)?;
                    }
                }
            }
            let new = if matches!(next, Street::Flop | Street::Turn | Street::River) {
                Some(
                    cards(&marker[end..])
                        .ok_or_else(|| Refusal::at(n, "the board's cards not read"))?,
                )
            } else {
                None
            };
            rec.street(next, new, n)?;
            summary_seen |= next == Street::Summary;
            continue;
        }
        if is_separator(l)
            || l.starts_with("Your time bank")
            || l.starts_with('>')
            || l.starts_with("Trny:")
            || l.starts_with("Blinds(")
            || l.starts_with("Blinds-Antes(")
            || l.starts_with("Stakes(")
            || l.starts_with("Stakes-Antes(")
            || l.starts_with("Congratulations to ")
        {
            continue;
        }
        if let Some(rest) = l.strip_prefix("Dealt to ") {
            let Some((i, len)) = who(rest) else {
                return Err(Refusal::at(n, "cards dealt to a player not seated"));
            };
            let c = cards(&rest[len..]).ok_or_else(|| Refusal::at(n, "hole cards not read"))?;
            rec.dealt(i, c, game.hole_cards, n)?;
            continue;
        }
        let Some((i, len)) = who(l) else {
            const NOISE: [&str; 7] = [
                " has joined the table.",
                " has left the table.",
                " is sitting out",
                " is sitting out.",
                " has been reconnected",
                " did not respond in time",
                " could not respond in time.(disconnected)",
            ];
            // (chat: a name, then `: `; an observer's name is not seated)
            let chat = find(l, ": ").is_some_and(|c| {
                c > 0
                    && l[..c].chars().count() <= MAX_NAME_CHARS
                    && !l[..c].chars().any(char::is_control)
            });
            if NOISE.iter().any(|e| l.ends_with(e)) || chat || find(l, " finished in ").is_some() {
                continue; // a player coming or going, chat
            }
            if find(l, " posts ").is_some() {
                return Err(Refusal::at(
                    n,
                    "a player not in the seat list posts (joining during the hand)",
                ));
            }
            return Err(Refusal::at(
                n,
                format!("a line not understood: '{}'", clip(l)),
            ));
        };
        let action = l[len..].trim();
        let action = action.strip_suffix('.').unwrap_or(action).trim_end();
        if let Some(x) = action.strip_prefix("posts ") {
            if let Some(x) = x.strip_prefix("small blind") {
                rec.small_blind(i, amt(x, n, "a small blind")?, false, n)?;
            } else if let Some(x) = x.strip_prefix("big blind + dead") {
                let both = amt(x, n, "both blinds")?;
                let bb = big_blind_posted
                    .or(g.stakes.map(|s| s.1))
                    .ok_or_else(|| Refusal::at(n, "both blinds posted before a big blind"))?;
                rec.small_and_big(i, both, bb, false, n)?;
            } else if let Some(x) = x.strip_prefix("big blind") {
                let x = amt(x, n, "a big blind")?;
                big_blind_posted.get_or_insert(x);
                rec.big_blind(i, x, false, n)?;
            } else if let Some(x) = x.strip_prefix("ante of").or_else(|| x.strip_prefix("ante")) {
                rec.ante(i, amt(x, n, "an ante")?, false, n)?;
            } else {
                return Err(Refusal::at(
                    n,
                    format!("a post not played: '{}'", clip(action)),
                ));
            }
            let p = &mut rec.parts[i];
            p.all_in_post |= !p.contributed.less_than(seats[i].stack);
            continue;
        }
        let quiet = matches!(
            action,
            "is sitting out"
                | "has left the table"
                | "has joined the table"
                | "has been reconnected"
        );
        if quiet {
            continue;
        }
        if rec.street == Street::Posts {
            return Err(Refusal::at(n, "an action before the cards are dealt"));
        }
        if action == "folds" {
            rec.fold(i, n)?;
        } else if action == "checks" {
            rec.check(i, n)?;
        } else if let Some(x) = action.strip_prefix("calls") {
            let x = amt(x, n, "a call")?;
            // PartyPoker plays a small blind posted out of its place live:
            // its call adds only what completes the bet with it (`posts
            // small blind [$0.05]`, then `calls [$0.05]` to 0.10), which
            // the engine, playing a missed small blind dead, cannot replay
            let p = &rec.parts[i];
            let max = rec.round_max();
            let completes_with_it = p
                .small_blind
                .filter(|_| !p.live_small_blind && rec.street == Street::Preflop)
                .and_then(|sb| p.street_bet.checked_add(x)?.checked_add(sb))
                .is_some_and(|t| !t.less_than(max) && !max.less_than(t));
            if completes_with_it {
                return Err(Refusal::at(
                    n,
                    "a small blind posted out of its place and played live: the engine plays a \
                     missed small blind dead",
                ));
            }
            rec.call_by(i, x, n)?;
        } else if let Some(x) = action.strip_prefix("bets") {
            rec.bet_by(i, amt(x, n, "a bet")?, n)?;
        } else if let Some(x) = action.strip_prefix("raises") {
            rec.bet_by(i, amt(x, n, "a raise")?, n)?;
        } else if let Some(x) = action.strip_prefix("is all-In") {
            // a call or a raise, by what it adds
            let x = amt(x, n, "an all-in")?;
            let to = rec.parts[i]
                .street_bet
                .checked_add(x)
                .ok_or_else(|| Refusal::at(n, "an amount too large"))?;
            // (before the flop, the big blind's full size is what is faced,
            // though a short big blind posted less)
            let mut facing = rec.round_max();
            if let Some((_, bb)) = g.stakes.filter(|_| rec.street == Street::Preflop) {
                if facing.less_than(bb) && game.structure != Structure::FixedLimit {
                    facing = bb;
                }
            }
            if facing.less_than(to) {
                rec.bet_by(i, x, n)?;
            } else {
                rec.call_by(i, x, n)?;
            }
        } else if action.starts_with("shows [") {
            let c = cards(&action[..action.find(']').map_or(action.len(), |e| e + 1)])
                .ok_or_else(|| Refusal::at(n, UNREAD_SHOW))?;
            rec.show(i, c, game.hole_cards, n)?;
        } else if let Some(x) = action.strip_prefix("wins ") {
            // `wins $0.65 USD from the main pot with ...`, `wins 120 chips`;
            // the Mac client glues a split pot's next winner on after a
            // period (`... Aces and Queens.NAME wins $27,36 USD from ...`)
            let mut who_wins = Some((i, x));
            while let Some((i, x)) = who_wins.take() {
                let won = x.split(" from ").next().unwrap_or(x);
                // a split pot's halves: `wins Lo ($28.75 USD) from the main pot`
                let won = ["Lo (", "Hi ("]
                    .iter()
                    .find_map(|p| won.strip_prefix(p)?.strip_suffix(')'))
                    .unwrap_or(won);
                let won = won.strip_suffix(" chips").unwrap_or(won);
                let won =
                    amount(won).ok_or_else(|| Refusal::at(n, "a pot won: an amount not read"))?;
                rec.collect(i, won, n)?;
                let mut from = 0;
                while let Some(dot) = x[from..].find('.').map(|d| from + d) {
                    from = dot + 1;
                    if let Some((j, len)) = who(&x[dot + 1..]) {
                        if let Some(next) = x[dot + 1 + len..].strip_prefix(" wins ") {
                            who_wins = Some((j, next));
                            break;
                        }
                    }
                }
            }
        } else if matches!(
            action,
            "does not show cards" | "doesn't show [ ]" | "is sitting out" | "has left the table"
        ) || action.starts_with("doesn't show")
            || action.starts_with("mucks")
            || action.starts_with("will be using")
            || action.starts_with("finished in ")
            || action.starts_with("shows") && action.ends_with(" for low")
            || action.starts_with("did not respond")
            || action.starts_with("could not respond")
        {
        } else {
            return Err(Refusal::at(
                n,
                format!("an action not understood: '{}'", clip(action)),
            ));
        }
    }
    if rec.street == Street::Posts {
        return Err(Refusal::hand("the hand ends before the cards are dealt"));
    }
    if !summary_seen && rec.parts.iter().all(|p| p.collected.mantissa == 0) {
        return Err(Refusal::hand(
            "the hand ends before a pot is won (cut short)",
        ));
    }
    // the uncalled part of the largest bet is in its player's winnings
    rec.give_back_uncalled(&seats, |_, _, _| true)?;
    let rake = rec.derived_rake(g.tournament.is_some())?;
    // the stakes: the blinds posted (a cash table's line names its buy-in),
    // fixed limit's bets from the line
    let sb = rec
        .parts
        .iter()
        .find(|p| p.live_small_blind)
        .and_then(|p| p.small_blind);
    let stakes = match (game.structure, g.stakes) {
        (Structure::FixedLimit, Some(s)) => s,
        (Structure::FixedLimit, None) => {
            let bb = big_blind_posted.ok_or_else(|| Refusal::hand("no big blind posted"))?;
            (
                bb,
                bb.checked_add(bb)
                    .ok_or_else(|| Refusal::hand("an amount too large"))?,
            )
        }
        (_, Some(s)) if g.tournament.is_some() => s,
        // a cash table: the blinds the line names, else those posted (an
        // older line names the buy-in)
        (_, named) => {
            let bb = named
                .map(|s| s.1)
                .or(big_blind_posted)
                .ok_or_else(|| Refusal::hand("no big blind posted and no stakes named"))?;
            (sb.or(named.map(|s| s.0)).unwrap_or(bb), bb)
        }
    };
    let h = Header {
        site: "PartyPoker",
        number,
        tournament: g.tournament,
        buy_in: g.buy_in,
        level: g.level,
        game: Some(game),
        stakes,
        currency: g.currency,
        symbol: g.symbol,
        date: g.date,
        mixed: None,
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
        None,
        rake,
        source,
        &[],
    )
}
