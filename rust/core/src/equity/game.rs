//! Equity in any community-card or stud game ([`Game`]): 2 to 10 players
//! (a stud game: 2 to 8), each hand known, partly known or random (its
//! unknown cards dealt from the rest of the game's deck), a board of 0, 3
//! or 4 known cards (5: the showdown itself; a stud game has none but a
//! community card where the deck runs short: `stud_seventh`), dead cards
//! out; every deal exactly, or seeded Monte Carlo deals. A stud hand is the
//! seven cards a player holds at the end: its known cards (up and down
//! alike) and the rest dealt. The showdown is the game's: high only
//! (razz: the ace-to-five low), or hi/lo eight-or-better (each deal's pot
//! split between the best high and the best qualifying low, the whole pot
//! to the high when no low qualifies; each half split among its ties).
//!
//! Shares are counted exactly in integers: a deal's pot is `POT` units
//! (2 x 2520: halved for hi/lo, then divided among ties of up to ten).
use super::{uniform, Control};
use crate::card::{check_distinct, for_each_combination, Card, CardSet};
use crate::error::{Error, Result};
use crate::eval::low::{low_mask, omaha_low_on};
use crate::eval::omaha::{pair_rows, OmahaBoard};
use crate::game::variant::BoardShowdown;
use crate::game::{CardList, Game};
use crate::range::omaha::OmahaRange;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

/// Units of one deal's pot: divisible by 2 (the halves) times every tie
/// size from 1 to 10 (2520 = lcm(1..=10)).
pub const POT: u64 = 2 * 2520;
/// Deals per Monte Carlo batch: batch `b` draws from stream `b` of the seed,
/// so results do not depend on the number of threads.
const BATCH: u64 = 1 << 14;

/// Most deals an exact computation enumerates (a cheap count refuses more
/// before any work: Monte Carlo is the way there).
pub const MAX_EXACT_DEALS: u128 = 200_000_000;

/// What an equity computation found.
#[derive(Clone, Debug, PartialEq)]
pub struct GameEquity {
    /// Boards enumerated or sampled.
    pub deals: u64,
    /// Whether every board was enumerated.
    pub exact: bool,
    /// The Monte Carlo seed (None when exact).
    pub seed: Option<u64>,
    /// Each player's pot share summed over the deals, in units of
    /// [`POT`] a deal: the equity is `shares / (POT * deals)`.
    pub shares: Vec<u64>,
    /// Each player's fraction of the high won (the high half in hi/lo, the
    /// pot in Omaha), summed over the deals, in units of [`POT`] a deal.
    pub high_shares: Vec<u64>,
    /// The fraction of the low won, in units of [`POT`] a deal (0 in
    /// high-only Omaha, and on deals without a qualifying low).
    pub low_shares: Vec<u64>,
    /// Deals on which a player alone won the whole pot (in hi/lo: the high
    /// and the low, or the high with no low).
    pub scoops: Vec<u64>,
    /// Deals on which some low qualified (hi/lo).
    pub low_deals: u64,
}

impl GameEquity {
    fn new(players: usize) -> GameEquity {
        GameEquity {
            deals: 0,
            exact: false,
            seed: None,
            shares: vec![0; players],
            high_shares: vec![0; players],
            low_shares: vec![0; players],
            scoops: vec![0; players],
            low_deals: 0,
        }
    }

    fn add(&mut self, o: &GameEquity) {
        self.deals += o.deals;
        self.low_deals += o.low_deals;
        for i in 0..self.shares.len() {
            self.shares[i] += o.shares[i];
            self.high_shares[i] += o.high_shares[i];
            self.low_shares[i] += o.low_shares[i];
            self.scoops[i] += o.scoops[i];
        }
    }

    /// Each player's equity (share of the pot), 0..1.
    pub fn equities(&self) -> Vec<f64> {
        let d = (POT * self.deals.max(1)) as f64;
        self.shares.iter().map(|&s| s as f64 / d).collect()
    }

    /// Scores one board: `highs` and `lows` per player (low 0 = none).
    fn score(&mut self, highs: &[u16], lows: &[u16], hilo: bool) {
        self.deals += 1;
        let n = highs.len();
        let best_high = highs.iter().copied().max().unwrap_or(0);
        let high_winners = highs.iter().filter(|&&h| h == best_high).count() as u64;
        let best_low = if hilo {
            lows.iter().copied().max().unwrap_or(0)
        } else {
            0
        };
        let low_winners = if best_low > 0 {
            lows.iter().filter(|&&l| l == best_low).count() as u64
        } else {
            0
        };
        if best_low > 0 {
            self.low_deals += 1;
        }
        for i in 0..n {
            let high_part = if highs[i] == best_high {
                POT / high_winners
            } else {
                0
            };
            let low_part = if best_low > 0 && lows[i] == best_low {
                POT / low_winners
            } else {
                0
            };
            self.high_shares[i] += high_part;
            self.low_shares[i] += low_part;
            let share = if best_low > 0 {
                (high_part + low_part) / 2
            } else {
                high_part
            };
            self.shares[i] += share;
            if share == POT {
                self.scoops[i] += 1;
            }
        }
    }
}

