//! Built-in bots, and what a bot may see.
//!
//! A bot decides from an [`Observation`]: its own seat's view of the hand
//! (public information and its own hole cards, never another player's
//! cards or the deck) and the legal actions. Built-in bots are an enum, so
//! a simulation calls them without a virtual call or an allocation:
//!
//! * [`BotKind::Random`]: a random legal move: fold 15% of the time when
//!   folding is legal (facing a bet), bet or raise 25% of the time when that
//!   is open, to a uniform amount from the minimum to all-in; otherwise
//!   check or call.
//! * [`BotKind::CallingStation`]: always checks or calls.
//! * [`BotKind::TightAggressive`]: decides by its hand's strength, the
//!   equity of its hand against one random hand: before the flop from a
//!   table of the 169 starting hands (Monte Carlo, computed once from a fixed
//!   seed), after it by a Monte Carlo of 256 deals from its own generator.
//!   With more than one opponent it needs more: the equity is compared with
//!   thresholds raised by 0.05 per opponent beyond the first. Strong (0.62
//!   and up before the flop, 0.70 after): bet or raise (three big blinds
//!   plus one per caller before the flop, two thirds of the pot after).
//!   Medium (0.50 / 0.45): check, or call a bet of at most half the pot
//!   (before the flop: at most three big blinds). Weak: check or fold.
//!   In a stud game its strength is the same share against one random
//!   hand, each completed to seven cards (Monte Carlo, 256 deals); in a
//!   draw game, its hand as it stands against a random hand of as many
//!   cards (the draws to come not counted); third street and the round
//!   before the draw count as "before the flop".
//!
//! In a draw, the random bot throws each card with even odds (a uniform
//! subset, standing pat included); the calling station and the
//! tight-aggressive bot draw to the best hand ([`draw_discards`]).
use crate::card::{Card, CardSet};
use crate::eval::HandAcc;
use crate::game::variant::BoardShowdown;
use crate::game::{CardList, Game, GameKind, Hand, LegalActions, Move, SeatView, Street};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::OnceLock;

/// The generator a bot draws from (seeded by the simulation).
pub type BotRng = ChaCha8Rng;

/// A bot's generator from a seed.
pub fn bot_rng(seed: u64) -> BotRng {
    BotRng::seed_from_u64(seed)
}

/// What the player to act may know, and may do: read from the hand (in a
/// simulation) or from that seat's [`SeatView`] (a bot called from Python),
/// through the same accessors, none of which reaches another seat's cards.
pub struct Observation<'a> {
    src: Source<'a>,
    seat: usize,
    legal: LegalActions,
}

