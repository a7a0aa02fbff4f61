//! Simulations: many hands (or whole tournaments) between built-in bots, on
//! every core, reproducible from a seed whatever the number of threads.
//!
//! The work is cut into chunks (a fixed number of hands, or one
//! tournament), and chunk `c` deals from a ChaCha20 generator on stream `c`
//! of the seed and gives the bots a ChaCha8 generator on stream `c` of a
//! second key from the seed: a chunk's result depends only on the seed and
//! its number, so chunks can run on any thread, or any machine (the Python
//! `ray` option runs chunk ranges as Ray tasks), and are added up in order.
//! Sums are integers (chips, squares of chips): the total is exact.
use super::bots::{random_act, BotKind, BotRng, Observation};
use crate::deck::DeckRng;
use crate::equity::Control;
use crate::error::{Error, ErrorKind, Result};
use crate::game::{Hand, Rules};
use crate::table::tournament::{Advance, Level, Tournament};
use rand::SeedableRng;
use rayon::prelude::*;
use std::sync::atomic::Ordering;
use std::sync::Arc;

/// Hands in one chunk of a cash simulation.
pub const CHUNK_HANDS: u64 = 2048;

/// A cash-game simulation: `hands` independent hands, every stack reset to
/// `stacks[seat]` each hand, the button moving one seat a hand (hand `i`
/// has the button at seat `i % players`), seat `s` played by `bots[s]`.
#[derive(Clone, Debug)]
pub struct CashSim {
    pub rules: Arc<Rules>,
    pub stacks: Vec<u64>,
    pub bots: Vec<BotKind>,
    pub hands: u64,
    pub seed: u64,
}

/// Per seat: the sum of its chips won (net, per hand) and of their squares.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct CashTotals {
    pub hands: u64,
    pub net: Vec<i128>,
    pub net_squared: Vec<u128>,
}

impl CashTotals {
    fn new(n: usize) -> CashTotals {
        CashTotals { hands: 0, net: vec![0; n], net_squared: vec![0; n] }
    }
    /// Adds another part's totals (chunks in any order give the same sum).
    pub fn add(&mut self, o: &CashTotals) {
        self.hands += o.hands;
        for (a, b) in self.net.iter_mut().zip(&o.net) {
            *a += b;
        }
        for (a, b) in self.net_squared.iter_mut().zip(&o.net_squared) {
            *a += b;
        }
    }
    /// Chips won per 100 hands by `seat`, and the half-width of a 95%
    /// confidence interval (normal approximation).
    pub fn per_100(&self, seat: usize) -> (f64, f64) {
        if self.hands == 0 {
            return (0.0, 0.0);
        }
        let n = self.hands as f64;
        let mean = self.net[seat] as f64 / n;
        let var = if self.hands > 1 { ((self.net_squared[seat] as f64) - n * mean * mean).max(0.0) / (n - 1.0) } else { 0.0 };
        (100.0 * mean, 100.0 * 1.96 * (var / n).sqrt())
    }
}

/// Runs the chunks of `range` on `threads` cores, reporting `units` of work
/// done per chunk to `control` (out of `total`) and stopping when it is
/// cancelled, and adds the results up in chunk order.
#[allow(clippy::too_many_arguments)]
fn run_parts<T: Send>(
    range: std::ops::Range<u64>,
    threads: Option<usize>,
    control: Option<&Control>,
    total: u64,
    work: impl Fn(u64) -> Result<T> + Sync,
    units: impl Fn(&T) -> u64 + Sync,
    mut sum: T,
    add: impl Fn(&mut T, &T),
) -> Result<T> {
    if let Some(c) = control {
        c.total.store(total, Ordering::Relaxed);
    }
    let parts: Vec<Result<T>> = crate::threads::install(threads, || {
        range
            .into_par_iter()
            .map(|c| {
                if control.is_some_and(|k| k.cancel.load(Ordering::Relaxed)) {
                    return Err(Error::from(ErrorKind::Interrupted));
                }
                let r = work(c);
                if let (Some(k), Ok(t)) = (control, &r) {
                    k.done.fetch_add(units(t), Ordering::Relaxed);
                }
                r
            })
            .collect()
    })?;
    for p in parts {
        add(&mut sum, &p?);
    }
    Ok(sum)
}

