//! PokerStars hand histories converted to PHH: a hand worked through by
//! hand, and hostile text.
use holecards_core::phh::toml::Value;
use holecards_core::site::{convert, decode, detect, ProblemKind, Site};

fn fixture(name: &str) -> String {
    let path = format!(
        "{}/../../tests/data/sites/pokerstars/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    decode(&std::fs::read(path).unwrap()).into_owned()
}

/// The PokerStars fixtures' paths, sorted.
fn fixture_paths() -> Vec<std::path::PathBuf> {
    let dir = format!(
        "{}/../../tests/data/sites/pokerstars",
        env!("CARGO_MANIFEST_DIR")
    );
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    paths.sort();
    paths
}

fn strs(v: &Value) -> Vec<String> {
    match v {
        Value::Array(items) => items
            .iter()
            .map(|x| match x {
                Value::Str(s) => s.clone(),
                Value::Num(n) => n.as_str().to_string(),
                _ => panic!("{x:?}"),
            })
            .collect(),
        _ => panic!("{v:?}"),
    }
}

/// A tournament hand (hhp's posts-allin.txt) worked through by hand: the
/// button is seat 8, so p1 is seat 9 (grmpjb, the small blind 10), p2 seat 1
/// (norgas69, the big blind: 11 all-in of a 20 blind, written as 20, the
/// stack limiting it), then seats 3 to 8. Every player antes 3. Put in:
/// grmpjb 3 + 10 = 13, norgas69 3 + 11 = 14, MasterQkiu and trips1126 3 +
/// 180 + 300 = 483 (2,458 raised, 2,158 returned), the four others 3:
/// 1,005, the total pot; MasterQkiu collects 938 + 67 = 1,005 and ends with
/// 2,641 - 483 + 1,005 = 3,163.
#[test]
fn a_short_all_in_big_blind_converts_to_the_chip() {
    let text = fixture("hhp-posts-allin.txt");
    assert_eq!(detect(&text), Some(Site::PokerStars));
    let c = convert(&text, "posts-allin.txt", None, None).unwrap();
    assert!(c.problems.is_empty(), "{:?}", c.problems);
    assert_eq!(c.hands.len(), 1);
    let h = &c.hands[0].1;
    let get = |k: &str| strs(h.get(k).unwrap_or_else(|| panic!("no {k}")));
    assert_eq!(
        get("players"),
        [
            "grmpjb",
            "norgas69",
            "renniweg",
            "p_coxinha",
            "MasterQkiu",
            "Oterbach",
            "SilveradoSP",
            "trips1126"
        ]
    );
    assert_eq!(get("seats"), ["9", "1", "3", "4", "5", "6", "7", "8"]);
    assert_eq!(get("antes"), ["3"; 8]);
    assert_eq!(
        get("blinds_or_straddles"),
        ["10", "20", "0", "0", "0", "0", "0", "0"]
    );
    assert_eq!(
        get("starting_stacks"),
        ["1379", "14", "1229", "1144", "2641", "1825", "1389", "2310"]
    );
    assert_eq!(
        get("actions"),
        [
            "d dh p1 ????",
            "d dh p2 9hAs",
            "d dh p3 4cQd",
            "d dh p4 ????",
            "d dh p5 KdTs",
            "d dh p6 ????",
            "d dh p7 ????",
            "d dh p8 ????",
            "p3 f",
            "p4 f",
            "p5 cc",
            "p6 f",
            "p7 f",
            "p8 cbr 180",
            "p1 f",
            "p5 cc",
            "d db 5sKhTh",
            "p5 cc",
            "p8 cbr 300",
            "p5 cbr 2458",
            "p8 f",
            "d db 2h",
            "d db 3s",
        ]
    );
    assert_eq!(get("winnings"), ["0", "0", "0", "0", "1005", "0", "0", "0"]);
    assert_eq!(
        get("finishing_stacks"),
        ["1366", "0", "1226", "1141", "3163", "1822", "1386", "1827"]
    );
    assert_eq!(h.get("variant"), Some(&Value::Str("NT".into())));
    assert_eq!(h.get("_tournament"), Some(&Value::Str("1689829479".into())));
    assert_eq!(
        strs(&Value::Array(vec![h.get("level").unwrap().clone()])),
        ["1"]
    );
}

/// Every fixture converts, or is refused or reported with a reason: none
/// mismatches, and the refusals are the rules the engine does not play or
/// the fixtures' own damage.
#[test]
fn every_fixture_converts_or_says_why() {
    let mut converted = 0;
    for path in fixture_paths() {
        let text = decode(&std::fs::read(&path).unwrap()).into_owned();
        let c = convert(&text, &path.display().to_string(), None, None).unwrap();
        converted += c.hands.len();
        for p in &c.problems {
            assert_eq!(p.kind, ProblemKind::Refused, "{}: {p:?}", path.display());
            assert!(!p.why.is_empty());
        }
    }
    assert!(converted >= 80, "{converted}");
}

/// The rows kept from the verifying replay (what the Parquet export
/// writes without replaying a hand again) are the rows a fresh replay of
/// each converted history gives, field for field; and the conversion is
/// otherwise the same with and without them.
#[test]
fn rows_kept_from_the_verifying_replay_are_a_fresh_replays() {
    use holecards_core::site::convert_with_rows;
    let mut compared = 0;
    for path in fixture_paths() {
        let text = decode(&std::fs::read(&path).unwrap()).into_owned();
        let name = path.display().to_string();
        let plain = convert(&text, &name, None, None).unwrap();
        let with = convert_with_rows(&text, &name, None, None).unwrap();
        assert!(plain.rows.is_empty());
        assert_eq!(with.hands, plain.hands, "{name}");
        assert_eq!(with.problems, plain.problems, "{name}");
        let histories: Vec<_> = with.hands.iter().map(|(_, h)| h).collect();
        let fresh = holecards_core::phh::rows_each(&histories, Some(1), None).unwrap();
        assert_eq!(with.rows.len(), fresh.len(), "{name}");
        for (kept, fresh) in with.rows.iter().zip(&fresh) {
            assert_eq!(kept.status, "ok");
            assert_eq!(format!("{kept:?}"), format!("{fresh:?}"), "{name}");
            compared += 1;
        }
    }
    assert!(compared >= 80, "{compared}");
}

/// The export's tables built a file at a time from the kept rows and
/// joined are the tables of a fresh replay of every converted hand at once.
#[test]
fn the_tables_of_many_files_joined_are_the_tables_of_all_their_hands() {
    use holecards_core::site::{columns_of_files, convert_files, convert_files_with_rows};
    let paths = fixture_paths();
    let mut kept = convert_files_with_rows(&paths, None, Some(2), None).unwrap();
    let joined = columns_of_files(&mut kept, Some(2)).unwrap().unwrap();
    let plain = convert_files(&paths, None, Some(1), None).unwrap();
    let hands: Vec<_> = plain
        .iter()
        .flatten()
        .flat_map(|(_, c)| c.hands.iter().map(|(_, h)| h))
        .collect();
    assert!(hands.len() >= 80 && paths.len() > 5);
    let fresh = holecards_core::phh::columns_each(&hands, Some(1), None).unwrap();
    assert_eq!(joined, fresh);
    // no hand at all: no tables
    assert_eq!(columns_of_files(&mut [], None).unwrap(), None);
}

/// Text cut anywhere, lines doubled or dropped, bytes replaced: each hand
/// converts or is a problem with a reason; nothing panics.
#[test]
fn damaged_text_gives_only_clean_problems() {
    damage(
        &fixture("hhsmithy-MultipleHandsTests-10MultipleHands.txt"),
        Site::PokerStars,
    );
    damage(&[WINAMAX_CASH; 10].join("\n\n"), Site::Winamax);
    damage(&[PACIFIC_CASH; 10].join("\n\n"), Site::Poker888);
    damage(&[FULLTILT_CASH; 10].join("\n\n"), Site::FullTilt);
    damage(&[PARTY_CASH; 10].join("\n\n"), Site::PartyPoker);
    damage(
        &[PARTY_NEW_CASH, PARTY_NEW_TOURNAMENT]
            .repeat(5)
            .join("\n\n"),
        Site::PartyPoker,
    );
    damage(&[ONGAME; 10].join("\n\n"), Site::Ongame);
    damage(&[ABSOLUTE; 10].join("\n\n"), Site::Absolute);
    // the stud and draw games' lines
    damage(
        &[STARS_STUD, STARS_TRIPLE_DRAW].repeat(5).join("\n\n"),
        Site::PokerStars,
    );
    damage(&[FULLTILT_RAZZ; 10].join("\n\n"), Site::FullTilt);
}

/// `text`'s ten hands with lines removed, doubled, cut and replaced by
/// garbage: each hand converts or is a problem with its reason (a hand
/// whose header line is damaged can run into the one before it: the two
/// are then one problem).
fn damage(text: &str, site: Site) {
    let lines: Vec<&str> = text.lines().collect();
    let whole = convert(text, "x", None, None).unwrap();
    assert_eq!(whole.hands.len(), 10, "{:?}", whole.problems);
    let headers: Vec<&str> = whole
        .hands
        .iter()
        .map(|(line, _)| lines[line - 1])
        .collect();
    let mut state = 7u64;
    let mut next = |n: usize| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) as usize % n.max(1)
    };
    for round in 0..300 {
        let mut ls: Vec<String> = lines.iter().map(|s| s.to_string()).collect();
        let mut headers_hit = 0;
        for _ in 0..1 + round % 4 {
            let i = next(ls.len());
            headers_hit += usize::from(headers.contains(&ls[i].as_str()));
            match next(4) {
                0 => {
                    ls.remove(i);
                }
                1 => {
                    let l = ls[i].clone();
                    ls.insert(i, l);
                }
                2 => {
                    let l = &ls[i];
                    let cut = next(l.len() + 1);
                    ls[i] = l.chars().take(cut).collect();
                }
                _ => ls[i] = "garbage: raises 5 to 1e300 and is all-in".into(),
            }
        }
        let t = ls.join("\n");
        let c = convert(&t, "x", Some(site), None).unwrap();
        assert!(
            c.hands.len() + c.problems.len() + headers_hit.max(1) >= 10,
            "{round} {site:?}: {} hands, {:?}\n{t}",
            c.hands.len(),
            c.problems
        );
        for p in &c.problems {
            assert!(!p.why.is_empty());
        }
    }
}

#[test]
fn a_text_of_no_site_and_a_too_large_text_are_refused() {
    assert!(convert("hello\nworld", "x", None, None)
        .unwrap_err()
        .to_string()
        .contains("no hand history of a known site"));
    let big = "x".repeat(holecards_core::site::MAX_BYTES + 1);
    assert!(convert(&big, "x", None, None)
        .unwrap_err()
        .to_string()
        .contains("more than"));
    // Windows-1252 bytes: the euro sign is 0x80
    assert_eq!(decode(b"\x80 5"), "€ 5");
    assert_eq!(decode(b"\xef\xbb\xbfabc"), "abc");
}

/// Random bytes after a header, and headers cut at every byte: no panic,
/// only problems with reasons.
#[test]
fn random_text_never_panics() {
    let real = fixture("hhp-posts-allin.txt");
    for cut in 0..real.len() {
        if !real.is_char_boundary(cut) {
            continue;
        }
        let c = convert(&real[..cut], "x", Some(Site::PokerStars), None).unwrap();
        assert!(c.hands.len() <= 1);
        assert!(c.problems.iter().all(|p| !p.why.is_empty()));
    }
    let mut state = 99u64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let alphabet: Vec<char> = "PokerStars Hand #12: Hold'em No Limit ($1/$2) Seat 1: ()[]$.0123456789\n*** HOLE CARDS FLOP SUMMARY posts folds calls raises to bets collected Uncalled bet (€£"
        .chars()
        .collect();
    for _ in 0..3_000 {
        let len = (next() % 600) as usize;
        let mut t = String::from(
            "PokerStars Hand #1:  Hold'em No Limit ($1/$2 USD) - 2020/01/01 1:00:00 ET\n",
        );
        for _ in 0..len {
            t.push(alphabet[(next() % alphabet.len() as u64) as usize]);
        }
        let c = convert(&t, "x", None, None).unwrap();
        assert!(c.problems.iter().all(|p| !p.why.is_empty()));
    }
}

/// A GGPoker cash hand written from its format (not copied): a missed
/// small blind posted with the big blind by Delta (UTG), thousands with
/// commas, the showdown line before the runout, a rake and a jackpot fee.
/// Delta puts in 1 dead + 6 = 7; Alpha raises all-in to 1,250 and gets 950
/// back (Charlie's 300 is the most anyone matched); Bravo 1, Charlie 300,
/// Alpha 300: a pot of 608. Aces hold against kings: Charlie collects
/// 608 - 3 rake - 1 jackpot = 604.
const GG_CASH: &str = "Poker Hand #HD1000000001: Hold'em No Limit ($1/$2) - 2025/03/04 05:06:07
Table 'NLHGold7' 6-max Seat #1 is the button
Seat 1: Alpha ($1,250 in chips)
Seat 2: Bravo ($200 in chips)
Seat 3: Charlie ($300 in chips)
Seat 4: Delta ($150 in chips)
Bravo: posts small blind $1
Charlie: posts big blind $2
Delta: posts missed blind $1
Delta: posts big blind $2
*** HOLE CARDS ***
Dealt to Alpha 
Dealt to Bravo 
Dealt to Charlie [Ah Ad]
Dealt to Delta 
Delta: raises $4 to $6
Alpha: raises $1,244 to $1,250 and is all-in
Bravo: folds
Charlie: calls $298 and is all-in
Delta: folds
Uncalled bet ($950) returned to Alpha
*** SHOWDOWN ***
Alpha: shows [Kc Ks] (a pair of Kings)
Charlie: shows [Ah Ad] (a pair of Aces)
*** FLOP *** [2c 7d 9h]
*** TURN *** [2c 7d 9h] [3s]
*** RIVER *** [2c 7d 9h 3s] [4c]
Charlie collected $604 from pot
*** SUMMARY ***
Total pot $608 | Rake $3 | Jackpot $1 | Bingo $0 | Fortune $0 | Tax $0
Board [2c 7d 9h 3s 4c]
Seat 1: Alpha (button) showed [Kc Ks] and lost with a pair of Kings
Seat 2: Bravo (small blind) folded before Flop
Seat 3: Charlie (big blind) showed [Ah Ad] and won ($604) with a pair of Aces
Seat 4: Delta folded before Flop
";

#[test]
fn a_ggpoker_cash_hand_converts_to_the_chip() {
    assert_eq!(detect(GG_CASH), Some(Site::GgPoker));
    let c = convert(GG_CASH, "gg.txt", None, None).unwrap();
    assert!(c.problems.is_empty(), "{:?}", c.problems);
    let h = &c.hands[0].1;
    let get = |k: &str| strs(h.get(k).unwrap_or_else(|| panic!("no {k}")));
    // p1 Bravo (small blind), p2 Charlie (big blind), p3 Delta, p4 Alpha (button)
    assert_eq!(get("players"), ["Bravo", "Charlie", "Delta", "Alpha"]);
    assert_eq!(get("blinds_or_straddles"), ["1", "2", "2", "0"]);
    assert_eq!(get("antes"), ["0", "0", "1", "0"]);
    assert_eq!(get("_dead_small_blinds"), ["3"]);
    assert_eq!(get("starting_stacks"), ["200", "300", "150", "1250"]);
    assert_eq!(get("winnings"), ["0", "604", "0", "0"]);
    assert_eq!(get("finishing_stacks"), ["199", "604", "143", "950"]);
    assert_eq!(
        strs(&Value::Array(vec![h.get("_rake").unwrap().clone()])),
        ["4"]
    );
    assert_eq!(
        strs(&Value::Array(vec![h.get("_jackpot").unwrap().clone()])),
        ["1"]
    );
    assert_eq!(h.get("_site"), Some(&Value::Str("GGPoker".into())));
    assert_eq!(h.get("_hand_id"), Some(&Value::Str("HD1000000001".into())));
    assert_eq!(
        strs(&Value::Array(vec![h.get("hand").unwrap().clone()])),
        ["1000000001"]
    );
    // one more chip of rake than the site took: the replay no longer agrees
    let off = GG_CASH.replace("| Rake $3 |", "| Rake $4 |");
    let c = convert(&off, "gg.txt", None, None).unwrap();
    assert_eq!(
        c.problems[0].kind,
        ProblemKind::Mismatch,
        "{:?}",
        c.problems
    );
    // a cash drop and an EV cashout are refused
    let drop = GG_CASH.replace(
        "*** HOLE CARDS ***",
        "Cash Drop to Pot : total $1\n*** HOLE CARDS ***",
    );
    let c = convert(&drop, "gg.txt", None, None).unwrap();
    assert!(c.problems[0].why.contains("cash drop"), "{:?}", c.problems);
    let ev = GG_CASH.replace("*** FLOP ***", "Alpha: Chooses to EV Cashout\n*** FLOP ***");
    let c = convert(&ev, "gg.txt", None, None).unwrap();
    assert!(c.problems[0].why.contains("EV cashout"), "{:?}", c.problems);
}

/// GGPoker's all-in insurance, as its files write it: Charlie (all-in with
/// aces) buys insurance on the main pot and pays a $25 premium to the site,
/// outside the pot, which is played as any (Charlie wins it: $604 after the
/// rake). The premium is kept by player as `_insurance_premiums` (p2,
/// Charlie); the pot, the stacks the pot leaves and the check are as
/// without it. A payout on a lost pot (no line of it is known) is refused,
/// as any line not understood.
#[test]
fn a_ggpoker_all_in_insurance_premium_is_kept_beside_the_pot() {
    let text = GG_CASH
        .replace(
            "*** FLOP ***",
            "Charlie: get an all-in insurance (premium ($0/$25/$0) for ($0/$600/$0) - (Mandatory/Main/Sub))\n*** FLOP ***",
        )
        .replace(
            "*** RIVER ***",
            "Charlie: pay premium of all-in insurance ($25)\n*** RIVER ***",
        )
        .replace(
            "won ($604) with a pair of Aces",
            "won ($604) with a pair of Aces, AII Premium ($25)",
        );
    let c = convert(&text, "gg.txt", None, None).unwrap();
    assert!(c.problems.is_empty(), "{:?}", c.problems);
    let h = &c.hands[0].1;
    let get = |k: &str| strs(h.get(k).unwrap_or_else(|| panic!("no {k}")));
    assert_eq!(get("players"), ["Bravo", "Charlie", "Delta", "Alpha"]);
    assert_eq!(get("_insurance_premiums"), ["0", "25", "0", "0"]);
    let plain = convert(GG_CASH, "gg.txt", None, None).unwrap();
    let plain = &plain.hands[0].1;
    for k in ["actions", "winnings", "finishing_stacks", "_rake"] {
        assert_eq!(h.get(k), plain.get(k), "{k}");
    }
    assert!(plain.get("_insurance_premiums").is_none());
    let paid_out = text.replace(
        "Charlie collected $604 from pot",
        "Alpha collected $604 from pot\nCharlie: receive all-in insurance ($600)",
    );
    let c = convert(&paid_out, "gg.txt", None, None).unwrap();
    assert!(c.hands.is_empty(), "{:?}", c.hands);
    assert_eq!(c.problems[0].kind, ProblemKind::Refused, "{:?}", c.problems);
    assert!(
        c.problems[0].why.contains("receive all-in insurance"),
        "{}",
        c.problems[0].why
    );
}