/// How the deals are chosen.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum EquityMethod {
    /// Every deal: every completion of the board and of the unknown hole
    /// cards (at most [`MAX_EXACT_DEALS`]).
    Exact,
    /// `trials` deals drawn from `seed` (from the operating system's
    /// entropy when `None`; the result says which seed).
    MonteCarlo { trials: u64, seed: Option<u64> },
}

struct Setup<'a> {
    game: Game,
    /// Each player's known cards.
    hands: &'a [Vec<Card>],
    /// Each player's cards to deal.
    missing: Vec<usize>,
    board: &'a [Card],
    deck: Vec<Card>,
    /// For Monte Carlo, each player's range (that player's hand is drawn
    /// from it: no known cards, none missing), as its hands clear of the
    /// cards out to draw from by weight; empty when no player holds one.
    range_draw: Vec<Option<RangeDraw>>,
    /// In an Omaha game with every hand known: each hand's distinct rank
    /// pairs ([`pair_rows`]); else empty.
    pairs: Vec<([u8; 15], usize)>,
    /// A stud game whose seventh street is a community card (the board's
    /// one card, known or dealt): each hand is its six cards and it.
    stud_community: bool,
}

impl<'a> Setup<'a> {
    /// The setup of a computation; in an Omaha game with every hand known,
    /// each hand's rank pairs are worked out here, once.
    fn new(
        game: Game,
        hands: &'a [Vec<Card>],
        missing: Vec<usize>,
        board: &'a [Card],
        deck: Vec<Card>,
        range_draw: Vec<Option<RangeDraw>>,
    ) -> Setup<'a> {
        let pairs = if game.uses_two_hole_cards()
            && missing.iter().all(|&m| m == 0)
            && range_draw.is_empty()
        {
            hands.iter().map(|h| pair_rows(h)).collect()
        } else {
            Vec::new()
        };
        Setup {
            game,
            hands,
            missing,
            board,
            deck,
            range_draw,
            pairs,
            stud_community: false,
        }
    }

    /// Every deal, exactly: the boards alone when every hand is known.
    fn exact_count(&self, board_missing: usize, control: &Control) -> Result<GameEquity> {
        let known = self.missing.iter().all(|&m| m == 0);
        if self.game.is_stud() && known && board_missing == 0 {
            // (every stud hand complete: the showdown itself)
            let mut r = GameEquity::new(self.hands.len());
            let mut holes = [CardList::default(); 10];
            self.holes(&[], &mut holes);
            let mut full = [Card::FIRST; 5];
            full[..self.board.len()].copy_from_slice(self.board);
            self.evaluate_holes(&full, &holes[..self.hands.len()], &mut r);
            control.advance(1);
            return Ok(r);
        }
        if known && !self.game.is_stud() {
            exact(self, board_missing, control)
        } else {
            exact_dealing(self, board_missing, control)
        }
    }

    fn hilo(&self) -> bool {
        self.game.is_hi_lo()
    }

    /// Scores one deal: `holes` are the players' whole hands.
    fn evaluate_holes(&self, full_board: &[Card; 5], holes: &[CardList], out: &mut GameEquity) {
        let mut highs = [0u16; 10];
        let mut lows = [0u16; 10];
        if self.game.is_stud() {
            // (a stud hand: its seven cards, or its six and the community card)
            for (i, h) in holes.iter().enumerate() {
                let mut seven = *h;
                if self.stud_community {
                    seven.push(full_board[0]);
                }
                (highs[i], lows[i]) = crate::game::stud::showdown_values(self.game, &seven);
            }
            let n = holes.len();
            out.score(&highs[..n], &lows[..n], self.hilo());
            return;
        }
        let on = BoardShowdown::new(self.game, full_board);
        for (i, h) in holes.iter().enumerate() {
            highs[i] = on.high(h);
            lows[i] = on.low(h) as u16;
        }
        let n = holes.len();
        out.score(&highs[..n], &lows[..n], self.hilo());
    }

    /// Scores one board when every hand is known.
    #[inline]
    fn evaluate(&self, full_board: &[Card; 5], out: &mut GameEquity) {
        let mut highs = [0u16; 10];
        let mut lows = [0u16; 10];
        let n = self.hands.len();
        if self.pairs.len() == n {
            // Omaha: the board's rows once, each hand's distinct rank pairs
            // worked out before the first board
            let board = OmahaBoard::new(full_board);
            for (i, (h, (pairs, k))) in self.hands.iter().zip(&self.pairs).enumerate() {
                highs[i] = board.high_with(&pairs[..*k], h);
            }
            if self.hilo() {
                let board_lows = low_mask(full_board);
                for (i, h) in self.hands.iter().enumerate() {
                    lows[i] = omaha_low_on(h, board_lows).map_or(0, |(m, _)| 255 - m as u16);
                }
            }
        } else {
            let on = BoardShowdown::new(self.game, full_board);
            for (i, h) in self.hands.iter().enumerate() {
                highs[i] = on.high(h);
                lows[i] = on.low(h) as u16;
            }
        }
        out.score(&highs[..n], &lows[..n], self.hilo());
    }

    /// The players' whole hands: known cards, then `drawn` in order for the
    /// missing ones (a range's player is left as drawn already).
    fn holes(&self, drawn: &[Card], out: &mut [CardList; 10]) {
        let mut k = 0;
        for (i, h) in self.hands.iter().enumerate() {
            if self.range_draw.get(i).is_some_and(Option::is_some) {
                continue;
            }
            let mut cards = [Card::from_checked_index(0); CardList::CAPACITY];
            cards[..h.len()].copy_from_slice(h);
            let m = self.missing[i];
            cards[h.len()..h.len() + m].copy_from_slice(&drawn[k..k + m]);
            k += m;
            out[i] = CardList::new(&cards[..h.len() + m]);
        }
    }
}