/// Stream keys: the deal's and the bots' generators differ for one seed.
fn deal_rng(seed: u64, stream: u64) -> DeckRng {
    let mut r = DeckRng::seed_from_u64(seed);
    r.set_stream(stream);
    r
}

fn bot_rng(seed: u64, stream: u64) -> BotRng {
    let mut r = BotRng::seed_from_u64(seed ^ 0x9E37_79B9_7F4A_7C15);
    r.set_stream(stream);
    r
}

impl CashSim {
    pub fn check(&self) -> Result<()> {
        let n = self.stacks.len();
        if self.bots.len() != n {
            return Err(Error::bad_config(format!("{} bots for {n} seats: one bot a seat", self.bots.len())));
        }
        // Deals one hand to check the configuration (seats, stacks, straddles).
        Hand::new(Arc::clone(&self.rules), &self.stacks, 0, Some(0), None)?;
        Ok(())
    }

    /// The number of chunks.
    pub fn chunks(&self) -> u64 {
        self.hands.div_ceil(CHUNK_HANDS)
    }

    /// Plays chunk `c` (its hands `c * CHUNK_HANDS ..`).
    pub fn run_chunk(&self, c: u64) -> Result<CashTotals> {
        let n = self.stacks.len();
        let first = c * CHUNK_HANDS;
        let last = self.hands.min(first + CHUNK_HANDS);
        let mut deal = deal_rng(self.seed, c);
        let mut brng = bot_rng(self.seed, c);
        let mut t = CashTotals::new(n);
        if first >= last {
            return Ok(t);
        }
        // Hand i has the button at seat i % n (counted on, without a division).
        let mut button = (first % n as u64) as usize;
        // One hand's buffers serve the whole chunk: each hand is dealt into
        // the last, at the table (these stacks) checked by the first.
        let mut hand = Hand::new_with_rng(Arc::clone(&self.rules), &self.stacks, button, &mut deal, None)?;
        for i in first..last {
            if i > first {
                button = if button + 1 == n { 0 } else { button + 1 };
                hand.redeal_checked(&self.stacks, button, &mut deal)?;
            }
            while let Some(seat) = hand.actor() {
                match self.bots[seat] {
                    // (the random bot needs less than an observation: see random_act)
                    BotKind::Random => random_act(&mut hand, seat, &mut brng)?,
                    bot => {
                        let Some(obs) = Observation::of(&hand) else { break };
                        let la = *obs.legal();
                        let mv = bot.act(&obs, &mut brng);
                        hand.act_legal(&la, mv)?;
                    }
                }
            }
            // (zipped, the seats are added up with no bounds checks)
            for (((seat, &start), net), net_squared) in hand.seats.iter().zip(&self.stacks).zip(&mut t.net).zip(&mut t.net_squared) {
                // Stacks are at most 2**60 chips: the difference fits an i64, its square a u128.
                let won = seat.stack as i64 - start as i64;
                *net += won as i128;
                *net_squared += (won.unsigned_abs() as u128) * (won.unsigned_abs() as u128);
            }
            t.hands += 1;
        }
        Ok(t)
    }

    /// Chunks `range` on `threads` cores, added up in order.
    pub fn run_range(&self, range: std::ops::Range<u64>, threads: Option<usize>, control: Option<&Control>) -> Result<CashTotals> {
        self.check()?;
        let hands = self.hands.min(range.end * CHUNK_HANDS) - (range.start * CHUNK_HANDS).min(self.hands);
        run_parts(range, threads, control, hands, |c| self.run_chunk(c), |t| t.hands, CashTotals::new(self.stacks.len()), CashTotals::add)
    }

    /// Every chunk.
    pub fn run(&self, threads: Option<usize>, control: Option<&Control>) -> Result<CashTotals> {
        self.run_range(0..self.chunks(), threads, control)
    }
}

/// A tournament simulation: `tournaments` single-table tournaments between
/// the bots, seat `s` starting with `stacks[s]`, the first button at seat
/// `t % players` in tournament `t`.
#[derive(Clone, Debug)]
pub struct TournamentSim {
    pub structure: crate::game::Structure,
    pub levels: Vec<Level>,
    pub hands_per_level: u32,
    pub stacks: Vec<u64>,
    pub payouts: Vec<u64>,
    pub bots: Vec<BotKind>,
    pub tournaments: u64,
    pub seed: u64,
    /// A tournament still going after this many hands stops with an error.
    pub max_hands: u64,
}

