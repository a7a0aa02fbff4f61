//! The columnar export's Arrow buffers: each column type's layout, byte
//! for byte, worked out by hand.
use holecards_core::phh::{Column, Decimal};
use std::borrow::Cow;

#[test]
fn buffers_are_arrows_layout() {
    let c = Column::Int(vec![Some(1), None, Some(300)])
        .to_arrow()
        .unwrap();
    assert_eq!((c.len, c.null_count), (3, 1));
    assert_eq!(c.validity, Some(vec![0b101]));
    assert_eq!(
        c.buffers[0],
        [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 44, 1, 0, 0, 0, 0, 0, 0]
    );
    let t = Column::Text(vec![
        Some(Cow::Borrowed("ab")),
        None,
        Some(Cow::Borrowed("c")),
    ])
    .to_arrow()
    .unwrap();
    let offs: Vec<i64> = t.buffers[0]
        .chunks(8)
        .map(|b| i64::from_le_bytes(b.try_into().unwrap()))
        .collect();
    assert_eq!(offs, [0, 2, 2, 3]);
    assert_eq!(t.buffers[1], b"abc");
    let b = Column::Bool(vec![
        true, false, true, true, false, false, false, false, true,
    ])
    .to_arrow()
    .unwrap();
    assert_eq!(b.buffers[0], [0b0000_1101, 0b1]);
    let l = Column::IntList(vec![Some(vec![5, 6]), None, Some(vec![])])
        .to_arrow()
        .unwrap();
    assert_eq!(l.child.as_ref().unwrap().len, 2);
    assert_eq!(l.validity, Some(vec![0b101]));
    let u = Column::Unit(vec![Decimal::unit(2)]).to_arrow().unwrap();
    assert_eq!(
        i128::from_le_bytes(u.buffers[0][..16].try_into().unwrap()),
        10i128.pow(28)
    );
    assert!(Column::Int(vec![Some(u64::MAX)]).to_arrow().is_err());
}