enum Source<'a> {
    Hand(&'a Hand),
    View(&'a SeatView),
}

impl<'a> Observation<'a> {
    /// The observation of the player to act, or `None` when nobody is.
    #[inline]
    pub fn of(hand: &'a Hand) -> Option<Observation<'a>> {
        let legal = hand.legal_actions()?;
        Some(Observation {
            src: Source::Hand(hand),
            seat: legal.seat,
            legal,
        })
    }
    /// The observation in a seat's view, when that seat is to act.
    pub fn of_view(view: &'a SeatView) -> Option<Observation<'a>> {
        let legal = view.legal?;
        (view.seat == Some(legal.seat)).then_some(Observation {
            src: Source::View(view),
            seat: legal.seat,
            legal,
        })
    }
    pub fn seat(&self) -> usize {
        self.seat
    }
    pub fn legal(&self) -> &LegalActions {
        &self.legal
    }
    /// This seat's own hole cards.
    pub fn hole_cards(&self) -> CardList {
        match self.src {
            Source::Hand(h) => h.hole_cards(self.seat),
            Source::View(v) => v.hole_cards.get(self.seat).copied().flatten(),
        }
        .unwrap_or_default()
    }
    /// The game played.
    pub fn game(&self) -> Game {
        match self.src {
            Source::Hand(h) => h.game(),
            Source::View(v) => v.rules.game,
        }
    }
    pub fn board(&self) -> &[Card] {
        match self.src {
            Source::Hand(h) => h.board(),
            Source::View(v) => &v.board,
        }
    }
    pub fn street(&self) -> Street {
        match self.src {
            Source::Hand(h) => h.street(),
            Source::View(v) => v.street,
        }
    }
    pub fn pot(&self) -> u64 {
        match self.src {
            Source::Hand(h) => h.pot(),
            Source::View(v) => v.pot,
        }
    }
    /// The big blind (a stud game's small bet), at least 1.
    pub fn big_blind(&self) -> u64 {
        let r = match self.src {
            Source::Hand(h) => h.rules(),
            Source::View(v) => &v.rules,
        };
        if r.big_blind > 0 {
            r.big_blind
        } else {
            r.small_bet.max(1)
        }
    }
    pub fn num_players(&self) -> usize {
        match self.src {
            Source::Hand(h) => h.num_players(),
            Source::View(v) => v.stacks.len(),
        }
    }
    /// Whether the game is played at fixed limit.
    pub fn fixed_limit(&self) -> bool {
        let r = match self.src {
            Source::Hand(h) => h.rules(),
            Source::View(v) => &v.rules,
        };
        r.structure == crate::game::Structure::FixedLimit
    }
    /// Players still in the hand (not folded), this one included.
    pub fn players_in(&self) -> usize {
        match self.src {
            Source::Hand(h) => (0..h.num_players()).filter(|&s| !h.is_folded(s)).count(),
            Source::View(v) => v.folded.iter().filter(|f| !**f).count(),
        }
    }
    pub fn stack(&self, seat: usize) -> Option<u64> {
        match self.src {
            Source::Hand(h) => h.stack(seat),
            Source::View(v) => v.stacks.get(seat).copied(),
        }
    }
    pub fn bet(&self, seat: usize) -> Option<u64> {
        match self.src {
            Source::Hand(h) => h.bet(seat),
            Source::View(v) => v.bets.get(seat).copied(),
        }
    }
}

crate::enums::named_enum! {
    /// A built-in bot, named as Python and the command line name it.
    pub enum BotKind {
        Random = "random", CallingStation = "calling_station", TightAggressive = "tight_aggressive",
    }
}

impl BotKind {
    pub fn from_name(name: &str) -> Option<BotKind> {
        match name {
            "random" => Some(BotKind::Random),
            "calling_station" | "station" => Some(BotKind::CallingStation),
            "tight_aggressive" | "tag" => Some(BotKind::TightAggressive),
            _ => None,
        }
    }

    /// The bot called `name`, or an error listing the built-in bots.
    pub fn parse(name: &str) -> crate::error::Result<BotKind> {
        BotKind::from_name(name).ok_or_else(|| {
            let all: Vec<String> = BotKind::ALL
                .iter()
                .map(|b| format!("'{}'", b.name()))
                .collect();
            crate::error::Error::bad_config(format!(
                "no built-in bot is called {name:?}: the built-in bots are {}",
                all.join(", ")
            ))
        })
    }

    /// This bot's move for the player to act.
    #[inline]
    pub fn act(self, obs: &Observation<'_>, rng: &mut BotRng) -> Move {
        if obs.legal.draw {
            let hand = obs.hole_cards();
            return Move::Discard(match self {
                BotKind::Random => random_discard(&hand, rng),
                _ => draw_discards(obs.game(), &hand),
            });
        }
        match self {
            BotKind::Random => random_move(&obs.legal, obs.fixed_limit(), rng),
            BotKind::CallingStation => Move::CheckOrCall,
            BotKind::TightAggressive => tag_move(obs, rng),
        }
    }
}

/// The random bot's move (`fixed`: a fixed-limit game, where a range of
/// two amounts, the stud fourth-street option, offers those two only).
#[inline]
pub fn random_move(la: &LegalActions, fixed: bool, rng: &mut BotRng) -> Move {
    random_choice(
        la.can_fold,
        || la.min_raise_to.zip(la.max_raise_to),
        fixed,
        rng,
    )
}

/// The random bot's move made on `hand` in a simulation: the same draws and
/// the same move as [`random_move`] on the hand's legal actions, but the raise
/// range is worked out only when the roll asks for a raise (about 60% of the
/// moves do not), and the move, legal by construction, is made without being
/// checked again. A random bot's move was about a fifth of a simulated hand's
/// cost, working out a range it then did not use a good part of it.
#[inline]
pub(crate) fn random_act(
    hand: &mut Hand,
    seat: usize,
    rng: &mut BotRng,
) -> crate::error::Result<()> {
    if hand.draw.is_some() && hand.is_drawing() {
        let cards = hand.hole(seat);
        return hand.act(Some(seat), Move::Discard(random_discard(&cards, rng)));
    }
    let fixed = hand.rules.structure == crate::game::Structure::FixedLimit;
    let mv = random_choice(hand.may_fold(seat), || hand.raise_bounds(seat), fixed, rng);
    hand.apply_legal(seat, mv)
}

/// The random bot's discard: each card with even odds (one draw of the
/// generator).
pub fn random_discard(hand: &[Card], rng: &mut BotRng) -> CardSet {
    let bits: u32 = rng.random();
    let mut set = CardSet::default();
    for (i, &c) in hand.iter().enumerate() {
        if bits >> i & 1 == 1 {
            set.insert(c);
        }
    }
    set
}

/// The cards a player drawing to the best hand of `game` throws. Badugi:
/// every card outside the hand's best badugi. Deuce-to-seven: keep one card
/// of each rank from the deuce to the eight (aces are high), the rest go;
/// five such cards that make a straight or a flush break it by throwing
/// the highest.
pub fn draw_discards(game: Game, hand: &[Card]) -> CardSet {
    let mut throw = CardSet::default();
    if game.kind() == GameKind::Badugi && hand.len() == 4 {
        let idx = [
            hand[0].index(),
            hand[1].index(),
            hand[2].index(),
            hand[3].index(),
        ];
        let (_, keep) = crate::eval::badugi::badugi_indices(&idx);
        for (i, &c) in hand.iter().enumerate() {
            if keep >> i & 1 == 0 {
                throw.insert(c);
            }
        }
        return throw;
    }
    // Each rank from the deuce to the eight kept once (its first card in
    // the hand), by rank; every other card thrown.
    let (mut ranks, mut by_rank) = (0u16, [Card::FIRST; 7]);
    for &c in hand {
        // (deuce = 0 .. eight = 6)
        let r = c.rank() as usize;
        if r <= 6 && ranks & (1 << r) == 0 {
            ranks |= 1 << r;
            by_rank[r] = c;
        } else {
            throw.insert(c);
        }
    }
    if ranks.count_ones() == 5 {
        let mut five = [Card::FIRST; 5];
        for (slot, r) in five.iter_mut().zip(crate::card::bits(u64::from(ranks))) {
            *slot = by_rank[r as usize];
        }
        let cat = crate::eval::evaluate_unchecked(&five).category();
        if matches!(
            cat,
            crate::eval::Category::Straight
                | crate::eval::Category::Flush
                | crate::eval::Category::StraightFlush
        ) {
            // (the highest of the five)
            throw.insert(five[4]);
        }
    }
    throw
}

/// The random bot's decision: `range` (the bet or raise bounds, `None` when
/// closed) is asked for only when the roll calls for a bet or raise.
#[inline(always)]
fn random_choice(
    can_fold: bool,
    range: impl FnOnce() -> Option<(u64, u64)>,
    fixed: bool,
    rng: &mut BotRng,
) -> Move {
    // (rolls 0..15 fold when folding is open, else check or call; rolls
    // 15..40 bet or raise: a quarter of the time whether facing a bet or not)
    let roll: u32 = rng.random_range(0..100);
    if roll < 15 && can_fold {
        return Move::Fold;
    }
    if (15..40).contains(&roll) {
        if let Some((lo, hi)) = range() {
            if fixed && lo < hi {
                // (the small bet or the big bet, nothing between)
                return Move::BetOrRaiseTo(if rng.random_bool(0.5) { hi } else { lo });
            }
            return Move::BetOrRaiseTo(rng.random_range(lo..=hi));
        }
    }
    Move::CheckOrCall
}

/// The index (0..169) of a starting hand's class: pairs, suited, offsuit.
fn class_of(hole: [Card; 2]) -> usize {
    let (a, b) = (hole[0].rank() as usize, hole[1].rank() as usize);
    let (hi, lo) = if a >= b { (a, b) } else { (b, a) };
    if hi == lo {
        hi
    } else if hole[0].suit() == hole[1].suit() {
        13 + hi * (hi - 1) / 2 + lo
    } else {
        13 + 78 + hi * (hi - 1) / 2 + lo
    }
}

/// Equity against one random hand by Monte Carlo over `trials` deals of
/// the opponent's cards and the rest of the board.
fn equity_vs_random(hole: [Card; 2], board: &[Card], trials: u32, rng: &mut BotRng) -> f64 {
    let mut used = 0u64;
    for c in hole.iter().chain(board) {
        used |= 1 << c.index();
    }
    let deck: Vec<u8> = (0..52u8).filter(|i| used & (1 << i) == 0).collect();
    let need = 2 + (5 - board.len());
    let base = HandAcc::from_cards(board);
    let mine = base + HandAcc::from_cards(&hole);
    let mut score = 0u64; // 2 a win, 1 a tie
    let mut cards = [0u8; 7];
    for _ in 0..trials {
        // A partial Fisher-Yates over a copy of the positions.
        let mut idx = [0u8; 52];
        let n = deck.len();
        for (i, slot) in idx.iter_mut().enumerate().take(n) {
            *slot = i as u8;
        }
        for k in 0..need {
            let j = rng.random_range(k..n);
            idx.swap(k, j);
            cards[k] = deck[idx[k] as usize];
        }
        let mut rest = HandAcc::EMPTY;
        for &c in &cards[2..need] {
            rest = rest.add_index(c);
        }
        let me = (mine + rest).eval7();
        let them = (base + rest)
            .add_index(cards[0])
            .add_index(cards[1])
            .eval7();
        score += match me.cmp(&them) {
            std::cmp::Ordering::Greater => 2,
            std::cmp::Ordering::Equal => 1,
            std::cmp::Ordering::Less => 0,
        };
    }
    score as f64 / (2.0 * trials as f64)
}

/// Each starting hand's equity against a random hand (Monte Carlo, 20,000
/// deals a class from a fixed seed, computed once).
fn preflop_table() -> &'static [f64; 169] {
    static TABLE: OnceLock<[f64; 169]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = [0.0; 169];
        let mut rng = BotRng::seed_from_u64(0x7a6_2026);
        for hi in 0..13u8 {
            for lo in 0..=hi {
                let card = |rank: u8, suit: u8| Card::new(rank * 4 + suit).unwrap_or(Card::FIRST);
                let mut classes = vec![[card(hi, 0), card(lo, 1)]];
                if hi != lo {
                    classes.push([card(hi, 0), card(lo, 0)]);
                }
                for hole in classes {
                    t[class_of(hole)] = equity_vs_random(hole, &[], 20_000, &mut rng);
                }
            }
        }
        t
    })
}

