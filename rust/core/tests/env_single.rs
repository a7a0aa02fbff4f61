//! The single-agent vector environment: one learner a table, the other
//! seats played inside each call by built-in bots or the caller's policy.
//! The learner is always the one to act, its rewards are its payoffs in
//! the recorded hands, episodes restart in the next step or the same one
//! as asked, and a run is the same on any number of threads.
use holecards_core::env::{Autoreset, Learner, LearnerSeat, SingleAgent, VecEnv};
use holecards_core::sim::BotKind;
use holecards_core::Error;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

mod common;
use common::{bench_env_config, EnvBuffers, BENCH_ACTIONS};

const A: usize = BENCH_ACTIONS;

fn single(seat: LearnerSeat, opponents: Vec<Option<BotKind>>, autoreset: Autoreset) -> SingleAgent {
    SingleAgent {
        learner: Learner { seat, opponents },
        autoreset,
        illegal: None,
    }
}

fn bots(kind: BotKind) -> Vec<Option<BotKind>> {
    vec![Some(kind); 5]
}

/// A legal action of table `i`'s row, drawn from `rng`.
fn legal_action(buf: &EnvBuffers, i: usize, rng: &mut ChaCha8Rng) -> i64 {
    let legal: Vec<usize> = (0..A).filter(|&a| buf.mask[i * A + a]).collect();
    assert!(!legal.is_empty(), "table {i}'s learner has a legal action");
    legal[rng.random_range(0..legal.len())] as i64
}

/// Every step's rows, for comparing runs.
type Run = Vec<(Vec<f32>, Vec<f32>, Vec<bool>, Vec<i64>, Vec<f32>)>;

fn run(env: &mut VecEnv, buf: &mut EnvBuffers, steps: usize, seed: u64) -> Run {
    let tables = env.num_tables();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    env.reset(Some(seed), buf.view()).unwrap();
    let mut out = Vec::new();
    for _ in 0..steps {
        let actions: Vec<i64> = (0..tables)
            .map(|i| legal_action(buf, i, &mut rng))
            .collect();
        env.step(&actions, None, buf.view()).unwrap();
        out.push((
            buf.obs.clone(),
            buf.rewards.clone(),
            buf.terminated.clone(),
            buf.seat.clone(),
            buf.final_obs.clone(),
        ));
    }
    out
}

fn env(s: SingleAgent, tables: usize, threads: Option<usize>) -> (VecEnv, EnvBuffers) {
    let same = s.autoreset == Autoreset::SameStep;
    let env = VecEnv::single_agent(bench_env_config(), s, tables, Some(5), threads).unwrap();
    (env, EnvBuffers::single(tables, 6, A, same))
}

#[test]
fn the_learner_is_paid_its_payoff_in_each_recorded_hand() {
    for autoreset in [Autoreset::NextStep, Autoreset::SameStep] {
        let s = single(LearnerSeat::Drawn, bots(BotKind::Random), autoreset);
        let (mut env, mut buf) = env(s, 8, None);
        env.set_record(true);
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        env.reset(Some(3), buf.view()).unwrap();
        env.take_finished();
        let mut seats = buf.seat.clone();
        let mut ended = 0;
        for _ in 0..400 {
            let over: Vec<bool> = (0..8)
                .map(|i| autoreset == Autoreset::NextStep && buf.terminated[i])
                .collect();
            let actions: Vec<i64> = (0..8)
                // (a table reset by this step ignores its action: 99 is no action)
                .map(|i| {
                    if over[i] {
                        99
                    } else {
                        legal_action(&buf, i, &mut rng)
                    }
                })
                .collect();
            env.step(&actions, None, buf.view()).unwrap();
            let mut finished = env.take_finished();
            for i in 0..8 {
                if over[i] {
                    assert!(!buf.terminated[i] && buf.rewards[i] == 0.0, "a reset step");
                    seats[i] = buf.seat[i];
                    continue;
                }
                // (a same-step reset's row is the next episode's, its seat too)
                if !buf.terminated[i] || autoreset == Autoreset::NextStep {
                    assert_eq!(buf.seat[i], seats[i], "one seat an episode");
                }
                if !buf.terminated[i] {
                    assert_eq!(buf.rewards[i], 0.0);
                    assert!(finished.iter().all(|(t, _)| *t != i));
                    continue;
                }
                ended += 1;
                let k = finished
                    .iter()
                    .position(|(t, _)| *t == i)
                    .expect("a recorded hand");
                let (_, hand) = finished.remove(k);
                let seat = seats[i] as usize;
                let won =
                    hand.stack(seat).unwrap() as f32 - hand.starting_stack(seat).unwrap() as f32;
                assert_eq!(buf.rewards[i], won / 2.0, "the payoff in big blinds");
                if autoreset == Autoreset::SameStep {
                    assert!(buf.has_final[i], "the final row is written");
                    seats[i] = buf.seat[i];
                } else {
                    assert!(
                        buf.mask[i * A..(i + 1) * A].iter().all(|&m| m),
                        "all true when over"
                    );
                }
            }
            for i in 0..8 {
                if !buf.terminated[i] && autoreset == Autoreset::SameStep {
                    assert!(!buf.has_final[i]);
                }
            }
        }
        assert!(ended > 100, "{ended} episodes ended");
    }
}

