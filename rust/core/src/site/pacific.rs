//! 888poker hand histories (the text its client writes, in English; the
//! Pacific Poker and Cassava network's format) to PHH.
//!
//! A hand is `#Game No : N`, then its header `***** 888poker Hand History
//! for Game N *****` (or `Cassava`, `888.ro`, `888poker.ca-on`), then the
//! stakes and game (`$0.01/$0.02 Blinds No Limit Holdem - *** 17 02 2011
//! 15:29:25`), the table or tournament, the button, the seats (`Seat 1:
//! NAME ( $1.23 )`), the posts, `** Dealing down cards **`, the actions
//! with amounts in brackets (`calls [$0.02]`, `raises [$0.11]`: every
//! amount is what the action adds), the boards (`** Dealing flop ** [ 5d,
//! 5c, Jd ]`) and `** Summary **` with the cards shown and the pots
//! collected. The grammar is in docs/sites.md.
//!
//! 888 writes no total pot, no rake and no uncalled-bet line. The rake is
//! what the players put in less what was collected; the uncalled part of
//! the largest bet (its lead over the next contribution) comes back to its
//! player, who collects it with the pot when the bet put the player all-in
//! and apart from it otherwise: what the collections add up to tells which.
//!
//! Amounts come in each client's locale: `$1,200`, `222,75$`, `3.000 $`,
//! `42.797,60 $`, `1 123 698`; read exactly (the last separator followed by
//! other than three digits is the decimal point).
use super::hand::{
    add_seat, build, check_size, clip, currency_of, find, real_date, rfind, Date, GameSpec, Header,
    Names, Parsed, Rec, Seat, Street, R, SYMBOLS, UNREAD_SHOW,
};
use super::{Block, Refusal, MAX_NAME_CHARS};
use crate::card::Card;
use crate::game::Structure;
use crate::phh::Decimal;

/// Whether `line` is (starts with) an 888 hand's header.
pub fn is_header(line: &str) -> bool {
    line.strip_prefix("***** ").is_some_and(|r| {
        find(r, " Hand History for Game ").is_some_and(|i| i <= 40) && r.ends_with(" *****")
    })
}

/// The line before each header, `#Game No : N`: no text of a hand.
pub fn is_separator(line: &str) -> bool {
    line.starts_with("#Game No : ")
}

fn header_at(line: &str) -> Option<usize> {
    is_header(line).then_some(0)
}

/// Calls `f` with each hand of `text` in turn; `f` returns false to stop.
pub fn for_each_hand<'a>(text: &'a str, f: impl FnMut(Block<'a>) -> bool) {
    super::hand::for_each_hand(text, header_at, f)
}

/// An amount in any 888 client's locale: currency signs and spaces
/// dropped, then the separators read (see the module's note).
pub(super) fn amount(text: &str) -> Option<Decimal> {
    // (PartyPoker writes the currency's code after the amount: `$0.02 USD`)
    let text = text.trim();
    let text = match text.rsplit_once(' ') {
        Some((a, code)) if code.len() == 3 && code.bytes().all(|b| b.is_ascii_uppercase()) => a,
        _ => text,
    };
    let t: String = text
        .chars()
        .filter(|c| {
            !c.is_whitespace() && !SYMBOLS.contains(c) && *c != '\u{a0}' && *c != '\u{202f}'
        })
        .collect();
    if t.is_empty()
        || t.len() > 40
        || !t
            .bytes()
            .all(|b| b.is_ascii_digit() || b == b'.' || b == b',')
    {
        return None;
    }
    let last = t.rfind(['.', ',']);
    let plain = match last {
        None => t,
        Some(at) => {
            let sep = t.as_bytes()[at];
            let after = t.len() - at - 1;
            let same = t.bytes().filter(|&b| b == sep).count();
            let other = t.bytes().any(|b| (b == b'.' || b == b',') && b != sep);
            let decimal = other || (same == 1 && after != 3);
            // thousands groups: three digits after each separator but the
            // decimal one
            let int_part = if decimal { &t[..at] } else { &t[..] };
            let groups: Vec<&str> = int_part.split(['.', ',']).collect();
            if groups[0].is_empty() || groups[1..].iter().any(|g| g.len() != 3) {
                return None;
            }
            if decimal {
                format!("{}.{}", groups.concat(), &t[at + 1..])
            } else {
                groups.concat()
            }
        }
    };
    Decimal::parse(&plain).filter(|d| d.mantissa >= 0)
}

