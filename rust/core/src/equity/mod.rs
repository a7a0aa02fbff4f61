//! Equity: how often each of 2 to 10 players wins, by exact enumeration of
//! every remaining deal, or by seeded Monte Carlo.
//!
//! Each player holds a weighted list of two-card combinations (one for a
//! known hand). A *deal* is one combination per player, no card shared
//! between them, the board and the dead cards, and a completion of the board
//! from the cards left. It counts with the product of its combinations'
//! weights, so range against range counts every non-colliding pair with its
//! weight.
//!
//! Exact enumeration (see `docs/equity.md`):
//! * the combination tuples are put in a canonical form (players sorted by
//!   their cards, suits renamed in order of first use), and tuples that are
//!   the same up to the suits' names share one board enumeration (a cache);
//! * boards are enumerated card by card, each level adding a card to a
//!   [`HandAcc`]; at the leaves each player's hand is the board's
//!   accumulator plus its hole cards' (one add and one lookup a player);
//! * a suit that can no longer make anyone a flush (its count in the best
//!   holding plus the cards still to come is under five) is *irrelevant*:
//!   its cards of one rank are interchangeable, so the enumeration takes
//!   one of them and counts it with the number of ways (suit isomorphism
//!   inside the board, about 3x fewer leaves preflop).
//!
//! Monte Carlo samples each deal independently: each player's combination
//! by weight, the whole tuple redrawn when two share a card (so that a
//! collision does not skew the weights: the accepted tuples are distributed
//! exactly as the exact enumeration weighs them), then the board's missing
//! cards uniformly from the rest. Trials come in fixed batches, batch `b`
//! drawing from ChaCha8 stream `b` of the seed, so the result depends on the
//! seed and the number of trials only, never on the number of threads.
use crate::card::{Card, CardSet};
use crate::error::EquityCause::*;
use crate::error::{Error, ErrorKind, Result};
use crate::eval::HandAcc;
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

mod enumerate;
pub mod game;
pub mod omaha;
mod preflop;
mod question;
pub use enumerate::board_count;
pub use question::{failed_unexpectedly, not_text, BadArgument, Question};

/// Most players in one equity question.
pub const MAX_PLAYERS: usize = 10;
/// A tie's share is counted in 2520ths (the least common multiple of 1..=10),
/// so every split of a pot among up to ten players is a whole number.
pub const SHARE_UNIT: u64 = 2520;
/// A k-way tie's share, `SHARE_UNIT / k` (a table: a division costs more
/// than the rest of a showdown).
pub(crate) const SHARE_OF: [u64; MAX_PLAYERS + 1] =
    [0, 2520, 1260, 840, 630, 504, 420, 360, 315, 280, 252];

/// One player's holding: weighted combinations (weights in (0, 1]).
pub type Holding = Vec<([Card; 2], f64)>;

/// What to compute.
#[derive(Clone, Debug, PartialEq)]
pub enum Method {
    /// Every deal, exactly; refused when it would visit more than
    /// `max_deals` (board completions times distinct combination tuples).
    Exact { max_deals: u64 },
    /// Seeded Monte Carlo: `trials` deals at most, stopping early once every
    /// player's standard error is below `target_std_error` (when given;
    /// checked on the schedule of [`next_check`]). `trials: None` needs a target.
    MonteCarlo {
        trials: Option<u64>,
        seed: u64,
        target_std_error: Option<f64>,
    },
}

/// Default limit of an exact enumeration: 4 billion deals (about a few
/// seconds on one core).
pub const DEFAULT_MAX_DEALS: u64 = 4_000_000_000;
/// Trials per Monte Carlo batch (one ChaCha8 stream each).
pub const BATCH: u64 = 1 << 14;
/// With a target standard error, the estimate is checked after the first
/// batch, then each time the number of deals has grown by a quarter (in
/// whole batches): a fixed schedule, so the stopping point does not depend
/// on the threads, and at most about 25% more deals than needed.
pub fn next_check(done: u64) -> u64 {
    let grown = (done + done / 4).div_ceil(BATCH) * BATCH;
    grown.max(done + BATCH)
}
/// A Monte Carlo run with a target and no trial limit stops at this many.
pub const MAX_TRIALS: u64 = 1 << 40;
/// The most trials one Monte Carlo run may ask for (about 10^15 deals,
/// months of work; more could not finish, and its counts of shares would
/// not fit 64 bits).
pub const MOST_TRIALS: u64 = 1 << 50;

/// Progress and cancellation shared with the caller (who may read and set
/// them from another thread while the computation runs).
#[derive(Debug, Default)]
pub struct Control {
    /// Set to stop: the computation returns [`ErrorKind::Interrupted`] soon
    /// after (within a batch of work).
    pub cancel: AtomicBool,
    /// Work done so far, out of `total` (deals for Monte Carlo, board
    /// enumerations for exact).
    pub done: AtomicU64,
    pub total: AtomicU64,
    /// Set while a grid runs its cells: they then leave `done` and `total`
    /// to the grid.
    quiet: AtomicBool,
}

impl Control {
    pub fn new() -> Control {
        Control::default()
    }
    fn set_total(&self, n: u64) {
        if !self.quiet.load(Ordering::Relaxed) {
            self.total.store(n, Ordering::Relaxed);
        }
    }
    /// A new phase of the work: `done` back to 0, out of `n`.
    fn restart(&self, n: u64) {
        if !self.quiet.load(Ordering::Relaxed) {
            self.done.store(0, Ordering::Relaxed);
            self.total.store(n, Ordering::Relaxed);
        }
    }
    fn advance(&self, n: u64) {
        if !self.quiet.load(Ordering::Relaxed) {
            self.done.fetch_add(n, Ordering::Relaxed);
        }
    }
    pub(crate) fn check(&self) -> Result<()> {
        if self.cancel.load(Ordering::Relaxed) {
            Err(ErrorKind::Interrupted.into())
        } else {
            Ok(())
        }
    }
}

/// The answer.
#[derive(Clone, Debug, PartialEq)]
pub struct EquityResult {
    /// Each player's wins plus their shares of ties, over all deals; sums to 1.
    pub equities: Vec<f64>,
    /// Deals each player won alone (weighted).
    pub wins: Vec<f64>,
    /// Deals each player tied for the best hand (weighted).
    pub ties: Vec<f64>,
    /// Deals counted (weighted by the combinations' weights when exact).
    pub boards: f64,
    pub exact: bool,
    /// Monte Carlo: each player's standard error of the equity.
    pub std_errors: Option<Vec<f64>>,
    /// Monte Carlo: deals sampled.
    pub trials: Option<u64>,
    /// Exact: distinct board enumerations run (after the suit isomorphism).
    pub enumerations: Option<u64>,
}

/// Integer counts for one set of players (in their order).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Counts {
    pub wins: Vec<u64>,
    pub ties: Vec<u64>,
    /// Equity in [`SHARE_UNIT`]ths of a deal.
    pub shares: Vec<u64>,
    pub deals: u64,
}

impl Counts {
    pub fn new(n: usize) -> Counts {
        Counts {
            wins: vec![0; n],
            ties: vec![0; n],
            shares: vec![0; n],
            deals: 0,
        }
    }
    pub fn add(&mut self, o: &Counts) {
        for i in 0..self.wins.len() {
            self.wins[i] += o.wins[i];
            self.ties[i] += o.ties[i];
            self.shares[i] += o.shares[i];
        }
        self.deals += o.deals;
    }
}