#[test]
fn the_learner_rotates_round_the_table() {
    let s = single(
        LearnerSeat::Rotating,
        bots(BotKind::CallingStation),
        Autoreset::SameStep,
    );
    let (mut env, mut buf) = env(s, 3, None);
    env.reset(Some(1), buf.view()).unwrap();
    let mut next = buf.seat.clone();
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let mut seen = [[false; 6]; 3];
    for _ in 0..300 {
        let actions: Vec<i64> = (0..3).map(|i| legal_action(&buf, i, &mut rng)).collect();
        env.step(&actions, None, buf.view()).unwrap();
        for i in 0..3 {
            seen[i][buf.seat[i] as usize] = true;
            if buf.terminated[i] {
                assert_eq!(buf.seat[i], (next[i] + 1) % 6, "the next seat");
                next[i] = buf.seat[i];
            } else {
                assert_eq!(buf.seat[i], next[i]);
            }
        }
    }
    assert!(
        seen.iter().all(|s| s.iter().all(|&x| x)),
        "every seat taken"
    );
}

#[test]
fn the_same_on_any_number_of_threads() {
    let make = |threads| {
        let s = single(
            LearnerSeat::Drawn,
            bots(BotKind::TightAggressive),
            Autoreset::SameStep,
        );
        env(s, 23, threads)
    };
    let (mut e1, mut b1) = make(None);
    let (mut e3, mut b3) = make(Some(3));
    let one = run(&mut e1, &mut b1, 150, 7);
    assert_eq!(one, run(&mut e3, &mut b3, 150, 7));
    assert!(
        one.iter()
            .map(|r| r.2.iter().filter(|&&t| t).count())
            .sum::<usize>()
            > 100
    );
}

#[test]
fn a_policy_plays_its_seats_as_the_bot_it_imitates() {
    // The calling station checks or calls: a policy that always answers
    // action 1 (check_call) is the same player, so the runs agree.
    let station = single(
        LearnerSeat::Fixed(2),
        bots(BotKind::CallingStation),
        Autoreset::NextStep,
    );
    let policy = single(LearnerSeat::Fixed(2), vec![None; 5], Autoreset::NextStep);
    let (mut e1, mut b1) = env(station, 9, None);
    let (mut e2, mut b2) = env(policy, 9, None);
    let mut calls = 0usize;
    let width = b1.obs.len() / 9;
    let mut check_call = |tables: &[usize], obs: &[f32], mask: &[bool], out: &mut [i64]| {
        assert_eq!(obs.len() / tables.len(), width);
        assert_eq!(mask.len(), tables.len() * A);
        calls += tables.len();
        out.fill(1);
        Ok(())
    };
    b1.seat.fill(-1);
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    e1.reset(Some(4), b1.view()).unwrap();
    e2.reset_with(Some(4), b2.view(), Some(&mut check_call))
        .unwrap();
    for _ in 0..200 {
        assert_eq!(
            (&b1.obs, &b1.rewards, &b1.terminated),
            (&b2.obs, &b2.rewards, &b2.terminated)
        );
        let actions: Vec<i64> = (0..9).map(|i| legal_action(&b1, i, &mut rng)).collect();
        e1.step(&actions, None, b1.view()).unwrap();
        e2.step_with(&actions, None, b2.view(), Some(&mut check_call))
            .unwrap();
    }
    assert!(calls > 200, "the policy played");
    // Without its policy, the environment refuses to go on.
    let err = e2.step(&[1; 9], None, b2.view()).unwrap_err();
    assert!(err.to_string().contains("policy"), "{err}");
}

