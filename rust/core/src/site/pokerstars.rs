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
//! Played: hold'em, Omaha (4, 5 or 6 cards) and Omaha hi/lo, short deck
//! (PokerStars' 6+ Hold'em, GGPoker's ShortDeck: antes and the button's
//! blind), no-limit,
//! pot-limit and fixed-limit; PokerStars' seven-card stud, stud hi/lo and
//! razz (each street's cards, the bring-in, seventh street's unseen down
//! cards), 2-7 triple and single draw and badugi (each draw's discards,
//! the hero's drawn cards); cash (ring, Zoom, Rush & Cash, home games)
//! and tournaments. GGPoker's own: thousands grouped with commas, a `Dealt
//! to` line for every player, straddles (under the gun, then each next
//! player), missed blinds posted dead, fees beside the rake (jackpot,
//! bingo, fortune, tax), a showdown line before an all-in's runout,
//! all-in insurance premiums (kept beside the pot). A
//! mixed game's hand (`8-Game (Hold'em Limit, ...)`) is read as the game
//! it names.
//! A board run twice or three times (`*** SECOND RIVER ***`) is read with
//! each run's board. Refused with the reason: cap tables,
//! all-in cash-outs, EV cashouts, cash drops, straddles in
//! short deck, Split hold'em, Courchevel, 5 Card Draw, A-5 triple draw, a
//! cancelled hand, a hand cut short.
use super::hand::{
    add_seat, amount, build, cards, check_size, check_summary_board, clip, code, date, find, has,
    is_draw, is_short_deck_code, is_stud, last_cards, rfind, stakes, table_of, Act, GameSpec,
    Header, Names, Parsed, Rec, Seat, Street, StudDeals, R, SYMBOLS,
};
use super::{Block, Refusal, MAX_NAME_CHARS};
use crate::card::Card;
use crate::game::Structure;
use crate::phh::Decimal;

/// The header kinds: what follows `PokerStars ` in a hand's first line.
const KINDS: [&str; 5] = [
    "Hand #",
    "Game #",
    "Zoom Hand #",
    "Home Game Hand #",
    "Home Game #",
];

/// Whether `line` is (starts with) a hand's header: PokerStars' or
/// GGPoker's (`Poker Hand #`).
pub fn is_header(line: &str) -> bool {
    line.strip_prefix("PokerStars ")
        .is_some_and(|r| KINDS.iter().any(|k| r.starts_with(k)))
        || is_gg_header(line)
}

/// The headers Full Tilt wrote in its last year (2016, after PokerStars
/// bought it): PokerStars' layout under its own name.
const FT_PREFIXES: [&str; 2] = ["Full Tilt Hand #", "Full Tilt Rush Hand #"];

/// Whether `line` is (starts with) the header of a hand in Full Tilt's
/// 2016 layout (`Full Tilt Hand #N: `, `Full Tilt Rush Hand #N: `), which
/// is PokerStars' and is read as it is.
pub fn is_ft_header(line: &str) -> bool {
    super::hand::starts_numbered(line, &FT_PREFIXES)
}

/// Where a Full Tilt 2016 header starts inside `line`.
pub fn ft_header_at(line: &str) -> Option<usize> {
    super::hand::numbered_at(line, &FT_PREFIXES)
}

