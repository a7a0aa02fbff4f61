//! Weighted hand ranges in poker notation (PokerStove, Equilab, PioSolver):
//! `QQ+, AKs, A5s-A2s:0.5, [40]KQo[/40], AhKh, 15%`.
//!
//! A [`Range`] is a set of two-card combos, each with a weight in (0, 1], in
//! a canonical order (by [`combo_index`]), so two ranges with the same combos
//! and weights compare equal however they were written. `Display` writes the
//! shortest notation this module knows for it, and parsing that text gives the
//! same range back, weights exactly. The grammar and the choices where the
//! tools differ are in `docs/ranges.md`.
use crate::card::{Card, CardSet, RANK_CHARS, SUIT_CHARS};
use crate::error::{Error, Result};
use std::fmt;
use std::str::FromStr;

pub mod omaha;
mod order;

/// The number of two-card combos: 52 choose 2.
pub const NUM_COMBOS: usize = 1326;

/// The longest range text read, in bytes (about a tenth of a second of
/// parsing).
pub const MAX_TEXT: usize = 1_000_000;

/// The combo's number, 0..1325: `hi * (hi - 1) / 2 + lo` for the card
/// indices `hi > lo` (either order may be given). `3c2c` is 0 ... `AsAh` is
/// 1325, so the order groups combos by their higher card. Two equal cards
/// have no number: the result is then meaningless (but below 1326).
#[inline]
pub fn combo_index(a: Card, b: Card) -> usize {
    let (hi, lo) = if a.index() > b.index() {
        (a.index() as usize, b.index() as usize)
    } else {
        (b.index() as usize, a.index() as usize)
    };
    (hi * hi.saturating_sub(1) / 2 + lo).min(NUM_COMBOS - 1)
}

/// Every combo by its [`combo_index`], the higher card first.
const COMBOS: [[Card; 2]; NUM_COMBOS] = {
    let mut out = [[Card::FIRST; 2]; NUM_COMBOS];
    let mut hi = 1u8;
    let mut i = 0;
    while hi < 52 {
        let mut lo = 0u8;
        while lo < hi {
            out[i] = [Card::from_index_const(hi), Card::from_index_const(lo)];
            i += 1;
            lo += 1;
        }
        hi += 1;
    }
    out
};

/// The combo numbered `index` (0..1325), the higher card first.
pub fn combo_cards(index: usize) -> Option<[Card; 2]> {
    COMBOS.get(index).copied()
}

/// A combo given as cards: exactly two of them.
pub fn combo_of(cards: &[Card]) -> Result<[Card; 2]> {
    match *cards {
        [a, b] => Ok([a, b]),
        _ => Err(Error::bad_card(format!(
            "a combo is two cards, not {}",
            cards.len()
        ))),
    }
}

/// What a caller gave where a range belongs, neither its text nor a range
/// (`given`: the value as the caller shows it).
#[cold]
pub fn not_a_range(given: &str) -> Error {
    Error::bad_config(format!(
        "Range takes a string like 'QQ+,AKs' or a Range, not {given}"
    ))
}

/// What a caller gave where a `(card, card, weight)` triple belongs.
#[cold]
pub fn not_a_combo(given: &str) -> Error {
    Error::bad_config(format!(
        "{given} is not a combo: give (card, card, weight) triples"
    ))
}

/// A range's text that is not valid Unicode (a lone surrogate).
#[cold]
pub fn not_text() -> Error {
    Error::bad_range("", 0, "", "the text cannot be encoded as UTF-8".into())
}

/// A weighted hand range: combos with weights in (0, 1], ordered by
/// [`combo_index`], no combo twice.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Range {
    combos: Vec<([Card; 2], f64)>,
}

impl Range {
    /// Reads a range in poker notation; see `docs/ranges.md`. A text of
    /// more than [`MAX_TEXT`] characters is refused (reading it would take
    /// long, and no range needs it: every combo with its weight written out
    /// is under 40,000).
    pub fn parse(text: &str) -> Result<Range> {
        if text.len() > MAX_TEXT {
            let start: String = text.chars().take(20).collect();
            return Err(Error::bad_range(
                &start,
                0,
                &start,
                format!(
                    "the text is {} bytes long, over the {MAX_TEXT} a range may take",
                    text.len()
                ),
            ));
        }
        let mut p = Parser {
            text,
            chars: text.chars().collect(),
            pos: 0,
            weights: vec![0.0; NUM_COMBOS],
        };
        p.list(None)?;
        Ok(Range::from_dense(&p.weights))
    }

    /// A range from combos and their weights. A weight must be a number from
    /// 0 to 1; a weight of 0 leaves the combo out; a combo given twice (in
    /// either card order) takes its later weight.
    pub fn from_combos(combos: impl IntoIterator<Item = ([Card; 2], f64)>) -> Result<Range> {
        let mut dense = vec![0.0; NUM_COMBOS];
        for ([a, b], w) in combos {
            if a == b {
                return Err(Error::duplicate(a));
            }
            if !(0.0..=1.0).contains(&w) {
                return Err(Error::bad_config(format!(
                    "{w} is not a weight for {}{}: a weight is a number from 0 to 1",
                    a.max(b),
                    a.min(b)
                )));
            }
            dense[combo_index(a, b)] = w;
        }
        Ok(Range::from_dense(&dense))
    }