/// Checks the question and removes the combinations that the board and the
/// dead cards make impossible. Returns the holdings (each player's weights
/// divided by their largest), the known cards, and the product of the
/// players' largest weights (what the weighted counts are multiplied by).
fn prepare(
    players: &[Holding],
    board: &[Card],
    dead: &[Card],
) -> Result<(Vec<Holding>, CardSet, f64)> {
    if players.len() < 2 || players.len() > MAX_PLAYERS {
        return Err(Players.err(format!(
            "equity needs 2 to {MAX_PLAYERS} players, not {}",
            players.len()
        )));
    }
    if !matches!(board.len(), 0 | 3 | 4 | 5) {
        return Err(Error::bad_cards(format!(
            "a board is 0, 3, 4 or 5 cards, not {}",
            board.len()
        )));
    }
    let mut known = CardSet::default();
    for &c in board.iter().chain(dead) {
        if !known.insert(c) {
            return Err(Error::duplicate(c));
        }
    }
    let mut out = Vec::with_capacity(players.len());
    for (p, h) in players.iter().enumerate() {
        if h.is_empty() {
            return Err(InvalidRange.of(p, format!("player {} holds no combination", p + 1)));
        }
        let mut kept = Vec::with_capacity(h.len());
        for &(c, w) in h {
            if c[0] == c[1] {
                return Err(Error::duplicate(c[0]));
            }
            if !(w.is_finite() && w > 0.0 && w <= 1.0) {
                return Err(InvalidRange.of(
                    p,
                    format!(
                        "player {}: the weight of {}{} is {w}, not in (0, 1]",
                        p + 1,
                        c[0],
                        c[1]
                    ),
                ));
            }
            if !known.contains(c[0]) && !known.contains(c[1]) {
                kept.push((c, w));
            }
        }
        if kept.is_empty() {
            // A single known hand colliding is a duplicate card; a range
            // emptied is an equity problem.
            if h.len() == 1 {
                let c = h[0].0;
                return Err(Error::duplicate(if known.contains(c[0]) {
                    c[0]
                } else {
                    c[1]
                }));
            }
            return Err(EmptyRange.of(p, format!("player {}'s range has no combination left once the board and dead cards are removed", p + 1)));
        }
        out.push(kept);
    }
    // Known hands (players given as one combination) must not share a card.
    let is_known: Vec<bool> = players.iter().map(|h| h.len() == 1).collect();
    let mut fixed = known;
    for (h, _) in out.iter().zip(&is_known).filter(|(_, &k)| k) {
        for &x in &h[0].0 {
            if !fixed.insert(x) {
                return Err(Error::duplicate(x));
            }
        }
    }
    // A range's combinations that hold a known hand's card can never be
    // dealt: they go, as the board's and the dead cards' do (so that Monte
    // Carlo does not spend its draws on them; the exact counts are the same).
    if fixed != known {
        for (p, (h, _)) in out
            .iter_mut()
            .zip(&is_known)
            .enumerate()
            .filter(|(_, (_, &k))| !k)
        {
            h.retain(|(c, _)| !fixed.contains(c[0]) && !fixed.contains(c[1]));
            if h.is_empty() {
                return Err(EmptyRange.of(p, format!("player {}'s range has no combination left once the board, the dead cards and the known hands are removed", p + 1)));
            }
        }
    }
    let left = 52 - known.len();
    let need = 2 * players.len() + (5 - board.len());
    if need > left {
        return Err(Error::no_cards_left(need, left));
    }
    // Each player's weights divided by their largest: only their ratios
    // matter, and a product of tiny weights (1e-170 each) would underflow to
    // 0. The product of the largest weights scales the weighted counts back.
    let mut scale = 1.0;
    for h in &mut out {
        let top = h.iter().fold(0.0f64, |a, c| a.max(c.1));
        if top != 1.0 {
            for c in h.iter_mut() {
                c.1 = (c.1 / top).min(1.0);
            }
            scale *= top;
        }
    }
    Ok((out, known, scale))
}

/// Equity of `players` on `board` (0, 3, 4 or 5 cards) with `dead` cards
/// out, on `threads` cores (`None`: all).
pub fn equity(
    players: &[Holding],
    board: &[Card],
    dead: &[Card],
    method: &Method,
    threads: Option<usize>,
    control: &Control,
) -> Result<EquityResult> {
    crate::threads::install(threads, || run(players, board, dead, method, control))?
}

fn run(
    players: &[Holding],
    board: &[Card],
    dead: &[Card],
    method: &Method,
    control: &Control,
) -> Result<EquityResult> {
    let (holdings, known, scale) = prepare(players, board, dead)?;
    match method {
        Method::Exact { max_deals } => {
            exact(&holdings, board, known, *max_deals, control).map(|r| scaled(r, scale))
        }
        Method::MonteCarlo {
            trials,
            seed,
            target_std_error,
        } => monte_carlo(
            &holdings,
            board,
            known,
            *trials,
            *seed,
            *target_std_error,
            control,
        ),
    }
}

/// Whether a question is small enough (a few tens of milliseconds on one
/// core at most) that a caller need not watch it for progress or interrupts
/// from another thread (a thread started to watch costs about as much as a
/// small question: a heads-up preflop enumeration is one): a bound on its
/// work, in hand evaluations, from the sizes alone.
pub fn is_quick(players: &[Holding], board: &[Card], method: &Method) -> bool {
    let tuples: f64 = players.iter().map(|h| h.len() as f64).product();
    // (a sampled tuple of ranges is drawn again whenever two players' hands
    // share a card, up to hundreds of times a deal: no cheap count bounds
    // that, so such a question is always watched)
    if matches!(method, Method::MonteCarlo { .. }) && players.iter().any(|h| h.len() > 1) {
        return false;
    }
    let deals = match method {
        Method::MonteCarlo {
            trials,
            target_std_error: None,
            ..
        } => trials.unwrap_or(u64::MAX) as f64,
        Method::MonteCarlo { .. } => f64::INFINITY,
        Method::Exact { .. } => {
            tuples * board_count(52 - board.len(), 5 - board.len().min(5)) as f64
        }
    };
    deals * players.len() as f64 <= QUICK_EVALUATIONS
}

/// [`is_quick`]'s bound: about 20 to 50 ms of evaluations on one core
/// (every deal of a heads-up or three-handed preflop enumeration is in it).
pub const QUICK_EVALUATIONS: f64 = 6_000_000.0;

/// A player given as text: two cards (`AhKh`, a known hand), one card
/// (`Ah`: that card and any other), or a range in the notation of
/// [`crate::range`] (`TT+,AQs+`, `AA:0.5`, `random`, `15%`).
pub fn holding(text: &str) -> Result<Holding> {
    let t = text.trim();
    if !t.contains(',') {
        if let Ok(cards) = crate::card::parse_cards(t) {
            match cards.as_slice() {
                [a, b] => return Ok(vec![([*a, *b], 1.0)]),
                [a] => {
                    return Ok((0..52u8)
                        .filter(|&i| i != a.index())
                        .filter_map(|i| Card::new(i).ok())
                        .map(|b| ([*a, b], 1.0))
                        .collect())
                }
                _ => {}
            }
        }
    }
    Ok(crate::range::Range::parse(t)?.combos().to_vec())
}

