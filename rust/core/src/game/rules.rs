//! Betting structures and forced bets: the configuration of a game, checked
//! once when it is built.
use super::variant::Game;
use crate::error::{Error, Result};

/// The largest number of chips the engine accepts in one hand: every sum it
/// forms (stacks, pots, pot-limit raises) then fits in a `u64`.
pub const MAX_CHIPS: u64 = 1 << 60;

crate::enums::named_enum! {
    /// A betting structure, named as messages name it ("no-limit").
    pub enum Structure {
        FixedLimit = "fixed-limit", PotLimit = "pot-limit", NoLimit = "no-limit",
        Progressive = "Progressive Hold'em",
    }
}

/// How the minimum raise is measured after a straddle.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum StraddleMinRaise {
    /// The straddle acts as the big blind: the next raise adds at least the
    /// straddle (blinds 1/2, straddle 4: raise to 8 or more).
    Straddle = 0,
    /// RULES.md after WSOP live-action rule 161: the straddle counts as a
    /// raise of one big blind, so the next raise need only add one big blind
    /// (blinds 1/2, straddle 4: raise to 6 or more).
    BigBlind = 1,
}

/// The rules of one game. Build it with [`Rules::no_limit`],
/// [`Rules::pot_limit`], [`Rules::fixed_limit`] or [`Rules::progressive`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    pub structure: Structure,
    pub small_blind: u64,
    pub big_blind: u64,
    /// Uniform ante from every player.
    pub ante: u64,
    /// One ante posted by the big blind for the whole table (dead money).
    pub big_blind_ante: u64,
    /// Straddle amounts (street totals), under the gun first.
    pub straddles: Vec<u64>,
    pub straddle_min_raise: StraddleMinRaise,
    /// Fixed limit: the bet size preflop and on the flop.
    pub small_bet: u64,
    /// Fixed limit: the bet size on the turn and river.
    pub big_bet: u64,
    /// Fixed limit: raises allowed after the first bet of a round.
    pub raise_cap: Option<u32>,
    /// Fixed limit: no cap on a round that starts with two players not all-in.
    pub heads_up_uncapped: bool,
    /// Progressive Hold'em: the bet of each of the four rounds.
    pub bets: [u64; 4],
    /// The game dealt: hold'em unless [`Rules::with_game`] says otherwise.
    pub game: Game,
    /// The button posts the big blind (a button blind, as short-deck games
    /// play it with antes from everyone) and nobody posts a small blind:
    /// the player left of the button acts first preflop, the button last.
    pub button_blind: bool,
    /// Stud games: the bring-in, the forced bet of third street's lowest
    /// (razz: highest) up card, who may instead complete to the small bet.
    /// 0 in the other games.
    pub bring_in: u64,
    /// Seven-card stud: with an open pair showing on fourth street any
    /// player may bet or raise the big bet (WSOP live-action rule 230; not
    /// in razz or stud/8, rules 243 and 247); false (the WSOP tournament
    /// rules): fourth street is the small bet.
    pub fourth_street_big_bet: bool,
}

fn amount(name: &str, v: u64) -> Result<u64> {
    if v > MAX_CHIPS {
        return Err(Error::config(
            name,
            format!("{name} of {v} is too large (at most 2**60 chips)"),
        ));
    }
    Ok(v)
}

/// Options shared by the blind structures.
#[derive(Clone, Debug, Default)]
pub struct BlindOptions {
    pub small_blind: u64,
    pub big_blind: u64,
    pub ante: u64,
    pub big_blind_ante: u64,
    pub straddles: Vec<u64>,
    pub straddle_min_raise: Option<StraddleMinRaise>,
    /// The button posts the big blind and there is no small blind (see
    /// [`Rules::button_blind`]).
    pub button_blind: bool,
}

/// The forced bets and limits of a stud game ([`Rules::stud`]).
#[derive(Clone, Debug, Default)]
pub struct StudOptions {
    pub ante: u64,
    pub bring_in: u64,
    pub small_bet: u64,
    /// Twice the small bet when `None`.
    pub big_bet: Option<u64>,
    pub raise_cap: Option<u32>,
    pub heads_up_uncapped: bool,
    /// See [`Rules::fourth_street_big_bet`] (seven-card stud only).
    pub fourth_street_big_bet: bool,
}