/// A GGPoker tournament header: a free-text name (with `$` and a comma),
/// the level in digits, blinds with thousands. Antes 250 x 3; the button
/// and the small blind fold, the big blind gets 1,000 back and collects
/// 2,750 (the antes, the small blind, its own 1,000): Ben 40,000 - 1,250 =
/// 38,750, Cal 30,000 - 1,250 + 2,750 = 31,500, Ann 50,000 - 250 = 49,750.
#[test]
fn a_ggpoker_tournament_hand_reads_its_level_and_buy_in() {
    let text = "Poker Hand #TM77: Tournament #456, Sunday Special $1,050 Hold'em No Limit - Level10(1,000/2,000) - 2025/03/04 05:06:07
Table '456 12' 8-max Seat #1 is the button
Seat 1: Ann (50,000 in chips)
Seat 2: Ben (40,000 in chips)
Seat 3: Cal (30,000 in chips)
Ann: posts the ante 250
Ben: posts the ante 250
Cal: posts the ante 250
Ben: posts small blind 1,000
Cal: posts big blind 2,000
*** HOLE CARDS ***
Dealt to Ann [2c 7d]
Dealt to Ben 
Dealt to Cal 
Ann: folds
Ben: folds
Uncalled bet (1,000) returned to Cal
*** SHOWDOWN ***
Cal collected 2,750 from pot
*** SUMMARY ***
Total pot 2,750 | Rake 0 | Jackpot 0 | Bingo 0 | Fortune 0 | Tax 0
Seat 1: Ann (button) folded before Flop (didn't bet)
Seat 2: Ben (small blind) folded before Flop
Seat 3: Cal (big blind) won (2,750)
";
    let c = convert(text, "t.txt", None, None).unwrap();
    assert!(c.problems.is_empty(), "{:?}", c.problems);
    let h = &c.hands[0].1;
    let one = |k: &str| strs(&Value::Array(vec![h.get(k).unwrap().clone()]))[0].clone();
    assert_eq!(one("level"), "10");
    assert_eq!(one("_tournament"), "456");
    assert_eq!(one("_buy_in"), "Sunday Special $1,050");
    assert_eq!(one("min_bet"), "2000");
    assert_eq!(
        strs(h.get("finishing_stacks").unwrap()),
        ["38750", "31500", "49750"]
    );
}

/// A summary line whose name is not the seat's (multi-byte letters where
/// the seat list has others): read as no cards, never cut inside a letter.
#[test]
fn a_summary_name_unlike_the_seats_is_no_panic() {
    let text = fixture("hhp-posts-allin.txt").replace(
        "Seat 1: norgas69 (big blind) showed",
        "Seat 1: n€€€€€€€€ (big blind) showed",
    );
    let c = convert(&text, "x", None, None).unwrap();
    assert_eq!(c.hands.len() + c.problems.len(), 1);
}

/// Found by an adversarial pass: each is reported, none converted wrong.
#[test]
fn hostile_variations_are_reported_not_converted() {
    let real = fixture("hhp-posts-allin.txt");
    let conv = |t: &str| convert(t, "x", None, None).unwrap();
    // a folded player collecting, where a showdown hand is unknown (the
    // loser's cards removed from the showdown and the summary)
    let t = real
        .replace("norgas69: shows [9h As] (high card Ace)\n", "")
        .replace("showed [9h As] and lost with high card Ace", "mucked")
        .replace(
            "MasterQkiu collected 67 from main pot",
            "renniweg collected 67 from main pot",
        );
    let c = conv(&t);
    assert!(c.hands.is_empty(), "{:?}", c.hands.len());
    assert!(c.problems[0].why.contains("could win"), "{:?}", c.problems);
    // the summary showing cards other than those dealt
    let t = real.replace(
        "Seat 1: norgas69 (big blind) showed [9h As]",
        "Seat 1: norgas69 (big blind) showed [9h Ad]",
    );
    let c = conv(&t);
    assert!(
        c.problems[0].why.contains("other than those dealt"),
        "{:?}",
        c.problems
    );
    // an impossible date: left out, the hand still converts and reads back
    let t = real.replace("2016/10/06 22:53:35 ET", "2016/13/45 99:99:99 ET");
    let c = conv(&t);
    assert_eq!(c.hands.len(), 1);
    let h = &c.hands[0].1;
    assert!(h.get("month").is_none() && h.get("time").is_none());
    assert_eq!(
        holecards_core::phh::parse(&h.to_text(), "x").unwrap().len(),
        1
    );
    // lines before the first header: reported, and the hand still converts
    let c = conv(&format!("Seat 1: lost (5 in chips)\nlost: folds\n{real}"));
    assert_eq!(c.hands.len(), 1);
    assert!(
        c.problems[0].why.contains("before the first hand"),
        "{:?}",
        c.problems
    );
    // a chat line quoting a header starts no hand
    let t = real.replace(
        "renniweg: folds\n",
        "renniweg: folds\nrenniweg said, \"see PokerStars Hand #123: lol\"\n",
    );
    let c = conv(&t);
    assert_eq!(
        (c.hands.len(), c.problems.len()),
        (1, 0),
        "{:?}",
        c.problems
    );
    // a button outside the table
    let t = real.replace("Seat #8 is the button", "Seat #200 is the button");
    assert!(conv(&t).problems[0].why.contains("button"));
}

/// A Winamax cash hand worked through by hand. The button is seat 2, so p1
/// is seat 3 (Cleo, small blind 0.25€), p2 seat 5 (Dara, big blind 0.50€),
/// p3 seat 6 (Eli, posting a big blind out of position: a live 0.50€), p4
/// seat 1 (Abel), p5 seat 2 (Bea, the button). Preflop Eli, first to act
/// with a big blind in, checks; Abel raises to 1.50€, Bea folds, Cleo
/// folds, Dara and Eli call 1€ more each. Flop: Dara
/// checks, Eli bets 3€, Abel raises to 10€, Dara folds, Eli folds: Abel's 7€
/// is uncalled, and Winamax writes no line for it; Abel collects it with
/// the pot. Put in: Cleo 0.25, Dara 1.50, Eli 1.50 + 3 = 4.50, Abel 1.50 +
/// 10 = 11.50 (7 of it uncalled), Bea 0. The pot is 0.25 + 1.50 + 4.50 +
/// 4.50 = 10.75; the rake 0.50; Abel collects 10.25 + 7 = 17.25, the total
/// pot written (less the rake). Abel ends 40 - 11.50 + 17.25 = 45.75.
const WINAMAX_CASH: &str = "Winamax Poker - CashGame - HandId: #8123456-77-1700000000 - Holdem no limit (0.25€/0.50€) - 2023/11/14 22:13:20 UTC
Table: 'Nice 05' 6-max (real money) Seat #2 is the button
Seat 1: Abel (40€)
Seat 2: Bea (25.10€)
Seat 3: Cleo (50€)
Seat 5: Dara (12€)
Seat 6: Eli (30€)
*** ANTE/BLINDS ***
Cleo posts small blind 0.25€
Dara posts big blind 0.50€
Eli posts big blind 0.50€ out of position
Dealt to Bea [Ah 2c]
*** PRE-FLOP ***
Eli checks
Abel raises 1€ to 1.50€
Bea folds
Cleo folds
Dara calls 1€
Eli calls 1€
*** FLOP *** [9s 8h 2d]
Dara checks
Eli bets 3€
Abel raises 7€ to 10€
Dara folds
Eli folds
Abel collected 17.25€ from pot
*** SUMMARY ***
Total pot 17.25€ | Rake 0.50€
Board: [9s 8h 2d]
Seat 1: Abel won 17.25€
Seat 2: Bea (button) folded on the pre-flop
Seat 3: Cleo (small blind) folded on the pre-flop
Seat 5: Dara (big blind) folded on the flop
Seat 6: Eli folded on the flop
";

#[test]
fn a_winamax_cash_hand_converts_to_the_chip() {
    assert_eq!(detect(WINAMAX_CASH), Some(Site::Winamax));
    let c = convert(WINAMAX_CASH, "wmx.txt", None, None).unwrap();
    assert!(c.problems.is_empty(), "{:?}", c.problems);
    let h = &c.hands[0].1;
    let get = |k: &str| strs(h.get(k).unwrap_or_else(|| panic!("no {k}")));
    let one = |k: &str| strs(&Value::Array(vec![h.get(k).unwrap().clone()]))[0].clone();
    assert_eq!(get("players"), ["Cleo", "Dara", "Eli", "Abel", "Bea"]);
    assert_eq!(get("seats"), ["3", "5", "6", "1", "2"]);
    assert_eq!(
        get("blinds_or_straddles"),
        ["0.25", "0.50", "0.50", "0", "0"]
    );
    assert_eq!(get("starting_stacks"), ["50", "12", "30", "40", "25.10"]);
    // Abel's collection less the 7€ that came back uncalled
    assert_eq!(get("winnings"), ["0", "0", "0", "10.25", "0"]);
    assert_eq!(
        get("finishing_stacks"),
        ["49.75", "10.50", "25.50", "45.75", "25.10"]
    );
    assert_eq!(one("_rake"), "0.50");
    assert_eq!(one("_total_pot"), "10.75");
    assert_eq!(one("currency"), "EUR");
    assert_eq!(one("_site"), "Winamax");
    assert_eq!(one("_hand_id"), "8123456-77-1700000000");
    assert_eq!(one("table"), "Nice 05");
    assert!(h.get("hand").is_none());
    // a cent more rake than the pot less the collection: a mismatch
    let off = WINAMAX_CASH.replace("| Rake 0.50€", "| Rake 0.51€");
    let c = convert(&off, "wmx.txt", None, None).unwrap();
    assert_eq!(
        c.problems[0].kind,
        ProblemKind::Mismatch,
        "{:?}",
        c.problems
    );
    // Abel collecting less than the bet that came back: refused
    let off = WINAMAX_CASH.replace("collected 17.25€", "collected 6€");
    let c = convert(&off, "wmx.txt", None, None).unwrap();
    assert!(
        c.problems[0].why.contains("no one called"),
        "{:?}",
        c.problems
    );
    // a game not converted is refused by name, the rest of the text still
    // converts
    let other = WINAMAX_CASH.replace(
        "Holdem no limit (0.25€/0.50€)",
        "Courchevel pot limit (0.25€/0.50€)",
    );
    let both = format!("{other}\n\n{WINAMAX_CASH}");
    let c = convert(&both, "wmx.txt", None, None).unwrap();
    assert_eq!(c.hands.len(), 1);
    assert!(c.problems[0].why.contains("Courchevel"), "{:?}", c.problems);
}

/// A Winamax tournament hand: (ante/small blind/big blind) in the header,
/// the tournament's number in the table's name, a rounded total pot
/// (`0.83k`, not checked). Antes 10 x 3 = 30; Bo (small blind 50) raises
/// all-in to 400; Al (big blind) raises all-in to 500 over it, which no one
/// can call: in the engine's terms a call, with Al's 100 over Bo's 400
/// coming back (Winamax writes it as a side pot Al collects). Bo put in
/// 410, Al 510, Cy 10; the pot is 830, Bo's: Bo ends 830, Al 510 - 510 +
/// 100 = 100, Cy 990.
#[test]
fn a_winamax_tournament_hand_reads_its_antes_and_all_ins() {
    let text = "Winamax Poker - Tournament \"Sunday Surprise\" buyIn: 4.50€ + 0.50€ level: 3 - HandId: #555-12-1700000001 - Holdem no limit (10/50/100) - 2023/11/15 20:00:00 UTC
Table: 'Sunday Surprise(987654)#012' 3-max (real money) Seat #1 is the button
Seat 1: Cy (1000)
Seat 2: Bo (410)
Seat 3: Al (510)
*** ANTE/BLINDS ***
Cy posts ante 10
Bo posts ante 10
Al posts ante 10
Bo posts small blind 50
Al posts big blind 100
Dealt to Cy [Kd 3c]
*** PRE-FLOP ***
Cy folds
Bo raises 300 to 400 and is all-in
Al raises 100 to 500 and is all-in
*** FLOP *** [2c 3d 4h]
*** TURN *** [2c 3d 4h][5s]
*** RIVER *** [2c 3d 4h 5s][Kc]
*** SHOW DOWN ***
Bo shows [6h 7h] (Straight)
Al shows [Ac Ad] (Straight)
Al collected 100 from side pot 1
Bo collected 830 from main pot
*** SUMMARY ***
Total pot 0.93k | No rake
Board: [2c 3d 4h 5s Kc]
Seat 1: Cy (button) folded on the pre-flop
Seat 2: Bo (small blind) showed [6h 7h] and won 830 with Straight
Seat 3: Al (big blind) showed [Ac Ad] and won 100 with Straight
";
    let c = convert(text, "t.txt", None, None).unwrap();
    assert!(c.problems.is_empty(), "{:?}", c.problems);
    let h = &c.hands[0].1;
    let one = |k: &str| strs(&Value::Array(vec![h.get(k).unwrap().clone()]))[0].clone();
    assert_eq!(one("_tournament"), "987654");
    assert_eq!(one("_buy_in"), "4.50€ + 0.50€");
    assert_eq!(one("level"), "3");
    assert_eq!(strs(h.get("antes").unwrap()), ["10", "10", "10"]);
    assert_eq!(
        strs(h.get("finishing_stacks").unwrap()),
        ["830", "100", "990"]
    );
    let actions = strs(h.get("actions").unwrap());
    assert_eq!(actions[3..6], ["p3 f", "p1 cbr 400", "p2 cc"]);
    assert!(h.get("currency").is_none());
}

/// A Winamax text cut at every character: no panic, and a cut hand is a
/// problem, never a hand.
#[test]
fn a_winamax_hand_cut_anywhere_is_a_problem() {
    let summary = WINAMAX_CASH.find("*** SUMMARY ***").unwrap();
    for (cut, _) in WINAMAX_CASH.char_indices() {
        if let Ok(c) = convert(&WINAMAX_CASH[..cut], "x", Some(Site::Winamax), None) {
            if cut < summary {
                assert!(c.hands.is_empty(), "{cut}");
            }
            for p in &c.problems {
                assert!(!p.why.is_empty());
            }
        }
    }
}

/// An 888poker cash hand worked through by hand, in a client writing
/// decimal commas after the amount. The button is seat 1 (Ann), so p1 is
/// seat 3 (Bob, small blind 0,05$), p2 seat 5 (Cid, big blind 0,10$), p3
/// seat 8 (Dee, coming in with a dead blind: 0,05$ dead and 0,10$ live), p4
/// seat 1 (Ann). Every amount is what the action adds. Preflop: Dee checks
/// her option, Ann raises 0,30$ (to 0,30$), Bob folds, Cid calls 0,20$,
/// Dee calls 0,20$. Flop: Cid checks, Dee bets 0,60$, Ann calls 0,60$, Cid
/// folds. Turn: Dee bets 1,50$, Ann folds, and Dee's 1,50$ comes back (no
/// line says so; Dee was not all-in, so her collection leaves it out). The pot: Bob
/// 0,05 + Cid 0,30 + Dee 0,05 dead + 0,30 + 0,60 + Ann 0,30 + 0,60 = 2,20;
/// Dee collects 2,10: the rake is 0,10. Dee ends 10 - 0,95 + 2,10 = 11,15.
const PACIFIC_CASH: &str = "#Game No : 900000001
***** 888poker Hand History for Game 900000001 *****
0,05$/0,10$ Blinds No Limit Holdem - *** 14 11 2023 22:13:20
Table Lyon 9 Max (Real Money)
Seat 1 is the button
Total number of players : 4
Seat 1: Ann ( 25$ )
Seat 3: Bob ( 4,20$ )
Seat 5: Cid ( 1.250,50$ )
Seat 8: Dee ( 10$ )
Bob posts small blind [0,05$]
Cid posts big blind [0,10$]
Dee posts dead blind [0,05$ + 0,10$]
** Dealing down cards **
Dealt to Ann [ Ah, Kd ]
Dee checks
Ann raises [0,30$]
Bob folds
Cid calls [0,20$]
Dee calls [0,20$]
** Dealing flop ** [ 9s, 8h, 2d ]
Cid checks
Dee bets [0,60$]
Ann calls [0,60$]
Cid folds
** Dealing turn ** [ 3c ]
Dee bets [1,50$]
Ann folds
** Summary **
Dee did not show her hand
Dee collected [ 2,10$ ]
";

#[test]
fn an_888poker_cash_hand_converts_to_the_chip() {
    assert_eq!(detect(PACIFIC_CASH), Some(Site::Poker888));
    let c = convert(PACIFIC_CASH, "888.txt", None, None).unwrap();
    assert!(c.problems.is_empty(), "{:?}", c.problems);
    let h = &c.hands[0].1;
    let get = |k: &str| strs(h.get(k).unwrap_or_else(|| panic!("no {k}")));
    let one = |k: &str| strs(&Value::Array(vec![h.get(k).unwrap().clone()]))[0].clone();
    assert_eq!(get("players"), ["Bob", "Cid", "Dee", "Ann"]);
    assert_eq!(get("starting_stacks"), ["4.20", "1250.50", "10", "25"]);
    assert_eq!(get("blinds_or_straddles"), ["0.05", "0.10", "0.10", "0"]);
    assert_eq!(get("_dead_small_blinds"), ["3"]);
    assert_eq!(get("antes"), ["0", "0", "0.05", "0"]);
    assert_eq!(get("winnings"), ["0", "0", "2.10", "0"]);
    assert_eq!(
        get("finishing_stacks"),
        ["4.15", "1250.20", "11.15", "24.10"]
    );
    assert_eq!(one("_rake"), "0.10");
    assert_eq!(one("currency"), "USD");
    assert_eq!(one("_site"), "888poker");
    assert_eq!(one("hand"), "900000001");
    assert_eq!(one("table"), "Lyon");
    assert_eq!(one("seat_count"), "9");
    assert_eq!(one("day"), "14");
    let actions = get("actions");
    assert_eq!(actions[4..8], ["p3 cc", "p4 cbr 0.30", "p1 f", "p2 cc"]);
    // more collected than was put in: refused
    let off = PACIFIC_CASH.replace("[ 2,10$ ]", "[ 3,80$ ]");
    let c = convert(&off, "888.txt", None, None).unwrap();
    assert_eq!(c.problems[0].kind, ProblemKind::Refused, "{:?}", c.problems);
    // Dee all-in on the turn with the bet: 888 then writes the bet back in
    // her collection (2,10 + 1,50 = 3,60), read as the same hand
    let all_in = PACIFIC_CASH
        .replace("Seat 8: Dee ( 10$ )", "Seat 8: Dee ( 2,45$ )")
        .replace("[ 2,10$ ]", "[ 3,60$ ]");
    let c = convert(&all_in, "888.txt", None, None).unwrap();
    assert!(c.problems.is_empty(), "{:?}", c.problems);
    let h = &c.hands[0].1;
    assert_eq!(strs(h.get("winnings").unwrap())[2], "2.10");
    // cards named in a language not read are refused, saying so
    let unknown = PACIFIC_CASH.replace("[ Ah, Kd ]", "[ Zh, Wd ]");
    let c = convert(&unknown, "888.txt", None, None).unwrap();
    assert!(c.problems[0].why.contains("language"), "{:?}", c.problems);
}

/// 888's amounts in every client's locale.
#[test]
fn an_888poker_tournament_hand_reads_locale_amounts() {
    let text = "#Game No : 1140410638
***** 888poker Hand History for Game 1140410638 *****
25 000/50 000 Blinds No Limit Holdem - ***
Tournament #154648012 $10 + $1 - Table #7 6 Max (Real Money)
Seat 2 is the button
Total number of players : 2
Seat 2: Ann ( 1 123 698 )
Seat 5: Bob ( 324 685 )
Ann posts ante [6 000]
Bob posts ante [6 000]
Ann posts small blind [25 000]
Bob posts big blind [50 000]
** Dealing down cards **
Ann folds
** Summary **
Bob collected [ 87 000 ]
";
    let c = convert(text, "t.txt", None, None).unwrap();
    assert!(c.problems.is_empty(), "{:?}", c.problems);
    let h = &c.hands[0].1;
    let one = |k: &str| strs(&Value::Array(vec![h.get(k).unwrap().clone()]))[0].clone();
    assert_eq!(one("_tournament"), "154648012");
    assert_eq!(one("_buy_in"), "$10 + $1");
    assert_eq!(one("table"), "7");
    assert!(h.get("currency").is_none());
    // heads-up: p1 Bob (big blind), p2 Ann (button, small blind); Bob's
    // 25 000 over Ann's blind comes back: he collects 87 000 = 2 x 6 000 +
    // 2 x 25 000 + 25 000 back, 31 000 ahead
    assert_eq!(
        strs(h.get("finishing_stacks").unwrap()),
        ["355685", "1092698"]
    );
    for (text, want) in [
        ("3.000 $", Some("3000")),
        ("42.797,60 $", Some("42797.60")),
        ("222,75$", Some("222.75")),
        ("$1,200", Some("1200")),
        ("1 123 698", Some("1123698")),
        ("1,2,3", None),
        ("12.34.5", None),
    ] {
        let t = format!(
            "#Game No : 1\n***** 888poker Hand History for Game 1 *****\n1/2 Blinds No Limit Holdem - ***\nTable T (Practice Play)\nSeat 1 is the button\nSeat 1: A ( {text} )\nSeat 2: B ( 100 )\nA posts small blind [1]\nB posts big blind [2]\n** Dealing down cards **\nA folds\n** Summary **\nB collected [ 3 ]\n"
        );
        let c = convert(&t, "t.txt", None, None).unwrap();
        let got = c
            .hands
            .first()
            .map(|(_, h)| strs(h.get("starting_stacks").unwrap())[1].clone());
        assert_eq!(got.as_deref(), want, "{text}: {:?}", c.problems);
    }
}

/// A Full Tilt cash hand worked through by hand. The button is seat 6, so
/// p1 is seat 1 (Ava, small blind $0.50), p2 seat 4 (Ben, big blind $1), p3
/// seat 5 (Cal), p4 seat 6 (Dan); seat 2 sits out. Preflop: Cal raises to
/// $3, Dan folds, Ava calls $2.50, Ben folds. Flop: Ava checks, Cal bets
/// $5, Ava raises to $20, and is all in (she had $23), Cal calls $15.
/// Turn and river dealt; Cal shows the better hand and wins the pot of 3 +
/// 1 + 3 + 20 + 20 = $47, less $2 rake: $45. Ava ends 0, Cal 100 - 23 + 45
/// = 122.
const FULLTILT_CASH: &str = "Full Tilt Poker Game #33000000001: Table Keifer (6 max) - $0.50/$1 - No Limit Hold'em - 16:13:10 ET - 2013/05/22
Seat 1: Ava ($23)
Seat 2: Eve ($40), is sitting out
Seat 4: Ben ($60)
Seat 5: Cal ($100)
Seat 6: Dan ($80.25)
Ava posts the small blind of $0.50
Ben posts the big blind of $1
The button is in seat #6
*** HOLE CARDS ***
Dealt to Dan [2c 7d]
Cal raises to $3
Dan folds
Ava calls $2.50
Ben folds
*** FLOP *** [Ah Js 9s] (Total Pot: $7, 2 Players)
Ava checks
Cal bets $5
Ava raises to $20, and is all in
Cal calls $15
*** TURN *** [Ah Js 9s] [9c] (Total Pot: $47, 2 Players, 1 All-In)
*** RIVER *** [Ah Js 9s 9c] [2d] (Total Pot: $47, 2 Players, 1 All-In)
*** SHOW DOWN ***
Ava shows [Kh Qh] Ace King high
Cal shows [As Ad] a full house, Aces full of Nines
Cal wins the pot ($45) with a full house, Aces full of Nines
*** SUMMARY ***
Total pot $47 | Rake $2
Board: [Ah Js 9s 9c 2d]
Seat 1: Ava (small blind) showed [Kh Qh] and lost with Ace King high
Seat 2: Eve is sitting out
Seat 4: Ben (big blind) folded before the Flop
Seat 5: Cal showed [As Ad] and won ($45) with a full house, Aces full of Nines
Seat 6: Dan (button) didn't bet (folded)
";

/// Full Tilt's 2016 layout is PokerStars' (`Full Tilt Hand #`, `Full Tilt
/// Rush Hand #`): detected as Full Tilt and read by the PokerStars reader.
/// Hand-worked, play chips 5/10: Ann (small blind) and Bob (big blind)
/// post; Cal raises to 30, Ann folds, Bob calls 20 more; pot 5 + 30 + 30
/// = 65, rake 3; the flop is checked through, Cal bets 40 on the turn and
/// Bob folds: the 40 comes back, Cal collects 62. Cal ends 500 - 30 + 62
/// = 532, Bob 400 - 30 = 370, Ann 300 - 5 = 295.
#[test]
fn full_tilt_2016_hands_are_read_in_pokerstars_layout() {
    let text = "Full Tilt Hand #153500000001:  Hold'em No Limit (5/10) - 2016/05/20 8:19:23 ET
Table 'Ison II' 6-max (Play Money) Seat #3 is the button
Seat 1: Ann (300 in chips)
Seat 2: Bob (400 in chips)
Seat 3: Cal (500 in chips)
Ann: posts small blind 5
Bob: posts big blind 10
*** HOLE CARDS ***
Dealt to Cal [Ah Kd]
Cal: raises 20 to 30
Ann: folds
Bob: calls 20
*** FLOP *** [2s 7h 9c]
Bob: checks
Cal: checks
*** TURN *** [2s 7h 9c] [Td]
Bob: checks
Cal: bets 40
Bob: folds
Uncalled bet (40) returned to Cal
Cal collected 62 from pot
*** SUMMARY ***
Total pot 65 | Rake 3
Board [2s 7h 9c Td]
Seat 1: Ann (small blind) folded before Flop
Seat 2: Bob (big blind) folded on the Turn
Seat 3: Cal (button) collected (62)
";
    assert_eq!(detect(text), Some(Site::FullTilt));
    let rush = text.replace("Full Tilt Hand #", "Full Tilt Rush Hand #");
    for t in [text.to_string(), rush, format!("{text}\n\n{text}")] {
        let c = convert(&t, "ft2016.txt", None, None).unwrap();
        assert!(c.problems.is_empty(), "{:?}", c.problems);
        let h = &c.hands[0].1;
        let get = |k: &str| strs(h.get(k).unwrap_or_else(|| panic!("no {k}")));
        assert_eq!(h.get("_site"), Some(&Value::Str("Full Tilt Poker".into())));
        assert_eq!(get("players"), ["Ann", "Bob", "Cal"]);
        assert_eq!(get("finishing_stacks"), ["295", "370", "532"]);
    }
    // (the PokerStars reader alone does not take them: no PokerStars header)
    let c = convert(text, "ft2016.txt", Some(Site::PokerStars), None);
    assert!(c.as_ref().map_or(true, |c| c.hands.is_empty()), "{c:?}");
}

/// Full Tilt's Matrix tournament files leave out a timed-out player's fold
/// (and the bet it leaves uncalled); the summary says "folded before the
/// Flop". Hand-worked, in tournament chips 15/30: Ann (small blind) and
/// Bob (big blind) post, Cal and Dee fold, Ann's fold is not written. The
/// fold is the hand's last action; Bob's 15 over Ann's blind comes back,
/// so the pot is 30 and Bob ends on 300 - 30 + 30 + 15 = 315, Ann 285.
/// A missing fold where it is not the player's turn stays a mismatch.
#[test]
fn a_full_tilt_fold_left_out_of_the_actions_is_read_from_the_summary() {
    let text = "Full Tilt Poker Game #31400000001: $26 Super Turbo Matrix (244600000), Match 1 - 15/30 - No Limit Hold'em - 09:20:53 EET - 2012/11/23 [02:20:53 ET - 2012/11/23]
Seat 1: Cal (300)
Seat 2: Dee (300)
Seat 3: Ann (300)
Seat 4: Bob (300)
Ann posts the small blind of 15
Bob posts the big blind of 30
The button is in seat #2
*** HOLE CARDS ***
Cal folds
Dee folds
*** SUMMARY ***
Total pot 30 | Rake 0
Seat 1: Cal didn't bet (folded)
Seat 2: Dee (button) didn't bet (folded)
Seat 3: Ann (small blind) folded before the Flop
Seat 4: Bob (big blind) collected (30), mucked
";
    let c = convert(text, "ftp.txt", None, None).unwrap();
    assert!(c.problems.is_empty(), "{:?}", c.problems);
    let h = &c.hands[0].1;
    let get = |k: &str| strs(h.get(k).unwrap_or_else(|| panic!("no {k}")));
    assert_eq!(get("players"), ["Ann", "Bob", "Cal", "Dee"]);
    assert_eq!(get("actions")[4..], ["p3 f", "p4 f", "p1 f"]);
    assert_eq!(get("finishing_stacks"), ["285", "315", "300", "300"]);
    // Cal's fold left out instead: not Cal's turn after Dee's
    let out_of_turn = text
        .replace("Cal folds\nDee folds\n", "Dee folds\nAnn folds\n")
        .replace(
            "Seat 3: Ann (small blind) folded before the Flop",
            "Seat 3: Ann (small blind) didn't bet (folded)",
        )
        .replace(
            "Seat 1: Cal didn't bet (folded)",
            "Seat 1: Cal folded before the Flop",
        );
    let c = convert(&out_of_turn, "ftp.txt", None, None).unwrap();
    assert!(c.hands.is_empty(), "{:?}", c.hands);
    assert_eq!(
        c.problems[0].kind,
        ProblemKind::Mismatch,
        "{:?}",
        c.problems
    );
}

#[test]
fn a_full_tilt_cash_hand_converts_to_the_chip() {
    assert_eq!(detect(FULLTILT_CASH), Some(Site::FullTilt));
    let c = convert(FULLTILT_CASH, "ftp.txt", None, None).unwrap();
    assert!(c.problems.is_empty(), "{:?}", c.problems);
    let h = &c.hands[0].1;
    let get = |k: &str| strs(h.get(k).unwrap_or_else(|| panic!("no {k}")));
    let one = |k: &str| strs(&Value::Array(vec![h.get(k).unwrap().clone()]))[0].clone();
    assert_eq!(get("players"), ["Ava", "Ben", "Cal", "Dan"]);
    assert_eq!(get("finishing_stacks"), ["0.00", "59", "122", "80.25"]);
    assert_eq!(get("winnings"), ["0", "0", "45", "0"]);
    assert_eq!(one("_rake"), "2");
    assert_eq!(one("_site"), "Full Tilt Poker");
    assert_eq!(one("hand"), "33000000001");
    assert_eq!(one("table"), "Keifer");
    assert_eq!(one("seat_count"), "6");
    assert_eq!(one("time_zone_abbreviation"), "ET");
    assert_eq!(one("year"), "2013");
    // the same text as UTF-16 (some Full Tilt files are), with and without
    // its byte-order mark, reads the same
    let mut le = vec![0xff, 0xfe];
    le.extend(FULLTILT_CASH.encode_utf16().flat_map(u16::to_le_bytes));
    assert_eq!(decode(&le), FULLTILT_CASH);
    let bare: Vec<u8> = FULLTILT_CASH
        .encode_utf16()
        .flat_map(u16::to_le_bytes)
        .collect();
    assert_eq!(decode(&bare), FULLTILT_CASH);
    // the pot won read from the summary when no `wins` line is written
    let summary_only = FULLTILT_CASH.replace(
        "Cal wins the pot ($45) with a full house, Aces full of Nines\n",
        "",
    );
    let c = convert(&summary_only, "ftp.txt", None, None).unwrap();
    assert!(c.problems.is_empty(), "{:?}", c.problems);
    // a cent less won than the site's pot less rake: a mismatch
    let off = FULLTILT_CASH.replace("wins the pot ($45)", "wins the pot ($44.99)");
    let c = convert(&off, "ftp.txt", None, None).unwrap();
    assert_eq!(
        c.problems[0].kind,
        ProblemKind::Mismatch,
        "{:?}",
        c.problems
    );
    // the players' agreement to run it twice, with one board dealt (no
    // all-in followed): the hand as written
    let rit = FULLTILT_CASH.replace(
        "*** TURN ***",
        "Players agree to Run It Twice\n*** TURN ***",
    );
    let c = convert(&rit, "ftp.txt", None, None).unwrap();
    assert!(c.problems.is_empty(), "{:?}", c.problems);
    assert!(c.hands[0].1.get("_run_count").is_none());
}

/// ACPC log lines worked through by hand.
#[test]
fn acpc_log_lines_convert_to_the_chip() {
    // fixed limit (a bare `r`): seat 2 (the button, small blind 5) raises to
    // 20, seat 1 (big blind 10) calls; flop: seat 1 checks, seat 2 bets
    // 10, called; turn and river checked. Each put in 30; seat 1's aces
    // win: +30 and -30.
    let limit = "# name/game/hands/seed x.y holdem.limit.2p.reverse_blinds.game 1 0\nSTATE:7:rc/crc/cc/cc:AsAd|KsKd/2c3c4d/5h/9s:30|-30:alpha|beta\n";
    assert_eq!(detect(limit), Some(Site::Acpc));
    let c = convert(limit, "acpc.log", None, None).unwrap();
    assert!(c.problems.is_empty(), "{:?}", c.problems);
    let h = &c.hands[0].1;
    let get = |k: &str| strs(h.get(k).unwrap_or_else(|| panic!("no {k}")));
    assert_eq!(get("players"), ["alpha", "beta"]);
    assert_eq!(h.get("variant"), Some(&Value::Str("FT".into())));
    assert_eq!(get("finishing_stacks"), ["2147483677", "2147483617"]);
    assert_eq!(
        get("actions")[2..],
        [
            "p2 cbr 20",
            "p1 cc",
            "d db 2c3c4d",
            "p1 cc",
            "p2 cbr 10",
            "p1 cc",
            "d db 5h",
            "p1 cc",
            "p2 cc",
            "d db 9s",
            "p1 cc",
            "p2 cc"
        ]
    );
    // three players, no-limit: seat 1 small blind 50, seat 2 big blind
    // 100, seat 3 (the button) first: raises to 300, seat 1 folds, seat 2
    // calls; flop: seat 2 checks, seat 3 bets 500 (800 in all), seat 2
    // folds: seat 3 wins 50 + 300 + 300 = 650, +350 net.
    let three = "STATE:1:r300fc/cr800f:|2c2d|AhKh/Ts9s8s:-50|-300|350:a|b|c\n";
    let c = convert(three, "acpc.log", Some(Site::Acpc), None).unwrap();
    assert!(c.problems.is_empty(), "{:?}", c.problems);
    let h = &c.hands[0].1;
    assert_eq!(
        strs(h.get("finishing_stacks").unwrap()),
        ["19950", "19700", "20350"]
    );
    assert_eq!(
        strs(h.get("blinds_or_straddles").unwrap()),
        ["50", "100", "0"]
    );
    // results that do not match the play, bad lines: clean problems
    for bad in [
        "STATE:1:r300fc/cr800f:|2c2d|AhKh/Ts9s8s:-50|-300|351:a|b|c",
        "STATE:1:r300fc/cr800f:|2c2d|AhKh/Ts9s8s:-50|-300:a|b|c",
        "STATE:1:r300fc/cr800f:|2c2d|AhKh/Ts9s:-50|-300|350:a|b|c",
        "STATE:1:r30000fc:|2c2d|AhKh:-50|-300|350:a|b|c",
        "STATE:1:r300fcx:|2c2d|AhKh:-50|-300|350:a|b|c",
        "STATE:1:r300fc/cr800ff:|2c2d|AhKh/Ts9s8s:-50|-300|350:a|b|c",
        "STATE:1:r300fc/cr800f:|2c2d|AhKh/Ts9s8s:-50|-300|350:a|a|c",
        "STATE:1:r99999999999999999999:|2c2d|AhKh:-50|-300|350:a|b|c",
    ] {
        let c = convert(bad, "acpc.log", Some(Site::Acpc), None).unwrap();
        assert!(
            c.hands.is_empty() && c.problems.len() == 1,
            "{bad}: {:?}",
            c.problems
        );
    }
}

/// Random ACPC-like lines: no panic, each a hand or a problem with a reason.
#[test]
fn random_acpc_lines_never_panic() {
    let alphabet: Vec<char> = "rcf/|:0123456789AKQJT2cdhs-".chars().collect();
    let mut state = 11u64;
    let mut next = |n: usize| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) as usize % n.max(1)
    };
    for _ in 0..3000 {
        let len = next(60);
        let tail: String = (0..len).map(|_| alphabet[next(alphabet.len())]).collect();
        let line = format!("STATE:{}:{tail}", next(100));
        if let Ok(c) = convert(&line, "x", Some(Site::Acpc), None) {
            for p in &c.problems {
                assert!(!p.why.is_empty());
            }
        }
    }
}