    /// Every one of the 1326 combos, weight 1 (`random`).
    pub fn all() -> Range {
        Range {
            combos: COMBOS.iter().map(|&c| (c, 1.0)).collect(),
        }
    }

    fn from_dense(weights: &[f64]) -> Range {
        Range {
            combos: weights
                .iter()
                .enumerate()
                .filter(|(_, &w)| w > 0.0)
                .map(|(i, &w)| (COMBOS[i], w))
                .collect(),
        }
    }

    /// The weight of every combo by its [`combo_index`] (0 when absent).
    pub fn dense(&self) -> Vec<f64> {
        let mut out = vec![0.0; NUM_COMBOS];
        for &([a, b], w) in &self.combos {
            out[combo_index(a, b)] = w;
        }
        out
    }

    /// The combos (the higher card first) with their weights, in
    /// [`combo_index`] order.
    pub fn combos(&self) -> &[([Card; 2], f64)] {
        &self.combos
    }

    /// How many combos have a weight above 0.
    pub fn len(&self) -> usize {
        self.combos.len()
    }

    pub fn is_empty(&self) -> bool {
        self.combos.is_empty()
    }

    /// The combo's weight, 0 when it is not in the range; the cards may come
    /// in either order.
    pub fn weight_of(&self, combo: [Card; 2]) -> f64 {
        if combo[0] == combo[1] {
            return 0.0;
        }
        let i = combo_index(combo[0], combo[1]);
        match self
            .combos
            .binary_search_by_key(&i, |&([a, b], _)| combo_index(a, b))
        {
            Ok(k) => self.combos[k].1,
            Err(_) => 0.0,
        }
    }

    /// The sum of the weights: the number of combos, each counted by its weight.
    pub fn total_weight(&self) -> f64 {
        self.combos.iter().fold(0.0, |a, &(_, w)| a + w)
    }

    /// The range without the combos that hold one of the `dead` cards.
    pub fn without(&self, dead: CardSet) -> Range {
        Range {
            combos: self
                .combos
                .iter()
                .filter(|([a, b], _)| !dead.contains(*a) && !dead.contains(*b))
                .copied()
                .collect(),
        }
    }
}

impl FromStr for Range {
    type Err = Error;
    fn from_str(text: &str) -> Result<Range> {
        Range::parse(text)
    }
}

// ---------------------------------------------------------------------------
// Hands: a rank pair and a pattern of suits.

/// Suit patterns: bit `4 * a + b` stands for the higher-ranked card in suit
/// `a` and the lower in suit `b` (for a pair, the two cards; `a == b` is no
/// combo and is skipped).
const ALL_SUITS: u16 = 0xFFFF;
const SUITED: u16 = 0x8421;
const OFFSUIT: u16 = ALL_SUITS & !SUITED;

/// A hand class or a set of combos of one rank pair: `AKs`, `88`, `AhKx`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Hand {
    hi: u8,
    lo: u8,
    suits: u16,
}

impl Hand {
    /// The combos' numbers (for a pair, each combo once).
    fn combos(self) -> impl Iterator<Item = usize> {
        let suits = self.pattern();
        (0..16u8)
            .filter(move |b| suits & (1 << b) != 0)
            .filter_map(move |b| {
                let (x, y) = (self.hi * 4 + b / 4, self.lo * 4 + b % 4);
                // A pair's pattern holds (a, b) and (b, a): keep the one with the
                // higher suit first.
                if x == y || (self.hi == self.lo && x < y) {
                    None
                } else {
                    Some(combo_index(
                        Card::from_index_const(x),
                        Card::from_index_const(y),
                    ))
                }
            })
    }

    /// The pattern with a pair's suits in both orders, so that `AhAs` and
    /// `AsAh` (and `88`) compare as patterns.
    fn pattern(self) -> u16 {
        if self.hi != self.lo {
            return self.suits;
        }
        let mut m = self.suits;
        for b in 0..16 {
            if self.suits & (1 << b) != 0 {
                m |= 1 << ((b % 4) * 4 + b / 4);
            }
        }
        m & OFFSUIT
    }

    fn shifted(self, hi: u8, lo: u8) -> Hand {
        Hand {
            hi,
            lo,
            suits: self.suits,
        }
    }
}

fn rank_of(c: char) -> Option<u8> {
    let c = c.to_ascii_uppercase();
    RANK_CHARS.iter().position(|&r| r == c).map(|p| p as u8)
}

/// A suit, a suit variable (`w x y z`: the same letter is the same suit,
/// different letters are different suits) or `*` (any suit).
#[derive(Clone, Copy, PartialEq, Eq)]
enum SuitSpec {
    Suit(u8),
    Var(u8),
    Any,
}

fn suit_spec(c: char) -> Option<SuitSpec> {
    let c = c.to_ascii_lowercase();
    if let Some(s) = SUIT_CHARS.iter().position(|&s| s == c) {
        return Some(SuitSpec::Suit(s as u8));
    }
    match c {
        'w' | 'x' | 'y' | 'z' => Some(SuitSpec::Var(c as u8)),
        '*' => Some(SuitSpec::Any),
        _ => None,
    }
}

