//! PartyPoker's hand histories in the format its client writes from about
//! 2010 to today (the older format is [`super::party`]'s):
//!
//! ```text
//! ***** Hand History For Game 1770659766668adeb0h5qfm *****
//! 0.10/0.25 Omaha Hi Game Table (PL) - Mon Feb 09 12:55:26 EST 2026
//! Table Table 7488952 (Real Money) -- Seat 1 is the button
//! Total number of players : 4/6
//! Seat 1: Player4 ($56.64)
//! Player1 posts small blind (0.10)
//! ** Dealing down cards **
//! Dealt to Hero [ 9c, 7h, 8h, 4d ]
//! Hero raises 0.85 to 0.85
//! Hero calls (1.80)
//! ** Dealing Flop ** :  [ Jc, 7d, 6c ]
//! ** Summary **
//! Main Pot: $38.50 Rake: $2.0
//! Hero balance $44.16, bet $23.17, collected $41.47, net +$18.30[ 9c, 7h, 8h, 4d ] [ ... ]
//! ```
//!
//! A tournament's game line is `250/500 Tourney Texas Holdem Game Table
//! (NL) (MTT Tournament #302466038) (Buyin $3.0 + $0.3) - ...`. Calls and
//! bets write what they add, raises what they add and the total (`raises
//! 2.40 to 2.65`). The pots won are in the summary only: each player's
//! `bet`, `collected` (with the part of a bet no one called, which is no
//! line of its own) and the cards shown; the rake is on the pot's line.
use super::hand::{
    add_seat, build, check_size, clip, find, real_date, Date, GameSpec, Header, Names, Parsed, Rec,
    Seat, Street, R, SYMBOLS,
};
use super::pacific::{amount, cards};
use super::{Block, Refusal, MAX_NAME_CHARS};
use crate::game::Structure;
use crate::phh::Decimal;

/// The header, at the start of a line or (a hand glued to the last line of
/// the one before) inside it.
const HEADER: &str = "***** Hand History For Game ";

/// Where the header starts in `line`, if it holds one.
pub(super) fn header_at(line: &str) -> Option<usize> {
    let at = find(line, HEADER)?;
    let id = line[at + HEADER.len()..].strip_suffix(" *****")?;
    (!id.is_empty() && id.len() <= 40 && id.bytes().all(|b| b.is_ascii_alphanumeric()))
        .then_some(at)
}

const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

/// `Mon Feb 09 12:55:26 EST 2026`.
fn date(text: &str) -> Option<Date> {
    let parts: Vec<&str> = text.split_whitespace().collect();
    let [_, month, day, time, zone, year] = parts.as_slice() else {
        return None;
    };
    let month = MONTHS.iter().position(|m| m == month)? as u32 + 1;
    let t: Vec<u32> = time.split(':').filter_map(|x| x.parse().ok()).collect();
    real_date([year.parse().ok()?, month, day.parse().ok()?], &t, zone)
}

struct GameLine {
    spec: GameSpec,
    stakes: (Decimal, Decimal),
    tournament: Option<String>,
    buy_in: Option<String>,
    date: Option<Date>,
}