/// Checks the players, board and dead cards in `game`; the deck left.
fn check(game: Game, hands: &[Vec<Card>], board: &[Card], dead: &[Card]) -> Result<Vec<Card>> {
    check_players(game, hands.len())?;
    if game.is_stud() && board.len() > 1 {
        return Err(Error::cards(
            "board",
            format!(
                "{} has no board but seventh street's community card, when the deck runs short: give each player's known cards, up and down, and the cards folded players showed as dead cards",
                game.name()
            ),
        ));
    }
    if game.is_stud() && board.len() == 1 {
        if let Some(i) = hands
            .iter()
            .position(|h| h.len() >= crate::game::STUD_CARDS)
        {
            return Err(Error::cards(
                format!("player {i}"),
                format!(
                    "with a community card each player holds six cards of its own, and player {i} has {}",
                    hands[i].len()
                ),
            ));
        }
    } else if !game.is_stud() && ![0, 3, 4, 5].contains(&board.len()) {
        return Err(Error::cards(
            "board",
            format!("a board is 0, 3, 4 or 5 known cards, not {}", board.len()),
        ));
    }
    let all: Vec<Card> = hands
        .iter()
        .flatten()
        .chain(board)
        .chain(dead)
        .copied()
        .collect();
    game.check_in_deck(&all)?;
    let known: CardSet = check_distinct(&all)?;
    let deck: Vec<Card> = game
        .deck()
        .iter()
        .copied()
        .filter(|c| !known.contains(*c))
        .collect();
    Ok(deck)
}

/// Most players an equity computation in `game` takes: 10, or in a stud
/// game the 8 a deck deals to.
pub fn max_players(game: Game) -> usize {
    if game.is_stud() {
        crate::game::STUD_MAX_PLAYERS
    } else {
        super::MAX_PLAYERS
    }
}

/// A stud game's cards to come, all players staying to the end: each
/// player's own cards to deal (`missing`, changed) and whether seventh
/// street is a community card (the board's one card, to deal when
/// `board` is empty). Live-action rule 238, as a hand deals it: the
/// community card when the cards left for seventh street (the unseen
/// cards, burns included, less the cards still to come before it) are
/// fewer than the players plus two. The unseen cards are every card not
/// known but those the caller says are out unseen (`unseen`: the others).
/// A known community card (`board`) is refused where the rule deals each
/// player its own.
fn stud_seventh(
    hands: &[Vec<Card>],
    missing: &mut [usize],
    board: &[Card],
    unseen: usize,
) -> Result<bool> {
    const OWN: usize = crate::game::STUD_CARDS - 1;
    let before: usize = hands.iter().map(|h| OWN.saturating_sub(h.len())).sum();
    let players = hands.len();
    if !board.is_empty() {
        // (each hand was checked to hold six or fewer; the community card
        // was in the stub)
        let at_seventh = (unseen + 1).saturating_sub(before);
        if at_seventh >= players + 2 {
            return Err(Error::cards(
                "board",
                format!(
                    "a community card is turned only when the deck runs short, and {at_seventh} cards are left for seventh street, enough for each of the {players} players (live-action rule 238 wants fewer than {}): give unseen_out (--unseen-out on the command line), the folded players' unseen cards, if some are out",
                    players + 2
                ),
            ));
        }
        for (m, h) in missing.iter_mut().zip(hands) {
            *m = OWN - h.len();
        }
        return Ok(true);
    }
    // (a seventh card a player holds already was in the stub the rule
    // counts, as in a hand given it)
    let given = hands
        .iter()
        .filter(|h| h.len() == crate::game::STUD_CARDS)
        .count();
    let at_seventh = unseen.saturating_sub(before) + given;
    if at_seventh >= players + 2 {
        return Ok(false);
    }
    if let Some(i) = hands
        .iter()
        .position(|h| h.len() == crate::game::STUD_CARDS)
    {
        return Err(Error::cards(
            format!("player {i}"),
            format!(
                "player {i} holds a seventh card of its own, but {players} players run the deck out: {at_seventh} cards are left for seventh street, and live-action rule 238 turns one community card for everyone"
            ),
        ));
    }
    for (m, h) in missing.iter_mut().zip(hands) {
        *m = OWN - h.len();
    }
    Ok(true)
}

/// Refuses a player count an equity computation in `game` does not take
/// (2 to [`max_players`]).
pub fn check_players(game: Game, players: usize) -> Result<()> {
    let most = max_players(game);
    if !(2..=most).contains(&players) {
        return Err(Error::bad_config(format!(
            "{} equity is for 2 to {most} players, not {players}",
            game.name(),
        )));
    }
    Ok(())
}