/// A PartyPoker cash hand worked through by hand: the button is seat 6
/// (Tor), so p1 is seat 7 (Sue, small blind $0.01), p2 seat 8 (Hal, big
/// blind $0.02), p3 seat 9 (Lis), p4 seat 1 (Pot), p5 seat 6 (Tor). Every
/// amount is what the action adds. Preflop: Lis and Pot fold, Tor raises
/// $0.08 (to 0.08), Sue calls $0.07, Hal calls $0.06. Flop: Sue checks,
/// Hal bets $0.10, Tor folds, Sue calls. Turn checked. River: Sue checks,
/// Hal bets $0.12, Sue calls. Sue's queens-up beat Hal's tens-up: the pot
/// is 0.08 x 3 + 0.10 x 2 + 0.12 x 2 = $0.68, Sue wins $0.65, the rake is
/// $0.03. Sue ends 1.44 - 0.30 + 0.65 = 1.79.
const PARTY_CASH: &str = "#Game No : 9582251255
***** Hand History for Game 9582251255 *****
$2 USD NL Texas Hold'em - Monday, August 30, 16:08:09 EDT 2010
Table Speed #1769729 (Real Money)
Seat 6 is the button
Total number of players : 5/9
Seat 9: Lis ( $3.57 USD )
Seat 6: Tor ( $2.14 USD )
Seat 8: Hal ( $2.06 USD )
Seat 1: Pot ( $0.44 USD )
Seat 7: Sue ( $1.44 USD )
Sue posts small blind [$0.01 USD].
Hal posts big blind [$0.02 USD].
** Dealing down cards **
Dealt to Hal [  Js Th ]
Lis folds
Pot folds
Tor raises [$0.08 USD]
Sue calls [$0.07 USD]
Hal calls [$0.06 USD]
** Dealing Flop ** [ As, 6h, Qc ]
Sue checks
Hal bets [$0.10 USD]
Tor folds
Sue calls [$0.10 USD]
** Dealing Turn ** [ Td ]
Sue checks
Hal checks
** Dealing River ** [ Ac ]
Sue checks
Hal bets [$0.12 USD]
Sue calls [$0.12 USD]
Hal shows [ Js, Th ]two pairs, Aces and Tens.
Sue shows [ Qh, Jd ]two pairs, Aces and Queens.
Sue wins $0.65 USD from the main pot with two pairs, Aces and Queens.
";

#[test]
fn a_partypoker_cash_hand_converts_to_the_chip() {
    assert_eq!(detect(PARTY_CASH), Some(Site::PartyPoker));
    let c = convert(PARTY_CASH, "party.txt", None, None).unwrap();
    assert!(c.problems.is_empty(), "{:?}", c.problems);
    let h = &c.hands[0].1;
    let get = |k: &str| strs(h.get(k).unwrap_or_else(|| panic!("no {k}")));
    let one = |k: &str| strs(&Value::Array(vec![h.get(k).unwrap().clone()]))[0].clone();
    assert_eq!(get("players"), ["Sue", "Hal", "Lis", "Pot", "Tor"]);
    assert_eq!(get("blinds_or_straddles"), ["0.01", "0.02", "0", "0", "0"]);
    assert_eq!(get("winnings"), ["0.65", "0", "0", "0", "0"]);
    assert_eq!(
        get("finishing_stacks"),
        ["1.79", "1.76", "3.57", "0.44", "2.06"]
    );
    assert_eq!(one("_rake"), "0.03");
    assert_eq!(one("currency"), "USD");
    assert_eq!(one("seat_count"), "9");
    assert_eq!(one("month"), "8");
    assert_eq!(one("time_zone_abbreviation"), "EDT");
    // Hal's winning, with cards other than he was dealt: refused
    let off = PARTY_CASH.replace("Hal shows [ Js, Th ]", "Hal shows [ Js, Tc ]");
    let c = convert(&off, "party.txt", None, None).unwrap();
    assert_eq!(c.problems[0].kind, ProblemKind::Refused, "{:?}", c.problems);
    // a player joining during the hand and posting: refused, saying so
    let join = PARTY_CASH.replace(
        "Hal posts big blind [$0.02 USD].",
        "Hal posts big blind [$0.02 USD].\nNew has joined the table.\nNew posts big blind [$0.02 USD].",
    );
    let c = convert(&join, "party.txt", None, None).unwrap();
    assert!(c.problems[0].why.contains("joining"), "{:?}", c.problems);
}

/// A PartyPoker tournament hand whose blinds are not written: posted by
/// the first seats after the button, from the game line's `Blinds-Antes`.
/// Heads-up: the button (Ann, seat 5) posts the small blind 400, Bob the
/// big blind 800; both ante 25. Ann raises 2,000 (to 2,400), Bob is all-in
/// for 1,680 more (2,480), Ann calls 80. Bob's flush wins 2 x 2,505 =
/// 5,010.
#[test]
fn a_partypoker_tournament_hand_posts_its_unwritten_blinds() {
    let text = "***** Hand History for Game 11492045316 *****
NL Texas Hold'em $1 USD Buy-in Trny:67521159 Level:7  Blinds-Antes(400/800 -25) - Thursday, March 01, 06:39:22 EST 2012
Table Turbo #2532783 (Real Money)
Seat 5 is the button
Total number of players : 2/6
Seat 5: Ann ( 9,495 )
Seat 6: Bob ( 2,505 )
Trny:67521159 Level:7
Blinds-Antes(400/800 -25)
Ann posts ante [25]
Bob posts ante [25]
** Dealing down cards **
Dealt to Bob [  8c Tc ]
Ann raises [2,000]
Bob is all-In  [1,680]
Ann calls [80]
** Dealing Flop ** [ 9c, Ks, 5c ]
** Dealing Turn ** [ 6c ]
** Dealing River ** [ 5s ]
Ann shows [ Qh, 6d ]two pairs, Sixes and Fives.
Bob shows [ 8c, Tc ]a flush, Ten high.
Bob wins 5,010 chips from the main pot with a flush, Ten high.
";
    let c = convert(text, "t.txt", None, None).unwrap();
    assert!(c.problems.is_empty(), "{:?}", c.problems);
    let h = &c.hands[0].1;
    let one = |k: &str| strs(&Value::Array(vec![h.get(k).unwrap().clone()]))[0].clone();
    assert_eq!(one("_tournament"), "67521159");
    assert_eq!(one("level"), "7");
    assert_eq!(strs(h.get("players").unwrap()), ["Bob", "Ann"]);
    assert_eq!(strs(h.get("finishing_stacks").unwrap()), ["5010", "6990"]);
}