/// The strength of `hole` on `board` in `game`: its share of the pot
/// against one random hand (in hold'em, [`strength`]; in the other games,
/// Monte Carlo over 256 deals of the opponent's cards and the rest of the
/// board, a hi/lo pot's halves counted as halves).
pub fn strength_in(game: Game, hole: &[Card], board: &[Card], rng: &mut BotRng) -> f64 {
    if game.kind() == GameKind::Holdem && hole.len() == 2 {
        return strength([hole[0], hole[1]], board, rng);
    }
    if game.is_stud() || game.is_draw() {
        return dealt_equity_vs_random(game, hole, board, 256, rng);
    }
    game_equity_vs_random(game, hole, board, 256, rng)
}

/// The share of the pot `hole` wins against one random hand in a stud game
/// (both completed to seven cards, `board` the community card when there
/// is one) or a draw game (the hands as they stand), by Monte Carlo over
/// `trials` deals; a hi/lo pot's halves counted as halves.
fn dealt_equity_vs_random(
    game: Game,
    hole: &[Card],
    board: &[Card],
    trials: u32,
    rng: &mut BotRng,
) -> f64 {
    let mut used = 0u64;
    for c in hole.iter().chain(board) {
        used |= c.bit();
    }
    let mut deck: Vec<Card> = game
        .deck()
        .iter()
        .copied()
        .filter(|c| used & c.bit() == 0)
        .collect();
    let (mine_left, theirs) = if game.is_stud() {
        let own = crate::game::STUD_CARDS - board.len();
        (own.saturating_sub(hole.len()), own)
    } else {
        (0, hole.len())
    };
    let need = mine_left + theirs;
    if deck.len() < need || hole.is_empty() {
        return 0.5;
    }
    let half = |a: u16, b: u16| match a.cmp(&b) {
        std::cmp::Ordering::Greater => 1.0,
        std::cmp::Ordering::Equal => 0.5,
        std::cmp::Ordering::Less => 0.0,
    };
    let mut won = 0.0;
    let mut me = Vec::with_capacity(8);
    let mut them = Vec::with_capacity(8);
    for _ in 0..trials {
        let (drawn, _) = deck.partial_shuffle(rng, need);
        me.clear();
        me.extend_from_slice(hole);
        me.extend_from_slice(&drawn[..mine_left]);
        me.extend_from_slice(board);
        them.clear();
        them.extend_from_slice(&drawn[mine_left..]);
        them.extend_from_slice(board);
        let (a, b) = (values_of(game, &me), values_of(game, &them));
        won += if a.1 == 0 && b.1 == 0 {
            half(a.0, b.0)
        } else {
            (half(a.0, b.0) + half(a.1, b.1)) / 2.0
        };
    }
    won / trials as f64
}