/// The 169 starting-hand classes in the 13 x 13 grid poker players read:
/// row by row from aces down, pairs on the diagonal, suited hands above it
/// (`AKs` in row A, column K), offsuit hands below (`AKo` in row K, column A).
pub fn grid_names() -> Vec<String> {
    const R: &[u8; 13] = b"AKQJT98765432";
    let mut out = Vec::with_capacity(169);
    for (i, &a) in R.iter().enumerate() {
        for (j, &b) in R.iter().enumerate() {
            let (a, b) = (a as char, b as char);
            out.push(match i.cmp(&j) {
                std::cmp::Ordering::Equal => format!("{a}{b}"),
                std::cmp::Ordering::Less => format!("{a}{b}s"),
                std::cmp::Ordering::Greater => format!("{b}{a}o"),
            });
        }
    }
    out
}

/// The seed of a Monte Carlo grid's cell `k` (in [`grid_names`] order),
/// from the grid's seed: `equity` with this seed, the cell's class and the
/// same opponents gives the cell's result.
pub fn grid_cell_seed(seed: u64, k: usize) -> u64 {
    seed ^ (k as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// Each of the 169 classes' equity against `opponents` (in
/// [`grid_names`] order); `None` for a class the known cards make
/// impossible. Monte Carlo cells draw from seeds derived from `seed` and the
/// cell, so the grid is reproducible and independent of threads.
pub fn grid(
    opponents: &[Holding],
    board: &[Card],
    dead: &[Card],
    method: &Method,
    threads: Option<usize>,
    control: &Control,
) -> Result<Vec<Option<EquityResult>>> {
    if opponents.is_empty() || opponents.len() >= MAX_PLAYERS {
        return Err(Players.err(format!(
            "a grid needs 1 to {} opponents, not {}",
            MAX_PLAYERS - 1,
            opponents.len()
        )));
    }
    let names = grid_names();
    control.quiet.store(false, Ordering::Relaxed);
    control.set_total(names.len() as u64);
    control.quiet.store(true, Ordering::Relaxed);
    // Cards no class combination may hold: the board, the dead cards, and
    // the opponents' known hands (a combination holding one is never dealt).
    let mut known = CardSet::default();
    for &c in board.iter().chain(dead) {
        known.insert(c);
    }
    for o in opponents {
        if let [(c, _)] = o.as_slice() {
            known.insert(c[0]);
            known.insert(c[1]);
        }
    }
    let out = crate::threads::install(threads, || {
        names
            .par_iter()
            .enumerate()
            .map(|(k, name)| {
                control.check()?;
                // (the class's combos in the order `equity` takes them from
                // its name, so that a cell's seed repeats it there)
                let mine: Holding = crate::range::Range::parse(name)?
                    .combos()
                    .iter()
                    .copied()
                    .filter(|(c, _)| !known.contains(c[0]) && !known.contains(c[1]))
                    .collect();
                if mine.is_empty() {
                    control.done.fetch_add(1, Ordering::Relaxed);
                    return Ok(None);
                }
                let mut players = vec![mine];
                players.extend(opponents.iter().cloned());
                let m = match method {
                    Method::MonteCarlo {
                        trials,
                        seed,
                        target_std_error,
                    } => Method::MonteCarlo {
                        trials: *trials,
                        seed: grid_cell_seed(*seed, k),
                        target_std_error: *target_std_error,
                    },
                    m => m.clone(),
                };
                let r = match run(&players, board, dead, &m, control) {
                    Ok(r) => Some(r),
                    // A class whose every combination collides with an opponent's known hand.
                    Err(e) if matches!(e.kind(), ErrorKind::Equity(e) if e.cause == NoDeal) => None,
                    Err(e) => return Err(e),
                };
                control.done.fetch_add(1, Ordering::Relaxed);
                Ok(r)
            })
            .collect::<Result<Vec<_>>>()
    });
    control.quiet.store(false, Ordering::Relaxed);
    out?
}

/// An exact result's weighted counts in the weights as given (the
/// enumeration ran with each player's weights divided by their largest).
/// Tiny weights give tiny counts (0 once their product underflows); the
/// equities do not change.
fn scaled(mut r: EquityResult, scale: f64) -> EquityResult {
    if scale != 1.0 {
        for x in r.wins.iter_mut().chain(r.ties.iter_mut()) {
            *x *= scale;
        }
        r.boards *= scale;
    }
    r
}

/// Wins, ties and shares a player, and the boards counted.
type Finished = (Vec<f64>, Vec<f64>, Vec<f64>, f64);

fn finish(
    n: usize,
    wins: Vec<f64>,
    ties: Vec<f64>,
    shares: Vec<f64>,
    boards: f64,
) -> Result<Finished> {
    if boards <= 0.0 {
        // (the weights of the possible deals, relative to each player's
        // largest, may all be below the smallest float: say both)
        return Err(NoDeal.err("no deal has any weight: every combination of one player shares a card with every combination of another, or every deal possible is made of combinations so much less likely than their players' likeliest (weights multiplying to below 1e-308) that its weight is 0".into()));
    }
    let total: f64 = shares.iter().sum();
    let equities = (0..n).map(|i| shares[i] / total).collect();
    Ok((equities, wins, ties, boards))
}

/// An exact answer from its sums (see [`finish`]); `enumerations`: the
/// classes enumerated, when they were grouped.
fn exact_result(
    n: usize,
    (wins, ties, shares, boards): (Vec<f64>, Vec<f64>, Vec<f64>, f64),
    enumerations: Option<u64>,
) -> Result<EquityResult> {
    let (equities, wins, ties, boards) = finish(n, wins, ties, shares, boards)?;
    Ok(EquityResult {
        equities,
        wins,
        ties,
        boards,
        exact: true,
        std_errors: None,
        trials: None,
        enumerations,
    })
}

// ---------------------------------------------------------------------------
// exact

/// A tuple of combinations in canonical form: players sorted by their cards
/// (`order[k]` is the original player of sorted position `k`), suits renamed
/// in order of first appearance over the sorted hands, then the board, then
/// the dead cards. Tuples with the same key have the same board
/// enumeration, position by position. The key holds the renamed hands,
/// board and dead cards as card bits, so it needs no allocation (and is
/// all a class keeps).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Key {
    hands: [u8; 2 * MAX_PLAYERS],
    board: u64,
    dead: u64,
}

fn canonical_key(hands: &[[Card; 2]], board: &[Card], dead: CardSet) -> (Key, [u8; MAX_PLAYERS]) {
    let n = hands.len();
    // Players sorted by (ranks, then suits): a choice that suit renaming
    // cannot change except in the suits, which the renaming then fixes.
    let hi_lo = |h: [Card; 2]| {
        if h[0].index() >= h[1].index() {
            h
        } else {
            [h[1], h[0]]
        }
    };
    let mut order = [0u8; MAX_PLAYERS];
    for (p, o) in order.iter_mut().enumerate().take(n) {
        *o = p as u8;
    }
    order[..n].sort_unstable_by_key(|&p| {
        let h = hi_lo(hands[p as usize]);
        (h[0].rank(), h[1].rank(), h[0].suit(), h[1].suit())
    });
    let mut map = [u8::MAX; 4];
    let mut next = 0u8;
    let mut key = Key {
        hands: [0; 2 * MAX_PLAYERS],
        board: 0,
        dead: 0,
    };
    for (k, &p) in order[..n].iter().enumerate() {
        let h = hi_lo(hands[p as usize]);
        let mut r = [0u8; 2];
        for (x, c) in r.iter_mut().zip(h) {
            let s = c.suit() as usize;
            if map[s] == u8::MAX {
                map[s] = next;
                next += 1;
            }
            *x = c.rank() * 4 + map[s];
        }
        key.hands[2 * k] = r[0].max(r[1]);
        key.hands[2 * k + 1] = r[0].min(r[1]);
    }
    // Suits no hand holds: named by what the board and the dead cards hold
    // of them (a fixed function of the sets), so equal sets get equal names.
    let mut board_ranks = [0u32; 4];
    for &c in board {
        board_ranks[c.suit() as usize] |= 1 << c.rank();
    }
    let mut dead_ranks = [0u32; 4];
    for c in dead.iter() {
        dead_ranks[c.suit() as usize] |= 1 << c.rank();
    }
    let mut unnamed = [0usize; 4];
    let mut m = 0;
    for (s, &to) in map.iter().enumerate() {
        if to == u8::MAX {
            unnamed[m] = s;
            m += 1;
        }
    }
    unnamed[..m].sort_unstable_by_key(|&s| {
        std::cmp::Reverse(((board_ranks[s] as u64) << 13) | dead_ranks[s] as u64)
    });
    for &s in &unnamed[..m] {
        map[s] = next;
        next += 1;
    }
    for &c in board {
        key.board |= 1u64 << (c.rank() * 4 + map[c.suit() as usize]);
    }
    for c in dead.iter() {
        key.dead |= 1u64 << (c.rank() * 4 + map[c.suit() as usize]);
    }
    (key, order)
}

fn bits_to_cards(bits: u64) -> Vec<u8> {
    (0..52u8).filter(|&c| bits & (1u64 << c) != 0).collect()
}

/// An exact enumeration refused for its size: `what` it would do.
fn refuse(what: String) -> Error {
    TooLarge.err(format!("exact enumeration would {what}; pass trials=N for a Monte Carlo estimate, or target_std_error"))
}

/// Tuple `t` of the players' combinations (one a player, in mixed radix:
/// combination `t % size` of the first player, and so on): each player's
/// combination in `pick`, and the cards held (with `used`) and the product
/// of the weights; `None` when two combinations, or a combination and
/// `used`, share a card.
#[inline(always)]
fn tuple_at(
    holdings: &[Holding],
    t: u64,
    mut used: u64,
    pick: &mut [usize; MAX_PLAYERS],
) -> Option<(u64, f64)> {
    let mut r = t;
    let mut w = 1.0;
    for (p, h) in holdings.iter().enumerate() {
        let i = (r % h.len() as u64) as usize;
        r /= h.len() as u64;
        let (c, wt) = h[i];
        let bits = c[0].bit() | c[1].bit();
        if used & bits != 0 {
            return None;
        }
        used |= bits;
        pick[p] = i;
        w *= wt;
    }
    Some((used, w))
}

fn exact(
    holdings: &[Holding],
    board: &[Card],
    known: CardSet,
    max_deals: u64,
    control: &Control,
) -> Result<EquityResult> {
    let n = holdings.len();
    let sizes: Vec<u64> = holdings.iter().map(|h| h.len() as u64).collect();
    let tuples: u128 = sizes.iter().map(|&s| s as u128).product();
    let deck_left = 52 - known.len() - 2 * n;
    let per_tuple = board_count(deck_left, 5 - board.len()) as u128;
    let dead_cards: CardSet = {
        let mut d = known;
        for &c in board {
            d.0 &= !c.bit();
        }
        d
    };
    if board.len() >= 4 {
        return exact_last_card(holdings, board, known, max_deals, control);
    }
    // Pass 1 lists the tuples (their classes after the suit isomorphism
    // decide the work): at most LIST_LIMIT of them.
    const LIST_LIMIT: u128 = 50_000_000;
    if tuples > LIST_LIMIT {
        return Err(refuse(format!("visit up to {} deals ({tuples} combination tuples, one combination a player, over the {LIST_LIMIT} it lists)", tuples * per_tuple)));
    }
    // Refused before any listing when a lower bound on the number of
    // classes (counted without listing them: see least_classes) leaves too
    // many deals.
    if tuples * per_tuple > max_deals as u128 {
        let (valid, least) =
            least_classes(holdings, known, board, dead_cards, tuples as u64, control)?;
        let least = least as u128 * per_tuple;
        if least > max_deals as u128 {
            return Err(refuse(format!(
                "visit at least {least} deals after the suit isomorphism ({valid} combination tuples without a shared card, {per_tuple} boards each), over the limit of {max_deals}"
            )));
        }
    }
    // Progress: the tuples listed, then (restarted) the board enumerations.
    control.set_total(tuples as u64);
    // Pass 1: the canonical classes of the tuples without a shared card, in
    // order of first appearance. Stopped (and refused) as soon as the
    // classes alone would pass the limit, so that their memory is bounded by
    // it.
    let most_classes = (max_deals as u128 / per_tuple.max(1)) as usize;
    let mut classes: Vec<Key> = Vec::new();
    let mut index: HashMap<Key, u32> = HashMap::new();
    let mut hands: Vec<[Card; 2]> = holdings.iter().map(|h| h[0].0).collect();
    let mut pick = [0usize; MAX_PLAYERS];
    let mut any = false;
    for t in 0..tuples as u64 {
        if t % 65536 == 0 {
            control.check()?;
            control.advance(t.min(1) * 65536);
        }
        if tuple_at(holdings, t, known.0, &mut pick).is_none() {
            continue;
        }
        any = true;
        for (p, hand) in hands.iter_mut().enumerate() {
            *hand = holdings[p][pick[p]].0;
        }
        let (key, _) = canonical_key(&hands, board, dead_cards);
        if let std::collections::hash_map::Entry::Vacant(e) = index.entry(key) {
            if classes.len() >= most_classes {
                return Err(refuse(format!("visit more than {max_deals} deals after the suit isomorphism (over {} classes of combination tuples, {per_tuple} boards each)", classes.len())));
            }
            e.insert(classes.len() as u32);
            classes.push(key);
        }
    }
    if !any {
        return Err(NoDeal.err("no deal is possible: every combination of one player shares a card with every combination of another".into()));
    }
    control.restart(classes.len() as u64);
    // Pass 2: one board enumeration per class, in parallel (over classes
    // when there are several, inside the enumeration when there is one);
    // the counts kept flat, `3 n + 1` numbers a class.
    let stride = 3 * n + 1;
    let enumerate_class = |k: &Key, par: bool| -> Result<Vec<u64>> {
        control.check()?;
        let hands: Vec<[u8; 2]> = (0..n)
            .map(|i| [k.hands[2 * i], k.hands[2 * i + 1]])
            .collect();
        let table = (n == 2 && k.board == 0 && k.dead == 0)
            .then(|| preflop::lookup(&k.hands[..4]))
            .flatten();
        let c = if let Some(c) = table {
            c
        } else if par {
            enumerate::enumerate_par(&hands, &bits_to_cards(k.board), CardSet(k.dead), control)?
        } else {
            enumerate::enumerate(&hands, &bits_to_cards(k.board), CardSet(k.dead))
        };
        control.advance(1);
        let mut v = Vec::with_capacity(stride);
        v.extend_from_slice(&c.wins);
        v.extend_from_slice(&c.ties);
        v.extend_from_slice(&c.shares);
        v.push(c.deals);
        Ok(v)
    };
    let mut counts: Vec<u64> = Vec::with_capacity(classes.len() * stride);
    if classes.len() >= 4 * rayon::current_num_threads() {
        counts = crate::threads::fold_in_order(
            0..classes.len() as u64,
            4096,
            |i| enumerate_class(&classes[i as usize], false),
            counts,
            |acc, v| acc.extend_from_slice(&v),
        )?;
    } else {
        for k in &classes {
            counts.extend_from_slice(&enumerate_class(k, true)?);
        }
    }
    // Pass 3: each tuple's counts back in player order, weighted; summed in
    // tuple order (a fixed order: the floats do not depend on threads). The
    // classes are found again from the tuples (rather than kept for each
    // tuple in pass 1, which would take memory in proportion to them).
    let mut wins = vec![0.0; n];
    let mut ties = vec![0.0; n];
    let mut shares = vec![0.0; n];
    let mut boards = 0.0;
    for t in 0..tuples as u64 {
        if t % 65536 == 0 {
            control.check()?;
        }
        let Some((_, w)) = tuple_at(holdings, t, known.0, &mut pick) else {
            continue;
        };
        for (p, hand) in hands.iter_mut().enumerate() {
            *hand = holdings[p][pick[p]].0;
        }
        let (key, order) = canonical_key(&hands, board, dead_cards);
        let Some(&class) = index.get(&key) else {
            continue;
        };
        let c = &counts[class as usize * stride..][..stride];
        for (k, &p) in order[..n].iter().enumerate() {
            let p = p as usize;
            wins[p] += w * c[k] as f64;
            ties[p] += w * c[n + k] as f64;
            shares[p] += w * c[2 * n + k] as f64;
        }
        boards += w * c[3 * n] as f64;
    }
    exact_result(n, (wins, ties, shares, boards), Some(classes.len() as u64))
}

/// The suit renamings that leave the board and the dead cards where they
/// are (as sets): how many tuples at most one renaming class of hands
/// stands for.
fn board_symmetries(board: &[Card], dead: CardSet) -> u32 {
    let mut board_set = CardSet::default();
    for &c in board {
        board_set.insert(c);
    }
    let map = |set: CardSet, perm: [u8; 4]| {
        CardSet(set.iter().fold(0u64, |a, c| {
            a | 1u64 << (c.rank() * 4 + perm[c.suit() as usize])
        }))
    };
    let mut count = 0;
    for a in 0..4u8 {
        for b in 0..4u8 {
            for c in 0..4u8 {
                // (the fourth suit: the one left, when a, b and c differ)
                let Some(d) = 6u8.checked_sub(a + b + c) else {
                    continue;
                };
                if a == b || a == c || b == c || d > 3 || d == a || d == b || d == c {
                    continue;
                }
                let perm = [a, b, c, d];
                if map(board_set, perm) == board_set && map(dead, perm) == dead {
                    count += 1;
                }
            }
        }
    }
    count
}

/// The number of ways to give the hands of a tuple to its players so that
/// each player holds a combination of their own range: the permanent of
/// the 0/1 matrix `rows` (bit `j` of `rows[i]`: hand `j` is in player `i`'s
/// range, or its transpose, which has the same permanent), by dynamic
/// programming over the sets of hands given out.
fn assignments(rows: &[u16; MAX_PLAYERS], n: usize) -> u32 {
    if (0..n).all(|i| rows[i] == 1 << i) {
        return 1;
    }
    let mut dp = [0u32; 1 << MAX_PLAYERS];
    dp[0] = 1;
    for mask in 0..(1usize << n) {
        let v = dp[mask];
        let k = mask.count_ones() as usize;
        if v == 0 || k >= n {
            continue;
        }
        let mut free = rows[k] as usize & !mask;
        while free != 0 {
            let bit = free & free.wrapping_neg();
            dp[mask | bit] += v;
            free &= free - 1;
        }
    }
    dp[(1 << n) - 1]
}

/// Tuples of about one chunk of the class count (a fixed size, so that its
/// float sums, added chunk by chunk in order, do not depend on the threads).
const COUNT_CHUNK: u64 = 1 << 20;

/// The tuples without a shared card, and a lower bound on the number of
/// their classes after the suit isomorphism, counted without listing them.
/// A class holds the tuples of at most `board_symmetries` sets of hands
/// (one per renaming of the suits that keeps the board and the dead cards),
/// each set dealt to the players in `assignments` ways, so the sum over the
/// tuples of `1 / (symmetries * assignments)` counts each class at most once.
/// (The first player's combinations are the inner loop: a tuple there costs
/// a test for a shared card and a table lookup.)
fn least_classes(
    holdings: &[Holding],
    known: CardSet,
    board: &[Card],
    dead: CardSet,
    tuples: u64,
    control: &Control,
) -> Result<(u64, u64)> {
    let n = holdings.len();
    let sym = board_symmetries(board, dead) as f64;
    // members[combination number]: bit i when player i's range holds it.
    let mut members = vec![0u16; crate::range::NUM_COMBOS];
    for (i, h) in holdings.iter().enumerate() {
        for (c, _) in h {
            members[crate::range::combo_index(c[0], c[1])] |= 1 << i;
        }
    }
    let member = |c: [Card; 2]| members[crate::range::combo_index(c[0], c[1])];
    let first: Vec<(u64, u16)> = holdings[0]
        .iter()
        .map(|(c, _)| (c[0].bit() | c[1].bit(), member(*c)))
        .collect();
    let size0 = first.len() as u64;
    // 1 / assignments for every matrix of up to four players (their columns
    // packed four bits each), computed once.
    let packed = |cols: &[u16; MAX_PLAYERS]| {
        cols[..n]
            .iter()
            .enumerate()
            .fold(0usize, |a, (j, &c)| a | (c as usize) << (4 * j))
    };
    let table: Vec<f64> = if n <= 4 {
        (0..1usize << (4 * n))
            .map(|key| {
                let mut cols = [0u16; MAX_PLAYERS];
                for (j, c) in cols.iter_mut().enumerate().take(n) {
                    *c = (key >> (4 * j) & 0xf) as u16;
                }
                match assignments(&cols, n) {
                    0 => 0.0,
                    a => 1.0 / a as f64,
                }
            })
            .collect()
    } else {
        Vec::new()
    };
    let outer = tuples / size0;
    let per_chunk = (COUNT_CHUNK / size0).max(1);
    let chunk = |c: u64| -> Result<(u64, f64)> {
        control.check()?;
        let (lo, hi) = (c * per_chunk, outer.min((c + 1) * per_chunk));
        let mut valid = 0u64;
        let mut sum = 0.0f64;
        let mut cols = [0u16; MAX_PLAYERS];
        'outer: for o in lo..hi {
            // The other players' combinations (tuple o * size0 without the first).
            let mut r = o;
            let mut used = known.0;
            for (p, h) in holdings.iter().enumerate().skip(1) {
                let (cards, _) = h[(r % h.len() as u64) as usize];
                r /= h.len() as u64;
                let bits = cards[0].bit() | cards[1].bit();
                if used & bits != 0 {
                    continue 'outer;
                }
                used |= bits;
                cols[p] = member(cards);
            }
            let identity = (1..n).all(|j| cols[j] == 1 << j);
            for &(bits, m0) in &first {
                if used & bits != 0 {
                    continue;
                }
                valid += 1;
                cols[0] = m0;
                sum += if identity && m0 == 1 {
                    1.0
                } else if n <= 4 {
                    table[packed(&cols)]
                } else {
                    1.0 / assignments(&cols, n).max(1) as f64
                };
            }
        }
        Ok((valid, sum))
    };
    let (valid, sum) = crate::threads::fold_in_order(
        0..outer.div_ceil(per_chunk),
        64,
        chunk,
        (0u64, 0.0f64),
        |a, (v, s)| {
            a.0 += v;
            a.1 += s;
        },
    )?;
    // (rounded down, with room for the floats' rounding)
    Ok((valid, (sum / sym * (1.0 - 1e-9)).floor() as u64))
}

