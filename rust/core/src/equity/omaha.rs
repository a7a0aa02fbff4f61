//! Omaha equity: 2 to 10 known hands of 4, 5 or 6 cards, a board of 0, 3
//! or 4 known cards (5: the showdown itself), dead cards out; every board
//! exactly, or seeded Monte Carlo boards. High only (Omaha), or hi/lo
//! eight-or-better (each deal's pot split between the best high and the
//! best qualifying low, the whole pot to the high when no low qualifies;
//! each half split among its ties).
//!
//! Shares are counted exactly in integers: a deal's pot is `POT` units
//! (2 x 2520: halved for hi/lo, then divided among ties of up to ten).
use super::{uniform, Control};
use crate::card::{check_distinct, Card, CardSet};
use crate::error::{Error, Result};
use crate::eval::low::{low_mask, omaha_low_on};
use crate::eval::omaha::{OmahaBoard, OMAHA_HOLE_CARDS};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

/// Units of one deal's pot: divisible by 2 (the halves) times every tie
/// size from 1 to 10 (2520 = lcm(1..=10)).
pub const POT: u64 = 2 * 2520;
/// Deals per Monte Carlo batch: batch `b` draws from stream `b` of the seed,
/// so results do not depend on the number of threads.
const BATCH: u64 = 1 << 14;

/// What an Omaha equity computation found.
#[derive(Clone, Debug, PartialEq)]
pub struct OmahaEquity {
    /// Boards enumerated or sampled.
    pub deals: u64,
    /// Whether every board was enumerated.
    pub exact: bool,
    /// The Monte Carlo seed (None when exact).
    pub seed: Option<u64>,
    /// Each player's pot share summed over the deals, in units of
    /// [`POT`] a deal: the equity is `shares / (POT * deals)`.
    pub shares: Vec<u64>,
    /// Each player's fraction of the high won (the high half in hi/lo, the
    /// pot in Omaha), summed over the deals, in units of [`POT`] a deal.
    pub high_shares: Vec<u64>,
    /// The fraction of the low won, in units of [`POT`] a deal (0 in
    /// high-only Omaha, and on deals without a qualifying low).
    pub low_shares: Vec<u64>,
    /// Deals on which a player alone won the whole pot (in hi/lo: the high
    /// and the low, or the high with no low).
    pub scoops: Vec<u64>,
    /// Deals on which some low qualified (hi/lo).
    pub low_deals: u64,
}

impl OmahaEquity {
    fn new(players: usize) -> OmahaEquity {
        OmahaEquity {
            deals: 0,
            exact: false,
            seed: None,
            shares: vec![0; players],
            high_shares: vec![0; players],
            low_shares: vec![0; players],
            scoops: vec![0; players],
            low_deals: 0,
        }
    }

    fn add(&mut self, o: &OmahaEquity) {
        self.deals += o.deals;
        self.low_deals += o.low_deals;
        for i in 0..self.shares.len() {
            self.shares[i] += o.shares[i];
            self.high_shares[i] += o.high_shares[i];
            self.low_shares[i] += o.low_shares[i];
            self.scoops[i] += o.scoops[i];
        }
    }

    /// Each player's equity (share of the pot), 0..1.
    pub fn equities(&self) -> Vec<f64> {
        let d = (POT * self.deals.max(1)) as f64;
        self.shares.iter().map(|&s| s as f64 / d).collect()
    }

    /// Scores one board: `highs` and `lows` per player (low 0 = none).
    fn score(&mut self, highs: &[u16], lows: &[u16], hilo: bool) {
        self.deals += 1;
        let n = highs.len();
        let best_high = highs.iter().copied().max().unwrap_or(0);
        let high_winners = highs.iter().filter(|&&h| h == best_high).count() as u64;
        let best_low = if hilo {
            lows.iter().copied().max().unwrap_or(0)
        } else {
            0
        };
        let low_winners = if best_low > 0 {
            lows.iter().filter(|&&l| l == best_low).count() as u64
        } else {
            0
        };
        if best_low > 0 {
            self.low_deals += 1;
        }
        for i in 0..n {
            let high_part = if highs[i] == best_high {
                POT / high_winners
            } else {
                0
            };
            let low_part = if best_low > 0 && lows[i] == best_low {
                POT / low_winners
            } else {
                0
            };
            self.high_shares[i] += high_part;
            self.low_shares[i] += low_part;
            let share = if best_low > 0 {
                (high_part + low_part) / 2
            } else {
                high_part
            };
            self.shares[i] += share;
            if share == POT {
                self.scoops[i] += 1;
            }
        }
    }
}