/// `0.10/0.25 Omaha Hi Game Table (PL) - Mon Feb 09 12:55:26 EST 2026`.
fn game_line(line: &str) -> R<GameLine> {
    let bad = |why: String| Refusal::hand(format!("the game line: {why}"));
    let (head, when) = match line.rfind(" - ") {
        Some(i) => (line[..i].trim(), line[i + 3..].trim()),
        None => return Err(bad("no date".into())),
    };
    let (stakes, rest) = head
        .split_once(' ')
        .ok_or_else(|| bad("no stakes".into()))?;
    let (sb, bb) = stakes
        .split_once('/')
        .and_then(|(a, b)| Some((amount(a)?, amount(b)?)))
        .ok_or_else(|| bad("the stakes not read".into()))?;
    let rest = rest.trim_start();
    let (tourney, rest) = match rest.strip_prefix("Tourney ") {
        Some(r) => (true, r),
        None => (false, rest),
    };
    let table_at = find(rest, " Game Table (").ok_or_else(|| bad("no 'Game Table'".into()))?;
    let game = &rest[..table_at];
    let after = &rest[table_at + " Game Table (".len()..];
    let (word, after) = after
        .split_once(')')
        .ok_or_else(|| bad("no structure".into()))?;
    let structure = match word {
        "NL" => Structure::NoLimit,
        "PL" => Structure::PotLimit,
        _ => {
            return Err(Refusal::hand(format!(
                "{}: a structure not read in this format ({word})",
                clip(head)
            )))
        }
    };
    let (code, hole_cards) = match game {
        "Texas Hold'em" | "Texas Holdem" => ("T", 2),
        "Omaha Hi" | "Omaha" => ("O", 4),
        "Omaha Hi-Lo" | "Omaha Hi/Lo" => ("O/8", 4),
        _ => {
            return Err(Refusal::hand(format!(
                "{}: a game not converted (hold'em, Omaha and Omaha hi/lo are)",
                clip(head)
            )))
        }
    };
    let mut g = GameLine {
        spec: GameSpec {
            code: super::hand::code(code, structure),
            structure,
            hole_cards,
        },
        stakes: (sb, bb),
        tournament: None,
        buy_in: None,
        date: date(when),
    };
    // `(MTT Tournament #302466038) (Buyin $3.0 + $0.3)`
    for part in after.split('(').skip(1) {
        let part = part.split(')').next().unwrap_or("").trim();
        if let Some(t) = find(part, "Tournament #") {
            let id: String = part[t + 12..]
                .chars()
                .take_while(char::is_ascii_digit)
                .take(30)
                .collect();
            g.tournament = Some(id).filter(|i| !i.is_empty());
        } else if let Some(b) = part.strip_prefix("Buyin ") {
            g.buy_in = Some(b.chars().take(MAX_NAME_CHARS).collect());
        }
    }
    if tourney && g.tournament.is_none() {
        g.tournament = Some(String::new());
    }
    Ok(g)
}

/// A seated player's cash-out line (what follows the name): the site paid
/// an all-in player a price for the pot before the board came (a rule the
/// engine does not play).
fn is_cash_out(action: &str) -> bool {
    [
        "Cash-out Premium",
        "opted for cash-out",
        "Cashout Amount",
        "probabilty is",
        "probability is",
        "Cashed out",
    ]
    .iter()
    .any(|w| action.starts_with(w))
}

const CASH_OUT: &str =
    "an all-in cash-out (the site bought the pot from a player): a rule the engine does not play";