/// Whether `line` is (starts with) a GGPoker hand's header.
pub fn is_gg_header(line: &str) -> bool {
    line.strip_prefix("Poker Hand #")
        .is_some_and(|r| r.bytes().next().is_some_and(|b| b.is_ascii_alphanumeric()))
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
pub fn for_each_hand<'a>(text: &'a str, f: impl FnMut(Block<'a>) -> bool) {
    super::hand::for_each_hand(text, header_at, f)
}

/// Where a header starts inside `line` (a hand cut short can run into the
/// next hand's header on one line).
fn header_at(line: &str) -> Option<usize> {
    // (most lines hold no header: one vectorised test turns them away)
    static POKER: std::sync::LazyLock<memchr::memmem::Finder<'static>> =
        std::sync::LazyLock::new(|| memchr::memmem::Finder::new("Poker"));
    POKER.find(line.as_bytes())?;
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

/// The game names of headers, most specific first where one holds another.
const GAMES: [(&str, Option<(&str, usize)>); 25] = [
    ("6+ Hold'em", Some(("S", 2))),
    ("Split Hold'em", None),
    ("Hold'em", Some(("T", 2))),
    ("5 Card Omaha Hi/Lo", Some(("O/8", 5))),
    ("5 Card Omaha", Some(("O", 5))),
    ("6 Card Omaha Hi/Lo", Some(("O/8", 6))),
    ("6 Card Omaha", Some(("O", 6))),
    ("Omaha Hi/Lo", Some(("O/8", 4))),
    ("Omaha", Some(("O", 4))),
    ("Courchevel", None),
    ("Razz", Some(("RAZZ", 7))),
    ("7 Card Stud Hi/Lo", Some(("7S/8", 7))),
    ("7 Card Stud", Some(("7S", 7))),
    ("Triple Draw 2-7 Lowball", Some(("2L3D", 5))),
    ("Triple Draw", None),
    ("Single Draw 2-7 Lowball", Some(("2L1D", 5))),
    ("Single Draw", None),
    ("5 Card Draw", None),
    ("Badugi", Some(("B", 4))),
    ("HORSE", None),
    ("HOSE", None),
    ("8-Game", None),
    ("Mixed", None),
    ("Triple Stud", None),
    ("ShortDeck", Some(("S", 2))),
];

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
            "{name}: a game not converted (hold'em, short deck, Omaha, Omaha hi/lo, \
             seven-card stud, stud hi/lo, razz, 2-7 triple and single draw and badugi are)"
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

/// The stakes in a header's parentheses: `small/big`, or for short deck
/// (ante, button blind): PokerStars' `Button Blind $5 - Ante $5`, or
/// GGPoker's one amount, both the ante and the button blind.
fn stakes_of(inside: &str, game: Option<GameSpec>) -> Option<(Decimal, Decimal)> {
    if !game.is_some_and(|g| is_short_deck_code(g.code)) {
        return stakes(inside);
    }
    if let Some(r) = inside.trim().strip_prefix("Button Blind ") {
        let (button, ante) = r.split_once(" - Ante ")?;
        return Some((amount(ante)?, amount(button)?));
    }
    let x = amount(inside)?;
    Some((x, x))
}

/// The mixed games' names: a header writes the game of the hand in
/// brackets after one (`8-Game (Hold'em Limit, $400/$800 USD)`, `Mixed
/// NLH/PLO (Hold'em No Limit, ...)`, `HORSE (Razz Limit) - Level I ...`).
const MIXED: [&str; 5] = ["8-Game", "HORSE", "HOSE", "Triple Stud", "Mixed "];

/// A header naming a mixed game rewritten as the one of the hand
/// (`8-Game (Hold'em Limit, $400/$800 USD) - ...` as `Hold'em Limit
/// ($400/$800 USD) - ...`, a tournament's `8-Game (Razz Limit) - Level I`
/// as `Razz Limit - Level I`), with the mixed game's name; `None` for a
/// header of one game.
fn unwrap_mixed(line: &str) -> Option<(String, String)> {
    if is_gg_header(line) {
        // (GGPoker names no mixed game so; its tournament names are free text)
        return None;
    }
    // (after a home game's `{club}`, whose name is free text)
    let from = line.find('}').map_or(0, |c| c + 1);
    let (at, name) = line
        .char_indices()
        .filter(|&(i, _)| i > from && line.as_bytes()[i - 1] == b' ')
        .find_map(|(i, _)| {
            let t = &line[i..];
            MIXED.iter().find(|m| t.starts_with(*m)).map(|_| i)
        })
        .and_then(|i| {
            // the name runs to its bracket (`Mixed NLH/PLO (`), a few words
            let open = line[i..].find(" (")?;
            let name = &line[i..i + open];
            (name.len() <= 24 && !name.contains(['(', ')', '-']) || name == "8-Game")
                .then_some((i, name))
        })?;
    let inside_at = at + name.len() + 2;
    let close = inside_at + line[inside_at..].find(')')?;
    let inside = &line[inside_at..close];
    if inside.contains('(') {
        return None;
    }
    let game = match inside.split_once(", ") {
        Some((game, stakes)) => format!("{game} ({stakes})"),
        None => inside.to_string(),
    };
    Some((
        format!("{}{game}{}", &line[..at], &line[close + 1..]),
        name.to_string(),
    ))
}

fn header(line: &str) -> R<Header> {
    let (unwrapped, mixed) = unwrap_mixed(line).unzip();
    let line = unwrapped.as_deref().unwrap_or(line);
    let bad = |why: &str| Refusal::hand(format!("the header: {why}"));
    let gg = is_gg_header(line);
    let mut h = Header {
        site: if gg {
            "GGPoker"
        } else if is_ft_header(line) {
            "Full Tilt Poker"
        } else {
            "PokerStars"
        },
        mixed,
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
        h.stakes = stakes_of(&lv_text[open + 1..open + close], h.game)
            .ok_or_else(|| bad("blinds not read"))?;
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
        // (PokerStars' 6+ headers can hold no-break spaces: `Button\u{a0}Blind`)
        let spaced = inside.replace('\u{a0}', " ");
        let mut inside = spaced.trim();
        if let Some((money, code)) = inside.rsplit_once(' ') {
            if code.len() == 3 && code.bytes().all(|b| b.is_ascii_uppercase()) {
                h.currency = Some(code.to_string());
                inside = money.trim();
            }
        }
        h.symbol = inside
            .trim_start_matches("Button Blind ")
            .chars()
            .next()
            .filter(|c| SYMBOLS.contains(c));
        h.stakes = stakes_of(inside, h.game).ok_or_else(|| bad("stakes not read"))?;
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

/// Parses one hand's lines into a PHH history (`source` names the text).
pub fn parse(block: &Block<'_>, source: &str) -> R<Parsed> {
    check_size(block)?;
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
    let stud = is_stud(game.code);
    if stud && game.structure != Structure::FixedLimit {
        return Err(Refusal::at(
            lines[0].0,
            "stud at pot limit or no limit: the engine plays stud at fixed limit",
        ));
    }
    // (a stud table has no button: the players are in seat order)
    let (table, max_seats, button) = if stud {
        stud_table_of(table_line)
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
    let mut seats: Vec<Seat> = Vec::new();
    let mut k = 2;
    while let Some(&(n, l)) = lines.get(k) {
        if !l.starts_with("Seat ") || !has(l, " in chips") {
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
    // names longest first, to match a line's start
    let names = Names::new(&seats, &[]);
    let who = |l: &str| names.at(l);
    let mut rec = Rec::new(seats.len());
    let mut summary_board: Option<Vec<Card>> = None;
    let mut total_pot: Option<Decimal> = None;
    let mut rake = Decimal::default();
    let mut summary_seen = false;
    // a draw game: whether a draw's round is being written (its discards)
    let draw_game = is_draw(game.code);
    let mut in_draw = false;
    // stud: who was dealt in and who folded, and the street whose cards are
    // being dealt (who got a `Dealt to` line for it)
    let mut deals = StudDeals::new(seats.len());
    let mut fourth_big = false;
    // GGPoker's fees besides the rake (jackpot, bingo, ...), kept by name
    let mut fees: Vec<(String, Decimal)> = Vec::new();
    // GGPoker's all-in insurance premiums, by seat-list index (paid to the
    // site, outside the pot)
    let mut premiums: Vec<Decimal> = vec![Decimal::default(); seats.len()];
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
            if stud {
                deals.flush(&mut rec);
                let next = match name {
                    "3rd STREET" => Some(Street::Preflop),
                    "4th STREET" => Some(Street::Flop),
                    "5th STREET" => Some(Street::Turn),
                    "6th STREET" => Some(Street::River),
                    "RIVER" => Some(Street::Seventh),
                    _ => None,
                };
                if let Some(next) = next {
                    if next == Street::Preflop {
                        rec.street(next, None, n)?;
                    } else {
                        rec.round_street(next, n)?;
                        deals.street();
                        // the deck ran short: seventh street's card is
                        // the board's (`*** RIVER *** [Kd]`)
                        if let Some(c) = last_cards(marker).filter(|_| next == Street::Seventh) {
                            // (and no player gets a card of its own)
                            rec.community(c, n)?;
                            deals.dealing = None;
                        }
                    }
                    continue;
                }
            }
            if draw_game {
                let draw = match name {
                    "FIRST DRAW" | "DRAW" => Some(Street::Flop),
                    "SECOND DRAW" => Some(Street::Turn),
                    "THIRD DRAW" => Some(Street::River),
                    _ => None,
                };
                if let Some(next) = draw {
                    rec.draw_street(next, n)?;
                    in_draw = true;
                    continue;
                }
            }
            // A board run more than once: `*** FIRST TURN *** [..] [7h]`, the
            // first run's streets as any, `*** SECOND RIVER *** [..] [Ah]`
            // the second's (and GGPoker's third), `*** FIRST SHOWDOWN ***`
            let (run, name) = match name.split_once(' ') {
                Some(("FIRST", rest)) => (1, rest),
                Some(("SECOND", rest)) => (2, rest),
                Some(("THIRD", rest)) => (3, rest),
                _ => (1, name),
            };
            if run > 1 && matches!(name, "FLOP" | "TURN" | "RIVER") {
                let groups: Vec<Vec<Card>> = bracket_groups(marker);
                let (before, new) = match groups.as_slice() {
                    [new] => (Vec::new(), new.clone()),
                    [before, new] => (before.clone(), new.clone()),
                    _ => return Err(Refusal::at(n, "a run's board not read")),
                };
                rec.run_street(run, &before, new, n)?;
                continue;
            }
            let next = match name {
                "HOLE CARDS" | "DEALING HANDS" => Street::Preflop,
                "FLOP" => Street::Flop,
                "TURN" => Street::Turn,
                "RIVER" => Street::River,
                // (GGPoker writes its showdown line before an all-in's
                // runout: it changes no street)
                "SHOW DOWN" | "SHOWDOWN" => continue,
                "SUMMARY" => Street::Summary,
                _ => return Err(Refusal::at(n, format!("a street not played: '{name}'"))),
            };
            // `[board so far] [new card]`: the new cards are the last group
            let new = if matches!(next, Street::Flop | Street::Turn | Street::River) {
                last_cards(marker)
            } else {
                None
            };
            rec.street(next, new, n)?;
            if next == Street::Summary {
                summary_seen = true;
            }
            continue;
        }
        if rec.street == Street::Summary {
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
                summary_board = Some(
                    last_cards(l).ok_or_else(|| Refusal::at(n, "the summary's board not read"))?,
                );
            } else if l.starts_with("Hand was run ") {
                // (`twice`, `two times`, `three times`: the runs' markers
                // said so)
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
                                let c = cs
                                    .find(']')
                                    .and_then(|end| shown(&cs[..end]))
                                    .ok_or_else(|| Refusal::at(n, "the cards shown not read"))?;
                                rec.show_in(game, i, c, n)?;
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
                            continue;
                        }
                    }
                }
                return Err(summary_line(l, n));
            } else if !["FIRST Board [", "SECOND Board [", "THIRD Board ["]
                .iter()
                .any(|b| l.starts_with(b))
                // (GGPoker: a run's name on a line of its own, its
                // `Board [...]` next)
                && !matches!(l, "FIRST" | "SECOND" | "THIRD")
                && !noise(l)
            {
                // (a line a summary does not hold: another hand whose
                // header was not read, or the file damaged; the hand is
                // refused, never its rest ignored)
                return Err(summary_line(l, n));
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
            if stud {
                // third street: `[5d Ks 2h]` (the hero's three) or `[Kc]` (an
                // up card, the two down cards unseen); then `[Kc 4d] [Qd]`,
                // the street's card last
                let c = last_cards(&rest[len..])
                    .ok_or_else(|| Refusal::at(n, "stud cards not read"))?;
                let cards = StudDeals::shape(c, rec.street == Street::Preflop, n)?;
                deals.deal(&mut rec, i, cards, n)?;
                continue;
            }
            if draw_game && in_draw {
                // `Dealt to Hero [kept] [drawn]`: the last group is the draw's
                let c = last_cards(&rest[len..])
                    .ok_or_else(|| Refusal::at(n, "cards drawn not read"))?;
                rec.draw_deal(i, c, n)?;
                continue;
            }
            let c = cards(
                rest[len..]
                    .trim()
                    .trim_start_matches('[')
                    .trim_end_matches(']'),
            )
            .ok_or_else(|| Refusal::at(n, "hole cards not read"))?;
            rec.dealt(i, c, game.hole_cards, n)?;
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
            rec.uncalled(i, x, n)?;
            continue;
        }
        if matches!(l, "Betting is capped" | "No low hand qualified") {
            continue;
        }
        if stud && l == "Pair on board - a double bet is allowed" {
            // (fourth street with an open pair: the big bet may be made,
            // WSOP live-action rule 230, as the engine plays it on asking)
            fourth_big = true;
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
            // GGPoker's all-in insurance: bought (`get an all-in
            // insurance (premium ($0/$4/$0) for ($0/$10.8/$0) -
            // (Mandatory/Main/Sub))`), then its premium paid to the site
            // outside the pot (`pay premium of all-in insurance ($4)`); the
            // pot is played as any. What the site pays out on a lost pot
            // has no known line: a hand with one is refused below.
            if action.starts_with("get an all-in insurance (premium (") {
                continue;
            }
            if let Some(x) = action
                .strip_prefix("pay premium of all-in insurance (")
                .and_then(|x| x.strip_suffix(')'))
            {
                let x = unit_ok(amount(x), n, "an insurance premium")?;
                premiums[i] = premiums[i]
                    .checked_add(x)
                    .ok_or_else(|| Refusal::at(n, "an amount too large"))?;
                continue;
            }
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
                let x = unit_ok(amount(x), n, "a straddle")?;
                rec.straddle(i, x, all_in, n)?;
                continue;
            }
            if let Some(x) = action.strip_prefix("posts ") {
                let (what, x) = x
                    .rsplit_once(' ')
                    .ok_or_else(|| Refusal::at(n, "a post not read"))?;
                let x = unit_ok(amount(x), n, "a post")?;
                match what {
                    "the ante" => rec.ante(i, x, all_in, n)?,
                    "small blind" => rec.small_blind(i, x, all_in, n)?,
                    "big blind" => rec.big_blind(i, x, all_in, n)?,
                    // short deck's one blind
                    "button blind" => rec.button_blind(i, x, all_in, n)?,
                    // GGPoker: a missed small blind, dead money
                    "missed blind" => rec.dead_small_blind(i, x, all_in, n)?,
                    "small & big blinds" => {
                        // the small blind's part is dead; the big blind live
                        let bb = if game.structure == Structure::FixedLimit {
                            h.stakes.0
                        } else {
                            h.stakes.1
                        };
                        rec.small_and_big(i, x, bb, all_in, n)?
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
            if draw_game && (action.starts_with("discards ") || action.starts_with("stands pat")) {
                if !in_draw {
                    // (a single draw's file writes no line before its draw;
                    // the other draws have their markers)
                    if rec.street != Street::Preflop {
                        return Err(Refusal::at(n, "a draw outside a draw's round"));
                    }
                    rec.draw_street(Street::Flop, n)?;
                    in_draw = true;
                }
                let thrown = match action.strip_prefix("discards ") {
                    // `discards 2 cards[ [8h 6s]]`: the cards shown to the hero
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
                continue;
            }
            let betting = action == "folds"
                || action.starts_with("folds [")
                || action == "folds (disconnect)"
                || action == "checks"
                || ["calls ", "bets ", "raises "]
                    .iter()
                    .any(|w| action.starts_with(w));
            if draw_game && betting {
                // (the draw's discards are over; a player's status line
                // between them is not)
                in_draw = false;
            }
            if stud {
                deals.flush(&mut rec);
                if let Some(x) = action.strip_prefix("brings in for ") {
                    rec.bring_in(i, unit_ok(amount(x), n, "a bring-in")?, all_in, n)?;
                    continue;
                }
                if let Some(x) = action.strip_prefix("completes it to ") {
                    rec.raise_to(i, unit_ok(amount(x), n, "a completion")?, n)?;
                    continue;
                }
            }
            if action == "folds" || action.starts_with("folds [") || action == "folds (disconnect)"
            {
                deals.folded[i] = true;
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
            } else if action.starts_with("shows [") || action.starts_with("mucks hand [") {
                let a = &action[..find(action, " (").unwrap_or(action.len())];
                let c = a
                    .rfind('[')
                    .and_then(|open| shown(a[open + 1..].trim_end().strip_suffix(']')?))
                    .ok_or_else(|| Refusal::at(n, "the cards shown not read"))?;
                rec.show_in(game, i, c, n)?;
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
                // (an exporter's line: chips brought to the table after the
                // hand, no part of it)
                || action.starts_with("Table deposit ")
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
            rec.collect(i, unit_ok(amount(&x[..end]), n, "a collected pot")?, n)?;
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
    if stud
        && rec.acts.iter().any(|a| matches!(a, Act::Deal(..)))
        && !deals.dealt_in.iter().any(|&d| d)
    {
        return Err(Refusal::hand("no third street dealt"));
    }
    if rec.street < Street::Preflop && rec.acts.is_empty() {
        return Err(Refusal::hand("no cards dealt"));
    }
    check_summary_board(summary_board.as_deref(), &rec.board)?;
    let mut parsed = build(
        &h, game, &table, max_seats, button, &seats, &rec.parts, &rec.acts, total_pot, rake,
        source, &fees,
    )?;
    // (seven-card stud's option only: stud/8 has none, WSOP live-action
    // rule 247; a double bet made there is refused by the replay)
    if fourth_big && game.code == "F7S" {
        parsed.history.fields.push((
            "_fourth_street_big_bet".into(),
            crate::phh::toml::Value::Bool(true),
        ));
    }
    if premiums.iter().any(|p| p.mantissa != 0) {
        // by PHH player, as `players` lists them (names are unique)
        let players: Vec<String> = match parsed.history.get("players") {
            Some(crate::phh::toml::Value::Array(v)) => v
                .iter()
                .map(|x| match x {
                    crate::phh::toml::Value::Str(s) => s.to_string(),
                    _ => String::new(),
                })
                .collect(),
            _ => Vec::new(),
        };
        for (i, p) in premiums.iter().enumerate() {
            if p.mantissa != 0 && !players.contains(&seats[i].name) {
                return Err(Refusal::hand(
                    "an insurance premium paid by a player not dealt in",
                ));
            }
        }
        let by_player: Vec<crate::phh::toml::Value> = players
            .iter()
            .map(|name| {
                let p = seats
                    .iter()
                    .position(|s| &s.name == name)
                    .map_or(Decimal::default(), |i| premiums[i]);
                super::hand::num(p)
            })
            .collect();
        parsed.history.fields.push((
            "_insurance_premiums".into(),
            crate::phh::toml::Value::Array(by_player),
        ));
    }
    Ok(parsed)
}

/// The cards of a show (`Ac Kd`): every card read, or the line refused;
/// a card an exporter writes as unknown (`XX`, `??`) is left out, the
/// others kept (a hand shown in part).
fn shown(text: &str) -> Option<Vec<Card>> {
    let known: String = text
        .split_whitespace()
        .filter(|t| !matches!(*t, "XX" | "xx" | "??"))
        .collect::<Vec<_>>()
        .join(" ");
    cards(&known)
}

/// The card groups of a street marker: `[Td Qc 2c] [Kc]`.
pub(super) fn bracket_groups(text: &str) -> Vec<Vec<Card>> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('[') {
        let Some(close) = rest[open..].find(']') else {
            break;
        };
        match cards(&rest[open + 1..open + close]) {
            Some(c) => out.push(c),
            None => return Vec::new(),
        }
        rest = &rest[open + close + 1..];
        if out.len() > 2 {
            return Vec::new();
        }
    }
    out
}

/// `Table 'NAME' 8-max[ (Play Money)]`: a stud table's line, which names
/// no button (button 0: the players go in seat order).
pub(super) fn stud_table_of(line: &str) -> Option<(String, u32, u32)> {
    let rest = line.strip_prefix("Table '")?;
    let quote = rest.rfind('\'')?;
    let name = &rest[..quote];
    if name.chars().count() > MAX_NAME_CHARS {
        return None;
    }
    let max = rest[quote + 1..]
        .split_whitespace()
        .find_map(|w| w.strip_suffix("-max"))
        .and_then(|m| m.parse().ok())
        .unwrap_or(8);
    Some((name.to_string(), max, 0))
}

/// Lines of no consequence for play: chat, connections, seats taken and
/// left, bounties and places.
/// The refusal of a summary line that is none of a summary's.
fn summary_line(l: &str, n: usize) -> Refusal {
    Refusal::at(n, format!("a summary line not understood: '{}'", clip(l)))
}

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
    // (a draw game's stub running out: the engine reshuffles as the site
    // does, the discards with the stub)
    if l == "The deck is reshuffled" || l == "Table leave user" {
        return true;
    }
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
