//! Simulations: many hands (or whole tournaments) between built-in bots, on
//! every core, reproducible from a seed whatever the number of threads.
//!
//! The work is cut into chunks (a fixed number of hands, or one
//! tournament), and chunk `c` deals from a ChaCha20 generator on stream `c`
//! of the seed and gives the bots a ChaCha8 generator on stream `c` of a
//! second key from the seed: a chunk's result depends only on the seed and
//! its number, so chunks can run on any thread, or any machine (the Python
//! `ray` option runs chunk ranges as Ray tasks), and are added up in order,
//! a batch of chunks at a time (so that the memory does not grow with the
//! number of hands). Sums are integers (chips, squares of chips, the squares
//! in 256 bits): the total is exact.
use super::bots::{random_act, BotKind, BotRng, Observation};
use crate::deck::DeckRng;
use crate::equity::Control;
use crate::error::{Error, ErrorKind, Result};
use crate::game::{play, Hand, Rules, Turn};
use crate::table::tournament::{Advance, Level, Rotation, Tournament};
use rand::SeedableRng;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Hands in one chunk of a cash simulation.
pub const CHUNK_HANDS: u64 = 2048;

/// A cash chunk looks at the cancel flag every this many hands.
pub const WATCH_HANDS: u64 = 64;
/// Chunks run in parallel before their results are added up (in order):
/// the memory held for results is this many chunks' totals at most.
const CHUNKS_PER_BATCH: u64 = 1024;
/// A tournament checks for a cancel every this many hands (a single
/// tournament may last very long: one chip blinds, deep stacks).
const CANCEL_CHECK_HANDS: u64 = 64;

/// A sum of squares, exactly: an unsigned 256-bit integer (a square of chips
/// is at most 2**120, a square of a prize below 2**128, and there may be up
/// to 2**64 of them).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct U256 {
    pub hi: u128,
    pub lo: u128,
}

/// Shown as the number it is (in decimal below 2**128, as a u128 would be,
/// so totals print as they did with 128-bit sums; in hexadecimal above).
impl std::fmt::Debug for U256 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.hi == 0 {
            write!(f, "{}", self.lo)
        } else {
            write!(f, "0x{:x}{:032x}", self.hi, self.lo)
        }
    }
}

impl U256 {
    pub const ZERO: U256 = U256 { hi: 0, lo: 0 };

    pub fn from_u128(x: u128) -> U256 {
        U256 { hi: 0, lo: x }
    }

    /// `a * b`, exactly.
    pub fn mul_u128(a: u128, b: u128) -> U256 {
        const M: u128 = u64::MAX as u128;
        let (a1, a0, b1, b0) = (a >> 64, a & M, b >> 64, b & M);
        let (p00, p01, p10, p11) = (a0 * b0, a0 * b1, a1 * b0, a1 * b1);
        // The middle terms: p01 + p10 + (p00 >> 64), which may carry.
        let (mid, c1) = p01.overflowing_add(p10);
        let (mid, c2) = mid.overflowing_add(p00 >> 64);
        let carry = ((c1 as u128) + (c2 as u128)) << 64;
        U256 {
            hi: p11 + (mid >> 64) + carry,
            lo: (mid << 64) | (p00 & M),
        }
    }

    /// The sum, or `None` past 2**256 - 1.
    pub fn checked_add(self, o: U256) -> Option<U256> {
        let (lo, c) = self.lo.overflowing_add(o.lo);
        let hi = self.hi.checked_add(o.hi)?.checked_add(c as u128)?;
        Some(U256 { hi, lo })
    }

    /// The difference, or `None` below 0.
    pub fn checked_sub(self, o: U256) -> Option<U256> {
        let (lo, b) = self.lo.overflowing_sub(o.lo);
        let hi = self.hi.checked_sub(o.hi)?.checked_sub(b as u128)?;
        Some(U256 { hi, lo })
    }

    /// `self * k`, or `None` past 2**256 - 1.
    pub fn checked_mul_u64(self, k: u64) -> Option<U256> {
        let lo = U256::mul_u128(self.lo, k as u128);
        let hi = U256::mul_u128(self.hi, k as u128);
        if hi.hi != 0 {
            return None;
        }
        U256 { hi: hi.lo, lo: 0 }.checked_add(lo)
    }

    /// The nearest float (to within a rounding of each half).
    pub fn to_f64(self) -> f64 {
        self.hi as f64 * 2f64.powi(128) + self.lo as f64
    }

    /// Adds `x` (a sum of at most 2**64 squares of 128-bit numbers cannot
    /// pass 2**256, so this never overflows for the sums kept here).
    #[inline]
    pub fn add_u128(&mut self, x: u128) {
        let (lo, c) = self.lo.overflowing_add(x);
        self.lo = lo;
        self.hi = self.hi.wrapping_add(c as u128);
    }
}

