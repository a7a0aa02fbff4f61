//! Side pots by contribution level and the odd-chip rule.
use holecards_core::eval::HandValue;
use holecards_core::game::pots::*;

/// The pots' chips, main pot first.
fn amounts(pots: &[Pot]) -> Vec<u64> {
    pots.iter().map(|p| p.amount).collect()
}

#[test]
fn three_levels_with_a_folded_feeder() {
    // seat 0 all-in 50, seat 1 all-in 120, seat 2 called 200, seat 3 folded after 80
    let pots = build_pots(
        &[50, 120, 200, 80],
        &[false, false, false, true],
        &[true, true, false, false],
        0,
    );
    // main: 50 from each of four = 200; side 1: 70+70+30 = 170; side 2: 80
    assert_eq!(amounts(&pots), vec![200, 170, 80]);
    assert_eq!(pots[0].eligible.to_vec(), vec![0, 1, 2]);
    assert_eq!(pots[1].eligible.to_vec(), vec![1, 2]);
    assert_eq!(pots[2].eligible.to_vec(), vec![2]);
}

#[test]
fn big_blind_all_in_for_the_ante_can_win_the_dead_money() {
    // seat 1 put its whole stack (2) in as a big-blind ante: dead 2, live 0.
    let pots = build_pots(&[2, 0, 2], &[false, false, false], &[false, true, false], 2);
    assert_eq!(amounts(&pots), vec![2, 4]);
    assert_eq!(pots[0].eligible.to_vec(), vec![0, 1, 2]);
    assert_eq!(pots[1].eligible.to_vec(), vec![0, 2]);
}

#[test]
fn mid_round_pots_count_players_still_to_act() {
    // Preflop, blinds 1/2, nobody has acted: one pot of 3 that all three
    // players can still win (seat 0 has yet to act).
    let pots = build_pots(&[0, 1, 2], &[false; 3], &[false; 3], 0);
    assert_eq!(pots.len(), 1);
    assert_eq!(pots[0].amount, 3);
    assert_eq!(pots[0].eligible.to_vec(), vec![0, 1, 2]);
    // Seat 0 all-in for 50, seat 1 bet 100, seat 2 to act: main 50+50 = 100
    // for all three, side 50 for seats 1 and 2.
    let pots = build_pots(&[50, 100, 0], &[false; 3], &[true, false, false], 0);
    assert_eq!(amounts(&pots), vec![100, 50]);
    assert_eq!(pots[0].eligible.to_vec(), vec![0, 1, 2]);
    assert_eq!(pots[1].eligible.to_vec(), vec![1, 2]);
}

#[test]
fn dead_money_goes_to_the_main_pot() {
    let pots = build_pots(&[10, 30], &[false, false], &[true, false], 5);
    assert_eq!(amounts(&pots), vec![25, 20]);
}

#[test]
fn odd_chip_goes_left_of_button() {
    let mut pots = vec![Pot {
        amount: 7,
        eligible: SeatSet(0b111),
        winners: SeatSet(0),
        low_winners: SeatSet(0),
    }];
    let v = HandValue::new(100).ok();
    // button 1: order left of it is 2, 0, 1; seats 0 and 2 tie
    let mut won = [0u64; 3];
    award(&mut pots, &[v, HandValue::new(50).ok(), v], 1, &mut won);
    assert_eq!(won, [3, 0, 4]);
    assert_eq!(pots[0].winners.to_vec(), vec![0, 2]);
}
