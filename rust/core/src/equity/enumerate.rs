//! Every completion of a board for fixed hole cards, with the cards of
//! irrelevant suits taken one rank at a time (see the module above).
use super::{Control, Counts, MAX_PLAYERS};
use crate::card::CardSet;
use crate::error::Result;
use crate::eval::HandAcc;
use rayon::prelude::*;

/// C(n, k) for the small numbers of a deck.
pub fn board_count(n: usize, k: usize) -> u64 {
    if k > n {
        return 0;
    }
    let mut r: u64 = 1;
    for i in 0..k as u64 {
        r = r * (n as u64 - i) / (i + 1);
    }
    r
}

const BINOM: [[u64; 5]; 5] = [
    [1, 0, 0, 0, 0],
    [1, 1, 0, 0, 0],
    [1, 2, 1, 0, 0],
    [1, 3, 3, 1, 0],
    [1, 4, 6, 4, 1],
];

struct Ctx {
    holes: [HandAcc; MAX_PLAYERS],
    n: usize,
}

impl Ctx {
    /// One deal (counted `mult` times): only the set of winners is
    /// recorded (one add); wins, ties and shares come from the sets at the
    /// end ([`Masks::counts`]).
    #[inline(always)]
    fn leaf(&self, board: HandAcc, mult: u64, out: &mut Masks) {
        self.leaf_with::<true>(board, mult, out)
    }

    /// `FLUSH`: whether a flush is possible (else the flush test is skipped).
    #[inline(always)]
    fn leaf_with<const FLUSH: bool>(&self, board: HandAcc, mult: u64, out: &mut Masks) {
        let ev = |h: HandAcc| if FLUSH { h.eval7() } else { h.eval7_no_flush() };
        if self.n == 2 {
            let a = ev(board + self.holes[0]);
            let b = ev(board + self.holes[1]);
            // Branch-free: who wins is a coin flip to the branch predictor.
            out.0[(a >= b) as usize | (((b >= a) as usize) << 1)] += mult;
            return;
        }
        let mut best = 0u16;
        let mut mask = 0usize;
        for p in 0..self.n {
            let v = ev(board + self.holes[p]);
            if v > best {
                best = v;
                mask = 1 << p;
            } else if v == best {
                mask |= 1 << p;
            }
        }
        out.0[mask & ((1 << MAX_PLAYERS) - 1)] += mult;
    }
}

/// Deals counted by their set of winners (bit p: player p has the best hand).
pub(crate) struct Masks([u64; 1 << MAX_PLAYERS]);

impl Masks {
    fn new(_n: usize) -> Masks {
        Masks([0; 1 << MAX_PLAYERS])
    }
    fn counts(&self, n: usize) -> Counts {
        let mut c = Counts::new(n);
        for (mask, &k) in self.0.iter().enumerate().take(1 << n) {
            if k == 0 {
                continue;
            }
            let tied = mask.count_ones() as usize;
            for p in 0..n {
                if mask & (1 << p) != 0 {
                    if tied == 1 {
                        c.wins[p] += k;
                    } else {
                        c.ties[p] += k;
                    }
                    c.shares[p] += k * super::SHARE_OF[tied];
                }
            }
            c.deals += k;
        }
        c
    }
}

/// Per suit, the most cards of it any player can hold so far (hole cards
/// plus the board's), one byte a suit in one word, passed by value: the
/// leaves' test of all four at once reads a register, where a `[u8; 4]`
/// just written one byte at a time was read back as a word, a stalled
/// store-to-load forwarding at every last-card level (about a tenth of a
/// heads-up enumeration).
#[derive(Clone, Copy)]
struct Suits(u32);

impl Suits {
    #[inline(always)]
    fn get(self, suit: usize) -> usize {
        (self.0 >> (8 * suit) & 0xff) as usize
    }
    #[inline(always)]
    fn inc(self, suit: usize) -> Suits {
        Suits(self.0 + (1 << (8 * suit)))
    }
    /// Whether every suit has fewer than 4 (no flush with one card to come).
    #[inline(always)]
    fn all_below_4(self) -> bool {
        self.0 & 0xfcfc_fcfc == 0
    }
}

/// The state of the enumeration at one level.
#[derive(Clone)]
struct Level {
    board: HandAcc,
    deck: [u8; 52],
    ndeck: usize,
    suits: Suits,
    left: usize,
    start: usize,
    weight: u64,
}

