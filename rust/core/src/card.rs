//! Cards: `rank * 4 + suit`, ranks 2..A as 0..12, suits c d h s as 0..3.
use crate::error::{Error, Result};
use std::fmt;
use std::str::FromStr;

pub const RANK_CHARS: [char; 13] = [
    '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A',
];
pub const SUIT_CHARS: [char; 4] = ['c', 'd', 'h', 's'];

/// One of the 52 cards. `2c` is 0, `As` is 51.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

impl Card {
    /// The card with this index (0..=51).
    pub fn new(index: u8) -> Result<Card> {
        if index < 52 {
            Ok(Card(index))
        } else {
            Err(Error::card(
                index.to_string(),
                format!("{index} is not a card: a card index is 0..51"),
            ))
        }
    }

    /// The card with this index, which the caller has already checked is
    /// below 52 (for the batch paths, which check a whole row at once).
    #[inline]
    pub(crate) const fn from_checked_index(index: u8) -> Card {
        debug_assert!(index < 52);
        Card(index)
    }

    /// The card with this rank (0 = deuce .. 12 = ace) and suit (0 = c .. 3 = s).
    pub fn from_parts(rank: u8, suit: u8) -> Result<Card> {
        if rank >= 13 || suit >= 4 {
            return Err(Error::card(
                format!("rank {rank}, suit {suit}"),
                format!("rank {rank}, suit {suit} is not a card: rank must be 0..12 and suit 0..3"),
            ));
        }
        Ok(Card(rank * 4 + suit))
    }

    /// The two of clubs, index 0.
    pub const FIRST: Card = Card(0);

    /// For tables built at compile time: `i` must be below 52 (it is reduced
    /// modulo 52 otherwise, so the result is always a card).
    pub(crate) const fn from_index_const(i: u8) -> Card {
        Card(i % 52)
    }

    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 >> 2
    }
    #[inline]
    pub const fn suit(self) -> u8 {
        self.0 & 3
    }
    #[inline]
    pub const fn bit(self) -> u64 {
        1u64 << self.0
    }
    pub fn rank_char(self) -> char {
        RANK_CHARS[self.rank() as usize]
    }
    pub fn suit_char(self) -> char {
        SUIT_CHARS[self.suit() as usize]
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank_char(), self.suit_char())
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

fn rank_from_char(c: char) -> Option<u8> {
    let c = c.to_ascii_uppercase();
    RANK_CHARS.iter().position(|&r| r == c).map(|p| p as u8)
}

fn suit_from_char(c: char) -> Option<u8> {
    let c = c.to_ascii_lowercase();
    SUIT_CHARS.iter().position(|&s| s == c).map(|p| p as u8)
}

/// A card from a rank byte and a suit byte (`b'A', b'h'`), either case.
#[inline]
fn card_from_bytes(rank: u8, suit: u8) -> Option<Card> {
    let r = rank_from_char(rank as char)?;
    let s = suit_from_char(suit as char)?;
    Some(Card(r * 4 + s))
}

/// Cards written back to back in two bytes each (`AhKd7c`), without
/// allocating; `None` for anything else (the full parser then explains).
fn parse_pairs(text: &[u8], out: &mut Vec<Card>) -> Option<()> {
    if text.len() % 2 != 0 {
        return None;
    }
    for pair in text.chunks_exact(2) {
        out.push(card_from_bytes(pair[0], pair[1])?);
    }
    Some(())
}

impl FromStr for Card {
    type Err = Error;
    /// `Ah`, `td`, `10h`, `AH`: a rank then a suit, either case.
    fn from_str(text: &str) -> Result<Card> {
        if let &[r, s] = text.as_bytes() {
            if let Some(c) = card_from_bytes(r, s) {
                return Ok(c);
            }
        }
        let t = text.trim();
        let chars: Vec<char> = t.chars().collect();
        let (rank_part, suit) = match chars.split_last() {
            Some((s, r)) if !r.is_empty() => (r, *s),
            _ => {
                return Err(Error::card(
                    text,
                    format!("'{text}' is not a card: write a rank then a suit, like 'Ah' or 'Td'"),
                ))
            }
        };
        let rank = match rank_part {
            [c] => rank_from_char(*c),
            ['1', '0'] => Some(8),
            _ => None,
        };
        let Some(rank) = rank else {
            // "10" or "A" alone: a rank with its suit missing.
            if t == "10" || (chars.len() == 1 && rank_from_char(chars[0]).is_some()) {
                return Err(Error::card(text, format!("'{text}' is not a card: the suit is missing (write a rank then a suit, like 'Td')")));
            }
            return Err(Error::card(
                text,
                format!(
                    "'{text}' is not a card: rank must be one of 2 3 4 5 6 7 8 9 T J Q K A (or 10)"
                ),
            ));
        };
        let Some(suit) = suit_from_char(suit) else {
            return Err(Error::card(
                text,
                format!("'{text}' is not a card: suit must be one of c d h s"),
            ));
        };
        Ok(Card(rank * 4 + suit))
    }
}

