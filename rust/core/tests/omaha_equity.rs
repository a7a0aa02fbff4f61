//! Omaha equity against a brute force written here (every river card, each
//! pot share worked out with the public evaluators), and Monte Carlo against
//! the exact figures.
use holecards_core::card::Card;
use holecards_core::equity::omaha::{omaha_equity, OmahaEquity, OmahaMethod, POT};
use holecards_core::equity::Control;
use holecards_core::eval::low::omaha_low8;
use holecards_core::eval::omaha::omaha_high;
use holecards_core::parse_cards;

fn cards(t: &str) -> Vec<Card> {
    parse_cards(t).unwrap()
}

/// Every board, on one thread.
fn exact(hands: &[Vec<Card>], board: &[Card], hilo: bool) -> holecards_core::Result<OmahaEquity> {
    omaha_equity(
        hands,
        board,
        &[],
        hilo,
        OmahaMethod::Exact,
        Some(1),
        &Control::new(),
    )
}

/// Shares in units of POT, summed over every river card.
fn brute_force(hands: &[Vec<Card>], board: &[Card], hilo: bool) -> (u64, Vec<u64>) {
    let used: Vec<Card> = hands.iter().flatten().chain(board).copied().collect();
    let mut shares = vec![0u64; hands.len()];
    let mut deals = 0;
    for c in 0..52u8 {
        let river = Card::new(c).unwrap();
        if used.contains(&river) {
            continue;
        }
        deals += 1;
        let mut full = board.to_vec();
        full.push(river);
        let highs: Vec<u16> = hands
            .iter()
            .map(|h| omaha_high(h, &full).unwrap().value())
            .collect();
        let lows: Vec<u16> = hands
            .iter()
            .map(|h| {
                if hilo {
                    omaha_low8(h, &full).unwrap().map_or(0, |(v, _)| v.value())
                } else {
                    0
                }
            })
            .collect();
        let best_high = *highs.iter().max().unwrap();
        let best_low = *lows.iter().max().unwrap();
        let nh = highs.iter().filter(|&&h| h == best_high).count() as u64;
        let nl = lows.iter().filter(|&&l| l == best_low).count() as u64;
        for i in 0..hands.len() {
            let high = if highs[i] == best_high { POT / nh } else { 0 };
            if best_low == 0 {
                shares[i] += high;
            } else {
                let low = if lows[i] == best_low { POT / nl } else { 0 };
                shares[i] += (high + low) / 2;
            }
        }
    }
    (deals, shares)
}

#[test]
fn exact_matches_brute_force_on_the_turn() {
    let spots = [
        (vec!["As Ah Ks Kh", "Qd Jd Tc 9c"], "2s 7h Qs 8d"),
        (
            vec!["Ac 2c 3d Kh", "Ad 2d 8s 8h", "5c 4s Jd Jh"],
            "3c 6h 7s Tc",
        ),
        (vec!["Ah 2h 3s 4s 5d", "Kc Qc Jc Tc 9c"], "6h 7h 8c 2d"),
        (
            vec!["Ac 2d 3h 4s 5c 6d", "Kh Kd Qh Qd Jh Jd"],
            "Ts 9s 8s 2c",
        ),
    ];
    for (hands, board) in spots {
        let hands: Vec<Vec<Card>> = hands.iter().map(|h| cards(h)).collect();
        let board = cards(board);
        for hilo in [false, true] {
            let (deals, want) = brute_force(&hands, &board, hilo);
            let got = exact(&hands, &board, hilo).unwrap();
            assert!(got.exact && got.deals == deals);
            assert_eq!(got.shares, want, "{hands:?} {board:?} hilo {hilo}");
            assert_eq!(got.shares.iter().sum::<u64>(), POT * deals);
        }
    }
}

#[test]
fn monte_carlo_agrees_with_exact_and_repeats_from_its_seed() {
    let hands = vec![cards("As Ah Ks Kh"), cards("Jd Td 9c 8c")];
    let board = cards("2s 7h Qd");
    for hilo in [false, true] {
        let exact = exact(&hands, &board, hilo).unwrap();
        let method = OmahaMethod::MonteCarlo {
            trials: 200_000,
            seed: Some(7),
        };
        let mc = omaha_equity(&hands, &board, &[], hilo, method, Some(1), &Control::new()).unwrap();
        let again =
            omaha_equity(&hands, &board, &[], hilo, method, Some(2), &Control::new()).unwrap();
        assert_eq!(mc, again, "the same seed, another number of threads");
        assert_eq!(mc.deals, 200_000);
        for (e, m) in exact.equities().iter().zip(mc.equities()) {
            // the standard error of a share is at most 0.5 / sqrt(n): 0.0011
            assert!((e - m).abs() < 0.006, "exact {e}, Monte Carlo {m}");
        }
    }
}

#[test]
fn a_known_preflop_equity_and_the_errors() {
    // Every board of a heads-up preflop spot (1,086,008 of them).
    let hands = vec![cards("As Ah Ks Kh"), cards("Qd Jd Tc 9c")];
    let r = exact(&hands, &[], false).unwrap();
    assert_eq!(r.deals, 1_086_008);
    assert_eq!(r.shares.iter().sum::<u64>(), POT * r.deals);
    let e = exact(&[cards("As Ah"), cards("Kd Kh Qs Qh")], &[], false).unwrap_err();
    assert!(
        e.to_string()
            .contains("Omaha needs 4, 5 or 6 hole cards, got 2"),
        "{e}"
    );
    let e = exact(&hands, &cards("2c 3c"), false).unwrap_err();
    assert!(
        e.to_string().contains("0, 3, 4 or 5 known cards, not 2"),
        "{e}"
    );
    let e = exact(&hands, &cards("As 3c 4c"), false).unwrap_err();
    assert!(e.to_string().contains("duplicate card As"), "{e}");
    let e = exact(&hands[..1], &[], false).unwrap_err();
    assert!(e.to_string().contains("2 to 10 players"), "{e}");
}