/// A stud or draw hand's showdown values: (high, low), greater better.
fn values_of(game: Game, cards: &[Card]) -> (u16, u16) {
    if game.is_stud() {
        crate::game::stud::showdown_values(game, cards)
    } else {
        (crate::game::draw::showdown_value(game, cards), 0)
    }
}

/// [`equity_vs_random`] in any game: the share of the pot won, ties and
/// hi/lo halves counted.
fn game_equity_vs_random(
    game: Game,
    hole: &[Card],
    board: &[Card],
    trials: u32,
    rng: &mut BotRng,
) -> f64 {
    let mut used = 0u64;
    for c in hole.iter().chain(board) {
        used |= 1 << c.index();
    }
    let mut deck: Vec<Card> = game
        .deck()
        .iter()
        .copied()
        .filter(|c| used & c.bit() == 0)
        .collect();
    let k = hole.len();
    let known = board.len().min(5);
    let need = k + 5 - known;
    if deck.len() < need {
        return 0.5;
    }
    let mut full = [Card::FIRST; 5];
    full[..known].copy_from_slice(&board[..known]);
    let mut won = 0.0;
    for _ in 0..trials {
        let (drawn, _) = deck.partial_shuffle(rng, need);
        let (them, rest) = drawn.split_at(k);
        full[known..].copy_from_slice(rest);
        let on = BoardShowdown::new(game, &full);
        let half = |a: u16, b: u16| match a.cmp(&b) {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Less => 0.0,
        };
        let high = half(on.high(hole), on.high(them));
        let (mine, theirs) = (on.low(hole), on.low(them));
        won += if mine == 0 && theirs == 0 {
            high
        } else {
            (high + half(mine as u16, theirs as u16)) / 2.0
        };
    }
    won / trials as f64
}

