//! A compact byte encoding of [`Rules`] and [`Hand`], for pickling. Decoding
//! checks every field's range and fails with an error, never a panic.
use super::betting::LegalActions;
use super::draw::{DrawDeal, Drawn, DRAW_MAX_PLAYERS};
use super::event::{CardList, Entry, Event, EventCards, EventKind};
use super::hand::{
    Hand, PackedHole, Runs, Seat, SeatingBits, Street, MAX_RUNS, MAX_SEATS, NO_SEAT,
};
use super::pots::{Pot, SeatSet};
use super::rules::{Rules, StraddleMinRaise, Structure};
use super::stud::StudDeal;
use super::variant::{Game, MAX_HOLE_CARDS, STUD_CARDS, STUD_MAX_PLAYERS};
use super::view::SeatView;
use crate::card::Card;
use crate::error::{Error, Result, StateProblem};
use std::sync::Arc;

/// The state format. 2: the hand's log holds returns of uncalled chips;
/// seat views are a type of their own. 3: a hand records who posted the
/// blinds (tables deal hands with a dead small blind, or with players
/// posting to come in). 4: the rules name the game (hole cards per seat
/// follow from it), and pots their low winners. 5: the stud games (the
/// rules' bring-in, a stud hand's deal). 6: the draw games (a draw hand's
/// deal and draws; the legal actions' draw flag). 7: a stud deal records
/// each street's burn as burned (a scramble returns it to the stub). A
/// state of another format is refused.
const VERSION: u8 = 7;

#[derive(Default)]
pub(crate) struct Writer(pub(crate) Vec<u8>);

/// Writes a seating's seat sets: the posting set in one word, as format 3
/// always had it; when a seat posts a dead small blind or has a dead hand,
/// bit 63 of that word is set and a second word follows (dead small blinds
/// in its low half, dead hands in its high half). States written before
/// these sets existed read as having none.
pub(crate) fn write_seat_sets(w: &mut Writer, posting: u32, dead_blinds: u32, dead_hands: u32) {
    let more = (dead_blinds | dead_hands) != 0;
    w.u64(posting as u64 | (more as u64) << 63);
    if more {
        w.u64(dead_blinds as u64 | (dead_hands as u64) << 32);
    }
}

/// Reads what [`write_seat_sets`] wrote: (posting, dead small blinds, dead hands).
pub(crate) fn read_seat_sets(r: &mut Reader) -> Result<(u32, u32, u32)> {
    let first = r.u64()?;
    let posting = u32::try_from(first & !(1 << 63)).map_err(|_| bad())?;
    if first >> 63 == 0 {
        return Ok((posting, 0, 0));
    }
    let second = r.u64()?;
    let (dead_blinds, dead_hands) = (second as u32, (second >> 32) as u32);
    if dead_blinds | dead_hands == 0 {
        return Err(bad());
    }
    Ok((posting, dead_blinds, dead_hands))
}

impl Writer {
    pub(crate) fn u8(&mut self, v: u8) {
        self.0.push(v);
    }
    pub(crate) fn u64(&mut self, v: u64) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    pub(crate) fn bool(&mut self, v: bool) {
        self.u8(v as u8);
    }
    pub(crate) fn card(&mut self, c: Card) {
        self.u8(c.index());
    }
    pub(crate) fn len(&mut self, n: usize) {
        self.u64(n as u64);
    }
}

pub(crate) struct Reader<'a>(pub(crate) &'a [u8]);

pub(crate) fn bad() -> Error {
    Error::corrupt()
}

/// Reads the format byte: another format is refused with its number.
pub(crate) fn check_version(r: &mut Reader) -> Result<()> {
    match r.u8()? {
        VERSION => Ok(()),
        found => Err(
            crate::error::ErrorKind::CorruptState(StateProblem::Version {
                found,
                expected: VERSION,
            })
            .into(),
        ),
    }
}

impl Reader<'_> {
    pub(crate) fn u8(&mut self) -> Result<u8> {
        let (&b, rest) = self.0.split_first().ok_or_else(bad)?;
        self.0 = rest;
        Ok(b)
    }
    pub(crate) fn u64(&mut self) -> Result<u64> {
        if self.0.len() < 8 {
            return Err(bad());
        }
        let (head, rest) = self.0.split_at(8);
        self.0 = rest;
        let mut b = [0u8; 8];
        b.copy_from_slice(head);
        Ok(u64::from_le_bytes(b))
    }
    pub(crate) fn bool(&mut self) -> Result<bool> {
        match self.u8()? {
            0 => Ok(false),
            1 => Ok(true),
            _ => Err(bad()),
        }
    }
    pub(crate) fn card(&mut self) -> Result<Card> {
        Card::new(self.u8()?).map_err(|_| bad())
    }
    pub(crate) fn len(&mut self, max: usize) -> Result<usize> {
        let n = self.u64()?;
        if n > max as u64 {
            return Err(bad());
        }
        Ok(n as usize)
    }
    pub(crate) fn seat(&mut self, n: usize) -> Result<usize> {
        let s = self.u8()? as usize;
        if s >= n {
            return Err(bad());
        }
        Ok(s)
    }
}

pub(crate) const FORMAT: u8 = VERSION;

pub(crate) fn write_rules(w: &mut Writer, r: &Rules) {
    w.u8(r.structure as u8);
    for v in [
        r.small_blind,
        r.big_blind,
        r.ante,
        r.big_blind_ante,
        r.small_bet,
        r.big_bet,
    ] {
        w.u64(v);
    }
    w.len(r.straddles.len());
    for &s in &r.straddles {
        w.u64(s);
    }
    w.u8(r.straddle_min_raise as u8);
    match r.raise_cap {
        Some(c) => {
            w.bool(true);
            w.u64(c as u64);
        }
        None => w.bool(false),
    }
    w.bool(r.heads_up_uncapped);
    for b in r.bets {
        w.u64(b);
    }
    w.u8(r.game.to_byte());
    w.bool(r.button_blind);
    w.u64(r.bring_in);
    w.bool(r.fourth_street_big_bet);
}

