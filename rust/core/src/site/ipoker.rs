//! iPoker network hand histories (the XML its clients write) to PHH.
//!
//! A file holds sessions, `<session sessioncode="...">`, each a `<general>`
//! part (the game type `Holdem NL £0.05/£0.10`, the table, the currency,
//! a tournament's code and name) and its hands, `<game gamecode="...">`:
//! the players (`<player seat="3" name="..." chips="$0.88" dealer="1"
//! win="$0" bet="$0.02"/>`), then rounds: round 0 the posts, round 1 the
//! hole cards and the betting before the flop, rounds 2 to 4 the boards and
//! their betting. Actions are numbered (`no`), and a round lists them out of
//! order: they are played in their numbers' order. The action types:
//! 0 fold, 1 small blind, 2 big blind, 3 call, 4 check, 5 bet, 6 raise by,
//! 7 all-in (a call or raise by what it adds), 8 and 9 no hand (joined,
//! sitting out), 15 ante, 23 raise to; amounts (`sum`) are what the action adds, but for 23's total.
//! Cards are the suit then the rank (`CA`, `D10`), `X` unseen. Stud games:
//! round 2 is third street (round 1 empty), then a round a street, each
//! player's street cards in a `<cards type="Fourth Street">` element;
//! type 16 is the bring-in.
//!
//! Each player's `win` is what it collected, with any uncalled part of its
//! bet; `bet` what it put in, with that part. No rake is written: it is what
//! was put in less what was won.
//!
//! The XML is read by `roxmltree` (no DTD, a bounded number of nodes); a
//! hand's text is bounded by [`MAX_GAME_BYTES`].
use super::hand::{
    add_seat, build, clip, find, is_stud, real_date, Date, GameSpec, Header, Parsed, Rec, Seat,
    Street, R, SYMBOLS,
};
use super::{Block, Refusal, MAX_NAME_CHARS};
use crate::card::Card;
use crate::game::Structure;
use crate::phh::Decimal;
use roxmltree::{Document, Node, ParsingOptions};

/// The most bytes of one hand's XML (a real one is under 20 KiB).
pub const MAX_GAME_BYTES: usize = 1 << 20;
/// The most XML nodes of one hand or session header.
const MAX_NODES: u32 = 20_000;

/// Whether `line` opens an iPoker session (after the XML declaration, on
/// the same line in some files).
pub fn is_header(line: &str) -> bool {
    (line.starts_with("<session") || line.starts_with("<?xml"))
        && find(line, "<session").is_some_and(|i| find(&line[i..], "sessioncode").is_some())
}

/// Lines outside hands: the XML declaration, the session's header and
/// closing tags.
pub fn is_separator(line: &str) -> bool {
    line.starts_with('<')
}

