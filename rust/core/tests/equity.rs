//! Equity: known exact counts, agreement between exact and Monte Carlo,
//! results independent of the number of threads, errors.
use holecards_core::equity::{equity, Control, EquityResult, Holding, Method, DEFAULT_MAX_DEALS};
use holecards_core::{parse_cards, Card, ErrorKind};

fn hand(s: &str) -> Holding {
    let c = parse_cards(s).unwrap();
    vec![([c[0], c[1]], 1.0)]
}

fn combos(s: &str, w: f64) -> Holding {
    s.split(',').map(|x| (hand(x)[0].0, w)).collect()
}

fn cards(s: &str) -> Vec<Card> {
    if s.is_empty() {
        vec![]
    } else {
        parse_cards(s).unwrap()
    }
}

fn try_exact(
    players: &[Holding],
    board: &str,
    dead: &str,
    threads: Option<usize>,
) -> holecards_core::Result<EquityResult> {
    equity(
        players,
        &cards(board),
        &cards(dead),
        &Method::Exact {
            max_deals: DEFAULT_MAX_DEALS,
        },
        threads,
        &Control::new(),
    )
}

fn exact(players: &[Holding], board: &str, dead: &str, threads: Option<usize>) -> EquityResult {
    try_exact(players, board, dead, threads).unwrap()
}

fn mc(
    players: &[Holding],
    board: &str,
    trials: u64,
    seed: u64,
    threads: Option<usize>,
) -> EquityResult {
    equity(
        players,
        &cards(board),
        &[],
        &Method::MonteCarlo {
            trials: Some(trials),
            seed,
            target_std_error: None,
        },
        threads,
        &Control::new(),
    )
    .unwrap()
}

/// The counts other libraries agree on (PokerStove, OMPEval, pokerkit).
#[test]
fn known_preflop_counts() {
    let r = exact(&[hand("AhKh"), hand("QsQd")], "", "", Some(1));
    assert_eq!(r.wins, vec![787_966.0, 917_606.0]);
    assert_eq!(r.ties, vec![6_732.0, 6_732.0]);
    assert_eq!(r.boards, 1_712_304.0);
    assert!((r.equities[0] - (787_966.0 + 6_732.0 / 2.0) / 1_712_304.0).abs() < 1e-12);
    let r = exact(&[hand("AsAd"), hand("KsKd")], "", "", None);
    assert_eq!(r.wins, vec![1_410_336.0, 292_660.0]);
    assert_eq!(r.ties, vec![9_308.0, 9_308.0]);
    // One dead card: C(47, 5) boards.
    let r = exact(&[hand("AhKh"), hand("QsQd")], "", "2c", Some(2));
    assert_eq!(r.boards, 1_533_939.0);
    assert_eq!(r.wins[0] + r.wins[1] + r.ties[0], 1_533_939.0);
}

/// Brute force over every board, one full evaluation per player, against
/// the enumeration with its isomorphisms, on turn and flop spots.
#[test]
fn enumeration_equals_brute_force() {
    use holecards_core::evaluate;
    let spots: [(&[&str], &str, &str); 5] = [
        (&["AhKh", "QsQd", "7c7d"], "2h3h9d", ""),
        (&["AhKh", "QsQd"], "2h3h9h", ""),
        (&["5c5d", "AsKs", "Td9d", "2h2s"], "Kd8d3c", "Ac"),
        (&["AhAd", "KcKs"], "QhJhTh9c", ""),
        (&["7h6h", "AcAd", "KsQs"], "8h9c2h4d", "5h"),
    ];
    for (hands, board, dead) in spots {
        let players: Vec<Holding> = hands.iter().map(|h| hand(h)).collect();
        let b = cards(board);
        let d = cards(dead);
        let mut used: Vec<Card> = b.iter().chain(&d).copied().collect();
        for p in &players {
            used.extend(p[0].0);
        }
        let deck: Vec<Card> = (0..52)
            .map(|i| Card::new(i).unwrap())
            .filter(|c| !used.contains(c))
            .collect();
        let need = 5 - b.len();
        let (mut wins, mut ties, mut n) =
            (vec![0u64; players.len()], vec![0u64; players.len()], 0u64);
        let mut idx: Vec<usize> = (0..need).collect();
        loop {
            let mut full = b.clone();
            full.extend(idx.iter().map(|&i| deck[i]));
            let vals: Vec<u16> = players
                .iter()
                .map(|p| {
                    let mut seven = full.clone();
                    seven.extend(p[0].0);
                    evaluate(&seven).unwrap().value()
                })
                .collect();
            let best = *vals.iter().max().unwrap();
            let k = vals.iter().filter(|&&v| v == best).count();
            for (i, &v) in vals.iter().enumerate() {
                if v == best {
                    if k == 1 {
                        wins[i] += 1
                    } else {
                        ties[i] += 1
                    }
                }
            }
            n += 1;
            // next combination
            let mut i = need;
            loop {
                if i == 0 {
                    break;
                }
                i -= 1;
                if idx[i] < deck.len() - need + i {
                    idx[i] += 1;
                    for j in i + 1..need {
                        idx[j] = idx[j - 1] + 1;
                    }
                    i = usize::MAX;
                    break;
                }
            }
            if i != usize::MAX {
                break;
            }
        }
        let r = exact(&players, board, dead, Some(1));
        assert_eq!(r.boards, n as f64, "{hands:?} {board}");
        assert_eq!(
            r.wins,
            wins.iter().map(|&x| x as f64).collect::<Vec<_>>(),
            "{hands:?} {board}"
        );
        assert_eq!(
            r.ties,
            ties.iter().map(|&x| x as f64).collect::<Vec<_>>(),
            "{hands:?} {board}"
        );
        assert_eq!(exact(&players, board, dead, Some(2)), r);
    }
}

