//! Replays a draw game's history (F2L3D, N2L1D, FB and this project's
//! other draw codes).
//!
//! Each player's cards are followed as slots: the cards dealt (`d dh`),
//! those discarded (`pN sd`, `??` for an unknown one), the cards drawn for
//! them (the `d dh` lines that follow the draw's discards) and the final
//! hand shown (`pN sm`), which names the unknown cards it still holds. A
//! card discarded that was dealt unknown is known from then on. Unknown
//! cards left are filled from a shuffle of the cards the history never
//! names, seeded by its location. The hand is then played with every
//! player's dealt cards and every draw's cards given.
use super::{
    action_error, capped_raise, replay_error, seed_for, setup, stud_cards, PhhAction, Replayed,
    Setup,
};
use crate::card::{Card, CardSet};
use crate::error::{Error, Result};
use crate::game::{CardList, GivenCards, Hand, Move, Street};
use crate::phh::{Decimal, HandHistory};
use std::sync::Arc;

/// One player's draw: the action's index, the slots it discarded and the
/// slots drawn for them.
struct DrawSlots {
    action: usize,
    /// The draw (1 on).
    round: usize,
    discarded: Vec<usize>,
    drawn: Vec<usize>,
}

/// The cards of a history, followed slot by slot.
struct Slots {
    /// Each slot's card: known, or `None`.
    cards: Vec<Option<Card>>,
    /// Whether a slot's card was named by the history (else filled in).
    named: Vec<bool>,
    /// Each seat's slots now, in order (kept cards, then drawn).
    hands: Vec<Vec<usize>>,
    /// Each seat's slots as dealt (`None` until dealt).
    dealt: Vec<Option<Vec<usize>>>,
    draws: Vec<DrawSlots>,
    /// Each seat's draw still waiting for its cards (an index of `draws`).
    awaiting: Vec<Option<usize>>,
    /// Each slot's draw (0: the deal), and the draw that threw it.
    born: Vec<usize>,
    thrown: Vec<Option<usize>>,
    /// The draw so far (0 before the first), whether its discards are
    /// being read (a betting action ends them), and who discarded in it (a
    /// seat discarding again starts the next draw: all-in players draw on
    /// with no betting between).
    round: usize,
    drawing: bool,
    drew: Vec<bool>,
    /// The draw each seat folded after (its cards the muck's from the next
    /// draw on).
    folded_at: Vec<Option<usize>>,
    /// The game's draws.
    max_draws: usize,
    /// Which unknown card an unknown discard is (and the generator of
    /// `Policy::Shuffled`).
    policy: Policy,
    rng: Option<crate::deck::DeckRng>,
}

/// Which of a player's unknown cards a discard the history does not name
/// (or names for the first time) is: the history cannot say, and the
/// choice sets how long each unknown card is held.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Policy {
    /// The oldest: the hand keeps its latest cards, which a card shown at
    /// the end, seen elsewhere before, can be.
    Oldest,
    /// The newest.
    Newest,
    /// One from a generator seeded with this.
    Shuffled(u64),
}

impl Slots {
    fn new(n: usize, max_draws: usize, policy: Policy) -> Slots {
        Slots {
            max_draws,
            policy,
            rng: match policy {
                Policy::Shuffled(seed) => Some(crate::deck::make_rng(Some(seed))),
                _ => None,
            },
            cards: Vec::new(),
            named: Vec::new(),
            hands: vec![Vec::new(); n],
            dealt: vec![None; n],
            draws: Vec::new(),
            awaiting: vec![None; n],
            born: Vec::new(),
            thrown: Vec::new(),
            round: 0,
            drawing: false,
            drew: vec![false; n],
            folded_at: vec![None; n],
        }
    }

    /// A slot of `card`, dealt in draw `round` (0: the deal).
    fn push(&mut self, card: Option<Card>, round: usize) -> usize {
        self.cards.push(card);
        self.named.push(card.is_some());
        self.born.push(round);
        self.thrown.push(None);
        self.cards.len() - 1
    }

    /// A betting action: the draw's discards are over.
    fn bet(&mut self) {
        self.drawing = false;
    }