#[test]
fn a_failing_or_illegal_policy_is_an_error_naming_it() {
    let s = single(LearnerSeat::Fixed(0), vec![None; 5], Autoreset::NextStep);
    let (mut env, mut buf) = env(s, 2, None);
    let mut fails = |_: &[usize], _: &[f32], _: &[bool], _: &mut [i64]| {
        Err(Error::bad_config("no answer".into()))
    };
    let err = env
        .reset_with(None, buf.view(), Some(&mut fails))
        .unwrap_err();
    assert!(err.to_string().contains("no answer"), "{err}");
    let mut illegal = |_: &[usize], _: &[f32], _: &[bool], out: &mut [i64]| {
        out.fill(42);
        Ok(())
    };
    let err = env
        .reset_with(None, buf.view(), Some(&mut illegal))
        .unwrap_err();
    assert!(
        err.to_string().contains("policy") && err.to_string().contains("table"),
        "{err}"
    );
}

#[test]
fn an_illegal_action_is_refused_or_penalised() {
    let cfg = common::three_at_100(common::bench_actions());
    let refuse = single(
        LearnerSeat::Fixed(0),
        vec![Some(BotKind::Random); 2],
        Autoreset::NextStep,
    );
    let mut env = VecEnv::single_agent(cfg.clone(), refuse.clone(), 2, Some(1), None).unwrap();
    let mut buf = EnvBuffers::single(2, 3, A, false);
    env.reset(None, buf.view()).unwrap();
    let err = env.step(&[1, 77], None, buf.view()).unwrap_err();
    assert!(err.to_string().contains("table 1"), "{err}");
    let penalised = SingleAgent {
        illegal: Some(-5.0),
        ..refuse
    };
    let mut env = VecEnv::single_agent(cfg, penalised, 2, Some(1), None).unwrap();
    env.reset(None, buf.view()).unwrap();
    // An index that is no action at all is refused with a penalty too.
    let err = env.step(&[1, 77], None, buf.view()).unwrap_err();
    assert!(err.to_string().contains("table 1"), "{err}");
    // A move the rules forbid here is fined.
    // (checking and calling until table 1 has one: folding when checking
    // is free, or raising when raising is closed)
    let mut illegal = None;
    for _ in 0..200 {
        illegal = (0..A).find(|&a| !buf.mask[A + a]);
        if illegal.is_some() {
            break;
        }
        env.step(&[1, 1], None, buf.view()).unwrap();
    }
    let illegal = illegal.expect("an illegal action in 200 steps");
    env.step(&[1, illegal as i64], None, buf.view()).unwrap();
    assert!(
        buf.terminated[1] && buf.rewards[1] == -5.0,
        "{:?}",
        buf.rewards
    );
    // The next step starts table 1's next episode, whatever its action.
    env.step(&[1, 77], None, buf.view()).unwrap();
    assert!(!buf.terminated[1] && buf.rewards[1] == 0.0);
}

#[test]
fn bad_settings_are_refused() {
    let cfg = bench_env_config();
    let bad = |s: SingleAgent| VecEnv::single_agent(cfg.clone(), s, 1, None, None).is_err();
    assert!(bad(single(
        LearnerSeat::Fixed(6),
        bots(BotKind::Random),
        Autoreset::NextStep
    )));
    assert!(bad(single(
        LearnerSeat::Fixed(0),
        vec![None; 4],
        Autoreset::NextStep
    )));
    let nan = SingleAgent {
        illegal: Some(f32::NAN),
        ..single(
            LearnerSeat::Drawn,
            bots(BotKind::Random),
            Autoreset::NextStep,
        )
    };
    assert!(bad(nan));
    assert!(Autoreset::parse("later").is_err());
    assert_eq!(Autoreset::parse("same_step").unwrap(), Autoreset::SameStep);
    assert!(LearnerSeat::parse(Some("left"), None).is_err());
    assert!(LearnerSeat::parse(None, Some(22)).is_err());
    assert_eq!(
        LearnerSeat::parse(Some("rotate"), None).unwrap(),
        LearnerSeat::Rotating
    );
}
