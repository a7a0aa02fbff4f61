//! PokerStars hand histories (the English text the client writes) to PHH,
//! and GGPoker's, which keep PokerStars' layout.
//!
//! A hand starts at a header line (`PokerStars Hand #...`, `Game #`, `Zoom
//! Hand #`, `Home Game Hand #`; GGPoker's `Poker Hand #`) and runs to the
//! next; the grammar is in docs/sites.md. The scanner is hand-written:
//! names are matched against the seat list (longest first), so a name
//! holding `: `, `(`, `$` or ` folds` is read as the name it is; amounts
//! are read after the known words.
//!
//! Played: hold'em, Omaha (4, 5 or 6 cards) and Omaha hi/lo, no-limit,
//! pot-limit and fixed-limit, cash (ring, Zoom, Rush & Cash, home games)
//! and tournaments. GGPoker's own: thousands grouped with commas, a `Dealt
//! to` line for every player, straddles (under the gun, then each next
//! player), missed blinds posted dead, fees beside the rake (jackpot,
//! bingo, fortune, tax), a showdown line before an all-in's runout.
//! Refused with the reason: run it twice (or three times), cap tables,
//! all-in cash-outs, insurance and EV cashouts, cash drops, 6+ hold'em and
//! short deck, Split hold'em, Courchevel, stud and draw games, mixed-game
//! wrappers, a cancelled hand, a hand cut short.
use super::{Block, Refusal, SiteFacts, MAX_HAND_LINES, MAX_LINE_BYTES, MAX_NAME_CHARS};
use crate::card::Card;
use crate::game::Structure;
use crate::phh::toml::{NumText, Table, Value};
use crate::phh::{Decimal, HandHistory};

/// The header kinds: what follows `PokerStars ` in a hand's first line.
const KINDS: [&str; 5] = [
    "Hand #",
    "Game #",
    "Zoom Hand #",
    "Home Game Hand #",
    "Home Game #",
];

/// Where `needle` (not empty) first is in `hay`: for the short texts of a
/// hand's lines, with no searcher to set up (a byte scan for its first
/// byte, then a comparison).
#[inline]
fn find(hay: &str, needle: &str) -> Option<usize> {
    let (h, n) = (hay.as_bytes(), needle.as_bytes());
    let first = *n.first()?;
    let last = h.len().checked_sub(n.len())?;
    let mut i = 0;
    while i <= last {
        i += h[i..=last].iter().position(|&b| b == first)?;
        if &h[i..i + n.len()] == n {
            return Some(i);
        }
        i += 1;
    }
    None
}

/// Where `needle` (not empty) last is in `hay`.
#[inline]
fn rfind(hay: &str, needle: &str) -> Option<usize> {
    let (h, n) = (hay.as_bytes(), needle.as_bytes());
    let first = *n.first()?;
    let mut end = h.len().checked_sub(n.len())? + 1;
    while end > 0 {
        let i = h[..end].iter().rposition(|&b| b == first)?;
        if &h[i..i + n.len()] == n {
            return Some(i);
        }
        end = i;
    }
    None
}

#[inline]
fn has(hay: &str, needle: &str) -> bool {
    find(hay, needle).is_some()
}

/// Whether `line` is (starts with) a hand's header: PokerStars' or
/// GGPoker's (`Poker Hand #`).
pub fn is_header(line: &str) -> bool {
    line.strip_prefix("PokerStars ")
        .is_some_and(|r| KINDS.iter().any(|k| r.starts_with(k)))
        || is_gg_header(line)
}

/// Whether `line` is (starts with) a GGPoker hand's header.
pub fn is_gg_header(line: &str) -> bool {
    line.strip_prefix("Poker Hand #")
        .is_some_and(|r| r.bytes().next().is_some_and(|b| b.is_ascii_alphanumeric()))
}

/// Where a header starts inside `line` (a hand cut short can run into the
/// next hand's header on one line).
fn header_at(line: &str) -> Option<usize> {
    let mut best = None;
    for prefix in ["PokerStars ", "Poker Hand #"] {
        let mut from = 0;
        while let Some(i) = find(&line[from..], prefix) {
            let at = from + i;
            if is_header(&line[at..]) {
                best = Some(best.map_or(at, |b: usize| b.min(at)));
                break;
            }
            from = at + 1;
        }
    }
    best
}

/// The hands of `text`, each its lines (trimmed, blank ones left out).
pub fn hands(text: &str) -> Vec<Block<'_>> {
    let mut out = Vec::new();
    for_each_hand(text, |b| {
        out.push(b);
        true
    });
    out
}

/// Calls `f` with each hand of `text` in turn, one hand's lines in memory
/// at a time; `f` returns false to stop.
pub fn for_each_hand<'a>(text: &'a str, mut f: impl FnMut(Block<'a>) -> bool) {
    let mut current: Option<Block<'a>> = None;
    for (i, raw) in text.split('\n').enumerate() {
        let line_no = i + 1;
        // (a bare CR ends a line too: one file in the wild uses it alone)
        for piece in raw.split('\r') {
            let mut line = piece.trim();
            loop {
                match header_at(line) {
                    Some(0) => {
                        if let Some(done) = current.take() {
                            if !f(done) {
                                return;
                            }
                        }
                        let mut lines = Vec::with_capacity(48);
                        lines.push((line_no, line));
                        current = Some(Block {
                            line: line_no,
                            lines,
                            too_long: false,
                        });
                        break;
                    }
                    // (a chat line may quote a header: it starts nothing)
                    Some(at) if has(&line[..at], " said, \"") => {
                        push_line(current.as_mut(), line_no, line);
                        break;
                    }
                    Some(at) => {
                        // the end of a hand cut short, then the next header
                        push_line(current.as_mut(), line_no, line[..at].trim());
                        line = &line[at..];
                    }
                    None => {
                        push_line(current.as_mut(), line_no, line);
                        break;
                    }
                }
            }
        }
    }
    if let Some(done) = current {
        f(done);
    }
}

fn push_line<'a>(block: Option<&mut Block<'a>>, line_no: usize, line: &'a str) {
    if line.is_empty() {
        return;
    }
    if let Some(b) = block {
        if b.lines.len() >= MAX_HAND_LINES {
            b.too_long = true;
        } else {
            b.lines.push((line_no, line));
        }
    }
}

/// A converted hand and the site's numbers to check it against.
#[derive(Clone, Debug)]
pub struct Parsed {
    pub history: HandHistory,
    pub facts: SiteFacts,
}

type R<T> = std::result::Result<T, Refusal>;

/// The game a header names.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct GameSpec {
    /// PHH variant code.
    code: &'static str,
    structure: Structure,
    hole_cards: usize,
}

/// The game names of headers, most specific first where one holds another.
const GAMES: [(&str, Option<(&str, usize)>); 22] = [
    ("6+ Hold'em", None),
    ("Split Hold'em", None),
    ("Hold'em", Some(("T", 2))),
    ("5 Card Omaha Hi/Lo", Some(("O/8", 5))),
    ("5 Card Omaha", Some(("O", 5))),
    ("6 Card Omaha Hi/Lo", Some(("O/8", 6))),
    ("6 Card Omaha", Some(("O", 6))),
    ("Omaha Hi/Lo", Some(("O/8", 4))),
    ("Omaha", Some(("O", 4))),
    ("Courchevel", None),
    ("Razz", None),
    ("7 Card Stud", None),
    ("Triple Draw", None),
    ("Single Draw", None),
    ("5 Card Draw", None),
    ("Badugi", None),
    ("HORSE", None),
    ("HOSE", None),
    ("8-Game", None),
    ("Mixed", None),
    ("Triple Stud", None),
    ("ShortDeck", None),
];

