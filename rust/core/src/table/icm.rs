//! The Independent Chip Model: each player's expected prize when the chance
//! of finishing first is their share of the chips, and, given who finished
//! above, the chance of finishing next is their share of the chips left
//! (Malmuth-Harville).
//!
//! Exact: the probability of every set of players taking the top places is
//! worked out set by set (sets smaller than the number of paid places only),
//! so `n` players and `k` paid places cost about `n` times the number of
//! such sets: 20 players with 20 places paid is a million sets. Beyond
//! [`EXACT_LIMIT`] sets, finishing orders are sampled: a Malmuth-Harville
//! order is the order of independent exponential times of rate `stack`
//! (`-ln(u) / stack`, smallest first), from a seeded ChaCha generator.
use crate::error::{Error, Result};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;

/// The most sets of top finishers the exact method works through.
pub const EXACT_LIMIT: u64 = 1 << 22;

/// How the answer was found.
#[derive(Clone, Debug, PartialEq)]
pub struct Icm {
    /// Each player's expected prize, in the payouts' units.
    pub equities: Vec<f64>,
    pub exact: bool,
    /// Monte Carlo: finishing orders sampled, and the seed.
    pub trials: u64,
    pub seed: Option<u64>,
}

fn check(stacks: &[u64], payouts: &[f64]) -> Result<()> {
    if stacks.is_empty() {
        return Err(Error::bad_config(
            "ICM needs at least one player's stack".into(),
        ));
    }
    if let Some(i) = stacks.iter().position(|&s| s == 0) {
        return Err(Error::bad_config(format!("stack {i} is 0: give the stacks of players still in (a busted player's prize is decided)")));
    }
    if payouts.len() > stacks.len() {
        return Err(Error::bad_config(format!("{} payouts for {} players: give the prizes of places 1 to {} (the places below are decided)", payouts.len(), stacks.len(), stacks.len())));
    }
    if let Some(p) = payouts.iter().find(|p| !p.is_finite() || **p < 0.0) {
        return Err(Error::bad_config(format!(
            "payout {p} is not a prize (a finite amount, 0 or more)"
        )));
    }
    if stacks
        .iter()
        .try_fold(0u64, |a, &s| a.checked_add(s))
        .is_none_or(|t| t > crate::game::rules::MAX_CHIPS)
    {
        return Err(Error::bad_config(
            "the stacks add up to more than 2**60 chips".into(),
        ));
    }
    Ok(())
}

/// The number of sets of fewer than `k` of `n` players (what the exact
/// method works through), saturating.
pub fn exact_sets(n: usize, k: usize) -> u64 {
    let mut total = 0u64;
    let mut c = 1u64; // C(n, j)
    for j in 0..k.min(n) {
        total = total.saturating_add(c);
        c = c.saturating_mul((n - j) as u64) / (j as u64 + 1);
        if c == u64::MAX {
            return u64::MAX;
        }
    }
    total
}

/// Exact Malmuth-Harville equities, or an error when there are more than
/// [`EXACT_LIMIT`] sets to work through.
pub fn icm_exact(stacks: &[u64], payouts: &[f64]) -> Result<Vec<f64>> {
    check(stacks, payouts)?;
    let n = stacks.len();
    let k = payouts.iter().rposition(|&p| p != 0.0).map_or(0, |i| i + 1);
    let sets = exact_sets(n, k);
    if sets > EXACT_LIMIT || n > 128 {
        return Err(Error::bad_config(format!("exact ICM for {n} players and {k} paid places works through {sets} sets (at most {EXACT_LIMIT}): give trials for Monte Carlo")));
    }
    let total: u64 = stacks.iter().sum();
    let s: Vec<f64> = stacks.iter().map(|&x| x as f64).collect();
    let mut eq = vec![0.0; n];
    if n <= 22 {
        // Sets as indices into one array: a set's supersets come after it
        // in numeric order, so one pass in that order is enough.
        let mut prob = vec![0.0f64; 1 << n];
        prob[0] = 1.0;
        for set in 0usize..(1 << n) {
            let p = prob[set];
            let place = set.count_ones() as usize;
            if p == 0.0 || place >= k {
                continue;
            }
            // The chips left: the total less the stacks of the set (adding
            // them up is cheaper than a second array of 2**n entries).
            let mut taken = 0u64;
            let mut bits = set;
            while bits != 0 {
                taken += stacks[bits.trailing_zeros() as usize];
                bits &= bits - 1;
            }
            // One division a set, not one a player.
            let share = p / (total - taken) as f64;
            let pay = payouts[place];
            for i in 0..n {
                if set & (1 << i) == 0 {
                    let q = share * s[i];
                    eq[i] += q * pay;
                    prob[set | (1 << i)] += q;
                }
            }
        }
        return Ok(eq);
    }
    let mut level: HashMap<u128, (f64, u64)> = HashMap::from([(0u128, (1.0, total))]);
    for &pay in payouts.iter().take(k) {
        let mut next: HashMap<u128, (f64, u64)> = HashMap::with_capacity(level.len() * 4);
        // Sorted, so that sums run in one order whatever the hashing.
        let mut sets: Vec<(u128, (f64, u64))> = level.into_iter().collect();
        sets.sort_unstable_by_key(|e| e.0);
        for (set, (p, rest)) in sets {
            for i in 0..n {
                if set & (1 << i) == 0 {
                    let q = p * s[i] / rest as f64;
                    eq[i] += q * pay;
                    let e = next
                        .entry(set | (1 << i))
                        .or_insert((0.0, rest - stacks[i]));
                    e.0 += q;
                }
            }
        }
        level = next;
    }
    Ok(eq)
}

