//! What the site parsers share: a hand's header, seats and actions as
//! read ([`Header`], [`Seat`], [`Part`], [`Act`]), the splitting of a text
//! into hands, the reading of amounts, cards and dates, and [`build`],
//! which writes the PHH history and the site's numbers to verify it by.
use super::{Block, Refusal, SiteFacts, MAX_HAND_LINES, MAX_LINE_BYTES, MAX_NAME_CHARS};
use crate::card::Card;
use crate::game::Structure;
use crate::phh::toml::{NumText, Table, Value};
use crate::phh::{Decimal, HandHistory};

/// Whether `rake`, kept from a pot of `put`, is one a site takes: none in
/// a tournament; at a cash table at most a tenth of the pot and one unit
/// of its last decimal place.
pub(super) fn plausible_rake(rake: Decimal, put: Decimal, tournament: bool) -> bool {
    if rake.mantissa == 0 {
        return true;
    }
    if tournament {
        return false;
    }
    let places = rake.places().max(put.places());
    match (rake.in_units(places), put.in_units(places)) {
        (Some(r), Some(p)) => r.saturating_mul(10) <= p.saturating_add(10),
        _ => false,
    }
}

/// Whether `line` starts with one of `prefixes` followed by a digit (a
/// header's `... #N`).
pub(super) fn starts_numbered(line: &str, prefixes: &[&str]) -> bool {
    prefixes.iter().any(|p| {
        line.strip_prefix(p)
            .is_some_and(|r| r.bytes().next().is_some_and(|b| b.is_ascii_digit()))
    })
}

/// Where the first of `prefixes` followed by a digit starts inside `line`
/// (a hand cut short can run into the next hand's header on one line).
pub(super) fn numbered_at(line: &str, prefixes: &[&str]) -> Option<usize> {
    prefixes
        .iter()
        .filter_map(|p| find(line, p))
        .filter(|&i| starts_numbered(&line[i..], prefixes))
        .min()
}

