//! Omaha hand ranges in the generic notation Omaha players use (after
//! ProPokerTools): a comma-separated list of patterns, each as many tokens
//! as the game deals hole cards, with suit qualifiers and weights.
//!
//! * A token is a rank (`A K Q J T 9 ... 2`, any suit), a card (`As`), or
//!   `x` / `*` (any card, of any rank).
//! * A pattern matches a hand whose cards can be given one to each token:
//!   `AAxx` is every hand with two aces or more, `KQJT` every hand with a
//!   king, a queen, a jack and a ten, `AsKs**` (5-card Omaha) every hand
//!   holding those two cards.
//! * A suit qualifier follows, directly or after `:`: `ds` (double-suited:
//!   two suits of exactly two cards, none of three or more), `ss` (single-
//!   suited: one suit of exactly two cards, none of three or more), `r` or
//!   `rainbow` (no two cards of a suit).
//! * A weight follows after `:`, a number from 0 to 1 (`AAxx:ds:0.5`);
//!   a hand matched by several patterns takes the largest weight.
//! * `random` (or `*` alone) is every hand.
//!
//! A range is expanded once into its hands (every hand of the game's deck
//! checked against the patterns: 270,725 for four cards, 20,358,520 for
//! six).
use crate::card::{for_each_combination, Card};
use crate::equity::Control;
use crate::error::{Error, Result};
use crate::game::Game;

#[derive(Copy, Clone, Debug, PartialEq)]
enum Token {
    Rank(u8),
    Card(Card),
    Any,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Suits {
    Any,
    Double,
    Single,
    Rainbow,
}

#[derive(Clone, Debug, PartialEq)]
struct Pattern {
    tokens: Vec<Token>,
    suits: Suits,
    weight: f64,
}

impl Pattern {
    /// Whether `hand` (the game's count of distinct cards) matches.
    fn matches(&self, hand: &[Card]) -> bool {
        let mut mask = hand.iter().fold(0u64, |m, c| m | c.bit());
        let mut need = [0u8; 13];
        for t in &self.tokens {
            match *t {
                Token::Card(c) => {
                    if mask & c.bit() == 0 {
                        return false;
                    }
                    mask &= !c.bit();
                }
                Token::Rank(r) => need[r as usize] += 1,
                Token::Any => {}
            }
        }
        let mut have = [0u8; 13];
        for c in crate::card::bits(mask) {
            have[(c >> 2) as usize] += 1;
        }
        if need.iter().zip(&have).any(|(n, h)| n > h) {
            return false;
        }
        let mut per_suit = [0u8; 4];
        for c in hand {
            per_suit[c.suit() as usize] += 1;
        }
        let pairs = per_suit.iter().filter(|&&n| n == 2).count();
        let three = per_suit.iter().any(|&n| n >= 3);
        match self.suits {
            Suits::Any => true,
            Suits::Double => pairs >= 2 && !three,
            Suits::Single => pairs == 1 && !three,
            Suits::Rainbow => pairs == 0 && !three,
        }
    }
}

/// An Omaha range: its hands with their weights, in the order of the
/// game's deck (lexicographic by card index).
#[derive(Clone, Debug, PartialEq)]
pub struct OmahaRange {
    hole_cards: usize,
    hands: Vec<WeightedHand>,
}

/// A hand (its first `hole_cards` cards, in index order) and its weight.
type WeightedHand = ([Card; 6], f64);

fn range_error(text: &str, position: usize, token: &str, message: String) -> Error {
    Error::bad_range(text, position, token, message)
}

/// The longest text read (a range is a line, not a file).
const MAX_TEXT: usize = 4096;

/// Most hands a range holds (16 bytes each: 48 MB; every 5-card hand fits,
/// not every 6-card one).
pub const MAX_RANGE_HANDS: usize = 3_000_000;

/// Most patterns in a range (each hand of the deck is checked against
/// each).
pub const MAX_PATTERNS: usize = 64;

impl OmahaRange {
    /// Parses `text` for a game dealing `game.hole_cards()` cards (an Omaha
    /// game) and expands it.
    pub fn parse(text: &str, game: Game) -> Result<OmahaRange> {
        OmahaRange::parse_with(text, game, &Control::new())
    }