/// C(n, k) (n at most 52).
fn choose(n: u64, k: u64) -> u128 {
    if k > n {
        return 0;
    }
    (0..k).fold(1u128, |a, i| a * (n - i) as u128 / (i + 1) as u128)
}

/// Deals an exact computation enumerates: each player's missing cards in
/// turn, then the board's, from what is left.
fn exact_deals(deck: usize, missing: &[usize], board_missing: usize) -> u128 {
    let mut left = deck as u64;
    let mut deals = 1u128;
    for &m in missing.iter().chain([&board_missing]) {
        deals = deals.saturating_mul(choose(left, m as u64));
        left = left.saturating_sub(m as u64);
    }
    deals
}

/// The equity of `hands` in `game`; see the module documentation. Each
/// hand is its known cards (fewer than the game deals: the rest are dealt
/// at random; none: a random hand). `threads` as in
/// [`crate::eval::batch::evaluate_rows`]; `control` watches for Ctrl-C and
/// reports progress (deals done out of all).
pub fn game_equity(
    game: Game,
    hands: &[Vec<Card>],
    board: &[Card],
    dead: &[Card],
    method: EquityMethod,
    threads: Option<usize>,
    control: &Control,
) -> Result<GameEquity> {
    stud_equity(game, hands, board, dead, 0, method, threads, control)
}

/// [`game_equity`] with `unseen_out` cards out of the deck that nobody saw
/// (in a stud game, the down cards of players who folded): they are not in
/// the stub that rule 238 counts before seventh street, though any unseen
/// card may be one of them (the deal draws from every unseen card). 0 is
/// [`game_equity`]; more is for the stud games only.
#[allow(clippy::too_many_arguments)]
pub fn stud_equity(
    game: Game,
    hands: &[Vec<Card>],
    board: &[Card],
    dead: &[Card],
    unseen_out: usize,
    method: EquityMethod,
    threads: Option<usize>,
    control: &Control,
) -> Result<GameEquity> {
    if unseen_out > 0 && !game.is_stud() {
        return Err(Error::config(
            "unseen_out",
            format!(
                "unseen_out is for the stud games, whose seventh street depends on the cards left; {} deals its board whatever is out",
                game.name()
            ),
        ));
    }
    check_sizes(game, hands)?;
    let missing = hands.iter().map(|h| game.hole_cards() - h.len()).collect();
    run(
        game,
        hands,
        missing,
        Vec::new(),
        board,
        dead,
        unseen_out,
        method,
        threads,
        control,
    )
}

/// No hand holds more cards than `game` deals.
fn check_sizes(game: Game, hands: &[Vec<Card>]) -> Result<()> {
    if game.is_draw() {
        return Err(Error::config(
            "game",
            format!(
                "equity plays the community-card and stud games, not {}: a draw game's hands change with the draws",
                game.name()
            ),
        ));
    }
    for (i, h) in hands.iter().enumerate() {
        if h.len() > game.hole_cards() {
            return Err(Error::cards(
                format!("player {i}"),
                format!(
                    "{} deals {} hole cards, and player {i} has {}",
                    game.name(),
                    game.hole_cards(),
                    h.len()
                ),
            ));
        }
    }
    Ok(())
}

/// A player of [`game_equity_ranges`]: the cards known of a hand (as in
/// [`game_equity`]), or an Omaha range the hand is drawn from.
#[derive(Clone, Debug)]
pub enum EquityPlayer {
    Cards(Vec<Card>),
    Range(std::sync::Arc<OmahaRange>),
}

/// [`game_equity`] where players may hold Omaha ranges (weighted hands of
/// the game's size). Exact: every tuple of the ranges' hands that share no
/// card with each other or the cards out, each with every deal of the rest
/// (every hand weighing 1; see [`exact_ranges`]). Monte Carlo: each trial
/// draws the ranges' hands by their weights (see [`draw_ranges`]), then the
/// rest as [`game_equity`] deals it.
pub fn game_equity_ranges(
    game: Game,
    players: &[EquityPlayer],
    board: &[Card],
    dead: &[Card],
    method: EquityMethod,
    threads: Option<usize>,
    control: &Control,
) -> Result<GameEquity> {
    game_equity_players(game, players, board, dead, 0, method, threads, control)
}

/// [`game_equity_ranges`] with `unseen_out` as [`stud_equity`] takes it
/// (the stud games only, which take no ranges).
#[allow(clippy::too_many_arguments)]
pub fn game_equity_players(
    game: Game,
    players: &[EquityPlayer],
    board: &[Card],
    dead: &[Card],
    unseen_out: usize,
    method: EquityMethod,
    threads: Option<usize>,
    control: &Control,
) -> Result<GameEquity> {
    if unseen_out > 0 {
        if let Some(i) = players
            .iter()
            .position(|p| matches!(p, EquityPlayer::Range(_)))
        {
            return Err(Error::config(
                format!("player {i}"),
                "unseen_out is for the stud games, which take no ranges".into(),
            ));
        }
    }
    let mut hands = Vec::with_capacity(players.len());
    let mut ranges = Vec::with_capacity(players.len());
    for (i, p) in players.iter().enumerate() {
        match p {
            EquityPlayer::Cards(c) => {
                hands.push(c.clone());
                ranges.push(None);
            }
            EquityPlayer::Range(r) => {
                if r.hole_cards() != game.hole_cards() {
                    return Err(Error::cards(
                        format!("player {i}"),
                        format!(
                            "player {i}'s range is of {}-card hands, and {} deals {}",
                            r.hole_cards(),
                            game.name(),
                            game.hole_cards()
                        ),
                    ));
                }
                hands.push(Vec::new());
                ranges.push(Some(&**r));
            }
        }
    }
    if ranges.iter().all(|r| r.is_none()) {
        return stud_equity(
            game, &hands, board, dead, unseen_out, method, threads, control,
        );
    }
    check_sizes(game, &hands)?;
    if method == EquityMethod::Exact {
        return exact_ranges(game, &hands, &ranges, board, dead, threads, control);
    }
    let missing: Vec<usize> = hands
        .iter()
        .zip(&ranges)
        .map(|(h, r)| {
            if r.is_some() {
                0
            } else {
                game.hole_cards() - h.len()
            }
        })
        .collect();
    run(
        game, &hands, missing, ranges, board, dead, 0, method, threads, control,
    )
}

