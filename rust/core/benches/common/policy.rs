//! The random policy of the game and table benches (and the table timing
//! example), written once: fold 15% of the time when folding is legal, bet
//! or raise 25% of the time when that is open (to the minimum, or to a
//! uniform legal amount), else check or call. Its own generator is
//! xorshift64*, cheap, so the benches measure the engine (the deal itself
//! comes from ChaCha20). With it the six-player hands and tables they play
//! it at (stacks 10,000).
use holecards_core::deck::DeckRng;
use holecards_core::game::{Hand, Move, Rules};
use holecards_core::table::{ButtonRule, Entry, Table};
use std::sync::Arc;

/// The bare hand `i` of a run: six players with 10,000, the button moved one
/// seat a hand, dealt from `deal`.
pub fn six_handed(rules: &Arc<Rules>, i: u64, deal: &mut DeckRng) -> holecards_core::Result<Hand> {
    Hand::new_with_rng(
        Arc::clone(rules),
        &[10_000; 6],
        (i % 6) as usize,
        deal,
        None,
    )
}

/// A six-seat table (deck seed 2) with a player of 10,000 in every seat.
#[allow(dead_code)] // (benches/game.rs plays no table)
pub fn six_seated(rules: &Arc<Rules>, rule: ButtonRule) -> holecards_core::Result<Table> {
    let mut t = Table::new(Arc::clone(rules), 6, rule, Some(2))?;
    refill(&mut t)?;
    Ok(t)
}

/// Seats a new player of 10,000, posting a big blind to come in, in every
/// empty seat; returns how many sat.
#[allow(dead_code)] // (benches/game.rs plays no table)
pub fn refill(t: &mut Table) -> holecards_core::Result<u64> {
    let mut sat = 0;
    if t.players() < 6 {
        for s in 0..6 {
            if t.player(s).is_none() {
                t.sit(s, 10_000, Entry::PostBigBlind)?;
                sat += 1;
            }
        }
    }
    Ok(sat)
}

pub struct Policy {
    state: u64,
    /// Raise to the minimum (stacks last) rather than to a uniform amount.
    min_raise: bool,
}

impl Policy {
    pub fn new(seed: u64, min_raise: bool) -> Policy {
        Policy {
            state: seed,
            min_raise,
        }
    }

    pub fn next(&mut self) -> u64 {
        self.state ^= self.state >> 12;
        self.state ^= self.state << 25;
        self.state ^= self.state >> 27;
        self.state.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform enough in lo..=hi for a policy (multiply-shift range reduction).
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        let span = hi - lo + 1;
        lo + (((self.next() >> 32) * span) >> 32).min(span - 1)
    }

    /// The move for the player to act.
    #[allow(dead_code)] // (benches/game.rs draws with `range` itself)
    pub fn choose(&mut self, hand: &Hand) -> Move {
        let Some(la) = hand.legal_actions() else {
            return Move::Fold;
        };
        let roll = self.range(0, 99);
        if roll < 15 && la.can_fold {
            Move::Fold
        } else if roll < 40 && la.min_raise_to.is_some() {
            let lo = la.min_raise_to.unwrap_or(0);
            let hi = la.max_raise_to.unwrap_or(lo);
            Move::BetOrRaiseTo(if self.min_raise {
                lo
            } else {
                self.range(lo, hi)
            })
        } else {
            Move::CheckOrCall
        }
    }
}