    /// Cards still owed to `seat`'s last draw come as unknown cards (a
    /// history that does not write a draw's cards).
    fn settle(&mut self, seat: usize) {
        if let Some(d) = self.awaiting[seat].take() {
            while self.draws[d].drawn.len() < self.draws[d].discarded.len() {
                let id = self.push(None, self.draws[d].round);
                self.draws[d].drawn.push(id);
                self.hands[seat].push(id);
            }
        }
    }

    /// `d dh pN cards`: the deal, or a draw's cards.
    fn deal(
        &mut self,
        seat: usize,
        cards: Vec<Option<Card>>,
        k: usize,
    ) -> std::result::Result<(), String> {
        let p = seat + 1;
        if self.dealt[seat].is_none() {
            if cards.len() != k {
                return Err(format!(
                    "p{p} is dealt {} cards: the game deals {k}",
                    cards.len()
                ));
            }
            let ids: Vec<usize> = cards.into_iter().map(|c| self.push(c, 0)).collect();
            self.hands[seat] = ids.clone();
            self.dealt[seat] = Some(ids);
            return Ok(());
        }
        let Some(d) = self.awaiting[seat] else {
            return Err(format!("p{p} is dealt cards it did not draw"));
        };
        let owed = self.draws[d].discarded.len() - self.draws[d].drawn.len();
        if cards.len() > owed {
            return Err(format!(
                "p{p} discarded {} cards and is dealt {}",
                self.draws[d].discarded.len(),
                self.draws[d].drawn.len() + cards.len()
            ));
        }
        for c in cards {
            let id = self.push(c, self.draws[d].round);
            self.draws[d].drawn.push(id);
            self.hands[seat].push(id);
        }
        if self.draws[d].drawn.len() == self.draws[d].discarded.len() {
            self.awaiting[seat] = None;
        }
        Ok(())
    }

    /// `pN sd cards`: the slots discarded (a card dealt unknown is known
    /// once discarded).
    fn discard(
        &mut self,
        action: usize,
        seat: usize,
        cards: &[Option<Card>],
    ) -> std::result::Result<(), String> {
        let p = seat + 1;
        if self.dealt[seat].is_none() {
            return Err(format!("p{p} discards before it is dealt"));
        }
        if !self.drawing || self.drew[seat] {
            if self.round == self.max_draws {
                return Err(format!(
                    "p{p} discards in a draw after the game's last ({} draws)",
                    self.max_draws
                ));
            }
            self.round += 1;
            self.drawing = true;
            self.drew.iter_mut().for_each(|d| *d = false);
        }
        self.drew[seat] = true;
        self.settle(seat);
        let mut out = Vec::with_capacity(cards.len());
        for c in cards {
            let hand = &self.hands[seat];
            let named = c.and_then(|c| hand.iter().position(|&id| self.cards[id] == Some(c)));
            // a card named for the first time: the earliest drawn of the
            // unknown cards drawn after it was last seen elsewhere (as at
            // the showdown)
            let first_named = || {
                let c = (*c)?;
                let seen = self.last_seen(c, hand);
                (0..hand.len()).find(|&i| {
                    self.cards[hand[i]].is_none() && seen.is_none_or(|t| self.born[hand[i]] > t)
                })
            };
            let at = named.or_else(first_named).or_else(|| {
                let unknown: Vec<usize> = (0..hand.len())
                    .filter(|&i| self.cards[hand[i]].is_none())
                    .collect();
                match (self.policy, &mut self.rng) {
                    (Policy::Newest, _) => unknown.last().copied(),
                    (Policy::Shuffled(_), Some(rng)) if !unknown.is_empty() => {
                        use rand::Rng;
                        Some(unknown[rng.random_range(0..unknown.len())])
                    }
                    _ => unknown.first().copied(),
                }
            });
            let Some(at) = at else {
                return Err(match c {
                    Some(c) => format!("p{p} discards {c}, which it does not hold"),
                    None => {
                        format!("p{p} discards an unknown card, but every card it holds is known")
                    }
                });
            };
            let id = self.hands[seat].remove(at);
            if let Some(c) = c {
                self.cards[id] = Some(*c);
                self.named[id] = true;
            }
            self.thrown[id] = Some(self.round);
            out.push(id);
        }
        let discarded = !out.is_empty();
        self.draws.push(DrawSlots {
            action,
            round: self.round,
            discarded: out,
            drawn: Vec::new(),
        });
        if discarded {
            self.awaiting[seat] = Some(self.draws.len() - 1);
        }
        Ok(())
    }