/// Player `i`'s range `range` less the hands of weight 0 and those holding
/// a card not `free`: each with its cards as a bit set, and its weight; an
/// error when none is left.
fn fitting_hands(i: usize, range: &OmahaRange, free: u64) -> Result<Vec<(u64, &[Card], f64)>> {
    let fit: Vec<(u64, &[Card], f64)> = (0..range.len())
        .filter_map(|k| range.hand(k))
        .map(|(cards, w)| (cards.iter().fold(0u64, |m, c| m | c.bit()), cards, w))
        .filter(|&(m, _, w)| m & !free == 0 && w > 0.0)
        .collect();
    if fit.is_empty() {
        return Err(Error::bad_config(format!(
            "player {i}'s range has no hand left beside the other cards"
        )));
    }
    Ok(fit)
}

/// A range's hands clear of the cards out (each with its cards as a bit
/// set) and their weights' running sums, to draw a hand by weight with one
/// uniform number.
struct RangeDraw {
    hands: Vec<(u64, CardList)>,
    cumulative: Vec<f64>,
}

impl RangeDraw {
    /// Player `i`'s range `range` less the hands holding a card not `free`.
    fn new(i: usize, range: &OmahaRange, free: u64) -> Result<RangeDraw> {
        let mut hands = Vec::new();
        let mut cumulative = Vec::new();
        let mut total = 0.0;
        for (m, cards, w) in fitting_hands(i, range, free)? {
            total += w;
            hands.push((m, CardList::new(cards)));
            cumulative.push(total);
        }
        Ok(RangeDraw { hands, cumulative })
    }

    /// A hand drawn by weight.
    fn draw(&self, rng: &mut ChaCha8Rng) -> (u64, CardList) {
        let total = self.cumulative[self.cumulative.len() - 1];
        let u = rng.random::<f64>() * total;
        let k = self.cumulative.partition_point(|&c| c <= u);
        self.hands[k.min(self.hands.len() - 1)]
    }
}

/// Tuples of the ranges' hands drawn for one trial before giving up: the
/// ranges' hands (almost) never fit together.
const TUPLE_TRIES: u32 = 10_000;

/// Draws the ranges' hands for one trial: each range's hand by its weight
/// among those clear of the cards out, the whole tuple drawn again when two
/// of them share a card, so that the tuples come as exact enumeration
/// weighs them (each non-colliding tuple by the product of its weights; a
/// redraw of the later hand alone would favour hands that collide less).
/// Sets them in `holes` and returns the cards they take.
fn draw_ranges(
    s: &Setup<'_>,
    rng: &mut ChaCha8Rng,
    holes: &mut [CardList; 10],
    control: &Control,
) -> Result<u64> {
    'tuple: for attempt in 0..TUPLE_TRIES {
        if attempt % 1024 == 1023 {
            control.check()?;
        }
        let mut used = 0u64;
        for (i, d) in s.range_draw.iter().enumerate() {
            let Some(d) = d else { continue };
            let (m, cards) = d.draw(rng);
            if m & used != 0 {
                continue 'tuple;
            }
            used |= m;
            holes[i] = cards;
        }
        return Ok(used);
    }
    Err(Error::bad_config(format!(
        "the ranges' hands almost never fit together: none of {TUPLE_TRIES} tuples drawn was free of shared cards (exact equity, without trials, counts the few that are)"
    )))
}

/// Most tuples of the ranges' hands an exact computation takes (each is a
/// computation of its own: about a microsecond on a river).
pub const MAX_RANGE_TUPLES: u128 = 1_000_000;

/// A range player and the hands of its range clear of the cards out (each
/// with its cards as a bit set).
type RangeOptions<'a> = (usize, Vec<(u64, &'a [Card])>);