fn setup(hands: &[[u8; 2]], board: &[u8], dead: CardSet) -> (Ctx, Level) {
    let n = hands.len();
    let mut holes = [HandAcc::EMPTY; MAX_PLAYERS];
    let mut used = dead.0;
    let mut suits = [0u8; 4];
    for (p, h) in hands.iter().enumerate() {
        holes[p] = HandAcc::EMPTY.add_index(h[0]).add_index(h[1]);
        used |= (1u64 << h[0]) | (1u64 << h[1]);
        let mut mine = [0u8; 4];
        mine[(h[0] & 3) as usize] += 1;
        mine[(h[1] & 3) as usize] += 1;
        for s in 0..4 {
            suits[s] = suits[s].max(mine[s]);
        }
    }
    let mut acc = HandAcc::EMPTY;
    for &c in board {
        used |= 1u64 << c;
        acc = acc.add_index(c);
        suits[(c & 3) as usize] += 1;
    }
    // The deck from the highest rank down, each rank's cards together, the
    // suits most able to make a flush first in each rank (the irrelevant
    // ones then come last, where they group: fewer leaves).
    let mut order = [3u8, 2, 1, 0];
    order.sort_by_key(|&s| std::cmp::Reverse(suits[s as usize]));
    let mut deck = [0u8; 52];
    let mut ndeck = 0;
    for r in (0..13u8).rev() {
        for &s in &order {
            let c = r * 4 + s;
            if used & (1u64 << c) == 0 {
                deck[ndeck] = c;
                ndeck += 1;
            }
        }
    }
    let suits = Suits(u32::from_le_bytes(suits));
    (
        Ctx { holes, n },
        Level {
            board: acc,
            deck,
            ndeck,
            suits,
            left: 5 - board.len(),
            start: 0,
            weight: 1,
        },
    )
}

/// Counts for fixed hole cards (`hands`, card indices), a partial `board`,
/// and `dead` cards out.
pub(crate) fn enumerate(hands: &[[u8; 2]], board: &[u8], dead: CardSet) -> Counts {
    let (ctx, mut lv) = setup(hands, board, dead);
    let mut out = Masks::new(ctx.n);
    if lv.left == 0 {
        ctx.leaf(lv.board, 1, &mut out);
        return out.counts(ctx.n);
    }
    rec(
        &ctx,
        &mut lv.deck,
        lv.ndeck,
        lv.suits,
        lv.board,
        lv.left,
        0,
        1,
        &mut out,
    );
    out.counts(ctx.n)
}

/// The same, the first card's subtrees shared out over the thread pool;
/// the counts are sums of integers, so they do not depend on the split.
pub(crate) fn enumerate_par(
    hands: &[[u8; 2]],
    board: &[u8],
    dead: CardSet,
    control: &Control,
) -> Result<Counts> {
    let (ctx, lv) = setup(hands, board, dead);
    if lv.left <= 1 || rayon::current_num_threads() == 1 {
        return Ok(enumerate(hands, board, dead));
    }
    // The first two levels' subtrees as tasks (a few hundred preflop).
    let mut tasks = Vec::new();
    split(&lv, 2, &mut tasks);
    let n = ctx.n;
    let parts: Vec<Counts> = tasks
        .into_par_iter()
        .map(|mut t| {
            control.check()?;
            let mut out = Masks::new(n);
            if t.left == 0 {
                ctx.leaf(t.board, t.weight, &mut out);
            } else {
                rec(
                    &ctx,
                    &mut t.deck,
                    t.ndeck,
                    t.suits,
                    t.board,
                    t.left,
                    t.start,
                    t.weight,
                    &mut out,
                );
            }
            Ok(out.counts(n))
        })
        .collect::<Result<_>>()?;
    let mut out = Counts::new(n);
    for p in &parts {
        out.add(p);
    }
    Ok(out)
}