/// Per seat: how often it finished in each place, and its prizes.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct TournamentTotals {
    pub tournaments: u64,
    pub hands: u64,
    /// `places[seat][p]`: finishes in place `p + 1` (ties counted at the shared place).
    pub places: Vec<Vec<u64>>,
    pub prizes: Vec<u128>,
    pub prizes_squared: Vec<u128>,
}

impl TournamentTotals {
    fn new(n: usize) -> TournamentTotals {
        TournamentTotals { tournaments: 0, hands: 0, places: vec![vec![0; n]; n], prizes: vec![0; n], prizes_squared: vec![0; n] }
    }
    pub fn add(&mut self, o: &TournamentTotals) {
        self.tournaments += o.tournaments;
        self.hands += o.hands;
        for (a, b) in self.places.iter_mut().zip(&o.places) {
            for (x, y) in a.iter_mut().zip(b) {
                *x += y;
            }
        }
        for (a, b) in self.prizes.iter_mut().zip(&o.prizes) {
            *a += b;
        }
        for (a, b) in self.prizes_squared.iter_mut().zip(&o.prizes_squared) {
            *a += b;
        }
    }
}

impl TournamentSim {
    fn tournament(&self, t: u64) -> Result<Tournament> {
        let n = self.stacks.len() as u64;
        Tournament::new(self.structure, self.levels.clone(), Advance::Hands(self.hands_per_level), &self.stacks, self.payouts.clone(), Some((t % n) as usize), Some(0))
    }

    pub fn check(&self) -> Result<()> {
        if self.bots.len() != self.stacks.len() {
            return Err(Error::bad_config(format!("{} bots for {} seats: one bot a seat", self.bots.len(), self.stacks.len())));
        }
        if self.stacks.contains(&0) {
            return Err(Error::bad_config("every seat of a simulated tournament has a player: stacks of at least 1".into()));
        }
        self.tournament(0)?;
        Ok(())
    }

    /// Plays tournament `t`.
    pub fn run_one(&self, t: u64) -> Result<TournamentTotals> {
        let n = self.stacks.len();
        let mut tour = self.tournament(t)?;
        tour.table_mut().rng = deal_rng(self.seed, t);
        let mut brng = bot_rng(self.seed, t);
        let mut hands = 0u64;
        while !tour.is_over() {
            if hands >= self.max_hands {
                return Err(Error::bad_config(format!("tournament {t} is still going after {hands} hands: raise the levels or max_hands")));
            }
            let mut hand = tour.new_hand(None)?;
            // The table seat of each of the hand's seats (bots sit at table seats).
            let mut seat_of = [0usize; crate::game::MAX_SEATS];
            if let Some(d) = tour.table().dealt() {
                for (i, &s) in d.seats.iter().enumerate() {
                    seat_of[i] = s;
                }
            }
            while let Some(obs) = Observation::of(&hand) {
                let mv = match tour.table().absent_move(&hand) {
                    Some(m) => m,
                    None => self.bots[seat_of[obs.seat()]].act(&obs, &mut brng),
                };
                hand.act(None, mv)?;
            }
            tour.finish(&hand)?;
            hands += 1;
        }
        let mut out = TournamentTotals::new(n);
        out.tournaments = 1;
        out.hands = hands;
        for f in tour.results() {
            let p = (f.place as usize).clamp(1, n) - 1;
            out.places[f.seat][p] += 1;
            out.prizes[f.seat] += f.prize as u128;
            out.prizes_squared[f.seat] += (f.prize as u128) * (f.prize as u128);
        }
        Ok(out)
    }

    pub fn run_range(&self, range: std::ops::Range<u64>, threads: Option<usize>, control: Option<&Control>) -> Result<TournamentTotals> {
        self.check()?;
        let count = range.end.saturating_sub(range.start);
        run_parts(range, threads, control, count, |t| self.run_one(t), |t| t.tournaments, TournamentTotals::new(self.stacks.len()), TournamentTotals::add)
    }

    pub fn run(&self, threads: Option<usize>, control: Option<&Control>) -> Result<TournamentTotals> {
        self.run_range(0..self.tournaments, threads, control)
    }
}