    /// [`OmahaRange::parse`], stopping with an error when `control` is
    /// cancelled (a six-card range takes about half a second).
    pub fn parse_with(text: &str, game: Game, control: &Control) -> Result<OmahaRange> {
        let k = game.hole_cards();
        if !game.uses_two_hole_cards() {
            return Err(Error::bad_config(format!(
                "Omaha ranges are for the Omaha games, not {}",
                game.name()
            )));
        }
        if text.chars().count() > MAX_TEXT {
            return Err(range_error(
                text,
                0,
                "",
                format!("a range is at most {MAX_TEXT} characters"),
            ));
        }
        let mut patterns = Vec::new();
        let mut pos = 0usize;
        for part in text.split(',') {
            let start = pos + (part.len() - part.trim_start().len());
            pos += part.chars().count() + 1;
            let p = part.trim();
            if p.is_empty() {
                return Err(range_error(
                    text,
                    start,
                    p,
                    "an empty entry: write patterns like AAxx or KQJTds, separated by commas"
                        .into(),
                ));
            }
            patterns.push(parse_pattern(text, start, p, k)?);
            if patterns.len() > MAX_PATTERNS {
                return Err(range_error(
                    text,
                    start,
                    p,
                    format!("a range has at most {MAX_PATTERNS} patterns"),
                ));
            }
        }
        let hands = expand(&patterns, k, control)?.ok_or_else(|| {
            range_error(
                text,
                0,
                text,
                format!(
                    "this range holds more than {MAX_RANGE_HANDS} hands: narrow it (a random hand is an empty hand, not a range)"
                ),
            )
        })?;
        if hands.is_empty() {
            return Err(range_error(
                text,
                0,
                text,
                format!("no {}-card hand matches this range", k),
            ));
        }
        Ok(OmahaRange {
            hole_cards: k,
            hands,
        })
    }

    /// Hole cards of each hand.
    pub fn hole_cards(&self) -> usize {
        self.hole_cards
    }

    /// How many hands (weight above 0).
    pub fn len(&self) -> usize {
        self.hands.len()
    }

    pub fn is_empty(&self) -> bool {
        self.hands.is_empty()
    }

    /// Hand `i`'s cards and weight.
    pub fn hand(&self, i: usize) -> Option<(&[Card], f64)> {
        self.hands.get(i).map(|(c, w)| (&c[..self.hole_cards], *w))
    }

    /// The weight of `cards` in the range (0 when absent).
    pub fn weight_of(&self, cards: &[Card]) -> f64 {
        let mut sorted: Vec<Card> = cards.to_vec();
        sorted.sort();
        self.hands
            .binary_search_by(|(c, _)| c[..self.hole_cards].cmp(&sorted[..]))
            .map_or(0.0, |i| self.hands[i].1)
    }
}

fn parse_pattern(text: &str, start: usize, p: &str, k: usize) -> Result<Pattern> {
    let lower = p.to_ascii_lowercase();
    if lower == "random" || p == "*" {
        return Ok(Pattern {
            tokens: vec![Token::Any; k],
            suits: Suits::Any,
            weight: 1.0,
        });
    }
    let chars: Vec<char> = p.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == 'x' || c == 'X' || c == '*' {
            tokens.push(Token::Any);
            i += 1;
            continue;
        }
        let Some(rank) = crate::card::RANK_CHARS
            .iter()
            .position(|&r| r == c.to_ascii_uppercase())
        else {
            break;
        };
        // a rank, or a card when a suit follows (and is not the start of a
        // qualifier: "ds", "ss")
        let suit = chars
            .get(i + 1)
            .and_then(|s| crate::card::SUIT_CHARS.iter().position(|&x| x == *s));
        let qualifier_next = matches!(
            (chars.get(i + 1), chars.get(i + 2)),
            (Some('d'), Some('s')) | (Some('s'), Some('s'))
        ) && chars.get(i + 3).is_none_or(|&c| c == ':');
        match suit {
            Some(s) if !qualifier_next => {
                let card = Card::from_parts(rank as u8, s as u8)?;
                if tokens.contains(&Token::Card(card)) {
                    return Err(range_error(
                        text,
                        start + i,
                        &format!("{c}{}", chars[i + 1]),
                        format!("{card} is twice in one pattern"),
                    ));
                }
                tokens.push(Token::Card(card));
                i += 2;
            }
            _ => {
                tokens.push(Token::Rank(rank as u8));
                i += 1;
            }
        }
    }
    let pattern_text: String = chars[..i].iter().collect();
    let rest_head: String = chars[i..]
        .iter()
        .take_while(|&&c| c != ':')
        .collect::<String>()
        .trim()
        .to_ascii_lowercase();
    let qualifier = ["", "ds", "ss", "r", "rainbow"].contains(&rest_head.as_str());
    if tokens.len() < k && !qualifier {
        let c = chars[i];
        return Err(range_error(
            text,
            start + i,
            &c.to_string(),
            format!("{c:?} is not a rank (2 to 9, T, J, Q, K, A), a card (As) or x for any card"),
        ));
    }
    if tokens.len() != k {
        return Err(range_error(
            text,
            start,
            &pattern_text,
            format!(
                "{pattern_text:?} is {} cards: a {k}-card Omaha pattern has {k} (ranks, cards like As, or x for any card)",
                tokens.len()
            ),
        ));
    }
    let mut suits = Suits::Any;
    let mut weight = 1.0;
    let mut weighed = false;
    let rest: String = chars[i..].iter().collect();
    for (j, piece) in rest.split(':').enumerate() {
        let at = start
            + i
            + rest
                .split(':')
                .take(j)
                .map(|s| s.chars().count() + 1)
                .sum::<usize>();
        let q = piece.trim().to_ascii_lowercase();
        match q.as_str() {
            "" if j == 0 => {}
            "ds" if suits == Suits::Any => suits = Suits::Double,
            "ss" if suits == Suits::Any => suits = Suits::Single,
            "r" | "rainbow" if suits == Suits::Any => suits = Suits::Rainbow,
            _ => match q.parse::<f64>() {
                Ok(_) if weighed => {
                    return Err(range_error(
                        text,
                        at,
                        piece,
                        format!("{piece} is a second weight: a pattern has one"),
                    ))
                }
                Ok(w) if j > 0 && (0.0..=1.0).contains(&w) && w.is_finite() => {
                    weight = w;
                    weighed = true;
                }
                Ok(_) if j > 0 => {
                    return Err(range_error(
                        text,
                        at,
                        piece,
                        format!("{piece} is not a weight: a weight is a number from 0 to 1"),
                    ))
                }
                _ => {
                    return Err(range_error(
                        text,
                        at,
                        piece,
                        format!(
                            "{piece:?} is not understood here: after the cards come a suit qualifier (ds, ss, r) and a weight (:0.5)"
                        ),
                    ))
                }
            },
        }
    }
    Ok(Pattern {
        tokens,
        suits,
        weight,
    })
}

