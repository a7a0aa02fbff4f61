//! Side pots by contribution level, and paying them at showdown.
use crate::card::Card;
use crate::eval::{evaluate_unchecked, HandValue};

/// One pot: its chips, the seats that can win it, and (once paid) who won.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pot {
    pub amount: u64,
    /// Seats still in the hand that put in at least this pot's level.
    pub eligible: Vec<usize>,
    /// Seats paid from this pot, empty until the hand is over.
    pub winners: Vec<usize>,
}

/// Splits `contributions` (chips each seat put in, antes included) plus
/// `dead` (chips no seat is owed back, e.g. a big-blind ante, which go to the
/// main pot) into a main pot and side pots. A pot's level is a contribution of
/// a seat still in the hand; folded seats' chips stay in the pots they fed.
pub fn build_pots(contributions: &[u64], folded: &[bool], dead: u64) -> Vec<Pot> {
    let mut levels: Vec<u64> = contributions
        .iter()
        .zip(folded)
        .filter(|(&c, &f)| !f && c > 0)
        .map(|(&c, _)| c)
        .collect();
    levels.sort_unstable();
    levels.dedup();
    let mut pots: Vec<Pot> = Vec::with_capacity(levels.len().max(1));
    let mut prev = 0u64;
    for &level in &levels {
        let amount: u64 = contributions.iter().map(|&c| c.min(level) - c.min(prev)).sum();
        let eligible: Vec<usize> = (0..contributions.len())
            .filter(|&s| !folded[s] && contributions[s] >= level)
            .collect();
        pots.push(Pot { amount, eligible, winners: Vec::new() });
        prev = level;
    }
    // Chips above the highest live level (only folded seats can have them,
    // mid-round) stay in the last pot.
    let above: u64 = contributions.iter().map(|&c| c - c.min(prev)).sum();
    match pots.first_mut() {
        Some(first) => first.amount += dead,
        None if dead + above > 0 => {
            let eligible = (0..contributions.len()).filter(|&s| !folded[s]).collect();
            pots.push(Pot { amount: 0, eligible, winners: Vec::new() });
            if let Some(p) = pots.last_mut() {
                p.amount += dead;
            }
        }
        None => {}
    }
    if let Some(last) = pots.last_mut() {
        last.amount += above;
    }
    pots
}

/// Seats in the order odd chips are handed out: starting left of the button.
pub fn left_of_button_order(seat: usize, button: usize, n: usize) -> usize {
    (seat + n - button - 1) % n
}

/// Pays every pot to the best hand among its eligible seats; ties split, odd
/// chips one at a time to the tied winners starting left of the button.
/// Returns the chips won by each seat.
pub fn award(pots: &mut [Pot], values: &[Option<HandValue>], button: usize) -> Vec<u64> {
    let n = values.len();
    let mut won = vec![0u64; n];
    for pot in pots.iter_mut() {
        let best = pot.eligible.iter().filter_map(|&s| values[s]).max();
        let mut winners: Vec<usize> = match best {
            Some(b) => pot.eligible.iter().copied().filter(|&s| values[s] == Some(b)).collect(),
            None => pot.eligible.clone(),
        };
        if winners.is_empty() {
            continue;
        }
        winners.sort_by_key(|&s| left_of_button_order(s, button, n));
        let k = winners.len() as u64;
        let share = pot.amount / k;
        let odd = (pot.amount % k) as usize;
        for (i, &s) in winners.iter().enumerate() {
            won[s] += share + u64::from(i < odd);
        }
        winners.sort_unstable();
        pot.winners = winners;
    }
    won
}

/// The showdown value of each seat still in the hand.
pub fn showdown_values(holes: &[[Card; 2]], board: &[Card], folded: &[bool]) -> Vec<Option<HandValue>> {
    holes
        .iter()
        .zip(folded)
        .map(|(h, &f)| {
            if f {
                None
            } else {
                let mut cards = [h[0]; 7];
                cards[1] = h[1];
                cards[2..2 + board.len()].copy_from_slice(board);
                Some(evaluate_unchecked(&cards[..2 + board.len()]))
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_levels_with_a_folded_feeder() {
        // seat 0 all-in 50, seat 1 all-in 120, seat 2 called 200, seat 3 folded after 80
        let pots = build_pots(&[50, 120, 200, 80], &[false, false, false, true], 0);
        // main: 50 from each of four = 200; side 1: 70+70+30 = 170; side 2: 80
        assert_eq!(pots.iter().map(|p| p.amount).collect::<Vec<_>>(), vec![200, 170, 80]);
        assert_eq!(pots[0].eligible, vec![0, 1, 2]);
        assert_eq!(pots[1].eligible, vec![1, 2]);
        assert_eq!(pots[2].eligible, vec![2]);
    }

    #[test]
    fn odd_chip_goes_left_of_button() {
        let mut pots = vec![Pot { amount: 7, eligible: vec![0, 1, 2], winners: vec![] }];
        let v = HandValue::new(100).ok();
        // button 1: order left of it is 2, 0, 1; seats 0 and 2 tie
        let won = award(&mut pots, &[v, HandValue::new(50).ok(), v], 1);
        assert_eq!(won, vec![3, 0, 4]);
        assert_eq!(pots[0].winners, vec![0, 2]);
    }
}