fn suit_pattern(a: SuitSpec, b: SuitSpec) -> u16 {
    let mut m = 0u16;
    for sa in 0..4u8 {
        for sb in 0..4u8 {
            let ok_a = !matches!(a, SuitSpec::Suit(s) if s != sa);
            let ok_b = !matches!(b, SuitSpec::Suit(s) if s != sb);
            let ok_pair = match (a, b) {
                (SuitSpec::Var(x), SuitSpec::Var(y)) => (x == y) == (sa == sb),
                _ => true,
            };
            if ok_a && ok_b && ok_pair {
                m |= 1 << (sa * 4 + sb);
            }
        }
    }
    m
}

const HAND_FORMS: &str = "write a hand as two ranks (AK, 88), two ranks and s or o (AKs, AKo), or two cards (AhKh, with x y z w * for suits: AsKx)";

/// A hand from its text: `AK`, `AKs`, `AKo`, `88`, `AhKh`, `AsKx`, `AxKy`,
/// `As*`, `AsK` (the ace of spades with any king). Either case.
fn hand_from_word(word: &[char]) -> std::result::Result<Hand, String> {
    let rank = |c: char| {
        rank_of(c)
            .ok_or_else(|| format!("'{c}' is not a rank (ranks are A K Q J T 9 8 7 6 5 4 3 2)"))
    };
    let ordered = |r1: u8, r2: u8, a: SuitSpec, b: SuitSpec| {
        if r1 >= r2 {
            (r1, r2, a, b)
        } else {
            (r2, r1, b, a)
        }
    };
    match *word {
        [r, s]
            if rank_of(r).is_some()
                && "shdc".contains(s.to_ascii_lowercase())
                && rank_of(s).is_none() =>
        {
            Err(format!("'{r}{s}' is one card, not a hand: {HAND_FORMS}"))
        }
        [r1, r2] if rank_of(r1).is_some() || rank_of(r2).is_some() => {
            let (r1, r2) = (rank(r1)?, rank(r2)?);
            Ok(Hand {
                hi: r1.max(r2),
                lo: r1.min(r2),
                suits: ALL_SUITS,
            })
        }
        [r1, r2, kind] if rank_of(r2).is_some() => {
            let (r1, r2) = (rank(r1)?, rank(r2)?);
            let suits = match kind.to_ascii_lowercase() {
                's' => SUITED,
                'o' => OFFSUIT,
                _ => {
                    return Err(format!(
                        "'{kind}' after two ranks must be s (suited) or o (offsuit)"
                    ))
                }
            };
            if r1 == r2 {
                let what = if suits == SUITED { "suited" } else { "offsuit" };
                return Err(format!(
                    "a pair cannot be {what}: write {}{} alone",
                    RANK_CHARS[r1 as usize], RANK_CHARS[r1 as usize]
                ));
            }
            Ok(Hand {
                hi: r1.max(r2),
                lo: r1.min(r2),
                suits,
            })
        }
        [r1, s1, r2] if suit_spec(s1).is_some() => {
            let (r1, r2) = (rank(r1)?, rank(r2)?);
            let (hi, lo, a, b) = ordered(
                r1,
                r2,
                suit_spec(s1).unwrap_or(SuitSpec::Any),
                SuitSpec::Any,
            );
            Ok(Hand {
                hi,
                lo,
                suits: suit_pattern(a, b),
            })
        }
        [r1, s1, r2, s2] => {
            let (r1, r2) = (rank(r1)?, rank(r2)?);
            let spec = |c: char| {
                suit_spec(c).ok_or_else(|| {
                    format!("'{c}' is not a suit (suits are c d h s, or x y z w * for any)")
                })
            };
            let (a, b) = (spec(s1)?, spec(s2)?);
            if let (SuitSpec::Suit(x), SuitSpec::Suit(y)) = (a, b) {
                if r1 == r2 && x == y {
                    return Err(format!(
                        "duplicate card {}{}",
                        RANK_CHARS[r1 as usize], SUIT_CHARS[x as usize]
                    ));
                }
            }
            let (hi, lo, a, b) = ordered(r1, r2, a, b);
            Ok(Hand {
                hi,
                lo,
                suits: suit_pattern(a, b),
            })
        }
        _ => Err(HAND_FORMS.to_string()),
    }
}

/// Whether `word` is the mantissa of a number (digits with at most one point).
fn is_mantissa(word: &[char]) -> bool {
    let digits = word.iter().filter(|c| c.is_ascii_digit()).count();
    let points = word.iter().filter(|&&c| c == '.').count();
    digits > 0 && points <= 1 && digits + points == word.len()
}

/// A decimal number: digits with at most one point, then perhaps an
/// exponent (`1`, `0.5`, `.25`, `40`, `7.5e-05`, as Python prints floats).
fn number(word: &[char]) -> Option<f64> {
    let (mantissa, exponent) = match word.iter().position(|&c| c == 'e' || c == 'E') {
        Some(e) => (&word[..e], Some(&word[e + 1..])),
        None => (word, None),
    };
    if !is_mantissa(mantissa) {
        return None;
    }
    if let Some(x) = exponent {
        let digits = x
            .strip_prefix(&['+'])
            .or_else(|| x.strip_prefix(&['-']))
            .unwrap_or(x);
        if digits.is_empty() || !digits.iter().all(char::is_ascii_digit) {
            return None;
        }
    }
    word.iter().collect::<String>().parse().ok()
}