impl std::ops::AddAssign for U256 {
    fn add_assign(&mut self, o: U256) {
        let (lo, c) = self.lo.overflowing_add(o.lo);
        self.lo = lo;
        self.hi = self.hi.wrapping_add(o.hi).wrapping_add(c as u128);
    }
}

/// The half-width of a 95% confidence interval (normal approximation) of
/// the mean of `n` values from their sum and the sum of their squares,
/// computed exactly up to the final division: `n * squares - sum**2` is
/// the sample variance times `n * (n - 1)`.
pub fn ci_95(n: u64, sum: i128, squares: U256) -> f64 {
    if n < 2 {
        return 0.0;
    }
    let s2 = U256::mul_u128(sum.unsigned_abs(), sum.unsigned_abs());
    let num = squares
        .checked_mul_u64(n)
        .and_then(|a| a.checked_sub(s2))
        .map_or(0.0, U256::to_f64);
    let n = n as f64;
    1.96 * (num / (n * n * (n - 1.0))).sqrt()
}

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
    pub net_squared: Vec<U256>,
}

impl CashTotals {
    fn new(n: usize) -> CashTotals {
        CashTotals {
            hands: 0,
            net: vec![0; n],
            net_squared: vec![U256::ZERO; n],
        }
    }
    /// Adds another part's totals (chunks in any order give the same sum).
    pub fn add(&mut self, o: &CashTotals) {
        self.hands += o.hands;
        for (a, b) in self.net.iter_mut().zip(&o.net) {
            *a += b;
        }
        for (a, b) in self.net_squared.iter_mut().zip(&o.net_squared) {
            *a += *b;
        }
    }
    /// Chips won per 100 hands by `seat`, and the half-width of a 95%
    /// confidence interval (normal approximation).
    pub fn per_100(&self, seat: usize) -> (f64, f64) {
        if self.hands == 0 {
            return (0.0, 0.0);
        }
        let mean = self.net[seat] as f64 / self.hands as f64;
        (
            100.0 * mean,
            100.0 * ci_95(self.hands, self.net[seat], self.net_squared[seat]),
        )
    }
}