    /// Each slot's last draw: the draw that threw it, the draw its hand
    /// folded after, else `usize::MAX` (held to the end).
    fn ends(&self) -> Vec<usize> {
        let mut end: Vec<usize> = self
            .thrown
            .iter()
            .map(|t| t.unwrap_or(usize::MAX))
            .collect();
        for (seat, hand) in self.hands.iter().enumerate() {
            if let Some(f) = self.folded_at[seat] {
                for &id in hand {
                    end[id] = end[id].min(f);
                }
            }
        }
        end
    }

    /// Each card's times held by the slots known so far (first draw, last
    /// draw), slots held to `end`.
    fn named_times(&self, end: &[usize]) -> Vec<Vec<(usize, usize)>> {
        let mut times: Vec<Vec<(usize, usize)>> = vec![Vec::new(); 52];
        for ((c, &b), &e) in self.cards.iter().zip(&self.born).zip(end) {
            if let Some(c) = c {
                times[c.index() as usize].push((b, e));
            }
        }
        times
    }

    /// Whether no card the history names is held by two slots at once
    /// (the cards put on slots by the showdown and the discards can be,
    /// where no slot fits them).
    fn named_apart(&self) -> bool {
        self.named_times(&self.ends()).iter_mut().all(|t| {
            t.sort_unstable();
            t.windows(2).all(|w| w[0].1 < w[1].0)
        })
    }

    /// The last draw `c` was seen in a slot other than `except`'s: the
    /// draw that threw it, the draw its hand folded after, or else (held
    /// to the end, or the deal) the draw that dealt it.
    fn last_seen(&self, c: Card, except: &[usize]) -> Option<usize> {
        let folded = |id: usize| {
            (0..self.hands.len())
                .find(|&s| self.hands[s].contains(&id))
                .and_then(|s| self.folded_at[s])
        };
        (0..self.cards.len())
            .filter(|id| !except.contains(id) && self.cards[*id] == Some(c))
            .map(|id| {
                self.thrown[id]
                    .or_else(|| folded(id))
                    .unwrap_or(self.born[id])
            })
            .max()
    }

    /// `pN sm cards`: the hand shown names the unknown cards it holds.
    fn show(&mut self, seat: usize, shown: &[Card]) -> std::result::Result<(), String> {
        let p = seat + 1;
        self.settle(seat);
        let hand = self.hands[seat].clone();
        if shown.len() != hand.len() {
            return Err(format!(
                "p{p} shows {} cards and holds {}",
                shown.len(),
                hand.len()
            ));
        }
        let mut rest: Vec<Card> = shown.to_vec();
        for &id in &hand {
            if let Some(c) = self.cards[id] {
                let Some(i) = rest.iter().position(|&r| r == c) else {
                    return Err(format!(
                        "p{p} shows cards other than the ones it holds ({c} is not shown)"
                    ));
                };
                rest.remove(i);
            }
        }
        // The cards named only here go to the unknown slots, each to one
        // drawn after the card was last seen elsewhere (thrown, or held
        // when the hand began). The latest seen first, each to the
        // earliest drawn of the slots left that comes after it: this fits
        // whenever any way does (a card thrown in the first draw can come
        // back only in a later one), and it leaves the cards never seen
        // elsewhere on the latest slots, where they are free longest
        // before (for the unknown cards thrown earlier: a card thrown by
        // the player whose cards are known, put on a slot drawn after the
        // next draw, would leave a time between that no unknown card
        // fits).
        let seen = |c: Card| self.last_seen(c, &hand);
        let mut slots: Vec<usize> = hand
            .iter()
            .copied()
            .filter(|&id| self.cards[id].is_none())
            .collect();
        slots.sort_by_key(|&id| self.born[id]);
        let mut cards: Vec<(Option<usize>, Card)> = rest.iter().map(|&c| (seen(c), c)).collect();
        cards.sort_by_key(|&(r, _)| std::cmp::Reverse(r));
        for (seen, c) in cards {
            let at = slots
                .iter()
                .position(|&id| seen.is_none_or(|t| self.born[id] > t))
                .unwrap_or(slots.len().saturating_sub(1));
            if at < slots.len() {
                let id = slots.remove(at);
                self.cards[id] = Some(c);
                self.named[id] = true;
            }
        }
        Ok(())
    }
}

