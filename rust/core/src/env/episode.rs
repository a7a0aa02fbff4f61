//! One table of an environment: episodes of one hand, or sessions of hands
//! with the stacks carried and the button moving one seat a hand. Seats
//! given to built-in bots play inside [`EnvTable::step`]; the others are
//! the agents.
use super::actions::{refusal, ActionSpace, Spot};
use super::observe::{encode, unit, Layout};
use crate::deck::DeckRng;
use crate::error::{Error, IllegalReason, Result};
use crate::game::{play, Hand, Move, Rules, MAX_SEATS, MIN_SEATS};
use crate::sim::bots::random_act;
use crate::sim::{BotKind, BotRng, Observation};
use rand::{Rng, SeedableRng};
use std::ops::ControlFlow;
use std::sync::Arc;

/// Each episode's starting stacks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stacks {
    /// The same stacks every episode, one per seat.
    Fixed(Vec<u64>),
    /// Each seat's stack drawn uniformly from `low..=high` chips.
    Range { low: u64, high: u64 },
}

/// What an episode is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Episode {
    /// One hand.
    Hand,
    /// Hands with the stacks carried and the button moving one seat a
    /// hand, until a player has no chips left (terminated) or `max_hands`
    /// hands have been played (truncated).
    Session { max_hands: Option<u64> },
}

/// An environment's configuration.
#[derive(Clone, Debug)]
pub struct EnvConfig {
    pub rules: Arc<Rules>,
    pub players: usize,
    pub stacks: Stacks,
    pub episode: Episode,
    pub actions: ActionSpace,
    /// The first button of each episode; `None`: drawn at random.
    pub button: Option<usize>,
    /// Per seat: the built-in bot playing it, or `None` for an agent.
    pub bots: Vec<Option<BotKind>>,
}

/// The seat a single learner takes at each episode (see [`Learner`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LearnerSeat {
    /// The same seat every episode.
    Fixed(usize),
    /// Seat `e mod players` at the table's episode `e` (counted from 0).
    Rotating,
    /// A seat drawn uniformly at each episode, from the table's bot generator.
    Drawn,
}

/// One learning seat at a table whose other seats are played by built-in
/// bots (or, where `opponents` has `None`, by the caller's policy): the
/// single-agent form of an environment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Learner {
    pub seat: LearnerSeat,
    /// The other seats' players, clockwise from the learner's left: entry
    /// `k` plays the seat `k + 1` places after the learner's.
    pub opponents: Vec<Option<BotKind>>,
}

impl LearnerSeat {
    /// The seat called `name` (`"rotate"` or `"random"`), or the fixed
    /// seat `seat`.
    pub fn parse(name: Option<&str>, seat: Option<u64>) -> Result<LearnerSeat> {
        match (name, seat) {
            (Some("rotate"), None) => Ok(LearnerSeat::Rotating),
            (Some("random"), None) => Ok(LearnerSeat::Drawn),
            (None, Some(s)) if s < MAX_SEATS as u64 => Ok(LearnerSeat::Fixed(s as usize)),
            (None, Some(s)) => Err(Error::config(
                "seat",
                format!("seat must be a seat number below {MAX_SEATS}, not {s}"),
            )),
            (name, _) => Err(Error::config(
                "seat",
                format!(
                    "seat must be a seat number, 'rotate' (each episode the next seat) or 'random' (drawn each episode), not {}",
                    name.map_or("that".into(), |n| format!("{n:?}"))
                ),
            )),
        }
    }
}

impl Learner {
    /// Checks the learner against a table of `players` seats.
    pub fn check(&self, players: usize) -> Result<()> {
        if let LearnerSeat::Fixed(s) = self.seat {
            if s >= players {
                return Err(Error::bad_config(format!(
                    "the learner's seat must be a seat 0..{}, not {s}",
                    players - 1
                )));
            }
        }
        if self.opponents.len() + 1 != players {
            return Err(Error::bad_config(format!(
                "{} opponents for the {} other seats",
                self.opponents.len(),
                players - 1
            )));
        }
        Ok(())
    }
}

/// Forgotten recorded hands a table keeps for their allocations.
const MAX_SPARE_HANDS: usize = 8;

/// Redeals tried for an episode with a decision before giving up.
const MAX_REDEALS: u32 = 10_000;