/// Exact equity with ranges: every tuple of the ranges' hands (clear of the
/// cards out and of each other), each with every deal of the rest, as
/// [`run`] enumerates known hands. Every hand of the ranges must weigh 1
/// (each deal then counts once, in whole units); the tuples and the deals
/// are bounded before any work and refused above [`MAX_RANGE_TUPLES`] and
/// [`MAX_EXACT_DEALS`].
#[allow(clippy::too_many_arguments)]
fn exact_ranges(
    game: Game,
    hands: &[Vec<Card>],
    ranges: &[Option<&OmahaRange>],
    board: &[Card],
    dead: &[Card],
    threads: Option<usize>,
    control: &Control,
) -> Result<GameEquity> {
    let deck = check(game, hands, board, dead)?;
    let free = deck.iter().fold(0u64, |m, c| m | c.bit());
    // each range's hands clear of the cards out
    let mut options: Vec<RangeOptions<'_>> = Vec::new();
    for (i, range) in ranges.iter().enumerate() {
        let Some(range) = range else { continue };
        let weighted = (0..range.len())
            .filter_map(|k| range.hand(k))
            .find(|h| h.1 != 1.0);
        if let Some((_, w)) = weighted {
            return Err(Error::bad_config(format!(
                "exact equity counts every deal once: player {i}'s range has hands of weight {w}; give trials for Monte Carlo"
            )));
        }
        let fit = fitting_hands(i, range, free)?;
        options.push((i, fit.into_iter().map(|(m, cards, _)| (m, cards)).collect()));
    }
    let missing: Vec<usize> = hands
        .iter()
        .zip(ranges)
        .map(|(h, r)| {
            if r.is_some() {
                0
            } else {
                game.hole_cards() - h.len()
            }
        })
        .collect();
    let board_missing = 5 - board.len();
    let in_ranges = game.hole_cards() * options.len();
    let need = in_ranges + missing.iter().sum::<usize>() + board_missing;
    if deck.len() < need {
        return Err(Error::bad_config(format!(
            "{need} cards to deal and {} left in the deck",
            deck.len()
        )));
    }
    let left = deck.len() - in_ranges;
    let per_tuple = exact_deals(left, &missing, board_missing);
    let tuple_bound = options
        .iter()
        .fold(1u128, |b, (_, fit)| b.saturating_mul(fit.len() as u128));
    if tuple_bound > MAX_RANGE_TUPLES {
        let sizes: Vec<String> = options
            .iter()
            .map(|(_, fit)| fit.len().to_string())
            .collect();
        return Err(Error::bad_config(format!(
            "exact equity here takes every tuple of the ranges' hands ({} hands), more than {MAX_RANGE_TUPLES} tuples: give trials for Monte Carlo",
            sizes.join(" x ")
        )));
    }
    let bound = tuple_bound.saturating_mul(per_tuple);
    if bound > MAX_EXACT_DEALS {
        let bound = if bound == u128::MAX {
            "more than 2**128".to_string()
        } else {
            bound.to_string()
        };
        return Err(Error::bad_config(format!(
            "exact equity here is up to {bound} deals (every tuple of the ranges' hands, each with every deal of the rest), more than {MAX_EXACT_DEALS}: give trials for Monte Carlo"
        )));
    }
    // the tuples that share no card, counted, then played
    fn tuples(
        options: &[RangeOptions<'_>],
        used: u64,
        picked: &mut Vec<usize>,
        f: &mut dyn FnMut(&[usize]) -> Result<()>,
    ) -> Result<()> {
        let Some(((_, fit), rest)) = options.split_first() else {
            return f(picked);
        };
        for (k, (m, _)) in fit.iter().enumerate() {
            if m & used == 0 {
                picked.push(k);
                tuples(rest, used | m, picked, f)?;
                picked.pop();
            }
        }
        Ok(())
    }
    // every tuple, as one index into each range's hands
    let mut all: Vec<u32> = Vec::new();
    tuples(&options, 0, &mut Vec::new(), &mut |picked| {
        all.extend(picked.iter().map(|&k| k as u32));
        Ok(())
    })?;
    let width = options.len();
    let count = all.len() / width;
    if count == 0 {
        return Err(Error::bad_config(
            "the ranges have no hands left that share no card".into(),
        ));
    }
    control.set_total((count as u128 * per_tuple) as u64);
    // one tuple: its exact count over the rest (on one thread: the tuples
    // are what runs in parallel)
    let one = |picked: &[u32]| -> Result<GameEquity> {
        control.check()?;
        let mut known = hands.to_vec();
        let mut out = 0u64;
        for ((i, fit), &k) in options.iter().zip(picked) {
            known[*i] = fit[k as usize].1.to_vec();
            out |= fit[k as usize].0;
        }
        let rest = deck
            .iter()
            .copied()
            .filter(|c| out & c.bit() == 0)
            .collect();
        Setup::new(game, &known, missing.clone(), board, rest, Vec::new())
            .exact_count(board_missing, control)
    };
    let parts: Vec<Result<GameEquity>> = crate::threads::install(threads, || {
        all.par_chunks(width * 64)
            .map(|chunk| {
                let mut r = GameEquity::new(hands.len());
                for picked in chunk.chunks_exact(width) {
                    r.add(&one(picked)?);
                }
                Ok(r)
            })
            .collect()
    })?;
    let total = sum_parts(hands.len(), parts, control)?;
    Ok(GameEquity {
        exact: true,
        ..total
    })
}

/// [`game_equity`] once the hands are checked: `missing[i]` cards to deal
/// player `i`, and player `i`'s range where `ranges[i]` has one (Monte
/// Carlo only; `ranges` empty when none).
#[allow(clippy::too_many_arguments)]
pub(crate) fn run<'a>(
    game: Game,
    hands: &'a [Vec<Card>],
    mut missing: Vec<usize>,
    ranges: Vec<Option<&'a OmahaRange>>,
    board: &'a [Card],
    dead: &[Card],
    unseen_out: usize,
    method: EquityMethod,
    threads: Option<usize>,
    control: &Control,
) -> Result<GameEquity> {
    let deck = check(game, hands, board, dead)?;
    // (a stud game deals no board but a community card, if the deck runs short)
    let in_stub = deck.len().checked_sub(unseen_out).ok_or_else(|| {
        Error::config(
            "unseen_out",
            format!(
                "{unseen_out} cards out unseen, and only {} cards are unseen",
                deck.len()
            ),
        )
    })?;
    let community = game.is_stud() && stud_seventh(hands, &mut missing, board, in_stub)?;
    let board_missing = if game.is_stud() {
        usize::from(community && board.is_empty())
    } else {
        5 - board.len()
    };
    let ranged = ranges.iter().filter(|r| r.is_some()).count();
    let need = missing.iter().sum::<usize>() + board_missing + ranged * game.hole_cards();
    if in_stub < need {
        return Err(Error::bad_config(format!(
            "{need} cards to deal and {in_stub} left in the deck"
        )));
    }
    let free = deck.iter().fold(0u64, |m, c| m | c.bit());
    let range_draw = if ranged > 0 {
        ranges
            .iter()
            .enumerate()
            .map(|(i, r)| r.map(|r| RangeDraw::new(i, r, free)).transpose())
            .collect::<Result<Vec<_>>>()?
    } else {
        Vec::new()
    };
    let mut setup = Setup::new(game, hands, missing, board, deck, range_draw);
    setup.stud_community = community;
    match method {
        EquityMethod::Exact => {
            let deals = exact_deals(setup.deck.len(), &setup.missing, board_missing);
            if deals > MAX_EXACT_DEALS {
                // (the count saturates: past 2**128 it says no number)
                let count = if deals == u128::MAX {
                    "more than 2**128".to_string()
                } else {
                    deals.to_string()
                };
                return Err(Error::bad_config(format!(
                    "exact equity here is {count} deals, more than {MAX_EXACT_DEALS}: give trials for Monte Carlo"
                )));
            }
            control.set_total(deals as u64);
            let r =
                crate::threads::install(threads, || setup.exact_count(board_missing, control))??;
            Ok(GameEquity { exact: true, ..r })
        }
        EquityMethod::MonteCarlo { trials, seed } => {
            let seed = seed.unwrap_or_else(crate::deck::entropy_seed);
            if trials == 0 {
                return Err(Error::bad_config("trials must be at least 1".into()));
            }
            if trials > super::MOST_TRIALS {
                // (as equity() refuses: past 2**50 a run is years of a core)
                return Err(crate::error::EquityCause::Trials.err(format!(
                    "trials must be at most 2**50 ({}), not {trials}",
                    super::MOST_TRIALS
                )));
            }
            control.set_total(trials);
            let r = crate::threads::install(threads, || {
                monte_carlo(&setup, board_missing, trials, seed, control)
            })??;
            Ok(GameEquity {
                seed: Some(seed),
                ..r
            })
        }
    }
}