/// Combination tuples (one combination a player, tuple `t` picking
/// combination `t % size` of the first player, and so on) in which no two
/// combinations share a card.
fn count_valid(
    holdings: &[Holding],
    known: CardSet,
    tuples: u128,
    control: &Control,
) -> Result<u64> {
    let mut pick = [0usize; MAX_PLAYERS];
    let mut valid = 0u64;
    for t in 0..tuples as u64 {
        if t % (1 << 20) == 0 {
            control.check()?;
        }
        valid += u64::from(tuple_at(holdings, t, known.0, &mut pick).is_some());
    }
    Ok(valid)
}

/// Tuples of one chunk of the turn and river enumeration (a fixed size, so
/// that the weighted sums, added chunk by chunk in order, do not depend on
/// the number of threads).
const TUPLE_CHUNK: u64 = 1 << 14;
/// Above this many tuples, the turn and river enumeration does not count
/// the tuples without a shared card to see whether the work is under the
/// limit (the count alone would take seconds): the bound without it decides.
const COUNT_LIMIT: u128 = 400_000_000;

/// The turn or the river: at most one card to come, so each combination's
/// value on each completion is computed once (per player), and every tuple
/// only compares them; the suit classes would cost more than they save.
/// Chunks of tuples are shared out over the thread pool.
fn exact_last_card(
    holdings: &[Holding],
    board: &[Card],
    known: CardSet,
    max_deals: u64,
    control: &Control,
) -> Result<EquityResult> {
    let n = holdings.len();
    let base = HandAcc::from_cards(board);
    // The completions: the river cards left (or none on the river).
    let rivers: Vec<u8> = if board.len() == 5 {
        vec![u8::MAX]
    } else {
        (0..52u8)
            .filter(|&c| !known.contains(Card::from_index_const(c)))
            .collect()
    };
    let k = rivers.len();
    let sizes: Vec<u64> = holdings.iter().map(|h| h.len() as u64).collect();
    let tuples: u128 = sizes.iter().map(|&s| s as u128).product();
    // A deal a tuple and a completion (each tuple's own cards are not
    // completions: 2 * n fewer on the turn).
    let per_tuple = if board.len() == 5 {
        1
    } else {
        (k - 2 * n) as u128
    };
    if tuples * per_tuple > max_deals as u128 {
        if tuples > COUNT_LIMIT {
            return Err(refuse(format!("visit up to {} deals ({tuples} combination tuples, {per_tuple} boards each), over the limit of {max_deals}", tuples * per_tuple)));
        }
        let valid = count_valid(holdings, known, tuples, control)? as u128;
        if valid * per_tuple > max_deals as u128 {
            return Err(refuse(format!("visit {} deals ({valid} combination tuples without a shared card, {per_tuple} boards each), over the limit of {max_deals}", valid * per_tuple)));
        }
    }
    let tuples = tuples as u64;
    // values[p][i * k + r]: player p's combination i with completion r
    // (0 where the combination holds the river card).
    let values: Vec<Vec<u16>> = holdings
        .iter()
        .map(|h| {
            let mut v = Vec::with_capacity(h.len() * k);
            for (c, _) in h {
                let acc = base + hole_acc(*c);
                for &r in &rivers {
                    v.push(if r == u8::MAX {
                        acc.eval7()
                    } else if c[0].index() == r || c[1].index() == r {
                        0
                    } else {
                        acc.add_index(r).eval7()
                    });
                }
            }
            v
        })
        .collect();
    control.set_total(tuples);
    let chunk = |first: u64| -> Result<Finished> {
        control.check()?;
        let last = tuples.min(first + TUPLE_CHUNK);
        let mut wins = vec![0.0; n];
        let mut ties = vec![0.0; n];
        let mut shares = vec![0.0; n];
        let mut boards = 0.0;
        let mut counts = Counts::new(n);
        let mut pick = [0usize; MAX_PLAYERS];
        let mut vals = [0u16; MAX_PLAYERS];
        for t in first..last {
            let Some((used, w)) = tuple_at(holdings, t, 0, &mut pick) else {
                continue;
            };
            for x in counts
                .wins
                .iter_mut()
                .chain(counts.ties.iter_mut())
                .chain(counts.shares.iter_mut())
            {
                *x = 0;
            }
            counts.deals = 0;
            for (ri, &rc) in rivers.iter().enumerate() {
                if rc != u8::MAX && used & (1u64 << rc) != 0 {
                    continue;
                }
                let mut best = 0;
                for p in 0..n {
                    let v = values[p][pick[p] * k + ri];
                    vals[p] = v;
                    best = best.max(v);
                }
                score(&vals[..n], best, 1, &mut counts);
            }
            for p in 0..n {
                wins[p] += w * counts.wins[p] as f64;
                ties[p] += w * counts.ties[p] as f64;
                shares[p] += w * counts.shares[p] as f64;
            }
            boards += w * counts.deals as f64;
        }
        control.advance(last - first);
        Ok((wins, ties, shares, boards))
    };
    // The chunks' sums added in chunk order, a batch of chunks at a time.
    let zero = (vec![0.0; n], vec![0.0; n], vec![0.0; n], 0.0);
    let (wins, ties, shares, boards) = crate::threads::fold_in_order(
        0..tuples.div_ceil(TUPLE_CHUNK),
        1024,
        |c| chunk(c * TUPLE_CHUNK),
        zero,
        |acc, (w, t, sh, b)| {
            for p in 0..n {
                acc.0[p] += w[p];
                acc.1[p] += t[p];
                acc.2[p] += sh[p];
            }
            acc.3 += b;
        },
    )?;
    exact_result(n, (wins, ties, shares, boards), None)
}