/// The PHH variant codes of the games played, by structure.
fn code(game: &str, structure: Structure) -> &'static str {
    match (game, structure) {
        ("T", Structure::NoLimit) => "NT",
        ("T", Structure::PotLimit) => "PT",
        ("T", _) => "FT",
        ("O", Structure::NoLimit) => "NO",
        ("O", Structure::PotLimit) => "PO",
        ("O", _) => "FO",
        ("O/8", Structure::NoLimit) => "NO/8",
        ("O/8", Structure::PotLimit) => "PO/8",
        _ => "FO/8",
    }
}

#[derive(Clone, Debug, Default)]
struct Header {
    /// A GGPoker hand (`Poker Hand #`).
    gg: bool,
    number: String,
    tournament: Option<String>,
    buy_in: Option<String>,
    level: Option<u32>,
    game: Option<GameSpec>,
    /// The two stakes: the blinds (no-limit, pot-limit) or the small and
    /// big bets (fixed limit).
    stakes: (Decimal, Decimal),
    currency: Option<String>,
    symbol: Option<char>,
    /// (year, month, day, "H:MM:SS", zone)
    date: Option<(u32, u32, u32, String, String)>,
}

/// Currency symbols written before amounts.
const SYMBOLS: [char; 5] = ['$', '€', '£', '₹', '¥'];

/// An amount as PokerStars writes one: an optional currency symbol, digits,
/// an optional decimal point (no thousands separators).
fn amount(text: &str) -> Option<Decimal> {
    let t = text.trim();
    let t = t.strip_prefix(|c| SYMBOLS.contains(&c)).unwrap_or(t);
    if t.is_empty() || t.len() > 40 {
        return None;
    }
    // GGPoker groups thousands: `$1,289.63`
    let plain;
    let t = if t.contains(',') {
        let (int, frac) = t.split_once('.').unwrap_or((t, ""));
        let groups: Vec<&str> = int.split(',').collect();
        if groups[0].is_empty() || groups[0].len() > 3 || groups[1..].iter().any(|g| g.len() != 3) {
            return None;
        }
        plain = if frac.is_empty() {
            groups.concat()
        } else {
            format!("{}.{frac}", groups.concat())
        };
        plain.as_str()
    } else {
        t
    };
    if !t.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
        return None;
    }
    Decimal::parse(t).filter(|d| d.mantissa >= 0)
}

/// Cards in brackets: the last `[...]` group of `text`.
fn last_cards(text: &str) -> Option<Vec<Card>> {
    let end = text.rfind(']')?;
    let start = text[..end].rfind('[')?;
    cards(&text[start + 1..end])
}

fn cards(text: &str) -> Option<Vec<Card>> {
    let mut out = Vec::new();
    for tok in text.split_whitespace() {
        if out.len() >= 7 {
            return None;
        }
        out.push(tok.parse::<Card>().ok()?);
    }
    Some(out)
}

fn roman(s: &str) -> Option<u32> {
    let mut total = 0u32;
    let mut prev = 0u32;
    if s.is_empty() || s.len() > 12 {
        return None;
    }
    for c in s.chars().rev() {
        let v = match c {
            'I' => 1,
            'V' => 5,
            'X' => 10,
            'L' => 50,
            'C' => 100,
            _ => return None,
        };
        if v < prev {
            total = total.checked_sub(v)?;
        } else {
            total += v;
            prev = v;
        }
    }
    Some(total)
}

/// The date and time of a header's tail: `2025/04/24 17:21:34 CET [...]`,
/// or the old `2007/10/15 - 08:14:08 (ET)`.
fn date(text: &str) -> Option<(u32, u32, u32, String, String)> {
    let b = text.as_bytes();
    let at = (0..b.len().saturating_sub(9)).find(|&i| {
        b[i..i + 4].iter().all(u8::is_ascii_digit)
            && b[i + 4] == b'/'
            && b[i + 7] == b'/'
            && b[i + 5..i + 7].iter().all(u8::is_ascii_digit)
            && b[i + 8..i + 10].iter().all(u8::is_ascii_digit)
    })?;
    let year = text[at..at + 4].parse().ok()?;
    let month = text[at + 5..at + 7].parse().ok()?;
    let day = text[at + 8..at + 10].parse().ok()?;
    let rest = text[at + 10..].trim_start_matches([' ', '-']);
    let time_end = rest
        .find(|c: char| !(c.is_ascii_digit() || c == ':'))
        .unwrap_or(rest.len());
    let time = &rest[..time_end];
    let parts: Vec<&str> = time.split(':').collect();
    if parts.len() != 3 || parts.iter().any(|p| p.is_empty() || p.len() > 2) {
        return None;
    }
    let nums: Vec<u32> = parts.iter().filter_map(|p| p.parse().ok()).collect();
    // a real date and time, or none (PHH's reader refuses others)
    if nums.len() != 3
        || nums[0] > 23
        || nums[1] > 59
        || nums[2] > 59
        || parts[1].len() != 2
        || parts[2].len() != 2
        || !(1..=12).contains(&month)
        || !(1..=31).contains(&day)
        || !(1970..=2200).contains(&year)
    {
        return None;
    }
    let time = format!("{:0>2}:{}:{}", parts[0], parts[1], parts[2]);
    let zone: String = rest[time_end..]
        .trim_start()
        .trim_start_matches('(')
        .chars()
        .take_while(|c| c.is_ascii_alphabetic())
        .take(8)
        .collect();
    Some((year, month, day, time, zone))
}

/// The game and structure at the start of `text` (a header's game name,
/// `Hold'em No Limit`); with the rest of the text.
fn game(text: &str) -> R<(Option<GameSpec>, &str)> {
    // GGPoker's pot-limit Omaha names: `PLO`, `PLO-5`, `PLO-6`
    for (name, hole_cards) in [("PLO-5", 5), ("PLO-6", 6), ("PLO", 4)] {
        if let Some(rest) = text.strip_prefix(name) {
            if rest.starts_with([' ', '(']) {
                return Ok((
                    Some(GameSpec {
                        code: code("O", Structure::PotLimit),
                        structure: Structure::PotLimit,
                        hole_cards,
                    }),
                    rest,
                ));
            }
        }
    }
    // the first word where a game's name starts (one pass, no searcher per
    // name: most specific first at a position)
    let found = text
        .char_indices()
        .filter(|&(i, _)| i == 0 || text.as_bytes()[i - 1] == b' ')
        .find_map(|(i, _)| {
            let at = &text[i..];
            GAMES
                .iter()
                .position(|(name, _)| at.starts_with(name))
                .map(|k| (i, k))
        });
    let Some((i, k)) = found else {
        return Err(Refusal::hand("no game named in the header"));
    };
    let (name, spec) = GAMES[k];
    let after = &text[i + name.len()..];
    let Some((game, hole_cards)) = spec else {
        return Err(Refusal::hand(format!(
            "{name}: a game not converted (hold'em, Omaha and Omaha hi/lo are)"
        )));
    };
    let after = after.trim_start();
    let (structure, rest) = if let Some(r) = after.strip_prefix("No Limit") {
        (Structure::NoLimit, r)
    } else if after.starts_with("Pot Limit Pre-Flop") || after.starts_with("(NL postflop)") {
        return Err(Refusal::hand(
            "pot limit before the flop and no limit after: a structure the engine does not play",
        ));
    } else if let Some(r) = after.strip_prefix("Pot Limit") {
        (Structure::PotLimit, r)
    } else if let Some(r) = after
        .strip_prefix("Fixed Limit")
        .or_else(|| after.strip_prefix("Limit"))
    {
        (Structure::FixedLimit, r)
    } else {
        return Err(Refusal::hand(format!(
            "{name}: no betting structure (No Limit, Pot Limit, Limit) after it"
        )));
    };
    Ok((
        Some(GameSpec {
            code: code(game, structure),
            structure,
            hole_cards,
        }),
        rest,
    ))
}