pub(crate) fn read_rules(r: &mut Reader) -> Result<Rules> {
    let structure = Structure::from_u8(r.u8()?).ok_or_else(bad)?;
    let mut v = [0u64; 6];
    for x in v.iter_mut() {
        *x = r.u64()?;
    }
    let n = r.len(MAX_SEATS)?;
    let straddles = (0..n).map(|_| r.u64()).collect::<Result<Vec<_>>>()?;
    let straddle_min_raise = match r.u8()? {
        0 => StraddleMinRaise::Straddle,
        1 => StraddleMinRaise::BigBlind,
        _ => return Err(bad()),
    };
    let raise_cap = if r.bool()? {
        Some(u32::try_from(r.u64()?).map_err(|_| bad())?)
    } else {
        None
    };
    let heads_up_uncapped = r.bool()?;
    let mut bets = [0u64; 4];
    for b in bets.iter_mut() {
        *b = r.u64()?;
    }
    let game = Game::from_byte(r.u8()?)?;
    let button_blind = r.bool()?;
    let bring_in = r.u64()?;
    let fourth_street_big_bet = r.bool()?;
    let rules = Rules {
        structure,
        small_blind: v[0],
        big_blind: v[1],
        ante: v[2],
        big_blind_ante: v[3],
        straddles,
        straddle_min_raise,
        small_bet: v[4],
        big_bet: v[5],
        raise_cap,
        heads_up_uncapped,
        bets,
        game,
        button_blind,
        bring_in,
        fourth_street_big_bet,
    };
    // Re-validate through the public constructors.
    let o = super::rules::BlindOptions {
        small_blind: rules.small_blind,
        big_blind: rules.big_blind,
        ante: rules.ante,
        big_blind_ante: rules.big_blind_ante,
        straddles: rules.straddles.clone(),
        straddle_min_raise: Some(rules.straddle_min_raise),
        button_blind: rules.button_blind,
    };
    let checked = match structure {
        _ if bring_in > 0 => Rules::stud(
            game,
            super::rules::StudOptions {
                ante: rules.ante,
                bring_in,
                small_bet: rules.small_bet,
                big_bet: Some(rules.big_bet),
                raise_cap: rules.raise_cap,
                heads_up_uncapped: rules.heads_up_uncapped,
                fourth_street_big_bet: rules.fourth_street_big_bet,
            },
        )?,
        Structure::NoLimit => Rules::no_limit(o)?,
        Structure::PotLimit => Rules::pot_limit(o)?,
        Structure::FixedLimit => Rules::fixed_limit(
            o,
            Some(rules.small_bet),
            Some(rules.big_bet),
            rules.raise_cap,
            rules.heads_up_uncapped,
        )?,
        Structure::Progressive => Rules::progressive(rules.ante, rules.bets)?,
    }
    .for_game(game)
    .map_err(|_| bad())?;
    if checked != rules {
        return Err(bad());
    }
    Ok(rules)
}

pub fn encode_rules(r: &Rules) -> Vec<u8> {
    let mut w = Writer::default();
    w.u8(VERSION);
    write_rules(&mut w, r);
    w.0
}

pub fn decode_rules(bytes: &[u8]) -> Result<Rules> {
    let mut r = Reader(bytes);
    check_version(&mut r)?;
    let rules = read_rules(&mut r)?;
    if !r.0.is_empty() {
        return Err(bad());
    }
    Ok(rules)
}

pub fn encode_hand(h: &Hand) -> Vec<u8> {
    let mut w = Writer::default();
    w.u8(VERSION);
    write_rules(&mut w, &h.rules);
    w.len(h.seats.len());
    for s in &h.seats {
        for v in [s.starting, s.stack, s.bet, s.total, s.acted_high] {
            w.u64(v);
        }
        w.bool(s.folded);
        w.bool(s.all_in);
        w.bool(s.acted);
        if h.rules.game.is_community() {
            s.hole
                .cards(h.rules.game.hole_cards())
                .iter()
                .for_each(|&c| w.card(c));
        }
    }
    w.u8(h.button as u8);
    w.u8(h.seating.sb);
    w.u8(h.seating.bb);
    write_seat_sets(
        &mut w,
        h.seating.posting,
        h.seating.dead_blinds,
        h.seating.dead_hands,
    );
    w.u8(h.street as u8);
    for c in h.board {
        w.card(c);
    }
    match h.burns {
        Some(b) => {
            w.bool(true);
            b.iter().for_each(|&c| w.card(c));
        }
        None => w.bool(false),
    }
    write_opt_seat(&mut w, h.actor);
    for v in [
        h.high,
        h.full_raise,
        h.last_full_high,
        h.raises as u64,
        h.dead,
    ] {
        w.u64(v);
    }
    w.bool(h.uncapped);
    w.bool(h.fourth_big);
    w.len(h.log.len());
    for a in &h.log {
        w.u8(a.seat);
        w.u8(a.kind as u8);
        w.u8(a.street as u8);
        w.u64(a.amount);
        w.bool(a.all_in);
    }
    match &h.result {
        Some(pots) => {
            w.bool(true);
            write_pots(&mut w, pots);
        }
        None => w.bool(false),
    }
    if let Some(d) = &h.stud {
        w.bool(h.bring_in_due);
        write_stud(&mut w, d, h.seats.len());
    }
    if let Some(d) = &h.draw {
        write_draw(&mut w, d, h.seats.len());
    }
    // Running the board more than once: a trailer, written only once it is
    // offered (a state without it is a hand without the offer).
    if h.runs != Runs::default() {
        w.u8(RUNS_MARK);
        w.bool(h.runs.offer);
        w.bool(h.runs.awaiting);
        w.bool(h.runs.chosen);
        w.u8(h.runs.count);
        w.u8(h.runs.shared);
        h.runs.boards.iter().flatten().for_each(|&c| w.card(c));
    }
    w.0
}