/// An iPoker hand worked through by hand (the XML of clients before about
/// 2019). The dealer is seat 3 (Cid), so p1 is seat 6 (Ann, small blind
/// £0.05), p2 seat 10 (Bob, big blind £0.10), p3 seat 3 (Cid). Actions in
/// their numbers' order, not the file's: preflop Cid raises to £0.30 (no
/// 3), Ann calls £0.25 (no 4), Bob folds (no 5). Flop: Ann bets £0.50, Cid
/// raises to £2 (type 23), Ann folds: Cid's £1.50 is uncalled, in his
/// `win` with the pot: Ann 0.30 + 0.50, Bob 0.10, Cid 0.30 + 0.50 matched
/// = 1.70, less 0.05 rake = 1.65, + 1.50 = 3.15. Cid ends 10 - 2.30 + 3.15
/// = 10.85.
const IPOKER: &str = r#"<?xml version="1.0" encoding="utf-8"?>
<session sessioncode="1">
  <general>
    <mode>real</mode>
    <gametype>Holdem NL £0.05/£0.10</gametype>
    <tablename>Gelofo, 754744691</tablename>
    <currency>GBP</currency>
  </general>
  <game gamecode="4988874195">
    <general>
      <startdate>2013-07-30 18:26:02</startdate>
      <players>
        <player seat="6" name="Ann &amp; Co" chips="£8" dealer="0" win="£0" bet="£0.80"/>
        <player seat="10" name="Bob" chips="£5" dealer="0" win="£0" bet="£0.10"/>
        <player seat="3" name="Cid" chips="£10" dealer="1" win="£3.15" bet="£2.30"/>
      </players>
    </general>
    <round no="0">
      <action no="2" player="Bob" type="2" sum="£0.10"/>
      <action no="1" player="Ann &amp; Co" type="1" sum="£0.05"/>
    </round>
    <round no="1">
      <cards type="Pocket" player="Cid">CA D10</cards>
      <action no="5" player="Bob" type="0" sum="£0"/>
      <action no="3" player="Cid" type="23" sum="£0.30"/>
      <action no="4" player="Ann &amp; Co" type="3" sum="£0.25"/>
      <cards type="Pocket" player="Ann &amp; Co">X X</cards>
    </round>
    <round no="2">
      <cards type="Flop" player="">D2 H7 S10</cards>
      <action no="7" player="Cid" type="23" sum="£2"/>
      <action no="6" player="Ann &amp; Co" type="5" sum="£0.50"/>
      <action no="8" player="Ann &amp; Co" type="0" sum="£0"/>
    </round>
  </game>
</session>
"#;

#[test]
fn an_ipoker_hand_converts_to_the_chip() {
    assert_eq!(detect(IPOKER), Some(Site::IPoker));
    let c = convert(IPOKER, "ipoker.xml", None, None).unwrap();
    assert!(c.problems.is_empty(), "{:?}", c.problems);
    let h = &c.hands[0].1;
    let get = |k: &str| strs(h.get(k).unwrap_or_else(|| panic!("no {k}")));
    let one = |k: &str| strs(&Value::Array(vec![h.get(k).unwrap().clone()]))[0].clone();
    assert_eq!(get("players"), ["Ann & Co", "Bob", "Cid"]);
    assert_eq!(
        get("actions")[3..],
        [
            "p3 cbr 0.30",
            "p1 cc",
            "p2 f",
            "d db 2d7hTs",
            "p1 cbr 0.50",
            "p3 cbr 2",
            "p1 f"
        ]
    );
    assert_eq!(get("winnings"), ["0", "0", "1.65"]);
    assert_eq!(get("finishing_stacks"), ["7.20", "4.90", "10.85"]);
    assert_eq!(one("_rake"), "0.05");
    assert_eq!(one("currency"), "GBP");
    assert_eq!(one("hand"), "4988874195");
    assert_eq!(one("year"), "2013");
    // newer clients write their version and leave the uncalled part out of
    // `win`
    let newer = IPOKER
        .replace(
            "<mode>real</mode>",
            "<client_version>21.1.1.9</client_version><mode>real</mode>",
        )
        .replace("win=\"£3.15\"", "win=\"£1.65\"");
    let c = convert(&newer, "ipoker.xml", None, None).unwrap();
    assert!(c.problems.is_empty(), "{:?}", c.problems);
    // hostile XML: a document type (entities), a hand cut short, deep
    // nesting, garbage: clean problems, no panic, no hang
    let laughs = IPOKER.replace(
        "<session",
        "<!DOCTYPE s [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;\">]>\n<session",
    );
    let _ = convert(&laughs, "x", Some(Site::IPoker), None);
    let cut = &IPOKER[..IPOKER.find("</game>").unwrap()];
    let c = convert(cut, "x", Some(Site::IPoker), None).unwrap();
    assert!(
        c.hands.is_empty() && c.problems.len() == 1,
        "{:?}",
        c.problems
    );
    let deep = IPOKER.replace(
        "<round no=\"2\">",
        &format!("<round no=\"2\">{}", "<a>".repeat(100_000)),
    );
    let c = convert(&deep, "x", Some(Site::IPoker), None).unwrap();
    assert!(c.hands.is_empty(), "{:?}", c.problems);
    let end = IPOKER.find("</game>").unwrap() + "</game>".len();
    for (cut, _) in IPOKER.char_indices().step_by(7) {
        if let Ok(c) = convert(&IPOKER[..cut], "x", Some(Site::IPoker), None) {
            assert!(cut >= end || c.hands.is_empty(), "{cut}");
        }
    }
}

/// iPoker, hand-worked: Dee (seat 1) comes in posting both blinds, £0.15
/// at £0.05/£0.10 (the £0.10 live, the £0.05 dead), and seat 2 is listed
/// empty (no name, no chips). Dee checks, Cid raises to £0.30, the others
/// fold: Cid's £0.20 is uncalled, the pot 0.05 + 0.10 + 0.15 + 0.10 =
/// £0.40, Cid's `win` (an older client's) £0.60 with the uncalled part.
/// Stacks: Ann 8 - 0.05, Bob 5 - 0.10, Dee 4 - 0.15, Cid 10 + 0.40 - 0.10.
#[test]
fn an_ipoker_player_coming_in_posts_both_blinds_and_an_empty_seat_is_left_out() {
    let text = IPOKER
        .replace(
            "<player seat=\"10\" name=\"Bob\"",
            "<player seat=\"2\" name=\"\" chips=\"£0\" dealer=\"0\" win=\"£0\" bet=\"£0\"/>\n        \
             <player seat=\"1\" name=\"Dee\" chips=\"£4\" dealer=\"0\" win=\"£0\" bet=\"£0.15\"/>\n        \
             <player seat=\"10\" name=\"Bob\"",
        )
        .replace("win=\"£3.15\" bet=\"£2.30\"", "win=\"£0.60\" bet=\"£0.30\"")
        .replace("dealer=\"0\" win=\"£0\" bet=\"£0.80\"", "dealer=\"0\" win=\"£0\" bet=\"£0.05\"");
    let start = text.find("<round no=\"1\">").unwrap();
    let end = text.find("</game>").unwrap();
    let text = format!(
        "{}{}{}",
        &text[..start].replace(
            "<action no=\"1\" player",
            "<action no=\"3\" player=\"Dee\" type=\"2\" sum=\"£0.15\"/>\n      <action no=\"1\" player"
        ),
        r#"<round no="1">
      <cards type="Pocket" player="Cid">CA D10</cards>
      <action no="4" player="Dee" type="4" sum="£0"/>
      <action no="5" player="Cid" type="23" sum="£0.30"/>
      <action no="6" player="Ann &amp; Co" type="0" sum="£0"/>
      <action no="7" player="Bob" type="0" sum="£0"/>
      <action no="8" player="Dee" type="0" sum="£0"/>
    </round>
  "#,
        &text[end..]
    );
    let c = convert(&text, "ipoker.xml", None, None).unwrap();
    assert!(c.problems.is_empty(), "{:?}", c.problems);
    let h = &c.hands[0].1;
    let get = |k: &str| strs(h.get(k).unwrap_or_else(|| panic!("no {k}")));
    assert_eq!(get("players"), ["Ann & Co", "Bob", "Dee", "Cid"]);
    assert_eq!(get("blinds_or_straddles"), ["0.05", "0.10", "0.10", "0"]);
    assert_eq!(get("antes"), ["0", "0", "0.05", "0"]);
    assert_eq!(get("finishing_stacks"), ["7.95", "4.90", "3.85", "10.30"]);
}

/// iPoker's old clients put a disconnected player all-in (`sum="DP"`, no
/// chips put in): a rule the engine does not play, refused saying so.
#[test]
fn an_ipoker_disconnection_all_in_is_refused() {
    let text = IPOKER.replace(
        r#"<action no="4" player="Ann &amp; Co" type="3" sum="£0.25"/>"#,
        r#"<action no="4" player="Ann &amp; Co" type="7" sum="DP"/>"#,
    );
    assert_ne!(text, IPOKER);
    let c = convert(&text, "ipoker.xml", None, None).unwrap();
    assert!(c.hands.is_empty(), "{:?}", c.problems);
    assert_eq!(c.problems[0].kind, ProblemKind::Refused);
    assert!(
        c.problems[0].why.contains("disconnection"),
        "{}",
        c.problems[0].why
    );
}

/// iPoker's fixed limit keeps bets on whole-bet levels, as PokerStars':
/// at £0.10/£0.20, Cid raises all-in to £0.17 (0.07 over the big blind,
/// half a bet or more: a full raise under WSOP rule 129, the next raise
/// to 0.27), then Ann raises to £0.30. The hand is refused, naming the
/// rule, not reported as a mismatch.
#[test]
fn an_ipoker_fixed_limit_raise_to_a_whole_bet_after_a_short_all_in_is_refused() {
    let text = IPOKER
        .replace("Holdem NL £0.05/£0.10", "Holdem L £0.10/£0.20")
        .replace(
            "chips=\"£10\" dealer=\"1\" win=\"£3.15\" bet=\"£2.30\"",
            "chips=\"£0.17\" dealer=\"1\" win=\"£0\" bet=\"£0.17\"",
        )
        // (Ann's win: the pot of 0.17 + 0.17 + 0.10 and her 0.13 uncalled)
        .replace("win=\"£0\" bet=\"£0.80\"", "win=\"£0.57\" bet=\"£0.30\"");
    let start = text.find("<round no=\"1\">").unwrap();
    let end = text.find("</game>").unwrap();
    let text = format!(
        "{}{}{}",
        &text[..start],
        r#"<round no="1">
      <cards type="Pocket" player="Cid">C2 D7</cards>
      <cards type="Pocket" player="Ann &amp; Co">SA HA</cards>
      <action no="3" player="Cid" type="7" sum="£0.17"/>
      <action no="4" player="Ann &amp; Co" type="23" sum="£0.30"/>
      <action no="5" player="Bob" type="0" sum="£0"/>
    </round>
    <round no="2"><cards type="Flop" player="">D2 H9 S10</cards></round>
    <round no="3"><cards type="Turn" player="">CK</cards></round>
    <round no="4"><cards type="River" player="">H3</cards></round>
  "#,
        &text[end..]
    );
    let c = convert(&text, "ipoker.xml", None, None).unwrap();
    assert!(c.hands.is_empty(), "{:?}", c.problems);
    assert_eq!(c.problems.len(), 1, "{:?}", c.problems);
    let p = &c.problems[0];
    assert_eq!(p.kind, ProblemKind::Refused, "{p:?}");
    assert!(
        p.why.contains("whole bet") && p.why.contains("rule 129"),
        "{}",
        p.why
    );
}

/// An Ongame hand worked through by hand: the button is seat 10 (Tia), so
/// p1 is seat 2 (Pia, small blind €0.02), p2 seat 3 (Hero, big blind
/// €0.04), p3 seat 5 (Kai), p4 seat 10 (Tia). Preflop Kai folds, Tia calls
/// €0.04, Pia calls €0.02, Hero checks. Flop: all check. Turn: Pia checks,
/// Hero bets €0.10, Tia calls, Pia folds. River: Hero bets €0.30, Tia
/// folds: Hero's €0.30 is uncalled, left out of the pot of 0.04 x 3 + 0.10
/// x 2 = €0.32, which Hero wins less €0.01 rake: €0.31. Hero ends 4 - 0.14
/// + 0.31 = 4.17.
const ONGAME: &str = "***** History for hand R5-22678800-36 *****
Start hand: Sun Feb 13 14:14:04 GMT+0100 2011
Table: [SPEED] Dijon [22678800] (NO_LIMIT TEXAS_HOLDEM €0.02/€0.04, Real money)
User: Hero
Button: seat 10
Players in round: 4
Seat 2: Pia (€2.26)
Seat 3: Hero (€4)
Seat 5: Kai (€1.60)
Seat 10: Tia (€3.66)
Pia posts small blind (€0.02)
Hero posts big blind (€0.04)
---
Dealing pocket cards
Dealing to Hero: [7d, Td]
Kai folds
Tia calls €0.04
Pia calls €0.02
Hero checks
--- Dealing flop [Jc, 4d, Qs]
Pia checks
Hero checks
Tia checks
--- Dealing turn [Js]
Pia checks
Hero bets €0.10
Tia calls €0.10
Pia folds
--- Dealing river [Ts]
Hero bets €0.30
Tia folds
---
Summary:
Main pot: €0.32 won by Hero (€0.31)
Rake taken: €0.01
Seat 2: Pia (€2.22), net: -€0.04
Seat 3: Hero (€4.17), net: +€0.17
Seat 5: Kai (€1.60)
Seat 10: Tia (€3.52), net: -€0.14
***** End of hand R5-22678800-36 *****
";

#[test]
fn an_ongame_hand_converts_to_the_chip() {
    assert_eq!(detect(ONGAME), Some(Site::Ongame));
    let c = convert(ONGAME, "ongame.txt", None, None).unwrap();
    assert!(c.problems.is_empty(), "{:?}", c.problems);
    let h = &c.hands[0].1;
    let get = |k: &str| strs(h.get(k).unwrap_or_else(|| panic!("no {k}")));
    let one = |k: &str| strs(&Value::Array(vec![h.get(k).unwrap().clone()]))[0].clone();
    assert_eq!(get("players"), ["Pia", "Hero", "Kai", "Tia"]);
    assert_eq!(get("winnings"), ["0", "0.31", "0", "0"]);
    assert_eq!(get("finishing_stacks"), ["2.22", "4.17", "1.60", "3.52"]);
    assert_eq!(one("_rake"), "0.01");
    assert_eq!(one("_hand_id"), "R5-22678800-36");
    assert_eq!(one("table"), "Dijon");
    assert_eq!(one("currency"), "EUR");
    assert_eq!(one("month"), "2");
    // a pot won by more than it holds: the site's numbers disagree
    let off = ONGAME.replace("won by Hero (€0.31)", "won by Hero (€0.33)");
    let c = convert(&off, "ongame.txt", None, None).unwrap();
    assert_eq!(c.problems.len(), 1, "{:?}", c.problems);
    // the runout's repeated street line after an all-in is read past
    let again = ONGAME.replace(
        "--- Dealing river [Ts]",
        "--- Dealing turn [Js]\n--- Dealing river [Ts]",
    );
    let c = convert(&again, "ongame.txt", None, None).unwrap();
    assert!(c.problems.is_empty(), "{:?}", c.problems);
}

/// An Absolute Poker hand worked through by hand: the dealer is seat 7
/// (Gus), so p1 is seat 9 (Hero, small blind $0.01), p2 seat 1 (Ida, big
/// blind $0.02), p3 seat 2 (Jon, posting in: $0.02 live and $0.01 dead),
/// p4 seat 7 (Gus). Preflop Jon checks, Gus folds, Hero calls $0.01, Ida
/// checks. Flop: Hero checks, Ida bets $0.06, Jon raises to $0.20, Hero
/// and Ida fold: Jon's $0.14 comes back. The pot: 0.02 x 3 + 0.01 dead +
/// 0.06 x 2 = $0.19, less $0.01 rake: Jon collects $0.18 and ends 2 -
/// 0.09 + 0.18 = 2.09.
const ABSOLUTE: &str = "Stage #1483940000: Holdem  No Limit $0.02 - 2009-06-10 03:10:00 (ET)
Table: CHILE HWY (Real Money) Seat #7 is the dealer
Seat 7 - Gus ($2.13 in chips)
Seat 9 - Hero ($2.48 in chips)
Seat 1 - Ida ($3.98 in chips)
Seat 2 - Jon ($2 in chips)
Hero - Posts small blind $0.01
Ida - Posts big blind $0.02
Jon - Posts $0.02 dead $0.01
*** POCKET CARDS ***
Dealt to Hero [9c 7c]
Jon - Checks
Gus - Folds
Hero - Calls $0.01
Ida - Checks
*** FLOP *** [Qh 8h 7h]
Hero - Checks
Ida - Bets $0.06
Jon - Raises $0.14 to $0.20
Hero - Folds
Ida - Folds (Preselection)
Jon - returned ($0.14) : not called
*** SHOW DOWN ***
Jon - Does not show
Jon Collects $0.18 from main pot
*** SUMMARY ***
Total Pot($0.19) | Rake ($0.01)
Board [Qh 8h 7h]
Seat 1: Ida (big blind) Folded on the FLOP
";

#[test]
fn an_absolute_hand_converts_to_the_chip() {
    assert_eq!(detect(ABSOLUTE), Some(Site::Absolute));
    let c = convert(ABSOLUTE, "ab.txt", None, None).unwrap();
    assert!(c.problems.is_empty(), "{:?}", c.problems);
    let h = &c.hands[0].1;
    let get = |k: &str| strs(h.get(k).unwrap_or_else(|| panic!("no {k}")));
    let one = |k: &str| strs(&Value::Array(vec![h.get(k).unwrap().clone()]))[0].clone();
    assert_eq!(get("players"), ["Hero", "Ida", "Jon", "Gus"]);
    assert_eq!(get("_dead_small_blinds"), ["3"]);
    assert_eq!(get("winnings"), ["0", "0", "0.18", "0"]);
    assert_eq!(get("finishing_stacks"), ["2.46", "3.90", "2.09", "2.13"]);
    assert_eq!(one("_rake"), "0.01");
    assert_eq!(one("table"), "CHILE HWY");
    assert_eq!(one("time_zone_abbreviation"), "ET");
    let off = ABSOLUTE.replace("Total Pot($0.19)", "Total Pot($0.20)");
    let c = convert(&off, "ab.txt", None, None).unwrap();
    assert_eq!(c.problems.len(), 1, "{:?}", c.problems);
}