/// The length of the game's name (and structure) ending at `end` in `t`:
/// from the word where [`game`] found it.
fn after_game_len(t: &str, end: usize) -> usize {
    let head = &t[..end];
    (0..head.len())
        .filter(|&i| head.is_char_boundary(i) && (i == 0 || head.as_bytes()[i - 1] == b' '))
        .find(|&i| GAMES.iter().any(|(n, _)| head[i..].starts_with(n)))
        .map_or(0, |i| end - i)
}

fn header(line: &str) -> R<Header> {
    let bad = |why: &str| Refusal::hand(format!("the header: {why}"));
    let mut h = Header {
        gg: is_gg_header(line),
        ..Header::default()
    };
    let hash = line.find('#').ok_or_else(|| bad("no hand number"))?;
    let tail = &line[hash + 1..];
    let colon = tail
        .find(':')
        .ok_or_else(|| bad("no ':' after the hand number"))?;
    h.number = tail[..colon].trim().to_string();
    if h.number.is_empty()
        || h.number.len() > 30
        || !h.number.bytes().all(|b| b.is_ascii_alphanumeric())
    {
        return Err(bad("the hand number is not digits"));
    }
    let mut rest = tail[colon + 1..].trim_start();
    if rest.starts_with('{') {
        // a home game's club
        let end = rest
            .find('}')
            .ok_or_else(|| bad("a club name without its '}'"))?;
        rest = rest[end + 1..].trim_start();
    }
    let tournament = rest
        .strip_prefix("Tournament #")
        .or_else(|| rest.strip_prefix("Zoom Tournament #"));
    if let Some(t) = tournament {
        let id_end = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
        if id_end == 0 || id_end > 30 {
            return Err(bad("the tournament number is not digits"));
        }
        h.tournament = Some(t[..id_end].to_string());
        let t = t[id_end..].trim_start_matches(',').trim_start();
        // GGPoker's tournament name is free text: its game is the last words
        // before "- Level"
        let t = match find(t, "- Level") {
            Some(lv) if is_gg_header(line) => {
                let head = t[..lv].trim_end();
                // (the game's name is among the last words: look no further
                // back than a long one, so a long name is read in linear time)
                let mut from = head.len().saturating_sub(64);
                while !head.is_char_boundary(from) {
                    from += 1;
                }
                let at = (from..head.len())
                    .rev()
                    .filter(|&i| {
                        head.is_char_boundary(i) && (i == 0 || head.as_bytes()[i - 1] == b' ')
                    })
                    .find(|&i| game(&head[i..]).is_ok_and(|(_, rest)| rest.trim().is_empty()))
                    .or_else(|| {
                        (from..head.len()).rev().find(|&i| {
                            head.is_char_boundary(i)
                                && (i == 0 || head.as_bytes()[i - 1] == b' ')
                                && GAMES.iter().any(|(n, _)| head[i..].starts_with(n))
                        })
                    })
                    .ok_or_else(|| bad("no game named before the level"))?;
                if at > 0 {
                    h.buy_in = Some(head[..at].trim().chars().take(MAX_NAME_CHARS).collect());
                }
                &t[at..]
            }
            _ => t,
        };
        let (game, after) = game(t)?;
        let start = t.len() - after.len();
        // the buy-in is what comes before the game's name
        let name_start = start - after_game_len(t, start);
        let buy_in = t[..name_start].trim();
        if !buy_in.is_empty() && h.buy_in.is_none() {
            h.buy_in = Some(buy_in.chars().take(MAX_NAME_CHARS).collect());
        }
        h.game = game;
        let lv = find(after, "Level").ok_or_else(|| bad("a tournament hand without its level"))?;
        let lv_text = after[lv + 5..].trim_start();
        let lv_end = lv_text.find([' ', '(']).unwrap_or(lv_text.len());
        // a Roman numeral (PokerStars) or digits (GGPoker: `Level10(...)`)
        h.level = roman(&lv_text[..lv_end]).or_else(|| lv_text[..lv_end].parse().ok());
        let open = lv_text
            .find('(')
            .ok_or_else(|| bad("no blinds after the level"))?;
        let close = lv_text[open..]
            .find(')')
            .ok_or_else(|| bad("no ')' after the blinds"))?;
        h.stakes =
            stakes(&lv_text[open + 1..open + close]).ok_or_else(|| bad("blinds not read"))?;
        h.date = date(&lv_text[open + close..]);
    } else {
        let (game, after) = game(rest)?;
        h.game = game;
        let open = after
            .find('(')
            .ok_or_else(|| bad("no stakes after the game"))?;
        let close = after[open..]
            .find(')')
            .ok_or_else(|| bad("no ')' after the stakes"))?;
        let inside = &after[open + 1..open + close];
        if has(inside, "Cap") {
            return Err(Refusal::hand(
                "a cap table (each player's bets capped): a rule the engine does not play",
            ));
        }
        let mut inside = inside.trim();
        if let Some((money, code)) = inside.rsplit_once(' ') {
            if code.len() == 3 && code.bytes().all(|b| b.is_ascii_uppercase()) {
                h.currency = Some(code.to_string());
                inside = money.trim();
            }
        }
        h.symbol = inside.chars().next().filter(|c| SYMBOLS.contains(c));
        h.stakes = stakes(inside).ok_or_else(|| bad("stakes not read"))?;
        h.date = date(&after[open + close..]);
    }
    if h.currency.is_none() && h.symbol.is_none() {
        if let Some(b) = &h.buy_in {
            if let Some((_, code)) = b.rsplit_once(' ') {
                if code.len() == 3 && code.bytes().all(|b| b.is_ascii_uppercase()) {
                    h.currency = Some(code.to_string());
                }
            }
        }
    }
    Ok(h)
}

fn stakes(text: &str) -> Option<(Decimal, Decimal)> {
    let (a, b) = text.split_once('/')?;
    Some((amount(a)?, amount(b)?))
}

#[derive(Clone, Debug, Default)]
struct Seat {
    number: u32,
    name: String,
    stack: Decimal,
    out_of_hand: bool,
    sitting_out: bool,
}