/// The combos of the first classes of the preflop order: as many whole
/// classes as fit in `round(percent / 100 * 1326)` combos, at least one when
/// `percent > 0`.
fn top_percent(percent: f64) -> Vec<usize> {
    // Every class's combos in the preflop order, and where each class ends,
    // worked out once: a text may hold many percentages (each one read
    // from the order anew took seconds for a megabyte of `100%,`).
    static ORDERED: std::sync::OnceLock<(Vec<usize>, Vec<usize>)> = std::sync::OnceLock::new();
    let (combos, ends) = ORDERED.get_or_init(|| {
        let mut combos = Vec::with_capacity(NUM_COMBOS);
        let mut ends = Vec::with_capacity(order::PREFLOP_ORDER.len());
        for (name, _) in order::PREFLOP_ORDER {
            let chars: Vec<char> = name.chars().collect();
            if let Ok(hand) = hand_from_word(&chars) {
                combos.extend(hand.combos());
                ends.push(combos.len());
            }
        }
        (combos, ends)
    });
    let target = (percent / 100.0 * NUM_COMBOS as f64).round() as usize;
    // as many whole classes as fit, at least one when percent > 0
    let fit = ends.iter().take_while(|&&e| e <= target).count();
    let classes = if fit == 0 && percent > 0.0 { 1 } else { fit };
    let end = classes.checked_sub(1).map_or(0, |c| ends[c]);
    combos[..end].to_vec()
}

/// The 169 classes, strongest first, with their all-in equity against one
/// random hand: the order `15%` takes its hands from.
pub fn preflop_order() -> &'static [(&'static str, f64); 169] {
    &order::PREFLOP_ORDER
}

// ---------------------------------------------------------------------------
// The parser: a recursive descent over the characters, positions counted in
// characters.

/// Where a list of items ends: the end of the text, `[/40]`, or `)`.
#[derive(Clone, Copy, PartialEq)]
enum Closer {
    End,
    Bracket(f64),
    Paren(f64),
}

struct Parser<'a> {
    text: &'a str,
    chars: Vec<char>,
    pos: usize,
    weights: Vec<f64>,
}

fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '.' || c == '*'
}