#[test]
fn ranges_weigh_each_pair() {
    // AA (6 combos, weight 0.5) against AKs (4) on a board with no ace or king:
    // each AKs combo collides with 3 of the AA combos (those holding its ace).
    let aa = combos("AcAd,AcAh,AcAs,AdAh,AdAs,AhAs", 0.5);
    let aks = combos("AcKc,AdKd,AhKh,AsKs", 1.0);
    let r = exact(&[aa.clone(), aks.clone()], "2c7d9h", "", Some(1));
    // 4 x 3 non-colliding pairs, each 0.5, times C(45, 2) boards.
    assert_eq!(r.boards, 12.0 * 0.5 * 990.0);
    // The same by hand, pair by pair.
    let (mut w, mut b) = (0.0, 0.0);
    for (c1, w1) in &aa {
        for (c2, w2) in &aks {
            if c1.iter().any(|x| c2.contains(x)) {
                continue;
            }
            let one = exact(&[vec![(*c1, 1.0)], vec![(*c2, 1.0)]], "2c7d9h", "", Some(1));
            w += w1 * w2 * one.equities[0] * one.boards;
            b += w1 * w2 * one.boards;
        }
    }
    assert!((r.equities[0] - w / b).abs() < 1e-12);
    assert_eq!(
        exact(&[aa, aks], "2c7d9h", "", Some(2)).equities,
        r.equities
    );
}

#[test]
fn monte_carlo_is_reproducible_and_close() {
    let players = [hand("AhKh"), hand("QsQd"), combos("JcTc,9s8s,7h7d", 1.0)];
    let a = mc(&players, "", 300_000, 7, Some(1));
    let b = mc(&players, "", 300_000, 7, Some(2));
    assert_eq!(a, b, "the thread count changes nothing");
    assert_ne!(mc(&players, "", 300_000, 8, Some(1)).equities, a.equities);
    let e = exact(&players, "", "", None);
    let se = a.std_errors.clone().unwrap();
    #[allow(clippy::needless_range_loop, reason = "p indexes three vectors")]
    for p in 0..3 {
        assert!(
            (a.equities[p] - e.equities[p]).abs() < 5.0 * se[p],
            "player {p}: {} vs {} (se {})",
            a.equities[p],
            e.equities[p],
            se[p]
        );
        assert!(se[p] > 0.0 && se[p] < 0.002);
    }
    assert_eq!(a.trials, Some(300_000));
    assert_eq!(a.boards, 300_000.0);
}

#[test]
fn target_std_error_stops_early() {
    let players = [hand("AhKh"), hand("QsQd")];
    let r = equity(
        &players,
        &[],
        &[],
        &Method::MonteCarlo {
            trials: None,
            seed: 3,
            target_std_error: Some(0.002),
        },
        Some(2),
        &Control::new(),
    )
    .unwrap();
    assert!(r.std_errors.unwrap().iter().all(|&s| s < 0.002));
    let t = r.trials.unwrap();
    assert!(t < 10_000_000, "{t}");
    // A check point of the schedule, and the one before did not reach the target.
    let mut c = 0;
    while c < t {
        c = holecards_core::equity::next_check(c);
    }
    assert_eq!(c, t);
}