/// The byte that starts a hand state's trailer of runs.
const RUNS_MARK: u8 = 0xB7;

/// The trailer of runs, when the state has one: checked for range, the
/// flags' sense and distinct cards (against the deal by the caller).
fn read_runs(r: &mut Reader) -> Result<Runs> {
    if r.0.is_empty() {
        return Ok(Runs::default());
    }
    if r.u8()? != RUNS_MARK {
        return Err(bad());
    }
    let (offer, awaiting, chosen) = (r.bool()?, r.bool()?, r.bool()?);
    let (count, shared) = (r.u8()?, r.u8()?);
    let mut boards = [[Card::FIRST; 5]; 2];
    for c in boards.iter_mut().flatten() {
        *c = r.card()?;
    }
    let ok = (1..=MAX_RUNS as u8).contains(&count)
        && shared <= 5
        && !(awaiting && chosen)
        && (offer || !(awaiting || chosen))
        && (count == 1 || chosen);
    if !ok {
        return Err(bad());
    }
    Ok(Runs {
        offer,
        awaiting,
        chosen,
        count,
        shared,
        boards,
    })
}

/// A draw deal: each seat's hand as dealt and now, the stub, the burns,
/// every draw, the draw in progress and the reshuffles' seed.
fn write_draw(w: &mut Writer, d: &DrawDeal, n: usize) {
    for seat in 0..n {
        write_list(w, &d.initial[seat]);
        write_list(w, &d.hands[seat]);
    }
    write_list(w, &d.stub[..d.stub_len as usize]);
    w.u8(d.next);
    for b in d.burns {
        write_opt_card(w, b);
    }
    w.len(d.draws.len());
    for x in &d.draws {
        w.u8(x.seat);
        w.u8(x.round);
        write_list(w, &x.discarded);
        write_list(w, &x.drawn);
        write_list(w, &x.given);
    }
    w.u8(d.round);
    w.u64(d.pending as u64);
    w.u64(d.seed);
    w.u8(d.reshuffles);
}

/// Reads [`write_draw`]'s deal for `n` seats of `game` on `street`,
/// checked against the hand: the hands as dealt, of the game's size and
/// distinct; every draw, replayed on them, gives the hands now (a draw's
/// cards absent only while its draw is in progress); the log's discards
/// are the draws; the live hands, the stub and the draw's discards hold
/// no card twice; the draw in progress is the street's.
fn read_draw(
    r: &mut Reader,
    game: Game,
    n: usize,
    street: Street,
    seats: &[Seat],
    log: &[Entry],
) -> Result<DrawDeal> {
    if n > DRAW_MAX_PLAYERS || !(street.is_draw() || street == Street::Showdown) {
        return Err(bad());
    }
    let k = game.hole_cards();
    let mut d = DrawDeal {
        initial: [CardList::default(); DRAW_MAX_PLAYERS],
        hands: [CardList::default(); DRAW_MAX_PLAYERS],
        stub: [Card::FIRST; 52],
        stub_len: 0,
        next: 0,
        burns: [None; 3],
        draws: Vec::new(),
        round: 0,
        pending: 0,
        seed: 0,
        reshuffles: 0,
    };
    for seat in 0..n {
        d.initial[seat] = read_list(r, k)?;
        d.hands[seat] = read_list(r, k)?;
        if d.initial[seat].len() != k {
            return Err(bad());
        }
    }
    let stub = read_list_any(r, 52)?;
    d.stub[..stub.len()].copy_from_slice(&stub);
    d.stub_len = stub.len() as u8;
    d.next = r.u8()?;
    for b in d.burns.iter_mut() {
        *b = read_opt_card(r)?;
    }
    let count = r.len(3 * DRAW_MAX_PLAYERS)?;
    for _ in 0..count {
        let seat = r.seat(n)? as u8;
        let round = r.u8()?;
        let discarded = read_list(r, k)?;
        let drawn = read_list(r, k)?;
        let given = read_list(r, k)?;
        d.draws.push(Drawn {
            seat,
            round,
            discarded,
            drawn,
            given,
        });
    }
    d.round = r.u8()?;
    let pending = r.u64()?;
    d.seed = r.u64()?;
    d.reshuffles = r.u8()?;
    if pending >> n != 0 || d.next > d.stub_len || d.round as usize > game.draws() {
        return Err(bad());
    }
    d.pending = pending as u32;
    let initial: Vec<Card> = d.initial[..n].iter().flatten().copied().collect();
    if crate::card::check_distinct(&initial).is_err() || crate::card::check_distinct(&stub).is_err()
    {
        return Err(bad());
    }
    // The draws, replayed on the hands as dealt, in order of their draws.
    let mut hands = d.initial;
    let mut last_round = 1u8;
    for (i, x) in d.draws.iter().enumerate() {
        let seat = x.seat as usize;
        let in_progress = x.round == d.round && d.pending != 0;
        let k_out = x.discarded.len();
        if x.round < last_round
            || x.round > d.round
            || (x.drawn.len() != k_out && !(in_progress && x.drawn.is_empty()))
            || x.given.len() > k_out
            || x.given.iter().zip(x.drawn.iter()).any(|(g, c)| g != c)
            || d.draws[..i]
                .iter()
                .any(|y| y.round == x.round && y.seat == x.seat)
        {
            return Err(bad());
        }
        last_round = x.round;
        let h = hands[seat];
        if x.discarded.iter().any(|c| !h.contains(c))
            || crate::card::check_distinct(&x.discarded).is_err()
        {
            return Err(bad());
        }
        let mut kept: Vec<Card> = h
            .iter()
            .copied()
            .filter(|c| !x.discarded.contains(c))
            .collect();
        kept.extend(x.drawn.iter().copied());
        hands[seat] = CardList::new(&kept);
    }
    if hands[..n] != d.hands[..n] {
        return Err(bad());
    }
    // The log's discards are the draws, one for one.
    let discards: Vec<&Entry> = log
        .iter()
        .filter(|e| e.kind == EventKind::Discard)
        .collect();
    if discards.len() != d.draws.len()
        || discards.iter().zip(&d.draws).any(|(e, x)| {
            e.seat != x.seat
                || e.amount != x.discarded.len() as u64
                || !e.street.is_draw()
                || e.street.round() != x.round as usize
        })
    {
        return Err(bad());
    }
    // No card twice among the live hands, the stub still to come and the
    // draw's discards; each hand of the game's size once its draw is dealt.
    let mut cards: Vec<Card> = Vec::new();
    for (seat, s) in seats.iter().enumerate() {
        let pending = d.pending >> seat & 1 == 1;
        let drawing = d.pending != 0
            && d.draws
                .iter()
                .any(|x| x.round == d.round && x.seat as usize == seat);
        if !pending && !drawing && d.hands[seat].len() != k {
            return Err(bad());
        }
        if !s.folded {
            cards.extend(d.hands[seat].iter().copied());
        } else if pending {
            return Err(bad());
        }
    }
    cards.extend_from_slice(&stub[d.next as usize..]);
    // (until the draw is dealt: then its discards may be redealt, where
    // nothing else was left)
    for x in d
        .draws
        .iter()
        .filter(|x| x.round == d.round && d.pending != 0)
    {
        cards.extend(x.discarded.iter().copied());
    }
    if crate::card::check_distinct(&cards).is_err() {
        return Err(bad());
    }
    // The draw in progress is the street's.
    if d.pending != 0 && (!street.is_draw() || street.round() != d.round as usize) {
        return Err(bad());
    }
    Ok(d)
}