impl Parser<'_> {
    fn error(&self, start: usize, end: usize, message: String) -> Error {
        let end = end.clamp(start, self.chars.len());
        let token: String = self.chars[start.min(self.chars.len())..end]
            .iter()
            .collect();
        Error::bad_range(self.text, start, &token, message)
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn skip_ws(&mut self) -> bool {
        let start = self.pos;
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
        self.pos > start
    }

    /// A maximal run of letters, digits, `.` and `*` (and the sign of a
    /// number's exponent, `7.5e-05`): its start and end.
    fn word(&mut self) -> (usize, usize) {
        let start = self.pos;
        while let Some(c) = self.peek() {
            let exponent_sign = self.pos > start
                && matches!(c, '+' | '-')
                && matches!(self.chars.get(self.pos.wrapping_sub(1)), Some('e' | 'E'))
                && self
                    .chars
                    .get(self.pos + 1)
                    .is_some_and(char::is_ascii_digit)
                && is_mantissa(&self.chars[start..self.pos - 1]);
            if !is_word_char(c) && !exponent_sign {
                break;
            }
            self.pos += 1;
        }
        (start, self.pos)
    }

    fn starts_with(&self, s: &str) -> bool {
        s.chars()
            .enumerate()
            .all(|(i, c)| self.chars.get(self.pos + i) == Some(&c))
    }

    /// Items separated by commas (or whitespace) up to `closer`; `group`: the
    /// weight of the enclosing `[40]...[/40]` or `0.4(...)`.
    fn list(&mut self, group: Option<(Closer, usize)>) -> Result<()> {
        let (closer, opened_at) = group.unwrap_or((Closer::End, 0));
        let weight = match closer {
            Closer::End => None,
            Closer::Bracket(w) | Closer::Paren(w) => Some(w),
        };
        let mut separated = true;
        loop {
            separated |= self.skip_ws();
            let Some(c) = self.peek() else {
                return match closer {
                    Closer::End => Ok(()),
                    Closer::Bracket(w) => Err(self.error(
                        opened_at,
                        self.chars.len(),
                        format!("the group is never closed: end it with [/{}]", w * 100.0),
                    )),
                    Closer::Paren(_) => Err(self.error(
                        opened_at,
                        self.chars.len(),
                        "the group is never closed: end it with )".into(),
                    )),
                };
            };
            if c == ',' {
                self.pos += 1;
                separated = true;
                continue;
            }
            if self.starts_with("[/") {
                return match closer {
                    Closer::Bracket(w) => self.close_bracket(w),
                    _ => {
                        let end = self.chars[self.pos..]
                            .iter()
                            .position(|&c| c == ']')
                            .map_or(self.chars.len(), |e| self.pos + e + 1);
                        Err(self.error(self.pos, end, "this closes a weighted group that was never opened (write [40]AA,KK[/40])".into()))
                    }
                };
            }
            if c == ')' {
                if matches!(closer, Closer::Paren(_)) {
                    self.pos += 1;
                    return Ok(());
                }
                return Err(self.error(
                    self.pos,
                    self.pos + 1,
                    "this closes a group that was never opened (write 0.5(AA,KK))".into(),
                ));
            }
            if !separated {
                let (s, e) = self.item_extent();
                return Err(self.error(s, e, "ranges are separated by commas".into()));
            }
            self.item(weight, closer != Closer::End)?;
            separated = false;
        }
    }

    /// Where the item starting here would end, for an error message.
    fn item_extent(&self) -> (usize, usize) {
        let start = self.pos;
        let mut end = start;
        while end < self.chars.len() && !self.chars[end].is_whitespace() && self.chars[end] != ',' {
            end += 1;
        }
        (start, end.max(start + 1).min(self.chars.len()))
    }

    /// Past the `skip` characters that open it (`[` or `[/`), a word then
    /// `]`: the word's extent. Else the error `message`, from `start`.
    fn bracketed(&mut self, start: usize, skip: usize, message: &str) -> Result<(usize, usize)> {
        self.pos += skip;
        self.skip_ws();
        let (ns, ne) = self.word();
        self.skip_ws();
        if self.peek() != Some(']') {
            let end = self.pos.max(ne).max(start + 1);
            return Err(self.error(start, end, message.into()));
        }
        self.pos += 1;
        Ok((ns, ne))
    }

    fn close_bracket(&mut self, w: f64) -> Result<()> {
        let start = self.pos;
        let (ns, ne) = self.bracketed(
            start,
            2,
            "a group ends with [/ then its weight then ] (like [/40])",
        )?;
        match number(&self.chars[ns..ne]) {
            Some(v) if v == w * 100.0 || v / 100.0 == w => Ok(()),
            _ => Err(self.error(
                start,
                self.pos,
                format!(
                    "this group was opened with [{}]: close it with [/{}]",
                    w * 100.0,
                    w * 100.0
                ),
            )),
        }
    }

    fn item(&mut self, group_weight: Option<f64>, in_group: bool) -> Result<()> {
        let start = self.pos;
        if self.peek() == Some('[') {
            if in_group {
                return Err(self.error(
                    start,
                    self.item_extent().1,
                    "weighted groups cannot be nested".into(),
                ));
            }
            let (ns, ne) = self.bracketed(
                start,
                1,
                "a weighted group starts with [ then a percentage then ] (like [40]AA,KK[/40])",
            )?;
            let w = match number(&self.chars[ns..ne]) {
                Some(v) if v <= 100.0 => v / 100.0,
                _ => {
                    return Err(self.error(
                        start,
                        self.pos,
                        "the weight of a [..] group is a percentage from 0 to 100 (like [40])"
                            .into(),
                    ))
                }
            };
            return self.list(Some((Closer::Bracket(w), start)));
        }
        let (ws, we) = self.word();
        if ws == we {
            let c = self.chars[ws];
            return Err(self.error(ws, ws + 1, format!("unexpected '{c}': {HAND_FORMS}")));
        }
        let word: Vec<char> = self.chars[ws..we].to_vec();
        let after_word = self.pos;
        self.skip_ws();
        // `0.4(AsKs, AKo)`: a weight for the group in parentheses.
        if self.peek() == Some('(') {
            let Some(w) = number(&word) else {
                return Err(self.error(
                    ws,
                    we,
                    "only a weight may stand before ( (like 0.5(AA,KK))".into(),
                ));
            };
            if in_group {
                return Err(self.error(
                    ws,
                    self.pos + 1,
                    "weighted groups cannot be nested".into(),
                ));
            }
            if w > 1.0 {
                return Err(self.error(
                    ws,
                    we,
                    "a weight is a number from 0 to 1 (like 0.5(AA,KK))".into(),
                ));
            }
            self.pos += 1;
            return self.list(Some((Closer::Paren(w), ws)));
        }
        // `15%`: the top of the preflop order.
        let combos: Vec<usize> = if self.peek() == Some('%') {
            self.pos += 1;
            match number(&word) {
                Some(p) if p <= 100.0 => top_percent(p),
                _ => {
                    return Err(self.error(
                        ws,
                        self.pos,
                        "a percentage is a number from 0 to 100 followed by % (like 15%)".into(),
                    ))
                }
            }
        } else {
            let lower: String = word.iter().collect::<String>().to_ascii_lowercase();
            if lower == "random" || lower == "any" {
                if matches!(self.peek(), Some('+' | '-')) {
                    return Err(self.error(
                        ws,
                        self.pos + 1,
                        format!("{lower} is every combo already: it takes no + or -"),
                    ));
                }
                self.pos = after_word;
                (0..NUM_COMBOS).collect()
            } else {
                let first = hand_from_word(&word).map_err(|m| self.error(ws, we, m))?;
                let hands = match self.peek() {
                    Some('+') => {
                        self.pos += 1;
                        plus(first)
                    }
                    Some('-') => {
                        self.pos += 1;
                        self.skip_ws();
                        let (s2, e2) = self.word();
                        if s2 == e2 {
                            return Err(self.error(
                                ws,
                                self.pos.max(s2 + 1).min(self.chars.len()),
                                "a run needs a hand after - (like 88-55 or A5s-A2s)".into(),
                            ));
                        }
                        let second = hand_from_word(&self.chars[s2..e2])
                            .map_err(|m| self.error(s2, e2, m))?;
                        dash(first, second).map_err(|m| self.error(ws, e2, m))?
                    }
                    _ => {
                        self.pos = after_word;
                        vec![first]
                    }
                };
                let combos: Vec<usize> = hands.iter().flat_map(|h| h.combos()).collect();
                if combos.is_empty() {
                    return Err(self.error(
                        ws,
                        self.pos,
                        "this names no combo (a pair's two cards need different suits: AxAy)"
                            .into(),
                    ));
                }
                combos
            }
        };
        // `:0.5`: the term's weight, PioSolver style.
        let mut weight = group_weight.unwrap_or(1.0);
        let save = self.pos;
        self.skip_ws();
        if self.peek() == Some(':') {
            let colon = self.pos;
            self.pos += 1;
            self.skip_ws();
            let (ns, ne) = self.word();
            if group_weight.is_some() || in_group {
                return Err(self.error(colon, ne.max(colon + 1), "a hand inside a weighted group takes the group's weight: write it outside the group".into()));
            }
            weight = match number(&self.chars[ns..ne]) {
                Some(w) if w <= 1.0 => w,
                _ => {
                    return Err(self.error(
                        ns.min(ne),
                        ne.max(ns + 1).min(self.chars.len()),
                        "a weight is a number from 0 to 1 (like AA:0.5)".into(),
                    ))
                }
            };
        } else {
            self.pos = save;
        }
        for i in combos {
            self.weights[i] = weight;
        }
        Ok(())
    }
}