/// The slots of a draw history's cards, with `policy` for its unknown
/// discards.
fn read_slots(
    h: &HandHistory,
    texts: &[&str],
    actions: &[PhhAction],
    game: &crate::game::Game,
    n: usize,
    policy: Policy,
) -> Result<Slots> {
    let k = game.hole_cards();
    let mut slots = Slots::new(n, game.draws(), policy);
    for (i, a) in actions.iter().enumerate() {
        let fail = |m: String| replay_error(h, i, texts[i], m);
        match a {
            PhhAction::DealHole { seat, .. } => {
                let cards = stud_cards(texts[i]).map_err(fail)?;
                slots
                    .deal(*seat, cards, k)
                    .map_err(|m| replay_error(h, i, texts[i], m))?;
            }
            PhhAction::Discard(seat, cards) => {
                if cards.len() > k {
                    return Err(fail(format!(
                        "p{} discards {} cards of {k}",
                        seat + 1,
                        cards.len()
                    )));
                }
                slots.discard(i, *seat, cards).map_err(fail)?;
            }
            PhhAction::Show(seat, Some(shown)) => slots.show(*seat, shown).map_err(fail)?,
            PhhAction::DealBoard(_) => {
                return Err(fail(format!("{} has no board", game.name())));
            }
            PhhAction::BringIn(_) => {
                return Err(fail(format!("{} has no bring-in", game.name())));
            }
            PhhAction::Fold(seat) => {
                slots.bet();
                if let Some(f) = slots.folded_at.get_mut(*seat) {
                    f.get_or_insert(slots.round);
                }
            }
            PhhAction::CheckOrCall(_) | PhhAction::BetOrRaiseTo(..) => slots.bet(),
            _ => {}
        }
    }
    if let Some(seat) = slots.dealt.iter().position(|d| d.is_none()) {
        return Err(Error::history(
            h.where_(),
            format!("p{} is never dealt its cards", seat + 1),
        ));
    }
    // A history that stops in a draw whose cards were not dealt yet (an
    // unfinished hand: the dealer deals once every player has discarded)
    // leaves that draw's discards waiting; every other draw's cards the
    // history does not write come as unknown cards.
    let open = slots.round;
    let open = slots.drawing
        && !slots
            .draws
            .iter()
            .any(|d| d.round == open && !d.drawn.is_empty());
    for seat in 0..n {
        let waiting = slots.awaiting[seat].is_some_and(|d| slots.draws[d].round == slots.round);
        if !(open && waiting) {
            slots.settle(seat);
        }
    }
    Ok(slots)
}

