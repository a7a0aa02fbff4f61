//! Side pots by contribution level, and paying them at showdown.
use super::hand::{HOLE_CARDS, MAX_SEATS};
use crate::card::Card;
use crate::eval::{evaluate_unchecked, HandValue};

/// A set of seats (at most 32) as a bit mask.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct SeatSet(pub u32);

impl SeatSet {
    pub fn contains(self, seat: usize) -> bool {
        seat < 32 && self.0 >> seat & 1 == 1
    }
    pub fn insert(&mut self, seat: usize) {
        if seat < 32 {
            self.0 |= 1 << seat;
        }
    }
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// Seats in increasing order.
    pub fn iter(self) -> impl Iterator<Item = usize> {
        let mut m = self.0;
        std::iter::from_fn(move || {
            if m == 0 {
                None
            } else {
                let s = m.trailing_zeros() as usize;
                m &= m - 1;
                Some(s)
            }
        })
    }
    pub fn to_vec(self) -> Vec<usize> {
        self.iter().collect()
    }
}

/// One pot: its chips, the seats that can win it, and (once paid) who won.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pot {
    pub amount: u64,
    /// Seats still in the hand that put in at least this pot's level.
    pub eligible: SeatSet,
    /// Seats paid from this pot, empty until the hand is over.
    pub winners: SeatSet,
}

/// Splits `contributions` (chips each seat put in, antes included) plus
/// `dead` (chips no seat is owed back, e.g. a big-blind ante, which go to the
/// main pot) into a main pot and side pots. Only an all-in player's
/// contribution starts a side pot: a player still able to bet is counted in
/// every pot (they will match the bet or fold), so in the middle of a round
/// the pots read as a dealer would announce them. Folded seats' chips stay in
/// the pots they fed. At the end of a betting round every player still in and
/// not all-in has put in the same, and this is the usual contribution-level
/// split.
pub fn build_pots(contributions: &[u64], folded: &[bool], all_in: &[bool], dead: u64) -> Vec<Pot> {
    build_pots_by(contributions.len().min(MAX_SEATS), |s| (contributions[s], folded[s], all_in[s]), dead)
}

/// [`build_pots`] for seats `0..n` (at most [`MAX_SEATS`]), `seat(s)` giving
/// each one's contribution and whether it folded or is all-in (a hand reads
/// them from its seats, with no copies).
#[inline]
pub(crate) fn build_pots_by(n: usize, seat: impl Fn(usize) -> (u64, bool, bool), dead: u64) -> Vec<Pot> {
    // Seat sets as bit masks, built without a branch per seat (who folded
    // and who is all-in are as good as random to the branch predictor).
    let (mut in_hand, mut all_in) = (0u32, 0u32);
    let mut sum = dead;
    for s in 0..n {
        let (c, f, a) = seat(s);
        sum += c;
        in_hand |= u32::from(!f) << s;
        all_in |= u32::from(a) << s;
    }
    let live_all_in = in_hand & all_in;
    if live_all_in == 0 {
        // Without an all-in player still in there is one level, the top
        // contribution: every chip goes to one pot for everyone still in
        // (what the general case below makes of it, in one pass).
        return if sum > 0 { vec![Pot { amount: sum, eligible: SeatSet(in_hand), winners: SeatSet::default() }] } else { Vec::new() };
    }
    let contribution = |s: usize| seat(s).0;
    // One level per all-in seat, and the top contribution.
    let mut levels = [0u64; MAX_SEATS + 1];
    let mut k = 0;
    let mut someone_at_zero = false;
    for s in SeatSet(live_all_in).iter() {
        let c = contribution(s);
        if c > 0 {
            levels[k] = c;
            k += 1;
        } else {
            someone_at_zero = true;
        }
    }
    let top = SeatSet(in_hand).iter().map(contribution).max().unwrap_or(0);
    if top > 0 {
        levels[k] = top;
        k += 1;
    }
    let levels = &mut levels[..k];
    levels.sort_unstable();
    let mut pots: Vec<Pot> = Vec::with_capacity(k + 1);
    if dead > 0 && someone_at_zero {
        // A player all-in for nothing live (a big blind all-in for the
        // big-blind ante) can win the dead money and nothing more.
        pots.push(Pot { amount: dead, eligible: SeatSet(in_hand), winners: SeatSet::default() });
    }
    let dead_left = if someone_at_zero { 0 } else { dead };
    let mut prev = 0u64;
    for &level in levels.iter() {
        if level == prev {
            continue;
        }
        let mut amount = 0;
        // Eligible: still in, and all-in for at least this level or not all-in.
        let mut reaches = 0u32;
        for s in 0..n {
            let c = contribution(s);
            amount += c.min(level) - c.min(prev);
            reaches |= u32::from(c >= level) << s;
        }
        pots.push(Pot { amount, eligible: SeatSet(in_hand & (reaches | !all_in)), winners: SeatSet::default() });
        prev = level;
    }
    // Chips above the highest live level (only folded seats can have them,
    // mid-round) stay in the last pot; dead money goes to the main pot.
    let above: u64 = (0..n).map(|s| contribution(s) - contribution(s).min(prev)).sum();
    if pots.is_empty() && dead_left + above > 0 {
        pots.push(Pot { amount: 0, eligible: SeatSet(in_hand), winners: SeatSet::default() });
    }
    if let Some(first) = pots.first_mut() {
        first.amount += dead_left;
    }
    if let Some(last) = pots.last_mut() {
        last.amount += above;
    }
    pots
}

