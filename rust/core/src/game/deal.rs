//! The deal: every card of a hand decided up front, in dealing order.
use super::hand::{GivenCards, HOLE_CARDS, MAX_SEATS};
use crate::card::{Card, CardSet};
use crate::deck::{make_rng, DeckRng};
use crate::error::{Error, Result};
use rand::Rng;

/// The 52 cards in index order.
pub(crate) const FULL_DECK: [Card; 52] = {
    let mut d = [Card::FIRST; 52];
    let mut i = 0;
    while i < 52 {
        d[i] = Card::from_index_const(i as u8);
        i += 1;
    }
    d
};

pub(crate) type Plan = ([[Card; HOLE_CARDS]; MAX_SEATS], [Card; 5], Option<[Card; 3]>);

/// A generator made only if some card must be shuffled (a seed or OS
/// entropy), or one lent by the caller.
pub(crate) enum Lazy<'a> {
    Seed(Option<u64>),
    Rng(&'a mut DeckRng),
}

/// Decides every card of the deal up front, in dealing order: hole cards one
/// at a time from the seat left of the button, twice around; then burn, flop,
/// burn, turn, burn, river. Given cards keep their places; the rest come off a
/// shuffle of the unseen cards. With every card given, nothing is shuffled.
pub(crate) fn deal_plan(n: usize, button: usize, rng: &mut Lazy<'_>, given: Option<&GivenCards>) -> Result<Plan> {
    let Some(given) = given else { return Ok(deal_all(n, button, rng)) };
    if !given.hole_cards.is_empty() && given.hole_cards.len() != n {
        return Err(Error::bad_cards(format!("hole_cards has {} entries for {n} seats", given.hole_cards.len())));
    }
    if given.board.len() > 5 {
        return Err(Error::bad_cards(format!("a board has at most 5 cards, not {}", given.board.len())));
    }
    let mut used = CardSet::default();
    let mut known: Vec<Card> = given.hole_cards.iter().flatten().flat_map(|h| h.iter().copied()).collect();
    known.extend_from_slice(&given.board);
    for c in known {
        if !used.insert(c) {
            return Err(Error::duplicate(c));
        }
    }
    let holes_missing = if given.hole_cards.is_empty() { n } else { given.hole_cards.iter().filter(|h| h.is_none()).count() };
    let board_missing = 5 - given.board.len();
    // Every slot is filled below; Card::FIRST only until then.
    let placeholder = Card::FIRST;
    let mut holes = [[placeholder; HOLE_CARDS]; MAX_SEATS];
    let mut board = [placeholder; 5];
    board[..given.board.len()].copy_from_slice(&given.board);
    if holes_missing == 0 && board_missing == 0 {
        for (h, g) in holes.iter_mut().zip(&given.hole_cards) {
            if let Some(g) = g {
                *h = *g;
            }
        }
        return Ok((holes, board, None));
    }
    let mut rest = FULL_DECK;
    let mut k = 52;
    if !used.is_empty() {
        k = 0;
        for c in FULL_DECK.iter().filter(|c| !used.contains(**c)) {
            rest[k] = *c;
            k += 1;
        }
    }
    let need = HOLE_CARDS * holes_missing + board_missing + 3;
    let drawn = match rng {
        Lazy::Seed(seed) => partial_shuffle(&mut rest[..k], &mut make_rng(*seed), need),
        Lazy::Rng(r) => partial_shuffle(&mut rest[..k], r, need),
    };
    if drawn.len() < need {
        return Err(Error::no_cards_left(need, drawn.len()));
    }
    // Enough cards were drawn for every slot below.
    let mut next = drawn.iter().copied();
    let mut draw = || -> Result<Card> { Ok(next.next().unwrap_or(placeholder)) };
    for round in 0..HOLE_CARDS {
        for i in 1..=n {
            let seat = (button + i) % n;
            match given.hole_cards.get(seat).copied().flatten() {
                Some(g) => holes[seat][round] = g[round],
                None => holes[seat][round] = draw()?,
            }
        }
    }
    let mut burns = [placeholder; 3];
    burns[0] = draw()?;
    for slot in board.iter_mut().take(3).skip(given.board.len().min(3)) {
        *slot = draw()?;
    }
    burns[1] = draw()?;
    if given.board.len() < 4 {
        board[3] = draw()?;
    }
    burns[2] = draw()?;
    if given.board.len() < 5 {
        board[4] = draw()?;
    }
    Ok((holes, board, Some(burns)))
}