#[test]
fn errors_name_the_problem() {
    let run =
        |players: &[Holding], board: &str, dead: &str| try_exact(players, board, dead, Some(1));
    let e = run(&[hand("AhKh"), hand("AhQd")], "", "").unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::DuplicateCard { .. }), "{e}");
    let e = run(&[hand("AhKh"), hand("QsQd")], "Ah2c3d", "").unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::DuplicateCard { .. }), "{e}");
    let e = run(&[hand("AhKh")], "", "").unwrap_err();
    assert!(e.to_string().contains("2 to 10 players"), "{e}");
    let e = run(&[hand("AhKh"), hand("QsQd")], "2c3d", "").unwrap_err();
    assert!(e.to_string().contains("0, 3, 4 or 5"), "{e}");
    let e = run(&[combos("AcAd,AhAs", 1.0), hand("QsQd")], "Ac2c3d", "Ah").unwrap_err();
    assert!(e.to_string().contains("no combination left"), "{e}");
    // A range whose every combination holds a known hand's card is emptied.
    let e = run(
        &[combos("AcAd", 1.0), combos("AcKc,AdKd", 1.0), hand("2s2h")],
        "",
        "",
    )
    .unwrap_err();
    assert!(
        e.to_string().contains("no combination left") && e.to_string().contains("known hands"),
        "{e}"
    );
    // Ranges that always share a card with each other leave no deal.
    let e = run(
        &[
            combos("AcAd,AcAh", 1.0),
            combos("AcKs,AcKh", 1.0),
            hand("2s2h"),
        ],
        "",
        "",
    )
    .unwrap_err();
    assert!(e.to_string().contains("no deal is possible"), "{e}");
    // So does a range emptied by a known hand when only one card is shared (QQ
    // with Qh Qc dead is Qs Qd alone, which the other player holds): a range,
    // not a known hand, so no duplicate-card error.
    let e = run(&[combos("QsQh,QsQd,QhQd", 1.0), hand("QsQd")], "", "Qh").unwrap_err();
    assert!(e.to_string().contains("no combination left"), "{e}");
    let all: Holding = {
        let mut v = vec![];
        for a in 0..52u8 {
            for b in 0..a {
                v.push(([Card::new(a).unwrap(), Card::new(b).unwrap()], 1.0));
            }
        }
        v
    };
    let e = run(&[all.clone(), all.clone(), all], "", "").unwrap_err();
    assert!(e.to_string().contains("trials"), "{e}");
    let e = equity(
        &[hand("AhKh"), hand("QsQd")],
        &[],
        &[],
        &Method::MonteCarlo {
            trials: Some(0),
            seed: 1,
            target_std_error: None,
        },
        None,
        &Control::new(),
    )
    .unwrap_err();
    assert!(e.to_string().contains("trials"), "{e}");
}

#[test]
fn cancel_stops_the_work() {
    let c = Control::new();
    c.cancel.store(true, std::sync::atomic::Ordering::Relaxed);
    let r = equity(
        &[hand("AhKh"), hand("QsQd")],
        &[],
        &[],
        &Method::MonteCarlo {
            trials: Some(1 << 30),
            seed: 1,
            target_std_error: None,
        },
        Some(1),
        &c,
    );
    assert!(matches!(r.unwrap_err().kind(), ErrorKind::Interrupted));
}

#[test]
fn tiny_weights_give_the_equities_of_weight_one() {
    // A product of two weights of 1e-170 is below the smallest float: each
    // player's weights are divided by their largest, so only ratios count.
    let aa = combos("AsAh,AsAd,AsAc,AhAd,AhAc,AdAc", 1.0);
    let kk = combos("KsKh,KsKd,KsKc,KhKd,KhKc,KdKc", 1.0);
    let tiny = |h: &Holding, w: f64| -> Holding { h.iter().map(|&(c, _)| (c, w)).collect() };
    for board in ["", "2c7d9h", "2c7d9h3s", "2c7d9h3s4s"] {
        let one = exact(&[aa.clone(), kk.clone()], board, "", None);
        let small = exact(&[tiny(&aa, 1e-170), tiny(&kk, 1e-170)], board, "", None);
        assert_eq!(small.equities, one.equities, "board {board}");
        let m = mc(
            &[tiny(&aa, 1e-170), tiny(&kk, 5e-324)],
            board,
            20_000,
            3,
            None,
        );
        assert_eq!(
            m.equities,
            mc(&[aa.clone(), kk.clone()], board, 20_000, 3, None).equities
        );
        // Weighted counts stay in the weights' units.
        let half = exact(&[tiny(&aa, 0.5), kk.clone()], board, "", None);
        assert_eq!(half.equities, one.equities);
        assert!((half.boards - one.boards / 2.0).abs() <= 1e-9 * one.boards);
    }
    // Weights in a ratio: 'AsAh:1e-200,KsKh:2e-200' is 'AsAh:0.5,KsKh'.
    let mixed =
        |a: f64, b: f64| -> Holding { vec![(hand("AsAh")[0].0, a), (hand("KsKh")[0].0, b)] };
    let qq = hand("QsQh");
    let scaled = exact(&[mixed(1e-200, 2e-200), qq.clone()], "", "", None);
    let plain = exact(&[mixed(0.5, 1.0), qq], "", "", None);
    for p in 0..2 {
        assert!((scaled.equities[p] - plain.equities[p]).abs() < 1e-15);
    }
}

#[test]
fn monte_carlo_refuses_trials_that_could_not_finish() {
    let r = equity(
        &[hand("AsAh"), hand("KsKh")],
        &[],
        &[],
        &Method::MonteCarlo {
            trials: Some(u64::MAX),
            seed: 1,
            target_std_error: None,
        },
        None,
        &Control::new(),
    );
    assert!(
        matches!(r.unwrap_err().kind(), ErrorKind::Equity(e) if e.message.contains("at most 2**50"))
    );
}