/// A set of cards as a 52-bit mask.
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash, Debug)]
pub struct CardSet(pub u64);

impl CardSet {
    pub fn contains(self, c: Card) -> bool {
        self.0 & c.bit() != 0
    }
    pub fn insert(&mut self, c: Card) -> bool {
        let fresh = !self.contains(c);
        self.0 |= c.bit();
        fresh
    }
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub fn iter(self) -> impl Iterator<Item = Card> {
        bits(self.0).map(|i| Card(i as u8))
    }
}

/// The positions of the set bits of `mask`, lowest first (a card set's
/// cards, a seat set's seats).
#[inline]
pub fn bits(mask: u64) -> impl Iterator<Item = u32> {
    let mut m = mask;
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let i = m.trailing_zeros();
            m &= m - 1;
            i
        })
    })
}

/// Calls `f` with every `k`-card combination of `avail` (in lexicographic
/// order of positions), stopping at an error.
pub(crate) fn for_each_combination(
    avail: &[Card],
    k: usize,
    mut f: impl FnMut(&[Card]) -> Result<()>,
) -> Result<()> {
    let n = avail.len();
    if k == 0 {
        return f(&[]);
    }
    if k > n {
        return Ok(());
    }
    let mut idx: Vec<usize> = (0..k).collect();
    let mut pick = vec![avail[0]; k];
    loop {
        for (p, &i) in pick.iter_mut().zip(&idx) {
            *p = avail[i];
        }
        f(&pick)?;
        let mut j = k;
        loop {
            if j == 0 {
                return Ok(());
            }
            j -= 1;
            if idx[j] < n - (k - j) {
                idx[j] += 1;
                for t in j + 1..k {
                    idx[t] = idx[t - 1] + 1;
                }
                break;
            }
        }
    }
}

/// Fails with "duplicate card Ah" at the first card seen twice.
pub fn check_distinct(cards: &[Card]) -> Result<CardSet> {
    let mut set = CardSet::default();
    for &c in cards {
        if !set.insert(c) {
            return Err(Error::duplicate(c));
        }
    }
    Ok(set)
}

/// Parses `"AhKd7c"`, `"Ah Kd 7c"`, `"Ah,Kd"`, `"10h 9h"`, either case, and
/// rejects duplicates.
pub fn parse_cards(text: &str) -> Result<Vec<Card>> {
    let mut cards = Vec::with_capacity(text.len() / 2);
    if parse_pairs(text.as_bytes(), &mut cards).is_some() {
        check_distinct(&cards)?;
        return Ok(cards);
    }
    cards.clear();
    for token in text.split(|c: char| c.is_whitespace() || c == ',') {
        if token.is_empty() {
            continue;
        }
        let chars: Vec<char> = token.chars().collect();
        if chars.len() <= 3 {
            // One card, or something that should have been one: let the card
            // parser name the problem with the whole token.
            if let Ok(c) = token.parse::<Card>() {
                cards.push(c);
                continue;
            }
        }
        let mut i = 0;
        while i < chars.len() {
            // A card is a rank (one character, or "10") then a suit.
            let len = if chars[i] == '1' && chars.get(i + 1) == Some(&'0') {
                3
            } else {
                2
            };
            let piece: String = chars[i..(i + len).min(chars.len())].iter().collect();
            match piece.parse::<Card>() {
                Ok(c) if i + len <= chars.len() => cards.push(c),
                Ok(_) | Err(_) if chars.len() <= 3 => {
                    return Err(token
                        .parse::<Card>()
                        .err()
                        .unwrap_or_else(|| Error::card(token, format!("'{token}' is not a card"))))
                }
                Ok(_) | Err(_) => {
                    let why = piece
                        .parse::<Card>()
                        .err()
                        .map(|e| e.to_string())
                        .unwrap_or_default();
                    return Err(Error::card(
                        token,
                        format!("'{token}' is not a list of cards: {why}"),
                    ));
                }
            }
            i += len;
        }
    }
    check_distinct(&cards)?;
    Ok(cards)
}

/// Writes cards with no separator: `AhKd7c`.
pub fn cards_to_string(cards: &[Card]) -> String {
    cards.iter().map(|c| c.to_string()).collect()
}