/// The larger bet is the later rounds' (WSOP live-action rules, the
/// fixed-limit games: "the smaller bet is wagered for the first two
/// betting rounds ... and the larger bet ... for the last"): a big bet
/// below the small bet is refused (equal is a game with one bet size).
fn big_bet_not_below(small_bet: u64, big_bet: u64) -> Result<()> {
    if big_bet < small_bet {
        return Err(Error::config(
            "big_bet",
            format!("big_bet {big_bet} is below small_bet {small_bet}: the big bet is the larger (or the same)"),
        ));
    }
    Ok(())
}

impl Rules {
    fn blinds(structure: Structure, o: BlindOptions) -> Result<Rules> {
        amount("small_blind", o.small_blind)?;
        amount("big_blind", o.big_blind)?;
        amount("ante", o.ante)?;
        amount("big_blind_ante", o.big_blind_ante)?;
        if o.big_blind == 0 {
            return Err(Error::config(
                "big_blind",
                "big_blind must be at least 1".into(),
            ));
        }
        if o.small_blind > o.big_blind {
            return Err(Error::config(
                "small_blind",
                format!(
                    "small_blind {} is larger than big_blind {}",
                    o.small_blind, o.big_blind
                ),
            ));
        }
        if o.button_blind && o.small_blind > 0 {
            return Err(Error::config(
                "small_blind",
                format!(
                    "a button blind game has no small blind: small_blind must be 0, not {}",
                    o.small_blind
                ),
            ));
        }
        if o.ante > 0 && o.big_blind_ante > 0 {
            return Err(Error::bad_config(
                "give either a uniform ante or a big_blind_ante, not both".into(),
            ));
        }
        for &s in &o.straddles {
            amount("straddle", s)?;
        }
        Ok(Rules {
            structure,
            small_blind: o.small_blind,
            big_blind: o.big_blind,
            ante: o.ante,
            big_blind_ante: o.big_blind_ante,
            straddles: o.straddles,
            straddle_min_raise: o.straddle_min_raise.unwrap_or(StraddleMinRaise::Straddle),
            small_bet: o.big_blind,
            big_bet: 2 * o.big_blind,
            raise_cap: None,
            heads_up_uncapped: false,
            bets: [0; 4],
            game: Game::holdem(),
            button_blind: o.button_blind,
            bring_in: 0,
            fourth_street_big_bet: false,
        })
    }

    /// No-limit: re-straddles allowed, each a legal raise over the last.
    pub fn no_limit(o: BlindOptions) -> Result<Rules> {
        let r = Rules::blinds(Structure::NoLimit, o)?;
        let mut prev = r.big_blind;
        let mut prev_raise = r.big_blind;
        for (i, &s) in r.straddles.iter().enumerate() {
            let min = prev + prev_raise;
            if s < min {
                return Err(Error::config(
                    "straddles",
                    format!(
                        "straddle {} of {s} is not a legal raise: it must be at least {min}",
                        i + 1
                    ),
                ));
            }
            // Measured as the engine will measure the next raise.
            prev_raise = match r.straddle_min_raise {
                StraddleMinRaise::Straddle => s,
                StraddleMinRaise::BigBlind => r.big_blind,
            };
            prev = s;
        }
        Ok(r)
    }

    /// Pot-limit: at most one straddle, from twice the big blind up to a pot-sized raise.
    pub fn pot_limit(o: BlindOptions) -> Result<Rules> {
        let r = Rules::blinds(Structure::PotLimit, o)?;
        if r.straddles.len() > 1 {
            return Err(Error::config(
                "straddles",
                "pot-limit allows one straddle, no re-straddles".into(),
            ));
        }
        if let Some(&s) = r.straddles.first() {
            let min = 2 * r.big_blind;
            // With antes the maximum grows with the table: checked here
            // against the largest table, and exactly when a hand is dealt.
            let max = r.pot_limit_straddle_max(super::hand::MAX_SEATS);
            let antes = r.ante > 0 || r.big_blind_ante > 0;
            if s < min || s > max {
                let upto = if antes {
                    format!(
                        "{max} (a pot-sized raise, antes counted, at {} seats)",
                        super::hand::MAX_SEATS
                    )
                } else {
                    format!("{max} (a pot-sized raise)")
                };
                return Err(Error::config(
                    "straddles",
                    format!(
                        "straddle of {s} is not a legal raise: it must be from {min} to {upto}"
                    ),
                ));
            }
        }
        Ok(r)
    }

