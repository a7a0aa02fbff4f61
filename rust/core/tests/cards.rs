//! Card parsing and the card set.
use holecards_core::card::*;

#[test]
fn index_layout() {
    assert_eq!("2c".parse::<Card>().unwrap().index(), 0);
    assert_eq!("As".parse::<Card>().unwrap().index(), 51);
    assert_eq!("Ah".parse::<Card>().unwrap().index(), 50);
    assert_eq!("10d".parse::<Card>().unwrap().to_string(), "Td");
    for i in 0..52u8 {
        let c = Card::new(i).unwrap();
        assert_eq!(c.to_string().parse::<Card>().unwrap(), c);
    }
    assert!(Card::new(52).is_err());
}

#[test]
fn parse_many() {
    let want = vec![
        "Ah".parse::<Card>().unwrap(),
        "Kd".parse().unwrap(),
        "7c".parse().unwrap(),
    ];
    assert_eq!(parse_cards("AhKd7c").unwrap(), want);
    assert_eq!(parse_cards("ah kD, 7C").unwrap(), want);
    assert_eq!(parse_cards("10h9h").unwrap().len(), 2);
    assert_eq!(parse_cards("").unwrap(), vec![]);
}

#[test]
fn parse_errors_name_the_problem() {
    let e = parse_cards("Ax").unwrap_err().to_string();
    assert!(e.contains("'Ax'") || e.contains("\"Ax\""), "{e}");
    assert!(e.contains("suit must be one of c d h s"), "{e}");
    let e = parse_cards("AhAh").unwrap_err();
    assert_eq!(e.to_string(), "duplicate card Ah");
    assert!(matches!(
        e.kind(),
        holecards_core::ErrorKind::DuplicateCard { row: None, .. }
    ));
    assert!(parse_cards("Ah K").is_err());
    assert!(parse_cards("1h").is_err());
    assert!(parse_cards("Zh").unwrap_err().to_string().contains("rank"));
}