// ---------------------------------------------------------------------------
// Monte Carlo

/// Walker's alias table: a combination by weight in O(1), exactly (the
/// coin is a 53-bit uniform float).
struct Alias {
    prob: Vec<f64>,
    alias: Vec<u32>,
}

impl Alias {
    fn new(w: &[f64]) -> Alias {
        let n = w.len();
        let total: f64 = w.iter().sum();
        let mut prob: Vec<f64> = w.iter().map(|x| x * n as f64 / total).collect();
        let mut alias = vec![0u32; n];
        let (mut small, mut large): (Vec<usize>, Vec<usize>) = (0..n).partition(|&i| prob[i] < 1.0);
        while let (Some(s), Some(&l)) = (small.pop(), large.last()) {
            alias[s] = l as u32;
            prob[l] -= 1.0 - prob[s];
            if prob[l] < 1.0 {
                large.pop();
                small.push(l);
            }
        }
        for i in large.into_iter().chain(small) {
            prob[i] = 1.0;
        }
        Alias { prob, alias }
    }
    #[inline]
    fn sample(&self, rng: &mut ChaCha8Rng) -> usize {
        let n = self.prob.len();
        if n == 1 {
            return 0;
        }
        let i = rng.random_range(0..n as u32) as usize;
        if rng.random::<f64>() < self.prob[i] {
            i
        } else {
            self.alias[i] as usize
        }
    }
}