    /// Pot-limit: the largest straddle at a table of `seats` players, a
    /// pot-sized raise over the big blind with every forced bet in the pot
    /// (blinds, antes, a big-blind ante), as for any pot-limit raise: call
    /// the big blind, then raise the pot. 1/2 with a 1-chip ante at six
    /// seats: pot 9, call 2, raise 11, straddle up to 13.
    /// (Worked out in 128 bits: 22 seats of an ante near 2**60 pass 2**64;
    /// a maximum past `u64::MAX` is `u64::MAX`, above any straddle.)
    pub fn pot_limit_straddle_max(&self, seats: usize) -> u64 {
        let (sb, bb) = (u128::from(self.small_blind), u128::from(self.big_blind));
        let pot = sb + bb + u128::from(self.ante) * seats as u128 + u128::from(self.big_blind_ante);
        u64::try_from(bb + (pot + bb)).unwrap_or(u64::MAX)
    }

    /// Fixed limit. `small_bet` defaults to the big blind, `big_bet` to twice
    /// the small bet; `raise_cap` counts raises after the first bet.
    pub fn fixed_limit(
        o: BlindOptions,
        small_bet: Option<u64>,
        big_bet: Option<u64>,
        raise_cap: Option<u32>,
        heads_up_uncapped: bool,
    ) -> Result<Rules> {
        let mut r = Rules::blinds(Structure::FixedLimit, o)?;
        r.small_bet = amount("small_bet", small_bet.unwrap_or(r.big_blind))?;
        r.big_bet = match big_bet {
            Some(b) => amount("big_bet", b)?,
            None if 2 * r.small_bet > MAX_CHIPS => {
                return Err(Error::config(
                    "small_bet",
                    format!(
                        "small_bet of {} makes the big bet (twice it, when not given) more \
                         than 2**60 chips",
                        r.small_bet
                    ),
                ))
            }
            None => 2 * r.small_bet,
        };
        if r.small_bet == 0 || r.big_bet == 0 {
            return Err(Error::bad_config(
                "small_bet and big_bet must be at least 1".into(),
            ));
        }
        big_bet_not_below(r.small_bet, r.big_bet)?;
        r.raise_cap = raise_cap;
        r.heads_up_uncapped = heads_up_uncapped;
        if r.straddles.len() > 1 {
            return Err(Error::config(
                "straddles",
                "fixed-limit allows one straddle, no re-straddles".into(),
            ));
        }
        if let Some(&s) = r.straddles.first() {
            let want = r.big_blind + r.small_bet;
            if s != want {
                return Err(Error::config(
                    "straddles",
                    format!(
                        "a fixed-limit straddle is one raise of the small bet: {want}, not {s}"
                    ),
                ));
            }
        }
        Ok(r)
    }

    /// Progressive Hold'em: an ante from everyone, then four fixed bets.
    pub fn progressive(ante: u64, bets: [u64; 4]) -> Result<Rules> {
        amount("ante", ante)?;
        if ante == 0 {
            return Err(Error::config(
                "ante",
                "Progressive Hold'em needs an ante: everyone antes (at least 1)".into(),
            ));
        }
        if let Some(i) = (1..4).find(|&i| bets[i] <= bets[i - 1]) {
            return Err(Error::config("bets", format!(
                "Progressive Hold'em bets grow from round to round: round {} bets {}, which is not more than round {}'s {} (bets {bets:?})",
                i + 1,
                bets[i],
                i,
                bets[i - 1]
            )));
        }
        for &b in &bets {
            amount("bet", b)?;
            if b == 0 {
                return Err(Error::config(
                    "bets",
                    "every Progressive Hold'em bet must be at least 1".into(),
                ));
            }
        }
        Ok(Rules {
            structure: Structure::Progressive,
            small_blind: 0,
            big_blind: 0,
            ante,
            big_blind_ante: 0,
            straddles: Vec::new(),
            straddle_min_raise: StraddleMinRaise::Straddle,
            small_bet: 0,
            big_bet: 0,
            raise_cap: None,
            heads_up_uncapped: false,
            bets,
            game: Game::holdem(),
            button_blind: false,
            bring_in: 0,
            fourth_street_big_bet: false,
        })
    }

