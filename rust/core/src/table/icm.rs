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
use std::sync::atomic::{AtomicBool, Ordering};

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
    icm_exact_with(stacks, payouts, None)
}

/// Sets worked through between two looks at the cancel flag.
const CANCEL_EVERY: usize = 1 << 14;

fn cancelled(cancel: Option<&AtomicBool>) -> bool {
    cancel.is_some_and(|c| c.load(Ordering::Relaxed))
}

/// [`icm_exact`], stopped by `cancel` when set
/// ([`crate::ErrorKind::Interrupted`], checked every 16,384 sets).
pub fn icm_exact_with(
    stacks: &[u64],
    payouts: &[f64],
    cancel: Option<&AtomicBool>,
) -> Result<Vec<f64>> {
    check(stacks, payouts)?;
    let n = stacks.len();
    let k = payouts.iter().rposition(|&p| p != 0.0).map_or(0, |i| i + 1);
    let sets = exact_sets(n, k);
    if sets > EXACT_LIMIT {
        return Err(Error::bad_config(format!("exact ICM for {n} players and {k} paid places works through {sets} sets (at most {EXACT_LIMIT}): give trials for Monte Carlo")));
    }
    let total: u64 = stacks.iter().sum();
    let s: Vec<f64> = stacks.iter().map(|&x| x as f64).collect();
    let mut eq = vec![0.0; n];
    // (the array below holds all 2**n sets: with few places paid, the
    // levels' few sets are less work)
    if n <= 22 && (1u64 << n) <= sets.saturating_mul(4) {
        // Sets as indices into one array: a set's supersets come after it
        // in numeric order, so one pass in that order is enough.
        let mut prob = vec![0.0f64; 1 << n];
        prob[0] = 1.0;
        for set in 0usize..(1 << n) {
            if set % CANCEL_EVERY == CANCEL_EVERY - 1 && cancelled(cancel) {
                return Err(crate::ErrorKind::Interrupted.into());
            }
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
    by_levels(stacks, payouts, k, cancel)
}

/// The exact method for any number of players: the sets of each size,
/// level by level (sets of `j` players are the top `j` finishers with
/// the probability kept for them).
fn by_levels(
    stacks: &[u64],
    payouts: &[f64],
    k: usize,
    cancel: Option<&AtomicBool>,
) -> Result<Vec<f64>> {
    let n = stacks.len();
    let total: u64 = stacks.iter().sum();
    let s: Vec<f64> = stacks.iter().map(|&x| x as f64).collect();
    let mut eq = vec![0.0; n];
    // Each set of each size, level by level, each at its
    // co-lexicographic rank in an array (no hashing; any number of players).
    // A set is its members in increasing order m[0] < m[1] < ...; its rank
    // is the sum of C(m[t], t + 1). Adding player i, with p members below
    // it, gives rank sum_{t < p} C(m[t], t + 1) + C(i, p + 1) +
    // sum_{t >= p} C(m[t], t + 2): the prefix and the shifted suffix are
    // summed once a set, then each player not in it is one addition.
    let binom = binomials(n, k);
    let c = |x: usize, y: usize| binom[y * (n + 1) + x];
    let mut prob = vec![1.0f64];
    let mut members: Vec<usize> = Vec::with_capacity(k);
    let mut below = vec![0usize; k + 1];
    let mut above = vec![0usize; k + 1];
    let mut worked = 0usize;
    for (j, &pay) in payouts.iter().take(k).enumerate() {
        let last = j + 1 == k;
        let mut next = if last {
            Vec::new()
        } else {
            vec![0.0f64; c(n, j + 1)]
        };
        members.clear();
        members.extend(0..j);
        for &p in &prob {
            worked += 1;
            if worked % CANCEL_EVERY == 0 && cancelled(cancel) {
                return Err(crate::ErrorKind::Interrupted.into());
            }
            if p != 0.0 {
                let taken: u64 = members.iter().map(|&m| stacks[m]).sum();
                let share = p / (total - taken) as f64;
                if !last {
                    below[0] = 0;
                    for (t, &m) in members.iter().enumerate() {
                        below[t + 1] = below[t] + c(m, t + 1);
                    }
                    above[j] = 0;
                    for t in (0..j).rev() {
                        above[t] = above[t + 1] + c(members[t], t + 2);
                    }
                }
                let mut at = 0; // members below i
                for i in 0..n {
                    if at < j && members[at] == i {
                        at += 1;
                        continue;
                    }
                    let q = share * s[i];
                    eq[i] += q * pay;
                    if !last {
                        next[below[at] + c(i, at + 1) + above[at]] += q;
                    }
                }
            }
            // the next set of j members in co-lexicographic order
            let mut t = 0;
            while t < j && members[t] + 1 == members.get(t + 1).copied().unwrap_or(n) {
                t += 1;
            }
            if t < j {
                members[t] += 1;
                for (u, m) in members.iter_mut().take(t).enumerate() {
                    *m = u;
                }
            }
        }
        prob = next;
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
    exact_sets(n, k) <= EXACT_LIMIT
}

/// `C(x, y)` at `y * (n + 1) + x`, for `x <= n` and `y <= k` (saturating; only
/// those of at most [`EXACT_LIMIT`] are read).
fn binomials(n: usize, k: usize) -> Vec<usize> {
    let w = n + 1;
    let mut b = vec![0usize; (k + 1) * w + 1];
    b[..=n].fill(1);
    for y in 1..=k {
        for x in 1..=n {
            b[y * w + x] = b[(y - 1) * w + x - 1].saturating_add(b[y * w + x - 1]);
        }
    }
    b
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
            equities: icm_exact_with(stacks, payouts, cancel)?,
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Malmuth-Harville by every finishing order of the paid places, for
    /// a few players: the definition, with no sharing between sets.
    fn by_orders(stacks: &[u64], payouts: &[f64]) -> Vec<f64> {
        fn go(stacks: &[u64], payouts: &[f64], used: u64, p: f64, eq: &mut [f64]) {
            let place = used.count_ones() as usize;
            if place == payouts.len() || place == stacks.len() {
                return;
            }
            let left: u64 = (0..stacks.len())
                .filter(|&i| used & (1 << i) == 0)
                .map(|i| stacks[i])
                .sum();
            for i in 0..stacks.len() {
                if used & (1 << i) == 0 {
                    let q = p * stacks[i] as f64 / left as f64;
                    eq[i] += q * payouts[place];
                    go(stacks, payouts, used | 1 << i, q, eq);
                }
            }
        }
        let mut eq = vec![0.0; stacks.len()];
        go(stacks, payouts, 0, 1.0, &mut eq);
        eq
    }

    #[test]
    fn the_levels_and_the_array_agree_with_every_finishing_order() -> Result<()> {
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        let mut next = |m: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % m
        };
        for _ in 0..300 {
            let n = 1 + next(7) as usize;
            let k = 1 + next(n as u64) as usize;
            let stacks: Vec<u64> = (0..n).map(|_| 1 + next(1000)).collect();
            let payouts: Vec<f64> = (0..k)
                .map(|p| (k - p) as f64 * 10.0 + next(5) as f64)
                .collect();
            let want = by_orders(&stacks, &payouts);
            let k_paid = payouts.iter().rposition(|&p| p != 0.0).map_or(0, |i| i + 1);
            let levels = by_levels(&stacks, &payouts, k_paid, None)?;
            let exact = icm_exact(&stacks, &payouts)?;
            for i in 0..n {
                assert!((levels[i] - want[i]).abs() < 1e-9, "{stacks:?} {payouts:?}");
                assert!((exact[i] - want[i]).abs() < 1e-9, "{stacks:?} {payouts:?}");
            }
        }
        Ok(())
    }

    #[test]
    fn many_players_with_few_places_are_exact() -> Result<()> {
        // 200 players, one place: each player's share of the chips
        let mut stacks = vec![1u64; 200];
        stacks[0] = 199;
        let r = icm(&stacks, &[100.0], None, None)?;
        assert!(r.exact);
        assert!(
            (r.equities[0] - 50.0).abs() < 1e-9 && (r.equities[1] - 100.0 / 398.0).abs() < 1e-12
        );
        // two places: the runner-up's share given the winner, summed
        let r = icm(&stacks, &[100.0, 50.0], None, None)?;
        assert!(r.exact);
        // player 0: wins half the time; second when a 1-chip player won
        // (199 of 398 chips in their hands), then 199 of the 397 left
        let second = 0.5 * 199.0 / 397.0;
        assert!((r.equities[0] - (50.0 + 50.0 * second)).abs() < 1e-9);
        let total: f64 = r.equities.iter().sum();
        assert!((total - 150.0).abs() < 1e-9);
        Ok(())
    }

    #[test]
    fn a_cancel_stops_the_exact_method() {
        let stop = AtomicBool::new(true);
        let stacks: Vec<u64> = (1..=23).collect();
        let pay = vec![1.0; 12];
        let e = icm_exact_with(&stacks, &pay, Some(&stop)).unwrap_err();
        assert!(matches!(e.kind(), crate::ErrorKind::Interrupted));
        let e = icm_exact_with(&stacks[..20], &[1.0; 20], Some(&stop)).unwrap_err();
        assert!(matches!(e.kind(), crate::ErrorKind::Interrupted));
    }
}
