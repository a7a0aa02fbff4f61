//! Omaha showdowns: a hand plays exactly two of its hole cards (four, five
//! or six of them) and exactly three of the board's cards.
//!
//! The high hand is the best of every two-and-three choice, each a five-card
//! hand of the standard evaluator: the pairs of hole cards and the board's
//! triples are summed once each into [`HandAcc`]s, and each combination is
//! one add and one table read (60 for four hole cards and a full board, 150
//! for six). The low half of Omaha hi/lo is in [`super::low`].
use super::{best_five, HandAcc, HandValue};
use crate::card::Card;
use crate::error::{Error, Result};

/// Hole cards an Omaha hand may hold: four (Omaha), five or six (five- and
/// six-card Omaha).
pub const OMAHA_HOLE_CARDS: std::ops::RangeInclusive<usize> = 4..=6;
/// Board cards an Omaha hand may be evaluated with: from the flop (three) to
/// the river (five).
pub const OMAHA_BOARD_CARDS: std::ops::RangeInclusive<usize> = 3..=5;

/// Checks an Omaha hand: 4 to 6 hole cards, 3 to 5 board cards, all distinct.
pub(crate) fn check_omaha(hole: &[Card], board: &[Card]) -> Result<()> {
    if !OMAHA_HOLE_CARDS.contains(&hole.len()) {
        return Err(Error::cards(
            "hole",
            format!("Omaha needs 4, 5 or 6 hole cards, got {}", hole.len()),
        ));
    }
    if !OMAHA_BOARD_CARDS.contains(&board.len()) {
        return Err(Error::cards(
            "board",
            format!("an Omaha board is 3, 4 or 5 cards, got {}", board.len()),
        ));
    }
    // (no allocation: a check per evaluation)
    let mut seen = 0u64;
    for &c in hole.iter().chain(board) {
        if seen & c.bit() != 0 {
            return Err(Error::duplicate(c));
        }
        seen |= c.bit();
    }
    Ok(())
}

/// The best Omaha high hand's value and the indices of the two hole cards
/// and three board cards that make it (unchecked: any counts that fit
/// `OMAHA_HOLE_CARDS` and `OMAHA_BOARD_CARDS`). Among equal choices, the
/// first in the hand's and the board's order. (Every choice is evaluated:
/// the slow, plain form, for the cards played; [`omaha_high_value`] finds
/// the value alone faster.)
#[inline]
pub(crate) fn omaha_high_unchecked(hole: &[Card], board: &[Card]) -> (u16, [usize; 2], [usize; 3]) {
    let mut pairs = [(HandAcc::EMPTY, [0usize; 2]); 15];
    let mut np = 0;
    for i in 0..hole.len() {
        for j in i + 1..hole.len() {
            pairs[np] = (HandAcc::EMPTY.add(hole[i]).add(hole[j]), [i, j]);
            np += 1;
        }
    }
    let mut triples = [(HandAcc::EMPTY, [0usize; 3]); 10];
    let mut nt = 0;
    for a in 0..board.len() {
        for b in a + 1..board.len() {
            for c in b + 1..board.len() {
                triples[nt] = (
                    HandAcc::EMPTY.add(board[a]).add(board[b]).add(board[c]),
                    [a, b, c],
                );
                nt += 1;
            }
        }
    }
    let mut best = (0u16, [0usize; 2], [0usize; 3]);
    for &(t, ti) in &triples[..nt] {
        for &(p, pi) in &pairs[..np] {
            let v = (t + p).eval56();
            if v > best.0 {
                best = (v, pi, ti);
            }
        }
    }
    best
}

/// Rank multisets of two cards (91) and of three (455).
const PAIRS: usize = 91;
const TRIPLES: usize = 455;

/// The tables of [`omaha_high_value`]: the dense index of each two-rank and
/// three-rank multiset, and the non-flush value of every triple and pair
/// together (0 where five of a rank would be needed).
struct RankTables {
    /// `13 * r1 + r2` -> index of {r1, r2}.
    pair: [u8; 169],
    /// `169 * r1 + 13 * r2 + r3` -> index of {r1, r2, r3}.
    triple: [u16; 2197],
    /// `TRIPLES * pair index + triple index` -> value: pair-major, so that
    /// one hand's pairs read a few stretches of 910 bytes on any board (a
    /// hand valued on many boards keeps them in the level-1 cache).
    value: Vec<u16>,
}