#[derive(Clone, Debug)]
struct McCounts {
    c: Counts,
    /// Sum of squared shares (in SHARE_UNIT^2), for the standard errors.
    sq: Vec<u128>,
    rejected: u64,
}

impl McCounts {
    fn new(n: usize) -> McCounts {
        McCounts {
            c: Counts::new(n),
            sq: vec![0; n],
            rejected: 0,
        }
    }
    fn add(&mut self, o: &McCounts) {
        self.c.add(&o.c);
        for i in 0..self.sq.len() {
            self.sq[i] += o.sq[i];
        }
        self.rejected += o.rejected;
    }
    fn std_errors(&self) -> Vec<f64> {
        let n = self.c.deals as f64;
        let u = SHARE_UNIT as f64;
        (0..self.sq.len())
            .map(|i| {
                if self.c.deals < 2 {
                    return f64::INFINITY;
                }
                let mean = self.c.shares[i] as f64 / u / n;
                let m2 = self.sq[i] as f64 / (u * u) / n;
                ((m2 - mean * mean).max(0.0) / (n - 1.0)).sqrt()
            })
            .collect()
    }
}

struct Sampler<'a> {
    holdings: &'a [Holding],
    alias: Vec<Alias>,
    /// Board cards known, as an accumulator, and how many are missing.
    board: HandAcc,
    missing: usize,
    known: CardSet,
    /// Each combination as a hole accumulator.
    holes: Vec<Vec<HandAcc>>,
    /// The cards that no known card or fixed hand holds.
    deck: Vec<u8>,
    /// Every player holds one combination.
    all_fixed: bool,
}