impl EnvConfig {
    /// Checks that the configuration can be played (deals one hand).
    pub fn check(&self) -> Result<()> {
        self.check_deal().map(|_| ())
    }

    /// Checks the configuration; the hand dealt to check it.
    fn check_deal(&self) -> Result<Hand> {
        self.rules.game.community_only("an environment")?;
        let n = self.players;
        if !(MIN_SEATS..=MAX_SEATS).contains(&n) {
            return Err(Error::bad_config(format!(
                "an environment has {MIN_SEATS} to {MAX_SEATS} players, not {n}"
            )));
        }
        let stacks = match &self.stacks {
            Stacks::Fixed(s) if s.len() != n => {
                return Err(Error::bad_config(format!(
                "{} stacks for {n} players: give one stack for all or one per seat (or stack_range=(low, high))",
                s.len()
            )))
            }
            Stacks::Fixed(s) => s.clone(),
            Stacks::Range { low, high } if *low == 0 => {
                return Err(Error::bad_config(format!(
                    "a stack range needs 1 <= low <= high, not ({low}, {high})"
                )))
            }
            Stacks::Range { low, high } if low > high => {
                return Err(Error::bad_config(format!(
                    "stack_range's low {low} is above its high {high}"
                )))
            }
            Stacks::Range { high, .. } => vec![*high; n],
        };
        if let Some(b) = self.button.filter(|&b| b >= n) {
            return Err(Error::bad_config(format!(
                "button {b} is not a seat: seats are 0..{}",
                n - 1
            )));
        }
        if self.bots.len() != n {
            return Err(Error::bad_config(format!(
                "{} bot entries for {n} seats",
                self.bots.len()
            )));
        }
        if self.bots.iter().all(Option::is_some) {
            return Err(Error::bad_config(
                "every seat is a bot: at least one seat must be an agent".into(),
            ));
        }
        if let super::ActionSpace::Discrete(a) = &self.actions {
            use crate::game::Structure;
            let structure = self.rules.structure;
            if a.contains(&super::AbstractAction::AllIn) && structure != Structure::NoLimit {
                return Err(Error::bad_config(format!(
                    "'all_in' is a no-limit action: in {} the largest bet or raise is 'max_raise'",
                    structure.name()
                )));
            }
        }
        if let Episode::Session { max_hands: Some(0) } = self.episode {
            return Err(Error::bad_config("max_hands must be at least 1".into()));
        }
        Hand::new(Arc::clone(&self.rules), &stacks, 0, Some(0), None)
    }

    pub fn layout(&self) -> Layout {
        Layout::new(self.players)
    }

    /// The chips one big blind is (the rewards' and observations' unit).
    pub fn unit(&self) -> u64 {
        unit(&self.rules)
    }

    /// A bound on every observation value: all the chips at the table in
    /// big blinds, and the most bets and raises one seat can make in a
    /// round, each putting in at least the smallest bet the rules have
    /// (below a big blind when a fixed-limit or Progressive bet is), plus
    /// two for the calls and checks beside them.
    pub fn observation_bound(&self) -> f64 {
        use crate::game::Structure;
        let most = match &self.stacks {
            Stacks::Fixed(s) => s.iter().copied().max().unwrap_or(0),
            Stacks::Range { high, .. } => *high,
        };
        let chips = most as f64 * self.players as f64;
        let r = &self.rules;
        let smallest = match r.structure {
            Structure::FixedLimit => r.small_bet.min(r.big_bet),
            Structure::Progressive => r.bets.iter().copied().min().unwrap_or(1),
            _ => r.big_blind,
        };
        chips / smallest.min(self.unit()).max(1) as f64 + 2.0
    }
}

crate::enums::named_enum! {
    /// How an episode ended; its number is the code the binding passes
    /// (0 running, 1 terminated, 2 truncated).
    pub enum Ending {
        Running = "running",
        /// The hand is over (one-hand episodes), or a player is out of chips.
        Terminated = "terminated",
        /// A session reached its hand count.
        Truncated = "truncated",
    }
}

/// Stream keys: one seed gives different deal and bot generators.
fn rngs(seed: Option<u64>, stream: u64) -> (DeckRng, BotRng) {
    match seed {
        Some(s) => {
            let mut d = DeckRng::seed_from_u64(s);
            d.set_stream(stream);
            let mut b = BotRng::seed_from_u64(s ^ 0x5DEE_CE66_D1CE_4E5B);
            b.set_stream(stream);
            (d, b)
        }
        None => (DeckRng::from_os_rng(), BotRng::from_os_rng()),
    }
}