fn rank_tables() -> &'static RankTables {
    static TABLES: std::sync::OnceLock<RankTables> = std::sync::OnceLock::new();
    TABLES.get_or_init(|| {
        let mut pair = [0u8; 169];
        let mut pairs: Vec<[u8; 2]> = Vec::with_capacity(PAIRS);
        for a in 0..13u8 {
            for b in a..13u8 {
                let i = pairs.len() as u8;
                pair[13 * a as usize + b as usize] = i;
                pair[13 * b as usize + a as usize] = i;
                pairs.push([a, b]);
            }
        }
        let mut triple = [0u16; 2197];
        let mut triples: Vec<[u8; 3]> = Vec::with_capacity(TRIPLES);
        for a in 0..13u8 {
            for b in a..13u8 {
                for c in b..13u8 {
                    let i = triples.len() as u16;
                    for [x, y, z] in [
                        [a, b, c],
                        [a, c, b],
                        [b, a, c],
                        [b, c, a],
                        [c, a, b],
                        [c, b, a],
                    ] {
                        triple[169 * x as usize + 13 * y as usize + z as usize] = i;
                    }
                    triples.push([a, b, c]);
                }
            }
        }
        let mut value = vec![0u16; TRIPLES * PAIRS];
        for (ti, t) in triples.iter().enumerate() {
            for (pi, p) in pairs.iter().enumerate() {
                let mut counts = [0u8; 13];
                for &r in t.iter().chain(p) {
                    counts[r as usize] += 1;
                }
                if counts.iter().any(|&k| k > 4) {
                    continue;
                }
                // five cards of these ranks and no five of a suit: the k-th
                // card (by rank) of suit k % 4 (cards of one rank are
                // consecutive, so their suits differ)
                let mut ranks: Vec<u8> = t.iter().chain(p).copied().collect();
                ranks.sort_unstable();
                let acc = ranks.iter().enumerate().fold(HandAcc::EMPTY, |h, (k, &r)| {
                    h.add_index(4 * r + (k % 4) as u8)
                });
                value[TRIPLES * pi + ti] = acc.eval56();
            }
        }
        RankTables {
            pair,
            triple,
            value,
        }
    })
}

/// The value of the best Omaha high hand (unchecked, as
/// [`omaha_high_unchecked`]): the non-flush hands by one table read a
/// choice in a table of every three-rank and two-rank multiset together
/// (81 KiB, pair-major: a hand's reads fall in one 910-byte run per pair of
/// its ranks), then, when three board cards and two hole cards share a
/// suit, that suit's flushes. A flush beats every non-flush hand of its
/// five distinct ranks, so the best of the two is the hand's value.
#[inline]
pub(crate) fn omaha_high_value(hole: &[Card], board: &[Card]) -> u16 {
    OmahaBoard::new(board).high(hole)
}

/// A board's part of [`omaha_high_value`], worked out once for all the
/// hands played against it (equity evaluates every player on each board):
/// the rows of its triples in the rank table, and the one suit, if any,
/// with three or more of its cards.
pub(crate) struct OmahaBoard {
    rows: [usize; 10],
    triples: usize,
    /// The flush suit's board ranks (0 when no suit has three cards).
    flush_ranks: u16,
    flush_suit: u8,
}

impl OmahaBoard {
    pub(crate) fn new(board: &[Card]) -> OmahaBoard {
        let t = rank_tables();
        let mut rows = [0usize; 10];
        let mut nt = 0;
        let n = board.len();
        for a in 0..n {
            for b in a + 1..n {
                for c in b + 1..n {
                    let ti = t.triple[169 * board[a].rank() as usize
                        + 13 * board[b].rank() as usize
                        + board[c].rank() as usize] as usize;
                    rows[nt] = ti;
                    nt += 1;
                }
            }
        }
        // a suit with three or more board cards: at most one on five cards
        let mut on_board = [0u16; 4];
        for c in board {
            on_board[c.suit() as usize] |= 1 << c.rank();
        }
        let (flush_suit, flush_ranks) = (0..4u8)
            .map(|s| (s, on_board[s as usize]))
            .find(|&(_, m)| m.count_ones() >= 3)
            .unwrap_or((0, 0));
        OmahaBoard {
            rows,
            triples: nt,
            flush_ranks,
            flush_suit,
        }
    }