/// The amount in the brackets at the end of `text`: `[$0.02]`.
pub(super) fn bracketed(text: &str) -> Option<Decimal> {
    let t = text.trim().strip_prefix('[')?.strip_suffix(']')?;
    amount(t)
}

/// Cards as 888 writes them: `[ 5d, 5c, Jd ]` (the last brackets of `text`).
pub(super) fn cards(text: &str) -> Option<Vec<Card>> {
    cards_named(text, Naming::English)
}

/// The words of the last brackets of `text`: `[ 5d, 5c, Jd ]`.
fn card_words(text: &str) -> Option<impl Iterator<Item = &str>> {
    let end = text.rfind(']')?;
    let start = text[..end].rfind('[')?;
    Some(
        text[start + 1..end]
            .split([',', ' '])
            .filter(|s| !s.is_empty()),
    )
}

/// Cards named in a client's language (see [`Naming`]).
fn cards_named(text: &str, naming: Naming) -> Option<Vec<Card>> {
    let mut out = Vec::new();
    for tok in card_words(text)? {
        if out.len() >= 7 {
            return None;
        }
        out.push(naming.card(tok)?);
    }
    Some(out)
}

/// How a hand's cards are named: 888's clients write ranks and suits in
/// their language (fpdb's files show these). Dutch: H (heer) king, V
/// (vrouw) queen, B (boer) jack; Swedish: K king, D (dam) queen, Kn
/// (knekt) jack, E (ess) ace; French: R (roi) king, D (dame) queen, V
/// (valet) jack; Russian: К king, Д queen, В jack, Т (туз) ace (also as
/// Windows-1252 read them from a Windows-1251 file: Ê, Ä, Â, Ò); Spanish
/// suits p (picas) spades, t (tréboles) clubs, c (corazones) hearts, d
/// diamonds; German and Polish suits as words (Pik, Kreuz, Herz, Karo),
/// English letters beside them read too. The ranks and suits are the
/// languages' words' first letters, as fpdb's sample files write them; a
/// showdown read wrong would not reach the site's amounts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Naming {
    English,
    Dutch,
    Swedish,
    French,
    Russian,
    Spanish,
    German,
}

impl Naming {
    /// One card in this naming (`10` for ten in any).
    fn card(self, tok: &str) -> Option<Card> {
        if self == Naming::English {
            return tok.parse().ok();
        }
        // the suit: a word, or the last letter
        let (rank, suit) = if self == Naming::German {
            let words = [("Pik", 's'), ("Kreuz", 'c'), ("Herz", 'h'), ("Karo", 'd')];
            let Some((w, c)) = words.iter().find(|(w, _)| tok.ends_with(w)) else {
                // (a suit letter where the word is not written)
                return tok.parse().ok();
            };
            (&tok[..tok.len() - w.len()], *c)
        } else {
            let last = tok.chars().last()?;
            let suit = match (self, last) {
                (Naming::Spanish, 'p') => 's',
                (Naming::Spanish, 't') => 'c',
                (Naming::Spanish, 'c') => 'h',
                (Naming::Spanish, 'd') => 'd',
                (Naming::Spanish, _) => return None,
                (_, c @ ('c' | 'd' | 'h' | 's')) => c,
                _ => return None,
            };
            (&tok[..tok.len() - last.len_utf8()], suit)
        };
        let rank = match (self, rank) {
            (_, "10" | "T") => 'T',
            (_, r) if r.len() == 1 && r.as_bytes()[0].is_ascii_digit() && r != "1" && r != "0" => {
                r.as_bytes()[0] as char
            }
            (Naming::Dutch, "H") | (Naming::French, "R") | (Naming::Swedish, "K") => 'K',
            (Naming::Dutch, "V") | (Naming::French | Naming::Swedish, "D") => 'Q',
            (Naming::Dutch, "B") | (Naming::French, "V") | (Naming::Swedish, "Kn") => 'J',
            (Naming::Swedish, "E") => 'A',
            (Naming::Dutch | Naming::French, "A") => 'A',
            (Naming::Russian, "К" | "Ê") => 'K',
            (Naming::Russian, "Д" | "Ä") => 'Q',
            (Naming::Russian, "В" | "Â") => 'J',
            (Naming::Russian, "Т" | "Ò") => 'A',
            (Naming::Spanish | Naming::German, r @ ("A" | "K" | "Q" | "J")) => {
                r.as_bytes()[0] as char
            }
            _ => return None,
        };
        format!("{rank}{suit}").parse().ok()
    }