    /// A stud game (`game`: [`Game::stud`], [`Game::stud_hi_lo`] or
    /// [`Game::razz`]) at fixed limit: an ante from everyone (may be 0), the
    /// bring-in, the small bet of third and fourth street and the big bet of
    /// fifth to seventh (twice the small bet by default). `raise_cap` counts
    /// raises after the first full bet (a completion of the bring-in is
    /// that bet, not a raise: WSOP live-action rule 126).
    pub fn stud(game: Game, o: StudOptions) -> Result<Rules> {
        if !game.is_stud() {
            return Err(Error::config(
                "game",
                format!(
                    "{} is not a stud game: Rules.stud takes stud, stud-hi-lo or razz",
                    game.name()
                ),
            ));
        }
        amount("ante", o.ante)?;
        amount("bring_in", o.bring_in)?;
        let small_bet = amount("small_bet", o.small_bet)?;
        let big_bet = amount("big_bet", o.big_bet.unwrap_or(2 * small_bet))?;
        if small_bet == 0 || big_bet == 0 {
            return Err(Error::bad_config(
                "small_bet and big_bet must be at least 1".into(),
            ));
        }
        big_bet_not_below(small_bet, big_bet)?;
        // (a bring-in of the small bet or more would be the round's full
        // bet, leaving nothing to complete: below it, as pokerkit and the
        // PHH readers take it)
        if o.fourth_street_big_bet && game.kind() != super::GameKind::Stud {
            let rule = if game.kind() == super::GameKind::Razz {
                "razz has no fourth-street big bet for an open pair (WSOP live-action rule 243)"
            } else {
                "stud hi/lo has no fourth-street big bet for an open pair (WSOP live-action \
                 rule 247)"
            };
            return Err(Error::config("fourth_street_big_bet", rule.into()));
        }
        if o.bring_in == 0 || o.bring_in >= small_bet {
            return Err(Error::config(
                "bring_in",
                format!(
                    "the bring-in must be at least 1 and below the small bet ({small_bet}), not {}",
                    o.bring_in
                ),
            ));
        }
        Ok(Rules {
            structure: Structure::FixedLimit,
            small_blind: 0,
            big_blind: 0,
            ante: o.ante,
            big_blind_ante: 0,
            straddles: Vec::new(),
            straddle_min_raise: StraddleMinRaise::Straddle,
            small_bet,
            big_bet,
            raise_cap: o.raise_cap,
            heads_up_uncapped: o.heads_up_uncapped,
            bets: [0; 4],
            game,
            button_blind: false,
            bring_in: o.bring_in,
            fourth_street_big_bet: o.fourth_street_big_bet,
        })
    }

    /// Whether these are a stud game's rules (a bring-in, no blinds).
    #[inline]
    pub fn is_stud(&self) -> bool {
        self.bring_in > 0
    }

    /// These rules for `game`: every betting structure and forced bet
    /// works with every community-card game. A stud game takes
    /// [`Rules::stud`] (a bring-in, no blinds): a new hand refuses a game
    /// and rules that do not go together.
    /// The fourth-street open-pair option is dropped for razz and stud
    /// hi/lo, which have none (the rules of a mixed game carry it for its
    /// stud).
    pub fn with_game(mut self, game: Game) -> Rules {
        self.game = game;
        if game.is_stud() && game.kind() != super::GameKind::Stud {
            self.fourth_street_big_bet = false;
        }
        self
    }

    /// [`Rules::with_game`], refusing a game these rules cannot deal: a
    /// stud game for rules with blinds, a community-card game for stud
    /// rules.
    pub fn for_game(self, game: Game) -> Result<Rules> {
        let rules = self.with_game(game);
        rules.check_game()?;
        Ok(rules)
    }

    /// Whether the game and the forced bets go together (a bring-in for a
    /// stud game, blinds or antes for the others).
    pub fn check_game(&self) -> Result<()> {
        if self.game.is_stud() == self.is_stud() {
            return Ok(());
        }
        Err(Error::config(
            "game",
            if self.is_stud() {
                format!(
                    "these are stud rules (a bring-in): {} needs rules with blinds (Rules.no_limit, ...)",
                    self.game.name()
                )
            } else {
                format!(
                    "{} is played with a bring-in: build its rules with Rules.stud",
                    self.game.name()
                )
            },
        ))
    }

    /// The smallest table these rules can be played at.
    pub fn min_players(&self) -> usize {
        if self.straddles.is_empty() {
            2
        } else {
            self.straddles.len() + 2
        }
    }
}
