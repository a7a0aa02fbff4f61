//! The deal: every card of a hand decided up front, in dealing order.
use super::event::CardList;
use super::hand::{GivenCards, MAX_SEATS};
use super::variant::Game;
use crate::card::{Card, CardSet};
use crate::deck::{make_rng, DeckRng};
use crate::error::{Error, Result};
use rand::seq::SliceRandom;

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

pub(crate) type Plan = ([CardList; MAX_SEATS], [Card; 5], Option<[Card; 3]>);

/// `game`'s deck in index order, in an array of 52 (the first `len` used).
#[inline]
fn deck_of(game: Game) -> ([Card; 52], usize) {
    let mut d = FULL_DECK;
    let lowest = game.lowest_rank() as usize * 4;
    if lowest > 0 {
        d.copy_within(lowest.., 0);
    }
    (d, 52 - lowest)
}

/// A generator made only if some card must be shuffled (a seed or OS
/// entropy), or one lent by the caller.
pub(crate) enum Lazy<'a> {
    Seed(Option<u64>),
    Rng(&'a mut DeckRng),
}

/// Decides every card of the deal up front, in dealing order: hole cards one
/// at a time from the seat left of the button, as many times around as the
/// game deals hole cards; then burn, flop, burn, turn, burn, river. Given
/// cards keep their places; the rest come off a shuffle of the game's deck's
/// unseen cards. With every card given, nothing is shuffled.
pub(crate) fn deal_plan(
    game: Game,
    n: usize,
    button: usize,
    rng: &mut Lazy<'_>,
    given: Option<&GivenCards>,
) -> Result<Plan> {
    let Some(given) = given else {
        return Ok(deal_all(game, n, button, rng));
    };
    if !given.hole_cards.is_empty() && given.hole_cards.len() != n {
        return Err(Error::cards(
            "hole_cards",
            format!(
                "hole_cards has {} entries for {n} seats",
                given.hole_cards.len()
            ),
        ));
    }
    if given.board.len() > 5 {
        return Err(Error::cards(
            "board",
            format!("a board has at most 5 cards, not {}", given.board.len()),
        ));
    }
    for (seat, h) in given.hole_cards.iter().enumerate() {
        if let Some(h) = h {
            game.check_hole(seat, h)?;
        }
    }
    game.check_in_deck(&given.board)?;
    let mut used = CardSet::default();
    let mut known: Vec<Card> = given
        .hole_cards
        .iter()
        .flatten()
        .flat_map(|h| h.iter().copied())
        .collect();
    known.extend_from_slice(&given.board);
    for c in known {
        if !used.insert(c) {
            return Err(Error::duplicate(c));
        }
    }
    let holes_missing = if given.hole_cards.is_empty() {
        n
    } else {
        given.hole_cards.iter().filter(|h| h.is_none()).count()
    };
    let board_missing = 5 - given.board.len();
    // Every slot is filled below; Card::FIRST only until then.
    let placeholder = Card::FIRST;
    let per_seat = game.hole_cards();
    let mut holes = [CardList::default(); MAX_SEATS];
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
    let (mut rest, mut k) = deck_of(game);
    if !used.is_empty() {
        let deck = rest;
        let len = k;
        k = 0;
        for c in deck[..len].iter().filter(|c| !used.contains(**c)) {
            rest[k] = *c;
            k += 1;
        }
    }
    let need = per_seat * holes_missing + board_missing + 3;
    let (drawn, _) = match rng {
        Lazy::Seed(seed) => rest[..k].partial_shuffle(&mut make_rng(*seed), need),
        Lazy::Rng(r) => rest[..k].partial_shuffle(*r, need),
    };
    if drawn.len() < need {
        return Err(Error::no_cards_left(need, drawn.len()));
    }
    // Enough cards were drawn for every slot below.
    let mut next = drawn.iter().copied();
    let mut draw = || -> Result<Card> { Ok(next.next().unwrap_or(placeholder)) };
    let mut dealt = [[placeholder; super::MAX_HOLE_CARDS]; MAX_SEATS];
    for round in 0..per_seat {
        for i in 1..=n {
            let seat = (button + i) % n;
            dealt[seat][round] = match &given.hole_cards.get(seat).copied().flatten() {
                Some(g) => g[round],
                None => draw()?,
            };
        }
    }
    for (h, d) in holes.iter_mut().zip(&dealt).take(n) {
        *h = CardList::new(&d[..per_seat]);
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
fn deal_all(game: Game, n: usize, button: usize, rng: &mut Lazy<'_>) -> Plan {
    let (mut deck, len) = deck_of(game);
    let per_seat = game.hole_cards();
    let need = per_seat * n + 5 + 3;
    let (drawn, _) = match rng {
        Lazy::Seed(seed) => deck[..len].partial_shuffle(&mut make_rng(*seed), need),
        Lazy::Rng(r) => deck[..len].partial_shuffle(*r, need),
    };
    // The table was checked to have room: every card comes off the shuffle.
    let (hole, rest) = drawn.split_at(per_seat * n);
    let mut holes = [CardList::default(); MAX_SEATS];
    // One card a seat from the button's left, `per_seat` times around: the
    // k-th seat dealt to (seat button + 1 + k, round the table) gets cards
    // k, n + k, 2n + k, ... Gathered in seat order, a seat's cards at a time:
    // seats 0..=button are the last button + 1 dealt to, the others the
    // first n - 1 - button. (The card-by-card scatter, with a wrap per card,
    // cost more than the rest of this function.)
    let k0 = n - 1 - button;
    if per_seat == 2 {
        let (first, second) = hole.split_at(n);
        let (wrapped, left) = holes[..n].split_at_mut(button + 1);
        for (h, (&a, &b)) in wrapped
            .iter_mut()
            .zip(first[k0..].iter().zip(&second[k0..]))
        {
            *h = CardList::pair(a, b);
        }
        for (h, (&a, &b)) in left.iter_mut().zip(first[..k0].iter().zip(&second[..k0])) {
            *h = CardList::pair(a, b);
        }
    } else {
        for (seat, h) in holes[..n].iter_mut().enumerate() {
            let k = if seat <= button {
                k0 + seat
            } else {
                seat - button - 1
            };
            let mut cards = [Card::FIRST; super::MAX_HOLE_CARDS];
            for (r, c) in cards[..per_seat].iter_mut().enumerate() {
                *c = hole[r * n + k];
            }
            *h = CardList::new(&cards[..per_seat]);
        }
    }
    // Burn, flop, burn, turn, burn, river.
    let board = [rest[1], rest[2], rest[3], rest[5], rest[7]];
    (holes, board, Some([rest[0], rest[4], rest[6]]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deal_all_is_the_general_plan() -> Result<()> {
        // With nothing given, the shortcut (hole cards gathered seat by
        // seat) deals what the general path (card by card, round the table
        // from the button's left) deals from the same generator.
        let games = [
            Game::holdem(),
            Game::omaha(4)?,
            Game::omaha(5)?,
            Game::omaha_hi_lo(6)?,
            Game::short_deck(Default::default()),
            Game::royal(),
        ];
        for (game, n) in games
            .into_iter()
            .flat_map(|g| (2..=g.max_players()).map(move |n| (g, n)))
        {
            for button in 0..n {
                let seed = Some((n * 100 + button) as u64);
                let fast = deal_all(game, n, button, &mut Lazy::Seed(seed));
                let general = deal_plan(
                    game,
                    n,
                    button,
                    &mut Lazy::Seed(seed),
                    Some(&GivenCards::default()),
                )?;
                assert_eq!(fast, general, "{game}, {n} seats, button {button}");
                let deck = game.deck();
                let mut seen = CardSet::default();
                for c in fast.0[..n].iter().flat_map(|h| h.iter()).chain(&fast.1) {
                    assert!(deck.contains(c) && seen.insert(*c), "{game}: {c}");
                }
                assert!(fast.0[..n].iter().all(|h| h.len() == game.hole_cards()));
            }
        }
        Ok(())
    }
}