    /// The naming of a hand's cards, from every card it writes: English
    /// where each reads so; else the language whose letters appear. A
    /// hand whose only foreign rank is V (a Dutch queen, a French jack)
    /// says nothing of which, and is refused.
    pub(super) fn of(block: &Block<'_>) -> R<Naming> {
        let words: Vec<&str> = block
            .lines
            .iter()
            .filter(|l| {
                l.1.starts_with("Dealt to ")
                    || l.1.starts_with("** Dealing ")
                    || find(l.1, " shows [").is_some()
                    || find(l.1, " mucks [").is_some()
            })
            .filter_map(|l| card_words(l.1))
            .flatten()
            .collect();
        if words.iter().all(|w| w.parse::<Card>().is_ok()) {
            return Ok(Naming::English);
        }
        let has_rank = |r: &str| {
            words.iter().any(|w| {
                w.strip_prefix(r)
                    .is_some_and(|rest| rest.chars().count() == 1)
            })
        };
        let naming = if words.iter().any(|w| {
            ["Pik", "Kreuz", "Herz", "Karo"]
                .iter()
                .any(|s| w.ends_with(s))
        }) {
            Naming::German
        } else if words
            .iter()
            .any(|w| w.starts_with(['К', 'Д', 'В', 'Т', 'Ê', 'Ä', 'Â', 'Ò']))
        {
            Naming::Russian
        } else if words.iter().any(|w| w.ends_with(['p', 't'])) {
            Naming::Spanish
        } else if has_rank("Kn") || has_rank("E") {
            Naming::Swedish
        } else if has_rank("H") || has_rank("B") {
            Naming::Dutch
        } else if has_rank("R") {
            Naming::French
        } else if has_rank("V") {
            return Err(Refusal::hand(
                "cards named V with no other letter of their language: a queen in Dutch, a \
                 jack in French",
            ));
        } else if has_rank("D") {
            // (a queen in Swedish and in French alike)
            Naming::Swedish
        } else {
            return Err(Refusal::hand("cards named in a language not read"));
        };
        Ok(naming)
    }
}

/// `$0.01/$0.02 Blinds No Limit Holdem - *** 17 02 2011 15:29:25`: the
/// blinds, the game, and the date (day, month, year) when written.
fn stakes_line(line: &str) -> R<((Decimal, Decimal), GameSpec, Option<Date>)> {
    let bad = |why: &str| Refusal::hand(format!("the stakes line: {why}"));
    let b = find(line, " Blinds ").ok_or_else(|| bad("no 'Blinds'"))?;
    let (sb, bb) = line[..b].split_once('/').ok_or_else(|| bad("no blinds"))?;
    let stakes = (
        amount(sb).ok_or_else(|| bad("blinds not read"))?,
        amount(bb).ok_or_else(|| bad("blinds not read"))?,
    );
    let rest = &line[b + 8..];
    let dash = find(rest, " - ***").unwrap_or(rest.len());
    let name = rest[..dash].trim();
    let name = name.strip_suffix(" Jackpot table").unwrap_or(name);
    let (structure, game) = if let Some(g) = name.strip_prefix("No Limit ") {
        (Structure::NoLimit, g)
    } else if let Some(g) = name.strip_prefix("Pot Limit ") {
        (Structure::PotLimit, g)
    } else if let Some(g) = name.strip_prefix("Fix Limit ") {
        (Structure::FixedLimit, g)
    } else {
        return Err(bad("no betting structure (No Limit, Pot Limit, Fix Limit)"));
    };
    let (code, hole_cards) = match game {
        "Holdem" => ("T", 2),
        "Omaha" => ("O", 4),
        "OmahaHL" => ("O/8", 4),
        _ => {
            return Err(Refusal::hand(format!(
                "{}: a game not converted (hold'em, Omaha and Omaha hi/lo are)",
                clip(game)
            )))
        }
    };
    let date = rest.get(dash + 6..).and_then(|d| {
        let p: Vec<&str> = d.split_whitespace().collect();
        match p.as_slice() {
            [day, month, year, time] => {
                let (day, month, year) =
                    (day.parse().ok()?, month.parse().ok()?, year.parse().ok()?);
                let t: Vec<u32> = time.split(':').filter_map(|x| x.parse().ok()).collect();
                real_date([year, month, day], &t, "")
            }
            _ => None,
        }
    });
    Ok((
        stakes,
        GameSpec {
            code: super::hand::code(code, structure),
            structure,
            hole_cards,
        },
        date,
    ))
}