/// One table: its hand, its generators and its episode's progress.
#[derive(Clone, Debug)]
pub struct EnvTable {
    cfg: Arc<EnvConfig>,
    deal: DeckRng,
    rng: BotRng,
    hand: Hand,
    /// Per seat: the built-in bot playing it this episode, or `None` for an
    /// agent (the configuration's, or a learner's seating).
    bots: Vec<Option<BotKind>>,
    /// A single learner and its seat this episode, and the episodes dealt.
    learner: Option<(Learner, usize, u64)>,
    /// The stacks the episode started with.
    start: Vec<u64>,
    /// Hands finished this episode.
    hands: u64,
    ending: Ending,
    /// Chips won per seat in hands that ended since the last `take_rewards`.
    pending: Vec<i64>,
    /// Hands that ended since the last `take_rewards`.
    pending_hands: u32,
    /// Keep every finished hand (for replays), taken with `take_finished`.
    record: bool,
    finished: Vec<Hand>,
    /// Recorded hands forgotten ([`EnvTable::clear_finished`]), whose
    /// allocations the next recorded hands reuse.
    spare: Vec<Hand>,
}

impl EnvTable {
    /// A table dealt its first episode; `seed` and `stream` key its
    /// generators (OS entropy without a seed).
    pub fn new(cfg: Arc<EnvConfig>, seed: Option<u64>, stream: u64) -> Result<EnvTable> {
        // (the hand dealt to check the configuration is replaced by the first episode's)
        let hand = cfg.check_deal()?;
        let (deal, rng) = rngs(seed, stream);
        let n = cfg.players;
        let mut t = EnvTable {
            bots: cfg.bots.clone(),
            learner: None,
            cfg,
            deal,
            rng,
            hand,
            start: vec![0; n],
            hands: 0,
            ending: Ending::Running,
            pending: vec![0; n],
            pending_hands: 0,
            record: false,
            finished: Vec::new(),
            spare: Vec::new(),
        };
        t.reset()?;
        Ok(t)
    }

    pub fn config(&self) -> &Arc<EnvConfig> {
        &self.cfg
    }

    /// Reseeds the generators (the next episode is dealt from them).
    /// A learner rotating round the table starts again from seat 0.
    pub fn seed(&mut self, seed: Option<u64>, stream: u64) {
        (self.deal, self.rng) = rngs(seed, stream);
        if let Some((_, _, episodes)) = &mut self.learner {
            *episodes = 0;
        }
    }

    /// Keeps every finished hand from now on (see [`EnvTable::take_finished`]).
    pub fn set_record(&mut self, on: bool) {
        self.record = on;
    }

    /// Starts a new episode: stacks and button drawn, a hand dealt, the
    /// bots played up to the first agent decision. A deal in which no agent
    /// has a decision (everyone all-in on the forced bets; or, with bots,
    /// the hand over before an agent's turn) starts no episode: a one-hand
    /// episode is dealt again; a session plays on, and its first decision's
    /// step reports those hands' rewards, unless the session is already over,
    /// when it is dealt again.
    pub fn reset(&mut self) -> Result<()> {
        let kept = self.finished.len();
        self.seat_learner();
        for _ in 0..MAX_REDEALS {
            let n = self.cfg.players;
            // (into the last episode's: no allocation)
            match &self.cfg.stacks {
                Stacks::Fixed(s) => self.start.clone_from(s),
                Stacks::Range { low, high } => {
                    for st in &mut self.start[..n] {
                        *st = self.rng.random_range(*low..=*high);
                    }
                }
            }
            let button = match self.cfg.button {
                Some(b) => b,
                None => self.rng.random_range(0..n),
            };
            self.hands = 0;
            self.ending = Ending::Running;
            self.pending.fill(0);
            self.pending_hands = 0;
            // (dealt into the last hand's buffers: no allocation)
            self.hand
                .redeal_with_rng(&self.start, button, &mut self.deal)?;
            self.play_on()?;
            if self.ending == Ending::Running {
                return Ok(());
            }
            // Nothing is reported of a deal skipped.
            self.forget_finished(kept);
        }
        Err(Error::bad_config(format!("{MAX_REDEALS} deals in a row gave no agent a decision: the stacks are too small for the blinds, or the bots always end the hand first")))
    }