/// Runs the chunks of `range` on `threads` cores, reporting `units` of work
/// done per chunk to `control` (out of `total`) and stopping when it is
/// cancelled, and adds the results up in chunk order, a batch of chunks at
/// a time.
#[allow(clippy::too_many_arguments)]
fn run_parts<T: Send>(
    range: std::ops::Range<u64>,
    threads: Option<usize>,
    control: Option<&Control>,
    total: u64,
    work: impl Fn(u64) -> Result<T> + Sync,
    units: impl Fn(&T) -> u64 + Sync,
    sum: T,
    add: impl Fn(&mut T, &T) + Sync,
) -> Result<T> {
    if let Some(c) = control {
        c.total.store(total, Ordering::Relaxed);
    }
    let run = |c: u64| {
        if control.is_some_and(|k| k.cancel.load(Ordering::Relaxed)) {
            return Err(Error::from(ErrorKind::Interrupted));
        }
        let r = work(c);
        if let (Some(k), Ok(t)) = (control, &r) {
            k.done.fetch_add(units(t), Ordering::Relaxed);
        }
        r
    };
    crate::threads::install(threads, || {
        crate::threads::fold_in_order(range, CHUNKS_PER_BATCH, run, sum, |s, p| add(s, &p))
    })?
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
            return Err(Error::bad_config(format!(
                "{} bots for {n} seats: one bot a seat",
                self.bots.len()
            )));
        }
        // Deals one hand to check the configuration (seats, stacks, straddles).
        Hand::new(Arc::clone(&self.rules), &self.stacks, 0, Some(0), None)?;
        Ok(())
    }

    /// The number of chunks.
    pub fn chunks(&self) -> u64 {
        self.hands.div_ceil(CHUNK_HANDS)
    }

    /// Short enough to run unwatched (no progress, no Ctrl-C check): a
    /// tenth of a second at most, with 22 tight-aggressive bots, whose Monte
    /// Carlo is the slowest play.
    pub fn is_quick(&self) -> bool {
        // (a few milliseconds even for the slowest games and bots: a
        // tight-aggressive bot in 6-card Omaha hi/lo takes about a
        // millisecond a hand)
        self.hands.saturating_mul(self.stacks.len() as u64) <= 2_000
    }

    /// Plays chunk `c` (its hands `c * CHUNK_HANDS ..`).
    pub fn run_chunk(&self, c: u64) -> Result<CashTotals> {
        self.run_chunk_watched(c, None)
    }

    /// [`CashSim::run_chunk`], stopped when `cancel` is set (looked at
    /// every [`WATCH_HANDS`] hands: a chunk of slow games and bots takes
    /// seconds).
    pub fn run_chunk_watched(&self, c: u64, cancel: Option<&AtomicBool>) -> Result<CashTotals> {
        let n = self.stacks.len();
        let first = c.saturating_mul(CHUNK_HANDS);
        let last = self.hands.min(first.saturating_add(CHUNK_HANDS));
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
        let mut hand = Hand::new_with_rng(
            Arc::clone(&self.rules),
            &self.stacks,
            button,
            &mut deal,
            None,
        )?;
        for i in first..last {
            if (i - first) % WATCH_HANDS == WATCH_HANDS - 1
                && cancel.is_some_and(|k| k.load(Ordering::Relaxed))
            {
                return Err(Error::from(ErrorKind::Interrupted));
            }
            if i > first {
                button = if button + 1 == n { 0 } else { button + 1 };
                hand.redeal_checked(&self.stacks, button, &mut deal)?;
            }
            play::play_until(&mut hand, &[], 0, |hand, seat, _| {
                match self.bots[seat] {
                    // (the random bot needs less than an observation: see random_act)
                    BotKind::Random => random_act(hand, seat, &mut brng)?,
                    bot => {
                        let Some(obs) = Observation::of(hand) else {
                            return Ok(ControlFlow::Break(()));
                        };
                        let la = *obs.legal();
                        let mv = bot.act(&obs, &mut brng);
                        hand.act_legal(&la, mv)?;
                    }
                }
                Ok::<_, Error>(ControlFlow::Continue(()))
            })?;
            // (zipped, the seats are added up with no bounds checks)
            for (((seat, &start), net), net_squared) in hand
                .seats
                .iter()
                .zip(&self.stacks)
                .zip(&mut t.net)
                .zip(&mut t.net_squared)
            {
                // Stacks are at most 2**60 chips: the difference fits an i64,
                // its square a u128 (their sum over a chunk needs more).
                let won = seat.stack as i64 - start as i64;
                *net += won as i128;
                net_squared.add_u128((won.unsigned_abs() as u128) * (won.unsigned_abs() as u128));
            }
            t.hands += 1;
        }
        Ok(t)
    }

    /// Chunks `range` on `threads` cores, added up in order.
    pub fn run_range(
        &self,
        range: std::ops::Range<u64>,
        threads: Option<usize>,
        control: Option<&Control>,
    ) -> Result<CashTotals> {
        self.check()?;
        let hands = self.hands.min(range.end.saturating_mul(CHUNK_HANDS))
            - range.start.saturating_mul(CHUNK_HANDS).min(self.hands);
        run_parts(
            range,
            threads,
            control,
            hands,
            |c| self.run_chunk_watched(c, control.map(|k| &k.cancel)),
            |t| t.hands,
            CashTotals::new(self.stacks.len()),
            CashTotals::add,
        )
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
    /// The game dealt.
    pub game: crate::game::Game,
    /// A mixed game: the games with their structures, in turn (empty: the
    /// one game above), rotated as `rotation` says.
    pub mix: Vec<(crate::game::Structure, crate::game::Game)>,
    pub rotation: Rotation,
    pub levels: Vec<Level>,
    pub hands_per_level: u32,
    pub stacks: Vec<u64>,
    pub payouts: Vec<u64>,
    pub bots: Vec<BotKind>,
    pub tournaments: u64,
    pub seed: u64,
    /// A tournament still going after this many hands stops with an error
    /// ([`TournamentSim::DEFAULT_MAX_HANDS`] unless the caller says).
    pub max_hands: u64,
}

impl TournamentSim {
    /// The hands a tournament may last when the caller does not say.
    pub const DEFAULT_MAX_HANDS: u64 = 1_000_000;

    /// Never: a single tournament may last long, so every run is watched.
    pub fn is_quick(&self) -> bool {
        false
    }
}

/// Per seat: how often it finished in each place, and its prizes.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct TournamentTotals {
    pub tournaments: u64,
    pub hands: u128,
    /// `places[seat][p]`: finishes in place `p + 1` (ties counted at the shared place).
    pub places: Vec<Vec<u64>>,
    /// Prizes are below 2**64 (the payouts' total is), so their sum over
    /// at most 2**64 tournaments fits 128 bits, their squares' 256.
    pub prizes: Vec<u128>,
    pub prizes_squared: Vec<U256>,
}

