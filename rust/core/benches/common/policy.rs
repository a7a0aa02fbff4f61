//! The random policy of the game and table benches (and the table timing
//! example), written once: fold 15% of the time when folding is legal, bet
//! or raise 25% of the time when that is open (to the minimum, or to a
//! uniform legal amount), else check or call. Its own generator is
//! xorshift64*, cheap, so the benches measure the engine (the deal itself
//! comes from ChaCha20).
use holecards_core::game::{Hand, Move};

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