/// Calls `f` with each hand (`<game>` element) of `text` in turn; `f`
/// returns false to stop. A hand's block holds its session's `<general>`
/// part first (empty when none came before it), then the game's text.
/// Text outside the games, the sessions' headers and closing tags (a game
/// not read as one, garbage) is given as a block of its own, which
/// [`parse`] refuses: nothing is dropped silently. Each search starts
/// where the last one stopped, so the time is linear in the text.
pub fn for_each_hand<'a>(text: &'a str, mut f: impl FnMut(Block<'a>) -> bool) {
    let mut pos = 0;
    let mut line = 1;
    let mut counted = 0;
    let mut general: (usize, &'a str) = (0, "");
    let mut line_at = |at: usize| {
        line += text.as_bytes()[counted..at]
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
        counted = at;
        line
    };
    // the next game and session at or after a place, kept while ahead of
    // it (`Some(None)`: none is left)
    let mut next_g: Option<Option<usize>> = None;
    let mut next_s: Option<Option<usize>> = None;
    let ahead =
        |cache: &mut Option<Option<usize>>, from: usize, search: fn(&str) -> Option<usize>| {
            match *cache {
                Some(Some(x)) if x >= from => Some(x),
                Some(None) => None,
                _ => {
                    let r = search(&text[from..]).map(|i| from + i);
                    *cache = Some(r);
                    r
                }
            }
        };
    let session_at = |t: &str| find(t, "<session");
    loop {
        let game = ahead(&mut next_g, pos, next_game);
        let session = ahead(&mut next_s, pos, session_at);
        let next = match (session, game) {
            (Some(s), Some(g)) => s.min(g),
            (Some(x), None) | (None, Some(x)) => x,
            (None, None) => text.len(),
        };
        // what lies between: closing tags and declarations only
        let gap = &text[pos..next];
        if let Some(j) = junk_in(gap) {
            let n = line_at(pos + j);
            let block = Block {
                line: n,
                lines: vec![(0, ""), (n, gap[j..].trim())],
                too_long: false,
            };
            if !f(block) {
                return;
            }
        }
        match (session, game) {
            (Some(s), g) if g.is_none_or(|g| s < g) => {
                // the session's header: its <general> before its first game
                // (and before the next session)
                let after = s + "<session".len();
                let upto = g
                    .unwrap_or(text.len())
                    .min(ahead(&mut next_s, after, session_at).unwrap_or(text.len()));
                let head = &text[s..upto];
                let tag_end = head.find('>').map_or(head.len(), |e| e + 1);
                // (the session's own <general>: right after its tag)
                let own = |a: usize| head[tag_end.min(a)..a].trim().is_empty();
                (general, pos) = match (find(head, "<general>"), find(head, "</general>")) {
                    (Some(a), Some(b)) if a < b && own(a) => {
                        let n = line_at(s + a);
                        let close = b + "</general>".len();
                        ((n, &head[a..close]), s + close)
                    }
                    _ => ((0, ""), s + tag_end),
                };
            }
            (_, Some(g)) => {
                // to its closing tag, or, for a game cut short, to the next
                // game or session (which is read on its own, not swallowed)
                let limit = ahead(&mut next_g, g + 1, next_game)
                    .into_iter()
                    .chain(ahead(&mut next_s, g + 1, session_at))
                    .min()
                    .unwrap_or(text.len());
                let stop =
                    find(&text[g..limit], "</game>").map_or(limit, |e| g + e + "</game>".len());
                let n = line_at(g);
                let block = Block {
                    line: n,
                    lines: vec![general, (n, &text[g..stop])],
                    too_long: stop - g > MAX_GAME_BYTES,
                };
                if !f(block) {
                    return;
                }
                pos = stop;
            }
            _ => return,
        }
    }
}

/// Where `gap` (text between a file's elements) holds something besides
/// white space, closing tags, XML declarations and comments: a game not
/// read as one (`<GAME ...>`), or garbage.
fn junk_in(gap: &str) -> Option<usize> {
    let mut at = 0;
    loop {
        let rest = &gap[at..];
        let t = rest.trim_start();
        if t.is_empty() {
            return None;
        }
        let here = at + (rest.len() - t.len());
        let close = if t.starts_with("</") {
            t.find('>').map(|e| e + 1)
        } else if t.starts_with("<?") {
            find(t, "?>").map(|e| e + 2)
        } else if t.starts_with("<!--") {
            find(t, "-->").map(|e| e + 3)
        } else {
            None
        };
        match close {
            Some(len) => at = here + len,
            None => return Some(here),
        }
    }
}

/// Where the next `<game>` element starts in `text` (not `<gametype>`).
fn next_game(text: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(i) = find(&text[from..], "<game") {
        let at = from + i;
        if text[at + 5..].starts_with([' ', '>', '\t', '\r', '\n']) {
            return Some(at);
        }
        from = at + 5;
    }
    None
}

fn options<'a>() -> ParsingOptions<'a> {
    ParsingOptions {
        allow_dtd: false,
        nodes_limit: MAX_NODES,
        ..ParsingOptions::default()
    }
}

/// An amount: a currency sign or code before or after it (`£0.05`,
/// `RSD1`, `1,000.50`).
fn amount(text: &str) -> Option<Decimal> {
    let t = text
        .trim()
        .trim_matches(|c: char| c.is_ascii_uppercase() || SYMBOLS.contains(&c));
    super::pacific::amount(t)
}

/// A card as iPoker writes it: the suit, then the rank (`CA`, `D10`).
fn card(text: &str) -> Option<Card> {
    let mut chars = text.chars();
    let suit = chars.next()?.to_ascii_lowercase();
    let rank = match chars.as_str() {
        "10" => "T",
        r => r,
    };
    if rank.len() != 1 {
        return None;
    }
    format!("{rank}{suit}").parse().ok()
}

/// A stud street's cards, each `None` where unseen (`X X DA`).
fn stud_cards(text: &str) -> R<Vec<Option<Card>>> {
    let toks: Vec<&str> = text.split_whitespace().collect();
    if toks.is_empty() || toks.len() > 3 {
        return Err(Refusal::hand(format!(
            "stud cards not read: '{}'",
            clip(text)
        )));
    }
    toks.iter()
        .map(|t| {
            if t.eq_ignore_ascii_case("x") {
                Ok(None)
            } else {
                card(t)
                    .map(Some)
                    .ok_or_else(|| Refusal::hand(format!("cards not read: '{}'", clip(text))))
            }
        })
        .collect()
}

/// Cards, space-separated; `None` for unseen ones (`X X`).
fn cards(text: &str) -> R<Option<Vec<Card>>> {
    let toks: Vec<&str> = text.split_whitespace().collect();
    if toks.is_empty() || toks.iter().all(|t| t.eq_ignore_ascii_case("x")) {
        return Ok(None);
    }
    if toks.len() > 7 {
        return Err(Refusal::hand("too many cards in one group"));
    }
    toks.iter()
        .map(|t| card(t))
        .collect::<Option<Vec<Card>>>()
        .map(Some)
        .ok_or_else(|| Refusal::hand(format!("cards not read: '{}'", clip(text))))
}

fn child<'a>(node: Node<'a, 'a>, name: &str) -> Option<Node<'a, 'a>> {
    node.children().find(|c| c.has_tag_name(name))
}