/// The cards of `slots`' unknown slots (in the order of the slots), from
/// shuffles seeded with `seed`, touching a draw's own discards only if
/// `touch` (see below); `None` when no way found fills them all.
fn fill_slots(slots: &Slots, seed: u64, touch: bool) -> Option<Vec<(usize, Card)>> {
    // The unknown cards, slot by slot in the order dealt, from a shuffle of
    // the deck seeded by the history's location: each slot holds its card
    // from the draw it is dealt in (0: the deal) to the draw that throws it
    // (or, for a hand folded after draw f, to f; else to the end), and a
    // card may fill a slot whose time overlaps no other slot holding it. A
    // card thrown in a draw comes back from the next draw on (the stub
    // takes the discards back when it runs out); in its own draw only where
    // no card is free, the draw being short (the dealer then takes that
    // draw's discards back).
    let count = slots.cards.len();
    let end = slots.ends();
    // each card's times held by named slots: (first draw, last draw)
    let named_times = slots.named_times(&end);
    let mut todo: Vec<usize> = (0..count).filter(|&id| slots.cards[id].is_none()).collect();
    // draw by draw; in a draw, the slots held longest first (they can take
    // the fewest cards)
    todo.sort_by_key(|&id| (slots.born[id], std::cmp::Reverse(end[id]), id));
    // One way to fill them: each slot in turn takes the first card apart
    // in `order` that nobody else holds at any time (else any card apart),
    // or with `best`, the card apart held next the soonest after it (best
    // fit: cards free for long are kept for slots that need them long);
    // with `touch` 1, a slot no card is apart for may take a card thrown in
    // its own draw (a short draw, or a stand-in: see `discard_drawing_with`);
    // with `touch` 2, also a card its own draw deals again after it throws
    // it (a named card drawn back: the engine accepts it in a short draw).
    let fill = |order: &[Card], best: bool, touch: u8| -> Option<Vec<Card>> {
        let mut held = named_times.clone();
        let mut out = Vec::with_capacity(todo.len());
        for &id in &todo {
            let (b, e) = (slots.born[id], end[id]);
            let apart = |times: &[(usize, usize)], touching: u8| {
                times.iter().all(|&(b1, e1)| {
                    e1 < b
                        || e < b1
                        || (touching >= 1 && e1 == b && b1 < b)
                        || (touching >= 2 && e == b1 && b < b1)
                })
            };
            let next_held = |c: &Card| {
                held[c.index() as usize]
                    .iter()
                    .filter(|&&(b1, _)| b1 > e)
                    .map(|&(b1, _)| b1)
                    .min()
                    .unwrap_or(usize::MAX)
            };
            let strict = if best {
                order
                    .iter()
                    .filter(|c| apart(&held[c.index() as usize], 0))
                    .min_by_key(|c| next_held(c))
            } else {
                order
                    .iter()
                    .find(|c| held[c.index() as usize].is_empty())
                    .or_else(|| order.iter().find(|c| apart(&held[c.index() as usize], 0)))
            };
            let pick = strict
                .or_else(|| {
                    (touch > 0)
                        .then(|| {
                            order
                                .iter()
                                .find(|c| apart(&held[c.index() as usize], touch))
                        })
                        .flatten()
                })
                .copied()?;
            held[pick.index() as usize].push((b, e));
            out.push(pick);
        }
        Some(out)
    };
    // From shuffles of the deck seeded by the history's location: without
    // `touch`, every slot apart from the others, by the greedy ways, then
    // by an exhaustive search; with it, a draw's own discards as stand-ins
    // (and in a short draw), by the search, then the greedy ways.
    let shuffled = |attempt: u64| {
        let mut order: Vec<Card> = crate::game::Game::holdem().deck().to_vec();
        use rand::seq::SliceRandom;
        order.shuffle(&mut crate::deck::make_rng(Some(seed.wrapping_add(attempt))));
        order
    };
    let greedy = |touch: u8| {
        (0..4u64).find_map(|attempt| fill(&shuffled(attempt / 2), attempt % 2 == 1, touch))
    };
    let filled = if touch {
        fill_exactly(slots, &todo, &end, true, &shuffled(0))
            .or_else(|| greedy(1))
            .or_else(|| greedy(2))
    } else {
        greedy(0).or_else(|| fill_exactly(slots, &todo, &end, false, &shuffled(0)))
    };
    filled.map(|f| todo.into_iter().zip(f).collect())
}