/// Pays every pot to the best hand among its eligible seats (every eligible
/// seat counts as best when `values` has none, e.g. a hand won uncontested);
/// ties split, odd chips one at a time to the tied winners starting left of
/// the button. Adds the chips won to `won`.
pub fn award(pots: &mut [Pot], values: &[Option<HandValue>], button: usize, won: &mut [u64]) {
    let n = values.len();
    for pot in pots.iter_mut() {
        let best = pot.eligible.iter().filter_map(|s| values[s]).max();
        let mut winners = 0u32;
        for s in pot.eligible.iter() {
            winners |= u32::from(best.is_none() || values[s] == best) << s;
        }
        pot.winners = SeatSet(winners);
        split(pot, button, n, |s, chips| won[s] += chips);
    }
}

/// Splits a paid pot among its winners: equal shares, odd chips one at a
/// time to the winners in seat order from the button's left. Calls `pay`
/// for each winner in that order with the chips they receive.
pub fn split(pot: &Pot, button: usize, n: usize, mut pay: impl FnMut(usize, u64)) {
    let k = pot.winners.len() as u64;
    if k == 0 {
        return;
    }
    if k == 1 {
        // The whole pot to its one winner (a seat of the hand).
        let s = pot.winners.0.trailing_zeros() as usize;
        if s < n {
            pay(s, pot.amount);
        }
        return;
    }
    let share = pot.amount / k;
    let mut odd = pot.amount % k;
    // Seats in order from the button's left: (button + 1 + i) % n for i in 0..n.
    let mut s = if n == 0 { 0 } else { (button + 1) % n };
    for _ in 0..n {
        if pot.winners.contains(s) {
            pay(s, share + u64::from(odd > 0));
            odd = odd.saturating_sub(1);
        }
        s += 1;
        if s == n {
            s = 0;
        }
    }
}

/// The showdown value of each seat still in the hand.
pub fn showdown_values(holes: &[[Card; HOLE_CARDS]], board: &[Card], folded: &[bool], out: &mut [Option<HandValue>]) {
    for ((h, &f), o) in holes.iter().zip(folded).zip(out.iter_mut()) {
        *o = if f {
            None
        } else {
            let mut cards = [h[0]; HOLE_CARDS + 5];
            cards[..HOLE_CARDS].copy_from_slice(h);
            let m = board.len().min(5);
            cards[HOLE_CARDS..HOLE_CARDS + m].copy_from_slice(&board[..m]);
            Some(evaluate_unchecked(&cards[..HOLE_CARDS + m]))
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_seat_all_in_at_a_full_table() {
        // 22 all-in levels and the top one: there was room for 22 only.
        let c: Vec<u64> = (1..=MAX_SEATS as u64).collect();
        let pots = build_pots(&c, &[false; MAX_SEATS], &[true; MAX_SEATS], 0);
        assert_eq!(pots.len(), MAX_SEATS);
        assert_eq!(pots.iter().map(|p| p.amount).sum::<u64>(), c.iter().sum::<u64>());
        assert_eq!(pots[MAX_SEATS - 1].eligible.to_vec(), vec![MAX_SEATS - 1]);
    }
}