/// `TT+` (up to AA), `T9s+` (connectors up to AKs), `KTs+` (the kicker up to
/// one below the top card).
fn plus(h: Hand) -> Vec<Hand> {
    if h.hi == h.lo {
        (h.hi..13).map(|r| h.shifted(r, r)).collect()
    } else if h.hi - h.lo == 1 {
        (0..13 - h.hi)
            .map(|k| h.shifted(h.hi + k, h.lo + k))
            .collect()
    } else {
        (h.lo..h.hi).map(|l| h.shifted(h.hi, l)).collect()
    }
}

/// `88-55` (pairs), `A5s-A2s` (the same top card), `76s-54s` (the same gap),
/// either end first.
fn dash(a: Hand, b: Hand) -> std::result::Result<Vec<Hand>, String> {
    if a.pattern() != b.pattern() {
        return Err("both ends of a run need the same suits (like A5s-A2s or AhKh-AhTh)".into());
    }
    if a.hi == b.hi && a.hi != a.lo && b.hi != b.lo {
        return Ok((a.lo.min(b.lo)..=a.lo.max(b.lo))
            .map(|l| a.shifted(a.hi, l))
            .collect());
    }
    if a.hi - a.lo == b.hi - b.lo {
        let gap = a.hi - a.lo;
        return Ok((a.hi.min(b.hi)..=a.hi.max(b.hi))
            .map(|h| a.shifted(h, h - gap))
            .collect());
    }
    Err("not a run: the two ends must both be pairs (88-55), share the top card (A5s-A2s) or have the same gap (76s-54s)".into())
}

// ---------------------------------------------------------------------------
// Printing.

/// Which combos of a rank pair a class covers.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Kind {
    Pair,
    Both,
    Suited,
    Offsuit,
}

impl Kind {
    fn suffix(self) -> &'static str {
        match self {
            Kind::Pair | Kind::Both => "",
            Kind::Suited => "s",
            Kind::Offsuit => "o",
        }
    }
    fn suits(self) -> u16 {
        match self {
            Kind::Pair | Kind::Both => ALL_SUITS,
            Kind::Suited => SUITED,
            Kind::Offsuit => OFFSUIT,
        }
    }
}

/// One printed term, before its weight: what it covers, for ordering.
struct Term {
    text: String,
    weight: f64,
    kind: Kind,
    /// The strongest class it holds (higher is first).
    top: (u8, u8),
}

fn rank_char(r: u8) -> char {
    RANK_CHARS[r as usize]
}

fn class_name(kind: Kind, hi: u8, lo: u8) -> String {
    format!("{}{}{}", rank_char(hi), rank_char(lo), kind.suffix())
}

/// Runs of equal weight in `stream` (index = kicker rank, from `top` down):
/// `(first, last, weight)` with `first >= last`.
fn runs(stream: &[Option<f64>], top: usize) -> Vec<(u8, u8, f64)> {
    let mut out: Vec<(u8, u8, f64)> = Vec::new();
    for r in (0..=top).rev() {
        let Some(w) = stream[r] else { continue };
        match out.last_mut() {
            Some((_, last, lw)) if *last as usize == r + 1 && *lw == w => *last = r as u8,
            _ => out.push((r as u8, r as u8, w)),
        }
    }
    out
}

/// The terms of one row (`hi`) of non-pairs, written with the kicker runs of
/// one kind.
fn row_terms(hi: u8, kind: Kind, stream: &[Option<f64>], out: &mut Vec<Term>) {
    if hi == 0 {
        return;
    }
    for (first, last, weight) in runs(stream, hi as usize - 1) {
        let single = first == last;
        out.push(run_term(
            kind,
            weight,
            (hi, first),
            (hi, last),
            single,
            first == hi - 1,
        ));
    }
}

/// The term of a run of classes of `kind` from `first` to `last` (their
/// top ranks): written `first` alone (`single`), `last+` when it reaches
/// the top (`to_top`), else `first-last`.
fn run_term(
    kind: Kind,
    weight: f64,
    first: (u8, u8),
    last: (u8, u8),
    single: bool,
    to_top: bool,
) -> Term {
    let a = class_name(kind, first.0, first.1);
    let text = if single {
        a
    } else if to_top {
        format!("{}+", class_name(kind, last.0, last.1))
    } else {
        format!("{a}-{}", class_name(kind, last.0, last.1))
    };
    Term {
        text,
        weight,
        kind,
        top: first,
    }
}