fn text_of<'a>(node: Node<'a, 'a>, name: &str) -> Option<&'a str> {
    child(node, name).and_then(|c| c.text()).map(str::trim)
}

/// `2011-11-04 18:46:19`, or newer clients' `18.05.2021 18:26:13`.
fn date(text: &str) -> Option<Date> {
    let (d, t) = text.trim().split_once(' ')?;
    let mut ymd: Vec<u32> = d.split(['-', '.']).filter_map(|x| x.parse().ok()).collect();
    if d.contains('.') {
        ymd.reverse();
    }
    let hms: Vec<u32> = t.split(':').filter_map(|x| x.parse().ok()).collect();
    let &[y, m, d] = ymd.as_slice() else {
        return None;
    };
    real_date([y, m, d], &hms, "")
}

/// The game and stakes of `Holdem NL £0.05/£0.10`, `Omaha PL €5/€10`,
/// `Holdem L $5/$10`.
fn game_type(text: &str) -> R<(GameSpec, Option<(Decimal, Decimal)>)> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let stakes = words.iter().rev().find_map(|w| {
        let (a, b) = w.split_once('/')?;
        Some((amount(a)?, amount(b)?))
    });
    let has = |w: &str| words.contains(&w);
    let structure = if has("NL") || has("SL") || has("БЛ") {
        Structure::NoLimit
    } else if has("PL") || find(text, "Pot limit").is_some() {
        Structure::PotLimit
    } else if has("L") || has("Limit") || has("FL") {
        Structure::FixedLimit
    } else {
        return Err(Refusal::hand(format!(
            "the game '{}': no betting structure",
            clip(text)
        )));
    };
    let stud = text.starts_with("7 Card Stud") || words.first() == Some(&"Razz");
    if stud && structure != Structure::FixedLimit {
        return Err(Refusal::hand(
            "stud at pot limit or no limit: the engine plays stud at fixed limit",
        ));
    }
    let (game, hole_cards) = match words.first().copied() {
        Some("Razz") => ("RAZZ", 7),
        Some("7") if stud && (find(text, "Hi-Lo").is_some() || find(text, "Hi/Lo").is_some()) => {
            ("7S/8", 7)
        }
        Some("7") if stud => ("7S", 7),
        Some("Holdem") => ("T", 2),
        // a game type naming only the structure (`PL €2/€4`): the hole
        // cards will tell (0 for now)
        Some("PL" | "NL" | "L") => ("?", 0),
        Some("Omaha") if find(text, "Hi-Lo").is_some() || find(text, "Hi/Lo").is_some() => {
            ("O/8", 4)
        }
        Some("Omaha") => ("O", 4),
        _ => {
            return Err(Refusal::hand(format!(
                "{}: a game not converted (hold'em, Omaha, Omaha hi/lo, seven-card stud, stud \
                 hi/lo and razz are)",
                clip(text)
            )))
        }
    };
    Ok((
        GameSpec {
            code: if game == "?" {
                "?"
            } else {
                super::hand::code(game, structure)
            },
            structure,
            hole_cards,
        },
        stakes,
    ))
}