/// Replays a draw history (see the module's comment).
pub(super) fn replay_draw(
    h: &HandHistory,
    texts: &[&str],
    actions: &[PhhAction],
) -> Result<Replayed> {
    let Setup {
        rules,
        stacks,
        places,
        seating,
    } = setup(h, actions)?;
    let n = stacks.len();
    let game = rules.game;
    let seed = seed_for(h);
    // The fill, with the oldest unknown card for each unknown discard, then
    // the newest, then a few seeded choices; only if none fills every
    // slot apart, a draw's own discards touched (the oldest again).
    let policies = [Policy::Oldest, Policy::Newest]
        .into_iter()
        .chain((0..4).map(|i| Policy::Shuffled(seed.wrapping_add(i))));
    let mut found = None;
    for policy in policies {
        let slots = read_slots(h, texts, actions, &game, n, policy)?;
        if !slots.named_apart() {
            continue;
        }
        if let Some(f) = fill_slots(&slots, seed, false) {
            found = Some((slots, f));
            break;
        }
    }
    let (mut slots, filled) = match found {
        Some(x) => x,
        None => {
            let slots = read_slots(h, texts, actions, &game, n, Policy::Oldest)?;
            let f = fill_slots(&slots, seed, true).ok_or_else(|| {
                Error::history(
                    h.where_(),
                    "too many unknown cards to fill in: no card is free for one of them",
                )
            })?;
            (slots, f)
        }
    };
    for (id, c) in filled {
        slots.cards[id] = Some(c);
    }
    let card = |id: usize| slots.cards[id].unwrap_or(Card::FIRST);
    let given = GivenCards {
        hole_cards: slots
            .dealt
            .iter()
            .map(|d| {
                d.as_ref()
                    .map(|ids| CardList::new(&ids.iter().map(|&id| card(id)).collect::<Vec<_>>()))
            })
            .collect(),
        board: Vec::new(),
    };
    let dealt = match seating {
        None => Hand::new(Arc::clone(&rules), &stacks, n - 1, Some(seed), Some(&given)),
        Some(s) => Hand::new_seated(
            Arc::clone(&rules),
            &stacks,
            s,
            None,
            Some(seed),
            Some(&given),
        ),
    };
    let mut hand = dealt.map_err(|e| Error::history(h.where_(), e))?;
    let unit = |d: &Decimal| {
        d.in_units(places)
            .and_then(|v| u64::try_from(v).ok())
            .unwrap_or(u64::MAX)
    };
    let mut draw = slots.draws.iter().peekable();
    for (i, a) in actions.iter().enumerate() {
        let (seat, mv) = match a {
            PhhAction::Fold(s)
                if *s < 32
                    && seating.is_some_and(|st| st.dead_hands & (1 << s) != 0)
                    && hand.is_folded(*s) =>
            {
                continue
            }
            PhhAction::Fold(s) => (*s, Move::Fold),
            PhhAction::CheckOrCall(s) => (*s, Move::CheckOrCall),
            PhhAction::BetOrRaiseTo(s, d) => (*s, Move::BetOrRaiseTo(capped_raise(&hand, unit(d)))),
            PhhAction::Discard(s, _) => {
                let Some(d) = draw.next_if(|d| d.action == i) else {
                    continue;
                };
                let discards: Vec<Card> = d.discarded.iter().map(|&id| card(id)).collect();
                let drawn: Vec<Card> = d.drawn.iter().map(|&id| card(id)).collect();
                // the cards filled in for this draw's unnamed ones
                let mut stand_ins = CardSet::default();
                for x in slots.draws.iter().filter(|x| x.round == d.round) {
                    for &id in x.drawn.iter().filter(|&&id| !slots.named[id]) {
                        stand_ins.insert(card(id));
                    }
                }
                if let Err(e) = hand.discard_drawing_with(Some(*s), &discards, &drawn, stand_ins) {
                    return Err(action_error(h, texts, i, *s, &hand, e));
                }
                continue;
            }
            _ => continue,
        };
        if let Err(e) = hand.act(Some(seat), mv) {
            return Err(action_error(h, texts, i, seat, &hand, e));
        }
    }
    let showdown = hand.street() == Street::Showdown;
    let folded = hand.folded();
    let unknown_cards =
        showdown && (0..n).any(|s| !folded[s] && slots.hands[s].iter().any(|&id| !slots.named[id]));
    Ok(Replayed {
        hand,
        places,
        unknown_cards,
    })
}

/// How many choices [`fill_exactly`] makes at most before it gives up.
const FILL_BUDGET: usize = 5_000;

