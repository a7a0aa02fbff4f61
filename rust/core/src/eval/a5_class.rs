// One definition of the ace-to-five class, included (`include!`) by
// `eval::lowball` and by the build script that tabulates it.

/// An ace-to-five class of five ranks (0 = ace .. 12 = king): the groups'
/// sizes' pattern (no pair, one pair, two pair, trips, full house, quads),
/// then the ranks by group (larger groups first, higher ranks first),
/// packed so that a smaller number is a better hand.
fn a5_class(ranks: &[u8; 5]) -> u32 {
    let mut counts = [0u8; 13];
    for &r in ranks {
        counts[r as usize] += 1;
    }
    let mut groups: Vec<(u8, u8)> = (0..13u8)
        .filter(|&r| counts[r as usize] > 0)
        .map(|r| (counts[r as usize], r))
        .collect();
    groups.sort_by(|a, b| b.cmp(a));
    let pattern = match (groups[0].0, groups.get(1).map_or(0, |g| g.0)) {
        (1, _) => 0,
        (2, 1) => 1,
        (2, 2) => 2,
        (3, 1) => 3,
        (3, 2) => 4,
        _ => 5,
    };
    let mut class = pattern << 20;
    for (i, g) in groups.iter().enumerate() {
        class |= (g.1 as u32) << (16 - 4 * i);
    }
    class
}