/// `Seat 1: NAME ( $1.23 )`.
fn seat(line: &str) -> Option<Seat> {
    let rest = line.strip_prefix("Seat ")?;
    let colon = find(rest, ": ")?;
    let number: u32 = rest[..colon].parse().ok()?;
    let rest = rest[colon + 2..].strip_suffix(" )")?;
    let open = rfind(rest, " ( ")?;
    Some(Seat {
        number,
        name: rest[..open].to_string(),
        stack: amount(&rest[open + 3..])?,
        ..Seat::default()
    })
}

/// A tournament's number and buy-in.
type Tournament = (String, Option<String>);

/// `Table NAME[ 6 Max] (Real Money)`, or `Tournament #N BUY-IN - Table #T[ 6
/// Max] (Real Money)`: the table's name, its seats, and a tournament's
/// number and buy-in.
pub(super) fn table_line(line: &str) -> Option<(String, Option<u32>, Option<Tournament>)> {
    let open = line.rfind(" (")?;
    let mut head = &line[..open];
    let mut max = None;
    if let Some(h) = head.strip_suffix(" Max") {
        let sp = h.rfind(' ')?;
        max = h[sp + 1..].parse().ok();
        head = &h[..sp];
    }
    if let Some(t) = head.strip_prefix("Tournament #") {
        let id_end = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
        let id = &t[..id_end];
        if id.is_empty() || id.len() > 30 {
            return None;
        }
        let rest = t[id_end..].trim();
        let (buy_in, table) = match rfind(rest, " - Table #") {
            Some(i) => (&rest[..i], rest[i + 10..].to_string()),
            None => (rest, id.to_string()),
        };
        let buy_in = buy_in.trim();
        let buy_in = (!buy_in.is_empty()).then(|| buy_in.chars().take(MAX_NAME_CHARS).collect());
        return Some((table, max, Some((id.to_string(), buy_in))));
    }
    let name = head.strip_prefix("Table ")?;
    (name.chars().count() <= MAX_NAME_CHARS).then(|| (name.to_string(), max, None))
}

/// Parses one hand's lines into a PHH history (`source` names the text).
pub fn parse(block: &Block<'_>, source: &str) -> R<Parsed> {
    parse_named(block, source, None)
}

/// [`parse`] for a file whose hands are a Spanish client's ([`spanish_text`]).
pub fn parse_spanish(block: &Block<'_>, source: &str) -> R<Parsed> {
    parse_named(block, source, Some(Naming::Spanish))
}

/// Whether a text's cards are named by a Spanish client: a card of its
/// suits `p` (picas) or `t` (tréboles) anywhere in a dealt, board or shown
/// list. A hand of such a file whose cards happen to read in English (only
/// `c` and `d`) is Spanish too: its `c` are hearts.
pub fn spanish_text(text: &str) -> bool {
    text.lines().take(2_000_000).any(|l| {
        let l = l.trim();
        (l.starts_with("Dealt to ")
            || l.starts_with("** Dealing ")
            || find(l, " shows [").is_some()
            || find(l, " mucks [").is_some())
            && card_words(l).is_some_and(|mut w| {
                w.any(|w| {
                    (w.len() == 2 && w.as_bytes()[0].is_ascii_alphanumeric()
                        || w.len() == 3 && w.starts_with("10"))
                        && w.ends_with(['p', 't'])
                })
            })
    })
}