/// Every deal of the unknown hole cards and the board: the players'
/// missing cards in turn (each a combination of what is left), then the
/// board's; in parallel over the first dealt card.
fn exact_dealing(s: &Setup<'_>, board_missing: usize, control: &Control) -> Result<GameEquity> {
    let players = s.hands.len();
    // the groups of cards dealt: (player or None for the board, count)
    let mut groups: Vec<(Option<usize>, usize)> = (0..players)
        .filter(|&i| s.missing[i] > 0)
        .map(|i| (Some(i), s.missing[i]))
        .collect();
    groups.push((None, board_missing));
    let (g0, k0) = groups[0];
    let n = s.deck.len();
    let parts: Vec<Result<GameEquity>> = (0..n)
        .into_par_iter()
        .map(|first| {
            let mut r = GameEquity::new(players);
            let mut st = Walk {
                s,
                groups: &groups,
                drawn: vec![Vec::new(); players],
                board: [Card::from_checked_index(0); 5],
                count: 0,
                control,
            };
            st.board[..s.board.len()].copy_from_slice(s.board);
            let rest: Vec<Card> = s.deck[first + 1..].to_vec();
            for_each_combination(&rest, k0 - 1, |more| {
                let mut pick = vec![s.deck[first]];
                pick.extend_from_slice(more);
                st.set(g0, &pick);
                let used = pick.iter().fold(0u64, |m, c| m | c.bit());
                st.walk(1, used, &mut r)
            })?;
            control.advance(st.count % 4096);
            Ok(r)
        })
        .collect();
    sum_parts(players, parts, control)
}

/// The state of [`exact_dealing`]'s walk through the groups.
struct Walk<'a, 'b> {
    s: &'a Setup<'b>,
    groups: &'a [(Option<usize>, usize)],
    drawn: Vec<Vec<Card>>,
    board: [Card; 5],
    count: u64,
    control: &'a Control,
}

