//! Side pots by contribution level, and paying them at showdown.
use super::hand::{HOLE_CARDS, MAX_SEATS};
use super::variant::STUD_MAX_PLAYERS;
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
        crate::card::bits(self.0 as u64).map(|s| s as usize)
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
    /// Seats paid from this pot (in a hi/lo game, its high half), empty
    /// until the hand is over.
    pub winners: SeatSet,
    /// In a hi/lo game, the seats paid the low half of this pot; empty when
    /// no eligible hand made a qualifying low (the high took it all), and
    /// in the other games.
    pub low_winners: SeatSet,
}

/// An empty vector of pots kept for its allocation: a hand dealt into the
/// last one builds its pots in it (no allocation and no free per hand). It
/// is no part of a hand's state: any two are equal, and it hashes to nothing.
#[derive(Clone, Debug, Default)]
pub(crate) struct Spare(Vec<Pot>);

impl Spare {
    /// Keeps `pots`' allocation (emptied).
    pub(crate) fn keep(&mut self, mut pots: Vec<Pot>) {
        pots.clear();
        self.0 = pots;
    }
    /// The vector kept (empty), leaving none.
    pub(crate) fn take(&mut self) -> Vec<Pot> {
        std::mem::take(&mut self.0)
    }
}

impl PartialEq for Spare {
    fn eq(&self, _: &Spare) -> bool {
        true
    }
}

impl Eq for Spare {}

impl std::hash::Hash for Spare {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
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
    let mut pots = Vec::new();
    build_pots_into(
        &mut pots,
        contributions.len().min(MAX_SEATS),
        |s| (contributions[s], folded[s], all_in[s]),
        dead,
    );
    pots
}

/// [`build_pots`] for seats `0..n` (at most [`MAX_SEATS`]), `seat(s)` giving
/// each one's contribution and whether it folded or is all-in (a hand reads
/// them from its seats, with no copies), into `pots` (emptied first: a hand
/// builds its pots in the last hand's allocation).
#[inline]
pub(crate) fn build_pots_into(
    pots: &mut Vec<Pot>,
    n: usize,
    seat: impl Fn(usize) -> (u64, bool, bool),
    dead: u64,
) {
    pots.clear();
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
    if live_all_in != 0 {
        let contribution = |s: usize| seat(s).0;
        let top = SeatSet(in_hand).iter().map(contribution).max().unwrap_or(0);
        let lowest_all_in = SeatSet(live_all_in)
            .iter()
            .map(contribution)
            .min()
            .unwrap_or(0);
        if top == 0 || lowest_all_in < top {
            side_pots(pots, n, contribution, in_hand, all_in, top, dead);
            return;
        }
        // Every all-in player still in is all-in for the top contribution
        // (the usual end of a hand between equal stacks): one level, as
        // without an all-in player, which the general case would also find.
    }
    // Without an all-in player still in below the top there is one level,
    // the top contribution: every chip goes to one pot for everyone still in
    // (what `side_pots` makes of it, in one pass).
    if sum > 0 {
        pots.push(Pot {
            amount: sum,
            eligible: SeatSet(in_hand),
            winners: SeatSet::default(),
            low_winners: SeatSet::default(),
        });
    }
}

/// The pots of [`build_pots_into`] when some all-in player still in put in
/// less than the top contribution `top` (over the seats still in), or `top`
/// is 0: one level per all-in seat, and the top contribution.
fn side_pots(
    pots: &mut Vec<Pot>,
    n: usize,
    contribution: impl Fn(usize) -> u64,
    in_hand: u32,
    all_in: u32,
    top: u64,
    dead: u64,
) {
    let live_all_in = in_hand & all_in;
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
    if top > 0 {
        levels[k] = top;
        k += 1;
    }
    let levels = &mut levels[..k];
    levels.sort_unstable();
    pots.reserve(k + 1);
    if dead > 0 && someone_at_zero {
        // A player all-in for nothing live (a big blind all-in for the
        // big-blind ante) can win the dead money and nothing more.
        pots.push(Pot {
            amount: dead,
            eligible: SeatSet(in_hand),
            winners: SeatSet::default(),
            low_winners: SeatSet::default(),
        });
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
        pots.push(Pot {
            amount,
            eligible: SeatSet(in_hand & (reaches | !all_in)),
            winners: SeatSet::default(),
            low_winners: SeatSet::default(),
        });
        prev = level;
    }
    // Chips above the highest live level (only folded seats can have them,
    // mid-round) stay in the last pot; dead money goes to the main pot.
    let above: u64 = (0..n)
        .map(|s| contribution(s) - contribution(s).min(prev))
        .sum();
    if pots.is_empty() && dead_left + above > 0 {
        pots.push(Pot {
            amount: 0,
            eligible: SeatSet(in_hand),
            winners: SeatSet::default(),
            low_winners: SeatSet::default(),
        });
    }
    if let Some(first) = pots.first_mut() {
        first.amount += dead_left;
    }
    if let Some(last) = pots.last_mut() {
        last.amount += above;
    }
}