/// A uniform number in `0..k` (k >= 1), exactly: Lemire's multiply with
/// rejection.
#[inline(always)]
fn uniform(rng: &mut ChaCha8Rng, k: u32) -> u32 {
    let mut m = rng.next_u32() as u64 * k as u64;
    if (m as u32) < k {
        let threshold = k.wrapping_neg() % k;
        while (m as u32) < threshold {
            m = rng.next_u32() as u64 * k as u64;
        }
    }
    (m >> 32) as u32
}

/// A batch of deals: `count` of them from stream `batch` of `seed`.
#[allow(
    clippy::manual_swap,
    reason = "the swapped-in card is kept for the board; deck.swap measured no faster"
)]
fn mc_batch(s: &Sampler<'_>, seed: u64, batch: u64, count: u64) -> Result<McCounts> {
    const CHUNK: usize = 16;
    let n = s.holdings.len();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(batch);
    // Two copies of the deck, used by alternate deals: a deal's draws then
    // do not wait on the previous deal's shuffle (the processor overlaps them).
    // (fixed arrays on the stack, indexed under a mask: no bounds checks and
    // no reload of a heap pointer between the draws, which measured about a
    // tenth of a heads-up deal)
    let mut deck0 = [0u8; 64];
    deck0[..s.deck.len()].copy_from_slice(&s.deck);
    let mut decks = [deck0, deck0];
    let deck_len = s.deck.len() as u32;
    // Counts kept on the stack, in 64 bits (a batch's squares fit).
    let mut wins = [0u64; MAX_PLAYERS];
    let mut ties = [0u64; MAX_PLAYERS];
    let mut shares = [0u64; MAX_PLAYERS];
    let mut sq = [0u64; MAX_PLAYERS];
    let mut rejected = 0u64;
    // Deals are drawn CHUNK at a time, then evaluated together: the table
    // lookups of many hands are then in flight at once.
    let mut boards = [HandAcc::EMPTY; CHUNK];
    let mut picks = [[0u16; MAX_PLAYERS]; CHUNK];
    let mut done = 0u64;
    while done < count {
        let k = ((count - done) as usize).min(CHUNK);
        let mut d = 0;
        while d < k {
            if s.all_fixed {
                // Every hand known (picks stay 0): only the board is drawn,
                // from a deck that holds exactly the cards left. (The same
                // shuffle as below without the collision check, written out:
                // a shared helper measured 10% slower here.)
                let deck = &mut decks[d & 1];
                let m = deck_len;
                let mut board = s.board;
                for i in 0..s.missing {
                    let j = (i + uniform(&mut rng, m - i as u32) as usize) & 63;
                    let c = deck[j];
                    deck[j] = deck[i & 63];
                    deck[i & 63] = c;
                    board = board.add_index(c);
                }
                boards[d] = board;
                d += 1;
                continue;
            }
            // A tuple without a shared card, by weight; redrawn whole on a collision.
            let mut used = s.known;
            let mut ok = true;
            #[allow(clippy::needless_range_loop, reason = "p indexes three arrays")]
            for p in 0..n {
                let i = s.alias[p].sample(&mut rng);
                let (c, _) = s.holdings[p][i];
                let bits = c[0].bit() | c[1].bit();
                if used.0 & bits != 0 {
                    ok = false;
                    break;
                }
                used.0 |= bits;
                picks[d][p] = i as u16;
            }
            if !ok {
                rejected += 1;
                // (an allowance of 1,000 draws a deal over the batch, after
                // a start of 100,000: a rare tuple's first deal may take
                // thousands of draws, and was refused for it)
                if rejected > 100_000 + 1_000 * (done + d as u64) {
                    return Err(NoSample.err("the ranges almost always share a card: no deal could be sampled (over 1,000 tries per deal)".into()));
                }
                continue;
            }
            // The missing board cards, uniformly from the rest: a partial
            // Fisher-Yates shuffle of the cards no known card or fixed hand
            // holds (the deck stays a permutation of them from deal to
            // deal); a card of a sampled combination is drawn again.
            let mut board = s.board;
            let deck = &mut decks[d & 1];
            let m = deck_len;
            for i in 0..s.missing {
                loop {
                    let j = (i + uniform(&mut rng, m - i as u32) as usize) & 63;
                    let c = deck[j];
                    deck[j] = deck[i & 63];
                    deck[i & 63] = c;
                    if used.0 & (1u64 << c) == 0 {
                        used.0 |= 1u64 << c;
                        board = board.add_index(c);
                        break;
                    }
                }
            }
            boards[d] = board;
            d += 1;
        }
        const FULL: u64 = SHARE_UNIT * SHARE_UNIT;
        if n == 2 {
            for d in 0..k {
                let a = (boards[d] + s.holes[0][picks[d][0] as usize]).eval7();
                let b = (boards[d] + s.holes[1][picks[d][1] as usize]).eval7();
                // Branch-free: who wins is a coin flip to the branch predictor.
                let (w0, w1, t) = ((a > b) as u64, (b > a) as u64, (a == b) as u64);
                wins[0] += w0;
                wins[1] += w1;
                ties[0] += t;
                ties[1] += t;
                shares[0] += w0 * SHARE_UNIT + t * (SHARE_UNIT / 2);
                shares[1] += w1 * SHARE_UNIT + t * (SHARE_UNIT / 2);
                sq[0] += w0 * FULL + t * (FULL / 4);
                sq[1] += w1 * FULL + t * (FULL / 4);
            }
        } else {
            for d in 0..k {
                let mut values = [0u16; MAX_PLAYERS];
                let mut best = 0;
                for p in 0..n {
                    let v = (boards[d] + s.holes[p][picks[d][p] as usize]).eval7();
                    values[p] = v;
                    best = best.max(v);
                }
                let tied = values[..n].iter().filter(|&&v| v == best).count() as u64;
                let share = SHARE_OF[tied as usize];
                for p in 0..n {
                    if values[p] == best {
                        if tied == 1 {
                            wins[p] += 1;
                        } else {
                            ties[p] += 1;
                        }
                        shares[p] += share;
                        sq[p] += share * share;
                    }
                }
            }
        }
        done += k as u64;
    }
    let mut out = McCounts::new(n);
    out.c.wins.copy_from_slice(&wins[..n]);
    out.c.ties.copy_from_slice(&ties[..n]);
    out.c.shares.copy_from_slice(&shares[..n]);
    out.c.deals = count;
    for (o, &q) in out.sq[..n].iter_mut().zip(&sq[..n]) {
        *o = q as u128;
    }
    out.rejected = rejected;
    Ok(out)
}

