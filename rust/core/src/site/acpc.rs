//! Logs of the Annual Computer Poker Competition's protocol (its dealer's
//! match logs, and published bot matches written the same way) to PHH.
//!
//! Each hand is one line: `STATE:<hand>:<actions>:<cards>:<results>:<names>`
//! (a dealer's log) or `<names>:<hand>:<actions>:<cards>:<results>`. The
//! actions are `f` (fold), `c` (check or call), `r` (raise; in no-limit
//! `r300`, the raiser's total for the whole hand) and `/` between rounds;
//! the cards are each player's hole cards, `|` between players, then each
//! round's board after a `/`; the results are each player's net chips;
//! the names are in seat order. Lines starting `#` and `SCORE:` are read
//! past.
//!
//! The log does not say the game: it is the competition's, named in the
//! dealer's first comment (`holdem.nolimit...`, `holdem.limit...`), else
//! told by the raises (`r300`: no-limit; `r`: fixed limit), else no-limit.
//! No-limit is `holdem.nolimit.2p.reverse_blinds`: blinds 50 and 100,
//! 20,000 chips each at the start of every hand. Fixed limit is
//! `holdem.limit`: blinds 5 and 10, bets 10 and 20, stacks unlimited (the
//! dealer's 2^31 - 1). Seat 1
//! posts the big blind heads-up (the button, seat 2, the small blind, acts
//! first before the flop); with three or more players seat 1 posts the
//! small blind, seat 2 the big blind, and seat 3 acts first. After the
//! flop the first player still in from seat 1 acts first.
//!
//! A hand is checked against its results: the replay must end each player
//! with its stack plus its result, to the chip.
use super::hand::{build, clip, GameSpec, Header, Parsed, Rec, Seat, Street, R};
use super::{Block, Refusal, MAX_LINE_BYTES, MAX_NAME_CHARS};
use crate::card::Card;
use crate::game::Structure;
use crate::phh::Decimal;

/// The most players a line may name.
const MAX_PLAYERS: usize = 10;

/// The fields of a hand's line: (hand, actions, cards, results, names).
fn fields(line: &str) -> Option<(&str, &str, &str, &str, &str)> {
    if let Some(rest) = line.strip_prefix("STATE:") {
        let f: Vec<&str> = rest.split(':').collect();
        return match f.as_slice() {
            [h, a, c, r, n] => Some((h, a, c, r, n)),
            _ => None,
        };
    }
    let f: Vec<&str> = line.split(':').collect();
    match f.as_slice() {
        [n, h, a, c, r] if n.contains('|') => Some((h, a, c, r, n)),
        _ => None,
    }
}

/// Whether `line` is a hand of an ACPC log.
pub fn is_header(line: &str) -> bool {
    fields(line).is_some_and(|(h, ..)| !h.is_empty() && h.bytes().all(|b| b.is_ascii_digit()))
}

/// The lines of a log that are no hand: comments and the final score.
pub fn is_separator(line: &str) -> bool {
    line.starts_with('#') || line.starts_with("SCORE:")
}

/// The game of a log: fixed limit where a comment names a `limit` game or
/// a raise has no amount, else no-limit.
fn game_of(text: &str) -> &'static str {
    for line in text.lines().take(100_000) {
        let line = line.trim();
        if line.starts_with('#') {
            if line.contains(".nolimit.") {
                return NO_LIMIT;
            }
            if line.contains(".limit.") {
                return LIMIT;
            }
        } else if let Some((_, actions, ..)) = fields(line) {
            let b = actions.as_bytes();
            for (k, &c) in b.iter().enumerate() {
                if c == b'r' {
                    return if b.get(k + 1).is_some_and(u8::is_ascii_digit) {
                        NO_LIMIT
                    } else {
                        LIMIT
                    };
                }
            }
        }
    }
    NO_LIMIT
}

const NO_LIMIT: &str = "#game nolimit";
const LIMIT: &str = "#game limit";

/// Calls `f` with each hand (line) of `text` in turn; `f` returns false to
/// stop. Each hand's block holds the log's game first (line 0), then the
/// hand's line.
pub fn for_each_hand<'a>(text: &'a str, mut f: impl FnMut(Block<'a>) -> bool) {
    let game = game_of(text);
    // (lines before the first hand: reported once, by the conversion's
    // count of text before the first header)
    let mut started = false;
    for (i, raw) in text.split('\n').enumerate() {
        let line = raw.trim();
        if line.is_empty() || is_separator(line) && !is_header(line) {
            continue;
        }
        started |= is_header(line);
        if !started {
            continue;
        }
        let block = Block {
            line: i + 1,
            lines: vec![(0, game), (i + 1, line)],
            too_long: false,
        };
        if !f(block) {
            return;
        }
    }
}