    /// Makes the table a single learner's (its other seats played by
    /// `learner.opponents`, the configuration's bots set aside) and starts
    /// a new episode.
    pub fn set_learner(&mut self, learner: Learner) -> Result<()> {
        learner.check(self.cfg.players)?;
        self.learner = Some((learner, 0, 0));
        self.reset()?;
        // (no caller sees the episode dealt here, and a rotating learner's
        // seat counts the episodes a caller starts: the first is seat 0)
        if let Some((_, _, episodes)) = &mut self.learner {
            *episodes = 0;
        }
        Ok(())
    }

    /// The learner's seat this episode (`None` without a learner).
    #[inline]
    pub fn learner_seat(&self) -> Option<usize> {
        self.learner.as_ref().map(|l| l.1)
    }

    /// Picks the learner's seat for the next episode and seats the opponents.
    fn seat_learner(&mut self) {
        let Some((learner, seat, episodes)) = &mut self.learner else {
            return;
        };
        let n = self.cfg.players;
        *seat = match learner.seat {
            LearnerSeat::Fixed(s) => s,
            LearnerSeat::Rotating => (*episodes % n as u64) as usize,
            LearnerSeat::Drawn => self.rng.random_range(0..n),
        };
        *episodes += 1;
        for (k, bot) in self.bots.iter_mut().enumerate() {
            let after = (k + n - *seat) % n;
            *bot = after.checked_sub(1).and_then(|o| learner.opponents[o]);
        }
    }

    /// Ends the episode where it stands, nothing played (a learner's
    /// illegal action, where the caller penalises it instead of refusing).
    pub fn forfeit(&mut self) {
        self.ending = Ending::Terminated;
    }

    /// The hand being played (every card included: not for agents).
    pub fn hand(&self) -> &Hand {
        &self.hand
    }

    pub fn ending(&self) -> Ending {
        self.ending
    }
    pub fn is_over(&self) -> bool {
        self.ending != Ending::Running
    }
    /// Hands finished this episode.
    pub fn hands_played(&self) -> u64 {
        self.hands
    }
    pub fn starting_stacks(&self) -> &[u64] {
        &self.start
    }

    /// The seat to act (an agent), or `None` once the episode is over.
    #[inline]
    pub fn actor(&self) -> Option<usize> {
        if self.is_over() {
            None
        } else {
            self.hand.actor()
        }
    }

    /// What the seat to act faces.
    #[inline]
    pub fn spot(&self) -> Option<Spot> {
        if self.is_over() {
            return None;
        }
        let legal = self.hand.legal_actions()?;
        Some(Spot {
            legal,
            bet: self.hand.bet(legal.seat).unwrap_or(0),
            pot: self.hand.pot_total(),
        })
    }

    /// `seat`'s observation (`out`: at least `layout().len` values).
    #[inline]
    pub fn observe(&self, seat: usize, out: &mut [f32]) {
        let legal = self.spot().map(|s| s.legal).filter(|la| la.seat == seat);
        encode(&self.hand, seat, legal.as_ref(), out);
    }

    /// The observation and legal-action mask of the seat to act (both
    /// zero, and `None` returned, when nobody is).
    #[inline]
    pub fn observe_actor(&self, obs: &mut [f32], mask: &mut [bool]) -> Option<usize> {
        match self.spot() {
            Some(spot) => {
                encode(&self.hand, spot.legal.seat, Some(&spot.legal), obs);
                self.cfg.actions.mask(&spot, mask);
                Some(spot.legal.seat)
            }
            None => {
                obs.fill(0.0);
                mask.fill(false);
                None
            }
        }
    }

    /// `seat`'s observation and legal-action mask (all false unless it is
    /// to act), what to act on worked out once for both.
    #[inline]
    pub fn observe_seat(&self, seat: usize, obs: &mut [f32], mask: &mut [bool]) {
        mask.fill(false);
        let spot = self.spot().filter(|s| s.legal.seat == seat);
        encode(&self.hand, seat, spot.as_ref().map(|s| &s.legal), obs);
        if let Some(spot) = spot {
            self.cfg.actions.mask(&spot, mask);
        }
    }