impl Walk<'_, '_> {
    fn set(&mut self, group: Option<usize>, cards: &[Card]) {
        match group {
            Some(p) => self.drawn[p] = cards.to_vec(),
            None => {
                let b = self.s.board.len();
                self.board[b..b + cards.len()].copy_from_slice(cards);
            }
        }
    }

    fn walk(&mut self, level: usize, used: u64, r: &mut GameEquity) -> Result<()> {
        if level == self.groups.len() {
            let mut holes = [CardList::default(); 10];
            let mut drawn = Vec::with_capacity(24);
            for d in &self.drawn {
                drawn.extend_from_slice(d);
            }
            self.s.holes(&drawn, &mut holes);
            let players = self.s.hands.len();
            self.s.evaluate_holes(&self.board, &holes[..players], r);
            self.count += 1;
            if self.count % 4096 == 0 {
                self.control.check()?;
                self.control.advance(4096);
            }
            return Ok(());
        }
        let (g, k) = self.groups[level];
        let avail: Vec<Card> = self
            .s
            .deck
            .iter()
            .copied()
            .filter(|c| used & c.bit() == 0)
            .collect();
        for_each_combination(&avail, k, |pick| {
            self.set(g, pick);
            let u = pick.iter().fold(used, |m, c| m | c.bit());
            self.walk(level + 1, u, r)
        })
    }
}

fn exact(s: &Setup<'_>, missing: usize, control: &Control) -> Result<GameEquity> {
    let n = s.deck.len();
    let players = s.hands.len();
    if missing == 0 {
        let mut r = GameEquity::new(players);
        let mut full = [Card::from_checked_index(0); 5];
        full.copy_from_slice(s.board);
        s.evaluate(&full, &mut r);
        control.advance(1);
        return Ok(r);
    }
    // In parallel over the first missing card's position; the rest in
    // order (lexicographic combinations).
    let parts: Vec<Result<GameEquity>> = (0..n)
        .into_par_iter()
        .map(|first| {
            let mut r = GameEquity::new(players);
            let mut full = [Card::from_checked_index(0); 5];
            full[..s.board.len()].copy_from_slice(s.board);
            let b = s.board.len();
            full[b] = s.deck[first];
            let mut count = 0u64;
            for_each_combination(&s.deck[first + 1..], missing - 1, |more| {
                full[b + 1..b + 1 + more.len()].copy_from_slice(more);
                s.evaluate(&full, &mut r);
                count += 1;
                if count % 4096 == 0 {
                    control.check()?;
                    control.advance(4096);
                }
                Ok(())
            })?;
            control.advance(count % 4096);
            Ok(r)
        })
        .collect();
    sum_parts(players, parts, control)
}

/// The parts added in order (an error in any part is the answer).
fn sum_parts(
    players: usize,
    parts: Vec<Result<GameEquity>>,
    control: &Control,
) -> Result<GameEquity> {
    let mut total = GameEquity::new(players);
    for p in parts {
        total.add(&p?);
    }
    control.check()?;
    Ok(total)
}

fn monte_carlo(
    s: &Setup<'_>,
    missing: usize,
    trials: u64,
    seed: u64,
    control: &Control,
) -> Result<GameEquity> {
    let players = s.hands.len();
    let to_hands: usize = s.missing.iter().sum();
    let ranged = !s.range_draw.is_empty();
    let batches = trials.div_ceil(BATCH);
    // (the batches' counts summed as they finish, in any order: integer
    // sums, the same for any number of threads; no list of one result a
    // batch, which for 10^12 trials would be gigabytes)
    let total = (0..batches)
        .into_par_iter()
        .map(|b| {
            control.check()?;
            let count = BATCH.min(trials - b * BATCH);
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            rng.set_stream(b);
            let mut deck = s.deck.clone();
            let mut r = GameEquity::new(players);
            let mut full = [Card::from_checked_index(0); 5];
            full[..s.board.len()].copy_from_slice(s.board);
            let mut holes = [CardList::default(); 10];
            let deal = to_hands + missing;
            for t in 0..count {
                if ranged {
                    // the ranges' hands first, then the rest from what is left
                    if t % 4096 == 4095 {
                        control.check()?;
                    }
                    let used = draw_ranges(s, &mut rng, &mut holes, control)?;
                    deck.clear();
                    deck.extend(s.deck.iter().copied().filter(|c| used & c.bit() == 0));
                    if deck.len() < deal {
                        return Err(Error::bad_config("too few cards left to deal".into()));
                    }
                }
                // a partial Fisher-Yates shuffle: the first `deal` cards,
                // the hands' missing cards first, then the board's
                for k in 0..deal {
                    let j = k + uniform(&mut rng, (deck.len() - k) as u32) as usize;
                    deck.swap(k, j);
                }
                let b = s.board.len();
                full[b..b + missing].copy_from_slice(&deck[to_hands..deal]);
                if to_hands == 0 && !ranged && !s.game.is_stud() {
                    s.evaluate(&full, &mut r);
                } else {
                    s.holes(&deck[..to_hands], &mut holes);
                    s.evaluate_holes(&full, &holes[..players], &mut r);
                }
            }
            control.advance(count);
            Ok(r)
        })
        .try_reduce(
            || GameEquity::new(players),
            |mut a, b| {
                a.add(&b);
                Ok(a)
            },
        )?;
    control.check()?;
    Ok(total)
}