fn write_list(w: &mut Writer, cards: &[Card]) {
    w.len(cards.len());
    cards.iter().for_each(|&c| w.card(c));
}

fn read_list(r: &mut Reader, max: usize) -> Result<CardList> {
    let k = r.len(max)?;
    let cards = (0..k).map(|_| r.card()).collect::<Result<Vec<_>>>()?;
    Ok(CardList::new(&cards))
}

fn write_opt_card(w: &mut Writer, c: Option<Card>) {
    match c {
        Some(c) => {
            w.bool(true);
            w.card(c);
        }
        None => w.bool(false),
    }
}

fn read_opt_card(r: &mut Reader) -> Result<Option<Card>> {
    Ok(if r.bool()? { Some(r.card()?) } else { None })
}

/// A stud deal: each seat's cards and given cards, the stub, the burns.
fn write_stud(w: &mut Writer, d: &StudDeal, n: usize) {
    for seat in 0..n {
        write_list(w, &d.cards[seat]);
        write_list(w, &d.given[seat]);
    }
    write_list(w, &d.stub[..d.stub_len as usize]);
    w.u8(d.next);
    write_list(w, &d.returned);
    write_list(w, &d.burns);
    for &b in &d.burned {
        write_opt_card(w, b);
    }
    write_opt_card(w, d.community);
    write_opt_card(w, d.given_community);
    w.bool(d.shuffled);
}