/// Parses one hand (`<game>`) into a PHH history (`source` names the text).
pub fn parse(block: &Block<'_>, source: &str) -> R<Parsed> {
    if block.too_long {
        return Err(Refusal::hand(format!(
            "a hand of more than {MAX_GAME_BYTES} bytes"
        )));
    }
    let (general, game_text, n) = match block.lines.as_slice() {
        [(_, g), (n, t)] => (*g, *t, *n),
        _ => return Err(Refusal::hand("not one hand")),
    };
    if !game_text.starts_with("<game") {
        return Err(Refusal::at(
            n,
            format!(
                "text outside any <game> element (not a hand iPoker writes): '{}'",
                clip(game_text.lines().next().unwrap_or(""))
            ),
        ));
    }
    let at = |why: String| Refusal::at(n, why);
    let gdoc = if general.is_empty() {
        None
    } else {
        Some(
            Document::parse_with_options(general, options())
                .map_err(|e| at(format!("the session's header is not XML: {e}")))?,
        )
    };
    let gnode = gdoc.as_ref().map(|d| d.root_element());
    let doc = Document::parse_with_options(game_text, options())
        .map_err(|e| at(format!("the hand is not whole XML (cut short?): {e}")))?;
    let game_el = doc.root_element();
    if !game_el.has_tag_name("game") {
        return Err(at("not a <game> element".into()));
    }
    let number = game_el.attribute("gamecode").unwrap_or("").trim();
    if number.is_empty() || number.len() > 30 || !number.bytes().all(|b| b.is_ascii_alphanumeric())
    {
        return Err(at("the game code is not digits".into()));
    }
    let gametype = gnode.and_then(|g| text_of(g, "gametype")).unwrap_or("");
    let (spec, named) = game_type(gametype).map_err(|mut r| {
        r.line = Some(n);
        r
    })?;
    let table = gnode
        .and_then(|g| text_of(g, "tablename"))
        .unwrap_or("iPoker")
        .chars()
        .take(MAX_NAME_CHARS)
        .collect::<String>();
    let ggen = child(game_el, "general").ok_or_else(|| at("no <general> in the hand".into()))?;
    let players_el = child(ggen, "players").ok_or_else(|| at("no <players> in the hand".into()))?;
    let mut seats: Vec<Seat> = Vec::new();
    let mut won: Vec<Decimal> = Vec::new();
    let mut button = None;
    for p in players_el.children().filter(|c| c.has_tag_name("player")) {
        let name = p.attribute("name").unwrap_or("").to_string();
        let number: u32 = p
            .attribute("seat")
            .and_then(|s| s.trim().parse().ok())
            .filter(|s| (1..=10).contains(s))
            .ok_or_else(|| at(format!("{}'s seat not read", clip(&name))))?;
        let stack = p
            .attribute("chips")
            .and_then(amount)
            .ok_or_else(|| at(format!("{}'s chips not read", clip(&name))))?;
        let win = p.attribute("win").and_then(amount).unwrap_or_default();
        // (an empty seat: some files list it, without a name, chips or
        // anything bet or won)
        let zero = |key: &str| {
            p.attribute(key)
                .and_then(amount)
                .is_none_or(|x| x.mantissa == 0)
        };
        if name.is_empty() && stack.mantissa == 0 && zero("bet") && zero("win") {
            continue;
        }
        if p.attribute("dealer") == Some("1") {
            button = Some(number);
        }
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
        won.push(win);
    }
    if seats.len() < 2 {
        return Err(at("fewer than two players".into()));
    }
    let stud = is_stud(spec.code);
    // (a stud hand's players go in seat order: its dealer mark is not used)
    let button = if stud {
        0
    } else {
        button.ok_or_else(|| at("no dealer marked".into()))?
    };
    // seats in order, their winnings with them
    let mut idx: Vec<usize> = (0..seats.len()).collect();
    idx.sort_by_key(|&i| seats[i].number);
    let seats: Vec<Seat> = idx.iter().map(|&i| seats[i].clone()).collect();
    let won: Vec<Decimal> = idx.iter().map(|&i| won[i]).collect();
    let who = |name: &str| seats.iter().position(|s| s.name == name);
    // a game type naming no game: hold'em or Omaha by the hole cards seen
    let spec = if spec.hole_cards == 0 {
        let seen = game_el
            .descendants()
            .filter(|c| c.has_tag_name("cards") && c.attribute("type") == Some("Pocket"))
            .filter_map(|c| cards(c.text().unwrap_or("")).ok().flatten())
            .map(|c| c.len())
            .next();
        let (g, k) = match seen {
            Some(2) => ("T", 2),
            Some(4) => ("O", 4),
            Some(5) => ("O", 5),
            _ => {
                return Err(at(format!(
                    "the game '{}': not named, no hole cards seen",
                    clip(gametype)
                )))
            }
        };
        GameSpec {
            code: super::hand::code(g, spec.structure),
            structure: spec.structure,
            hole_cards: k,
        }
    } else {
        spec
    };
    let mut rec = Rec::new(seats.len());
    let mut big_blind = None;
    let mut first_bet: Option<Decimal> = None;
    let mut ups: Vec<Vec<Option<Card>>> = vec![Vec::new(); seats.len()];
    let mut first_big: Option<Decimal> = None;
    let mut rounds: Vec<Node> = game_el
        .children()
        .filter(|c| c.has_tag_name("round"))
        .collect();
    rounds.sort_by_key(|r| {
        r.attribute("no")
            .and_then(|x| x.parse::<u32>().ok())
            .unwrap_or(0)
    });
    for round in rounds {
        let no: u32 = round
            .attribute("no")
            .and_then(|x| x.parse().ok())
            .ok_or_else(|| at("a round without its number".into()))?;
        // the board and hole cards of the round
        let mut board: Option<Vec<Card>> = None;
        let mut deals: Vec<(usize, Vec<Option<Card>>)> = Vec::new();
        for c in round.children().filter(|c| c.has_tag_name("cards")) {
            let kind = c.attribute("type").unwrap_or("");
            if stud {
                if !matches!(
                    kind,
                    "Third Street" | "Fourth Street" | "Fifth Street" | "Sixth Street" | "River"
                ) {
                    return Err(at(format!("cards of a kind not played: '{}'", clip(kind))));
                }
                let i = who(c.attribute("player").unwrap_or(""))
                    .ok_or_else(|| at("cards dealt to a player not seated".into()))?;
                let got = stud_cards(c.text().unwrap_or("")).map_err(|mut r| {
                    r.line = Some(n);
                    r
                })?;
                let third = kind == "Third Street";
                let got = match (third, got.len()) {
                    (true, 3) | (false, 1) => got,
                    (true, 1) => vec![None, None, got[0]],
                    _ => return Err(at(format!("{} stud cards dealt on {kind}", got.len()))),
                };
                deals.push((i, got));
                continue;
            }
            let kind = c.attribute("type").unwrap_or("");
            let got = cards(c.text().unwrap_or("")).map_err(|mut r| {
                r.line = Some(n);
                r
            })?;
            match kind {
                "Pocket" => {
                    if let Some(got) = got {
                        let i = who(c.attribute("player").unwrap_or(""))
                            .ok_or_else(|| at("cards dealt to a player not seated".into()))?;
                        rec.show(i, got, spec.hole_cards, n)?;
                    }
                }
                "Flop" | "Turn" | "River" => board = got,
                other => return Err(at(format!("cards of a kind not played: '{}'", clip(other)))),
            }
        }
        if stud {
            for (i, d) in &deals {
                // each player's up cards: third street's last, then
                // fourth street's (for the open pair)
                match d.as_slice() {
                    [_, _, up] => ups[*i] = vec![*up],
                    [c] if ups[*i].len() == 1 => ups[*i].push(*c),
                    _ => {}
                }
            }
            // round 0 the antes, 1 (empty) and 2 third street, then a
            // round a street to seventh (`River`)
            let street = match no {
                0 => Street::Posts,
                1 | 2 => Street::Preflop,
                3 => Street::Flop,
                4 => Street::Turn,
                5 => Street::River,
                6 => Street::Seventh,
                _ => return Err(at(format!("round {no}: more rounds than stud's"))),
            };
            if street == Street::Preflop && rec.street == Street::Posts {
                rec.street(street, None, n)?;
            } else if street > rec.street {
                rec.round_street(street, n)?;
            }
            for (i, d) in deals {
                rec.stud_deal(i, d);
            }
        } else {
            let street = match no {
                0 => Street::Posts,
                1 => Street::Preflop,
                2 => Street::Flop,
                3 => Street::Turn,
                4 => Street::River,
                _ => return Err(at(format!("round {no}: more rounds than hold'em's"))),
            };
            if street != Street::Posts {
                let new = if street == Street::Preflop {
                    None
                } else {
                    board.take()
                };
                if street != Street::Preflop && new.is_none() {
                    return Err(at(format!("round {no} without its board")));
                }
                rec.street(street, new, n)?;
            }
        }
        let mut actions: Vec<Node> = round
            .children()
            .filter(|c| c.has_tag_name("action"))
            .collect();
        actions.sort_by_key(|a| {
            a.attribute("no")
                .and_then(|x| x.parse::<u64>().ok())
                .unwrap_or(0)
        });
        for a in actions {
            let name = a.attribute("player").unwrap_or("");
            let kind = a.attribute("type").unwrap_or("");
            if a.attribute("sum") == Some("DP") {
                // a disconnected player's all-in protection (old clients:
                // an all-in with no chips put in)
                return Err(at(format!(
                    "{} put all-in by disconnection protection (`DP`): the engine plays no \
                     such rule",
                    clip(name)
                )));
            }
            let sum = a.attribute("sum").and_then(amount).unwrap_or_default();
            let Some(i) = who(name) else {
                if matches!(kind, "8" | "9") {
                    continue; // a player not dealt in
                }
                return Err(at(format!("an action by {}, not seated", clip(name))));
            };
            match kind {
                "1" => rec.small_blind(i, sum, false, n)?,
                "2" => {
                    // (more than the big blind: a player coming in posts
                    // both blinds, the small one dead). The big blind: as
                    // the game type names it (fixed limit's small bet),
                    // else the first posted.
                    let named_bb = named.map(|(small, big)| {
                        if spec.structure == Structure::FixedLimit {
                            small
                        } else {
                            big
                        }
                    });
                    let bb = named_bb.or(big_blind).unwrap_or(sum);
                    if bb.less_than(sum) {
                        rec.small_and_big(i, sum, bb, false, n)?
                    } else {
                        big_blind.get_or_insert(sum);
                        rec.big_blind(i, sum, false, n)?
                    }
                }
                "15" => rec.ante(i, sum, false, n)?,
                // no action this hand, sitting out: not dealt in
                "8" | "9" => {}
                "0" => rec.fold(i, n)?,
                "4" => rec.check(i, n)?,
                "3" => rec.call_by(i, sum, n)?,
                "5" | "6" => {
                    rec.bet_by(i, sum, n)?;
                    // (fourth street's bet is the small bet, but for the big
                    // one an open pair allows)
                    let open_pair = ups.iter().any(
                        |u| matches!(u.as_slice(), [Some(a), Some(b), ..] if a.rank() == b.rank()),
                    );
                    if stud
                        && (rec.street == Street::Preflop
                            || rec.street == Street::Flop && !open_pair)
                    {
                        // (third street's completion or fourth street's
                        // bet: the small bet, where no stakes are named)
                        first_bet.get_or_insert(rec.parts[i].street_bet);
                    } else if stud && rec.street >= Street::Turn {
                        // (a bet from fifth street on: the big bet)
                        first_big.get_or_insert(rec.parts[i].street_bet);
                    }
                }
                "23" => rec.raise_to(i, sum, n)?,
                "7" => {
                    // a call or a raise, by what it adds
                    let to = rec.parts[i]
                        .street_bet
                        .checked_add(sum)
                        .ok_or_else(|| at("an amount too large".into()))?;
                    let mut facing = rec.round_max();
                    if let (Street::Preflop, Some((_, bb))) = (rec.street, named) {
                        if facing.less_than(bb) && spec.structure != Structure::FixedLimit {
                            facing = bb;
                        }
                    }
                    if facing.less_than(to) {
                        rec.bet_by(i, sum, n)?;
                    } else {
                        rec.call_by(i, sum, n)?;
                    }
                }
                "16" if stud => {
                    // (no all-in mark: a bring-in of the whole stack is all-in)
                    let all_in = !rec.parts[i]
                        .contributed
                        .checked_add(sum)
                        .is_some_and(|t| t.less_than(seats[i].stack));
                    rec.bring_in(i, sum, all_in, n)?
                }
                "16" => return Err(at("a bring-in in a game without one".into())),
                other => return Err(at(format!("an action of type {} not read", clip(other)))),
            }
            if rec.street == Street::Posts {
                let p = &mut rec.parts[i];
                p.all_in_post |= !p.contributed.less_than(seats[i].stack);
            }
        }
    }
    if rec.street < Street::Preflop {
        return Err(at("the hand ends before the cards are dealt".into()));
    }
    for (i, w) in won.iter().enumerate() {
        rec.collect(i, *w, n)?;
    }
    // the uncalled part of the largest bet: in its player's `win` in the
    // files of clients before about 2019, left out of it in those that
    // write their `client_version`
    let apart = gnode.is_some_and(|g| child(g, "client_version").is_some());
    rec.give_back_uncalled(&seats, |_, _, _| !apart)?;
    let tournament = gnode
        .and_then(|g| text_of(g, "tournamentcode"))
        .filter(|t| !t.is_empty() && t.len() <= 30);
    let rake = rec.derived_rake(tournament.is_some())?;
    rec.street(Street::Summary, None, n)?;
    let small_bet = |x: Decimal| -> R<(Decimal, Decimal)> {
        Ok((
            x,
            x.checked_add(x)
                .ok_or_else(|| at("an amount too large".into()))?,
        ))
    };
    let bring_in = rec.acts.iter().find_map(|a| match a {
        super::hand::Act::BringIn(_, x, _) => Some(*x),
        _ => None,
    });
    let stakes = match (spec.structure, named, big_blind) {
        // stud: the stakes named, else third street's completion or fourth
        // street's bet with no open pair (the small bet), else half the
        // first bet from fifth street (the big bet), else four times the
        // bring-in (the ratio of iPoker's stud tables; nobody bet in full)
        (_, Some(s), _) if stud => s,
        _ if stud => match first_bet
            .or_else(|| {
                first_big.filter(|b| b.mantissa % 2 == 0).map(|b| Decimal {
                    mantissa: b.mantissa / 2,
                    scale: b.scale,
                })
            })
            .or_else(|| {
                bring_in
                    .and_then(|b| b.checked_add(b))
                    .and_then(|b| b.checked_add(b))
            }) {
            Some(x) => small_bet(x)?,
            None => return Err(at("no stakes named and no bet made".into())),
        },
        (Structure::FixedLimit, _, Some(bb)) => (
            bb,
            bb.checked_add(bb)
                .ok_or_else(|| at("an amount too large".into()))?,
        ),
        (_, Some(s), _) => s,
        (_, None, Some(bb)) => (
            rec.parts
                .iter()
                .find(|p| p.live_small_blind)
                .and_then(|p| p.small_blind)
                .unwrap_or(bb),
            bb,
        ),
        _ => return Err(at("no stakes named and no big blind posted".into())),
    };
    let mut h = Header {
        site: "iPoker",
        number: number.to_string(),
        game: Some(spec),
        stakes,
        date: text_of(ggen, "startdate").and_then(date),
        ..Header::default()
    };
    if let Some(g) = gnode {
        if let Some(t) = tournament {
            h.tournament = Some(t.to_string());
            h.buy_in =
                text_of(g, "tournamentname").map(|b| b.chars().take(MAX_NAME_CHARS).collect());
        } else {
            // the table's currency; `<currency>` is the account's (a GBP
            // table played from a EUR account says EUR), taken only where
            // no `<tablecurrency>` is written and it agrees with the stakes'
            // sign
            let code = |name| {
                text_of(g, name)
                    .filter(|c| c.len() == 3 && c.bytes().all(|b| b.is_ascii_uppercase()))
            };
            h.symbol = gametype.chars().find(|c| SYMBOLS.contains(c));
            h.currency = code("tablecurrency")
                .or_else(|| {
                    code("currency").filter(|c| match h.symbol {
                        Some('$') => c.ends_with('D'),
                        Some('€') => *c == "EUR",
                        Some('£') => *c == "GBP",
                        _ => true,
                    })
                })
                .map(str::to_string);
        }
    }
    let mut parsed = build(
        &h,
        spec,
        &table,
        10,
        button,
        &seats,
        &rec.parts,
        &rec.acts,
        None,
        rake,
        source,
        &[],
    )?;
    if spec.code == "F7S" {
        // iPoker's seven-card stud lets the big bet be made on fourth
        // street after an open pair (its files bet it so)
        parsed.history.fields.push((
            "_fourth_street_big_bet".into(),
            crate::phh::toml::Value::Bool(true),
        ));
    }
    Ok(parsed)
}