/// A fill of the unknown slots `todo` of `slots` (each held to `end`) in
/// which no card is in two places at once, found by a search over every
/// choice that differs: cards whose times so far are the same are
/// interchangeable, so a slot tries one card of each kind (the first in
/// `order`), the kind held longest first. Without `stand_ins`, a card
/// thrown in a draw comes back from the next draw on; with them, an
/// unknown card drawn may also be one thrown in its own draw (a stand-in
/// for a card the history does not name, which the engine accepts), and so
/// may a named one in a draw short of cards. `None` when there is none, or
/// none within [`FILL_BUDGET`] choices, or the history has more draws than
/// the search follows.
fn fill_exactly(
    slots: &Slots,
    todo: &[usize],
    end: &[usize],
    stand_ins: bool,
    order: &[Card],
) -> Option<Vec<Card>> {
    // Each card's times as bits, two a draw: 2 d while the draw's cards
    // are held and thrown, 2 d + 1 while its cards are dealt; the end of
    // the hand is 2 (last draw + 1).
    let last = slots.round;
    if last >= 30 {
        return None;
    }
    let count = slots.cards.len();
    // A draw is short where it throws more cards than are outside the live
    // hands and its own discards (as the engine decides it).
    let short: Vec<bool> = (0..=last)
        .map(|t| {
            let thrown = (0..count).filter(|&id| slots.thrown[id] == Some(t)).count();
            let kept = (0..count)
                .filter(|&id| slots.born[id] < t && end[id] >= t && slots.thrown[id] != Some(t))
                .count();
            t > 0 && thrown > 52usize.saturating_sub(kept + thrown)
        })
        .collect();
    let times = |id: usize| -> u64 {
        let b = slots.born[id];
        let e = end[id].max(b);
        let late = stand_ins && (slots.cards[id].is_none() || short[b]);
        let from = 2 * b + usize::from(late);
        let to = if e == usize::MAX || e > last {
            2 * (last + 1)
        } else if stand_ins && slots.thrown[id] == Some(e) {
            2 * e
        } else {
            2 * e + 1
        };
        (u64::MAX >> (63 - to)) & !((1u64 << from) - 1)
    };
    let mut used = [0u64; 52];
    for id in 0..count {
        if let Some(c) = slots.cards[id] {
            used[c.index() as usize] |= times(id);
        }
    }
    let want: Vec<u64> = todo.iter().map(|&id| times(id)).collect();
    // How many slots from each on need each time, and how many cards are
    // free at each time: a state with fewer free than needed at some time
    // is a dead end.
    let mut need = vec![[0u16; 64]; want.len() + 1];
    for i in (0..want.len()).rev() {
        need[i] = need[i + 1];
        for (p, n) in need[i].iter_mut().enumerate() {
            *n += (want[i] >> p & 1) as u16;
        }
    }
    let mut free = [0u16; 64];
    for (p, f) in free.iter_mut().enumerate() {
        *f = used.iter().filter(|&&u| u >> p & 1 == 0).count() as u16;
    }
    let take = |free: &mut [u16; 64], w: u64, back: bool| {
        for (p, f) in free.iter_mut().enumerate() {
            if w >> p & 1 == 1 {
                *f = if back { *f + 1 } else { *f - 1 };
            }
        }
    };
    // The states (the slot, and the kinds of card, in any order) found to
    // lead nowhere.
    let state = |i: usize, used: &[u64; 52]| {
        use std::hash::{Hash, Hasher};
        let mut kinds = *used;
        kinds.sort_unstable();
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (i, kinds).hash(&mut h);
        h.finish()
    };
    let mut dead_ends = std::collections::HashSet::new();
    let mut picks: Vec<usize> = Vec::with_capacity(todo.len());
    // for each slot, the kinds of card (times held) tried so far
    let mut tried: Vec<Vec<u64>> = Vec::with_capacity(todo.len());
    let mut budget = FILL_BUDGET;
    while picks.len() < want.len() {
        let i = picks.len();
        let fresh = tried.len() == i;
        if fresh {
            tried.push(Vec::new());
        }
        let dead = fresh
            && (free.iter().zip(&need[i]).any(|(f, n)| f < n)
                || dead_ends.contains(&state(i, &used)));
        // the next kind of card apart from slot i: the one held most
        // (tightest), one card of it, the first in `order`
        let pick = if dead {
            None
        } else {
            order
                .iter()
                .map(|c| c.index() as usize)
                .filter(|&c| used[c] & want[i] == 0 && !tried[i].contains(&used[c]))
                .min_by_key(|&c| std::cmp::Reverse(used[c].count_ones()))
        };
        budget = budget.checked_sub(1)?;
        match pick {
            Some(c) => {
                tried[i].push(used[c]);
                used[c] |= want[i];
                take(&mut free, want[i], false);
                picks.push(c);
            }
            None => {
                // no kind left for slot i: undo the slot before
                if !dead {
                    dead_ends.insert(state(i, &used));
                }
                tried.truncate(i);
                let c = picks.pop()?;
                used[c] &= !want[i - 1];
                take(&mut free, want[i - 1], true);
            }
        }
    }
    let mut card = [Card::FIRST; 52];
    for &c in order {
        card[c.index() as usize] = c;
    }
    Some(picks.into_iter().map(|c| card[c]).collect())
}