/// The strength of `hole` on `board` (equity against one random hand).
pub fn strength(hole: [Card; 2], board: &[Card], rng: &mut BotRng) -> f64 {
    if board.is_empty() {
        preflop_table()[class_of(hole)]
    } else {
        equity_vs_random(hole, board, 256, rng)
    }
}

fn tag_move(obs: &Observation<'_>, rng: &mut BotRng) -> Move {
    let la = &obs.legal;
    let preflop = obs.street().is_first();
    let eq = strength_in(obs.game(), &obs.hole_cards(), obs.board(), rng);
    let extra = 0.05 * obs.players_in().saturating_sub(2) as f64;
    let (strong, medium) = if preflop { (0.62, 0.50) } else { (0.70, 0.45) };
    let bb = obs.big_blind();
    let pot = obs.pot();
    let fixed = obs.fixed_limit();
    let raise = |target: u64| -> Option<Move> {
        let (lo, hi) = (la.min_raise_to?, la.max_raise_to?);
        if fixed && lo < hi {
            // (the stud fourth-street option: the small or the big bet)
            return Some(Move::BetOrRaiseTo(if target >= hi { hi } else { lo }));
        }
        Some(Move::BetOrRaiseTo(target.clamp(lo, hi)))
    };
    if eq >= strong + extra {
        let high = (0..obs.num_players())
            .filter_map(|s| obs.bet(s))
            .max()
            .unwrap_or(0);
        let target = if preflop {
            3 * bb + high.saturating_sub(bb) + bb * obs.players_in().saturating_sub(2) as u64
        } else {
            high + (2 * (pot + la.call_amount)) / 3
        };
        if let Some(m) = raise(target) {
            return m;
        }
        return Move::CheckOrCall;
    }
    if la.call_amount == 0 {
        return Move::CheckOrCall;
    }
    let affordable = if preflop {
        la.call_amount <= 3 * bb
    } else {
        2 * la.call_amount <= pot
    };
    if eq >= medium + extra && affordable {
        return Move::CheckOrCall;
    }
    if la.can_fold {
        Move::Fold
    } else {
        Move::CheckOrCall
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{BlindOptions, Rules};
    use std::sync::Arc;

    /// The simulation's shortcut for the random bot draws and moves as the bot
    /// does on an observation, under every betting structure.
    #[test]
    fn random_act_moves_as_random_move() -> crate::error::Result<()> {
        let blinds = BlindOptions {
            small_blind: 1,
            big_blind: 2,
            ..Default::default()
        };
        let all = [
            Rules::no_limit(blinds.clone()),
            Rules::pot_limit(blinds.clone()),
            Rules::fixed_limit(blinds, None, None, Some(3), false),
            Rules::progressive(1, [2, 3, 4, 6]),
        ];
        for rules in all {
            let rules = Arc::new(rules?);
            let mut rng = bot_rng(7);
            for h in 0..300u64 {
                let stacks: Vec<u64> = (0..6).map(|s| 20 + 37 * ((h + s) % 5)).collect();
                let mut a =
                    Hand::new(Arc::clone(&rules), &stacks, (h % 6) as usize, Some(h), None)?;
                let mut b = a.clone();
                while let Some(obs) = Observation::of(&a) {
                    let mut r2 = rng.clone();
                    let mv = random_move(obs.legal(), obs.fixed_limit(), &mut r2);
                    let seat = obs.seat();
                    a.act(None, mv)?;
                    random_act(&mut b, seat, &mut rng)?;
                    assert_eq!(rng, r2);
                    assert_eq!(a, b);
                }
                assert!(b.is_over());
            }
        }
        Ok(())
    }
}