/// [`deal_plan`] with no card given: the same cards in the same places,
/// straight off the shuffle of the whole deck.
fn deal_all(n: usize, button: usize, rng: &mut Lazy<'_>) -> Plan {
    let mut deck = FULL_DECK;
    let need = HOLE_CARDS * n + 5 + 3;
    let drawn = match rng {
        Lazy::Seed(seed) => partial_shuffle(&mut deck, &mut make_rng(*seed), need),
        Lazy::Rng(r) => partial_shuffle(&mut deck, r, need),
    };
    // At most 52 cards (MAX_SEATS): every one comes off the shuffle.
    let (hole, rest) = drawn.split_at(HOLE_CARDS * n);
    let mut holes = [[Card::FIRST; HOLE_CARDS]; MAX_SEATS];
    // One card a seat from the button's left, twice around.
    for (round, cards) in hole.chunks_exact(n).enumerate() {
        let mut seat = button;
        for &c in cards {
            seat = if seat + 1 == n { 0 } else { seat + 1 };
            holes[seat][round] = c;
        }
    }
    // Burn, flop, burn, turn, burn, river.
    let board = [rest[1], rest[2], rest[3], rest[5], rest[7]];
    (holes, board, Some([rest[0], rest[4], rest[6]]))
}

/// rand 0.9's `SliceRandom::partial_shuffle(cards, rng, amount)`, draw for
/// draw: the same calls on `rng`, the same swaps, the same cards chosen, in
/// the same order (the deals of every seed depend on it; the tests check it
/// against rand's). rand's `IncreasingUniform` finds each chunk's bound by a
/// loop of multiplications, four times a deal; here the bounds come from a
/// table (a deck has at most 52 cards). Returns the chosen cards, the
/// slice's end.
pub(crate) fn partial_shuffle<'a>(cards: &'a mut [Card], rng: &mut DeckRng, amount: usize) -> &'a [Card] {
    let m = cards.len().saturating_sub(amount);
    // IncreasingUniform: `chunk` holds `remaining` uniform digits, the next
    // in [0, n + 1), the one after in [0, n + 2), and so on.
    let mut n = m as u32;
    let mut chunk = 0u32;
    let mut remaining: u8 = if n == 0 { 1 } else { 0 };
    for i in m..cards.len() {
        let next_n = n + 1;
        let next_remaining = match remaining.checked_sub(1) {
            Some(r) => r,
            None => {
                let (bound, count) = CHUNKS[next_n as usize];
                chunk = rng.random_range(..bound);
                count - 1
            }
        };
        let index = if next_remaining == 0 {
            chunk
        } else {
            let r = chunk % next_n;
            chunk /= next_n;
            r
        };
        remaining = next_remaining;
        n = next_n;
        cards.swap(i, index as usize);
    }
    &cards[m..]
}

/// rand's `calculate_bound_u32(m)` for every `m` a deck can need (1..=52):
/// the product m (m + 1) ... of as many factors as fit in a u32, and their count.
const CHUNKS: [(u32, u8); 53] = {
    let mut t = [(0u32, 0u8); 53];
    let mut m = 1;
    while m < 53 {
        let mut product = m as u32;
        let mut current = m as u32 + 1;
        while let Some(p) = product.checked_mul(current) {
            product = p;
            current += 1;
        }
        t[m] = (product, (current - m as u32) as u8);
        m += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;
    use rand::seq::SliceRandom;
    use rand::SeedableRng;

    #[test]
    fn shuffle_matches_rand_draw_for_draw() {
        for seed in 0..3000u64 {
            let len = 1 + (seed as usize * 7) % 52;
            let amount = (seed as usize * 13) % (len + 3);
            let mut ours = FULL_DECK;
            let mut theirs = FULL_DECK;
            let mut a = DeckRng::seed_from_u64(seed);
            let mut b = DeckRng::seed_from_u64(seed);
            let got = partial_shuffle(&mut ours[..len], &mut a, amount).to_vec();
            let (want, _) = theirs[..len].partial_shuffle(&mut b, amount);
            assert_eq!(got, want.to_vec(), "seed {seed}, {amount} of {len}");
            assert_eq!(ours, theirs, "the rest of the deck");
            assert_eq!(a.get_word_pos(), b.get_word_pos(), "the same draws");
        }
    }
}