fn parse_named(block: &Block<'_>, source: &str, naming: Option<Naming>) -> R<Parsed> {
    check_size(block)?;
    let lines = &block.lines;
    let head = lines[0].1;
    let number: String = head[head.rfind(" Game ").map_or(0, |i| i + 6)..]
        .chars()
        .take_while(char::is_ascii_digit)
        .take(30)
        .collect();
    if number.is_empty() {
        return Err(Refusal::at(lines[0].0, "the header: no game number"));
    }
    let at = |k: usize| {
        lines
            .get(k)
            .copied()
            .ok_or_else(|| Refusal::hand("the hand ends before its seats"))
    };
    let (n1, l1) = at(1)?;
    let (stakes, game, date) = stakes_line(l1).map_err(|mut r| {
        r.line = Some(n1);
        r
    })?;
    if stakes.1.mantissa == 0 {
        return Err(Refusal::at(
            n1,
            "a big blind of nothing (a tournament's all-in antes): not played",
        ));
    }
    let (n2, l2) = at(2)?;
    let (table, max, tournament) =
        table_line(l2).ok_or_else(|| Refusal::at(n2, "the table line is not understood"))?;
    let (n3, l3) = at(3)?;
    let button: u32 = l3
        .strip_prefix("Seat ")
        .and_then(|r| r.strip_suffix(" is the button"))
        .and_then(|b| b.parse().ok())
        .ok_or_else(|| Refusal::at(n3, "the button's line is not understood"))?;
    let max_seats = max.unwrap_or(10);
    if !(1..=100).contains(&max_seats) || button == 0 || button > max_seats.max(10) {
        return Err(Refusal::at(
            n3,
            format!("the button in seat {button} of a {max_seats}-seat table"),
        ));
    }
    let mut k = 4;
    if lines
        .get(k)
        .is_some_and(|l| l.1.starts_with("Total number of players"))
    {
        k += 1;
    }
    let mut seats: Vec<Seat> = Vec::new();
    while let Some(&(n, l)) = lines.get(k) {
        // (a player named `Seat 3` posts on a line of its own)
        if !l.starts_with("Seat ") || !l.ends_with(" )") {
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
    let symbol = l1.chars().find(|c| SYMBOLS.contains(c));
    // fixed limit: the blinds are named; the bets are the big blind and
    // twice it, except at 888's $0.12/$0.25 limit (blinds $0.06/$0.12: its
    // turn and river bets are $0.25)
    let stakes = match game.structure {
        Structure::FixedLimit if stakes.1.in_units(2) == Some(12) => (
            stakes.1,
            Decimal {
                mantissa: 25,
                scale: 2,
            },
        ),
        Structure::FixedLimit => (
            stakes.1,
            stakes
                .1
                .checked_add(stakes.1)
                .ok_or_else(|| Refusal::at(n1, "an amount too large"))?,
        ),
        _ => stakes,
    };
    let mut h = Header {
        site: "888poker",
        number,
        stakes,
        game: Some(game),
        date,
        ..Header::default()
    };
    let play_money = l2.ends_with("(Practice Play)");
    if let Some((id, buy_in)) = tournament {
        h.tournament = Some(id);
        h.buy_in = buy_in;
    } else if !play_money {
        h.symbol = symbol;
        h.currency = currency_of(symbol);
    }
    let naming = match naming {
        Some(n) => n,
        None => Naming::of(block)?,
    };
    let mut rec = Rec::new(seats.len());
    let mut summary_seen = false;
    let dealing = lines[k..].iter().any(|l| l.1 == "** Dealing down cards **");
    let bet_of = |x: &str, n: usize, what: &str| -> R<Decimal> {
        bracketed(x).ok_or_else(|| Refusal::at(n, format!("{what}: an amount not read")))
    };
    for &(n, l) in &lines[k..] {
        if let Some(marker) = l.strip_prefix("** ") {
            let end = find(marker, " **")
                .ok_or_else(|| Refusal::at(n, "a street marker not understood"))?;
            let next = match &marker[..end] {
                "Dealing down cards" => Street::Preflop,
                "Dealing flop" => Street::Flop,
                "Dealing turn" => Street::Turn,
                "Dealing river" => Street::River,
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
                    cards_named(&marker[end..], naming)
                        .ok_or_else(|| Refusal::at(n, "the board's cards not read"))?,
                )
            } else {
                None
            };
            rec.street(next, new, n)?;
            summary_seen |= next == Street::Summary;
            continue;
        }
        if is_separator(l) || l.starts_with("(Hi: ") || l.starts_with("(Lo: ") {
            // (the summary's best hands, under a hi/lo pot's collection)
            continue;
        }
        if let Some(rest) = l.strip_prefix("Dealt to ") {
            let Some((i, len)) = who(rest) else {
                return Err(Refusal::at(n, "cards dealt to a player not seated"));
            };
            let c = cards_named(&rest[len..], naming)
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
        if rec.street == Street::Posts && !action.starts_with("posts ") {
            if action == "folds" && rec.parts[i].contributed.mantissa == 0 && dealing {
                // a player declining to post, before the deal: not dealt in
                continue;
            }
            // (an observer's hand has no `** Dealing down cards **`)
            rec.street(Street::Preflop, None, n)?;
        }
        if let Some(x) = action.strip_prefix("posts ") {
            if let Some(x) = x.strip_prefix("ante ") {
                rec.ante(i, bet_of(x, n, "an ante")?, false, n)?;
            } else if let Some(x) = x.strip_prefix("small blind ") {
                rec.small_blind(i, bet_of(x, n, "a small blind")?, false, n)?;
            } else if let Some(x) = x.strip_prefix("big blind ") {
                rec.big_blind(i, bet_of(x, n, "a big blind")?, false, n)?;
            } else if let Some(x) = x.strip_prefix("dead blind ") {
                // `[0.50 + 1]`: a dead small blind and a live big blind
                let inside = x
                    .trim()
                    .strip_prefix('[')
                    .and_then(|t| t.strip_suffix(']'))
                    .and_then(|t| t.split_once(" + "))
                    .ok_or_else(|| Refusal::at(n, "a dead blind not read"))?;
                let (dead, live) = (
                    amount(inside.0).ok_or_else(|| Refusal::at(n, "a dead blind not read"))?,
                    amount(inside.1).ok_or_else(|| Refusal::at(n, "a dead blind not read"))?,
                );
                let both = dead
                    .checked_add(live)
                    .ok_or_else(|| Refusal::at(n, "an amount too large"))?;
                rec.small_and_big(i, both, live, false, n)?;
            } else {
                return Err(Refusal::at(
                    n,
                    format!("a post not played: '{}'", clip(action)),
                ));
            }
            // (no all-in mark: a post of the whole stack is all-in)
            let p = &mut rec.parts[i];
            p.all_in_post |= !p.contributed.less_than(seats[i].stack);
        } else if action == "folds" {
            rec.fold(i, n)?;
        } else if action == "checks" {
            rec.check(i, n)?;
        } else if let Some(x) = action.strip_prefix("calls ") {
            rec.call_by(i, bet_of(x, n, "a call")?, n)?;
        } else if let Some(x) = action.strip_prefix("bets ") {
            rec.bet_by(i, bet_of(x, n, "a bet")?, n)?;
        } else if let Some(x) = action.strip_prefix("raises ") {
            rec.bet_by(i, bet_of(x, n, "a raise")?, n)?;
        } else if action.starts_with("shows [") || action.starts_with("mucks [") {
            let c = cards_named(action, naming).ok_or_else(|| Refusal::at(n, UNREAD_SHOW))?;
            rec.show(i, c, game.hole_cards, n)?;
        } else if let Some(x) = action.strip_prefix("collected ") {
            let x = x
                .trim()
                .strip_prefix("[ ")
                .and_then(|t| t.strip_suffix(" ]"))
                .and_then(amount)
                .ok_or_else(|| Refusal::at(n, "a collected pot: an amount not read"))?;
            rec.collect(i, x, n)?;
        } else if action == "did not show his hand" || action == "did not show her hand" {
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
    // The uncalled part of the largest bet: its lead over the next
    // contribution. Where nobody called, 888 writes it in the collection
    // (which then does not fit the pot without it); an all-in called in
    // part leaves it out (the next hand's stacks show it), so it is taken
    // as written back only where that leaves a rake a site takes (none in
    // a tournament).
    let tournament = h.tournament.is_some();
    rec.give_back_uncalled(&seats, |rec, top, lead| {
        let all_in = !rec.parts[top].contributed.less_than(seats[top].stack);
        let totals = rec.totals().ok();
        // the collections fit in the pot without the lead?
        let apart_fits = totals.is_some_and(|(put, paid)| {
            put.checked_sub(lead)
                .and_then(|p| p.checked_sub(paid))
                .is_some_and(|r| r.mantissa >= 0)
        });
        // the rake left if the collection holds the lead
        let with_rake_fits = totals.is_some_and(|(put, paid)| {
            put.checked_sub(paid)
                .is_some_and(|r| super::hand::plausible_rake(r, put, tournament))
        });
        let with_it = !rec.parts[top].collected.less_than(lead);
        with_it && (!apart_fits || (all_in && with_rake_fits))
    })?;
    // no rake written: what was put in less what was collected
    let rake = rec.derived_rake(tournament)?;
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