    /// The best high hand of `hole` (4 to 6 cards) on this board.
    #[inline]
    pub(crate) fn high(&self, hole: &[Card]) -> u16 {
        // every pair, repeats and all: for one evaluation, finding the
        // distinct ones costs about what it saves
        let t = rank_tables();
        let mut pairs = [0u8; 15];
        let mut n = 0;
        for i in 0..hole.len() {
            for j in i + 1..hole.len() {
                pairs[n] = t.pair[13 * hole[i].rank() as usize + hole[j].rank() as usize];
                n += 1;
            }
        }
        self.high_with(&pairs[..n], hole)
    }

    /// [`OmahaBoard::high`] with the hand's distinct rank pairs given (their
    /// [`pair_rows`]: a hand evaluated on many boards works them out once).
    #[inline]
    pub(crate) fn high_with(&self, pairs: &[u8], hole: &[Card]) -> u16 {
        let t = rank_tables();
        let value = &t.value[..TRIPLES * PAIRS];
        // Each pair's best over the board's rows: the reads are
        // independent, and each pair's maximum stays in a register. A
        // five-card board has ten rows: a fixed count the loop unrolls.
        let mut best = 0u16;
        if self.triples == 10 {
            for &p in pairs {
                let p = TRIPLES * p as usize;
                debug_assert!(self.rows.iter().all(|&r| p + r < value.len()));
                // SAFETY: a row is a triple's index (below TRIPLES) and a
                // pair's index is below PAIRS (pair_rows and
                // OmahaBoard::new make them from the tables' own indices),
                // so TRIPLES * pair + row < TRIPLES * PAIRS = value.len().
                let v = |k: usize| unsafe { *value.get_unchecked(p + self.rows[k]) };
                // a tree of maxima: short dependency chains
                let m = (v(0).max(v(1)).max(v(2).max(v(3))))
                    .max(v(4).max(v(5)).max(v(6).max(v(7))))
                    .max(v(8).max(v(9)));
                best = best.max(m);
            }
        } else {
            let rows = &self.rows[..self.triples];
            for &p in pairs {
                let p = TRIPLES * p as usize;
                let m = rows.iter().fold(0u16, |m, &row| m.max(value[p + row]));
                best = best.max(m);
            }
        }
        if self.flush_ranks == 0 {
            return best;
        }
        let in_hand = hole
            .iter()
            .filter(|c| c.suit() == self.flush_suit)
            .fold(0u16, |m, c| m | 1 << c.rank());
        if in_hand.count_ones() < 2 {
            return best;
        }
        let bits = |mut m: u16| {
            let mut out = [0u16; 6];
            let mut k = 0;
            while m != 0 && k < 6 {
                out[k] = m & m.wrapping_neg();
                m &= m - 1;
                k += 1;
            }
            (out, k)
        };
        let (hb, nh) = bits(in_hand);
        let (bb, nb) = bits(self.flush_ranks);
        for i in 0..nh {
            for j in i + 1..nh {
                for x in 0..nb {
                    for y in x + 1..nb {
                        for z in y + 1..nb {
                            let mask = hb[i] | hb[j] | bb[x] | bb[y] | bb[z];
                            best = best.max(super::flush_value(mask));
                        }
                    }
                }
            }
        }
        best
    }
}

/// The distinct rank pairs of `hole` (4 to 6 cards) as rows of the rank
/// table, and how many: AAKK has three (AA, AK, KK), not six.
#[inline]
pub(crate) fn pair_rows(hole: &[Card]) -> ([u8; 15], usize) {
    let t = rank_tables();
    let mut out = [0u8; 15];
    let mut n = 0;
    for i in 0..hole.len() {
        for j in i + 1..hole.len() {
            let p = t.pair[13 * hole[i].rank() as usize + hole[j].rank() as usize];
            if !out[..n].contains(&p) {
                out[n] = p;
                n += 1;
            }
        }
    }
    (out, n)
}

/// The value of the best Omaha high hand: exactly two of `hole` (4 to 6
/// cards) and three of `board` (3 to 5 cards).
pub fn omaha_high(hole: &[Card], board: &[Card]) -> Result<HandValue> {
    check_omaha(hole, board)?;
    Ok(HandValue(omaha_high_value(hole, board)))
}

