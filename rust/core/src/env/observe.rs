//! The observation: a fixed-length vector of `f32` describing a hand as one
//! seat sees it, built from what that seat may know and nothing else.
//!
//! It is read through [`Visible`], which a [`Hand`] and a [`SeatView`] both
//! implement with the same meaning; its only card accessors are the board
//! and the observing seat's own hole cards, so no other seat's cards can
//! reach an observation. Chips are in big blinds (Progressive Hold'em: in
//! units of the first round's bet). Seats are ordered from the observer:
//! entry 0 is the observer, entry 1 the next seat clockwise, and so on.
//!
//! For `n` players, in order (offsets from [`Layout`]):
//!
//! | part       | length | contents |
//! |------------|--------|----------|
//! | `hole`     | 52     | own hole cards, one-hot by card index (`2c` 0 .. `As` 51) |
//! | `board`    | 52     | the board dealt so far, one-hot |
//! | `street`   | 4      | preflop, flop, turn, river (all zero at showdown) |
//! | `position` | n      | one-hot: seats after the button (0 the button, 1 the next) |
//! | `seats`    | 6n     | per seat from the observer: stack, bet this street, chips put in this hand, folded, all-in, has the button |
//! | `spot`     | 5      | pot, to call, min raise to, max raise to (0 when raising is closed), 1 if the observer is to act |
//! | `history`  | 20n    | per street (4), per seat from the observer: folds, checks, calls, bets and raises, chips put in on that street |
use crate::card::Card;
use crate::game::{
    CardList, EventKind, Hand, HandState, LegalActions, Rules, SeatView, Street, Structure,
};

/// Values per seat in `seats`.
pub const SEAT_FEATURES: usize = 6;
/// Values in `spot`.
pub const SPOT_FEATURES: usize = 5;
/// Values per street and seat in `history`.
pub const HISTORY_FEATURES: usize = 5;
const STREETS: usize = 4;

/// Where each part of the observation starts, for `n` players.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    pub players: usize,
    pub hole: usize,
    pub board: usize,
    pub street: usize,
    pub position: usize,
    pub seats: usize,
    pub spot: usize,
    pub history: usize,
    pub len: usize,
}

impl Layout {
    pub const fn new(n: usize) -> Layout {
        let hole = 0;
        let board = hole + 52;
        let street = board + 52;
        let position = street + STREETS;
        let seats = position + n;
        let spot = seats + SEAT_FEATURES * n;
        let history = spot + SPOT_FEATURES;
        let len = history + STREETS * HISTORY_FEATURES * n;
        Layout {
            players: n,
            hole,
            board,
            street,
            position,
            seats,
            spot,
            history,
            len,
        }
    }