/// Reads [`write_stud`]'s deal for `n` seats on `street`, checked: every
/// card of the deck once among the stub and the given cards, each seat's
/// cards its given ones then cards off the stub, as many as the street
/// deals (fewer for a seat that folded), the burns and the community card
/// off the stub.
fn read_stud(r: &mut Reader, n: usize, street: Street, seats: &[Seat]) -> Result<StudDeal> {
    if n > STUD_MAX_PLAYERS {
        return Err(bad());
    }
    let mut d = StudDeal {
        cards: [CardList::default(); STUD_MAX_PLAYERS],
        given: [CardList::default(); STUD_MAX_PLAYERS],
        stub: [Card::FIRST; 52],
        stub_len: 0,
        next: 0,
        returned: CardList::default(),
        burns: CardList::default(),
        burned: [None; 4],
        community: None,
        given_community: None,
        shuffled: false,
        natural: true,
        fault: None,
        trial: false,
    };
    for seat in 0..n {
        d.cards[seat] = read_list(r, STUD_CARDS)?;
        d.given[seat] = read_list(r, STUD_CARDS)?;
    }
    let stub = read_list_any(r, 52)?;
    d.stub[..stub.len()].copy_from_slice(&stub);
    d.stub_len = stub.len() as u8;
    d.next = r.u8()?;
    d.returned = read_list(r, CardList::CAPACITY)?;
    d.burns = read_list(r, CardList::CAPACITY)?;
    for b in d.burned.iter_mut() {
        *b = read_opt_card(r)?;
    }
    d.community = read_opt_card(r)?;
    d.given_community = read_opt_card(r)?;
    d.shuffled = r.bool()?;
    d.natural = StudDeal::is_natural(&d.given[..n], d.given_community);
    if d.next > d.stub_len || (d.given_community.is_some() && n < STUD_MAX_PLAYERS) {
        return Err(bad());
    }
    // The deck: the stub and every given card, each card once.
    let mut deck: Vec<Card> = stub.clone();
    deck.extend(d.given[..n].iter().flat_map(|g| g.iter().copied()));
    deck.extend(d.given_community);
    if deck.len() != 52 || crate::card::check_distinct(&deck).is_err() {
        return Err(bad());
    }
    // What was dealt came off the deck once: a seat's given cards first,
    // then cards of the stub, as were the burns and a community card
    // (unless given).
    let mut out: Vec<Card> = Vec::new();
    let dealt = match street {
        Street::Showdown => STUD_CARDS,
        s if s.is_stud() => 3 + s.round(),
        _ => return Err(bad()),
    };
    for ((c, g), s) in d.cards.iter().zip(&d.given).zip(seats).take(n) {
        let own = c.len() + usize::from(d.community.is_some());
        let short = own < dealt && !s.folded && street != Street::Showdown;
        if c.len() < 3 || own > dealt || short {
            return Err(bad());
        }
        for (i, &card) in c.iter().enumerate() {
            if (i < g.len() && card != g[i]) || (i >= g.len() && !stub.contains(&card)) {
                return Err(bad());
            }
            out.push(card);
        }
    }
    let off_stub = d.burns.iter().chain(d.returned.iter());
    if off_stub.clone().any(|c| !stub.contains(c))
        || d.community
            .is_some_and(|c| !stub.contains(&c) && d.given_community != Some(c))
    {
        return Err(bad());
    }
    out.extend(off_stub);
    out.extend(d.community);
    if crate::card::check_distinct(&out).is_err() {
        return Err(bad());
    }
    // Each street's burn came off the stub (a burn scrambled back may be
    // burned again); the burns not scrambled back are among them.
    let burned: Vec<Card> = d.burned.iter().flatten().copied().collect();
    if burned.iter().any(|c| !stub.contains(c)) || d.burns.iter().any(|c| !burned.contains(c)) {
        return Err(bad());
    }
    Ok(d)
}

/// A list of up to `max` cards (a stub: more than a [`CardList`] holds).
fn read_list_any(r: &mut Reader, max: usize) -> Result<Vec<Card>> {
    let k = r.len(max)?;
    (0..k).map(|_| r.card()).collect()
}

fn write_pots(w: &mut Writer, pots: &[Pot]) {
    w.len(pots.len());
    for p in pots {
        w.u64(p.amount);
        w.u64(p.eligible.0 as u64);
        w.u64(p.winners.0 as u64);
        w.u64(p.low_winners.0 as u64);
    }
}

fn read_pots(r: &mut Reader, n: usize) -> Result<Vec<Pot>> {
    let pn = r.len(MAX_SEATS + 1)?;
    let mut pots = Vec::with_capacity(pn);
    for _ in 0..pn {
        let amount = r.u64()?;
        let mut sets = [SeatSet::default(); 3];
        for set in sets.iter_mut() {
            let m = r.u64()?;
            if m >> n != 0 {
                return Err(bad());
            }
            *set = SeatSet(m as u32);
        }
        pots.push(Pot {
            amount,
            eligible: sets[0],
            winners: sets[1],
            low_winners: sets[2],
        });
    }
    Ok(pots)
}

/// One seat's hole cards: as many as `rules`' game deals.
fn hole(r: &mut Reader, rules: &Rules) -> Result<CardList> {
    let mut h = [Card::FIRST; MAX_HOLE_CARDS];
    let k = rules.game.hole_cards();
    for c in h[..k].iter_mut() {
        *c = r.card()?;
        if !rules.game.has_card(*c) {
            return Err(bad());
        }
    }
    Ok(CardList::new(&h[..k]))
}

/// The format byte, the rules and the number of seats, shared by hands and views.
fn read_header(r: &mut Reader) -> Result<(Arc<Rules>, usize)> {
    check_version(r)?;
    let rules = Arc::new(read_rules(r)?);
    let n = r.len(MAX_SEATS)?;
    if n < 2 {
        return Err(bad());
    }
    Ok((rules, n))
}