fn hand_cards(text: &str) -> Option<Vec<Card>> {
    if text.len() % 2 != 0 || text.len() > 14 {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| text.get(i..i + 2)?.parse::<Card>().ok())
        .collect()
}

/// Parses one hand's line into a PHH history (`source` names the text).
pub fn parse(block: &Block<'_>, source: &str) -> R<Parsed> {
    let (no_limit, &(n, line)) = match block.lines.as_slice() {
        [(0, game), hand] => (*game == NO_LIMIT, hand),
        [hand] => (true, hand),
        _ => return Err(Refusal::hand("not one line")),
    };
    if line.len() > MAX_LINE_BYTES {
        return Err(Refusal::at(
            n,
            format!("a line of {} bytes, more than {MAX_LINE_BYTES}", line.len()),
        ));
    }
    let bad = |why: String| Refusal::at(n, why);
    let (hand, actions, cards, results, names) =
        fields(line).ok_or_else(|| bad("not a hand of an ACPC log".into()))?;
    if hand.is_empty() || hand.len() > 18 || !hand.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad("the hand number is not digits".into()));
    }
    let names: Vec<&str> = names.split('|').collect();
    let players = names.len();
    if !(2..=MAX_PLAYERS).contains(&players) {
        return Err(bad(format!(
            "{players} players: 2 to {MAX_PLAYERS} are read"
        )));
    }
    for (k, name) in names.iter().enumerate() {
        if name.is_empty() || name.chars().count() > MAX_NAME_CHARS {
            return Err(bad(format!(
                "a player's name is empty or over {MAX_NAME_CHARS} characters"
            )));
        }
        if names[..k].contains(name) {
            return Err(bad(format!("the name {} given twice", clip(name))));
        }
    }
    // (fixed limit: the competition's game sets no stack, which its dealer
    // reads as 2^31 - 1 chips)
    let (structure, sb, bb, stack) = if no_limit {
        (Structure::NoLimit, 50u64, 100u64, 20_000u64)
    } else {
        (Structure::FixedLimit, 5, 10, i32::MAX as u64)
    };
    let dec = |v: u64| Decimal {
        mantissa: i128::from(v),
        scale: 0,
    };
    let seats: Vec<Seat> = names
        .iter()
        .enumerate()
        .map(|(k, name)| Seat {
            number: k as u32 + 1,
            name: name.to_string(),
            stack: dec(stack),
            ..Seat::default()
        })
        .collect();
    // the cards: hole cards by player, then each round's board
    let mut rounds = cards.split('/');
    let hole: Vec<&str> = rounds.next().unwrap_or("").split('|').collect();
    if hole.len() != players {
        return Err(bad(format!(
            "hole cards for {} players, {players} named",
            hole.len()
        )));
    }
    let boards: Vec<Vec<Card>> = rounds
        .map(|b| hand_cards(b).ok_or_else(|| bad(format!("a board not read: '{}'", clip(b)))))
        .collect::<R<_>>()?;
    if boards.len() > 3
        || boards.first().is_some_and(|f| f.len() != 3)
        || boards.iter().skip(1).any(|b| b.len() != 1)
    {
        return Err(bad("the boards are not a flop, a turn and a river".into()));
    }
    let mut rec = Rec::new(players);
    let (sb_seat, bb_seat) = if players == 2 { (1, 0) } else { (0, 1) };
    rec.small_blind(sb_seat, dec(sb), false, n)?;
    rec.big_blind(bb_seat, dec(bb), false, n)?;
    rec.street(Street::Preflop, None, n)?;
    for (k, h) in hole.iter().enumerate() {
        if h.is_empty() {
            continue;
        }
        let c = hand_cards(h).ok_or_else(|| bad(format!("hole cards not read: '{}'", clip(h))))?;
        rec.dealt(k, c, 2, n)?;
    }
    // whose turn: before the flop the player after the big blind (the
    // button heads-up), after it the first still in from seat 1
    let mut folded = vec![false; players];
    let mut put = vec![0u64; players];
    put[sb_seat] = sb;
    put[bb_seat] = bb;
    let mut bet = put.clone();
    let mut round = 0usize;
    let mut acted = vec![false; players];
    let can_act = |k: usize, folded: &[bool], put: &[u64]| !folded[k] && put[k] < stack;
    let next_from = |from: usize, folded: &[bool], put: &[u64]| {
        (0..players)
            .map(|d| (from + d) % players)
            .find(|&k| can_act(k, folded, put))
    };
    let mut turn = next_from((bb_seat + 1) % players, &folded, &put);
    let mut rest = actions;
    while let Some(ch) = rest.chars().next() {
        rest = &rest[ch.len_utf8()..];
        if ch == '/' {
            round += 1;
            let board = boards
                .get(round - 1)
                .cloned()
                .ok_or_else(|| bad("a round with no board".into()))?;
            let street = match round {
                1 => Street::Flop,
                2 => Street::Turn,
                3 => Street::River,
                _ => return Err(bad("more than four rounds".into())),
            };
            rec.street(street, Some(board), n)?;
            bet = vec![0; players];
            acted = vec![false; players];
            turn = next_from(0, &folded, &put);
            continue;
        }
        let who = turn.ok_or_else(|| bad("an action when no one is to act".into()))?;
        let digits_end = rest
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(rest.len());
        let digits = &rest[..digits_end];
        rest = &rest[digits_end..];
        if digits.len() > 12 {
            return Err(bad("an amount too large".into()));
        }
        let top = bet.iter().copied().max().unwrap_or(0);
        match ch {
            'f' => {
                rec.fold(who, n)?;
                folded[who] = true;
            }
            'c' => {
                let more = top.saturating_sub(bet[who]).min(stack - put[who]);
                if more == 0 {
                    rec.check(who, n)?;
                } else {
                    rec.call_by(who, dec(more), n)?;
                }
                put[who] += more;
                bet[who] += more;
            }
            'r' => {
                let to = if no_limit {
                    // the total for the hand: this round's, less what was in
                    // before it
                    let total: u64 = digits
                        .parse()
                        .map_err(|_| bad("a raise without its amount".into()))?;
                    if total > stack {
                        return Err(bad(format!("a raise to {total}, more than the stack")));
                    }
                    let before = put[who] - bet[who];
                    total
                        .checked_sub(before)
                        .ok_or_else(|| bad("a raise below what the player had in".into()))?
                } else {
                    if !digits.is_empty() {
                        return Err(bad("a fixed-limit raise with an amount".into()));
                    }
                    let size = if round < 2 { bb } else { 2 * bb };
                    top + size
                };
                if to <= top {
                    return Err(bad(format!("a raise to {to}, not above {top}")));
                }
                rec.raise_to(who, dec(to), n)?;
                put[who] += to - bet[who];
                bet[who] = to;
            }
            _ => return Err(bad(format!("an action not read: '{ch}'"))),
        }
        acted[who] = true;
        // the round is over when everyone still able to act has acted and
        // matched the top bet; else the next player able to act
        let top = bet.iter().copied().max().unwrap_or(0);
        let open = (0..players).any(|k| can_act(k, &folded, &put) && (!acted[k] || bet[k] < top));
        let alive = (0..players).filter(|&k| !folded[k]).count();
        turn = if open && alive > 1 {
            (1..=players)
                .map(|d| (who + d) % players)
                .find(|&k| can_act(k, &folded, &put) && (!acted[k] || bet[k] < top))
        } else {
            None
        };
    }
    // the rest of the board, dealt when players are all-in
    while round < boards.len() {
        round += 1;
        let street = match round {
            1 => Street::Flop,
            2 => Street::Turn,
            _ => Street::River,
        };
        rec.street(street, Some(boards[round - 1].clone()), n)?;
    }
    // the results: each player's net; collected = net + put in
    let nets: Vec<i128> = results
        .split('|')
        .map(|r| {
            let r = r.trim();
            let d = Decimal::parse(r)
                .ok_or_else(|| bad(format!("a result not read: '{}'", clip(r))))?;
            if d.scale != 0 && d.mantissa % 10i128.pow(d.scale.min(30)) != 0 {
                return Err(bad(format!("a result of {d}: not whole chips")));
            }
            Ok(d.mantissa / 10i128.pow(d.scale.min(30)))
        })
        .collect::<R<_>>()?;
    if nets.len() != players {
        return Err(bad(format!(
            "results for {} players, {players} named",
            nets.len()
        )));
    }
    for (k, &net) in nets.iter().enumerate() {
        let got = net + i128::from(put[k]);
        if got < 0 {
            return Err(bad(format!("{} lost more than it put in", names[k])));
        }
        rec.collect(
            k,
            Decimal {
                mantissa: got,
                scale: 0,
            },
            n,
        )?;
    }
    rec.street(Street::Summary, None, n)?;
    let game = GameSpec {
        code: super::hand::code("T", structure),
        structure,
        hole_cards: 2,
    };
    let h = Header {
        site: "ACPC",
        number: hand.to_string(),
        game: Some(game),
        stakes: match structure {
            Structure::FixedLimit => (dec(bb), dec(2 * bb)),
            _ => (dec(sb), dec(bb)),
        },
        ..Header::default()
    };
    // the button: seat 2 heads-up, the last seat otherwise
    let button = players as u32;
    let seat_count = players as u32;
    build(
        &h,
        game,
        "ACPC",
        seat_count,
        button,
        &seats,
        &rec.parts,
        &rec.acts,
        None,
        Decimal::default(),
        source,
        &[],
    )
}