/// Single classes of the same kind, gap and weight on consecutive top ranks
/// become one run: `T9s,98s,87s` is `T9s-87s`, and connectors reaching AKs
/// are `87s+`.
fn merge_gaps(terms: Vec<Term>, singles: Vec<(Kind, u8, u8, f64)>) -> Vec<Term> {
    let mut out = terms;
    // Group by kind, gap and weight; within a group, top ranks from high to low.
    let mut groups: Vec<Vec<(Kind, u8, u8, f64)>> = Vec::new();
    let mut sorted = singles;
    sorted.sort_by(|a, b| {
        a.0.cmp(&b.0)
            .then((a.1 - a.2).cmp(&(b.1 - b.2)))
            .then(a.3.total_cmp(&b.3))
            .then(b.1.cmp(&a.1))
    });
    for s in sorted {
        match groups.last_mut() {
            Some(g)
                if g[0].0 == s.0
                    && g[0].1 - g[0].2 == s.1 - s.2
                    && g[0].3 == s.3
                    && g.last().is_some_and(|l| l.1 == s.1 + 1) =>
            {
                g.push(s)
            }
            _ => groups.push(vec![s]),
        }
    }
    for g in groups {
        let (kind, hi, lo, weight) = g[0];
        let (_, bhi, blo, _) = g[g.len() - 1];
        let to_top = hi == 12 && hi - lo == 1;
        out.push(run_term(
            kind,
            weight,
            (hi, lo),
            (bhi, blo),
            g.len() == 1,
            to_top,
        ));
    }
    out
}

/// A class's combos by number.
fn class_combos(kind: Kind, hi: u8, lo: u8) -> Vec<usize> {
    Hand {
        hi,
        lo,
        suits: kind.suits(),
    }
    .combos()
    .collect()
}

/// For one class: the weight it is written with (`None`: its combos are
/// written one by one) and the combos written after it (`(index, weight)`,
/// weight 0 to take one out).
fn class_plan(dense: &[f64], combos: &[usize]) -> (Option<f64>, Vec<(usize, f64)>) {
    let present: Vec<(usize, f64)> = combos
        .iter()
        .map(|&i| (i, dense[i]))
        .filter(|&(_, w)| w > 0.0)
        .collect();
    if present.is_empty() {
        return (None, Vec::new());
    }
    let (count, base) = most_common(&present.iter().map(|&(_, w)| w).collect::<Vec<_>>());
    if count == combos.len() {
        return (Some(base), Vec::new());
    }
    let exceptions = combos.len() - count;
    if 1 + exceptions < present.len() {
        (
            Some(base),
            combos
                .iter()
                .map(|&i| (i, dense[i]))
                .filter(|&(_, w)| w != base)
                .collect(),
        )
    } else {
        (None, present)
    }
}

fn combo_text(index: usize) -> String {
    let [a, b] = COMBOS[index];
    format!("{a}{b}")
}

fn weight_suffix(w: f64) -> String {
    if w == 1.0 {
        String::new()
    } else {
        format!(":{w}")
    }
}

/// Weight 1 first, then heavier before lighter (0, taking a combo out, last).
fn weight_rank(w: f64) -> (u8, std::cmp::Reverse<u64>) {
    (if w == 1.0 { 0 } else { 1 }, std::cmp::Reverse(w.to_bits()))
}

/// The terms for whole classes and runs of classes, and the combos written
/// one by one after them.
fn class_terms(dense: &[f64]) -> (Vec<Term>, Vec<(usize, f64)>) {
    let mut terms = Vec::new();
    let mut singles_combos: Vec<(usize, f64)> = Vec::new();
    // Pairs.
    let mut pairs = [None; 13];
    for r in 0..13u8 {
        let (base, extra) = class_plan(dense, &class_combos(Kind::Pair, r, r));
        pairs[r as usize] = base;
        singles_combos.extend(extra);
    }
    for (first, last, weight) in runs(&pairs, 12) {
        let text = if first == last {
            class_name(Kind::Pair, first, first)
        } else if first == 12 {
            format!("{}+", class_name(Kind::Pair, last, last))
        } else {
            format!(
                "{}-{}",
                class_name(Kind::Pair, first, first),
                class_name(Kind::Pair, last, last)
            )
        };
        terms.push(Term {
            text,
            weight,
            kind: Kind::Pair,
            top: (first, first),
        });
    }
    // Non-pairs, one row (top card) at a time: kicker runs of suited and
    // offsuit hands, or of whole classes (AK) where suited and offsuit
    // agree, whichever is shorter.
    let mut row_singles = Vec::new();
    for hi in 1..13u8 {
        let mut suited = vec![None; 13];
        let mut offsuit = vec![None; 13];
        for lo in 0..hi {
            let (s, es) = class_plan(dense, &class_combos(Kind::Suited, hi, lo));
            let (o, eo) = class_plan(dense, &class_combos(Kind::Offsuit, hi, lo));
            suited[lo as usize] = s;
            offsuit[lo as usize] = o;
            singles_combos.extend(es);
            singles_combos.extend(eo);
        }
        let mut split = Vec::new();
        row_terms(hi, Kind::Suited, &suited, &mut split);
        row_terms(hi, Kind::Offsuit, &offsuit, &mut split);
        let both: Vec<Option<f64>> = (0..13)
            .map(|l| {
                if suited[l].is_some() && suited[l] == offsuit[l] {
                    suited[l]
                } else {
                    None
                }
            })
            .collect();
        let mut mixed = Vec::new();
        if both.iter().any(Option::is_some) {
            let rest = |v: &[Option<f64>]| -> Vec<Option<f64>> {
                (0..13)
                    .map(|l| if both[l].is_some() { None } else { v[l] })
                    .collect()
            };
            row_terms(hi, Kind::Both, &both, &mut mixed);
            row_terms(hi, Kind::Suited, &rest(&suited), &mut mixed);
            row_terms(hi, Kind::Offsuit, &rest(&offsuit), &mut mixed);
        }
        // Whole classes only when they save a term: `AT+` for `ATs+,ATo+`,
        // but `K9s+,KTo+` rather than `KT+,K9s`.
        let chosen = if !mixed.is_empty() && mixed.len() < split.len() {
            mixed
        } else {
            split
        };
        for t in chosen {
            // Single classes may join classes of other rows with the same gap.
            if !t.text.contains(['+', '-']) {
                row_singles.push((t.kind, t.top.0, t.top.1, t.weight));
            } else {
                terms.push(t);
            }
        }
    }
    let mut terms = merge_gaps(terms, row_singles);
    sort_terms(&mut terms);
    sort_combos(&mut singles_combos);
    (terms, singles_combos)
}