/// `Seat 3: NAME (1500 in chips[, $1 bounty])[ is sitting out| out of hand ...]`.
fn seat(line: &str) -> Option<Seat> {
    let rest = line.strip_prefix("Seat ")?;
    let colon = find(rest, ": ")?;
    let number: u32 = rest[..colon].parse().ok()?;
    let rest = &rest[colon + 2..];
    let chips = rfind(rest, " in chips")?;
    let open = rfind(&rest[..chips], " (")?;
    let name = rest[..open].to_string();
    let stack = amount(&rest[open + 2..chips])?;
    let tail = &rest[chips..];
    Some(Seat {
        number,
        name,
        stack,
        out_of_hand: has(tail, "out of hand"),
        sitting_out: has(tail, "is sitting out"),
    })
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Street {
    Posts,
    Preflop,
    Flop,
    Turn,
    River,
    Summary,
}

/// One player's part of a hand, by seat-list index.
#[derive(Clone, Debug, Default)]
struct Part {
    ante: Decimal,
    small_blind: Option<Decimal>,
    /// The small blind is the live one (the first posted, before any big
    /// blind); others are missed blinds posted dead.
    live_small_blind: bool,
    big_blind: Option<Decimal>,
    /// GGPoker's straddle: the player's total for the round.
    straddle: Option<Decimal>,
    dead_small_blind: Decimal,
    all_in_post: bool,
    acted: bool,
    cards: Option<Vec<Card>>,
    contributed: Decimal,
    collected: Decimal,
    street_bet: Decimal,
}

fn num(d: Decimal) -> Value {
    Value::Num(NumText::new(&d.to_string()))
}

fn int(v: u64) -> Value {
    Value::Num(NumText::new(&v.to_string()))
}

/// An action of the hand, by seat-list index.
#[derive(Clone, Debug)]
enum Act {
    Fold(usize),
    CheckCall(usize),
    BetTo(usize, Decimal),
    Board(Vec<Card>),
}

/// Parses one hand's lines into a PHH history (`source` names the text).
pub fn parse(block: &Block<'_>, source: &str) -> R<Parsed> {
    if block.too_long {
        return Err(Refusal::hand(format!(
            "more than {MAX_HAND_LINES} lines: not one hand"
        )));
    }
    for &(n, l) in &block.lines {
        if l.len() > MAX_LINE_BYTES {
            return Err(Refusal::at(
                n,
                format!("a line of {} bytes, more than {MAX_LINE_BYTES}", l.len()),
            ));
        }
    }
    let lines = &block.lines;
    if let Some(&(n, _)) = lines.iter().find(|l| l.1 == "Hand cancelled") {
        return Err(Refusal::at(n, "the hand was cancelled"));
    }
    let h = header(lines[0].1).map_err(|mut r| {
        r.line = Some(lines[0].0);
        r
    })?;
    let game = h
        .game
        .ok_or_else(|| Refusal::at(lines[0].0, "no game in the header"))?;
    let (tl, table_line) = *lines
        .get(1)
        .ok_or_else(|| Refusal::hand("the hand ends after its header"))?;
    let (table, max_seats, button) =
        table_of(table_line).ok_or_else(|| Refusal::at(tl, "the table line is not understood"))?;
    if !(1..=100).contains(&max_seats) || button == 0 || button > max_seats.max(10) {
        return Err(Refusal::at(
            tl,
            format!("the button in seat {button} of a {max_seats}-seat table"),
        ));
    }
    let mut seats: Vec<Seat> = Vec::new();
    let mut k = 2;
    while let Some(&(n, l)) = lines.get(k) {
        if !l.starts_with("Seat ") || !has(l, " in chips") {
            break;
        }
        let s = seat(l).ok_or_else(|| Refusal::at(n, "a seat line not understood"))?;
        if s.name.is_empty() || s.name.chars().count() > MAX_NAME_CHARS {
            return Err(Refusal::at(
                n,
                format!("a player's name is empty or over {MAX_NAME_CHARS} characters"),
            ));
        }
        if s.number == 0 || s.number > max_seats.max(10) {
            return Err(Refusal::at(
                n,
                format!("seat {} at a {max_seats}-seat table", s.number),
            ));
        }
        if seats
            .iter()
            .any(|o| o.number == s.number || o.name == s.name)
        {
            return Err(Refusal::at(n, "a seat or a name listed twice"));
        }
        seats.push(s);
        k += 1;
    }
    if seats.len() < 2 {
        return Err(Refusal::hand("fewer than two seated players"));
    }
    seats.sort_by_key(|s| s.number);
    // names longest first, to match a line's start
    let mut by_len: Vec<usize> = (0..seats.len()).collect();
    by_len.sort_by_key(|&i| std::cmp::Reverse(seats[i].name.len()));
    let who = |l: &str| -> Option<(usize, usize)> {
        by_len
            .iter()
            .find(|&&i| l.starts_with(seats[i].name.as_str()))
            .map(|&i| (i, seats[i].name.len()))
    };
    let mut parts: Vec<Part> = vec![Part::default(); seats.len()];
    let mut acts: Vec<Act> = Vec::new();
    let mut street = Street::Posts;
    let mut board: Vec<Card> = Vec::new();
    let mut summary_board: Option<Vec<Card>> = None;
    let mut total_pot: Option<Decimal> = None;
    let mut rake = Decimal::default();
    let mut summary_seen = false;
    // GGPoker's fees besides the rake (jackpot, bingo, ...), kept by name
    let mut fees: Vec<(String, Decimal)> = Vec::new();
    let unit_ok = |d: Option<Decimal>, n: usize, what: &str| -> R<Decimal> {
        d.ok_or_else(|| Refusal::at(n, format!("{what}: an amount not read")))
    };
    for &(n, l) in &lines[k..] {
        if l.starts_with("***********") {
            continue; // an export's separator between hands
        }
        if let Some(marker) = l.strip_prefix("*** ") {
            let name_end = find(marker, " ***")
                .ok_or_else(|| Refusal::at(n, "a street marker not understood"))?;
            let name = &marker[..name_end];
            let next = match name {
                "HOLE CARDS" => Street::Preflop,
                "FLOP" => Street::Flop,
                "TURN" => Street::Turn,
                "RIVER" => Street::River,
                // (GGPoker writes its showdown line before an all-in's
                // runout: it changes no street)
                "SHOW DOWN" | "SHOWDOWN" => continue,
                "SUMMARY" => Street::Summary,
                _ if name.starts_with("FIRST ") || name.starts_with("SECOND ") => {
                    return Err(Refusal::at(
                        n,
                        "two boards (run it twice or Split hold'em): the engine deals one board",
                    ))
                }
                _ => return Err(Refusal::at(n, format!("a street not played: '{name}'"))),
            };
            if next <= street && !(next == Street::Preflop && street == Street::Posts) {
                return Err(Refusal::at(n, "the streets out of order"));
            }
            if matches!(next, Street::Flop | Street::Turn | Street::River) {
                let want = match next {
                    Street::Flop => 3,
                    Street::Turn => 4,
                    _ => 5,
                };
                // `[board so far] [new card]`: the new cards are the last group
                let new = last_cards(marker)
                    .ok_or_else(|| Refusal::at(n, "the board's cards not read"))?;
                let before = board.len();
                if street < Street::Preflop {
                    return Err(Refusal::at(n, "a board before the hole cards"));
                }
                if before + new.len() != want {
                    return Err(Refusal::at(
                        n,
                        "the board does not grow by its street's cards",
                    ));
                }
                board.extend(new.iter().copied());
                acts.push(Act::Board(new));
                for p in parts.iter_mut() {
                    p.street_bet = Decimal::default();
                }
            }
            if next == Street::Summary {
                summary_seen = true;
            }
            street = next;
            continue;
        }
        if street == Street::Summary {
            if let Some(t) = l.strip_prefix("Total pot ") {
                let end = t.find([' ', '|']).unwrap_or(t.len());
                total_pot = Some(unit_ok(amount(&t[..end]), n, "the total pot")?);
                // `| Rake X`, and GGPoker's other fees, each taken from the pot
                for (k, fee) in ["Rake", "Jackpot", "Bingo", "Fortune", "Tax"]
                    .iter()
                    .enumerate()
                {
                    let key = format!("| {fee} ");
                    if let Some(r) = find(t, &key) {
                        let rt = &t[r + key.len()..];
                        let end = rt.find([' ', '|']).unwrap_or(rt.len());
                        let x = unit_ok(amount(&rt[..end]), n, "a fee")?;
                        rake = rake
                            .checked_add(x)
                            .ok_or_else(|| Refusal::at(n, "an amount too large"))?;
                        if k > 0 && x.mantissa > 0 {
                            fees.push((fee.to_lowercase(), x));
                        }
                    }
                }
            } else if l.starts_with("Board [") {
                summary_board = last_cards(l);
            } else if l.starts_with("Hand was run twice") {
                return Err(Refusal::at(n, "run it twice: the engine deals one board"));
            } else if let Some(rest) = l.strip_prefix("Seat ") {
                // `Seat 3: NAME ... showed [..] ...` / `mucked [..]`
                if let Some(colon) = find(rest, ": ") {
                    if let Ok(num) = rest[..colon].parse::<u32>() {
                        if let Some(i) = seats.iter().position(|s| s.number == num) {
                            // (the seat's name, then the rest: a name that differs from
                            // the seat list's gives an empty tail, never a cut
                            // inside a character)
                            let tail = rest
                                .get(colon + 2..)
                                .and_then(|t| t.strip_prefix(seats[i].name.as_str()))
                                .unwrap_or("");
                            if let Some(at) =
                                find(tail, "showed [").or_else(|| find(tail, "mucked ["))
                            {
                                let cs = &tail[at + 8..];
                                if let Some(end) = cs.find(']') {
                                    if let Some(c) = cards(&cs[..end]) {
                                        if c.len() == game.hole_cards {
                                            match &parts[i].cards {
                                                None => parts[i].cards = Some(c),
                                                Some(k)
                                                    if !(k.len() == c.len()
                                                        && k.iter().all(|x| c.contains(x))) =>
                                                {
                                                    return Err(Refusal::at(
                                                        n,
                                                        "the summary shows cards other than those dealt",
                                                    ))
                                                }
                                                Some(_) => {}
                                            }
                                        }
                                    }
                                }
                            }
                            if tail.ends_with("cashed out)")
                                || tail.ends_with("cashed out).")
                                || tail.ends_with("cashed out")
                            {
                                return Err(Refusal::at(
                                    n,
                                    "an all-in cash-out: paid outside the pot",
                                ));
                            }
                        }
                    }
                }
            }
            continue;
        }
        if l == "Hand cancelled" {
            return Err(Refusal::at(n, "the hand was cancelled"));
        }
        if l.starts_with("Cash Drop to Pot") {
            return Err(Refusal::at(
                n,
                "a cash drop: chips the site added to the pot, which no player put in",
            ));
        }
        if let Some(rest) = l.strip_prefix("Dealt to ") {
            let Some((i, len)) = who(rest) else {
                return Err(Refusal::at(n, "cards dealt to a player not seated"));
            };
            if !rest[len..].contains('[') {
                continue; // (GGPoker names every player dealt in; the cards are the hero's)
            }
            let c = cards(
                rest[len..]
                    .trim()
                    .trim_start_matches('[')
                    .trim_end_matches(']'),
            )
            .ok_or_else(|| Refusal::at(n, "hole cards not read"))?;
            if c.len() != game.hole_cards {
                return Err(Refusal::at(
                    n,
                    format!(
                        "{} hole cards dealt in a game of {}",
                        c.len(),
                        game.hole_cards
                    ),
                ));
            }
            if parts[i].cards.as_ref().is_some_and(|k| *k != c) {
                return Err(Refusal::at(n, "a player dealt cards twice"));
            }
            parts[i].cards = Some(c);
            continue;
        }
        if let Some(rest) = l.strip_prefix("Uncalled bet (") {
            let close = rest
                .find(')')
                .ok_or_else(|| Refusal::at(n, "an uncalled bet not read"))?;
            let x = unit_ok(amount(&rest[..close]), n, "an uncalled bet")?;
            let to = rest[close + 1..]
                .trim_start()
                .strip_prefix("returned to ")
                .unwrap_or("");
            let i = seats
                .iter()
                .position(|s| s.name == to)
                .ok_or_else(|| Refusal::at(n, "an uncalled bet returned to a player not seated"))?;
            let p = &mut parts[i];
            p.contributed = p
                .contributed
                .checked_sub(x)
                .filter(|d| d.mantissa >= 0)
                .ok_or_else(|| Refusal::at(n, "more returned than the player put in"))?;
            continue;
        }
        if matches!(l, "Betting is capped" | "No low hand qualified") {
            continue;
        }
        let Some((i, len)) = who(l) else {
            if noise(l) {
                continue;
            }
            return Err(Refusal::at(
                n,
                format!("a line not understood: '{}'", clip(l)),
            ));
        };
        let rest = &l[len..];
        if let Some(action) = rest.strip_prefix(": ") {
            let action = action.trim();
            let all_in = action.ends_with(" and is all-in");
            let action = action.strip_suffix(" and is all-in").unwrap_or(action);
            if action.ends_with(" cap") && has(action, " and has reached the ") {
                return Err(Refusal::at(
                    n,
                    "a cap table (each player's bets capped): a rule the engine does not play",
                ));
            }
            let any_big_blind = parts.iter().any(|p| p.big_blind.is_some());
            let any_small_blind = parts.iter().any(|p| p.small_blind.is_some());
            let p = &mut parts[i];
            if [
                "get an all-in insurance",
                "pay premium",
                "Chooses to EV Cashout",
                "Pays Cashout Risk",
                "Receives Cashout",
            ]
            .iter()
            .any(|w| action.starts_with(w))
            {
                return Err(Refusal::at(
                    n,
                    "all-in insurance or an EV cashout: paid outside the pot",
                ));
            }
            if let Some(x) = action.strip_prefix("straddle ") {
                // GGPoker: the player's total for the round so far
                if street != Street::Posts {
                    return Err(Refusal::at(n, "a straddle after the cards are dealt"));
                }
                let x = unit_ok(amount(x), n, "a straddle")?;
                let more = x
                    .checked_sub(p.street_bet)
                    .filter(|d| d.mantissa > 0)
                    .ok_or_else(|| Refusal::at(n, "a straddle below what the player had in"))?;
                p.contributed = p
                    .contributed
                    .checked_add(more)
                    .ok_or_else(|| Refusal::at(n, "an amount too large"))?;
                p.street_bet = x;
                p.straddle = Some(x);
                p.all_in_post |= all_in;
                continue;
            }
            if let Some(x) = action.strip_prefix("posts ") {
                if street != Street::Posts {
                    return Err(Refusal::at(n, "a post after the cards are dealt"));
                }
                let (what, x) = x
                    .rsplit_once(' ')
                    .ok_or_else(|| Refusal::at(n, "a post not read"))?;
                let x = unit_ok(amount(x), n, "a post")?;
                p.all_in_post |= all_in;
                p.contributed = p
                    .contributed
                    .checked_add(x)
                    .ok_or_else(|| Refusal::at(n, "an amount too large"))?;
                match what {
                    "the ante" => {
                        p.ante = p
                            .ante
                            .checked_add(x)
                            .ok_or_else(|| Refusal::at(n, "an amount too large"))?
                    }
                    "small blind" if p.small_blind.is_none() => {
                        p.small_blind = Some(x);
                        if !any_big_blind && !any_small_blind {
                            p.live_small_blind = true;
                            p.street_bet = x;
                        }
                    }
                    "big blind" if p.big_blind.is_none() => {
                        p.big_blind = Some(x);
                        p.street_bet = x;
                    }
                    "missed blind" if p.dead_small_blind.mantissa == 0 => {
                        // GGPoker: a missed small blind, dead money
                        p.dead_small_blind = x;
                    }
                    "small & big blinds" if p.big_blind.is_none() => {
                        // the small blind's part is dead; the big blind live
                        let bb = h.stakes.1;
                        let bb = if game.structure == Structure::FixedLimit {
                            h.stakes.0
                        } else {
                            bb
                        };
                        let dead =
                            x.checked_sub(bb)
                                .filter(|d| d.mantissa > 0)
                                .ok_or_else(|| {
                                    Refusal::at(
                                        n,
                                        "small and big blinds posted for less than the big blind",
                                    )
                                })?;
                        p.dead_small_blind = dead;
                        p.big_blind = Some(bb);
                        p.street_bet = bb;
                    }
                    _ => {
                        return Err(Refusal::at(
                            n,
                            format!("a post not played: '{}'", clip(action)),
                        ))
                    }
                }
                continue;
            }
            let in_betting = matches!(
                street,
                Street::Preflop | Street::Flop | Street::Turn | Street::River
            );
            let bet = |p: &mut Part, to: Decimal| -> R<()> {
                let more = to
                    .checked_sub(p.street_bet)
                    .filter(|d| d.mantissa >= 0)
                    .ok_or_else(|| Refusal::at(n, "a bet below what the player had in"))?;
                p.contributed = p
                    .contributed
                    .checked_add(more)
                    .ok_or_else(|| Refusal::at(n, "an amount too large"))?;
                p.street_bet = to;
                Ok(())
            };
            if action == "folds" || action.starts_with("folds [") {
                if !in_betting {
                    return Err(Refusal::at(n, "a fold outside the betting"));
                }
                p.acted = true;
                acts.push(Act::Fold(i));
            } else if action == "checks" {
                if !in_betting {
                    return Err(Refusal::at(n, "a check outside the betting"));
                }
                p.acted = true;
                acts.push(Act::CheckCall(i));
            } else if let Some(x) = action.strip_prefix("calls ") {
                if !in_betting {
                    return Err(Refusal::at(n, "a call outside the betting"));
                }
                let x = unit_ok(amount(x), n, "a call")?;
                let to = p
                    .street_bet
                    .checked_add(x)
                    .ok_or_else(|| Refusal::at(n, "an amount too large"))?;
                bet(p, to)?;
                p.acted = true;
                acts.push(Act::CheckCall(i));
            } else if let Some(x) = action.strip_prefix("bets ") {
                if !in_betting {
                    return Err(Refusal::at(n, "a bet outside the betting"));
                }
                let x = unit_ok(amount(x), n, "a bet")?;
                let to = p
                    .street_bet
                    .checked_add(x)
                    .ok_or_else(|| Refusal::at(n, "an amount too large"))?;
                bet(p, to)?;
                p.acted = true;
                acts.push(Act::BetTo(i, to));
            } else if let Some(x) = action.strip_prefix("raises ") {
                if !in_betting {
                    return Err(Refusal::at(n, "a raise outside the betting"));
                }
                let to = find(x, " to ")
                    .map(|k| &x[k + 4..])
                    .ok_or_else(|| Refusal::at(n, "a raise without its total"))?;
                let to = unit_ok(amount(to), n, "a raise")?;
                bet(p, to)?;
                p.acted = true;
                acts.push(Act::BetTo(i, to));
            } else if action.starts_with("shows [") || action.starts_with("mucks hand [") {
                if let Some(c) = last_cards(&action[..find(action, " (").unwrap_or(action.len())]) {
                    if c.len() == game.hole_cards {
                        let same = |a: &[Card], b: &[Card]| {
                            a.len() == b.len() && a.iter().all(|x| b.contains(x))
                        };
                        match &p.cards {
                            // (the same cards, in any order)
                            Some(known) if !same(known, &c) => {
                                return Err(Refusal::at(n, "shown cards other than those dealt"))
                            }
                            _ => p.cards = Some(c),
                        }
                    }
                }
            } else if matches!(
                action,
                "mucks hand"
                    | "doesn't show hand"
                    | "is sitting out"
                    | "sits out"
                    | "has returned"
                    | "is connected"
                    | "is disconnected"
                    | "has timed out"
            ) || action.starts_with("shows [")
            {
            } else if action.starts_with("discards")
                || action.starts_with("stands pat")
                || action.starts_with("brings")
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
            continue;
        }
        if let Some(x) = rest.strip_prefix(" collected ") {
            let end = find(x, " from ").unwrap_or(x.len());
            let x = unit_ok(amount(&x[..end]), n, "a collected pot")?;
            let p = &mut parts[i];
            p.collected = p
                .collected
                .checked_add(x)
                .ok_or_else(|| Refusal::at(n, "an amount too large"))?;
            continue;
        }
        if rest.starts_with(" cashed out") {
            return Err(Refusal::at(n, "an all-in cash-out: paid outside the pot"));
        }
        if noise(l) {
            continue;
        }
        return Err(Refusal::at(
            n,
            format!("a line not understood: '{}'", clip(l)),
        ));
    }
    if !summary_seen {
        return Err(Refusal::hand(
            "the hand ends before its summary (cut short)",
        ));
    }
    if street < Street::Preflop && acts.is_empty() {
        return Err(Refusal::hand("no cards dealt"));
    }
    if let Some(sb) = &summary_board {
        // (GGPoker reorders the flop's cards in later lines)
        let mut a = sb.clone();
        let mut b = board.clone();
        a.sort_unstable();
        b.sort_unstable();
        if a != b {
            return Err(Refusal::hand(
                "the summary's board is not the streets' board",
            ));
        }
    }
    build(
        &h, game, &table, max_seats, button, &seats, &parts, &acts, total_pot, rake, source, &fees,
    )
}

/// Lines of no consequence for play: chat, connections, seats taken and
/// left, bounties and places.
fn noise(l: &str) -> bool {
    const ENDS: [&str; 12] = [
        " is disconnected",
        " is connected",
        " has timed out",
        " has timed out while disconnected",
        " has timed out while being disconnected",
        " is sitting out",
        " has returned",
        " leaves the table",
        " will be allowed to play after the button",
        " was removed from the table for failing to post",
        " - congratulations!",
        " sits out",
    ];
    has(l, " said, \"")
        || ENDS.iter().any(|e| l.ends_with(e))
        || has(l, " joins the table at seat #")
        || has(l, " finished the tournament")
        || has(l, " wins the tournament")
        || (has(l, " bounty") && (has(l, " wins ") || has(l, " split ")))
        || has(l, " for eliminating ")
        || has(l, " re-buys and receives ")
        || has(l, " adds ") && has(l, " chips")
}

fn clip(s: &str) -> String {
    let mut out: String = s.chars().take(80).collect();
    if out.len() < s.len() {
        out.push('…');
    }
    out
}

/// `Table 'NAME' 9-max[ (Play Money)] Seat #3 is the button`.
fn table_of(line: &str) -> Option<(String, u32, u32)> {
    let rest = line.strip_prefix("Table '")?;
    let seat = rfind(rest, " Seat #")?;
    let button: u32 = rest[seat + 7..].split(' ').next()?.parse().ok()?;
    let head = &rest[..seat];
    let quote = head.rfind('\'')?;
    let name = &head[..quote];
    if name.chars().count() > MAX_NAME_CHARS {
        return None;
    }
    let max = head[quote + 1..]
        .split_whitespace()
        .find_map(|w| w.strip_suffix("-max"))
        .and_then(|m| m.parse().ok())
        .unwrap_or(10);
    Some((name.to_string(), max, button))
}

#[allow(clippy::too_many_arguments)]
fn build(
    h: &Header,
    game: GameSpec,
    table: &str,
    max_seats: u32,
    button: u32,
    seats: &[Seat],
    parts: &[Part],
    acts: &[Act],
    total_pot: Option<Decimal>,
    rake: Decimal,
    source: &str,
    fees: &[(String, Decimal)],
) -> R<Parsed> {
    // Dealt in: whoever posted, acted or was dealt cards we know of.
    let dealt: Vec<usize> = (0..seats.len())
        .filter(|&i| {
            let p = &parts[i];
            !seats[i].out_of_hand
                && (p.acted
                    || p.ante.mantissa > 0
                    || p.small_blind.is_some()
                    || p.big_blind.is_some()
                    || p.contributed.mantissa > 0
                    || p.collected.mantissa > 0)
        })
        .collect();
    let n = dealt.len();
    if n < 2 {
        return Err(Refusal::hand("fewer than two players dealt in"));
    }
    // PHH order: from the first seat after the button round to the button.
    let mut order = dealt.clone();
    order.sort_by_key(|&i| {
        let s = u64::from(seats[i].number);
        let b = u64::from(button);
        if s > b {
            s - b
        } else {
            s + (1 << 40) - b
        }
    });
    let player_of = |i: usize| order.iter().position(|&j| j == i);
    // The blinds as posted in full by the players in the blinds' places,
    // else as the header gives them (a GGPoker tournament's header can
    // name the next level's blinds)
    let posted = |pi: usize, big: bool| {
        let p = &parts[order[pi]];
        let x = if big {
            p.big_blind
        } else {
            p.small_blind.filter(|_| p.live_small_blind)
        };
        x.filter(|_| !p.all_in_post && p.dead_small_blind.mantissa == 0)
    };
    let bb_place = if n == 2 { 0 } else { 1 };
    let bb = match game.structure {
        Structure::FixedLimit => h.stakes.0,
        _ => posted(bb_place, true).unwrap_or(h.stakes.1),
    };
    let sb_nominal = match game.structure {
        Structure::FixedLimit => None,
        _ => Some(posted(if n == 2 { 1 } else { 0 }, false).unwrap_or(h.stakes.0)),
    };
    // blinds by PHH player
    let mut blinds = vec![Decimal::default(); n];
    let mut antes = vec![Decimal::default(); n];
    let mut dead_sb: Vec<u64> = Vec::new();
    let sb_player = if n == 2 { 1 } else { 0 };
    for (pi, &i) in order.iter().enumerate() {
        let p = &parts[i];
        if let Some(x) = p.small_blind {
            if p.live_small_blind {
                if pi != sb_player {
                    return Err(Refusal::hand(format!(
                        "{} posted the small blind out of its place left of the button",
                        seats[i].name
                    )));
                }
                let nominal = if p.all_in_post {
                    sb_nominal.unwrap_or(x)
                } else {
                    x
                };
                blinds[if n == 2 { 0 } else { pi }] = nominal;
            } else {
                // a missed small blind, posted dead
                if p.big_blind.is_some() {
                    return Err(Refusal::hand(
                        "a small and a big blind posted on separate lines by one player",
                    ));
                }
                dead_sb.push(pi as u64 + 1);
                antes[pi] = x;
            }
        }
        if p.big_blind.is_some() {
            let at = if n == 2 {
                if pi != 0 {
                    return Err(Refusal::hand("heads-up, the button posted the big blind"));
                }
                1
            } else {
                pi
            };
            blinds[at] = bb;
        }
        if p.dead_small_blind.mantissa > 0 {
            if p.small_blind.is_some() {
                return Err(Refusal::hand("two dead small blinds posted by one player"));
            }
            dead_sb.push(pi as u64 + 1);
            antes[pi] = p.dead_small_blind;
        }
        if let Some(x) = p.straddle {
            // under the gun first, then each next player: no other straddle
            // is played
            let first = if n == 2 { usize::MAX } else { 2 };
            let k = order
                .iter()
                .take(pi)
                .filter(|&&j| parts[j].straddle.is_some())
                .count();
            if pi != first + k || p.big_blind.is_some() || p.small_blind.is_some() {
                return Err(Refusal::hand(
                    "a straddle not under the gun (or after it): the engine plays those only",
                ));
            }
            // a straddle all-in for less: its full size is not written; the
            // usual one, twice the big blind, is assumed (the stack limits it)
            let twice = bb
                .checked_add(bb)
                .ok_or_else(|| Refusal::hand("an amount too large"))?;
            blinds[pi] = if p.all_in_post && x.less_than(twice) {
                twice
            } else {
                x
            };
        }
    }
    // A player all-in from the ante posts no blind, but holds the blind's
    // place: written with the blind (the engine posts what it has, nothing).
    let all_in_by_ante = |pi: usize| {
        let p = &parts[order[pi]];
        p.all_in_post && p.small_blind.is_none() && p.big_blind.is_none()
    };
    let (sb_at, bb_at) = if n == 2 { (1, 0) } else { (0, 1) };
    if blinds[0].mantissa == 0 && all_in_by_ante(sb_at) {
        let half = Decimal {
            mantissa: bb.mantissa / 2,
            scale: bb.scale,
        };
        blinds[0] = sb_nominal.unwrap_or(half);
    }
    if blinds[1].mantissa == 0 && all_in_by_ante(bb_at) {
        blinds[1] = bb;
    }
    // the antes: one amount, posted by all (short stacks all-in for less),
    // or by none
    let ante = order
        .iter()
        .map(|&i| parts[i].ante)
        .fold(
            Decimal::default(),
            |m, a| if m.less_than(a) { a } else { m },
        );
    if ante.mantissa > 0 {
        for (pi, &i) in order.iter().enumerate() {
            let p = &parts[i];
            if p.ante != ante && !(p.all_in_post && p.ante.mantissa > 0) {
                return Err(Refusal::hand(format!(
                    "{} posted an ante of {} where the others posted {ante}: ragged antes are not played",
                    seats[i].name, p.ante
                )));
            }
            antes[pi] = antes[pi]
                .checked_add(ante)
                .ok_or_else(|| Refusal::hand("an amount too large"))?;
        }
    }
    // every known card once
    let mut seen = crate::card::CardSet::default();
    let known = order
        .iter()
        .filter_map(|&i| parts[i].cards.as_ref())
        .flatten()
        .chain(acts.iter().flat_map(|a| match a {
            Act::Board(c) => c.as_slice(),
            _ => &[],
        }));
    for &c in known {
        if seen.contains(c) {
            return Err(Refusal::hand(format!("a card dealt twice: {c}")));
        }
        seen.insert(c);
    }
    let mut actions: Vec<Value> = Vec::with_capacity(acts.len() + n);
    for (pi, &i) in order.iter().enumerate() {
        let cards = match &parts[i].cards {
            Some(c) => c.iter().map(|c| c.to_string()).collect::<String>(),
            None => "??".repeat(game.hole_cards),
        };
        actions.push(Value::Str(format!("d dh p{} {cards}", pi + 1)));
    }
    for a in acts {
        let s = match a {
            Act::Board(c) => format!(
                "d db {}",
                c.iter().map(|c| c.to_string()).collect::<String>()
            ),
            Act::Fold(i) | Act::CheckCall(i) | Act::BetTo(i, _) => {
                let pi = player_of(*i)
                    .ok_or_else(|| Refusal::hand("an action by a player not dealt in"))?
                    + 1;
                match a {
                    Act::Fold(_) => format!("p{pi} f"),
                    Act::CheckCall(_) => format!("p{pi} cc"),
                    Act::BetTo(_, x) => format!("p{pi} cbr {x}"),
                    Act::Board(_) => unreachable!(),
                }
            }
        };
        actions.push(Value::Str(s));
    }
    // A tournament player sitting out is dealt in, posts, and is folded in
    // turn, even where checking is free: a dead hand (killed at the deal,
    // which changes no one's options), when folding is all it does.
    let mut dead_hands: Vec<u64> = Vec::new();
    for (pi, &i) in order.iter().enumerate() {
        if !seats[i].sitting_out {
            continue;
        }
        let mine: Vec<&Act> = acts
            .iter()
            .filter(|a| matches!(a, Act::Fold(j) | Act::CheckCall(j) | Act::BetTo(j, _) if *j == i))
            .collect();
        if matches!(mine.as_slice(), [Act::Fold(_)]) {
            dead_hands.push(pi as u64 + 1);
        }
    }
    let mut f: Table = Vec::with_capacity(32);
    let arr = |v: &[Decimal]| Value::Array(v.iter().map(|&d| num(d)).collect());
    f.push(("variant".into(), Value::Str(game.code.into())));
    if game.hole_cards != 4 && game.code.contains('O') {
        f.push(("_hole_cards".into(), int(game.hole_cards as u64)));
    }
    f.push(("antes".into(), arr(&antes)));
    f.push(("blinds_or_straddles".into(), arr(&blinds)));
    match game.structure {
        Structure::FixedLimit => {
            f.push(("small_bet".into(), num(h.stakes.0)));
            f.push(("big_bet".into(), num(h.stakes.1)));
        }
        _ => f.push(("min_bet".into(), num(bb))),
    }
    if !dead_sb.is_empty() {
        dead_sb.sort_unstable();
        f.push((
            "_dead_small_blinds".into(),
            Value::Array(dead_sb.iter().map(|&p| int(p)).collect()),
        ));
    }
    if !dead_hands.is_empty() && dead_hands.len() < n {
        f.push((
            "_dead_hands".into(),
            Value::Array(dead_hands.iter().map(|&p| int(p)).collect()),
        ));
    }
    let starting: Vec<Decimal> = order.iter().map(|&i| seats[i].stack).collect();
    f.push(("starting_stacks".into(), arr(&starting)));
    f.push(("actions".into(), Value::Array(actions)));
    let site = if h.gg { "GGPoker" } else { "PokerStars" };
    f.push(("_site".into(), Value::Str(site.into())));
    // PHH's `hand` is a number: GGPoker's ids lead with letters (`OM232604226`,
    // the product), kept whole in `_hand_id`
    let digits = h
        .number
        .trim_start_matches(|c: char| c.is_ascii_alphabetic());
    if !digits.is_empty() && digits.len() <= 18 {
        f.push((
            "hand".into(),
            Value::Num(NumText::new(digits.trim_start_matches('0').max("0"))),
        ));
    }
    if digits.len() != h.number.len() || digits.len() > 18 {
        f.push(("_hand_id".into(), Value::Str(h.number.clone())));
    }
    f.push(("table".into(), Value::Str(table.to_string())));
    f.push(("seat_count".into(), int(max_seats.max(n as u32) as u64)));
    f.push((
        "seats".into(),
        Value::Array(order.iter().map(|&i| int(seats[i].number as u64)).collect()),
    ));
    f.push((
        "players".into(),
        Value::Array(
            order
                .iter()
                .map(|&i| Value::Str(seats[i].name.clone()))
                .collect(),
        ),
    ));
    if let Some(t) = &h.tournament {
        f.push(("_tournament".into(), Value::Str(t.clone())));
    }
    if let Some(b) = &h.buy_in {
        f.push(("_buy_in".into(), Value::Str(b.clone())));
    }
    if let Some(l) = h.level {
        f.push(("level".into(), int(l as u64)));
    }
    if let Some(c) = &h.currency {
        f.push(("currency".into(), Value::Str(c.clone())));
    }
    if let Some(s) = h.symbol {
        f.push(("currency_symbol".into(), Value::Str(s.to_string())));
    }
    if let Some((y, m, d, time, zone)) = &h.date {
        f.push(("time".into(), Value::DateTime(time.clone())));
        if !zone.is_empty() {
            f.push(("time_zone_abbreviation".into(), Value::Str(zone.clone())));
        }
        f.push(("day".into(), int(*d as u64)));
        f.push(("month".into(), int(*m as u64)));
        f.push(("year".into(), int(*y as u64)));
    }
    let mut contributed: Vec<Decimal> = order.iter().map(|&i| parts[i].contributed).collect();
    // Files before about 2006 print no "Uncalled bet" line: what the
    // players put in exceeds the total pot by the uncalled part of the
    // largest bet, which goes back to its player (only the largest
    // contribution can hold one, and by no more than its lead).
    if let Some(t) = total_pot {
        let sum = contributed
            .iter()
            .try_fold(Decimal::default(), |a, &b| a.checked_add(b));
        if let Some(over) = sum
            .and_then(|s| s.checked_sub(t))
            .filter(|d| d.mantissa > 0)
        {
            let top = (0..n)
                .max_by(|&a, &b| {
                    if contributed[a].less_than(contributed[b]) {
                        std::cmp::Ordering::Less
                    } else {
                        std::cmp::Ordering::Greater
                    }
                })
                .unwrap_or(0);
            let second = (0..n).filter(|&j| j != top).map(|j| contributed[j]).fold(
                Decimal::default(),
                |m, c| if m.less_than(c) { c } else { m },
            );
            let lead = contributed[top].checked_sub(second).unwrap_or_default();
            if lead.less_than(over) {
                return Err(Refusal::hand(format!(
                    "the players put in {over} more than the total pot, more than any uncalled bet"
                )));
            }
            contributed[top] = contributed[top].checked_sub(over).unwrap_or_default();
        }
    }
    let collected: Vec<Decimal> = order.iter().map(|&i| parts[i].collected).collect();
    let finishing = starting
        .iter()
        .zip(&contributed)
        .zip(&collected)
        .map(|((&s, &c), &w)| {
            s.checked_sub(c)
                .and_then(|x| x.checked_add(w))
                .filter(|d| d.mantissa >= 0)
        })
        .collect::<Option<Vec<_>>>()
        .ok_or_else(|| Refusal::hand("a player put in more than the stack"))?;
    f.push(("winnings".into(), arr(&collected)));
    f.push(("finishing_stacks".into(), arr(&finishing)));
    f.push(("_rake".into(), num(rake)));
    for (name, x) in fees {
        f.push((format!("_{name}").into(), num(*x)));
    }
    if let Some(t) = total_pot {
        f.push(("_total_pot".into(), num(t)));
    }
    let history = HandHistory {
        source: source.to_string(),
        section: Some(h.number.clone()),
        fields: f,
    };
    Ok(Parsed {
        history,
        facts: SiteFacts {
            hand: Some(h.number.clone()),
            contributed,
            collected,
            total_pot,
            rake,
        },
    })
}