/// [`omaha_high`] with the five cards played, most significant first (as
/// [`best_five`] orders them), and the two hole cards among them.
pub fn omaha_high_cards(
    hole: &[Card],
    board: &[Card],
) -> Result<(HandValue, [Card; 5], [Card; 2])> {
    check_omaha(hole, board)?;
    let (_, p, t) = omaha_high_unchecked(hole, board);
    let five = [
        hole[p[0]],
        hole[p[1]],
        board[t[0]],
        board[t[1]],
        board[t[2]],
    ];
    let (value, ordered) = best_five(&five)?;
    Ok((value, ordered, [hole[p[0]], hole[p[1]]]))
}

/// Rows per parallel task of [`evaluate_rows`] (and between two looks at
/// the cancel flag): about a millisecond of work.
const OMAHA_CHUNK_ROWS: usize = 1 << 12;

/// What [`evaluate_rows`] computes for each row.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OmahaRows {
    /// The high hand's value (1..=7462).
    High,
    /// The eight-or-better low's [`super::low::LowValue`] value, 0 when no
    /// low qualifies.
    Low8,
}

/// The cards of one row as `Card`s, or the error naming its problem.
#[inline]
fn row_cards(hole: &[u8], board: &[u8], row: usize) -> Result<([Card; 6], [Card; 5])> {
    // The common case first: every index below 52 and no card twice (one
    // bit each); then the cards.
    let seen = hole
        .iter()
        .chain(board)
        .fold(0u64, |m, &c| m | (1u64 << (c & 63)));
    let fine = hole.iter().chain(board).all(|&c| c < 52)
        && seen.count_ones() as usize == hole.len() + board.len();
    if !fine {
        return Err(super::batch::describe_bad_row(row, hole, board, |_| None));
    }
    let mut h = [Card::from_checked_index(0); 6];
    let mut b = [Card::from_checked_index(0); 5];
    for (slot, &c) in h.iter_mut().zip(hole) {
        *slot = Card::from_checked_index(c);
    }
    for (slot, &c) in b.iter_mut().zip(board) {
        *slot = Card::from_checked_index(c);
    }
    Ok((h, b))
}

/// Evaluates Omaha hands stored row by row: `hole` holds rows of
/// `hole_width` (4 to 6) card indices and `board` as many rows of
/// `board_width` (3 to 5); one value a row goes to `out`. Every row is
/// checked (card indices 0..51, no card twice in a row, hole and board
/// together); the error names the first bad row. `threads` as in
/// [`super::batch::evaluate_rows`]; `cancel`, when set, stops the work
/// within a chunk of rows with [`crate::ErrorKind::Interrupted`].
#[allow(clippy::too_many_arguments)]
pub fn evaluate_rows(
    what: OmahaRows,
    hole: &[u8],
    hole_width: usize,
    board: &[u8],
    board_width: usize,
    out: &mut [u16],
    threads: Option<usize>,
    cancel: Option<&std::sync::atomic::AtomicBool>,
) -> Result<()> {
    if !OMAHA_HOLE_CARDS.contains(&hole_width) {
        return Err(Error::cards(
            "hole",
            format!("Omaha needs 4, 5 or 6 hole cards, got {hole_width}"),
        ));
    }
    if !OMAHA_BOARD_CARDS.contains(&board_width) {
        return Err(Error::cards(
            "board",
            format!("an Omaha board is 3, 4 or 5 cards, got {board_width}"),
        ));
    }
    let rows = out.len();
    if hole.len() != rows * hole_width || board.len() != rows * board_width {
        return Err(Error::bad_cards(format!(
            "{} hole and {} board card indices do not make {rows} rows of {hole_width} and {board_width}",
            hole.len(),
            board.len()
        )));
    }
    super::batch::by_pieces(out, OMAHA_CHUNK_ROWS, threads, cancel, |i, o| {
        let first = i * OMAHA_CHUNK_ROWS;
        for (k, v) in o.iter_mut().enumerate() {
            let r = first + k;
            let (h, b) = row_cards(
                &hole[r * hole_width..(r + 1) * hole_width],
                &board[r * board_width..(r + 1) * board_width],
                r,
            )?;
            let (h, b) = (&h[..hole_width], &b[..board_width]);
            *v = match what {
                OmahaRows::High => omaha_high_value(h, b),
                OmahaRows::Low8 => super::low::omaha_low(h, b).map_or(0, |(m, _)| 255 - m as u16),
            };
        }
        Ok(())
    })
}