/// The subtrees `depth` levels down, as tasks (the same walk as [`rec`]).
fn split(lv: &Level, depth: usize, tasks: &mut Vec<Level>) {
    if depth == 0 || lv.left == 0 {
        tasks.push(lv.clone());
        return;
    }
    let mut lv = lv.clone();
    let left = lv.left;
    let mut i = lv.start;
    while i < lv.ndeck {
        let c = lv.deck[i];
        let suit = (c & 3) as usize;
        if lv.suits.get(suit) + left < 5 {
            let group = gather(&mut lv.deck, lv.ndeck, lv.suits, i, left);
            let mut board = lv.board;
            #[allow(clippy::needless_range_loop, reason = "r is both a count and an index")]
            for r in 1..=group.min(left) {
                board = board.add_index(lv.deck[i + r - 1]);
                let mut next = lv.clone();
                next.board = board;
                next.left = left - r;
                next.start = i + group;
                next.weight = BINOM[group][r] * lv.weight;
                split(&next, depth - 1, tasks);
            }
            i += group;
        } else {
            let mut next = lv.clone();
            next.board = lv.board.add_index(c);
            next.suits = next.suits.inc(suit);
            next.left = left - 1;
            next.start = i + 1;
            split(&next, depth - 1, tasks);
            i += 1;
        }
    }
}

/// At position `i` (a card of an irrelevant suit), moves the other cards of
/// its rank whose suits are irrelevant too right after it; returns how many
/// there are in all.
#[inline(always)]
fn gather(deck: &mut [u8; 52], ndeck: usize, suits: Suits, i: usize, left: usize) -> usize {
    let rank = deck[i] >> 2;
    let mut group = 1;
    let mut j = i + 1;
    while j < ndeck && deck[j] >> 2 == rank {
        if suits.get((deck[j] & 3) as usize) + left < 5 {
            deck.swap(j, i + group);
            group += 1;
        }
        j += 1;
    }
    group
}

/// The last card: the irrelevant suits' cards of one rank counted together.
#[inline(always)]
#[allow(
    clippy::too_many_arguments,
    reason = "the hot leaf takes its state in registers"
)]
fn last(
    ctx: &Ctx,
    deck: &[u8; 52],
    ndeck: usize,
    suits: Suits,
    board: HandAcc,
    start: usize,
    weight: u64,
    out: &mut Masks,
) {
    // The last card: the irrelevant suits' cards of one rank counted together.
    let flushless = suits.all_below_4();
    let mut i = start;
    if flushless {
        // No suit can make a flush: a rank's cards are all alike.
        while i < ndeck {
            let rank = deck[i] >> 2;
            let mut j = i + 1;
            while j < ndeck && deck[j] >> 2 == rank {
                j += 1;
            }
            ctx.leaf_with::<false>(board.add_index(deck[i]), weight * (j - i) as u64, out);
            i = j;
        }
    } else {
        let mut last_rank = u8::MAX;
        while i < ndeck {
            let c = deck[i];
            if suits.get((c & 3) as usize) < 4 {
                let rank = c >> 2;
                if rank != last_rank {
                    let mut mult = 1;
                    let mut j = i + 1;
                    while j < ndeck && deck[j] >> 2 == rank {
                        if suits.get((deck[j] & 3) as usize) < 4 {
                            mult += 1;
                        }
                        j += 1;
                    }
                    last_rank = rank;
                    ctx.leaf(board.add_index(c), weight * mult, out);
                }
            } else {
                ctx.leaf(board.add_index(c), weight, out);
            }
            i += 1;
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn rec(
    ctx: &Ctx,
    deck: &mut [u8; 52],
    ndeck: usize,
    suits: Suits,
    board: HandAcc,
    left: usize,
    start: usize,
    weight: u64,
    out: &mut Masks,
) {
    if left == 1 {
        last(ctx, deck, ndeck, suits, board, start, weight, out);
        return;
    }
    let mut i = start;
    while i < ndeck {
        let c = deck[i];
        let suit = (c & 3) as usize;
        if suits.get(suit) + left < 5 {
            let group = gather(deck, ndeck, suits, i, left);
            let mut b = board;
            for r in 1..=group.min(left) {
                b = b.add_index(deck[i + r - 1]);
                let w = BINOM[group][r] * weight;
                if r == left {
                    ctx.leaf(b, w, out);
                } else if left - r == 1 {
                    last(ctx, deck, ndeck, suits, b, i + group, w, out);
                } else {
                    rec(ctx, deck, ndeck, suits, b, left - r, i + group, w, out);
                }
            }
            i += group;
        } else {
            let more = suits.inc(suit);
            if left == 2 {
                last(
                    ctx,
                    deck,
                    ndeck,
                    more,
                    board.add_index(c),
                    i + 1,
                    weight,
                    out,
                );
            } else {
                rec(
                    ctx,
                    deck,
                    ndeck,
                    more,
                    board.add_index(c),
                    left - 1,
                    i + 1,
                    weight,
                    out,
                );
            }
            i += 1;
        }
    }
}