    /// `seat`'s legal-action mask (all false unless it is to act).
    pub fn mask(&self, seat: usize, out: &mut [bool]) {
        out.fill(false);
        if let Some(spot) = self.spot().filter(|s| s.legal.seat == seat) {
            self.cfg.actions.mask(&spot, out);
        }
    }

    /// Whether action `index` (with `amount` in exact mode) is legal for the seat to act.
    #[inline]
    pub fn is_legal(&self, index: i64, amount: Option<u64>) -> bool {
        self.legal_spot(index, amount).is_some()
    }

    /// What the seat to act faces, when action `index` (with `amount`) is legal there.
    #[inline]
    pub fn legal_spot(&self, index: i64, amount: Option<u64>) -> Option<Spot> {
        self.spot()
            .filter(|spot| self.legal_in(spot, index, amount))
    }

    #[inline]
    fn legal_in(&self, spot: &Spot, index: i64, amount: Option<u64>) -> bool {
        let Ok(i) = usize::try_from(index) else {
            return false;
        };
        match &self.cfg.actions {
            ActionSpace::Discrete(a) => {
                amount.is_none() && a.get(i).is_some_and(|a| a.is_legal(spot))
            }
            ActionSpace::Exact => match (i, amount) {
                (0, _) => spot.legal.can_fold,
                (1, _) => true,
                (2, Some(to)) => {
                    spot.legal.min_raise_to.is_some_and(|lo| to >= lo)
                        && spot.legal.max_raise_to.is_some_and(|hi| to <= hi)
                }
                _ => false,
            },
        }
    }

    /// The error a refused action gets (nothing changes).
    #[cold]
    pub fn refuse(&self, index: i64, amount: Option<u64>) -> Error {
        let Some(spot) = self.spot() else {
            return Error::illegal(
                IllegalReason::HandOver,
                None,
                "the episode is over: call reset() to start the next".into(),
            );
        };
        let mv = match self.cfg.actions.intended(&spot, index, amount) {
            Ok(mv) => mv,
            Err(e) => return e,
        };
        let sized = self.cfg.actions.is_sized(index as usize) || spot.legal.can_raise();
        let what = match (&self.cfg.actions, mv) {
            (ActionSpace::Discrete(_), Move::BetOrRaiseTo(to)) if sized => format!(
                "action {index} ({}: to {to})",
                self.cfg.actions.name(index as usize)
            ),
            (ActionSpace::Discrete(_), _) => {
                format!("action {index} ({})", self.cfg.actions.name(index as usize))
            }
            (ActionSpace::Exact, Move::BetOrRaiseTo(to)) => format!("bet or raise to {to}"),
            (ActionSpace::Exact, _) => self.cfg.actions.name(index as usize),
        };
        match self.hand.clone().act(None, mv) {
            Err(e) => refusal(e, &what),
            // (cannot happen: legality is decided by the same checks)
            Ok(()) => Error::illegal(
                IllegalReason::NotYourTurn,
                Some(spot.legal),
                format!("{what} was refused"),
            ),
        }
    }

    /// The seat to act takes action `index` (exact mode: kind `index`,
    /// with `amount` chips for a bet or raise); then the bots play up to
    /// the next agent decision, and in a session the next hand is dealt
    /// when one ends. A refused action changes nothing.
    pub fn step(&mut self, index: i64, amount: Option<u64>) -> Result<()> {
        let Some(spot) = self.legal_spot(index, amount) else {
            return Err(self.refuse(index, amount));
        };
        self.step_at(&spot, index, amount)
    }

    /// [`EnvTable::step`] with `spot` what [`EnvTable::legal_spot`] just
    /// returned for this action (a caller that checked many tables first
    /// does not work it out again).
    pub(crate) fn step_at(&mut self, spot: &Spot, index: i64, amount: Option<u64>) -> Result<()> {
        let mv = self.cfg.actions.intended(spot, index, amount)?;
        self.hand.act_legal(&spot.legal, mv)?;
        self.play_on()
    }

    /// The seat to act makes `mv` (a bot the caller runs), then as [`EnvTable::step`].
    pub fn apply(&mut self, mv: Move) -> Result<()> {
        if self.is_over() {
            return Err(self.refuse(0, None));
        }
        self.hand.act(None, mv)?;
        self.play_on()
    }