/// The most player-samples (`trials` times players) one Monte Carlo ICM
/// takes: a few minutes of one core. Larger asks are refused before any
/// work.
pub const MAX_SAMPLES: u64 = 20_000_000_000;

/// Malmuth-Harville equities by sampling `trials` finishing orders from `seed`.
pub fn icm_monte_carlo(
    stacks: &[u64],
    payouts: &[f64],
    trials: u64,
    seed: u64,
) -> Result<Vec<f64>> {
    icm_monte_carlo_with(stacks, payouts, trials, seed, None)
}

/// [`icm_monte_carlo`], stopped by `cancel` when set
/// ([`crate::ErrorKind::Interrupted`], checked every 4,096 orders).
pub fn icm_monte_carlo_with(
    stacks: &[u64],
    payouts: &[f64],
    trials: u64,
    seed: u64,
    cancel: Option<&std::sync::atomic::AtomicBool>,
) -> Result<Vec<f64>> {
    check(stacks, payouts)?;
    if trials == 0 {
        return Err(Error::bad_config("trials must be at least 1".into()));
    }
    if trials.saturating_mul(stacks.len() as u64) > MAX_SAMPLES {
        return Err(Error::bad_config(format!(
            "{trials} finishing orders of {} players: more than {MAX_SAMPLES} player-samples (minutes of work); ask for fewer trials",
            stacks.len()
        )));
    }
    let n = stacks.len();
    let k = payouts.len();
    let rates: Vec<f64> = stacks.iter().map(|&x| 1.0 / x as f64).collect();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut sums = vec![0.0f64; n];
    let mut times: Vec<(f64, usize)> = vec![(0.0, 0); n];
    for trial in 0..trials {
        if trial % 4096 == 4095
            && cancel.is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed))
        {
            return Err(crate::ErrorKind::Interrupted.into());
        }
        for (i, t) in times.iter_mut().enumerate() {
            // u in (0, 1]: -ln(u) is an exponential time of rate 1.
            let u: f64 = 1.0 - rng.random::<f64>();
            *t = (-u.ln() * rates[i], i);
        }
        if k < n {
            times.select_nth_unstable_by(k.max(1) - 1, |a, b| a.0.total_cmp(&b.0));
            times[..k].sort_unstable_by(|a, b| a.0.total_cmp(&b.0));
        } else {
            times.sort_unstable_by(|a, b| a.0.total_cmp(&b.0));
        }
        for (place, &(_, i)) in times.iter().take(k).enumerate() {
            sums[i] += payouts[place];
        }
    }
    Ok(sums.into_iter().map(|x| x / trials as f64).collect())
}

/// Finishing orders sampled when exact ICM is too large and no number of
/// trials is given.
pub const DEFAULT_TRIALS: u64 = 1_000_000;

/// Whether exact ICM is affordable for `n` players and these payouts.
pub fn exact_affordable(n: usize, payouts: &[f64]) -> bool {
    let k = payouts.iter().rposition(|&p| p != 0.0).map_or(0, |i| i + 1);
    n <= 128 && exact_sets(n, k) <= EXACT_LIMIT
}

/// Exact when `trials` is `None` and that is affordable; else Monte Carlo
/// with `trials` (by default [`DEFAULT_TRIALS`]) from `seed` (OS entropy
/// when `None`, reported back).
pub fn icm(stacks: &[u64], payouts: &[f64], trials: Option<u64>, seed: Option<u64>) -> Result<Icm> {
    icm_with(stacks, payouts, trials, seed, None)
}

/// [`icm`], a Monte Carlo run stopped by `cancel` when set.
pub fn icm_with(
    stacks: &[u64],
    payouts: &[f64],
    trials: Option<u64>,
    seed: Option<u64>,
    cancel: Option<&std::sync::atomic::AtomicBool>,
) -> Result<Icm> {
    check(stacks, payouts)?;
    match trials {
        None if exact_affordable(stacks.len(), payouts) => Ok(Icm {
            equities: icm_exact(stacks, payouts)?,
            exact: true,
            trials: 0,
            seed: None,
        }),
        _ => {
            let t = trials.unwrap_or(DEFAULT_TRIALS);
            let seed = seed.unwrap_or_else(crate::deck::entropy_seed);
            Ok(Icm {
                equities: icm_monte_carlo_with(stacks, payouts, t, seed, cancel)?,
                exact: false,
                trials: t,
                seed: Some(seed),
            })
        }
    }
}