pub fn decode_hand(bytes: &[u8]) -> Result<Hand> {
    let mut r = Reader(bytes);
    let (rules, n) = read_header(&mut r)?;
    let mut seats = Vec::with_capacity(n);
    for _ in 0..n {
        let mut v = [0u64; 5];
        for x in v.iter_mut() {
            *x = r.u64()?;
        }
        seats.push(Seat {
            starting: v[0],
            stack: v[1],
            bet: v[2],
            total: v[3],
            acted_high: v[4],
            folded: r.bool()?,
            all_in: r.bool()?,
            acted: r.bool()?,
            hole: if !rules.game.is_community() {
                PackedHole::default()
            } else {
                PackedHole::pack(&hole(&mut r, &rules)?)
            },
        });
    }
    let button = r.seat(n)?;
    let sb = r.u8()?;
    let bb = r.seat(n)? as u8;
    let (posting, dead_blinds, dead_hands) = read_seat_sets(&mut r)?;
    let blinds = (1u32 << bb) | if sb != NO_SEAT { 1 << sb } else { 0 };
    let beyond = |set: u32| set >> n != 0;
    if (sb != NO_SEAT && sb as usize >= n)
        || sb == bb
        || beyond(posting | dead_blinds | dead_hands)
        || (posting | dead_blinds) & blinds != 0
        || dead_hands.count_ones() as usize >= n
    {
        return Err(bad());
    }
    let seating = SeatingBits {
        sb,
        bb,
        posting,
        dead_blinds,
        dead_hands,
    };
    let street = Street::from_u8(r.u8()?).ok_or_else(bad)?;
    let mut board = [Card::new(0).map_err(|_| bad())?; 5];
    for c in board.iter_mut() {
        *c = r.card()?;
    }
    let burns = if r.bool()? {
        Some([r.card()?, r.card()?, r.card()?])
    } else {
        None
    };
    let actor = read_opt_seat(&mut r, n)?;
    let mut v = [0u64; 5];
    for x in v.iter_mut() {
        *x = r.u64()?;
    }
    let uncapped = r.bool()?;
    let fourth_big = r.bool()?;
    let hn = r.len(1 << 20)?;
    // Each entry takes 12 bytes: no more can follow than the bytes left.
    let mut log = Vec::with_capacity(hn.min(r.0.len() / 12));
    for _ in 0..hn {
        let entry = Entry {
            seat: r.seat(n)? as u8,
            kind: EventKind::from_u8(r.u8()?).ok_or_else(bad)?,
            street: Street::from_u8(r.u8()?).ok_or_else(bad)?,
            amount: r.u64()?,
            all_in: r.bool()?,
        };
        // Only posts, actions and returns are logged, on the game's
        // betting rounds, in order, up to the hand's street.
        if entry.kind.action().is_none() && entry.kind != EventKind::ReturnUncalled {
            return Err(bad());
        }
        let game = rules.game;
        let of_game = if game.is_stud() {
            entry.street.is_stud()
        } else if game.is_draw() {
            entry.street.is_draw() && entry.street.round() <= game.draws()
        } else {
            entry.street <= Street::River
        };
        if !of_game
            || (street != Street::Showdown && entry.street > street)
            || log.last().is_some_and(|l: &Entry| l.street > entry.street)
        {
            return Err(bad());
        }
        log.push(entry);
    }
    let result = if r.bool()? {
        Some(read_pots(&mut r, n)?)
    } else {
        None
    };
    let (bring_in_due, stud) = if rules.game.is_stud() {
        let due = r.bool()?;
        (due, Some(Box::new(read_stud(&mut r, n, street, &seats)?)))
    } else {
        if street.is_stud() {
            return Err(bad());
        }
        (false, None)
    };
    let draw = if rules.game.is_draw() {
        Some(Box::new(read_draw(
            &mut r, rules.game, n, street, &seats, &log,
        )?))
    } else {
        if street.is_draw() {
            return Err(bad());
        }
        None
    };
    let drawing = draw.as_ref().is_some_and(|d| d.pending != 0);
    let runs = read_runs(&mut r)?;
    if !r.0.is_empty() || (runs != Runs::default() && (stud.is_some() || draw.is_some())) {
        return Err(bad());
    }
    // Chips must add up, or later arithmetic could go wrong.
    let start: u128 = seats.iter().map(|s| s.starting as u128).sum();
    let stacks: u128 = seats.iter().map(|s| s.stack as u128).sum();
    let middle: u128 = seats.iter().map(|s| s.total as u128).sum::<u128>() + v[4] as u128;
    let consistent = if result.is_some() {
        stacks == start
    } else {
        stacks + middle == start
    };
    if !consistent
        || seats
            .iter()
            .any(|s| s.bet > s.total || s.acted_high > v[0] || s.bet > v[0])
    {
        return Err(bad());
    }
    // Amounts within the engine's limits, so no later sum can overflow, and
    // the betting state consistent with the bets, so no later difference can
    // go below zero.
    if start > super::rules::MAX_CHIPS as u128 {
        return Err(bad());
    }
    let (high, full_raise, last_full_high, raises) = (v[0], v[1], v[2], v[3]);
    let max_bet = seats.iter().map(|s| s.bet).max().unwrap_or(0);
    let cap_ok = match (rules.structure, rules.raise_cap) {
        // A round without a cap (heads-up, uncapped) may raise on and on.
        (Structure::FixedLimit, Some(cap)) => uncapped || raises <= cap as u64 + 1,
        // No cap: as many raises as the chips allow (a u32, read above).
        _ => true,
    };
    let betting_ok = high <= super::rules::MAX_CHIPS
        && full_raise <= super::rules::MAX_CHIPS
        && last_full_high <= high
        && high >= max_bet
        && (full_raise >= 1 || rules.structure == Structure::Progressive || result.is_some())
        && cap_ok
        && v[4] <= rules.big_blind_ante
        && seats
            .iter()
            .all(|s| s.folded || (s.stack == 0) == s.all_in || result.is_some());
    if !betting_ok {
        return Err(bad());
    }
    // Every card of the deal distinct (a stud or draw deal: checked as it
    // was read; its hand has no board and no burns of a board, as a new one
    // is dealt).
    if stud.is_some() || draw.is_some() {
        if board != [Card::FIRST; 5] || burns.is_some() {
            return Err(bad());
        }
    } else {
        let k = rules.game.hole_cards();
        let mut cards: Vec<Card> = seats.iter().flat_map(|s| s.hole.cards(k)).collect();
        cards.extend_from_slice(&board);
        if let Some(b) = burns {
            cards.extend_from_slice(&b);
        }
        // the other runs' own cards
        for b in &runs.boards[..runs.count as usize - 1] {
            if b[..runs.shared as usize] != board[..runs.shared as usize] {
                return Err(bad());
            }
            cards.extend_from_slice(&b[runs.shared as usize..]);
        }
        if crate::card::check_distinct(&cards).is_err() || rules.game.check_in_deck(&cards).is_err()
        {
            return Err(bad());
        }
    }
    // A hand in progress has someone to act who can act, and two players in
    // it; a finished one has nobody to act.
    let in_hand = seats.iter().filter(|s| !s.folded).count();
    let ok_turn = match (actor, &result) {
        (Some(a), None) => {
            in_hand >= 2
                && !seats[a].folded
                && (!seats[a].all_in || drawing)
                && street != Street::Showdown
                && (!drawing || draw.as_ref().is_some_and(|d| d.pending >> a & 1 == 1))
        }
        (None, Some(_)) => in_hand >= 1,
        // stopped for the players' choice of runs
        (None, None) => runs.awaiting && in_hand >= 2,
        _ => false,
    };
    if !ok_turn {
        return Err(bad());
    }
    let mut hand = Hand {
        rules,
        seats,
        button,
        street,
        board,
        burns,
        actor,
        high: v[0],
        full_raise: v[1],
        last_full_high: v[2],
        raises: u32::try_from(v[3]).map_err(|_| bad())?,
        uncapped,
        dead: v[4],
        log,
        result,
        spare: Default::default(),
        masks: Default::default(),
        seating,
        bring_in_due,
        fourth_big,
        stud,
        draw,
        runs,
    };
    if (hand.fourth_big && !hand.fourth_option_dealt())
        || hand.bring_in_due && (hand.street != Street::Third || hand.high != 0 || actor.is_none())
    {
        return Err(bad());
    }
    if hand.result.is_none() {
        hand.masks = hand.compute_masks();
        if drawing {
            hand.masks.pending = 0;
        }
    }
    Ok(hand)
}