    /// Plays the bots, ends hands and deals the next ones, up to an agent's
    /// decision or the end of the episode.
    fn play_on(&mut self) -> Result<()> {
        loop {
            if self.hand.is_over() {
                self.hand_over()?;
                if self.is_over() {
                    return Ok(());
                }
                continue;
            }
            let (bots, rng) = (&self.bots, &mut self.rng);
            let agent = play::play_until(&mut self.hand, &[], 0, |hand, seat, _| {
                match bots[seat] {
                    None => return Ok(ControlFlow::Break(())),
                    // (the random bot needs less than an observation: see random_act)
                    Some(BotKind::Random) => random_act(hand, seat, rng)?,
                    Some(bot) => {
                        let Some(obs) = Observation::of(hand) else {
                            return Ok(ControlFlow::Break(()));
                        };
                        let la = *obs.legal();
                        let mv = bot.act(&obs, rng);
                        hand.act_legal(&la, mv)?;
                    }
                }
                Ok::<_, Error>(ControlFlow::Continue(()))
            })?;
            if agent || !self.hand.is_over() {
                return Ok(());
            }
        }
    }

    /// Books a finished hand; deals a session's next one.
    fn hand_over(&mut self) -> Result<()> {
        self.hands += 1;
        self.pending_hands += 1;
        let n = self.cfg.players;
        let mut busted = false;
        for s in 0..n {
            let (now, was) = (
                self.hand.stack(s).unwrap_or(0),
                self.hand.starting_stack(s).unwrap_or(0),
            );
            self.pending[s] += now as i64 - was as i64;
            busted |= now == 0;
        }
        if self.record {
            // (copied into a forgotten hand's allocations where there is one)
            let hand = match self.spare.pop() {
                Some(mut spare) => {
                    spare.clone_from(&self.hand);
                    spare
                }
                None => self.hand.clone(),
            };
            self.finished.push(hand);
        }
        match self.cfg.episode {
            Episode::Hand => self.ending = Ending::Terminated,
            Episode::Session { max_hands } => {
                if busted {
                    self.ending = Ending::Terminated;
                } else if max_hands.is_some_and(|m| self.hands >= m) {
                    self.ending = Ending::Truncated;
                } else {
                    let mut stacks = [0u64; MAX_SEATS];
                    for (s, st) in stacks[..n].iter_mut().enumerate() {
                        *st = self.hand.stack(s).unwrap_or(0);
                    }
                    let button = (self.hand.button() + 1) % n;
                    self.hand
                        .redeal_with_rng(&stacks[..n], button, &mut self.deal)?;
                }
            }
        }
        Ok(())
    }

    /// Chips won per seat, and the number of hands, in hands that ended
    /// since the last call.
    pub fn take_rewards(&mut self, out: &mut [i64]) -> u32 {
        out[..self.pending.len()].copy_from_slice(&self.pending);
        self.pending.fill(0);
        std::mem::take(&mut self.pending_hands)
    }

    /// [`EnvTable::take_rewards`] as an agent is rewarded: chips over the
    /// big blind ([`EnvConfig::unit`]) for each seat, into `out` (seats
    /// beyond the table's, and every seat when no hand ended, get 0).
    pub fn take_rewards_in_big_blinds(&mut self, out: &mut [f64]) -> u32 {
        let unit = self.config().unit() as f64;
        out.fill(0.0);
        for (o, &c) in out.iter_mut().zip(&self.pending) {
            *o = c as f64 / unit;
        }
        self.pending.fill(0);
        std::mem::take(&mut self.pending_hands)
    }

    /// The recorded finished hands, oldest first.
    pub fn take_finished(&mut self) -> Vec<Hand> {
        std::mem::take(&mut self.finished)
    }

    /// Forgets the recorded finished hands.
    pub fn clear_finished(&mut self) {
        self.forget_finished(0);
    }

    /// Forgets the recorded hands from `from` on, keeping up to
    /// `MAX_SPARE_HANDS` of them for their allocations (the rest dropped).
    fn forget_finished(&mut self, from: usize) {
        let room = MAX_SPARE_HANDS.saturating_sub(self.spare.len());
        // (a drain removes its whole range, taken or not)
        self.spare.extend(self.finished.drain(from..).take(room));
    }
}