/// Pays every pot to the best hand among its eligible seats (every eligible
/// seat counts as best when `values` has none, e.g. a hand won uncontested);
/// ties split, odd chips one at a time to the tied winners starting left of
/// the button. Adds the chips won to `won`.
pub fn award(pots: &mut [Pot], values: &[Option<HandValue>], button: usize, won: &mut [u64]) {
    award_by(
        pots,
        values.len(),
        |s| values[s],
        button,
        |s, chips| won[s] += chips,
    );
}

/// [`award`] for seats `0..n`, `value(s)` giving each one's showdown value,
/// `pay(s, chips)` called for each share paid (a hand pays its seats' stacks
/// directly).
#[inline]
pub(crate) fn award_by<V: Ord + Copy>(
    pots: &mut [Pot],
    n: usize,
    value: impl Fn(usize) -> Option<V>,
    button: usize,
    pay: impl FnMut(usize, u64),
) {
    // (no seat has a low: the low half's work is compiled away)
    award_hi_lo_by(
        pots,
        n,
        value,
        |_| None::<()>,
        OddChips::Button(button),
        pay,
    );
}

/// Who gets the odd chips of a split, one at a time.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum OddChips {
    /// The tied winners in seat order from the button's left (button games).
    Button(usize),
    /// The tied winners by a key per seat, greater first, one key for the
    /// high half and one for the low (stud games: the highest card by suit
    /// of the five each plays); ties of keys in seat order.
    Keys {
        high: [u32; STUD_MAX_PLAYERS],
        low: [u32; STUD_MAX_PLAYERS],
        /// The winners are paid in seat order from its left.
        button: usize,
    },
}

/// Splits a paid pot among its winners: equal shares, odd chips one at a
/// time to the winners in seat order from the button's left. Calls `pay`
/// for each winner in that order with the chips they receive. A hi/lo pot
/// with low winners is split in two first: the low half rounded down, the
/// odd chip to the high half (WSOP tournament rule 73, live-action
/// rule 149); each half is then shared among
/// its own winners as above, the high half's first (a seat that wins in
/// both halves is paid twice).
pub fn split(pot: &Pot, button: usize, n: usize, pay: impl FnMut(usize, u64)) {
    split_with(pot, OddChips::Button(button), n, pay)
}

/// [`split`] with the odd chips as `odd` says.
pub(crate) fn split_with(pot: &Pot, odd: OddChips, n: usize, mut pay: impl FnMut(usize, u64)) {
    let (high, low_keys) = match &odd {
        OddChips::Button(b) => (Order::Button(*b), Order::Button(*b)),
        OddChips::Keys { high, low, button } => {
            (Order::Keys(high, *button), Order::Keys(low, *button))
        }
    };
    if pot.low_winners.is_empty() {
        share(pot.amount, pot.winners, high, n, &mut pay);
    } else {
        let low = pot.amount / 2;
        share(pot.amount - low, pot.winners, high, n, &mut pay);
        share(low, pot.low_winners, low_keys, n, &mut pay);
    }
}

/// The order of one half's odd chips.
#[derive(Copy, Clone)]
enum Order<'a> {
    Button(usize),
    /// The keys, and the button (the winners are paid from its left).
    Keys(&'a [u32; STUD_MAX_PLAYERS], usize),
}