impl TournamentTotals {
    fn new(n: usize) -> TournamentTotals {
        TournamentTotals {
            tournaments: 0,
            hands: 0,
            places: vec![vec![0; n]; n],
            prizes: vec![0; n],
            prizes_squared: vec![U256::ZERO; n],
        }
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
            *a += *b;
        }
    }
    /// Seat `seat`'s mean prize and the half-width of its 95% confidence
    /// interval (normal approximation).
    pub fn mean_prize(&self, seat: usize) -> (f64, f64) {
        if self.tournaments == 0 {
            return (0.0, 0.0);
        }
        let sum = self.prizes[seat] as i128;
        (
            self.prizes[seat] as f64 / self.tournaments as f64,
            ci_95(self.tournaments, sum, self.prizes_squared[seat]),
        )
    }
}

impl TournamentSim {
    fn tournament(&self, t: u64) -> Result<Tournament> {
        let n = self.stacks.len() as u64;
        let mix = if self.mix.is_empty() {
            vec![(self.structure, self.game)]
        } else {
            self.mix.clone()
        };
        Tournament::mixed(
            mix,
            self.rotation,
            self.levels.clone(),
            Advance::Hands(self.hands_per_level),
            &self.stacks,
            self.payouts.clone(),
            Some((t % n) as usize),
            Some(0),
        )
    }

    pub fn check(&self) -> Result<()> {
        if self.bots.len() != self.stacks.len() {
            return Err(Error::bad_config(format!(
                "{} bots for {} seats: one bot a seat",
                self.bots.len(),
                self.stacks.len()
            )));
        }
        if self.stacks.contains(&0) {
            return Err(Error::bad_config(
                "every seat of a simulated tournament has a player: stacks of at least 1".into(),
            ));
        }
        // (a prize is then below 2**64, which the totals rely on)
        if self
            .payouts
            .iter()
            .try_fold(0u64, |a, &p| a.checked_add(p))
            .is_none()
        {
            return Err(Error::bad_config(
                "the payouts add up to more than 2**64-1 chips".into(),
            ));
        }
        self.tournament(0)?;
        Ok(())
    }

    /// Plays tournament `t`.
    pub fn run_one(&self, t: u64) -> Result<TournamentTotals> {
        self.run_one_watched(t, None)
    }

    /// Plays tournament `t`, stopping with [`ErrorKind::Interrupted`] soon
    /// after `control` is cancelled (it is checked every
    /// [`CANCEL_CHECK_HANDS`] hands).
    pub fn run_one_watched(&self, t: u64, control: Option<&Control>) -> Result<TournamentTotals> {
        let n = self.stacks.len();
        let mut tour = self.tournament(t)?;
        tour.table_mut().rng = deal_rng(self.seed, t);
        let mut brng = bot_rng(self.seed, t);
        let mut hands = 0u64;
        while !tour.is_over() {
            if hands >= self.max_hands {
                return Err(Error::bad_config(format!("tournament {t} is still going after {hands} hands: raise the levels or max_hands")));
            }
            if hands % CANCEL_CHECK_HANDS == 0
                && control.is_some_and(|k| k.cancel.load(Ordering::Relaxed))
            {
                return Err(Error::from(ErrorKind::Interrupted));
            }
            let bots = &self.bots;
            tour.play_with(
                |t: &Turn<'_>| {
                    let obs = Observation::of(t.hand).ok_or_else(Error::corrupt)?;
                    Ok::<_, Error>(bots[t.table_seat].act(&obs, &mut brng))
                },
                None,
            )?;
            hands += 1;
        }
        let mut out = TournamentTotals::new(n);
        out.tournaments = 1;
        out.hands = hands as u128;
        for f in tour.results() {
            let p = (f.place as usize).clamp(1, n) - 1;
            out.places[f.seat][p] += 1;
            out.prizes[f.seat] += f.prize as u128;
            out.prizes_squared[f.seat].add_u128((f.prize as u128) * (f.prize as u128));
        }
        Ok(out)
    }

    pub fn run_range(
        &self,
        range: std::ops::Range<u64>,
        threads: Option<usize>,
        control: Option<&Control>,
    ) -> Result<TournamentTotals> {
        self.check()?;
        let count = range.end.saturating_sub(range.start);
        run_parts(
            range,
            threads,
            control,
            count,
            |t| self.run_one_watched(t, control),
            |t| t.tournaments,
            TournamentTotals::new(self.stacks.len()),
            TournamentTotals::add,
        )
    }

    pub fn run(
        &self,
        threads: Option<usize>,
        control: Option<&Control>,
    ) -> Result<TournamentTotals> {
        self.run_range(0..self.tournaments, threads, control)
    }
}