/// Adds one deal (counted `mult` times) to the counts.
#[inline(always)]
fn score(values: &[u16], best: u16, mult: u64, c: &mut Counts) {
    let k = values.iter().filter(|&&v| v == best).count() as u64;
    let share = SHARE_OF[k as usize];
    for (p, &v) in values.iter().enumerate() {
        if v == best {
            if k == 1 {
                c.wins[p] += mult;
            } else {
                c.ties[p] += mult;
            }
            c.shares[p] += share * mult;
        }
    }
    c.deals += mult;
}

fn monte_carlo(
    holdings: &[Holding],
    board: &[Card],
    known: CardSet,
    trials: Option<u64>,
    seed: u64,
    target: Option<f64>,
    control: &Control,
) -> Result<EquityResult> {
    let n = holdings.len();
    match (trials, target) {
        (Some(0), _) => return Err(Trials.err("trials must be at least 1".into())),
        (Some(t), _) if t > MOST_TRIALS => {
            return Err(Trials.err(format!(
                "trials must be at most 2**50 ({MOST_TRIALS}), not {t}"
            )))
        }
        (None, None) => {
            return Err(Trials.err("Monte Carlo needs trials or a target standard error".into()))
        }
        (_, Some(t)) if !(t.is_finite() && t > 0.0) => {
            return Err(Trials.err(format!(
                "target_std_error must be a positive number, not {t}"
            )))
        }
        _ => {}
    }
    let limit = trials.unwrap_or(MAX_TRIALS);
    let sampler = Sampler {
        holdings,
        alias: holdings
            .iter()
            .map(|h| Alias::new(&h.iter().map(|x| x.1).collect::<Vec<_>>()))
            .collect(),
        board: HandAcc::from_cards(board),
        missing: 5 - board.len(),
        known,
        holes: holdings
            .iter()
            .map(|h| h.iter().map(|(c, _)| hole_acc(*c)).collect())
            .collect(),
        all_fixed: holdings.iter().all(|h| h.len() == 1),
        deck: {
            let mut out_ = known;
            for h in holdings {
                if let [(c, _)] = h.as_slice() {
                    out_.0 |= c[0].bit() | c[1].bit();
                }
            }
            (0..52u8).filter(|&c| out_.0 & (1u64 << c) == 0).collect()
        },
    };
    control.set_total(limit);
    let mut total = McCounts::new(n);
    let mut start = 0u64;
    while start < limit {
        // The next round: up to the next check point.
        let end = if target.is_some() {
            next_check(start).min(limit)
        } else {
            limit
        };
        let first = start / BATCH;
        let last = end.div_ceil(BATCH);
        // (the batches' counts added up a thousand batches at a time: the
        // memory does not grow with the trials)
        let batch = |b: u64| {
            control.check()?;
            let lo = (b * BATCH).max(start);
            let hi = b.saturating_add(1).saturating_mul(BATCH).min(end);
            let r = mc_batch(&sampler, seed, b, hi - lo)?;
            control.advance(hi - lo);
            Ok(r)
        };
        total = crate::threads::fold_in_order(first..last, 1024, batch, total, |t, p| t.add(&p))?;
        start = end;
        if let Some(t) = target {
            if total.std_errors().iter().all(|&e| e < t) {
                break;
            }
        }
    }
    let c = &total.c;
    let f = |v: &Vec<u64>| v.iter().map(|&x| x as f64).collect::<Vec<f64>>();
    let (equities, wins, ties, boards) =
        finish(n, f(&c.wins), f(&c.ties), f(&c.shares), c.deals as f64)?;
    Ok(EquityResult {
        equities,
        wins,
        ties,
        boards,
        exact: false,
        std_errors: Some(total.std_errors()),
        trials: Some(c.deals),
        enumerations: None,
    })
}

/// Hole cards as an accumulator to add to a board's (see [`HandAcc::combine`]).
#[inline]
pub(crate) fn hole_acc(c: [Card; 2]) -> HandAcc {
    HandAcc::EMPTY.add(c[0]).add(c[1])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn assignments_count_the_ways_to_deal_a_set_of_hands() {
        let mut rows = [0u16; MAX_PLAYERS];
        // Each hand in its own player's range only: one way.
        rows[..3].copy_from_slice(&[1, 2, 4]);
        assert_eq!(assignments(&rows, 3), 1);
        // Every hand in every range: 3! ways.
        rows[..3].copy_from_slice(&[7, 7, 7]);
        assert_eq!(assignments(&rows, 3), 6);
        // Two random players and a pair the first two may hold too.
        rows[..3].copy_from_slice(&[7, 7, 4]);
        assert_eq!(assignments(&rows, 3), 2);
        rows[..10].copy_from_slice(&[1023; 10]);
        assert_eq!(assignments(&rows, 10), 3_628_800);
    }

    #[test]
    fn board_symmetries_keep_the_board_and_dead_cards() -> Result<()> {
        let cards = |s: &str| crate::card::parse_cards(s);
        assert_eq!(board_symmetries(&[], CardSet::default()), 24);
        assert_eq!(board_symmetries(&cards("2c7d9h")?, CardSet::default()), 1);
        // A monotone flop: the other three suits permute freely.
        assert_eq!(board_symmetries(&cards("2c7c9c")?, CardSet::default()), 6);
        let mut dead = CardSet::default();
        dead.insert(cards("Ad")?[0]);
        assert_eq!(board_symmetries(&cards("2c7c9c")?, dead), 2);
        Ok(())
    }
}