fn write_event_cards(w: &mut Writer, c: &EventCards) {
    match c {
        EventCards::NoCards => w.u8(0),
        EventCards::Known(list) => {
            w.u8(1);
            w.len(list.as_slice().len());
            list.as_slice().iter().for_each(|&c| w.card(c));
        }
        EventCards::Hidden(k) => {
            w.u8(2);
            w.u8(*k);
        }
    }
}

fn read_event_cards(r: &mut Reader) -> Result<EventCards> {
    Ok(match r.u8()? {
        0 => EventCards::NoCards,
        1 => {
            let k = r.len(CardList::CAPACITY)?;
            let cards = (0..k).map(|_| r.card()).collect::<Result<Vec<_>>>()?;
            EventCards::Known(CardList::new(&cards))
        }
        2 => {
            let k = r.u8()?;
            if k as usize > CardList::CAPACITY {
                return Err(bad());
            }
            EventCards::Hidden(k)
        }
        _ => return Err(bad()),
    })
}

fn write_opt_seat(w: &mut Writer, s: Option<usize>) {
    w.u8(s.map(|a| a as u8).unwrap_or(u8::MAX));
}

fn read_opt_seat(r: &mut Reader, n: usize) -> Result<Option<usize>> {
    match r.u8()? {
        u8::MAX => Ok(None),
        a if (a as usize) < n => Ok(Some(a as usize)),
        _ => Err(bad()),
    }
}

fn write_chip_list(w: &mut Writer, v: &[u64]) {
    v.iter().for_each(|&x| w.u64(x));
}

fn read_chip_list(r: &mut Reader, n: usize) -> Result<Vec<u64>> {
    (0..n)
        .map(|_| {
            r.u64().and_then(|v| {
                if v <= super::rules::MAX_CHIPS {
                    Ok(v)
                } else {
                    Err(bad())
                }
            })
        })
        .collect()
}

/// A seat's view, for pickling: only what the view holds, so no card its
/// reader may not see is in the bytes.
pub fn encode_view(v: &SeatView) -> Vec<u8> {
    let mut w = Writer::default();
    w.u8(VERSION);
    write_rules(&mut w, &v.rules);
    let n = v.stacks.len();
    w.len(n);
    write_opt_seat(&mut w, v.seat);
    w.u8(v.button as u8);
    write_opt_seat(&mut w, v.actor);
    w.u8(v.street as u8);
    for list in [&v.starting_stacks, &v.stacks, &v.bets, &v.contributions] {
        write_chip_list(&mut w, list);
    }
    for flags in [&v.folded, &v.all_in] {
        flags.iter().for_each(|&b| w.bool(b));
    }
    w.len(v.board.len());
    v.board.iter().for_each(|&c| w.card(c));
    let stud = v.rules.game.is_stud();
    let listed = !v.rules.game.is_community();
    for h in &v.hole_cards {
        match h {
            Some(h) if listed => {
                w.bool(true);
                write_list(&mut w, h);
            }
            Some(h) => {
                w.bool(true);
                h.iter().for_each(|&c| w.card(c));
            }
            None => w.bool(false),
        }
    }
    if stud {
        for up in &v.up_cards {
            write_list(&mut w, up);
        }
    }
    write_pots(&mut w, &v.pots);
    w.u64(v.pot);
    w.bool(v.is_over);
    w.bool(v.is_drawing);
    w.len(v.events.len());
    for e in &v.events {
        w.u8(e.kind as u8);
        write_opt_seat(&mut w, e.seat);
        w.u8(e.street as u8);
        w.u64(e.amount);
        w.bool(e.all_in);
        write_event_cards(&mut w, &e.cards);
        w.u8(e.pot.map(|p| p as u8).unwrap_or(u8::MAX));
    }
    match &v.legal {
        Some(la) => {
            w.bool(true);
            w.u8(la.seat as u8);
            w.bool(la.can_fold);
            w.bool(la.can_check);
            w.u64(la.call_amount);
            for x in [la.min_raise_to, la.max_raise_to] {
                match x {
                    Some(x) => {
                        w.bool(true);
                        w.u64(x);
                    }
                    None => w.bool(false),
                }
            }
            w.bool(la.bring_in);
            w.bool(la.draw);
        }
        None => w.bool(false),
    }
    w.0
}