    /// The parts' names, offsets and lengths, in order.
    pub fn parts(&self) -> [(&'static str, usize, usize); 7] {
        let n = self.players;
        [
            ("hole", self.hole, 52),
            ("board", self.board, 52),
            ("street", self.street, STREETS),
            ("position", self.position, n),
            ("seats", self.seats, SEAT_FEATURES * n),
            ("spot", self.spot, SPOT_FEATURES),
            ("history", self.history, STREETS * HISTORY_FEATURES * n),
        ]
    }
}

/// The chips one big blind is, for these rules (Progressive Hold'em: the
/// first round's bet).
pub fn unit(rules: &Rules) -> u64 {
    if rules.structure == Structure::Progressive {
        rules.bets[0].max(1)
    } else {
        rules.big_blind.max(1)
    }
}

/// One seat's public chips and flags.
#[derive(Copy, Clone, Debug, Default)]
pub struct SeatChips {
    pub stack: u64,
    pub bet: u64,
    pub contributed: u64,
    pub folded: bool,
    pub all_in: bool,
}

/// What an observation may read beyond [`HandState`] (whose accessors it
/// uses for the rules, the button, the street, the actor and the pot): each
/// seat's chips and flags, the board and the observing seat's own hole
/// cards, without allocating.
pub trait Visible: HandState {
    fn seat_chips(&self, seat: usize) -> SeatChips;
    fn board_cards(&self) -> &[Card];
    /// `seat`'s hole cards, for `seat` observing itself.
    fn own_cards(&self, seat: usize) -> Option<CardList>;
    /// Every post, action and uncalled return so far, in order: seat, kind, street, amount.
    fn each_entry<F: FnMut(usize, EventKind, Street, u64)>(&self, f: F);
}

impl Visible for Hand {
    #[inline]
    fn seat_chips(&self, seat: usize) -> SeatChips {
        let s = &self.seats[seat];
        // (a big-blind ante is the big blind's, as in `Hand::contributions`)
        let dead = if seat == self.big_blind_seat() {
            self.dead
        } else {
            0
        };
        SeatChips {
            stack: s.stack,
            bet: s.bet,
            contributed: s.total + dead,
            folded: s.folded,
            all_in: s.all_in,
        }
    }
    fn board_cards(&self) -> &[Card] {
        Hand::board(self)
    }
    fn own_cards(&self, seat: usize) -> Option<CardList> {
        self.hole_cards(seat)
    }
    #[inline]
    fn each_entry<F: FnMut(usize, EventKind, Street, u64)>(&self, mut f: F) {
        for e in &self.log {
            f(e.seat as usize, e.kind, e.street, e.amount);
        }
    }
}

impl Visible for SeatView {
    fn seat_chips(&self, seat: usize) -> SeatChips {
        SeatChips {
            stack: self.stacks[seat],
            bet: self.bets[seat],
            contributed: self.contributions[seat],
            folded: self.folded[seat],
            all_in: self.all_in[seat],
        }
    }
    fn board_cards(&self) -> &[Card] {
        &self.board
    }
    fn own_cards(&self, seat: usize) -> Option<CardList> {
        (self.seat == Some(seat))
            .then(|| SeatView::own_cards(self))
            .flatten()
    }
    fn each_entry<F: FnMut(usize, EventKind, Street, u64)>(&self, mut f: F) {
        for e in &self.events {
            let counted = e.kind.action().is_some() || e.kind == EventKind::ReturnUncalled;
            if let (true, Some(seat)) = (counted, e.seat) {
                f(seat, e.kind, e.street, e.amount);
            }
        }
    }
}

/// Writes `seat`'s observation of `src` into `out` (`Layout::new(players).len`
/// values). `legal`: the legal actions when `seat` is to act.
pub fn encode<V: Visible>(src: &V, seat: usize, legal: Option<&LegalActions>, out: &mut [f32]) {
    let n = src.num_players();
    let lay = Layout::new(n);
    let out = &mut out[..lay.len];
    out.fill(0.0);
    let inv = 1.0 / unit(src.rules()) as f64;
    let bb = |chips: u64| {
        // (through i64 where it fits: one instruction, the same value)
        let c = match i64::try_from(chips) {
            Ok(c) => c as f64,
            Err(_) => chips as f64,
        };
        (c * inv) as f32
    };
    let rel = |abs: usize| {
        if abs >= seat {
            abs - seat
        } else {
            abs + n - seat
        }
    };

    if let Some(hole) = src.own_cards(seat) {
        for c in hole {
            out[lay.hole + c.index() as usize] = 1.0;
        }
    }
    for c in src.board_cards() {
        out[lay.board + c.index() as usize] = 1.0;
    }
    let street = src.street();
    if street != Street::Showdown {
        out[lay.street + street as usize] = 1.0;
    }
    let button = src.button();
    out[lay.position + (seat + n - button) % n] = 1.0;
    for abs in 0..n {
        let c = src.seat_chips(abs);
        let o = lay.seats + SEAT_FEATURES * rel(abs);
        out[o] = bb(c.stack);
        out[o + 1] = bb(c.bet);
        out[o + 2] = bb(c.contributed);
        out[o + 3] = c.folded as u8 as f32;
        out[o + 4] = c.all_in as u8 as f32;
        out[o + 5] = (abs == button) as u8 as f32;
    }
    out[lay.spot] = bb(src.pot());
    if let Some(la) = legal {
        out[lay.spot + 1] = bb(la.call_amount);
        out[lay.spot + 2] = la.min_raise_to.map_or(0.0, bb);
        out[lay.spot + 3] = la.max_raise_to.map_or(0.0, bb);
    }
    out[lay.spot + 4] = (src.actor() == Some(seat)) as u8 as f32;

    // The betting so far, street by street. Chips put in are added up
    // modulo 2^64: a seat's total on a street is a whole number of chips
    // from 0 to its stack, so the wrapped sum is exact (and cheaper than a
    // wider integer).
    let mut street_bet = [0u64; crate::game::MAX_SEATS];
    let mut chips = [[0u64; crate::game::MAX_SEATS]; STREETS];
    let mut current = Street::Preflop;
    src.each_entry(|s, kind, st, amount| {
        if s >= n {
            return;
        }
        if st != current {
            street_bet[..n].fill(0);
            current = st;
        }
        let si = (st as usize).min(STREETS - 1);
        let o = lay.history + (si * n + rel(s)) * HISTORY_FEATURES;
        let put = &mut chips[si][s];
        match kind {
            EventKind::Fold => out[o] += 1.0,
            EventKind::Check => out[o + 1] += 1.0,
            EventKind::Call => {
                out[o + 2] += 1.0;
                *put = put.wrapping_add(amount);
                street_bet[s] = street_bet[s].wrapping_add(amount);
            }
            EventKind::Bet | EventKind::Raise => {
                out[o + 3] += 1.0;
                *put = put.wrapping_add(amount).wrapping_sub(street_bet[s]);
                street_bet[s] = amount;
            }
            EventKind::PostAnte => *put = put.wrapping_add(amount),
            EventKind::PostSmallBlind | EventKind::PostBigBlind | EventKind::PostStraddle => {
                *put = put.wrapping_add(amount);
                street_bet[s] = street_bet[s].wrapping_add(amount);
            }
            EventKind::ReturnUncalled => {
                *put = put.wrapping_sub(amount);
                street_bet[s] = street_bet[s].saturating_sub(amount);
            }
            _ => {}
        }
    });
    for (si, row) in chips.iter().enumerate() {
        for (abs, &c) in row[..n].iter().enumerate().filter(|(_, &c)| c != 0) {
            out[lay.history + (si * n + rel(abs)) * HISTORY_FEATURES + 4] = bb(c);
        }
    }
}