/// Classes by weight (1 first), then pairs, suited (and whole) classes,
/// offsuit classes, each strongest first, as PioSolver prints them.
fn sort_terms(terms: &mut [Term]) {
    let kind_rank = |k: Kind| match k {
        Kind::Pair => 0,
        Kind::Both | Kind::Suited => 1,
        Kind::Offsuit => 2,
    };
    terms.sort_by(|a, b| {
        weight_rank(a.weight)
            .cmp(&weight_rank(b.weight))
            .then(kind_rank(a.kind).cmp(&kind_rank(b.kind)))
            .then(b.top.cmp(&a.top))
            .then(a.kind.cmp(&b.kind))
            .then(b.text.cmp(&a.text))
    });
}

/// Single combos by weight (1 first), then by class as classes are printed
/// (pairs, suited, offsuit, strongest first), then the stronger card first.
fn sort_combos(terms: &mut [(usize, f64)]) {
    let key = |&(i, w): &(usize, f64)| {
        let [a, b] = COMBOS[i];
        let kind = if a.rank() == b.rank() {
            0
        } else if a.suit() == b.suit() {
            1
        } else {
            2
        };
        (
            weight_rank(w),
            kind,
            std::cmp::Reverse((a.rank(), b.rank(), i)),
        )
    };
    terms.sort_by_key(key);
}

/// The most common weight of `weights` (the larger on a tie) and how often.
fn most_common(weights: &[f64]) -> (usize, f64) {
    let mut sorted: Vec<f64> = weights.to_vec();
    sorted.sort_by(|a, b| b.total_cmp(a));
    let mut best = (0usize, 0.0f64);
    let mut k = 0;
    while k < sorted.len() {
        let n = sorted[k..].iter().take_while(|&&v| v == sorted[k]).count();
        if n > best.0 {
            best = (n, sorted[k]);
        }
        k += n;
    }
    best
}

impl fmt::Display for Range {
    /// The shortest notation this module knows; `Range::parse` reads it back
    /// to the same range.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.combos.is_empty() {
            return Ok(());
        }
        let dense = self.dense();
        let (mut terms, mut combos) = class_terms(&dense);
        // Or `random` with the combos that differ from it written after, if
        // that is shorter (a full range, or one without a few dead cards).
        let (_, base) = most_common(&dense);
        let exceptions: Vec<(usize, f64)> = dense
            .iter()
            .enumerate()
            .filter(|&(_, &w)| w != base)
            .map(|(i, &w)| (i, w))
            .collect();
        if base > 0.0 {
            // The exceptions in class notation where they fill classes
            // (`random,72o:0`), weight 0 standing in as a weight no range
            // has (class_terms writes only weights above 0), then back.
            const OUT: f64 = 2.0;
            let mut diff = vec![0.0; dense.len()];
            for &(i, w) in &exceptions {
                diff[i] = if w == 0.0 { OUT } else { w };
            }
            let (mut t, mut c) = class_terms(&diff);
            for x in t
                .iter_mut()
                .map(|t| &mut t.weight)
                .chain(c.iter_mut().map(|c| &mut c.1))
            {
                // A combo class_terms takes out of a class (0 in `diff`) is
                // one that keeps the base weight; OUT is a weight of 0.
                *x = if *x == 0.0 {
                    base
                } else if *x == OUT {
                    0.0
                } else {
                    *x
                };
            }
            if 1 + t.len() + c.len() < terms.len() + combos.len() {
                sort_terms(&mut t);
                sort_combos(&mut c);
                t.insert(
                    0,
                    Term {
                        text: "random".into(),
                        weight: base,
                        kind: Kind::Pair,
                        top: (13, 13),
                    },
                );
                terms = t;
                combos = c;
            }
        }
        let texts = terms
            .iter()
            .map(|t| (t.text.clone(), t.weight))
            .chain(combos.iter().map(|&(i, w)| (combo_text(i), w)));
        for (k, (text, weight)) in texts.enumerate() {
            if k > 0 {
                f.write_str(",")?;
            }
            write!(f, "{text}{}", weight_suffix(weight))?;
        }
        Ok(())
    }
}
