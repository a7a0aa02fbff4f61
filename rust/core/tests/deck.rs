//! Shuffling: reproducible with a seed, unpredictable without, uniform.
use holecards_core::card::{Card, CardSet};
use holecards_core::deck::*;

#[test]
fn seeded_is_reproducible_and_unseeded_differs() {
    let a = Deck::shuffled(&mut make_rng(Some(7))).remaining();
    let b = Deck::shuffled(&mut make_rng(Some(7))).remaining();
    let c = Deck::shuffled(&mut make_rng(Some(8))).remaining();
    assert_eq!(a, b);
    assert_ne!(a, c);
    let d = Deck::shuffled(&mut make_rng(None)).remaining();
    let e = Deck::shuffled(&mut make_rng(None)).remaining();
    assert_ne!(d, e);
    assert_eq!(CardSet(a.iter().fold(0, |m, c| m | c.bit())).len(), 52);
}

#[test]
fn shuffle_is_roughly_uniform() {
    // Position of the ace of spades over many shuffles: each of 52 places
    // expects 500 hits; a chi-square over 51 degrees of freedom above
    // 110 happens with probability below 1e-6 for a fair shuffle.
    let mut rng = make_rng(Some(1));
    let mut hits = [0u32; 52];
    let n = 52 * 500;
    for _ in 0..n {
        let d = Deck::shuffled(&mut rng).remaining();
        let pos = d.iter().position(|c| c.index() == 51).unwrap();
        hits[pos] += 1;
    }
    let expect = 500.0;
    let chi2: f64 = hits
        .iter()
        .map(|&h| (h as f64 - expect).powi(2) / expect)
        .sum();
    assert!(chi2 < 110.0, "chi2 {chi2}");
}

#[test]
fn deal_in_order_and_errors() {
    let order: Vec<Card> = holecards_core::card::parse_cards("AhKdQc").unwrap();
    let mut d = Deck::from_order(&order).unwrap();
    assert_eq!(d.deal(2).unwrap(), order[..2].to_vec());
    assert!(d.deal(2).is_err());
    assert_eq!(d.deal_one(), Some(order[2]));
}