/// PokerStars 6+ Hold'em (short deck): every player antes $1 and the
/// button (Dan, seat 4) posts the one blind, $1, so p1 is Ann (seat 1) and
/// the blind is the last player's. Ann raises to $4 (her $3 more against
/// the $1 blind), Dan calls $3; on the flop each puts in $5. Pot: antes 4 +
/// 4 + 4 + 5 + 5 = $22, rake $1, $21 collected. At the showdown Ann's
/// 7-8-9-T-J straight meets Dan's three kings: PokerStars' rules keep the
/// straight above three of a kind (only the flush moves, above the full
/// house), and the site gives Ann the pot: converted as written. Ann ends
/// with 100 - 10 + 21 = 111, Dan with 90.
const STARS_SIX_PLUS: &str = "\
PokerStars Hand #300000000001: 6+ Hold'em No Limit (Button Blind $1 - Ante $1 USD) - 2020/01/05 12:00:00 ET
Table 'Test' 6-max Seat #4 is the button
Seat 1: Ann ($100 in chips)
Seat 2: Ben ($100 in chips)
Seat 3: Cal ($100 in chips)
Seat 4: Dan ($100 in chips)
Ann: posts the ante $1
Ben: posts the ante $1
Cal: posts the ante $1
Dan: posts the ante $1
Dan: posts button blind $1
*** HOLE CARDS ***
Ann: raises $3 to $4
Ben: folds
Cal: folds
Dan: calls $3
*** FLOP *** [Th 9c 8d]
Ann: bets $5
Dan: calls $5
*** TURN *** [Th 9c 8d] [6s]
Ann: checks
Dan: checks
*** RIVER *** [Th 9c 8d 6s] [Ks]
Ann: checks
Dan: checks
*** SHOW DOWN ***
Ann: shows [Jc 7h] (a straight, Seven to Jack)
Dan: shows [Kd Kh] (three of a kind, Kings)
Ann collected $21 from pot
*** SUMMARY ***
Total pot $22 | Rake $1
Board [Th 9c 8d 6s Ks]
Seat 1: Ann showed [Jc 7h] and won ($21) with a straight, Seven to Jack
Seat 2: Ben folded before Flop (didn't bet)
Seat 3: Cal folded before Flop (didn't bet)
Seat 4: Dan (button) showed [Kd Kh] and lost with three of a kind, Kings
";

#[test]
fn a_six_plus_hand_converts_as_short_deck() {
    let c = convert(STARS_SIX_PLUS, "6plus.txt", None, None).unwrap();
    assert!(c.problems.is_empty(), "{:?}", c.problems);
    let h = &c.hands[0].1;
    let get = |k: &str| strs(h.get(k).unwrap_or_else(|| panic!("no {k}")));
    assert_eq!(h.get("variant"), Some(&Value::Str("NS".into())));
    assert_eq!(get("players"), ["Ann", "Ben", "Cal", "Dan"]);
    assert_eq!(get("antes"), ["1", "1", "1", "1"]);
    assert_eq!(get("blinds_or_straddles"), ["0", "0", "0", "1"]);
    assert_eq!(
        strs(&Value::Array(vec![h.get("min_bet").unwrap().clone()])),
        ["1"]
    );
    assert_eq!(get("winnings"), ["21", "0", "0", "0"]);
    assert_eq!(get("finishing_stacks"), ["111", "99", "99", "90"]);
    assert_eq!(h.get("_trips_beat_straight"), None);
    assert_eq!(h.get("currency"), Some(&Value::Str("USD".into())));

    // The same hand where the site gave Dan the pot: it replays only with
    // three of a kind above a straight, and is converted so.
    let trips = STARS_SIX_PLUS
        .replace("Ann collected $21", "Dan collected $21")
        .replace(
            "Seat 1: Ann showed [Jc 7h] and won ($21) with a straight, Seven to Jack",
            "Seat 1: Ann showed [Jc 7h] and lost with a straight, Seven to Jack",
        )
        .replace(
            "showed [Kd Kh] and lost with three of a kind, Kings",
            "showed [Kd Kh] and won ($21) with three of a kind, Kings",
        );
    let c = convert(&trips, "6plus.txt", None, None).unwrap();
    assert!(c.problems.is_empty(), "{:?}", c.problems);
    let h = &c.hands[0].1;
    assert_eq!(h.get("_trips_beat_straight"), Some(&Value::Bool(true)));
    assert_eq!(strs(h.get("winnings").unwrap()), ["0", "0", "0", "21"]);
    assert_eq!(
        strs(h.get("finishing_stacks").unwrap()),
        ["90", "99", "99", "111"]
    );

    // Neither ranking gives the pot to Ben, who folded: a mismatch.
    let wrong = STARS_SIX_PLUS.replace("Ann collected $21", "Ben collected $21");
    let c = convert(&wrong, "6plus.txt", None, None).unwrap();
    assert_eq!(
        c.problems[0].kind,
        ProblemKind::Mismatch,
        "{:?}",
        c.problems
    );
}

/// Heads-up 6+: Ann (seat 1) and the button Dan ante $1, Dan posts the
/// blind; Ann acts first and raises to $3, Dan folds, $2 comes back. Pot
/// 1 + 1 + 1 + 1 = $4 (Ann's $3 less the $2 returned): Ann 111 - 4 + 4 + 2
/// = 113, Dan 90 - 2 = 88. Heads-up PHH writes the button's blind first.
#[test]
fn a_heads_up_six_plus_hand_writes_the_button_blind_first() {
    let text = "\
PokerStars Hand #300000000002: 6+ Hold'em No Limit (Button Blind $1 - Ante $1 USD) - 2020/01/05 12:01:00 ET
Table 'Test' 6-max Seat #4 is the button
Seat 1: Ann ($111 in chips)
Seat 4: Dan ($90 in chips)
Ann: posts the ante $1
Dan: posts the ante $1
Dan: posts button blind $1
*** HOLE CARDS ***
Ann: raises $2 to $3
Dan: folds
Uncalled bet ($2) returned to Ann
Ann collected $4 from pot
*** SUMMARY ***
Total pot $4 | Rake $0
Seat 1: Ann collected ($4)
Seat 4: Dan (button) folded before Flop
";
    let c = convert(text, "6plus.txt", None, None).unwrap();
    assert!(c.problems.is_empty(), "{:?}", c.problems);
    let h = &c.hands[0].1;
    assert_eq!(strs(h.get("players").unwrap()), ["Ann", "Dan"]);
    assert_eq!(strs(h.get("blinds_or_straddles").unwrap()), ["1", "0"]);
    assert_eq!(strs(h.get("finishing_stacks").unwrap()), ["113", "88"]);
}

/// GGPoker short deck: one stake, both the ante and the button's blind. A
/// straddle there (the button's own, or the player's on its right, who then
/// acts last) is not a structure the engine plays: refused with the reason.
#[test]
fn a_ggpoker_short_deck_straddle_is_refused_with_the_reason() {
    let text = "\
Poker Hand #SD100000001: ShortDeck No Limit ($0.02) - 2021/03/02 18:22:40
Table 'SD1' 5-max Seat #3 is the button
Seat 1: Ann ($2.75 in chips)
Seat 2: Ben ($2.09 in chips)
Seat 3: Cal ($2 in chips)
Ben: posts the ante $0.02
Cal: posts the ante $0.02
Ann: posts the ante $0.02
Cal: posts button blind $0.02
Ben: straddle $0.04
*** HOLE CARDS ***
Cal: calls $0.02
Ann: folds
Ben: checks
*** FLOP *** [Qh 8s 9d]
Ben: checks
Cal: checks
*** TURN *** [Qh 8s 9d] [Ah]
Ben: checks
Cal: checks
*** RIVER *** [Qh 8s 9d Ah] [Jc]
Ben: checks
Cal: checks
*** SHOWDOWN ***
Ben: shows [Ks Kd] (a Pair of Kings)
Cal: shows [6s 6d] (a Pair of Sixes)
Ben collected $0.14 from pot
*** SUMMARY ***
Total pot $0.14 | Rake $0 | Jackpot $0 | Bingo $0
Board [Qh 8s 9d Ah Jc]
Seat 1: Ann folded before Flop
Seat 2: Ben showed [Ks Kd] and won ($0.14) with a Pair of Kings
Seat 3: Cal (button) showed [6s 6d] and lost with a Pair of Sixes
";
    let c = convert(text, "sd.txt", None, None).unwrap();
    assert!(c.hands.is_empty());
    assert_eq!(c.problems[0].kind, ProblemKind::Refused);
    assert!(c.problems[0].why.contains("straddle"), "{:?}", c.problems);
    // without the straddle it converts: antes 0.06, Cal's blind 0.02, Ben
    // calls it (0.02): a pot of $0.10
    let plain = text
        .replace("Ben: straddle $0.04\n", "")
        .replace(
            "Cal: calls $0.02\nAnn: folds\nBen: checks",
            "Ann: folds\nBen: calls $0.02\nCal: checks",
        )
        .replace("$0.14", "$0.10");
    let c = convert(&plain, "sd.txt", None, None).unwrap();
    assert!(c.problems.is_empty(), "{:?}", c.problems);
    let h = &c.hands[0].1;
    assert_eq!(h.get("variant"), Some(&Value::Str("NS".into())));
    assert_eq!(strs(h.get("players").unwrap()), ["Ann", "Ben", "Cal"]);
    assert_eq!(
        strs(h.get("blinds_or_straddles").unwrap()),
        ["0", "0", "0.02"]
    );
    assert_eq!(strs(h.get("winnings").unwrap()), ["0", "0.10", "0"]);
}

/// PartyPoker's newer format (written for these tests from the client's
/// layout): Bob (seat 2) posts the small blind 0.10, Carol (seat 4) the
/// big blind 0.25; Alice (the button, seat 1) raises to 0.75, Bob folds,
/// Carol calls 0.50. Flop: Alice bets 1, Carol calls. Turn: Alice bets
/// 2.50, Carol folds. Put in: Alice 0.75 + 1 + 2.50 = 4.25 (2.50 of it
/// uncalled), Bob 0.10, Carol 0.75 + 1 = 1.75; the pot 3.60, the rake
/// 0.20, so Alice collects 3.40 and the 2.50 back: 5.90 (the summary's
/// `collected`), and ends with 25 - 4.25 + 5.90 = 26.65.
const PARTY_NEW_CASH: &str = "***** Hand History For Game 1770000000001abcdef *****
0.10/0.25 Texas Hold'em Game Table (NL) - Mon Feb 09 12:55:26 EST 2026
Table Table 7400001 (Real Money) -- Seat 1 is the button
Total number of players : 3/6
Seat 1: Alice ($25)
Seat 2: Bob ($20)
Seat 4: Carol ($30.50)
Bob posts small blind (0.10)
Carol posts big blind (0.25)
** Dealing down cards **
Dealt to Alice [ Ah, Kd ]
Alice raises 0.75 to 0.75
Bob folds 
Carol calls (0.50)
** Dealing Flop ** :  [ As, 7d, 2c ]
Carol checks
Alice bets (1)
Carol calls (1)
** Dealing Turn ** :  [ 9h ]
Carol checks
Alice bets (2.50)
Carol folds
** Summary **
Main Pot: $3.40 Rake: $0.20
Board: [ As 7d 2c 9h ]
Alice balance $26.65, bet $4.25, collected $5.90, net +$1.65
Bob balance $19.90, lost $0.10 (folded)
Carol balance $28.75, lost $1.75 (folded)";

/// A tournament hand of the newer format: antes 25 each; Cy (seat 3) the
/// small blind 100, Ann (seat 1) the big blind 200; Ben (the button) raises
/// all-in to 2,975 (3,000 with his ante), Cy folds, Ann calls 2,775. The
/// pot: 75 + 100 + 2 x 2,975 = 6,125, to Ann's queens over Ben's ace-king:
/// Ann ends with 5,000 - 3,000 + 6,125 = 8,125.
const PARTY_NEW_TOURNAMENT: &str = "***** Hand History For Game 1620000000001xyz *****
100/200 Tourney Texas Holdem Game Table (NL) (MTT Tournament #300000001) (Buyin $3.0 + $0.3) - Tue May 04 12:00:14 EDT 2021
Table (300000001) Table #5 (Real Money) -- Seat 2 is the button
Total number of players : 3/8
Seat 1: Ann (5000)
Seat 2: Ben (3000)
Seat 3: Cy (8000)
Ann posts ante (25)
Ben posts ante (25)
Cy posts ante (25)
Cy posts small blind (100)
Ann posts big blind (200)
** Dealing down cards **
Dealt to Ann [ Qs, Qd ]
Ben raises 2975 to 2975
Ben is all-In.
Cy folds
Ann calls (2775)
Creating Main Pot with 6125 with Ann, Ben
** Dealing Flop ** :  [ 2h, 5c, 9d ]
** Dealing Turn ** :  [ Jc ]
** Dealing River ** :  [ 3s ]
** Summary **
Main Pot: 6125
Board: [ 2h 5c 9d Jc 3s ]
Ann balance 8125, bet 3000, collected 6125, net +3125 [ Qs Qd ] [ a pair of queens -- Qs,Qd,Jc,9d,5c ]
Ben balance 0, lost 3000 [ Ah Kh ] [ ace high -- Ah,Kh,Jc,9d,5c ]
Cy balance 7875, lost 125 (folded)";

#[test]
fn partypokers_newer_format_converts_to_the_chip() {
    assert_eq!(detect(PARTY_NEW_CASH), Some(Site::PartyPoker));
    let c = convert(PARTY_NEW_CASH, "party.txt", None, None).unwrap();
    assert!(c.problems.is_empty(), "{:?}", c.problems);
    let h = &c.hands[0].1;
    let get = |k: &str| strs(h.get(k).unwrap_or_else(|| panic!("no {k}")));
    let one = |k: &str| strs(&Value::Array(vec![h.get(k).unwrap().clone()]))[0].clone();
    assert_eq!(get("players"), ["Bob", "Carol", "Alice"]);
    assert_eq!(get("blinds_or_straddles"), ["0.10", "0.25", "0"]);
    assert_eq!(get("finishing_stacks"), ["19.90", "28.75", "26.65"]);
    assert_eq!(one("_rake"), "0.20");
    assert_eq!(one("currency"), "USD");
    assert_eq!(one("_hand_id"), "1770000000001abcdef");
    assert_eq!(one("seat_count"), "6");
    assert_eq!(one("year"), "2026");
    assert_eq!(one("time_zone_abbreviation"), "EST");

    let c = convert(PARTY_NEW_TOURNAMENT, "party.txt", None, None).unwrap();
    assert!(c.problems.is_empty(), "{:?}", c.problems);
    let h = &c.hands[0].1;
    let get = |k: &str| strs(h.get(k).unwrap_or_else(|| panic!("no {k}")));
    let one = |k: &str| strs(&Value::Array(vec![h.get(k).unwrap().clone()]))[0].clone();
    assert_eq!(get("players"), ["Cy", "Ann", "Ben"]);
    assert_eq!(get("antes"), ["25", "25", "25"]);
    assert_eq!(get("finishing_stacks"), ["7875", "8125", "0"]);
    assert_eq!(one("_tournament"), "300000001");
    assert!(h.get("currency").is_none());
    let actions = get("actions");
    assert!(actions.contains(&"d dh p3 AhKh".to_string()), "{actions:?}");
    assert!(actions.contains(&"p3 cbr 2975".to_string()), "{actions:?}");
}

#[test]
fn partypokers_newer_format_hands_glued_together_split_and_bad_ones_say_why() {
    // the next header written at the end of the last line of a hand
    let glued = format!("{PARTY_NEW_CASH}{PARTY_NEW_TOURNAMENT}\n\n{PARTY_NEW_CASH}");
    let c = convert(&glued, "party.txt", None, None).unwrap();
    assert_eq!(c.hands.len(), 3, "{:?}", c.problems);
    // a rake written that the amounts do not give
    let off = PARTY_NEW_CASH.replace("Rake: $0.20", "Rake: $0.30");
    let c = convert(&off, "party.txt", None, None).unwrap();
    assert!(
        c.problems[0].why.contains("rake written"),
        "{:?}",
        c.problems
    );
    // a collection the pot cannot pay: a mismatch or a refusal, never a hand
    let off = PARTY_NEW_CASH.replace("collected $5.90", "collected $6.90");
    let c = convert(&off, "party.txt", None, None).unwrap();
    assert!(
        c.hands.is_empty() && c.problems.len() == 1,
        "{:?}",
        c.problems
    );
    // an all-in cash-out: refused with the reason
    let cash_out = PARTY_NEW_TOURNAMENT.replace(
        "Ben is all-In.",
        "Ben is all-In.\nBen Cash-out Premium % is 1.0\nBen opted for cash-out",
    );
    let c = convert(&cash_out, "party.txt", None, None).unwrap();
    assert!(c.problems[0].why.contains("cash-out"), "{:?}", c.problems);
    assert_eq!(c.problems[0].at_line, Some(17));
    // summaries that do not add up: a collection short of the pot (no rake
    // is written), a hand cut after its pot line, a balance off by one
    for off in [
        PARTY_NEW_TOURNAMENT.replace("collected 6125", "collected 6000"),
        PARTY_NEW_TOURNAMENT[..PARTY_NEW_TOURNAMENT.find("Board:").unwrap()].to_string(),
        PARTY_NEW_CASH.replace("Bob balance $19.90", "Bob balance $19.91"),
        PARTY_NEW_CASH.replace("Seat 4: Carol", "Seat 9: Carol"),
    ] {
        let c = convert(&off, "party.txt", None, None).unwrap();
        assert!(c.hands.is_empty() && c.problems.len() == 1, "{off}");
    }
    // thousands written with commas; a player named like a cash-out line
    let commas = PARTY_NEW_TOURNAMENT
        .replace(
            "balance 8125, bet 3000, collected 6125, net +3125",
            "balance 8,125, bet 3,000, collected 6,125, net +3,125",
        )
        .replace("Ben", "CashoutKing");
    let c = convert(&commas, "party.txt", None, None).unwrap();
    assert_eq!(c.hands.len(), 1, "{:?}", c.problems);
    assert_eq!(
        strs(c.hands[0].1.get("finishing_stacks").unwrap()),
        ["7875", "8125", "0"]
    );
    // the summary's cards decide the showdown: Ben's cards as the winners'
    let swapped = PARTY_NEW_TOURNAMENT.replace("[ Ah Kh ] [ ace high", "[ Ks Kh ] [ kings");
    let c = convert(&swapped, "party.txt", None, None).unwrap();
    assert!(c.hands.is_empty(), "{:?}", c.hands);
}

/// Mixed games: PokerStars names the game of the hand in brackets after
/// the mixed game's name, with the stakes for a cash table and alone for a
/// tournament (its blinds after the level). A fixed-limit 8-Game hold'em
/// hand at $4/$8: Ann (button) raises to $8, Ben (small blind, $2) folds,
/// Cal (big blind, $4) folds; $4 of Ann's raise comes back, she collects
/// the $10 pot (no rake): Ann 100 - 8 + 4 + 10 = 106, Ben 98, Cal 96.
#[test]
fn a_mixed_games_hand_is_read_as_the_game_it_names() {
    let cash =
        "PokerStars Hand #164954571600:  8-Game (Hold'em Limit, $4/$8 USD) - 2017/01/21 16:58:03 ET
Table 'Educatio' 6-max Seat #1 is the button
Seat 1: Ann ($100 in chips)
Seat 2: Ben ($100 in chips)
Seat 3: Cal ($100 in chips)
Ben: posts small blind $2
Cal: posts big blind $4
*** HOLE CARDS ***
Ann: raises $4 to $8
Ben: folds
Cal: folds
Uncalled bet ($4) returned to Ann
Ann collected $10 from pot
*** SUMMARY ***
Total pot $10 | Rake $0
Seat 1: Ann (button) collected ($10)
Seat 2: Ben (small blind) folded before Flop
Seat 3: Cal (big blind) folded before Flop
";
    let c = convert(cash, "m.txt", None, None).unwrap();
    assert!(c.problems.is_empty(), "{:?}", c.problems);
    let h = &c.hands[0].1;
    let one = |h: &holecards_core::phh::HandHistory, k: &str| {
        strs(&Value::Array(vec![h.get(k).unwrap().clone()]))[0].clone()
    };
    assert_eq!(one(h, "variant"), "FT");
    assert_eq!(one(h, "_mixed_game"), "8-Game");
    assert_eq!(one(h, "small_bet"), "4");
    assert_eq!(one(h, "big_bet"), "8");
    assert_eq!(one(h, "currency"), "USD");
    // p1 Ben, p2 Cal, p3 Ann (the button)
    assert_eq!(
        strs(h.get("finishing_stacks").unwrap()),
        ["98", "96", "106"]
    );
    // a tournament's: the game alone in the brackets, the level after
    let tour = cash
        .replace(
            "8-Game (Hold'em Limit, $4/$8 USD) - 2017",
            "Tournament #743144019, 100+9 HORSE (Hold'em Limit) - Level III (4/8) - 2017",
        )
        .replace('$', "");
    let c = convert(&tour, "m.txt", None, None).unwrap();
    assert!(c.problems.is_empty(), "{:?}", c.problems);
    let h = &c.hands[0].1;
    assert_eq!(one(h, "_mixed_game"), "HORSE");
    assert_eq!(one(h, "_buy_in"), "100+9");
    assert_eq!(one(h, "level"), "3");
    assert_eq!(one(h, "small_bet"), "4");
    // a game the conversion does not play is refused by its own name
    let draw = cash.replace("8-Game (Hold'em Limit,", "8-Game (5 Card Draw Limit,");
    let c = convert(&draw, "m.txt", None, None).unwrap();
    assert!(
        c.problems[0].why.starts_with("5 Card Draw:"),
        "{:?}",
        c.problems
    );
    // a mixed game's name with no game after it is refused as before
    let bare = cash.replace("8-Game (Hold'em Limit, $4/$8 USD)", "8-Game ($4/$8 USD)");
    let c = convert(&bare, "m.txt", None, None).unwrap();
    assert_eq!(c.problems.len(), 1, "{:?}", c.problems);
}

/// PokerStars 2-7 triple draw at $1/$2 (blinds $0.50/$1), worked by hand.
/// Ann (button) raises to $2, Ben (small blind) and Cal (big blind, the
/// hero) call: $6. First draw (from the button's left): Ben throws 2
/// unseen, Cal throws the Kd and draws the 4c, Ann stands pat; Ben checks,
/// Cal bets $1, Ann calls, Ben folds: $8. Second draw: Cal pat, Ann throws
/// 1; Cal bets $2, Ann calls: $12. Third: Cal pat, Ann throws 1; Cal bets
/// $2, Ann raises to $4, Cal calls: $20. Cal's 7-5-4-3-2 beats Ann's
/// 8-6-4-3-2 and collects $19 ($1 rake). Put in: Ann 2 + 1 + 2 + 4 = 9,
/// Ben 2, Cal 9; Ann ends 50 - 9 = 41, Ben 40 - 2 = 38, Cal 30 - 9 + 19 = 40.
const STARS_TRIPLE_DRAW: &str = "PokerStars Hand #100000000001:  Triple Draw 2-7 Lowball Limit ($1/$2 USD) - 2011/06/26 18:34:02 ET
Table 'Seine V' 6-max Seat #1 is the button
Seat 1: Ann ($50 in chips)
Seat 2: Ben ($40 in chips)
Seat 3: Cal ($30 in chips)
Ben: posts small blind $0.50
Cal: posts big blind $1
*** DEALING HANDS ***
Dealt to Cal [7c 5d 3h 2s Kd]
Ann: raises $1 to $2
Ben: calls $1.50
Cal: calls $1
*** FIRST DRAW ***
Ben: discards 2 cards
Cal: discards 1 card [Kd]
Dealt to Cal [7c 5d 3h 2s] [4c]
Ann: stands pat
Ben: checks
Cal: bets $1
Ann: calls $1
Ben: folds
*** SECOND DRAW ***
Cal: stands pat on [7c 5d 3h 2s 4c]
Ann: discards 1 card
Cal: bets $2
Ann: calls $2
*** THIRD DRAW ***
The deck is reshuffled
Cal: stands pat on [7c 5d 3h 2s 4c]
Ann: discards 1 card
Cal: bets $2
Ann: raises $2 to $4
Cal: calls $2
*** SHOW DOWN ***
Ann: shows [8s 6d 4h 3c 2d] (Lo: 8,6,4,3,2)
Cal: shows [7c 5d 3h 2s 4c] (Lo: 7,5,4,3,2)
Cal collected $19 from pot
*** SUMMARY ***
Total pot $20 | Rake $1
Seat 1: Ann (button) showed [8s 6d 4h 3c 2d] and lost with Lo: 8,6,4,3,2
Seat 2: Ben (small blind) folded after the 1st Draw
Seat 3: Cal (big blind) showed [7c 5d 3h 2s 4c] and won ($19) with Lo: 7,5,4,3,2
";

#[test]
fn a_pokerstars_triple_draw_hand_converts_to_the_chip() {
    let c = convert(STARS_TRIPLE_DRAW, "td.txt", None, None).unwrap();
    assert!(c.problems.is_empty(), "{:?}", c.problems);
    let h = &c.hands[0].1;
    let get = |k: &str| strs(h.get(k).unwrap_or_else(|| panic!("no {k}")));
    assert_eq!(
        strs(&Value::Array(vec![h.get("variant").unwrap().clone()])),
        ["F2L3D"]
    );
    assert_eq!(get("players"), ["Ben", "Cal", "Ann"]);
    assert_eq!(get("blinds_or_straddles"), ["0.50", "1", "0"]);
    assert_eq!(
        get("actions"),
        [
            "d dh p1 ??????????",
            "d dh p2 7c5d3h2sKd",
            "d dh p3 ??????????",
            "p3 cbr 2",
            "p1 cc",
            "p2 cc",
            "p1 sd ????",
            "p2 sd Kd",
            "d dh p2 4c",
            "p3 sd",
            "p1 cc",
            "p2 cbr 1",
            "p3 cc",
            "p1 f",
            "p2 sd",
            "p3 sd ??",
            "p2 cbr 2",
            "p3 cc",
            "p2 sd",
            "p3 sd ??",
            "p2 cbr 2",
            "p3 cbr 4",
            "p2 cc",
            "p3 sm 8s6d4h3c2d",
            "p2 sm 7c5d3h2s4c",
        ]
    );
    assert_eq!(get("winnings"), ["0", "19", "0"]);
    assert_eq!(get("finishing_stacks"), ["38.00", "40", "41"]);
    // the hero's draw written as more cards than thrown is refused
    let bad = STARS_TRIPLE_DRAW.replace("[7c 5d 3h 2s] [4c]", "[7c 5d 3h] [2s 4c]");
    let c = convert(&bad, "td.txt", None, None).unwrap();
    assert!(
        c.problems[0]
            .why
            .contains("not the number the player threw"),
        "{:?}",
        c.problems
    );
    // a showdown the site's amounts do not reach: Ann's hand as good as
    // Cal's, the pot split
    let off = STARS_TRIPLE_DRAW.replace("[8s 6d 4h 3c 2d]", "[7d 5h 4h 3c 2d]");
    let c = convert(&off, "td.txt", None, None).unwrap();
    assert_eq!(
        c.problems[0].kind,
        ProblemKind::Mismatch,
        "{:?}",
        c.problems
    );
}

/// No-limit 2-7 single draw heads-up, where PokerStars writes no line
/// before the draw: Ann (button, small blind $0.25) raises to $1.50, Ben
/// (big blind $0.50) calls; Ben throws a card, Ann stands pat; Ben checks,
/// Ann bets $2, Ben folds and the $2 comes back. Ann collects the $3: 20 -
/// 1.50 + 3 = 21.50, Ben 20 - 1.50 = 18.50. And badugi at $0.25/$0.50
/// (blinds $0.10/$0.25): Ben folds his small blind, Ann takes $0.35 back.
#[test]
fn pokerstars_single_draw_and_badugi_hands_convert() {
    let text = "PokerStars Hand #100000000002:  Single Draw 2-7 Lowball No Limit ($0.25/$0.50 USD) - 2011/06/26 23:34:01 ET
Table 'Alst I' 2-max Seat #1 is the button
Seat 1: Ann ($20 in chips)
Seat 2: Ben ($20 in chips)
Ann: posts small blind $0.25
Ben: posts big blind $0.50
*** DEALING HANDS ***
Ann: raises $1 to $1.50
Ben: calls $1
Ben: discards 1 card
Ann: stands pat
Ben: checks
Ann: bets $2
Ben: folds
Uncalled bet ($2) returned to Ann
Ann collected $3 from pot
*** SUMMARY ***
Total pot $3 | Rake $0
Seat 1: Ann (button) (small blind) collected ($3)
Seat 2: Ben (big blind) folded after the Draw
";
    let c = convert(text, "sd.txt", None, None).unwrap();
    assert!(c.problems.is_empty(), "{:?}", c.problems);
    let h = &c.hands[0].1;
    assert_eq!(
        strs(&Value::Array(vec![h.get("variant").unwrap().clone()])),
        ["N2L1D"]
    );
    let actions = strs(h.get("actions").unwrap());
    assert_eq!(actions[4..8], ["p1 sd ??", "p2 sd", "p1 cc", "p2 cbr 2"]);
    assert_eq!(strs(h.get("finishing_stacks").unwrap()), ["18.50", "21.50"]);
    let badugi =
        "PokerStars Hand #100000000003:  Badugi Limit ($0.25/$0.50 USD) - 2010/09/05 10:32:15 ET
Table 'Alst II' 6-max Seat #1 is the button
Seat 1: Ann ($10 in chips)
Seat 2: Ben ($10 in chips)
Ann: posts small blind $0.10
Ben: posts big blind $0.25
*** DEALING HANDS ***
Dealt to Ann [As 3h 8h 6s]
Ann: folds
Uncalled bet ($0.15) returned to Ben
Ben collected $0.20 from pot
*** SUMMARY ***
Total pot $0.20 | Rake $0
Seat 1: Ann (button) (small blind) folded before the Draw
Seat 2: Ben (big blind) collected ($0.20)
";
    let c = convert(badugi, "b.txt", None, None).unwrap();
    assert!(c.problems.is_empty(), "{:?}", c.problems);
    let h = &c.hands[0].1;
    assert_eq!(
        strs(&Value::Array(vec![h.get("variant").unwrap().clone()])),
        ["FB"]
    );
    assert_eq!(strs(h.get("actions").unwrap())[1], "d dh p2 As3h8h6s");
    assert_eq!(strs(h.get("finishing_stacks").unwrap()), ["10.10", "9.90"]);
}

/// PokerStars' fixed limit lets the raise after an all-in for less than a
/// full raise go to the next whole bet: blinds 30/60, small bet 60; Ann
/// raises to 120, Ben (150 in chips) raises all-in to 150 (30 more, half
/// a bet), Cal raises to 180. WSOP rule 129 counts Ben's half bet as a full
/// raise and puts the next one at 210, so the hand is refused, saying so.
#[test]
fn a_fixed_limit_raise_to_the_next_whole_bet_after_a_short_all_in_is_refused() {
    let text = "PokerStars Game #52476877655: Tournament #329147852, $2.00+$0.20 USD Badugi Limit - Level III (60/120) - 2010/11/10 17:46:48 CET [2010/11/10 11:46:48 ET]
Table '329147852 1' 8-max Seat #1 is the button
Seat 1: Cal (2000 in chips)
Seat 2: Dee (2000 in chips)
Seat 3: Eve (2000 in chips)
Seat 4: Ann (2000 in chips)
Seat 5: Ben (150 in chips)
Dee: posts small blind 30
Eve: posts big blind 60
*** DEALING HANDS ***
Ann: raises 60 to 120
Ben: raises 30 to 150 and is all-in
Cal: raises 30 to 180
Dee: folds
Eve: folds
Ann: folds
Uncalled bet (30) returned to Cal
Cal collected 510 from pot
*** SUMMARY ***
Total pot 510 | Rake 0
Seat 1: Cal (button) collected (510)
";
    let c = convert(text, "fl.txt", None, None).unwrap();
    assert_eq!(c.problems.len(), 1, "{:?}", c.problems);
    assert_eq!(c.problems[0].kind, ProblemKind::Refused);
    assert!(
        c.problems[0].why.contains("WSOP rule 129"),
        "{:?}",
        c.problems
    );
}

/// PokerStars seven-card stud at $2/$4, antes $0.50, worked by hand. Third
/// street: Ann shows Kd, Ben 3c, Cal (the hero) As Ah 9s; Ben's 3c is the
/// lowest up card and brings in for $1, Cal completes to $2, Ann and Ben
/// call: $1.50 + $6 = $7.50. Fourth: Ann pairs her king, so the big bet may
/// be made: Ann bets $4, Ben folds, Cal calls ($15.50). Fifth: Ann checks,
/// Cal bets $4, Ann calls ($23.50). Sixth: both check. Seventh (the hero's
/// Ad; Ann's card unseen): Ann checks, Cal bets $4, Ann calls ($31.50).
/// Cal's three aces beat Ann's kings and collect $30 ($1.50 rake). Put in:
/// Ann and Cal 0.50 + 2 + 4 + 4 + 4 = 14.50, Ben 0.50 + 1 + 1 = 2.50; Ann
/// ends 35.50, Ben 47.50, Cal 50 - 14.50 + 30 = 65.50.
const STARS_STUD: &str =
    "PokerStars Game #35874004239:  7 Card Stud Limit ($2/$4 USD) - 2009/11/26 10:08:43 ET
Table 'Dawn II' 8-max
Seat 1: Ann ($50 in chips)
Seat 3: Ben ($50 in chips)
Seat 6: Cal ($50 in chips)
Ann: posts the ante $0.50
Ben: posts the ante $0.50
Cal: posts the ante $0.50
*** 3rd STREET ***
Dealt to Ann [Kd]
Dealt to Ben [3c]
Dealt to Cal [As Ah 9s]
Ben: brings in for $1
Cal: completes it to $2
Ann: calls $2
Ben: calls $1
*** 4th STREET ***
Dealt to Ann [Kd] [Kc]
Dealt to Ben [3c] [7h]
Dealt to Cal [As Ah 9s] [2d]
Pair on board - a double bet is allowed
Ann: bets $4
Ben: folds
Cal: calls $4
*** 5th STREET ***
Dealt to Ann [Kd Kc] [5s]
Dealt to Cal [As Ah 9s 2d] [Jc]
Ann: checks
Cal: bets $4
Ann: calls $4
*** 6th STREET ***
Dealt to Ann [Kd Kc 5s] [8h]
Dealt to Cal [As Ah 9s 2d Jc] [Qd]
Ann: checks
Cal: checks
*** RIVER ***
Dealt to Cal [As Ah 9s 2d Jc Qd] [Ad]
Ann: checks
Cal: bets $4
Ann: calls $4
*** SHOW DOWN ***
Cal: shows [As Ah 9s 2d Jc Qd Ad] (three of a kind, Aces)
Ann: shows [Ts 4c Kd Kc 5s 8h 6d] (a pair of Kings)
Cal collected $30 from pot
*** SUMMARY ***
Total pot $31.50 | Rake $1.50
Seat 1: Ann showed [Ts 4c Kd Kc 5s 8h 6d] and lost with a pair of Kings
Seat 3: Ben folded on the 4th Street
Seat 6: Cal showed [As Ah 9s 2d Jc Qd Ad] and won ($30) with three of a kind, Aces
";

#[test]
fn a_pokerstars_stud_hand_converts_to_the_chip() {
    let c = convert(STARS_STUD, "stud.txt", None, None).unwrap();
    assert!(c.problems.is_empty(), "{:?}", c.problems);
    let h = &c.hands[0].1;
    let get = |k: &str| strs(h.get(k).unwrap_or_else(|| panic!("no {k}")));
    let one = |k: &str| strs(&Value::Array(vec![h.get(k).unwrap().clone()]))[0].clone();
    assert_eq!(one("variant"), "F7S");
    assert_eq!(get("players"), ["Ann", "Ben", "Cal"]);
    assert_eq!(get("antes"), ["0.50", "0.50", "0.50"]);
    assert_eq!(one("bring_in"), "1");
    assert_eq!((one("small_bet"), one("big_bet")), ("2".into(), "4".into()));
    assert_eq!(h.get("_fourth_street_big_bet"), Some(&Value::Bool(true)));
    assert!(h.get("blinds_or_straddles").is_none());
    assert_eq!(
        get("actions"),
        [
            "d dh p1 ????Kd",
            "d dh p2 ????3c",
            "d dh p3 AsAh9s",
            "p2 pb",
            "p3 cbr 2",
            "p1 cc",
            "p2 cc",
            "d dh p1 Kc",
            "d dh p2 7h",
            "d dh p3 2d",
            "p1 cbr 4",
            "p2 f",
            "p3 cc",
            "d dh p1 5s",
            "d dh p3 Jc",
            "p1 cc",
            "p3 cbr 4",
            "p1 cc",
            "d dh p1 8h",
            "d dh p3 Qd",
            "p1 cc",
            "p3 cc",
            "d dh p3 Ad",
            "d dh p1 ??",
            "p1 cc",
            "p3 cbr 4",
            "p1 cc",
            "p3 sm AsAh9s2dJcQdAd",
            "p1 sm Ts4cKdKc5s8h6d",
        ]
    );
    assert_eq!(get("winnings"), ["0", "0", "30"]);
    assert_eq!(get("finishing_stacks"), ["35.50", "47.50", "65.50"]);
    // stud hi/lo: the "No low hand qualified" line is read past, but the
    // open-pair double bet is seven-card stud's alone (live-action rule
    // 247): the same play as stud/8 is refused at Ann's $4 fourth-street
    // bet, the history (F7S/8, no `_fourth_street_big_bet`) kept
    let hilo = STARS_STUD
        .replace("7 Card Stud Limit", "7 Card Stud Hi/Lo Limit")
        .replace("*** SUMMARY ***", "No low hand qualified\n*** SUMMARY ***");
    let c = convert(&hilo, "stud.txt", None, None).unwrap();
    assert!(c.hands.is_empty());
    let p = &c.problems[0];
    assert_eq!(p.kind, ProblemKind::Mismatch, "{:?}", c.problems);
    assert!(p.why.contains("action 10 (\"p1 cbr 4\")"), "{}", p.why);
    let h = p.history.as_ref().unwrap();
    assert_eq!(h.get("variant"), Some(&Value::Str("F7S/8".into())));
    assert!(h.get("_fourth_street_big_bet").is_none());
    // razz: the highest up card (Ann's king) brings in, not Ben's three,
    // so this play is not razz's and the replay says so
    let razz = STARS_STUD.replace("7 Card Stud Limit", "Razz Limit");
    let c = convert(&razz, "stud.txt", None, None).unwrap();
    assert_eq!(
        c.problems[0].kind,
        ProblemKind::Mismatch,
        "{:?}",
        c.problems
    );
    // without the open-pair line, Ann's $4 bet on fourth street is a raise
    // above the small bet: the replay refuses it
    let small = STARS_STUD.replace("Pair on board - a double bet is allowed\n", "");
    let c = convert(&small, "stud.txt", None, None).unwrap();
    assert_eq!(
        c.problems[0].kind,
        ProblemKind::Mismatch,
        "{:?}",
        c.problems
    );
    // a seventh-street community card at a table of three: rule 238 turns
    // one only when eight players would run the deck out (with seven or
    // fewer the stub always holds a card each), so the hand is read as
    // written ("d db Ad") and its replay refused with the reason
    let short = STARS_STUD
        .replace(
            "*** RIVER ***\nDealt to Cal [As Ah 9s 2d Jc Qd] [Ad]",
            "*** RIVER *** [Ad]",
        )
        .replace("[As Ah 9s 2d Jc Qd Ad]", "[As Ah 9s 2d Jc Qd]")
        .replace("[Ts 4c Kd Kc 5s 8h 6d]", "[Ts 4c Kd Kc 5s 8h]");
    let c = convert(&short, "stud.txt", None, None).unwrap();
    assert_eq!(c.problems.len(), 1, "{:?}", c.problems);
    assert_eq!(c.problems[0].kind, ProblemKind::Mismatch);
    assert!(
        c.problems[0].why.contains("rule 238"),
        "{}",
        c.problems[0].why
    );
    let actions = strs(
        c.problems[0]
            .history
            .as_ref()
            .unwrap()
            .get("actions")
            .unwrap(),
    );
    assert!(actions.contains(&"d db Ad".to_string()), "{actions:?}");
}

/// Full Tilt razz at $2/$4, antes $0.50, worked by hand: third street Ann
/// shows Kd, Ben 3c, Cal (the hero) 2h 4s down and 5d up; Ann's king is
/// the highest up card and brings in for $1, Ben completes to $2, Cal
/// calls, Ann folds ($6.50). Fourth: Cal's 6-5 is lower than Ben's 8-3 and
/// acts first: bets $2, Ben calls ($10.50). Fifth: Cal bets $4, Ben calls
/// ($18.50). Sixth: Ben's Q-J-8-3 is lower than Cal's K-7-6-5: both check.
/// Seventh (Cal's 9h; Ben's card unseen): Ben checks, Cal bets $4, Ben
/// calls ($26.50). Cal's 7-6-5-4-2 beats Ben's T-8-6-3-A and wins $25.50
/// ($1 rake); Full Tilt shows Cal's two down cards the other way round.
/// Put in: Ann 1.50, Ben and Cal 0.50 + 2 + 2 + 4 + 4 = 12.50: Ann ends
/// 38.50, Ben 27.50, Cal 40 - 12.50 + 25.50 = 53.
const FULLTILT_RAZZ: &str = "Full Tilt Poker Game #26190453001: Table Mart - $2/$4 Ante $0.50 - Limit Razz - 17:10:10 ET - 2010/12/07
Seat 1: Ann ($40)
Seat 2: Ben ($40)
Seat 4: Cal ($40)
Ann antes $0.50
Ben antes $0.50
Cal antes $0.50
*** 3RD STREET ***
Dealt to Ann [Kd]
Dealt to Ben [3c]
Dealt to Cal [2h 4s] [5d]
Ann is high with [Kd]
Ann brings in for $1
Ben completes it to $2
Cal calls $2
Ann folds
*** 4TH STREET ***
Dealt to Ben [3c] [8h]
Dealt to Cal [2h 4s 5d] [6c]
Cal bets $2
Ben calls $2
*** 5TH STREET ***
Dealt to Ben [3c 8h] [Jd]
Dealt to Cal [2h 4s 5d 6c] [7c]
Cal bets $4
Ben calls $4
*** 6TH STREET ***
Dealt to Ben [3c 8h Jd] [Qs]
Dealt to Cal [2h 4s 5d 6c 7c] [Ks]
Ben checks
Cal checks
*** 7TH STREET ***
Dealt to Cal [2h 4s 5d 6c 7c Ks] [9h]
Ben checks
Cal bets $4
Ben calls $4
*** SHOW DOWN ***
Cal shows [4s 2h 5d 6c 7c Ks 9h] 7,6,5,4,2
Ben shows [Ac Td 3c 8h Jd Qs 6h] T,8,6,3,A
Cal wins the pot ($25.50) with 7,6,5,4,2
*** SUMMARY ***
Total pot $26.50 | Rake $1
Seat 1: Ann folded on 3rd St.
Seat 2: Ben showed [Ac Td 3c 8h Jd Qs 6h] and lost with T,8,6,3,A
Seat 4: Cal showed [4s 2h 5d 6c 7c Ks 9h] and won ($25.50) with 7,6,5,4,2
";

#[test]
fn a_full_tilt_razz_hand_converts_to_the_chip() {
    let c = convert(FULLTILT_RAZZ, "razz.txt", None, None).unwrap();
    assert!(c.problems.is_empty(), "{:?}", c.problems);
    let h = &c.hands[0].1;
    let get = |k: &str| strs(h.get(k).unwrap_or_else(|| panic!("no {k}")));
    assert_eq!(h.get("variant"), Some(&Value::Str("FR".into())));
    assert_eq!(get("players"), ["Ann", "Ben", "Cal"]);
    let actions = get("actions");
    assert_eq!(
        actions[..7],
        [
            "d dh p1 ????Kd",
            "d dh p2 ????3c",
            "d dh p3 2h4s5d",
            "p1 pb",
            "p2 cbr 2",
            "p3 cc",
            "p1 f"
        ]
    );
    // the shown cards in the order dealt: Cal's down cards as the deal had
    // them, Ben's seventh card last
    assert!(
        actions.contains(&"p3 sm 2h4s5d6c7cKs9h".to_string()),
        "{actions:?}"
    );
    assert!(
        actions.contains(&"p2 sm AcTd3c8hJdQs6h".to_string()),
        "{actions:?}"
    );
    assert!(actions.contains(&"d dh p2 ??".to_string()), "{actions:?}");
    assert_eq!(get("finishing_stacks"), ["38.50", "27.50", "53.00"]);
}

/// Full Tilt 2-7 triple draw at $1/$2 (blinds $0.50/$1), worked by hand:
/// Cal (the button, the hero) raises to $2, Ann folds her small blind,
/// Ben calls ($4.50). First draw: Ben throws 2, Cal the Kd for the 4c;
/// Ben checks, Cal bets $1, Ben calls ($6.50). Second: Ben throws 1, Cal
/// stands pat; Cal bets $2, Ben calls ($10.50). Third: both stand pat; Cal
/// bets $2, Ben folds, the $2 comes back and Cal wins $10 ($0.50 rake).
/// Put in: Ann 0.50, Ben 1 + 1 + 1 + 2 = 5, Cal 5: Ann ends 19.50, Ben
/// 15, Cal 20 - 5 + 10 = 25.
#[test]
fn a_full_tilt_triple_draw_hand_converts_to_the_chip() {
    let text = "Full Tilt Poker Game #25325440001: Table Lambie (6 max) - $1/$2 - Limit 2-7 Triple Draw - 10:10:10 ET - 2010/11/01
Seat 1: Ann ($20)
Seat 2: Ben ($20)
Seat 3: Cal ($20)
Ann posts the small blind of $0.50
Ben posts the big blind of $1
The button is in seat #3
*** HOLE CARDS ***
Dealt to Cal [7c 5d 3h 2s Kd]
Cal raises to $2
Ann folds
Ben calls $1
*** FIRST DRAW *** (Pot: $4.50)
Ben discards 2 cards
Cal discards 1 card [Kd]
Ben is dealt 2 cards
Dealt to Cal [7c 5d 3h 2s] [4c]
Ben checks
Cal bets $1
Ben calls $1
*** SECOND DRAW *** (Pot: $6.50)
Ben discards 1 card
Cal stands pat on [7c 5d 3h 2s 4c]
Ben is dealt 1 card
Ben checks
Cal bets $2
Ben calls $2
*** THIRD DRAW *** (Pot: $10.50)
Ben stands pat
Cal stands pat on [7c 5d 3h 2s 4c]
Ben checks
Cal bets $2
Ben folds
Uncalled bet of $2 returned to Cal
Cal mucks
Cal wins the pot ($10)
*** SUMMARY ***
Total pot $10.50 | Rake $0.50
Seat 1: Ann (small blind) folded before the Draw
Seat 2: Ben (big blind) folded after the 3rd Draw
Seat 3: Cal (button) collected ($10), mucked
";
    let c = convert(text, "td.txt", None, None).unwrap();
    assert!(c.problems.is_empty(), "{:?}", c.problems);
    let h = &c.hands[0].1;
    assert_eq!(h.get("variant"), Some(&Value::Str("F2L3D".into())));
    assert_eq!(
        strs(h.get("actions").unwrap())[3..],
        [
            "p3 cbr 2",
            "p1 f",
            "p2 cc",
            "p2 sd ????",
            "p3 sd Kd",
            "d dh p3 4c",
            "p2 cc",
            "p3 cbr 1",
            "p2 cc",
            "p2 sd ??",
            "p3 sd",
            "p2 cc",
            "p3 cbr 2",
            "p2 cc",
            "p2 sd",
            "p3 sd",
            "p2 cc",
            "p3 cbr 2",
            "p2 f",
        ]
    );
    assert_eq!(
        strs(h.get("finishing_stacks").unwrap()),
        ["19.50", "15", "25"]
    );
}

/// An iPoker seven-card stud hand (a tournament's chips; no stakes named:
/// the small bet is read from third street's completion), worked by hand.
/// Antes 8. Third street: Ann's 5h is the lowest up card and brings in for
/// 15, Ben completes to 60, Cal calls, Ann calls 45 (pot 24 + 180 = 204).
/// Fourth: Ben's A-K showing acts first: bets 60, Cal folds, Ann calls
/// (324). Fifth: Ben checks, Ann bets 120, Ben calls (564). Sixth: both
/// check. Seventh: Ben checks, Ann bets 120, Ben calls (804). The showdown
/// hands are written whole on third street: Ann's 9-high straight beats
/// Ben's ace high. Ann 1,000 - 368 + 804 = 1,436, Ben 632, Cal 932.
#[test]
fn an_ipoker_stud_hand_converts_to_the_chip() {
    let text = r#"<?xml version="1.0" encoding="utf-8"?>
<session sessioncode="2">
  <general>
    <mode>real</mode>
    <gametype>7 Card Stud L</gametype>
    <tablename>$5 Limit 7 Card Stud, 699476041, 699476041</tablename>
    <tournamentcode>699476041</tournamentcode>
    <tournamentname>$5 Limit 7 Card Stud</tournamentname>
    <currency>USD</currency>
  </general>
  <game gamecode="4044858766">
    <general>
      <startdate>2012-03-19 20:46:31</startdate>
      <players>
        <player seat="1" name="Ann" chips="1,000" dealer="1" win="804" bet="368"/>
        <player seat="2" name="Ben" chips="1,000" dealer="0" win="0" bet="368"/>
        <player seat="4" name="Cal" chips="1,000" dealer="0" win="0" bet="68"/>
      </players>
    </general>
    <round no="0">
      <action no="1" player="Ann" type="15" sum="8"/>
      <action no="2" player="Ben" type="15" sum="8"/>
      <action no="3" player="Cal" type="15" sum="8"/>
    </round>
    <round no="1">
    </round>
    <round no="2">
      <cards type="Third Street" player="Ann">D4 C7 H5</cards>
      <action no="4" player="Ann" type="16" sum="15"/>
      <action no="7" player="Ann" type="3" sum="45"/>
      <cards type="Third Street" player="Ben">SJ SQ DA</cards>
      <action no="5" player="Ben" type="5" sum="60"/>
      <cards type="Third Street" player="Cal">D3 S7 S6</cards>
      <action no="6" player="Cal" type="3" sum="60"/>
    </round>
    <round no="3">
      <cards type="Fourth Street" player="Ann">S3</cards>
      <action no="10" player="Ann" type="3" sum="60"/>
      <cards type="Fourth Street" player="Ben">DK</cards>
      <action no="8" player="Ben" type="5" sum="60"/>
      <cards type="Fourth Street" player="Cal">C9</cards>
      <action no="9" player="Cal" type="0" sum="0"/>
    </round>
    <round no="4">
      <cards type="Fifth Street" player="Ann">D6</cards>
      <action no="12" player="Ann" type="5" sum="120"/>
      <cards type="Fifth Street" player="Ben">H2</cards>
      <action no="11" player="Ben" type="4" sum="0"/>
      <action no="13" player="Ben" type="3" sum="120"/>
    </round>
    <round no="5">
      <cards type="Sixth Street" player="Ann">H8</cards>
      <action no="15" player="Ann" type="4" sum="0"/>
      <cards type="Sixth Street" player="Ben">C4</cards>
      <action no="14" player="Ben" type="4" sum="0"/>
    </round>
    <round no="6">
      <cards type="River" player="Ann">S9</cards>
      <action no="17" player="Ann" type="5" sum="120"/>
      <cards type="River" player="Ben">H3</cards>
      <action no="16" player="Ben" type="4" sum="0"/>
      <action no="18" player="Ben" type="3" sum="120"/>
    </round>
  </game>
</session>
"#;
    let c = convert(text, "stud.xml", None, None).unwrap();
    assert!(c.problems.is_empty(), "{:?}", c.problems);
    let h = &c.hands[0].1;
    let get = |k: &str| strs(h.get(k).unwrap_or_else(|| panic!("no {k}")));
    let one = |k: &str| strs(&Value::Array(vec![h.get(k).unwrap().clone()]))[0].clone();
    assert_eq!(one("variant"), "F7S");
    assert_eq!(get("players"), ["Ann", "Ben", "Cal"]);
    assert_eq!(
        (one("bring_in"), one("small_bet"), one("big_bet")),
        ("15".into(), "60".into(), "120".into())
    );
    assert_eq!(h.get("_fourth_street_big_bet"), Some(&Value::Bool(true)));
    assert_eq!(
        get("actions")[..9],
        [
            "d dh p1 4d7c5h",
            "d dh p2 JsQsAd",
            "d dh p3 3d7s6s",
            "p1 pb",
            "p2 cbr 60",
            "p3 cc",
            "p1 cc",
            "d dh p1 3s",
            "d dh p2 Kd",
        ]
    );
    assert_eq!(get("finishing_stacks"), ["1436", "632", "932"]);
    // one chip more won than the pot held: the site's amounts are not met
    let off = text.replace(r#"win="804""#, r#"win="805""#);
    let c = convert(&off, "stud.xml", None, None).unwrap();
    assert_eq!(c.problems.len(), 1, "{:?}", c.problems);
}

/// 888poker's clients name cards in their language: the same hand with
/// Ann's Ah Kd written in Dutch (H, heer, the king), Swedish (E, ess, the
/// ace), Spanish suits (p picas, t tréboles), German suits as words and
/// Russian ranks (Т the ace, К the king) reads as Ah Kd (As Kc for the
/// Spanish one); a V alone (a Dutch queen, a French jack) is refused.
#[test]
fn an_888poker_hand_in_another_language_reads_its_cards() {
    for (written, read) in [
        ("[ Ah, Hd ]", "AhKd"),
        ("[ Eh, Kd ]", "AhKd"),
        ("[ Ap, Kt ]", "AsKc"),
        ("[ AHerz, KKaro ]", "AhKd"),
        ("[ Тh, Кd ]", "AhKd"),
        ("[ Ah, Kd ]", "AhKd"),
    ] {
        let mut text = PACIFIC_CASH.replace("[ Ah, Kd ]", written);
        if written.contains('p') {
            // (the board in Spanish suits too)
            text = text
                .replace("[ 9s, 8h, 2d ]", "[ 9p, 8c, 2d ]")
                .replace("[ 3c ]", "[ 3t ]");
        }
        let c = convert(&text, "888.txt", None, None).unwrap();
        assert!(c.problems.is_empty(), "{written}: {:?}", c.problems);
        let actions = strs(c.hands[0].1.get("actions").unwrap());
        assert!(
            actions.iter().any(|a| a.ends_with(read)),
            "{written}: {actions:?}"
        );
    }
    // a Spanish client's file: a hand whose cards read in English (clubs
    // and diamonds only) is Spanish too, its `c` a heart
    let spanish = PACIFIC_CASH
        .replace("[ Ah, Kd ]", "[ Ap, Kt ]")
        .replace("[ 9s, 8h, 2d ]", "[ 9p, 8c, 2d ]")
        .replace("[ 3c ]", "[ 3t ]");
    let english_looking = PACIFIC_CASH
        .replace("900000001", "900000002")
        .replace("[ Ah, Kd ]", "[ Ac, Kd ]")
        .replace("[ 9s, 8h, 2d ]", "[ 9d, 8c, 2d ]")
        .replace("[ 3c ]", "[ 4c ]");
    let both = format!("{spanish}\n{english_looking}");
    let c = convert(&both, "888.txt", None, None).unwrap();
    assert!(c.problems.is_empty(), "{:?}", c.problems);
    let actions = strs(c.hands[1].1.get("actions").unwrap());
    assert!(actions.iter().any(|a| a.ends_with("AhKd")), "{actions:?}");
    assert!(actions.contains(&"d db 9d8h2d".to_string()), "{actions:?}");
    // alone, the same hand is English
    let c = convert(&english_looking, "888.txt", None, None).unwrap();
    let actions = strs(c.hands[0].1.get("actions").unwrap());
    assert!(actions.iter().any(|a| a.ends_with("AcKd")), "{actions:?}");
    let text = PACIFIC_CASH.replace("[ Ah, Kd ]", "[ Vh, 9d ]");
    let c = convert(&text, "888.txt", None, None).unwrap();
    assert!(c.problems[0].why.contains("Dutch"), "{:?}", c.problems);
    // a card no language names
    let text = PACIFIC_CASH.replace("[ Ah, Kd ]", "[ Zh, 9d ]");
    let c = convert(&text, "888.txt", None, None).unwrap();
    assert_eq!(c.problems.len(), 1, "{:?}", c.problems);
}

/// Winamax razz at 25€/50€, antes 5€, worked by hand: Ann (the hero)
/// shows Td, Ben 8h; Ann's ten is the highest and brings in for 10€, Ben
/// completes to 25€, Ann calls (60€). Fourth: Ben's 8-4 is lower than
/// Ann's Q-T: Ben bets 25€, Ann calls (110€). Fifth: Ben bets 50€, Ann
/// folds; Winamax writes no uncalled bet: Ben collects the 110€ and his
/// 50€ less 2€ of rake, 158€. Ann ends 500 - 55 = 445, Ben 500 - 105 + 158
/// = 553. And the same file's triple draw: `FIRST-BET`, `discard 2 cards`.
#[test]
fn winamax_stud_and_draw_hands_convert_to_the_chip() {
    let razz = "Winamax Poker - CashGame - HandId: #9250793-444-1478990341 - Razz fixed limit (5€/25€/50€) - 2016/11/12 22:39:00 UTC
Table: 'Pampelune' 6-max (real money)
Seat 1: Ann (500€)
Seat 4: Ben (500€)
*** ANTE/BLINDS ***
Ann posts ante 5€
Ben posts ante 5€
*** 3rd STREET ***
Dealt to Ann [4s Ad Td]
Dealt to Ben [X X 8h]
Ann brings in 10€
Ben raises 25€ to 25€
Ann calls 15€
*** 4th STREET ***
Dealt to Ben [X X 8h] [4h]
Dealt to Ann [4s Ad Td] [Qh]
Ben bets 25€
Ann calls 25€
*** 5th STREET ***
Dealt to Ben [X X 8h 4h] [5h]
Dealt to Ann [4s Ad Td Qh] [3s]
Ben bets 50€
Ann folds
Ben collected 158€ from pot
*** SUMMARY ***
Total pot 158€ | Rake 2€
Seat 4: Ben won 158€
";
    let c = convert(razz, "razz.txt", None, None).unwrap();
    assert!(c.problems.is_empty(), "{:?}", c.problems);
    let h = &c.hands[0].1;
    assert_eq!(h.get("variant"), Some(&Value::Str("FR".into())));
    assert_eq!(
        strs(h.get("actions").unwrap()),
        [
            "d dh p1 4sAdTd",
            "d dh p2 ????8h",
            "p1 pb",
            "p2 cbr 25",
            "p1 cc",
            "d dh p2 4h",
            "d dh p1 Qh",
            "p2 cbr 25",
            "p1 cc",
            "d dh p2 5h",
            "d dh p1 3s",
            "p2 cbr 50",
            "p1 f",
        ]
    );
    assert_eq!(strs(h.get("finishing_stacks").unwrap()), ["445", "553"]);
    // Ben (the button) posts the small blind 12.50€, Ann the big blind 25€;
    // Ben calls, Ann checks (50€); Ann throws 1, Ben 2 in the first draw;
    // Ann bets 25€, Ben folds: Ann collects the 50€ and her 25€ less 1€ of
    // rake, 74€: Ann ends 500 - 50 + 74 = 524, Ben 475.
    let draw = "Winamax Poker - CashGame - HandId: #9250793-388-1478989462 - 2-7 Triple Draw fixed limit (25€/50€) - 2016/11/12 22:24:21 UTC
Table: 'Pampelune' 6-max (real money) Seat #4 is the button
Seat 1: Ann (500€)
Seat 4: Ben (500€)
*** ANTE/BLINDS ***
Ben posts small blind 12.50€
Ann posts big blind 25€
*** FIRST-BET ***
Dealt to Ben [X X X X X]
Dealt to Ann [2h Td 8c 7c 8s]
Ben calls 12.50€
Ann checks
*** FIRST-DRAW ***
Ann discard 1 card
Ben discard 2 cards
*** SECOND-BET ***
Ann bets 25€
Ben folds
Ann collected 74€ from pot
*** SUMMARY ***
Total pot 74€ | Rake 1€
Seat 1: Ann (big blind) won 74€
";
    let c = convert(draw, "draw.txt", None, None).unwrap();
    assert!(c.problems.is_empty(), "{:?}", c.problems);
    let h = &c.hands[0].1;
    assert_eq!(h.get("variant"), Some(&Value::Str("F2L3D".into())));
    // (the hero's discards are not written: its deal is written unknown
    // too, the history unable to follow its cards)
    assert_eq!(
        strs(h.get("actions").unwrap()),
        [
            "d dh p1 ??????????",
            "d dh p2 ??????????",
            "p2 cc",
            "p1 cc",
            "p1 sd ??",
            "p2 sd ????",
            "p1 cbr 25",
            "p2 f"
        ]
    );
    assert_eq!(
        strs(h.get("finishing_stacks").unwrap()),
        ["524.00", "475.00"]
    );
}

/// The stud, draw and foreign-card texts cut at every character and
/// with random lines of their own words appended: only converted hands
/// and problems with reasons, never a panic.
#[test]
fn stud_and_draw_texts_cut_or_garbled_never_panic() {
    let russian = PACIFIC_CASH.replace("[ Ah, Kd ]", "[ Тh, Кd ]");
    let texts = [
        (STARS_STUD, Site::PokerStars),
        (STARS_TRIPLE_DRAW, Site::PokerStars),
        (FULLTILT_RAZZ, Site::FullTilt),
        (russian.as_str(), Site::Poker888),
    ];
    for (text, site) in texts {
        for cut in 0..text.len() {
            if !text.is_char_boundary(cut) {
                continue;
            }
            let c = convert(&text[..cut], "x", Some(site), None).unwrap();
            assert!(c.hands.len() <= 1);
            assert!(c.problems.iter().all(|p| !p.why.is_empty()));
        }
    }
    let mut state = 7u64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let words = [
        "Dealt to Cal [",
        "Dealt to Ann [Kd] [",
        "] [",
        "X",
        "??",
        "Kn",
        "Тh",
        "Pik",
        "9h",
        "brings in for $1",
        "completes it to $2",
        "discards 2 cards [",
        "stands pat on [",
        "*** RIVER *** [",
        "*** 4th STREET ***",
        "*** FIRST DRAW ***",
        "*** SHOW DOWN ***",
        "Pair on board - a double bet is allowed",
        "shows [",
        "\n",
        "Ann: ",
        "Cal: ",
        " ",
    ];
    for (base, site) in [
        (STARS_STUD, Site::PokerStars),
        (STARS_TRIPLE_DRAW, Site::PokerStars),
        (FULLTILT_RAZZ, Site::FullTilt),
    ] {
        for _ in 0..1_500 {
            let at = (next() as usize) % base.len();
            let at = (0..=at)
                .rev()
                .find(|&i| base.is_char_boundary(i))
                .unwrap_or(0);
            let mut t = base[..at].to_string();
            for _ in 0..(next() % 40) {
                t.push_str(words[(next() as usize) % words.len()]);
            }
            t.push_str(&base[at..]);
            let c = convert(&t, "x", Some(site), None).unwrap();
            assert!(c.problems.iter().all(|p| !p.why.is_empty()));
        }
    }
}

/// PokerStars runs the board twice, worked by hand: Ann (the button) moves
/// all-in for $100 with Ah Ad, Ben folds his small blind, Cal calls all-in
/// with Kc Kd: a pot of $201, $2 of rake. The first run (Ks 7h 2s 3d 9c)
/// goes to Cal's kings, the second (Qh Jh 5s 8d 4c) to Ann's aces, $99.50
/// each. The engine splits the $201 before the rake, $101 to the first run
/// (the odd chip) and $100 to the second: the replay's winners have the
/// rake more than the site's, $1.50 and $0.50.
#[test]
fn a_pokerstars_hand_run_twice_converts_to_the_chip() {
    let text = "PokerStars Hand #90721705236:  Hold'em No Limit ($1/$2 USD) - 2012/12/14 7:59:19 ET
Table 'Mekbuda II' 6-max Seat #1 is the button
Seat 1: Ann ($100 in chips)
Seat 2: Ben ($100 in chips)
Seat 3: Cal ($100 in chips)
Ben: posts small blind $1
Cal: posts big blind $2
*** HOLE CARDS ***
Dealt to Ann [Ah Ad]
Ann: raises $98 to $100 and is all-in
Ben: folds
Cal: calls $98 and is all-in
*** FIRST FLOP *** [Ks 7h 2s]
*** FIRST TURN *** [Ks 7h 2s] [3d]
*** FIRST RIVER *** [Ks 7h 2s 3d] [9c]
*** SECOND FLOP *** [Qh Jh 5s]
*** SECOND TURN *** [Qh Jh 5s] [8d]
*** SECOND RIVER *** [Qh Jh 5s 8d] [4c]
*** FIRST SHOW DOWN ***
Cal: shows [Kc Kd] (three of a kind, Kings)
Ann: shows [Ah Ad] (a pair of Aces)
Cal collected $99.50 from pot
*** SECOND SHOW DOWN ***
Cal: shows [Kc Kd] (a pair of Kings)
Ann: shows [Ah Ad] (a pair of Aces)
Ann collected $99.50 from pot
*** SUMMARY ***
Total pot $201 | Rake $2
Hand was run twice
FIRST Board [Ks 7h 2s 3d 9c]
SECOND Board [Qh Jh 5s 8d 4c]
Seat 1: Ann (button) showed [Ah Ad] and lost with a pair of Aces, and won ($99.50) with a pair of Aces
Seat 2: Ben (small blind) folded before Flop
Seat 3: Cal (big blind) showed [Kc Kd] and won ($99.50) with three of a kind, Kings, and lost with a pair of Kings
";
    let c = convert(text, "rit.txt", None, None).unwrap();
    assert!(c.problems.is_empty(), "{:?}", c.problems);
    let h = &c.hands[0].1;
    assert_eq!(
        strs(&Value::Array(vec![h.get("_run_count").unwrap().clone()])),
        ["2"]
    );
    assert_eq!(
        strs(h.get("actions").unwrap())[3..],
        [
            "p3 cbr 100",
            "p1 f",
            "p2 cc",
            "d db Ks7h2s",
            "d db 3d",
            "d db 9c",
            "d db QhJh5s",
            "d db 8d",
            "d db 4c"
        ]
    );
    assert_eq!(strs(h.get("winnings").unwrap()), ["0", "99.50", "99.50"]);
    // the second run's card dealt twice is refused
    let twice = text.replace("[Qh Jh 5s 8d] [4c]", "[Qh Jh 5s 8d] [9c]");
    let c = convert(&twice, "rit.txt", None, None).unwrap();
    assert_eq!(c.problems.len(), 1, "{:?}", c.problems);
    // a second run that does not start from the board's cards before it
    let off = text.replace(
        "*** SECOND FLOP *** [Qh Jh 5s]",
        "*** SECOND TURN *** [Qh Jh 5s] [Td]",
    );
    let c = convert(&off, "rit.txt", None, None).unwrap();
    assert_eq!(c.problems[0].kind, ProblemKind::Refused, "{:?}", c.problems);
}

/// GGPoker runs it three times from the flop: Ann raises to $6 with Ah Ad,
/// Cal calls with Kc Kd; on Ks 7h 2s Cal moves all-in for $94 and Ann
/// calls: a pot of 1 + 100 + 100 = $201, $3 of rake. Cal's kings win the
/// first (3d 9c) and third (4c 5c) runs, Ann's aces the second (8d As):
/// the site pays $66 a run. The engine pays $67 a run before the rake:
/// Cal 134, Ann 67, Ben 99 against the site's 132, 66, 99.
#[test]
fn a_ggpoker_hand_run_three_times_converts_to_the_chip() {
    let text = "Poker Hand #HD1000000002: Hold'em No Limit ($1/$2) - 2025/03/04 05:06:07
Table 'RushAndCash1' 6-max Seat #1 is the button
Seat 1: Ann ($100 in chips)
Seat 2: Ben ($100 in chips)
Seat 3: Cal ($100 in chips)
Ben: posts small blind $1
Cal: posts big blind $2
*** HOLE CARDS ***
Dealt to Ann [Ah Ad]
Dealt to Ben 
Dealt to Cal 
Ann: raises $4 to $6
Ben: folds
Cal: calls $4
*** FLOP *** [Ks 7h 2s]
Cal: bets $94 and is all-in
Ann: calls $94 and is all-in
*** SHOWDOWN ***
*** FIRST TURN *** [Ks 7h 2s] [3d]
*** FIRST RIVER *** [Ks 7h 2s 3d] [9c]
*** SECOND TURN *** [Ks 7h 2s] [8d]
*** SECOND RIVER *** [Ks 7h 2s 8d] [As]
*** THIRD TURN *** [Ks 7h 2s] [4c]
*** THIRD RIVER *** [Ks 7h 2s 4c] [5c]
*** FIRST SHOWDOWN ***
Cal collected $66 from pot
*** SECOND SHOWDOWN ***
Ann collected $66 from pot
*** THIRD SHOWDOWN ***
Cal collected $66 from pot
*** SUMMARY ***
Total pot $201 | Rake $3 | Jackpot $0 | Bingo $0 | Fortune $0 | Tax $0
Hand was run three times
FIRST Board [Ks 7h 2s 3d 9c]
SECOND Board [Ks 7h 2s 8d As]
THIRD Board [Ks 7h 2s 4c 5c]
Seat 1: Ann (button) showed [Ah Ad] and won ($66)
Seat 2: Ben (small blind) folded before Flop
Seat 3: Cal (big blind) showed [Kc Kd] and won ($132)
";
    let c = convert(text, "gg.txt", None, None).unwrap();
    assert!(c.problems.is_empty(), "{:?}", c.problems);
    let h = &c.hands[0].1;
    assert_eq!(
        strs(&Value::Array(vec![h.get("_run_count").unwrap().clone()])),
        ["3"]
    );
    let actions = strs(h.get("actions").unwrap());
    assert_eq!(
        actions[actions.len() - 6..],
        ["d db 3d", "d db 9c", "d db 8d", "d db As", "d db 4c", "d db 5c"]
    );
    assert_eq!(strs(h.get("winnings").unwrap()), ["0", "132", "66"]);
    // the site's amounts with the runs' winners swapped are not reached
    let swapped = text
        .replace(
            "Cal collected $66 from pot\n*** SECOND",
            "Ann collected $66 from pot\n*** SECOND",
        )
        .replace(
            "Ann collected $66 from pot\n*** THIRD",
            "Cal collected $66 from pot\n*** THIRD",
        )
        .replace(
            "*** THIRD SHOWDOWN ***\nCal collected $66",
            "*** THIRD SHOWDOWN ***\nAnn collected $66",
        );
    let c = convert(&swapped, "gg.txt", None, None).unwrap();
    assert_eq!(
        c.problems[0].kind,
        ProblemKind::Mismatch,
        "{:?}",
        c.problems
    );
}

/// UTF-16 without a byte-order mark is told from its zero bytes even when
/// the first line holds a character past Latin-1 (a euro sign: no zero
/// byte in its pair); UTF-8 text is left as it is.
#[test]
fn utf16_without_a_mark_is_read_with_a_euro_sign_in_its_header() {
    let text = "Winamax Poker - CashGame - HandId: #1-2-3 - Holdem no limit (0.01€/0.02€)\n";
    let le: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
    let be: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
    assert_eq!(decode(&le), text);
    assert_eq!(decode(&be), text);
    assert_eq!(decode(text.as_bytes()), text);
}

/// iPoker's `<currency>` is the player's account; `<tablecurrency>` the
/// table's. A £ table played from a EUR account is in GBP; an account
/// currency that disagrees with the stakes' sign, with no table currency
/// written, is no currency at all.
#[test]
fn an_ipoker_hand_is_in_its_tables_currency() {
    let currency = |text: &str| {
        let c = convert(text, "ipoker.xml", None, None).unwrap();
        assert!(c.problems.is_empty(), "{:?}", c.problems);
        c.hands[0]
            .1
            .get("currency")
            .map(|v| strs(&Value::Array(vec![v.clone()]))[0].clone())
    };
    let account_eur = IPOKER.replace("<currency>GBP</currency>", "<currency>EUR</currency>");
    let table_gbp = account_eur.replace(
        "<mode>real</mode>",
        "<mode>real</mode><tablecurrency>GBP</tablecurrency>",
    );
    assert_eq!(currency(&table_gbp).as_deref(), Some("GBP"));
    assert_eq!(currency(&account_eur), None);
    let empty = table_gbp.replace("<currency>EUR</currency>", "<currency></currency>");
    assert_eq!(currency(&empty).as_deref(), Some("GBP"));
    assert_eq!(currency(IPOKER).as_deref(), Some("GBP"));
}

/// An Omaha hi/lo hand at PartyPoker worked through by hand: the button is
/// seat 3 (Cy), so p1 is seat 1 (Amy, small blind $0.05), p2 seat 2 (Bo,
/// big blind $0.10), p3 seat 3 (Cy). Every amount is what the action adds.
/// Preflop Cy raises the pot, $0.35 (call 0.10, pot 0.25 after it, to
/// 0.35), Amy folds, Bo calls $0.25; checked to the end. Cy's K-K is the
/// high hand (Bo plays ace high: no hole card pairs the board, and no
/// two make a straight or a flush); Bo's A-7 with 5-4-2 is the only low
/// (Cy holds one card below a nine). The pot is
/// 0.05 + 0.35 + 0.35 = 0.75, $0.01 raked, $0.37 to each half; the low
/// half written `wins Lo ($0.37 USD)`. Bo and Cy end 10 - 0.35 + 0.37.
const PARTY_HI_LO: &str = "#Game No : 13550900001
***** Hand History for Game 13550900001 *****
$10 USD PL Omaha Hi-Lo - Monday, January 06, 10:49:40 EST 2014
Table Oslo (Real Money)
Seat 3 is the button
Total number of players : 3/6 
Seat 1: Amy ( $10 USD )
Seat 2: Bo ( $10 USD )
Seat 3: Cy ( $10 USD )
Amy posts small blind [$0.05 USD].
Bo posts big blind [$0.10 USD].
** Dealing down cards **
Cy raises [$0.35 USD]
Amy folds
Bo calls [$0.25 USD]
** Dealing Flop ** [ 5c, 2d, Jh ]
Bo checks
Cy checks
** Dealing Turn ** [ 4d ]
Bo checks
Cy checks
** Dealing River ** [ 9d ]
Bo checks
Cy checks
Cy shows [ Kh, Kd, 4c, Qc ]a pair of Kings.
Bo shows [ 8s, Qh, Ad, 7h ]high card Ace.
Bo shows7,5,4,2,A  for low.
Cy wins $0.37 USD from the main pot with a pair of Kings.
Bo wins Lo ($0.37 USD) from the main pot with 7,5,4,2,A.
";

#[test]
fn a_partypoker_low_half_is_read() {
    let c = convert(PARTY_HI_LO, "party.txt", None, None).unwrap();
    assert!(c.problems.is_empty(), "{:?}", c.problems);
    let h = &c.hands[0].1;
    let get = |k: &str| strs(h.get(k).unwrap_or_else(|| panic!("no {k}")));
    assert_eq!(get("players"), ["Amy", "Bo", "Cy"]);
    assert_eq!(get("winnings"), ["0", "0.37", "0.37"]);
    assert_eq!(get("finishing_stacks"), ["9.95", "10.02", "10.02"]);
    assert_eq!(
        strs(&Value::Array(vec![h.get("_rake").unwrap().clone()])),
        ["0.01"]
    );
}

/// The same hand as Full Tilt writes it: after the cards, a line for what
/// each shown hand makes (`shows a pair of Kings, for high`, `shows Ace
/// Queen high, for high and 7,5,4,2,A, for low`), which is no action.
const FULLTILT_HI_LO: &str = "Full Tilt Poker Game #33700000001: Table Oslo (6 max) - PL Omaha H/L - $0.05/$0.10 - 15:45:53 ET - 2014/01/06
Seat 1: Amy ($10)
Seat 2: Bo ($10)
Seat 3: Cy ($10)
Amy posts the small blind of $0.05
Bo posts the big blind of $0.10
The button is in seat #3
*** HOLE CARDS ***
Cy raises to $0.35
Amy folds
Bo calls $0.25
*** FLOP *** [5c 2d Jh] (Total Pot: $0.75, 2 Players)
Bo checks
Cy checks
*** TURN *** [5c 2d Jh] [4d] (Total Pot: $0.75, 2 Players)
Bo checks
Cy checks
*** RIVER *** [5c 2d Jh 4d] [9d] (Total Pot: $0.75, 2 Players)
Bo checks
Cy checks
*** SHOW DOWN ***
Cy shows [Kh Kd 4c Qc]
Bo shows [8s Qh Ad 7h]
Cy shows a pair of Kings, for high
Bo shows Ace Queen high, for high and 7,5,4,2,A, for low
Cy wins the high pot ($0.37) with a pair of Kings
Bo wins the low pot ($0.37) with 7,5,4,2,A
*** SUMMARY ***
Total pot $0.75 | Rake $0.01
Board: [5c 2d Jh 4d 9d]
Seat 1: Amy (small blind) folded before the Flop
Seat 2: Bo (big blind) showed [8s Qh Ad 7h] and won ($0.37) with HI: Ace Queen high; LO: 7,5,4,2,A
Seat 3: Cy (button) showed [Kh Kd 4c Qc] and won ($0.37) with HI: a pair of Kings
";

#[test]
fn full_tilts_lines_of_what_a_shown_hand_makes_are_no_actions() {
    let c = convert(FULLTILT_HI_LO, "ft.txt", None, None).unwrap();
    assert!(c.problems.is_empty(), "{:?}", c.problems);
    let h = &c.hands[0].1;
    let get = |k: &str| strs(h.get(k).unwrap_or_else(|| panic!("no {k}")));
    assert_eq!(get("winnings"), ["0", "0.37", "0.37"]);
    assert_eq!(get("finishing_stacks"), ["9.95", "10.02", "10.02"]);
    // a show with cards is still a show, read against the cards dealt
    let wrong = FULLTILT_HI_LO.replace("Cy shows [Kh Kd 4c Qc]", "Cy shows [Kh Kd 4c Qx]");
    let c = convert(&wrong, "ft.txt", None, None).unwrap();
    assert_eq!(c.problems.len(), 1, "{:?}", c.problems);
}

/// 888poker names a fixed-limit table by its blinds; at $0.06/$0.12 the
/// limit is $0.12/$0.25 (its turn and river bets are $0.25), elsewhere the
/// big bet is twice the big blind. Heads-up, the button (Uma, seat 5)
/// posts the small blind: p1 is seat 7 (Vic), p2 Uma. Preflop Uma calls
/// $0.06, Vic checks; flop Uma bets $0.12, Vic calls; turn and river Uma
/// bets $0.25, Vic calls. The pot is 2 x (0.12 + 0.12 + 0.25 + 0.25) =
/// 1.48; Vic collects 1.41 (rake 0.07) and ends 3 - 0.74 + 1.41 = 3.67.
const PACIFIC_LIMIT: &str = "#Game No : 900000002
***** 888poker Hand History for Game 900000002 *****
$0.06/$0.12 Blinds Fix Limit Holdem - *** 17 06 2018 20:28:21
Table Porto 10 Max (Real Money)
Seat 5 is the button
Total number of players : 2
Seat 5: Uma ( $4 )
Seat 7: Vic ( $3 )
Uma posts small blind [$0.06]
Vic posts big blind [$0.12]
** Dealing down cards **
Uma calls [$0.06]
Vic checks
** Dealing flop ** [ 7c, Tc, 3d ]
Vic checks
Uma bets [$0.12]
Vic calls [$0.12]
** Dealing turn ** [ 2c ]
Vic checks
Uma bets [$0.25]
Vic calls [$0.25]
** Dealing river ** [ Ts ]
Vic checks
Uma bets [$0.25]
Vic calls [$0.25]
** Summary **
Vic shows [ Kh, Th ]
Uma mucks [ 9c, 8s ]
Vic collected [ $1.41 ]
";

#[test]
fn an_888poker_limit_table_at_12_cents_has_a_25_cent_big_bet() {
    let c = convert(PACIFIC_LIMIT, "888.txt", None, None).unwrap();
    assert!(c.problems.is_empty(), "{:?}", c.problems);
    let h = &c.hands[0].1;
    let one = |k: &str| strs(&Value::Array(vec![h.get(k).unwrap().clone()]))[0].clone();
    assert_eq!(
        (one("small_bet"), one("big_bet")),
        ("0.12".into(), "0.25".into())
    );
    assert_eq!(strs(h.get("finishing_stacks").unwrap()), ["3.67", "3.26"]);
    // with the preflop only played, the big bet is the same
    // (Vic raises, Uma folds: the pot is 0.24, Vic's raise comes back)
    let short = PACIFIC_LIMIT
        .split("** Dealing flop **")
        .next()
        .unwrap()
        .replace(
            "Vic checks\n",
            "Vic raises [$0.12]\nUma folds\n** Summary **\nVic collected [ $0.24 ]\n",
        );
    let c = convert(&short, "888.txt", None, None).unwrap();
    assert!(c.problems.is_empty(), "{:?}", c.problems);
    let h = &c.hands[0].1;
    assert_eq!(
        strs(&Value::Array(vec![h.get("big_bet").unwrap().clone()])),
        ["0.25"]
    );
    // at $0.25/$0.50 blinds the big bet is twice the big blind
    let quarter = PACIFIC_LIMIT
        .replace("[$0.25]", "[$1]")
        .replace("$0.06/$0.12 Blinds", "$0.25/$0.50 Blinds")
        .replace("[$0.06]", "[$0.25]")
        .replace("[$0.12]", "[$0.50]")
        .replace("[ $1.41 ]", "[ $5.80 ]")
        .replace("( $3 )", "( $30 )");
    let c = convert(&quarter, "888.txt", None, None).unwrap();
    assert!(c.problems.is_empty(), "{:?}", c.problems);
    let h = &c.hands[0].1;
    assert_eq!(
        strs(&Value::Array(vec![h.get("big_bet").unwrap().clone()])),
        ["1.00"]
    );
}

/// PartyPoker plays a small blind posted out of its place live (its call
/// adds only what completes the big blind with it), which the engine,
/// playing a missed small blind dead, cannot replay: refused, saying why,
/// rather than converted with the post dead (a winner's extra chips in
/// then cancel in its net, and the hand passed for verified).
#[test]
fn a_partypoker_small_blind_played_live_out_of_its_place_is_refused() {
    let text = PARTY_CASH
        .replace(
            "Hal posts big blind [$0.02 USD].\n",
            "Hal posts big blind [$0.02 USD].\nLis posts small blind [$0.01 USD].\n",
        )
        .replace("Lis folds", "Lis calls [$0.01 USD]");
    let c = convert(&text, "party.txt", None, None).unwrap();
    assert!(c.hands.is_empty());
    assert_eq!(c.problems[0].kind, ProblemKind::Refused, "{:?}", c.problems);
    assert!(
        c.problems[0]
            .why
            .contains("out of its place and played live"),
        "{:?}",
        c.problems
    );
}

/// An 888poker hand where only the small blind posts (the big blind's
/// player away) and everyone folds to it: the engine plays no hand without
/// a big blind, so it is refused, saying so in the hand's amounts (not in
/// chip units).
#[test]
fn an_888poker_hand_without_a_big_blind_is_refused_saying_so() {
    let text = "#Game No : 900000003
***** 888poker Hand History for Game 900000003 *****
$3/$6 Blinds No Limit Holdem - *** 21 06 2018 19:45:05
Table Faro 6 Max (Real Money)
Seat 9 is the button
Total number of players : 3
Seat 2: Ada ( $811.51 )
Seat 6: Ben ( $973.07 )
Seat 9: Cal ( $621 )
Ada posts small blind [$3]
** Dealing down cards **
Ben folds
Cal folds
** Summary **
Ada did not show her hand
Ada collected [ $3 ]
";
    let c = convert(text, "888.txt", None, None).unwrap();
    assert!(c.hands.is_empty());
    assert_eq!(c.problems[0].kind, ProblemKind::Refused, "{:?}", c.problems);
    assert!(
        c.problems[0]
            .why
            .contains("no big blind is posted (min_bet is 6"),
        "{:?}",
        c.problems
    );
}
