//! Heads-up preflop: the exact counts of every pair of hands before the
//! flop, read from a table in place of a board enumeration.
//!
//! Two hands and no board, no dead card: each of the C(48, 5) = 1,712,304
//! boards is a win for one hand or a tie. Under the suit isomorphism
//! (`super::canonical_key`: hands sorted, suits renamed in order of first
//! appearance) the 1,624,350 ordered pairs of hands without a shared card
//! fall into the classes this table holds, each with its wins and ties,
//! worked out once by the board enumeration of `super::enumerate` (the
//! ignored test `write_the_table` writes the file:
//! `HOLECARDS_WRITE_PREFLOP=rust/core/data/preflop_heads_up.bin cargo test
//! -p holecards-core --release --lib write_the_table -- --ignored`, about
//! a minute and a half on two cores). The tests check that the table holds
//! exactly the classes there are, that every class's counts add up to the
//! boards, and that sampled classes match a fresh enumeration.
//!
//! The file: `HCPF`, the format version (1) and the number of classes as
//! little-endian 32-bit words, then for each class, sorted by key, its key
//! (the four renamed card indices of [`Key::hands`](super::Key), one byte
//! each, the first lowest) as a 32-bit word and its counts packed in a
//! 64-bit word: the first hand's wins, the second's, the ties, 21 bits
//! each from the lowest.
use super::Counts;

static DATA: &[u8] = include_bytes!("../../data/preflop_heads_up.bin");

/// Boards for two hands and no board: C(48, 5).
#[cfg(test)]
const BOARDS: u64 = 1_712_304;
const HEADER: usize = 12;
const ENTRY: usize = 12;

fn word(at: usize) -> u32 {
    DATA.get(at..at + 4)
        .and_then(|b| b.try_into().ok())
        .map_or(0, u32::from_le_bytes)
}

fn long(at: usize) -> u64 {
    DATA.get(at..at + 8)
        .and_then(|b| b.try_into().ok())
        .map_or(0, u64::from_le_bytes)
}

/// The classes the table holds (0 for a file not in this format).
pub(crate) fn len() -> usize {
    if DATA.get(..4) != Some(b"HCPF") || word(4) != 1 {
        return 0;
    }
    let n = word(8) as usize;
    if DATA.len() != HEADER + n * ENTRY {
        return 0;
    }
    n
}

/// The key of a class: its renamed hands, one byte each.
pub(crate) fn key(hands: &[u8]) -> u32 {
    hands
        .iter()
        .take(4)
        .enumerate()
        .fold(0, |k, (i, &c)| k | (c as u32) << (8 * i))
}

/// Class `i`'s key and counts (wins of the first hand, of the second, ties).
pub(crate) fn entry(i: usize) -> (u32, [u64; 3]) {
    let at = HEADER + i * ENTRY;
    let packed = long(at + 4);
    let field = |k: u32| packed >> (21 * k) & ((1 << 21) - 1);
    (word(at), [field(0), field(1), field(2)])
}

/// The counts of the class whose renamed hands are `hands` (four card
/// indices), as a board enumeration gives them; `None` when the table does
/// not hold it.
pub(crate) fn lookup(hands: &[u8]) -> Option<Counts> {
    let want = key(hands);
    let (mut lo, mut hi) = (0usize, len());
    while lo < hi {
        let mid = (lo + hi) / 2;
        let (k, [w0, w1, t]) = entry(mid);
        match k.cmp(&want) {
            std::cmp::Ordering::Less => lo = mid + 1,
            std::cmp::Ordering::Greater => hi = mid,
            std::cmp::Ordering::Equal => {
                let half = super::SHARE_OF[2];
                return Some(Counts {
                    wins: vec![w0, w1],
                    ties: vec![t, t],
                    shares: vec![
                        w0 * super::SHARE_UNIT + t * half,
                        w1 * super::SHARE_UNIT + t * half,
                    ],
                    deals: w0 + w1 + t,
                });
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::{canonical_key, enumerate, CardSet};
    use super::*;
    use crate::card::Card;
    use std::collections::BTreeSet;

    /// Every class of two hands preflop, by key, with a hand pair of it.
    fn classes() -> Vec<(u32, [u8; 4])> {
        let cards: Vec<Card> = (0..52u8).filter_map(|i| Card::new(i).ok()).collect();
        let mut hands = Vec::new();
        for a in 0..52 {
            for b in 0..a {
                hands.push([cards[a], cards[b]]);
            }
        }
        let mut seen = BTreeSet::new();
        let mut out = Vec::new();
        for &h in &hands {
            for &g in &hands {
                if h.iter().any(|c| g.contains(c)) {
                    continue;
                }
                let (k, _) = canonical_key(&[h, g], &[], CardSet(0));
                let kk = key(&k.hands[..4]);
                if seen.insert(kk) {
                    out.push((kk, [k.hands[0], k.hands[1], k.hands[2], k.hands[3]]));
                }
            }
        }
        out.sort_unstable();
        out
    }

    #[test]
    fn the_table_holds_every_class_once_each_adding_up_to_the_boards() {
        let all = classes();
        assert_eq!(len(), all.len());
        for (i, &(k, _)) in all.iter().enumerate() {
            let (got, [w0, w1, t]) = entry(i);
            assert_eq!(got, k, "class {i}");
            assert_eq!(w0 + w1 + t, BOARDS, "class {i}");
        }
    }

    #[test]
    fn sampled_classes_match_a_fresh_enumeration() {
        let all = classes();
        // a spread of classes, the first and the last among them
        for (_, hands) in all.iter().step_by(all.len() / 12).chain(all.last()) {
            let want = enumerate::enumerate(
                &[[hands[0], hands[1]], [hands[2], hands[3]]],
                &[],
                CardSet(0),
            );
            assert_eq!(lookup(hands), Some(want), "{hands:?}");
        }
        assert_eq!(lookup(&[0, 0, 0, 0]), None);
    }

    /// Writes the table to the path `HOLECARDS_WRITE_PREFLOP` names.
    #[test]
    #[ignore]
    fn write_the_table() {
        use rayon::prelude::*;
        let Ok(path) = std::env::var("HOLECARDS_WRITE_PREFLOP") else {
            return;
        };
        let all = classes();
        let counts: Vec<[u64; 3]> = all
            .par_iter()
            .map(|(_, h)| {
                let c = enumerate::enumerate(&[[h[0], h[1]], [h[2], h[3]]], &[], CardSet(0));
                [c.wins[0], c.wins[1], c.ties[0]]
            })
            .collect();
        let mut out = Vec::with_capacity(HEADER + all.len() * ENTRY);
        out.extend_from_slice(b"HCPF");
        out.extend_from_slice(&1u32.to_le_bytes());
        out.extend_from_slice(&(all.len() as u32).to_le_bytes());
        for ((k, _), c) in all.iter().zip(&counts) {
            assert!(c.iter().all(|&x| x < 1 << 21) && c.iter().sum::<u64>() == BOARDS);
            out.extend_from_slice(&k.to_le_bytes());
            out.extend_from_slice(&(c[0] | c[1] << 21 | c[2] << 42).to_le_bytes());
        }
        assert!(std::fs::write(&path, out).is_ok(), "cannot write {path}");
    }
}