/// How the boards are chosen.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OmahaMethod {
    /// Every board completion.
    Exact,
    /// `trials` boards drawn from `seed` (from the operating system's
    /// entropy when `None`; the result says which seed).
    MonteCarlo { trials: u64, seed: Option<u64> },
}

struct Setup<'a> {
    hands: &'a [Vec<Card>],
    board: &'a [Card],
    deck: Vec<Card>,
    hilo: bool,
}

impl Setup<'_> {
    fn evaluate(&self, full_board: &[Card], out: &mut OmahaEquity) {
        let mut highs = [0u16; 10];
        let mut lows = [0u16; 10];
        let board = OmahaBoard::new(full_board);
        let board_lows = low_mask(full_board);
        for (i, h) in self.hands.iter().enumerate() {
            highs[i] = board.high(h);
            if self.hilo {
                lows[i] = omaha_low_on(h, board_lows).map_or(0, |(m, _)| 255 - m as u16);
            }
        }
        let n = self.hands.len();
        out.score(&highs[..n], &lows[..n], self.hilo);
    }
}

fn check(hands: &[Vec<Card>], board: &[Card], dead: &[Card]) -> Result<Vec<Card>> {
    if !(2..=10).contains(&hands.len()) {
        return Err(Error::bad_config(format!(
            "Omaha equity is for 2 to 10 players, not {}",
            hands.len()
        )));
    }
    for (i, h) in hands.iter().enumerate() {
        if !OMAHA_HOLE_CARDS.contains(&h.len()) {
            return Err(Error::cards(
                format!("player {i}"),
                format!("Omaha needs 4, 5 or 6 hole cards, got {}", h.len()),
            ));
        }
    }
    if ![0, 3, 4, 5].contains(&board.len()) {
        return Err(Error::cards(
            "board",
            format!(
                "an Omaha board is 0, 3, 4 or 5 known cards, not {}",
                board.len()
            ),
        ));
    }
    let all: Vec<Card> = hands
        .iter()
        .flatten()
        .chain(board)
        .chain(dead)
        .copied()
        .collect();
    let known: CardSet = check_distinct(&all)?;
    let deck: Vec<Card> = (0..52u8)
        .filter_map(|c| Card::new(c).ok())
        .filter(|c| !known.contains(*c))
        .collect();
    if deck.len() < 5 - board.len() {
        return Err(Error::bad_config(
            "too few cards left in the deck for the board".into(),
        ));
    }
    Ok(deck)
}

/// C(n, k) (k at most 5, n at most 52).
fn choose(n: u64, k: u64) -> u64 {
    (0..k).fold(1u64, |a, i| a * (n - i) / (i + 1))
}

/// Omaha equity of known hands; see the module documentation. `threads` as
/// in [`crate::eval::batch::evaluate_rows`]; `control` watches for Ctrl-C
/// and reports progress (boards done out of all).
pub fn omaha_equity(
    hands: &[Vec<Card>],
    board: &[Card],
    dead: &[Card],
    hilo: bool,
    method: OmahaMethod,
    threads: Option<usize>,
    control: &Control,
) -> Result<OmahaEquity> {
    let deck = check(hands, board, dead)?;
    let setup = Setup {
        hands,
        board,
        deck,
        hilo,
    };
    let missing = 5 - board.len();
    match method {
        OmahaMethod::Exact => {
            // At most C(48, 5) = 1,712,304 boards (two hands of four cards,
            // no board): always a fraction of a second to seconds of work.
            let boards = choose(setup.deck.len() as u64, missing as u64);
            control.set_total(boards);
            let r = crate::threads::install(threads, || exact(&setup, missing, control))??;
            Ok(OmahaEquity { exact: true, ..r })
        }
        OmahaMethod::MonteCarlo { trials, seed } => {
            let seed = seed.unwrap_or_else(crate::deck::entropy_seed);
            if trials == 0 {
                return Err(Error::bad_config("trials must be at least 1".into()));
            }
            control.set_total(trials);
            let r = crate::threads::install(threads, || {
                monte_carlo(&setup, missing, trials, seed, control)
            })??;
            Ok(OmahaEquity {
                seed: Some(seed),
                ..r
            })
        }
    }
}