/// Every `k`-card hand matching a pattern, with its largest weight; `None`
/// past [`MAX_RANGE_HANDS`].
fn expand(patterns: &[Pattern], k: usize, control: &Control) -> Result<Option<Vec<WeightedHand>>> {
    let deck: Vec<Card> = (0..52u8).map(Card::from_checked_index).collect();
    let mut out = Vec::new();
    let mut seen = 0u32;
    let mut full = false;
    let walked = for_each_combination(&deck, k, |cards| {
        seen = seen.wrapping_add(1);
        if seen % (1 << 16) == 0 {
            control.check()?;
        }
        let w = patterns
            .iter()
            .filter(|p| p.matches(cards))
            .map(|p| p.weight)
            .fold(0.0f64, f64::max);
        if w > 0.0 {
            if out.len() == MAX_RANGE_HANDS {
                full = true;
                return Err(Error::bad_config(String::new())); // stops the walk
            }
            let mut hand = [Card::FIRST; 6];
            hand[..k].copy_from_slice(cards);
            out.push((hand, w));
        }
        Ok(())
    });
    if full {
        return Ok(None);
    }
    walked?;
    Ok(Some(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(text: &str, k: usize) -> Result<usize> {
        Ok(OmahaRange::parse(text, Game::omaha(k)?)?.len())
    }

    /// The error `text` gets, as a message.
    fn error(text: &str, g: Game) -> String {
        match OmahaRange::parse(text, g) {
            Ok(_) => panic!("{text:?} was read"),
            Err(e) => e.to_string(),
        }
    }

    fn choose(n: usize, k: usize) -> usize {
        (0..k).fold(1, |a, i| a * (n - i) / (i + 1))
    }

    #[test]
    fn counts_worked_by_hand() -> Result<()> {
        // Two aces or more among four cards: C(4,2)C(48,2) + C(4,3)48 + 1.
        assert_eq!(count("AAxx", 4)?, 6 * 1128 + 4 * 48 + 1);
        // One of each of K, Q, J, T: 4^4.
        assert_eq!(count("KQJT", 4)?, 256);
        // ... double-suited: two suits, each holding two of them: choose
        // which two ranks pair up (3 ways), their suits (4 * 3).
        assert_eq!(count("KQJTds", 4)?, 3 * 12);
        // Rainbow: every suit once: 4!.
        assert_eq!(count("KQJT:r", 4)?, 24);
        assert_eq!(count("random", 4)?, choose(52, 4));
        // A card and any three.
        assert_eq!(count("As****", 5)?, choose(51, 4));
        // Weights: the largest when patterns overlap.
        let r = OmahaRange::parse("AAxx:0.5,AAKK", Game::omaha(4)?)?;
        let aakk = crate::card::parse_cards("AsAhKsKh")?;
        let aa72 = crate::card::parse_cards("AsAh7c2d")?;
        assert_eq!(r.weight_of(&aakk), 1.0);
        assert_eq!(r.weight_of(&aa72), 0.5);
        Ok(())
    }

    #[test]
    fn errors_say_what_is_wrong() -> Result<()> {
        let g = Game::omaha(4)?;
        for (text, says) in [
            ("AAx", "is 3 cards"),
            ("AAxxx", "is 5 cards"),
            ("AAxx:2", "not a weight"),
            ("AAxx:dz", "not understood"),
            ("AAxx,,KK", "empty entry"),
            ("AAAAA", "is 5 cards"),
            ("AsAsxx", "twice"),
        ] {
            let e = error(text, g);
            assert!(e.contains(says), "{text}: {e}");
        }
        let e = error("AAAA:ds", g);
        assert!(e.contains("no 4-card hand"), "{e}");
        assert!(OmahaRange::parse("AA", Game::holdem()).is_err());
        // Every 5-card hand fits; not every 6-card one.
        assert_eq!(count("random", 5)?, 2_598_960);
        let e = error("random", Game::omaha(6)?);
        assert!(e.contains("more than 3000000 hands"), "{e}");
        Ok(())
    }
}