/// Parses one hand's lines into a PHH history (`source` names the text).
pub fn parse(block: &Block<'_>, source: &str) -> R<Parsed> {
    check_size(block)?;
    let lines = &block.lines;
    let head = lines[0].1;
    let number: String = head[HEADER.len()..]
        .chars()
        .take_while(char::is_ascii_alphanumeric)
        .take(40)
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
    let game = g.spec;
    // `Table NAME (Real Money) -- Seat 1 is the button`
    let (n2, l2) = at(2)?;
    let (table_part, button_part) = l2
        .split_once(" -- ")
        .ok_or_else(|| Refusal::at(n2, "the table line is not understood"))?;
    let table = table_part
        .strip_prefix("Table ")
        .and_then(|t| t.rfind(" (").map(|o| t[..o].trim().to_string()))
        .filter(|t| !t.is_empty() && t.chars().count() <= MAX_NAME_CHARS)
        .ok_or_else(|| Refusal::at(n2, "the table line is not understood"))?;
    let button: u32 = button_part
        .strip_prefix("Seat ")
        .and_then(|r| r.strip_suffix(" is the button"))
        .and_then(|b| b.trim().parse().ok())
        .ok_or_else(|| Refusal::at(n2, "the button is not understood"))?;
    let mut k = 3;
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
    if !(2..=10).contains(&max_seats) || button == 0 || button > max_seats {
        return Err(Refusal::at(
            n2,
            format!("the button in seat {button} of a {max_seats}-seat table"),
        ));
    }
    let mut seats: Vec<Seat> = Vec::new();
    let mut symbol = None;
    while let Some(&(n, l)) = lines.get(k) {
        // `Seat 1: NAME (...)` (a player named `Seat 3` posting is no seat)
        let numbered = l.strip_prefix("Seat ").is_some_and(|r| {
            let digits = r.bytes().take_while(u8::is_ascii_digit).count();
            digits > 0 && r[digits..].starts_with(": ")
        });
        if !numbered || !l.ends_with(')') {
            break;
        }
        let s =
            super::party::seat(l).ok_or_else(|| Refusal::at(n, "a seat line not understood"))?;
        if s.number > max_seats {
            return Err(Refusal::at(
                n,
                format!("seat {} at a {max_seats}-seat table", s.number),
            ));
        }
        symbol = symbol.or_else(|| l.chars().rev().find(|c| SYMBOLS.contains(c)));
        add_seat(&mut seats, s, 10, n)?;
        k += 1;
    }
    if seats.len() < 2 {
        return Err(Refusal::hand("fewer than two seated players"));
    }
    seats.sort_by_key(|s| s.number);
    let names = Names::new(&seats, &[' ']);
    let who = |l: &str| names.at(l);
    let mut rec = Rec::new(seats.len());
    let paren = |x: &str, n: usize, what: &str| -> R<Decimal> {
        x.trim()
            .strip_prefix('(')
            .and_then(|t| t.strip_suffix(')'))
            .and_then(amount)
            .ok_or_else(|| Refusal::at(n, format!("{what}: an amount not read")))
    };
    let mut written_rake: Option<Decimal> = None;
    // each player's summary line: (line, balance, put in, collected)
    let mut summary: Vec<Option<(usize, Decimal, Decimal, Decimal)>> = vec![None; seats.len()];
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
            let new = if matches!(next, Street::Flop | Street::Turn | Street::River) {
                Some(
                    cards(&marker[end..])
                        .ok_or_else(|| Refusal::at(n, "the board's cards not read"))?,
                )
            } else {
                None
            };
            rec.street(next, new, n)?;
            continue;
        }
        if rec.street == Street::Summary {
            if let Some(r) = l.strip_prefix("Main Pot:") {
                // `Main Pot: $38.50 Rake: $2.0` (`Side Pot 1: ...` between)
                if let Some(at) = find(r, "Rake:") {
                    let x = r[at + 5..].split_whitespace().next().unwrap_or("");
                    written_rake = Some(
                        amount(x).ok_or_else(|| Refusal::at(n, "the rake: an amount not read"))?,
                    );
                }
                continue;
            }
            if l.starts_with("Board:") {
                continue;
            }
            let Some((i, len)) = who(l) else {
                return Err(Refusal::at(
                    n,
                    format!("a summary line not understood: '{}'", clip(l)),
                ));
            };
            let rest = l[len..].trim_start();
            if is_cash_out(rest) {
                return Err(Refusal::at(n, CASH_OUT));
            }
            let Some(rest) = rest.strip_prefix("balance ") else {
                return Err(Refusal::at(
                    n,
                    format!("a summary line not understood: '{}'", clip(l)),
                ));
            };
            if summary[i].is_some() {
                return Err(Refusal::at(n, "two summary lines for one player"));
            }
            // each amount ends at ", " (a thousands comma has no space)
            let field = |word: &str| -> R<Option<Decimal>> {
                let Some(at) = find(rest, word) else {
                    return Ok(None);
                };
                let x = &rest[at + word.len()..];
                let x = &x[..find(x, ", ").unwrap_or(x.len())];
                let x = &x[..x.find('[').unwrap_or(x.len())];
                let x = x.trim_end().trim_end_matches("(folded)").trim_end();
                amount(x).map(Some).ok_or_else(|| {
                    Refusal::at(
                        n,
                        format!("the summary's {}: an amount not read", word.trim()),
                    )
                })
            };
            let balance = amount(&rest[..find(rest, ", ").unwrap_or(rest.len())])
                .ok_or_else(|| Refusal::at(n, "the summary's balance: an amount not read"))?;
            // `bet $23.17, collected $41.47, net +$18.30[ 9c, 7h ] [ ... ]`,
            // `lost $0.10 (folded)`, `didn't bet (folded)`, `sits out`
            let put = if find(rest, "didn't bet").is_some() {
                Decimal::default()
            } else {
                match field("bet ")? {
                    Some(x) => x,
                    None => field("lost ")?.unwrap_or_default(),
                }
            };
            let won = field("collected ")?.unwrap_or_default();
            if won.mantissa != 0 {
                rec.collect(i, won, n)?;
            }
            summary[i] = Some((n, balance, put, won));
            if let Some(open) = rest.find('[') {
                let close = rest[open..].find(']').map_or(rest.len(), |e| open + e + 1);
                let c = cards(&rest[open..close])
                    .ok_or_else(|| Refusal::at(n, "the cards shown not read"))?;
                if !c.is_empty() {
                    rec.show(i, c, game.hole_cards, n)?;
                }
            }
            continue;
        }
        if l.starts_with("Creating Main Pot") || l.starts_with("Creating Side Pot") {
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
            const NOISE: [&str; 5] = [
                " has joined the table",
                " has left the table",
                " is sitting out",
                " has been reconnected",
                " is disconnected",
            ];
            if NOISE.iter().any(|e| l.trim_end_matches('.').ends_with(e)) || find(l, ": ").is_some()
            {
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
        if is_cash_out(action) {
            return Err(Refusal::at(n, CASH_OUT));
        }
        if let Some(x) = action.strip_prefix("posts ") {
            if let Some(x) = x.strip_prefix("small blind") {
                rec.small_blind(i, paren(x, n, "a small blind")?, false, n)?;
            } else if let Some(x) = x.strip_prefix("big blind + dead") {
                rec.small_and_big(i, paren(x, n, "both blinds")?, g.stakes.1, false, n)?;
            } else if let Some(x) = x.strip_prefix("big blind") {
                rec.big_blind(i, paren(x, n, "a big blind")?, false, n)?;
            } else if let Some(x) = x.strip_prefix("ante") {
                rec.ante(i, paren(x, n, "an ante")?, false, n)?;
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
        if matches!(
            action.trim_end_matches('.'),
            "is all-In" | "is sitting out" | "has left the table" | "has joined the table"
        ) || action.starts_with("does not show")
            || action.starts_with("doesn't show")
            || action.starts_with("mucks")
            || action.starts_with("shows")
        {
            // (an all-in is read from the amounts; the cards shown and the
            // pots won are read from the summary)
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
            rec.call_by(i, paren(x, n, "a call")?, n)?;
        } else if let Some(x) = action.strip_prefix("bets") {
            rec.bet_by(i, paren(x, n, "a bet")?, n)?;
        } else if let Some(x) = action.strip_prefix("raises ") {
            // `raises 2.40 to 2.65`: what it adds, then the total
            let to = x
                .split_once(" to ")
                .and_then(|(_, t)| amount(t))
                .ok_or_else(|| Refusal::at(n, "a raise: an amount not read"))?;
            rec.raise_to(i, to, n)?;
        } else {
            return Err(Refusal::at(
                n,
                format!("an action not understood: '{}'", clip(action)),
            ));
        }
    }
    if rec.street != Street::Summary {
        return Err(Refusal::hand(
            "the hand ends before its summary (cut short)",
        ));
    }
    // Every player's summary line agrees with the hand: what it says the
    // player put in and collected, and its balance, the stack less the one
    // plus the other (the uncalled part still in both).
    for (i, s) in seats.iter().enumerate() {
        let Some((n, balance, put, won)) = summary[i] else {
            return Err(Refusal::hand(format!("no summary line for {}", s.name)));
        };
        let p = &rec.parts[i];
        let end = s
            .stack
            .checked_sub(p.contributed)
            .and_then(|x| x.checked_add(p.collected));
        let same = |a: Decimal, b: Decimal| a.checked_sub(b).is_some_and(|d| d.mantissa == 0);
        if !same(put, p.contributed)
            || !same(won, p.collected)
            || !end.is_some_and(|e| same(e, balance))
        {
            return Err(Refusal::at(
                n,
                format!(
                    "the summary's amounts for {} (balance {balance}, put in {put}, collected {won}) are not the hand's (put in {}, collected {})",
                    s.name, p.contributed, p.collected
                ),
            ));
        }
    }
    // the uncalled part of the largest bet is in its player's collection
    rec.give_back_uncalled(&seats, |_, _, _| true)?;
    let rake = rec.derived_rake(g.tournament.is_some())?;
    // the rake is the one written, and none where none is written
    let written = written_rake.unwrap_or_default();
    if written.checked_sub(rake).is_none_or(|d| d.mantissa != 0) {
        return Err(Refusal::hand(format!(
            "the rake written ({written}) is not what was put in less what was collected ({rake})"
        )));
    }
    let tourney = g.tournament.is_some();
    let currency = if tourney {
        None
    } else {
        super::hand::currency_of(symbol)
    };
    let h = Header {
        site: "PartyPoker",
        number,
        tournament: g.tournament.filter(|t| !t.is_empty()),
        buy_in: g.buy_in,
        level: None,
        game: Some(game),
        stakes: g.stakes,
        currency,
        symbol: if tourney { None } else { symbol },
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