fn exact(s: &Setup<'_>, missing: usize, control: &Control) -> Result<OmahaEquity> {
    let n = s.deck.len();
    let players = s.hands.len();
    if missing == 0 {
        let mut r = OmahaEquity::new(players);
        s.evaluate(s.board, &mut r);
        control.advance(1);
        return Ok(r);
    }
    // In parallel over the first missing card's position; the rest in
    // order (lexicographic combinations).
    let parts: Vec<Result<OmahaEquity>> = (0..n)
        .into_par_iter()
        .map(|first| {
            let mut r = OmahaEquity::new(players);
            let mut full = [Card::from_checked_index(0); 5];
            full[..s.board.len()].copy_from_slice(s.board);
            let b = s.board.len();
            full[b] = s.deck[first];
            let rest = missing - 1;
            let mut idx: Vec<usize> = (first + 1..first + 1 + rest).collect();
            if idx.last().is_some_and(|&l| l >= n) {
                return Ok(r);
            }
            let mut count = 0u64;
            loop {
                for (k, &i) in idx.iter().enumerate() {
                    full[b + 1 + k] = s.deck[i];
                }
                s.evaluate(&full, &mut r);
                count += 1;
                if count % 4096 == 0 {
                    control.check()?;
                    control.advance(4096);
                }
                // next combination of `rest` positions after `first`
                let mut k = rest;
                loop {
                    if k == 0 {
                        control.advance(count % 4096);
                        return Ok(r);
                    }
                    k -= 1;
                    if idx[k] < n - (rest - k) {
                        idx[k] += 1;
                        for j in k + 1..rest {
                            idx[j] = idx[j - 1] + 1;
                        }
                        break;
                    }
                }
            }
        })
        .collect();
    sum_parts(players, parts, control)
}

/// The parts added in order (an error in any part is the answer).
fn sum_parts(
    players: usize,
    parts: Vec<Result<OmahaEquity>>,
    control: &Control,
) -> Result<OmahaEquity> {
    let mut total = OmahaEquity::new(players);
    for p in parts {
        total.add(&p?);
    }
    control.check()?;
    Ok(total)
}

fn monte_carlo(
    s: &Setup<'_>,
    missing: usize,
    trials: u64,
    seed: u64,
    control: &Control,
) -> Result<OmahaEquity> {
    let players = s.hands.len();
    let batches = trials.div_ceil(BATCH);
    let parts: Vec<Result<OmahaEquity>> = (0..batches)
        .into_par_iter()
        .map(|b| {
            control.check()?;
            let count = BATCH.min(trials - b * BATCH);
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            rng.set_stream(b);
            let mut deck = s.deck.clone();
            let mut r = OmahaEquity::new(players);
            let mut full = [Card::from_checked_index(0); 5];
            full[..s.board.len()].copy_from_slice(s.board);
            for _ in 0..count {
                // a partial Fisher-Yates shuffle: the first `missing` cards
                for k in 0..missing {
                    let j = k + uniform(&mut rng, (deck.len() - k) as u32) as usize;
                    deck.swap(k, j);
                    full[s.board.len() + k] = deck[k];
                }
                s.evaluate(&full, &mut r);
            }
            control.advance(count);
            Ok(r)
        })
        .collect();
    sum_parts(players, parts, control)
}