/// `amount` shared among `winners` (see [`split`]).
fn share(
    amount: u64,
    winners: SeatSet,
    order: Order<'_>,
    n: usize,
    pay: &mut impl FnMut(usize, u64),
) {
    let k = winners.len() as u64;
    if k == 0 {
        return;
    }
    if k == 1 {
        // The whole amount to its one winner (a seat of the hand).
        let s = winners.0.trailing_zeros() as usize;
        if s < n {
            pay(s, amount);
        }
        return;
    }
    let each = amount / k;
    let mut odd = amount % k;
    let button = match order {
        Order::Button(b) => b,
        Order::Keys(keys, button) => {
            // Winners by key, greater first (a stable sort: equal keys in seat order).
            let mut by_key: Vec<usize> = winners.iter().filter(|&s| s < n).collect();
            by_key.sort_by_key(|&s| std::cmp::Reverse(keys.get(s).copied().unwrap_or(0)));
            let mut extra = vec![0u64; n];
            for &s in by_key.iter().take(odd as usize) {
                extra[s] = 1;
            }
            // Paid in seat order from the button's left, as every award is.
            for i in 1..=n {
                let s = (button + i) % n;
                if winners.contains(s) {
                    pay(s, each + extra[s]);
                }
            }
            return;
        }
    };
    // Seats in order from the button's left: (button + 1 + i) % n for i in 0..n.
    let mut s = if n == 0 { 0 } else { (button + 1) % n };
    for _ in 0..n {
        if winners.contains(s) {
            pay(s, each + u64::from(odd > 0));
            odd = odd.saturating_sub(1);
        }
        s += 1;
        if s == n {
            s = 0;
        }
    }
}

/// [`award_by`] for a hi/lo game: each pot's high winners by `high`, its
/// low winners by `low` among the eligible seats that have a qualifying low
/// (greater is better), then split as [`split`] says.
#[inline]
pub(crate) fn award_hi_lo_by<V: Ord + Copy, L: Ord + Copy>(
    pots: &mut [Pot],
    n: usize,
    high: impl Fn(usize) -> Option<V>,
    low: impl Fn(usize) -> Option<L>,
    odd: OddChips,
    mut pay: impl FnMut(usize, u64),
) {
    for pot in pots.iter_mut() {
        let best = pot.eligible.iter().filter_map(&high).max();
        let mut winners = 0u32;
        for s in pot.eligible.iter() {
            winners |= u32::from(best.is_none() || high(s) == best) << s;
        }
        pot.winners = SeatSet(winners);
        let best_low = pot.eligible.iter().filter_map(&low).max();
        let mut low_winners = 0u32;
        if best_low.is_some() {
            for s in pot.eligible.iter() {
                low_winners |= u32::from(low(s) == best_low) << s;
            }
        }
        pot.low_winners = SeatSet(low_winners);
        split_with(pot, odd, n, &mut pay);
    }
}

/// The showdown value of each seat still in the hand.
pub fn showdown_values(
    holes: &[[Card; HOLE_CARDS]],
    board: &[Card],
    folded: &[bool],
    out: &mut [Option<HandValue>],
) {
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
    fn one_level_shortcut_is_the_general_split() {
        // Wherever an all-in player is still in, the pots are what the
        // general split (side_pots) makes of them, shortcut or not.
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = |m: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % m
        };
        for _ in 0..20_000 {
            let n = 2 + next(8) as usize;
            let levels = [0, 1, 5, 5, 9, 12];
            let c: Vec<u64> = (0..n).map(|_| levels[next(6) as usize]).collect();
            let f: Vec<bool> = (0..n).map(|_| next(3) == 0).collect();
            let a: Vec<bool> = (0..n).map(|_| next(2) == 0).collect();
            let dead = [0, 0, 3][next(3) as usize];
            let pots = build_pots(&c, &f, &a, dead);
            let (mut in_hand, mut all_in) = (0u32, 0u32);
            for s in 0..n {
                in_hand |= u32::from(!f[s]) << s;
                all_in |= u32::from(a[s]) << s;
            }
            if in_hand & all_in == 0 {
                continue;
            }
            let top = SeatSet(in_hand).iter().map(|s| c[s]).max().unwrap_or(0);
            let mut general = Vec::new();
            side_pots(&mut general, n, |s| c[s], in_hand, all_in, top, dead);
            assert_eq!(
                pots, general,
                "contributions {c:?} folded {f:?} all-in {a:?} dead {dead}"
            );
        }
    }

    #[test]
    fn every_seat_all_in_at_a_full_table() {
        // 22 all-in levels and the top one: there was room for 22 only.
        let c: Vec<u64> = (1..=MAX_SEATS as u64).collect();
        let pots = build_pots(&c, &[false; MAX_SEATS], &[true; MAX_SEATS], 0);
        assert_eq!(pots.len(), MAX_SEATS);
        assert_eq!(
            pots.iter().map(|p| p.amount).sum::<u64>(),
            c.iter().sum::<u64>()
        );
        assert_eq!(pots[MAX_SEATS - 1].eligible.to_vec(), vec![MAX_SEATS - 1]);
    }
}