pub fn decode_view(bytes: &[u8]) -> Result<SeatView> {
    let mut r = Reader(bytes);
    let (rules, n) = read_header(&mut r)?;
    let seat = read_opt_seat(&mut r, n)?;
    let button = r.seat(n)?;
    let actor = read_opt_seat(&mut r, n)?;
    let street = Street::from_u8(r.u8()?).ok_or_else(bad)?;
    let starting_stacks = read_chip_list(&mut r, n)?;
    let stacks = read_chip_list(&mut r, n)?;
    let bets = read_chip_list(&mut r, n)?;
    let contributions = read_chip_list(&mut r, n)?;
    let folded = (0..n).map(|_| r.bool()).collect::<Result<Vec<_>>>()?;
    let all_in = (0..n).map(|_| r.bool()).collect::<Result<Vec<_>>>()?;
    let bn = r.len(5)?;
    let stud = rules.game.is_stud();
    let listed = !rules.game.is_community();
    if street.is_draw() != rules.game.is_draw() && street != Street::Showdown {
        return Err(bad());
    }
    // (a draw game has no board, at its showdown too)
    let board_len = if rules.game.is_draw() {
        0
    } else {
        street.board_len()
    };
    if (!stud && bn != board_len)
        || (stud && (bn > 1 || !(street.is_stud() || street == Street::Showdown)))
    {
        return Err(bad());
    }
    let board = (0..bn).map(|_| r.card()).collect::<Result<Vec<_>>>()?;
    let mut hole_cards = Vec::with_capacity(n);
    for _ in 0..n {
        hole_cards.push(if !r.bool()? {
            None
        } else if listed {
            Some(read_list(&mut r, STUD_CARDS)?)
        } else {
            Some(hole(&mut r, &rules)?)
        });
    }
    let mut up_cards = vec![CardList::default(); n];
    if stud {
        for up in up_cards.iter_mut() {
            *up = read_list(&mut r, 4)?;
        }
        let mut ups: Vec<Card> = up_cards.iter().flatten().copied().collect();
        ups.extend_from_slice(&board);
        if crate::card::check_distinct(&ups).is_err() {
            return Err(bad());
        }
    }
    let pots = read_pots(&mut r, n)?;
    let pot = r.u64()?;
    let is_over = r.bool()?;
    let is_drawing = r.bool()?;
    if is_drawing && (is_over || !street.is_draw() || actor.is_none()) {
        return Err(bad());
    }
    let en = r.len(1 << 20)?;
    let mut events = Vec::with_capacity(en.min(r.0.len() / 14));
    for _ in 0..en {
        let kind = EventKind::from_u8(r.u8()?).ok_or_else(bad)?;
        let eseat = read_opt_seat(&mut r, n)?;
        let estreet = Street::from_u8(r.u8()?).ok_or_else(bad)?;
        let amount = r.u64()?;
        let e_all_in = r.bool()?;
        let cards = read_event_cards(&mut r)?;
        let pot = match r.u8()? {
            u8::MAX => None,
            p if (p as usize) < pots.len() => Some(p as usize),
            _ => return Err(bad()),
        };
        events.push(Event {
            kind,
            seat: eseat,
            street: estreet,
            amount,
            all_in: e_all_in,
            cards,
            pot,
        });
    }
    let legal = if r.bool()? {
        let lseat = r.seat(n)?;
        let can_fold = r.bool()?;
        let can_check = r.bool()?;
        let call_amount = r.u64()?;
        let mut range = [None; 2];
        for x in range.iter_mut() {
            *x = if r.bool()? { Some(r.u64()?) } else { None };
        }
        let bring_in = r.bool()?;
        let draw = r.bool()?;
        Some(LegalActions {
            seat: lseat,
            can_fold,
            can_check,
            call_amount,
            min_raise_to: range[0],
            max_raise_to: range[1],
            bring_in,
            draw,
        })
    } else {
        None
    };
    if !r.0.is_empty() || pot > super::rules::MAX_CHIPS {
        return Err(bad());
    }
    // The legal actions are the view's own seat's, when it is to act; a
    // view never holds the same card twice.
    if legal.is_some_and(|la| Some(la.seat) != seat || actor != seat || la.draw != is_drawing)
        || (is_over && actor.is_some())
    {
        return Err(bad());
    }
    // (in a draw game a folded hand goes to the muck, and a reshuffle can
    // deal its cards again: the viewer's own folded hand may share cards
    // with hands shown later, so only the hands still in are distinct)
    let mut cards: Vec<Card> = board.clone();
    let draw = rules.game.is_draw();
    for (h, &f) in hole_cards.iter().zip(&folded) {
        if let Some(h) = h {
            if draw && f {
                if crate::card::check_distinct(h).is_err() {
                    return Err(bad());
                }
            } else {
                cards.extend(h.iter().copied());
            }
        }
    }
    let all: Vec<Card> = hole_cards.iter().flatten().flatten().copied().collect();
    if crate::card::check_distinct(&cards).is_err()
        || rules.game.check_in_deck(&cards).is_err()
        || rules.game.check_in_deck(&all).is_err()
    {
        return Err(bad());
    }
    Ok(SeatView {
        seat,
        rules,
        button,
        actor,
        street,
        starting_stacks,
        stacks,
        bets,
        contributions,
        folded,
        all_in,
        board,
        hole_cards,
        up_cards,
        pots,
        pot,
        is_over,
        is_drawing,
        events,
        legal,
    })
}