/// Where `needle` (not empty) first is in `hay`: for the short texts of a
/// hand's lines, with no searcher to set up (a byte scan for its first
/// byte, then a comparison).
#[inline]
pub(super) fn find(hay: &str, needle: &str) -> Option<usize> {
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
pub(super) fn rfind(hay: &str, needle: &str) -> Option<usize> {
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
pub(super) fn has(hay: &str, needle: &str) -> bool {
    find(hay, needle).is_some()
}

/// Calls `f` with each hand of `text` in turn, one hand's lines in memory
/// at a time; `f` returns false to stop. A hand starts where `header_at`
/// finds a header in a line (at its start, or after the end of a hand cut
/// short on the same line).
pub(super) fn for_each_hand<'a>(
    text: &'a str,
    header_at: impl Fn(&str) -> Option<usize>,
    mut f: impl FnMut(Block<'a>) -> bool,
) {
    let mut current: Option<Block<'a>> = None;
    let bytes = text.as_bytes();
    let mut start = 0;
    let ends = memchr::memchr_iter(b'\n', bytes).chain(std::iter::once(bytes.len()));
    for (i, end) in ends.enumerate() {
        let line_no = i + 1;
        // (both ends are char boundaries: a line feed is one byte)
        let raw = text.get(start..end).unwrap_or_default();
        start = end + 1;
        // (a bare CR ends a line too: one file in the wild uses it alone;
        // the usual CRLF's CR is the line's last byte)
        let raw = raw.strip_suffix('\r').unwrap_or(raw);
        let (first, rest) = match memchr::memchr(b'\r', raw.as_bytes()) {
            None => (raw, None),
            Some(_) => ("", Some(raw.split('\r'))),
        };
        for piece in std::iter::once(first).chain(rest.into_iter().flatten()) {
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

pub(super) fn push_line<'a>(block: Option<&mut Block<'a>>, line_no: usize, line: &'a str) {
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

pub(super) type R<T> = std::result::Result<T, Refusal>;

/// Why a show is refused whose cards cannot be read (skipping it would skip
/// the checks of the cards shown against those dealt and the board).
pub(super) const UNREAD_SHOW: &str = "cards shown that cannot be read";

/// The game a header names.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct GameSpec {
    /// PHH variant code.
    pub(super) code: &'static str,
    pub(super) structure: Structure,
    pub(super) hole_cards: usize,
}

/// The PHH variant codes of the games played, by structure.
pub(super) fn code(game: &str, structure: Structure) -> &'static str {
    match (game, structure) {
        ("T", Structure::NoLimit) => "NT",
        ("T", Structure::PotLimit) => "PT",
        ("T", _) => "FT",
        ("O", Structure::NoLimit) => "NO",
        ("O", Structure::PotLimit) => "PO",
        ("O", _) => "FO",
        ("O/8", Structure::NoLimit) => "NO/8",
        ("O/8", Structure::PotLimit) => "PO/8",
        ("S", Structure::NoLimit) => "NS",
        ("S", Structure::PotLimit) => "PS",
        ("S", _) => "FS",
        ("2L3D", Structure::NoLimit) => "N2L3D",
        ("2L3D", Structure::PotLimit) => "P2L3D",
        ("2L3D", _) => "F2L3D",
        ("2L1D", Structure::NoLimit) => "N2L1D",
        ("2L1D", Structure::PotLimit) => "P2L1D",
        ("2L1D", _) => "F2L1D",
        ("B", Structure::NoLimit) => "NB",
        ("B", Structure::PotLimit) => "PB",
        ("B", _) => "FB",
        // (stud is played at fixed limit; the caller refuses the others)
        ("7S", _) => "F7S",
        ("7S/8", _) => "F7S/8",
        ("RAZZ", _) => "FR",
        _ => "FO/8",
    }
}

/// Whether a PHH variant code is short deck's (`NS`, `PS`, `FS`).
pub(super) fn is_short_deck_code(code: &str) -> bool {
    matches!(code, "NS" | "PS" | "FS")
}

/// Whether a PHH variant code is a stud game's (seven-card stud, stud
/// hi/lo, razz).
pub(super) fn is_stud(code: &str) -> bool {
    matches!(code, "F7S" | "F7S/8" | "FR")
}

/// Whether a PHH variant code is a draw game's (2-7 triple or single
/// draw, badugi).
pub(super) fn is_draw(code: &str) -> bool {
    code.contains("2L") || code.ends_with('B')
}

#[derive(Clone, Debug, Default)]
pub(super) struct Header {
    /// The site's name, as `_site` records it.
    pub(super) site: &'static str,
    pub(super) number: String,
    pub(super) tournament: Option<String>,
    pub(super) buy_in: Option<String>,
    pub(super) level: Option<u32>,
    pub(super) game: Option<GameSpec>,
    /// The two stakes: the blinds (no-limit, pot-limit) or the small and
    /// big bets (fixed limit).
    pub(super) stakes: (Decimal, Decimal),
    pub(super) currency: Option<String>,
    pub(super) symbol: Option<char>,
    pub(super) date: Option<Date>,
    /// The mixed game the hand is one of (`8-Game`, `HORSE`, `Mixed
    /// NLH/PLO`), as `_mixed_game` records it.
    pub(super) mixed: Option<String>,
}

/// A hand's date and time: (year, month, day, "HH:MM:SS", time zone).
pub(super) type Date = (u32, u32, u32, String, String);

/// The [`Date`] of a site's year, month and day, its time's numbers and
/// its zone as written: `None` unless they make a real date (a year from
/// 1970 to 2200) and time, as PHH's reader asks; the zone is its leading
/// letters (at most 8), brackets around it dropped (`(ET)`, `GMT+0100`).
pub(super) fn real_date([y, m, d]: [u32; 3], hms: &[u32], zone: &str) -> Option<Date> {
    let &[h, mi, s] = hms else {
        return None;
    };
    let real = (1970..=2200).contains(&y)
        && (1..=12).contains(&m)
        && (1..=31).contains(&d)
        && h < 24
        && mi < 60
        && s < 60;
    let zone = zone
        .trim_matches(['(', ')'])
        .chars()
        .take_while(char::is_ascii_alphabetic)
        .take(8)
        .collect();
    real.then(|| (y, m, d, format!("{h:02}:{mi:02}:{s:02}"), zone))
}

/// Currency symbols written before amounts.
pub(super) const SYMBOLS: [char; 5] = ['$', '€', '£', '₹', '¥'];

/// An amount as the sites write one: a currency symbol before it or after
/// it (Winamax's `2.50€`), digits,
/// an optional decimal point (no thousands separators).
pub(super) fn amount(text: &str) -> Option<Decimal> {
    let t = text.trim();
    let t = t.strip_prefix(|c| SYMBOLS.contains(&c)).unwrap_or(t);
    let t = t.strip_suffix(|c| SYMBOLS.contains(&c)).unwrap_or(t);
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
pub(super) fn last_cards(text: &str) -> Option<Vec<Card>> {
    let end = text.rfind(']')?;
    let start = text[..end].rfind('[')?;
    cards(&text[start + 1..end])
}

pub(super) fn cards(text: &str) -> Option<Vec<Card>> {
    let mut out = Vec::new();
    for tok in text.split_whitespace() {
        if out.len() >= 7 {
            return None;
        }
        out.push(tok.parse::<Card>().ok()?);
    }
    Some(out)
}

/// The date and time of a header's tail: `2025/04/24 17:21:34 CET [...]`,
/// or the old `2007/10/15 - 08:14:08 (ET)`.
pub(super) fn date(text: &str) -> Option<(u32, u32, u32, String, String)> {
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

pub(super) fn stakes(text: &str) -> Option<(Decimal, Decimal)> {
    let (a, b) = text.split_once('/')?;
    Some((amount(a)?, amount(b)?))
}

#[derive(Clone, Debug, Default)]
pub(super) struct Seat {
    pub(super) number: u32,
    pub(super) name: String,
    pub(super) stack: Decimal,
    pub(super) out_of_hand: bool,
    pub(super) sitting_out: bool,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Street {
    Posts,
    Preflop,
    Flop,
    Turn,
    River,
    /// Stud's seventh street (its third to sixth are the rounds before).
    Seventh,
    Summary,
}

/// One player's part of a hand, by seat-list index.
#[derive(Clone, Debug, Default)]
pub(super) struct Part {
    pub(super) ante: Decimal,
    pub(super) small_blind: Option<Decimal>,
    /// The small blind is the live one (the first posted, before any big
    /// blind); others are missed blinds posted dead.
    pub(super) live_small_blind: bool,
    pub(super) big_blind: Option<Decimal>,
    /// Short deck's one blind, posted by the button.
    pub(super) button_blind: Option<Decimal>,
    /// GGPoker's straddle: the player's total for the round.
    pub(super) straddle: Option<Decimal>,
    pub(super) dead_small_blind: Decimal,
    pub(super) all_in_post: bool,
    pub(super) acted: bool,
    pub(super) cards: Option<Vec<Card>>,
    pub(super) contributed: Decimal,
    pub(super) collected: Decimal,
    pub(super) street_bet: Decimal,
    /// What the player had put in, and had in the round, when the cards
    /// were dealt (its posts).
    pub(super) posted: (Decimal, Decimal),
    /// The site wrote an uncalled bet returned to the player.
    pub(super) returned: bool,
}

pub(super) fn num(d: Decimal) -> Value {
    // (the text on the stack, no string made first: a conversion writes
    // dozens of amounts a hand)
    Value::Num(NumText::new(d.write_to(&mut [0u8; 80])))
}

pub(super) fn int(v: u64) -> Value {
    num(Decimal {
        mantissa: i128::from(v),
        scale: 0,
    })
}

/// An action of the hand, by seat-list index.
#[derive(Clone, Debug)]
pub(super) enum Act {
    Fold(usize),
    CheckCall(usize),
    BetTo(usize, Decimal),
    Board(Vec<Card>),
    /// Draw games: a draw's round begins (the bets start again; no text).
    NewRound,
    /// Draw games: the cards a player throws (`None` for one not shown;
    /// none: the player stands pat), `pN sd`.
    Discard(usize, Vec<Option<Card>>),
    /// Draw games: the cards a draw gave the player, `d dh pN` (only the
    /// cards known: a draw whose cards are not written has none).
    DrawDeal(usize, Vec<Card>),
    /// Draw and stud games: the hand shown at the showdown, `pN sm`.
    Show(usize, Vec<Card>),
    /// Stud: the bring-in, `pN pb` (and whether it put the player all-in).
    BringIn(usize, Decimal, bool),
    /// Stud: a street's cards to a player (`None` for one not seen), `d
    /// dh pN`.
    Deal(usize, Vec<Option<Card>>),
    /// A board run more than once: run 2 or 3's cards of a street, `d db`
    /// after the first run's.
    RunBoard(usize, Vec<Card>),
}

pub(super) fn clip(s: &str) -> String {
    let mut out: String = s.chars().take(80).collect();
    if out.len() < s.len() {
        out.push('…');
    }
    out
}

/// `Table 'NAME' 9-max[ (Play Money)] Seat #3 is the button` (Winamax:
/// `Table: 'NAME' ...`).
pub(super) fn table_of(line: &str) -> Option<(String, u32, u32)> {
    let rest = line
        .strip_prefix("Table '")
        .or_else(|| line.strip_prefix("Table: '"))?;
    // (`Seat #3`; an old Winamax file writes `Seat 0000005`)
    let seat = rfind(rest, " Seat ")?;
    let num = rest[seat + 6..].trim_start_matches('#').split(' ').next()?;
    if num.is_empty() || num.len() > 8 {
        return None;
    }
    let button: u32 = num.parse().ok()?;
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
pub(super) fn build(
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
                    || p.button_blind.is_some()
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
    let stud = is_stud(game.code);
    let short_deck = is_short_deck_code(game.code);
    let bb = match game.structure {
        Structure::FixedLimit => h.stakes.0,
        // short deck: the button's blind (the header's when it is posted
        // all-in for less or not at all)
        _ if short_deck => parts[order[n - 1]]
            .button_blind
            .filter(|_| !parts[order[n - 1]].all_in_post)
            .unwrap_or(h.stakes.1),
        _ => posted(bb_place, true).unwrap_or(h.stakes.1),
    };
    if short_deck {
        for (pi, &i) in order.iter().enumerate() {
            let p = &parts[i];
            if p.small_blind.is_some() || p.big_blind.is_some() || p.straddle.is_some() {
                return Err(Refusal::hand(format!(
                    "short deck with a {}: the engine plays short deck with antes and the \
                     button's blind only",
                    if p.straddle.is_some() {
                        "straddle"
                    } else {
                        "small or big blind"
                    }
                )));
            }
            if p.button_blind.is_some() && pi != n - 1 {
                return Err(Refusal::hand(format!(
                    "{} posted the button blind off the button",
                    seats[i].name
                )));
            }
        }
    } else if let Some(&i) = order.iter().find(|&&i| parts[i].button_blind.is_some()) {
        return Err(Refusal::hand(format!(
            "{} posted a button blind in a game with small and big blinds",
            seats[i].name
        )));
    }
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
    if blinds[0].mantissa == 0 && all_in_by_ante(sb_at) && !short_deck && !stud {
        let half = Decimal {
            mantissa: bb.mantissa / 2,
            scale: bb.scale,
        };
        blinds[0] = sb_nominal.unwrap_or(half);
    }
    if blinds[1].mantissa == 0 && all_in_by_ante(bb_at) && !short_deck && !stud {
        blinds[1] = bb;
    }
    // short deck: the button's blind is the last player's (a button all-in
    // from the ante posts none, but holds its place)
    // (heads-up, written first, as the heads-up small blind is)
    if short_deck && (parts[order[n - 1]].button_blind.is_some() || all_in_by_ante(n - 1)) {
        blinds[if n == 2 { 0 } else { n - 1 }] = bb;
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
    let (settled, _) = settle_raises(seats, parts, acts, &dealt);
    let acts = settled.as_slice();
    // every known card once
    let mut seen = crate::card::CardSet::default();
    let known = order
        .iter()
        .filter_map(|&i| parts[i].cards.as_ref())
        .flatten()
        .chain(acts.iter().flat_map(|a| match a {
            Act::Board(c) | Act::RunBoard(_, c) => c.as_slice(),
            // (a draw game's cards: a card thrown can be dealt again after
            // a reshuffle; the replay follows them)
            _ => &[],
        }))
        .chain(acts.iter().flat_map(|a| match a {
            Act::Deal(_, c) => c.iter().flatten().collect::<Vec<_>>(),
            _ => Vec::new(),
        }));
    for &c in known {
        if seen.contains(c) {
            return Err(Refusal::hand(format!("a card dealt twice: {c}")));
        }
        seen.insert(c);
    }
    let mut actions: Vec<Value> = Vec::with_capacity(acts.len() + n);
    // (each action's text put together in one string of its own, no
    // formatting machinery and no string a card: a conversion writes some
    // thirty a hand)
    let cards_text = |t: &mut String, c: &mut dyn Iterator<Item = Option<Card>>| {
        for c in c {
            match c {
                Some(c) => {
                    t.push(c.rank_char());
                    t.push(c.suit_char());
                }
                None => t.push_str("??"),
            }
        }
    };
    let player_text = |t: &mut String, pi: usize| {
        t.push('p');
        t.push_str(
            Decimal {
                mantissa: pi as i128,
                scale: 0,
            }
            .write_to(&mut [0u8; 80]),
        );
    };
    for (pi, &i) in order.iter().enumerate().filter(|_| !stud) {
        // (a draw game's player whose discards are not written, its deal
        // known: the history cannot follow its cards, so they are written
        // unknown, as the other players' are)
        let thrown_unseen = acts
            .iter()
            .any(|a| matches!(a, Act::Discard(j, c) if *j == i && c.iter().any(Option::is_none)));
        let mut t = String::with_capacity(8 + 2 * game.hole_cards);
        t.push_str("d dh ");
        player_text(&mut t, pi + 1);
        t.push(' ');
        match &parts[i].cards {
            Some(c) if !thrown_unseen => cards_text(&mut t, &mut c.iter().map(|&c| Some(c))),
            _ => cards_text(&mut t, &mut std::iter::repeat_n(None, game.hole_cards)),
        }
        actions.push(Value::Str(t));
    }
    for a in acts {
        let mut t = String::with_capacity(24);
        match a {
            Act::Board(c) => {
                t.push_str("d db ");
                cards_text(&mut t, &mut c.iter().map(|&c| Some(c)));
            }
            Act::NewRound | Act::RunBoard(..) => continue,
            Act::Fold(i)
            | Act::CheckCall(i)
            | Act::BetTo(i, _)
            | Act::Discard(i, _)
            | Act::DrawDeal(i, _)
            | Act::Show(i, _)
            | Act::BringIn(i, ..)
            | Act::Deal(i, _) => {
                let pi = player_of(*i)
                    .ok_or_else(|| Refusal::hand("an action by a player not dealt in"))?
                    + 1;
                if matches!(a, Act::Deal(..) | Act::DrawDeal(..)) {
                    t.push_str("d dh ");
                }
                player_text(&mut t, pi);
                match a {
                    Act::Fold(_) => t.push_str(" f"),
                    Act::CheckCall(_) => t.push_str(" cc"),
                    Act::BetTo(_, x) => {
                        t.push_str(" cbr ");
                        t.push_str(x.write_to(&mut [0u8; 80]));
                    }
                    Act::Discard(_, c) => {
                        t.push_str(" sd");
                        if !c.is_empty() {
                            t.push(' ');
                            cards_text(&mut t, &mut c.iter().copied());
                        }
                    }
                    Act::BringIn(..) => t.push_str(" pb"),
                    Act::Deal(_, c) => {
                        t.push(' ');
                        cards_text(&mut t, &mut c.iter().copied());
                    }
                    Act::DrawDeal(_, c) => {
                        t.push(' ');
                        cards_text(&mut t, &mut c.iter().map(|&c| Some(c)));
                    }
                    Act::Show(_, c) => {
                        t.push_str(" sm ");
                        cards_text(&mut t, &mut c.iter().map(|&c| Some(c)));
                    }
                    Act::Board(_) | Act::NewRound | Act::RunBoard(..) => continue,
                }
            }
        }
        actions.push(Value::Str(t));
    }
    let word = |c: &[Card]| {
        let mut t = String::with_capacity(2 * c.len());
        cards_text(&mut t, &mut c.iter().map(|&c| Some(c)));
        t
    };
    // A board run more than once: each other run's cards after the first
    // run's, run by run (nobody bets once the board is run)
    let run_count = acts
        .iter()
        .filter_map(|a| match a {
            Act::RunBoard(r, _) => Some(*r),
            _ => None,
        })
        .max()
        .unwrap_or(1);
    for run in 2..=run_count {
        for a in acts {
            if let Act::RunBoard(r, c) = a {
                if *r == run {
                    actions.push(Value::Str(format!("d db {}", word(c))));
                }
            }
        }
    }
    // A tournament player sitting out is dealt in, posts, and is folded,
    // even where checking is free and out of turn: a dead hand (killed at
    // the deal, which changes no one's options), when folding is all it
    // does. (Where the hand does not replay so, the fold is read as one in
    // turn: `convert` tries it without.)
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
    if stud {
        // the bring-in as posted; where the player owing it completed
        // instead, half the small bet (any amount below it plays the same)
        let posted = acts.iter().find_map(|a| match a {
            Act::BringIn(_, x, false) => Some(*x),
            _ => None,
        });
        // (exactly half: `$1` gives 0.5)
        let small = h.stakes.0;
        let half = if small.scale < crate::phh::history::MAX_PLACES {
            Decimal {
                mantissa: small.mantissa * 5,
                scale: small.scale + 1,
            }
        } else {
            Decimal {
                mantissa: small.mantissa / 2,
                scale: small.scale,
            }
        };
        f.push(("bring_in".into(), num(posted.unwrap_or(half))));
    } else {
        f.push(("blinds_or_straddles".into(), arr(&blinds)));
    }
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
    f.push(("_site".into(), Value::Str(h.site.into())));
    // PHH's `hand` is a number: GGPoker's ids lead with letters (`OM232604226`,
    // the product), kept whole in `_hand_id`
    let digits = h
        .number
        .trim_start_matches(|c: char| c.is_ascii_alphabetic());
    let number = digits.bytes().all(|b| b.is_ascii_digit());
    if !digits.is_empty() && digits.len() <= 18 && number {
        f.push((
            "hand".into(),
            Value::Num(NumText::new(digits.trim_start_matches('0').max("0"))),
        ));
    }
    if digits.len() != h.number.len() || digits.len() > 18 || !number {
        f.push(("_hand_id".into(), Value::Str(h.number.clone())));
    }
    f.push(("table".into(), Value::Str(table.to_string())));
    // (a site may number a short table's seats past its size, as a
    // 6-max table's seat 9: the count covers every seat number, PHH's
    // seats being numbered from 1 among seat_count)
    let top = order.iter().map(|&i| seats[i].number).max().unwrap_or(0);
    f.push((
        "seat_count".into(),
        int(max_seats.max(n as u32).max(top) as u64),
    ));
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
    if let Some(m) = &h.mixed {
        f.push(("_mixed_game".into(), Value::Str(m.clone())));
    }
    if run_count > 1 {
        f.push(("_run_count".into(), int(run_count as u64)));
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
    // (no player puts in more than the stack: checked before any uncalled
    // part is given back, which could hide it)
    for &i in &order {
        if seats[i].stack.less_than(parts[i].contributed) {
            return Err(Refusal::hand(format!(
                "{} put in {}, more than the stack ({})",
                seats[i].name, parts[i].contributed, seats[i].stack
            )));
        }
    }
    if let Some(t) = total_pot {
        let sum = contributed
            .iter()
            .try_fold(Decimal::default(), |a, &b| a.checked_add(b));
        if let Some(over) = sum
            .and_then(|s| s.checked_sub(t))
            .filter(|d| d.mantissa > 0)
        {
            // (a file that writes its uncalled bets has none left to give
            // back: its lines contradict its total pot)
            if parts.iter().any(|p| p.returned) {
                return Err(Refusal::hand(format!(
                    "the players' lines (less the uncalled bets the file returns) put in \
                     {over} more than the total pot ({t})"
                )));
            }
            let ordered: Vec<Part> = order.iter().map(|&i| parts[i].clone()).collect();
            let (top, lead) = uncalled_lead(&ordered).unwrap_or((0, Decimal::default()));
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

/// A hand's play as its lines tell it, recorded line by line: each
/// method checks what the line may do (a post before the cards, a bet in
/// a betting round, amounts that add up) and refuses the hand, naming the
/// line `n`, where it may not.
#[derive(Clone, Debug)]
pub(super) struct Rec {
    /// By seat-list index.
    pub(super) parts: Vec<Part>,
    pub(super) acts: Vec<Act>,
    pub(super) board: Vec<Card>,
    pub(super) street: Street,
    /// A board run more than once: runs 2 and 3's boards so far.
    pub(super) runs: Vec<Vec<Card>>,
}

fn plus(a: Decimal, b: Decimal, n: usize) -> R<Decimal> {
    a.checked_add(b)
        .ok_or_else(|| Refusal::at(n, "an amount too large"))
}

impl Rec {
    pub(super) fn new(players: usize) -> Rec {
        Rec {
            parts: vec![Part::default(); players],
            acts: Vec::with_capacity(32),
            board: Vec::with_capacity(5),
            street: Street::Posts,
            runs: Vec::new(),
        }
    }

    fn posting(&self, n: usize) -> R<()> {
        if self.street != Street::Posts {
            return Err(Refusal::at(n, "a post after the cards are dealt"));
        }
        Ok(())
    }

    fn put(&mut self, i: usize, x: Decimal, n: usize) -> R<()> {
        let p = &mut self.parts[i];
        p.contributed = plus(p.contributed, x, n)?;
        Ok(())
    }

    pub(super) fn ante(&mut self, i: usize, x: Decimal, all_in: bool, n: usize) -> R<()> {
        self.posting(n)?;
        self.put(i, x, n)?;
        let p = &mut self.parts[i];
        p.all_in_post |= all_in;
        p.ante = plus(p.ante, x, n)?;
        Ok(())
    }

    /// The small blind: the live one when it is the first blind posted,
    /// else a missed small blind posted dead.
    pub(super) fn small_blind(&mut self, i: usize, x: Decimal, all_in: bool, n: usize) -> R<()> {
        self.posting(n)?;
        if self.parts[i].small_blind.is_some() {
            return Err(Refusal::at(n, "a small blind posted twice by one player"));
        }
        let first = self
            .parts
            .iter()
            .all(|p| p.big_blind.is_none() && p.small_blind.is_none());
        self.put(i, x, n)?;
        let p = &mut self.parts[i];
        p.all_in_post |= all_in;
        p.small_blind = Some(x);
        if first {
            p.live_small_blind = true;
            p.street_bet = x;
        }
        Ok(())
    }

    /// Short deck's button blind: the round's bet, as a big blind's.
    pub(super) fn button_blind(&mut self, i: usize, x: Decimal, all_in: bool, n: usize) -> R<()> {
        self.posting(n)?;
        if self.parts[i].button_blind.is_some() {
            return Err(Refusal::at(n, "a button blind posted twice by one player"));
        }
        self.put(i, x, n)?;
        let p = &mut self.parts[i];
        p.all_in_post |= all_in;
        p.button_blind = Some(x);
        p.street_bet = x;
        Ok(())
    }

    pub(super) fn big_blind(&mut self, i: usize, x: Decimal, all_in: bool, n: usize) -> R<()> {
        self.posting(n)?;
        if self.parts[i].big_blind.is_some() {
            return Err(Refusal::at(n, "a big blind posted twice by one player"));
        }
        self.put(i, x, n)?;
        let p = &mut self.parts[i];
        p.all_in_post |= all_in;
        p.big_blind = Some(x);
        p.street_bet = x;
        Ok(())
    }

    /// A missed small blind posted dead.
    pub(super) fn dead_small_blind(
        &mut self,
        i: usize,
        x: Decimal,
        all_in: bool,
        n: usize,
    ) -> R<()> {
        self.posting(n)?;
        if self.parts[i].dead_small_blind.mantissa != 0 {
            return Err(Refusal::at(n, "two dead small blinds posted by one player"));
        }
        self.put(i, x, n)?;
        let p = &mut self.parts[i];
        p.all_in_post |= all_in;
        p.dead_small_blind = x;
        Ok(())
    }

    /// Both blinds posted at once (`x` in all) by a player coming in: the
    /// big blind `bb` live, the rest dead.
    pub(super) fn small_and_big(
        &mut self,
        i: usize,
        x: Decimal,
        bb: Decimal,
        all_in: bool,
        n: usize,
    ) -> R<()> {
        self.posting(n)?;
        if self.parts[i].big_blind.is_some() {
            return Err(Refusal::at(n, "a big blind posted twice by one player"));
        }
        let dead = x
            .checked_sub(bb)
            .filter(|d| d.mantissa > 0)
            .ok_or_else(|| {
                Refusal::at(n, "small and big blinds posted for less than the big blind")
            })?;
        self.put(i, x, n)?;
        let p = &mut self.parts[i];
        p.all_in_post |= all_in;
        p.dead_small_blind = dead;
        p.big_blind = Some(bb);
        p.street_bet = bb;
        Ok(())
    }

    /// A straddle: the player's total for the round `to`.
    pub(super) fn straddle(&mut self, i: usize, to: Decimal, all_in: bool, n: usize) -> R<()> {
        if self.street != Street::Posts {
            return Err(Refusal::at(n, "a straddle after the cards are dealt"));
        }
        let p = &mut self.parts[i];
        let more = to
            .checked_sub(p.street_bet)
            .filter(|d| d.mantissa > 0)
            .ok_or_else(|| Refusal::at(n, "a straddle below what the player had in"))?;
        p.contributed = plus(p.contributed, more, n)?;
        p.street_bet = to;
        p.straddle = Some(to);
        p.all_in_post |= all_in;
        Ok(())
    }

    fn betting(&self, what: &str, n: usize) -> R<()> {
        if !matches!(
            self.street,
            Street::Preflop | Street::Flop | Street::Turn | Street::River | Street::Seventh
        ) {
            return Err(Refusal::at(n, format!("{what} outside the betting")));
        }
        Ok(())
    }

    pub(super) fn fold(&mut self, i: usize, n: usize) -> R<()> {
        self.betting("a fold", n)?;
        self.parts[i].acted = true;
        self.acts.push(Act::Fold(i));
        Ok(())
    }

    pub(super) fn check(&mut self, i: usize, n: usize) -> R<()> {
        self.betting("a check", n)?;
        self.parts[i].acted = true;
        self.acts.push(Act::CheckCall(i));
        Ok(())
    }

    /// The player's total in this round brought to `to`.
    fn to(&mut self, i: usize, to: Decimal, n: usize) -> R<()> {
        let p = &mut self.parts[i];
        let more = to
            .checked_sub(p.street_bet)
            .filter(|d| d.mantissa >= 0)
            .ok_or_else(|| Refusal::at(n, "a bet below what the player had in"))?;
        p.contributed = plus(p.contributed, more, n)?;
        p.street_bet = to;
        p.acted = true;
        Ok(())
    }

    /// A call of `x` more.
    pub(super) fn call_by(&mut self, i: usize, x: Decimal, n: usize) -> R<()> {
        self.betting("a call", n)?;
        let to = plus(self.parts[i].street_bet, x, n)?;
        // (a call matches the largest bet at most: a file that says more
        // contradicts itself, and the excess must not pass for an
        // uncalled bet; before the flop a blind, and on third street a
        // bring-in, posted all-in for less leaves the full one to call,
        // which no post shows)
        let max = self.round_max();
        let short_post = self.street == Street::Preflop
            && (self.parts.iter().any(|p| p.all_in_post)
                || self
                    .acts
                    .iter()
                    .any(|a| matches!(a, Act::BringIn(_, _, true))));
        if max.less_than(to) && !short_post {
            return Err(Refusal::at(
                n,
                format!("a call of {x} to {to}, more than the largest bet ({max})"),
            ));
        }
        self.to(i, to, n)?;
        self.acts.push(Act::CheckCall(i));
        Ok(())
    }

    /// A bet or raise of `x` more than the player had in this round.
    pub(super) fn bet_by(&mut self, i: usize, x: Decimal, n: usize) -> R<()> {
        self.betting("a bet", n)?;
        let to = plus(self.parts[i].street_bet, x, n)?;
        self.to(i, to, n)?;
        self.acts.push(Act::BetTo(i, to));
        Ok(())
    }

    /// A bet or raise to `to` in all this round.
    pub(super) fn raise_to(&mut self, i: usize, to: Decimal, n: usize) -> R<()> {
        self.betting("a raise", n)?;
        self.to(i, to, n)?;
        self.acts.push(Act::BetTo(i, to));
        Ok(())
    }

    /// The most any player has in this round.
    pub(super) fn round_max(&self) -> Decimal {
        self.parts.iter().fold(Decimal::default(), |m, p| {
            if m.less_than(p.street_bet) {
                p.street_bet
            } else {
                m
            }
        })
    }

    pub(super) fn uncalled(&mut self, i: usize, x: Decimal, n: usize) -> R<()> {
        let p = &mut self.parts[i];
        p.returned = true;
        p.contributed = p
            .contributed
            .checked_sub(x)
            .filter(|d| d.mantissa >= 0)
            .ok_or_else(|| Refusal::at(n, "more returned than the player put in"))?;
        Ok(())
    }

    pub(super) fn collect(&mut self, i: usize, x: Decimal, n: usize) -> R<()> {
        let p = &mut self.parts[i];
        p.collected = plus(p.collected, x, n)?;
        Ok(())
    }

    /// Cards the player showed (or mucked face up): the hole cards when
    /// they are a whole hand of the game, checked against what is known.
    pub(super) fn show(&mut self, i: usize, c: Vec<Card>, hole_cards: usize, n: usize) -> R<()> {
        let p = &mut self.parts[i];
        if c.len() != hole_cards {
            // a hand shown in part (`shows [Qc]`): kept unknown, but it
            // must be among the cards dealt where those are known
            if c.len() > hole_cards
                || p.cards
                    .as_ref()
                    .is_some_and(|k| !c.iter().all(|x| k.contains(x)))
            {
                return Err(Refusal::at(n, "shown cards other than those dealt"));
            }
            return Ok(());
        }
        match &p.cards {
            // (the same cards, in any order)
            Some(k) if !(k.len() == c.len() && k.iter().all(|x| c.contains(x))) => {
                Err(Refusal::at(n, "shown cards other than those dealt"))
            }
            Some(_) => Ok(()),
            None => {
                p.cards = Some(c);
                Ok(())
            }
        }
    }

    /// The player's hole cards, dealt face down to the one whose history
    /// it is.
    pub(super) fn dealt(&mut self, i: usize, c: Vec<Card>, hole_cards: usize, n: usize) -> R<()> {
        if c.len() != hole_cards {
            return Err(Refusal::at(
                n,
                format!("{} hole cards dealt in a game of {hole_cards}", c.len()),
            ));
        }
        let p = &mut self.parts[i];
        if p.cards.as_ref().is_some_and(|k| *k != c) {
            return Err(Refusal::at(n, "a player dealt cards twice"));
        }
        p.cards = Some(c);
        Ok(())
    }

    /// A draw game's next street: a draw, then its betting round (no board).
    pub(super) fn draw_street(&mut self, next: Street, n: usize) -> R<()> {
        if next > Street::River {
            return Err(Refusal::at(n, "a draw out of order"));
        }
        self.round_street(next, n)
    }

    /// A stud or draw game's next betting round (no board).
    pub(super) fn round_street(&mut self, next: Street, n: usize) -> R<()> {
        if self.street < Street::Preflop || next <= self.street || next > Street::Seventh {
            return Err(Refusal::at(n, "the streets out of order"));
        }
        for p in self.parts.iter_mut() {
            p.street_bet = Decimal::default();
        }
        self.acts.push(Act::NewRound);
        self.street = next;
        Ok(())
    }

    /// Draw games: the cards `i` throws (none: stands pat).
    pub(super) fn discard(&mut self, i: usize, cards: Vec<Option<Card>>, n: usize) -> R<()> {
        if !matches!(self.street, Street::Flop | Street::Turn | Street::River) {
            return Err(Refusal::at(n, "a draw before the first draw's round"));
        }
        self.acts.push(Act::Discard(i, cards));
        Ok(())
    }

    /// Draw games: the cards `i`'s draw gave it (known to the hero only).
    pub(super) fn draw_deal(&mut self, i: usize, cards: Vec<Card>, n: usize) -> R<()> {
        let thrown = self.acts.iter().rev().find_map(|a| match a {
            Act::Discard(j, c) if *j == i => Some(c.len()),
            Act::NewRound => Some(usize::MAX),
            _ => None,
        });
        if thrown != Some(cards.len()) {
            return Err(Refusal::at(
                n,
                "cards drawn that are not the number the player threw",
            ));
        }
        self.acts.push(Act::DrawDeal(i, cards));
        Ok(())
    }

    /// A board run more than once: run `run` (2 or 3) deals `new` to its
    /// board, which the line writes as `before` (the cards common to the
    /// runs, then the run's own).
    pub(super) fn run_street(
        &mut self,
        run: usize,
        before: &[Card],
        new: Vec<Card>,
        n: usize,
    ) -> R<()> {
        if !(2..=crate::game::MAX_RUNS).contains(&run) || run > self.runs.len() + 2 {
            return Err(Refusal::at(n, "a run of the board out of order"));
        }
        if run == self.runs.len() + 2 {
            // the run's first street: what comes before it is the board's
            if before.len() > self.board.len() || self.board[..before.len()] != *before {
                return Err(Refusal::at(
                    n,
                    "a run's board that is not the board's before it",
                ));
            }
            self.runs.push(before.to_vec());
        }
        let board = &mut self.runs[run - 2];
        let want = if board.is_empty() { 3 } else { 1 };
        if board.as_slice() != before || new.len() != want || board.len() + new.len() > 5 {
            return Err(Refusal::at(
                n,
                "a run's board does not grow by its street's cards",
            ));
        }
        board.extend(new.iter().copied());
        self.acts.push(Act::RunBoard(run, new));
        Ok(())
    }

    /// Stud: the bring-in `x` by `i`.
    pub(super) fn bring_in(&mut self, i: usize, x: Decimal, all_in: bool, n: usize) -> R<()> {
        self.betting("a bring-in", n)?;
        if self.street != Street::Preflop || self.acts.iter().any(|a| matches!(a, Act::BringIn(..)))
        {
            return Err(Refusal::at(n, "a bring-in after third street's first one"));
        }
        self.to(i, x, n)?;
        self.acts.push(Act::BringIn(i, x, all_in));
        Ok(())
    }

    /// Stud: a street's cards dealt to `i`.
    pub(super) fn stud_deal(&mut self, i: usize, cards: Vec<Option<Card>>) {
        self.acts.push(Act::Deal(i, cards));
    }

    /// Stud: seventh street's community card (the deck ran short).
    pub(super) fn community(&mut self, cards: Vec<Card>, n: usize) -> R<()> {
        if cards.len() != 1 || !self.board.is_empty() {
            return Err(Refusal::at(
                n,
                "a community card other than seventh street's one",
            ));
        }
        self.board.extend(cards.iter().copied());
        self.acts.push(Act::Board(cards));
        Ok(())
    }

    /// Cards a player showed, read as `game` holds them: a stud hand's
    /// cards ([`Rec::show_stud`]), a draw hand's last holding
    /// ([`Rec::show_drawn`]), else the hole cards ([`Rec::show`]).
    pub(super) fn show_in(&mut self, game: GameSpec, i: usize, c: Vec<Card>, n: usize) -> R<()> {
        if is_stud(game.code) {
            self.show_stud(i, c);
        } else if is_draw(game.code) {
            self.show_drawn(i, c, game.hole_cards);
        } else {
            self.show(i, c, game.hole_cards, n)?;
        }
        Ok(())
    }

    /// Stud: the cards `i` shows, put in the order dealt: each card known
    /// from the deal in its place, the others in the order shown (a site
    /// can write the two first down cards in another order).
    pub(super) fn show_stud(&mut self, i: usize, shown: Vec<Card>) {
        let dealt: Vec<Option<Card>> = self
            .acts
            .iter()
            .filter_map(|a| match a {
                Act::Deal(j, c) if *j == i => Some(c.clone()),
                _ => None,
            })
            .flatten()
            .collect();
        let known_shown = dealt.iter().flatten().all(|c| shown.contains(c));
        let ordered = if dealt.len() == shown.len() && known_shown {
            let mut rest = shown.iter().filter(|c| !dealt.contains(&Some(**c)));
            dealt
                .iter()
                .map(|d| d.or_else(|| rest.next().copied()))
                .collect::<Option<Vec<Card>>>()
                .unwrap_or(shown)
        } else {
            shown
        };
        self.show_drawn(i, ordered, 7);
    }

    /// Draw and stud games: the hand `i` shows at the showdown (once): a
    /// draw game's whole hand, a stud player's cards as dealt (six where
    /// seventh street's card was the board's).
    pub(super) fn show_drawn(&mut self, i: usize, c: Vec<Card>, hole_cards: usize) {
        let shown = self
            .acts
            .iter()
            .any(|a| matches!(a, Act::Show(j, _) if *j == i));
        let whole =
            c.len() == hole_cards || (hole_cards == 7 && c.len() == 6 && !self.board.is_empty());
        if whole && !shown {
            self.acts.push(Act::Show(i, c));
        }
    }

    /// The next street: its new board cards for the flop, turn and river.
    pub(super) fn street(&mut self, next: Street, new: Option<Vec<Card>>, n: usize) -> R<()> {
        let street = self.street;
        if next <= street && !(next == Street::Preflop && street == Street::Posts) {
            return Err(Refusal::at(n, "the streets out of order"));
        }
        if matches!(next, Street::Flop | Street::Turn | Street::River) {
            let want = match next {
                Street::Flop => 3,
                Street::Turn => 4,
                _ => 5,
            };
            let new = new.ok_or_else(|| Refusal::at(n, "the board's cards not read"))?;
            if street < Street::Preflop {
                return Err(Refusal::at(n, "a board before the hole cards"));
            }
            if self.board.len() + new.len() != want {
                return Err(Refusal::at(
                    n,
                    "the board does not grow by its street's cards",
                ));
            }
            self.board.extend(new.iter().copied());
            self.acts.push(Act::Board(new));
            for p in self.parts.iter_mut() {
                p.street_bet = Decimal::default();
            }
        }
        if street == Street::Posts {
            for p in self.parts.iter_mut() {
                p.posted = (p.contributed, p.street_bet);
            }
        }
        self.street = next;
        Ok(())
    }
}

/// Stud: who was dealt in on third street, who folded since, and who got
/// the street being dealt a `Dealt to` line (sites write the seventh
/// street's down card for the hero only).
#[derive(Clone, Debug)]
pub(super) struct StudDeals {
    pub(super) dealt_in: Vec<bool>,
    pub(super) folded: Vec<bool>,
    pub(super) dealing: Option<Vec<bool>>,
}

impl StudDeals {
    pub(super) fn new(players: usize) -> StudDeals {
        StudDeals {
            dealt_in: vec![false; players],
            folded: vec![false; players],
            dealing: None,
        }
    }

    /// A street after third begins: its `Dealt to` lines follow.
    pub(super) fn street(&mut self) {
        self.dealing = Some(vec![false; self.dealt_in.len()]);
    }

    /// A street's cards as a `Dealt to` line writes them: third street's
    /// three (the hero's) or its up card alone (the two down cards unseen),
    /// then one a street.
    pub(super) fn shape(c: Vec<Card>, third: bool, n: usize) -> R<Vec<Option<Card>>> {
        match (third, c.len()) {
            (true, 3) | (false, 1) => Ok(c.into_iter().map(Some).collect()),
            (true, 1) => Ok(vec![None, None, Some(c[0])]),
            _ => Err(Refusal::at(
                n,
                format!("{} cards dealt on one stud street", c.len()),
            )),
        }
    }

    /// `cards` dealt to `i` on the street `rec` is in, checked: once on
    /// third street, then once a street while the player is in.
    pub(super) fn deal(
        &mut self,
        rec: &mut Rec,
        i: usize,
        cards: Vec<Option<Card>>,
        n: usize,
    ) -> R<()> {
        if rec.street == Street::Preflop {
            if self.dealt_in[i] {
                return Err(Refusal::at(n, "a player dealt third street twice"));
            }
            self.dealt_in[i] = true;
        } else {
            let got = self
                .dealing
                .as_mut()
                .ok_or_else(|| Refusal::at(n, "stud cards dealt outside a deal"))?;
            if got[i] || !self.dealt_in[i] || self.folded[i] {
                return Err(Refusal::at(n, "stud cards dealt to a player not in"));
            }
            got[i] = true;
        }
        rec.stud_deal(i, cards);
        Ok(())
    }

    /// The street being dealt is over (its betting begins, or the next
    /// street or the showdown): each player still in that no `Dealt to`
    /// line named gets the street's card unseen.
    pub(super) fn flush(&mut self, rec: &mut Rec) {
        if let Some(got) = self.dealing.take() {
            for (i, got) in got.iter().enumerate() {
                if self.dealt_in[i] && !self.folded[i] && !got {
                    rec.stud_deal(i, vec![None]);
                }
            }
        }
    }
}

/// The uncalled part of the largest bet, and whose it is: the lead of the
/// largest contribution (what a player put in, less a dead blind, which
/// goes to the pot whoever matches it) over the next, which no one matched
/// and which comes back to its player. Sites that write no uncalled-bet
/// line need it found.
pub(super) fn uncalled_lead(parts: &[Part]) -> Option<(usize, Decimal)> {
    let live: Vec<Decimal> = parts
        .iter()
        .map(|p| {
            p.contributed
                .checked_sub(p.dead_small_blind)
                .unwrap_or_default()
        })
        .collect();
    let top = (0..parts.len()).max_by(|&a, &b| {
        if live[a].less_than(live[b]) {
            std::cmp::Ordering::Less
        } else {
            std::cmp::Ordering::Greater
        }
    })?;
    let second = (0..parts.len())
        .filter(|&j| j != top)
        .map(|j| live[j])
        .fold(
            Decimal::default(),
            |m, c| if m.less_than(c) { c } else { m },
        );
    let lead = live[top].checked_sub(second).filter(|d| d.mantissa > 0)?;
    Some((top, lead))
}

/// `acts` with each bet or raise made when no other player still in could
/// act (every one all-in) written as the call it is: some sites write a
/// player's all-in over a smaller all-in as a raise, of which the part
/// above the call comes back uncalled. The players' stacks tell who is
/// all-in.
/// Also the players who folded where checking was free.
fn settle_raises(
    seats: &[Seat],
    parts: &[Part],
    acts: &[Act],
    dealt: &[usize],
) -> (Vec<Act>, Vec<usize>) {
    let places = seats
        .iter()
        .map(|s| s.stack.places())
        .chain(parts.iter().map(|p| p.contributed.places()))
        .chain(acts.iter().map(|a| match a {
            Act::BetTo(_, x) => x.places(),
            _ => 0,
        }))
        .max()
        .unwrap_or(0)
        .min(crate::phh::history::MAX_PLACES);
    let units = |d: Decimal| d.in_units(places);
    let (Some(stack), Some(mut put), Some(mut bet)) = (
        seats
            .iter()
            .map(|s| units(s.stack))
            .collect::<Option<Vec<i128>>>(),
        parts
            .iter()
            .map(|p| units(p.posted.0))
            .collect::<Option<Vec<i128>>>(),
        parts
            .iter()
            .map(|p| units(p.posted.1))
            .collect::<Option<Vec<i128>>>(),
    ) else {
        return (acts.to_vec(), Vec::new());
    };
    let mut folded = vec![false; seats.len()];
    let mut free_folds = Vec::new();
    let mut out = Vec::with_capacity(acts.len());
    for a in acts {
        match a {
            Act::Board(_) | Act::NewRound => bet.iter_mut().for_each(|b| *b = 0),
            Act::Discard(..)
            | Act::DrawDeal(..)
            | Act::Show(..)
            | Act::Deal(..)
            | Act::RunBoard(..) => {}
            Act::BringIn(i, x, _) => {
                let Some(more) = units(*x).and_then(|x| x.checked_sub(bet[*i])) else {
                    return (acts.to_vec(), Vec::new());
                };
                let Some(p) = put[*i].checked_add(more) else {
                    return (acts.to_vec(), Vec::new());
                };
                put[*i] = p;
                bet[*i] += more;
            }
            Act::Fold(i) => {
                folded[*i] = true;
                if bet[*i] >= bet.iter().copied().max().unwrap_or(0) {
                    free_folds.push(*i);
                }
            }
            Act::CheckCall(i) => {
                let top = bet.iter().copied().max().unwrap_or(0);
                let more = (top - bet[*i]).clamp(0, (stack[*i] - put[*i]).max(0));
                put[*i] += more;
                bet[*i] += more;
            }
            Act::BetTo(i, to) => {
                let i = *i;
                let others_all_in = dealt
                    .iter()
                    .all(|&j| j == i || folded[j] || put[j] >= stack[j]);
                let top = bet.iter().copied().max().unwrap_or(0);
                match units(*to) {
                    Some(to) if others_all_in && to > top => {
                        let more = (top - bet[i]).clamp(0, (stack[i] - put[i]).max(0));
                        put[i] += more;
                        bet[i] += more;
                        out.push(Act::CheckCall(i));
                        continue;
                    }
                    Some(to) => {
                        put[i] += to - bet[i];
                        bet[i] = to;
                    }
                    None => return (acts.to_vec(), Vec::new()),
                }
            }
        }
        out.push(a.clone());
    }
    (out, free_folds)
}

/// Refuses a block too long to be one hand, or with a line too long.
pub(super) fn check_size(block: &Block<'_>) -> R<()> {
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
    Ok(())
}

/// Adds the seat read on line `n` to `seats`, refusing an empty or too
/// long name, a seat number off a `max_seats` table (ten seats at least),
/// and a seat or name already listed.
pub(super) fn add_seat(seats: &mut Vec<Seat>, s: Seat, max_seats: u32, n: usize) -> R<()> {
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
    Ok(())
}

/// The seated players' names, matched at a line's start longest first, so
/// a name holding another (or holding `: `, `(`, ` folds`) is read as the
/// name it is.
pub(super) struct Names<'a> {
    seats: &'a [Seat],
    by_len: Vec<usize>,
    /// What may follow a name (any text when empty).
    then: &'static [char],
}

impl<'a> Names<'a> {
    pub(super) fn new(seats: &'a [Seat], then: &'static [char]) -> Names<'a> {
        let mut by_len: Vec<usize> = (0..seats.len()).collect();
        by_len.sort_by_key(|&i| std::cmp::Reverse(seats[i].name.len()));
        Names {
            seats,
            by_len,
            then,
        }
    }

    /// The seat-list index of the player whose name starts `l`, and the
    /// name's length.
    pub(super) fn at(&self, l: &str) -> Option<(usize, usize)> {
        let first = l.as_bytes().first();
        self.by_len
            .iter()
            .find(|&&i| {
                // (the first byte first: most names differ there)
                let name = self.seats[i].name.as_str();
                name.as_bytes().first().is_none_or(|b| Some(b) == first)
                    && l.strip_prefix(name)
                        .is_some_and(|r| self.then.is_empty() || r.starts_with(self.then))
            })
            .map(|&i| (i, self.seats[i].name.len()))
    }
}

/// Refuses a hand whose summary's board (in any order: some sites reorder
/// the flop) is not the streets' board.
pub(super) fn check_summary_board(summary: Option<&[Card]>, board: &[Card]) -> R<()> {
    if let Some(sb) = summary {
        let mut a = sb.to_vec();
        let mut b = board.to_vec();
        a.sort_unstable();
        b.sort_unstable();
        if a != b {
            return Err(Refusal::hand(
                "the summary's board is not the streets' board",
            ));
        }
    }
    Ok(())
}

/// The currency a symbol names.
pub(super) fn currency_of(symbol: Option<char>) -> Option<String> {
    match symbol? {
        '$' => Some("USD".into()),
        '€' => Some("EUR".into()),
        '£' => Some("GBP".into()),
        _ => None,
    }
}

impl Rec {
    /// Gives back the uncalled part of the largest bet ([`uncalled_lead`])
    /// to its player, for sites that write no uncalled-bet line: out of
    /// what the player put in, and, where the site wrote it in the
    /// player's collection (`collected_with_it`), out of that too.
    pub(super) fn give_back_uncalled(
        &mut self,
        seats: &[Seat],
        collected_with_it: impl FnOnce(&Rec, usize, Decimal) -> bool,
    ) -> R<Option<Decimal>> {
        // (no player puts in more than the stack: checked before the
        // uncalled part is given back, which could hide it)
        for (p, seat) in self.parts.iter().zip(seats) {
            if seat.stack.less_than(p.contributed) {
                return Err(Refusal::hand(format!(
                    "{} put in {}, more than the stack ({})",
                    seat.name, p.contributed, seat.stack
                )));
            }
        }
        let Some((top, lead)) = uncalled_lead(&self.parts) else {
            return Ok(None);
        };
        let with = collected_with_it(self, top, lead);
        let p = &mut self.parts[top];
        p.contributed = p.contributed.checked_sub(lead).unwrap_or_default();
        if with {
            p.collected = p
                .collected
                .checked_sub(lead)
                .filter(|d| d.mantissa >= 0)
                .ok_or_else(|| {
                    Refusal::hand(format!(
                        "{} bet {lead} that no one called and did not collect it back",
                        seats[top].name
                    ))
                })?;
        }
        Ok(Some(lead))
    }

    fn total(&self, f: impl Fn(&Part) -> Decimal) -> R<Decimal> {
        self.parts
            .iter()
            .try_fold(Decimal::default(), |a, p| a.checked_add(f(p)))
            .ok_or_else(|| Refusal::hand("an amount too large"))
    }

    /// What the players put in, and what they collected.
    pub(super) fn totals(&self) -> R<(Decimal, Decimal)> {
        Ok((self.total(|p| p.contributed)?, self.total(|p| p.collected)?))
    }

    /// The rake of a site that writes none: what was put in less what was
    /// collected, refused when negative, or when no site takes it: any in
    /// a tournament, more than a tenth of the pot (and a cent) at a cash
    /// table (the sites take 3 to 6.7%). What was collected is then not
    /// what the file means (a collection not read, an uncalled bet read
    /// the wrong way), and the hand is never passed with the difference
    /// booked as rake.
    pub(super) fn derived_rake(&self, tournament: bool) -> R<Decimal> {
        let (put, paid) = self.totals()?;
        let rake = put
            .checked_sub(paid)
            .filter(|r| r.mantissa >= 0)
            .ok_or_else(|| {
                Refusal::hand(format!(
                    "the players collected {paid}, more than the {put} they put in"
                ))
            })?;
        if !plausible_rake(rake, put, tournament) {
            return Err(Refusal::hand(format!(
                "the players collected {paid} of the {put} they put in: {rake} kept{}, more \
                 than any site's rake (a pot or a collection not read)",
                if tournament { " in a tournament" } else { "" }
            )));
        }
        Ok(rake)
    }
}
