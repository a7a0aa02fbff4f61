//! Reading hand histories from files, one or many, across cores.
use super::history::{Decimal, HandHistory, MAX_PLACES};
use super::replay::{check, replay, unit_places, CheckStatus, Replayed, Verdict};
use super::toml::MAX_BYTES;
use crate::equity::Control;
use crate::error::{Error, ErrorKind, Result};
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;

fn is_phh(p: &Path) -> bool {
    p.extension().is_some_and(|x| x == "phh" || x == "phhs")
}

/// Walks a folder as `find` and `Path.rglob` do: a link to a folder is not
/// entered (so a link to a parent cannot make a cycle), a link to a file is
/// listed as a file.
fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for e in std::fs::read_dir(&dir)? {
            let e = e?;
            let kind = e.file_type()?;
            let p = e.path();
            if kind.is_dir() {
                dirs.push(p);
            } else if is_phh(&p) && (kind.is_file() || (kind.is_symlink() && p.is_file())) {
                out.push(p);
            }
        }
    }
    Ok(())
}

/// The `.phh` and `.phhs` files under a folder, sorted by path.
pub fn files_under(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    walk(dir, &mut out).map_err(|e| {
        Error::history(
            dir.display().to_string(),
            format!("cannot read the folder: {e}"),
        )
    })?;
    out.sort();
    Ok(out)
}

/// The files among `paths`, each folder replaced by the `.phh` and `.phhs`
/// files under it (sorted); a path that is not a folder is kept as given.
pub fn find_files<P: AsRef<Path>>(paths: &[P]) -> Result<Vec<PathBuf>> {
    let mut out = Vec::with_capacity(paths.len());
    for p in paths {
        let p = p.as_ref();
        if p.is_dir() {
            out.extend(files_under(p)?);
        } else {
            out.push(p.to_path_buf());
        }
    }
    Ok(out)
}

/// Stops a batch when `control` is cancelled (Ctrl-C from Python): each
/// file or history checks before its work, so a batch stops within one.
fn go(control: Option<&Control>) -> Result<()> {
    match control {
        Some(c) if c.cancel.load(Ordering::Relaxed) => Err(ErrorKind::Interrupted.into()),
        _ => Ok(()),
    }
}

thread_local! {
    /// Each thread's buffer for a file's bytes: reading a corpus of small
    /// files then allocates nothing per file (and asks no file size).
    static BUF: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Reads a file into this thread's buffer and parses it there.
fn read_parse(
    path: &Path,
    name: &str,
    cancel: Option<&std::sync::atomic::AtomicBool>,
) -> std::io::Result<Result<Vec<HandHistory>>> {
    use std::io::Read;
    BUF.with(|buf| {
        let mut buf = buf.borrow_mut();
        buf.clear();
        if buf.capacity() < 1 << 16 {
            buf.reserve(1 << 16);
        }
        // A pipe or a device is refused before it is opened: opening a
        // pipe for reading waits for a writer, with no end and no way to
        // look at Ctrl-C (the open file is looked at again below).
        let named = std::fs::metadata(path)?;
        if named.is_dir() {
            return Err(std::io::Error::from(std::io::ErrorKind::IsADirectory));
        }
        if !named.is_file() {
            return Ok(Err(Error::history(name, "not a regular file")));
        }
        let file = open_nonblocking(path)?;
        // The size is asked of the open file (no second look-up by name), and
        // the read stops past the limit even if the file grows meanwhile.
        let meta = file.metadata()?;
        if meta.is_dir() {
            return Err(std::io::Error::from(std::io::ErrorKind::IsADirectory));
        }
        if !meta.is_file() {
            return Ok(Err(Error::history(name, "not a regular file")));
        }
        let too_big = || {
            Error::history(
                name,
                format!("more than {MAX_BYTES} bytes (the reader's limit)"),
            )
        };
        if meta.len() > MAX_BYTES as u64 {
            return Ok(Err(too_big()));
        }
        file.take(MAX_BYTES as u64 + 1).read_to_end(&mut buf)?;
        if buf.len() > MAX_BYTES {
            return Ok(Err(too_big()));
        }
        let parsed = match std::str::from_utf8(&buf) {
            Ok(text) => super::history::parse_with(text, name, cancel),
            Err(e) => Err(Error::history(
                name,
                format!("not UTF-8 text (byte {})", e.valid_up_to()),
            )),
        };
        if buf.capacity() > 1 << 24 {
            *buf = Vec::new();
        }
        Ok(parsed)
    })
}

/// The histories of one `.phh` or `.phhs` file.
pub fn load_path(path: &Path) -> Result<Vec<HandHistory>> {
    load_path_with(path, None)
}

/// [`load_path`], stopping soon after `cancel` is set.
pub fn load_path_with(
    path: &Path,
    cancel: Option<&std::sync::atomic::AtomicBool>,
) -> Result<Vec<HandHistory>> {
    let name = path.display().to_string();
    read_parse(path, &name, cancel)
        .map_err(|e| Error::history(&name, format!("cannot read: {e}")))?
}

/// Each file's histories (or its error), in the order given, read on
/// `threads` cores (`None`: all). A cancelled `control` stops the batch
/// (`ErrorKind::Interrupted`).
pub fn load_each<P: AsRef<Path> + Sync>(
    paths: &[P],
    threads: Option<usize>,
    control: Option<&Control>,
) -> Result<Vec<Result<Vec<HandHistory>>>> {
    crate::threads::install(threads, || {
        paths
            .par_iter()
            .map(|p| go(control).map(|()| load_path_with(p.as_ref(), control.map(|c| &c.cancel))))
            .collect()
    })?
}

/// Every history of every file, in order, a folder standing for the
/// `.phh` and `.phhs` files under it (sorted); the first file that cannot be
/// read is the error. Files are read without asking first whether they are
/// folders (one system call less per file, which counts on corpora of
/// small files): a path that turns out to be a folder is walked then.
pub fn load_many<P: AsRef<Path> + Sync>(
    paths: &[P],
    threads: Option<usize>,
    control: Option<&Control>,
) -> Result<Vec<HandHistory>> {
    enum Got {
        Hands(Result<Vec<HandHistory>>),
        Folder(Vec<PathBuf>),
    }
    crate::threads::install(threads, || {
        let got: Vec<Got> = paths
            .par_iter()
            .map(|p| {
                if let Err(e) = go(control) {
                    return Got::Hands(Err(e));
                }
                let p = p.as_ref();
                let name = p.display().to_string();
                match read_parse(p, &name, control.map(|c| &c.cancel)) {
                    Ok(parsed) => Got::Hands(parsed),
                    Err(e) if e.kind() == std::io::ErrorKind::IsADirectory || p.is_dir() => {
                        match files_under(p) {
                            Ok(files) => Got::Folder(files),
                            Err(e) => Got::Hands(Err(e)),
                        }
                    }
                    Err(e) => Got::Hands(Err(Error::history(&name, format!("cannot read: {e}")))),
                }
            })
            .collect();
        go(control)?;
        let mut out = Vec::new();
        for g in got {
            match g {
                Got::Hands(r) => out.extend(r?),
                Got::Folder(files) => {
                    for r in files
                        .par_iter()
                        .map(|f| go(control).and_then(|()| load_path(f)))
                        .collect::<Vec<_>>()
                    {
                        out.extend(r?);
                    }
                }
            }
        }
        Ok(out)
    })?
}

/// `f` of each history, on `threads` cores, stopping when `control` says.
fn each<H: std::ops::Deref<Target = HandHistory> + Sync, T: Send>(
    histories: &[H],
    threads: Option<usize>,
    control: Option<&Control>,
    f: impl Fn(&HandHistory) -> T + Sync,
) -> Result<Vec<T>> {
    crate::threads::install(threads, || {
        histories
            .par_iter()
            .map(|h| go(control).map(|()| f(h)))
            .collect()
    })?
}

/// Each history replayed, on `threads` cores.
pub fn replay_each<H: std::ops::Deref<Target = HandHistory> + Sync>(
    histories: &[H],
    threads: Option<usize>,
    control: Option<&Control>,
) -> Result<Vec<Result<Replayed>>> {
    each(histories, threads, control, replay)
}

/// Each history checked against its recorded result, on `threads` cores.
pub fn check_each<H: std::ops::Deref<Target = HandHistory> + Sync>(
    histories: &[H],
    threads: Option<usize>,
    control: Option<&Control>,
) -> Result<Vec<Result<(Replayed, Verdict)>>> {
    each(histories, threads, control, check)
}

/// One row per hand for a columnar export (chips in the history's unit).
#[derive(Clone, Debug, Default)]
pub struct HandRow {
    /// `ok`, or how the replay failed ([`CheckStatus::of_error`]:
    /// `unsupported` or `failed`).
    pub status: &'static str,
    pub error: Option<String>,
    pub places: u32,
    pub small_blind: Option<u64>,
    pub big_blind: Option<u64>,
    pub ante: Option<u64>,
    pub seat_count: Option<u64>,
    pub starting_stacks: Option<Vec<u64>>,
    pub final_stacks: Option<Vec<u64>>,
    pub board: Option<String>,
    pub pot: Option<u64>,
    pub winners: Option<Vec<u64>>,
    /// Posts and actions: (seat, street, kind, amount, all_in).
    pub actions: Vec<(u8, crate::game::Street, crate::game::ActionKind, u64, bool)>,
}

/// Each history replayed and summarised as a row, on `threads` cores.
pub fn rows_each<H: std::ops::Deref<Target = HandHistory> + Sync>(
    histories: &[H],
    threads: Option<usize>,
    control: Option<&Control>,
) -> Result<Vec<HandRow>> {
    each(histories, threads, control, row)
}

/// A history replayed and summarised.
fn row(h: &HandHistory) -> HandRow {
    match replay(h) {
        Ok(r) => HandRow::of_replay(&r),
        Err(e) => HandRow {
            status: CheckStatus::of_error(&e).name(),
            error: Some(e.to_string()),
            places: unit_places(h).unwrap_or(0),
            ..Default::default()
        },
    }
}

impl HandRow {
    /// The row of a history that replayed (`r`, its replay): what
    /// [`rows_each`] gives for it.
    pub fn of_replay(r: &super::Replayed) -> HandRow {
        use crate::game::HandState;
        let hand = &r.hand;
        let rules = hand.rules();
        HandRow {
            status: "ok",
            error: None,
            places: r.places,
            small_blind: Some(rules.small_blind),
            big_blind: Some(rules.big_blind),
            ante: Some(rules.ante.max(rules.big_blind_ante)),
            seat_count: Some(hand.num_players() as u64),
            starting_stacks: Some(hand.starting_stacks()),
            final_stacks: HandState::final_stacks(hand),
            board: Some(crate::card::cards_to_string(hand.board())),
            pot: Some(hand.pot()),
            winners: hand.payoffs().map(|p| {
                p.iter()
                    .enumerate()
                    .filter(|(_, &x)| x > 0)
                    .map(|(s, _)| s as u64)
                    .collect()
            }),
            actions: hand
                .history()
                .iter()
                .map(|a| (a.seat, a.street, a.kind, a.amount, a.all_in))
                .collect(),
        }
    }

    /// The chip unit its amounts are in (see [`super::replay::unit`]).
    pub fn unit(&self) -> Decimal {
        Decimal::unit(self.places)
    }
}

/// The type of a column of the columnar export (`holecards.phh.to_arrow`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ColumnType {
    /// A whole number (64 bits).
    Int,
    Text,
    Bool,
    /// A list of whole numbers.
    IntList,
    /// An exact decimal of at most [`MAX_PLACES`] places below 10: the
    /// chip unit.
    Unit,
}

impl ColumnType {
    /// The Arrow type's name (`int64`, `large_string`, `bool`,
    /// `large_list<int64>`, `decimal128(31, 30)`): the large forms, with
    /// 64-bit offsets, so that a column of a large corpus never outgrows
    /// them.
    pub fn arrow_name(self) -> &'static str {
        const _: () = assert!(MAX_PLACES == 30, "Unit's Arrow type names its scale");
        match self {
            ColumnType::Int => "int64",
            ColumnType::Text => "large_string",
            ColumnType::Bool => "bool",
            ColumnType::IntList => "large_list<int64>",
            ColumnType::Unit => "decimal128(31, 30)",
        }
    }
}

/// The hands table: one row per history, in this order.
pub const HAND_COLUMNS: [(&str, ColumnType); 16] = [
    ("hand_id", ColumnType::Int),
    ("source", ColumnType::Text),
    ("section", ColumnType::Text),
    ("variant", ColumnType::Text),
    ("status", ColumnType::Text),
    ("error", ColumnType::Text),
    ("unit", ColumnType::Unit),
    ("small_blind", ColumnType::Int),
    ("big_blind", ColumnType::Int),
    ("ante", ColumnType::Int),
    ("seat_count", ColumnType::Int),
    ("starting_stacks", ColumnType::IntList),
    ("final_stacks", ColumnType::IntList),
    ("board", ColumnType::Text),
    ("pot", ColumnType::Int),
    ("winners", ColumnType::IntList),
];

/// The actions table: one row per post and player action, in this order.
pub const ACTION_COLUMNS: [(&str, ColumnType); 7] = [
    ("hand_id", ColumnType::Int),
    ("index", ColumnType::Int),
    ("seat", ColumnType::Int),
    ("street", ColumnType::Text),
    ("kind", ColumnType::Text),
    ("amount", ColumnType::Int),
    ("all_in", ColumnType::Bool),
];

/// The players table: one row per player of each hand, in PHH's order.
pub const PLAYER_COLUMNS: [(&str, ColumnType); 7] = [
    ("hand_id", ColumnType::Int),
    ("seat", ColumnType::Int),
    ("name", ColumnType::Text),
    ("seat_number", ColumnType::Int),
    ("starting_stack", ColumnType::Int),
    ("final_stack", ColumnType::Int),
    ("hole_cards", ColumnType::Text),
];

/// One column's values, `None` for a null.
#[derive(Clone, Debug, PartialEq)]
pub enum Column {
    Int(Vec<Option<u64>>),
    Text(Vec<Option<std::borrow::Cow<'static, str>>>),
    Bool(Vec<bool>),
    IntList(Vec<Option<Vec<u64>>>),
    Unit(Vec<Decimal>),
}

/// The three tables of the columnar export, columns in [`HAND_COLUMNS`],
/// [`ACTION_COLUMNS`] and [`PLAYER_COLUMNS`] order.
#[derive(Clone, Debug, PartialEq)]
pub struct Columns {
    pub hands: Vec<Column>,
    pub actions: Vec<Column>,
    pub players: Vec<Column>,
}

/// A history's players as its fields give them: each one's name (`players`),
/// seat number (`seats`) and hole cards (its first `d dh` action, read by
/// the PHH grammar's parser; `None` where any card is unknown), `n` of them.
fn player_fields(h: &HandHistory, n: usize) -> Vec<(Option<String>, Option<u64>, Option<String>)> {
    use super::replay::{parse_action, PhhAction};
    use super::toml::Value;
    let list = |k: &str| match h.get(k) {
        Some(Value::Array(v)) => v.as_slice(),
        _ => &[],
    };
    let (names, seats) = (list("players"), list("seats"));
    let mut cards: Vec<Option<Option<String>>> = vec![None; n];
    for a in list("actions") {
        // (only the deals are parsed: the rest of the actions are skipped)
        let Value::Str(a) = a else { continue };
        if !a.trim_start().starts_with("d dh") {
            continue;
        }
        if let Ok(PhhAction::DealHole { seat, cards: c }) = parse_action(a, n) {
            if let Some(slot) = cards.get_mut(seat).filter(|s| s.is_none()) {
                *slot = Some(c.map(|c| crate::card::cards_to_string(&c)));
            }
        }
    }
    (0..n)
        .map(|i| {
            let name = match names.get(i) {
                Some(Value::Str(s)) => Some(s.clone()),
                _ => None,
            };
            let seat = match seats.get(i) {
                Some(Value::Num(x)) => x.as_str().parse().ok(),
                _ => None,
            };
            (name, seat, cards[i].take().flatten())
        })
        .collect()
}

impl Column {
    /// `other`'s values after this column's, each `hand_id` of `other`
    /// moved on by `shift` (a column of hand ids only); an error where the
    /// two are not of one type.
    fn append(&mut self, other: Column, shift: Option<u64>) -> Result<()> {
        match (self, other) {
            (Column::Int(a), Column::Int(b)) => match shift {
                Some(k) => a.extend(b.into_iter().map(|x| x.map(|x| x + k))),
                None => a.extend(b),
            },
            (Column::Text(a), Column::Text(b)) => a.extend(b),
            (Column::Bool(a), Column::Bool(b)) => a.extend(b),
            (Column::IntList(a), Column::IntList(b)) => a.extend(b),
            (Column::Unit(a), Column::Unit(b)) => a.extend(b),
            _ => {
                return Err(crate::Error::bad_config(
                    "columns of two types joined".into(),
                ))
            }
        }
        Ok(())
    }
}

impl Columns {
    /// The tables of several runs of hands, one after the other (as
    /// [`columns_of`] would give for all their histories at once: each
    /// part's `hand_id`s moved on by the hands before it).
    pub fn concat(parts: Vec<Columns>) -> Result<Columns> {
        let mut parts = parts.into_iter();
        let Some(mut all) = parts.next() else {
            return Err(crate::Error::bad_config("no columns to join".into()));
        };
        // (every table's first column is its hand_id)
        let hands = |c: &Columns| match c.hands.first() {
            Some(Column::Int(v)) => v.len() as u64,
            _ => 0,
        };
        let mut before = hands(&all);
        for part in parts {
            let n = hands(&part);
            for (mine, theirs) in [
                (&mut all.hands, part.hands),
                (&mut all.actions, part.actions),
                (&mut all.players, part.players),
            ] {
                if mine.len() != theirs.len() {
                    return Err(crate::Error::bad_config(
                        "tables of different columns joined".into(),
                    ));
                }
                for (i, (a, b)) in mine.iter_mut().zip(theirs).enumerate() {
                    a.append(b, (i == 0).then_some(before))?;
                }
            }
            before += n;
        }
        Ok(all)
    }
}

/// Each history replayed and summarised ([`rows_each`], on `threads`
/// cores) as the columns of the two tables.
pub fn columns_each<H: std::ops::Deref<Target = HandHistory> + Sync>(
    histories: &[H],
    threads: Option<usize>,
    control: Option<&Control>,
) -> Result<Columns> {
    let rows = rows_each(histories, threads, control)?;
    columns_of(histories, &rows)
}

/// The actions table's `kind`: [`crate::game::ActionKind`]'s names in
/// lower case, by number (borrowed, not a string made for each action;
/// checked against the names in the tests below).
const KIND_NAMES: [&str; crate::game::ActionKind::ALL.len()] = [
    "post_ante",
    "post_small_blind",
    "post_big_blind",
    "post_straddle",
    "fold",
    "check",
    "call",
    "bet",
    "raise",
    "bring_in",
    "discard",
];

/// The columns of the two tables from each history and its row (as
/// [`rows_each`] gives it: `rows[i]` is `histories[i]`'s), in order.
pub fn columns_of<H: std::ops::Deref<Target = HandHistory>>(
    histories: &[H],
    rows: &[HandRow],
) -> Result<Columns> {
    use std::borrow::Cow;
    if histories.len() != rows.len() {
        return Err(crate::Error::bad_config(format!(
            "{} rows for {} histories",
            rows.len(),
            histories.len()
        )));
    }
    let text = |s: Option<&str>| s.map(|s| Cow::Owned(s.to_string()));
    let int = |f: fn(&HandRow) -> Option<u64>| Column::Int(rows.iter().map(f).collect());
    let list = |f: fn(&HandRow) -> &Option<Vec<u64>>| {
        Column::IntList(rows.iter().map(|r| f(r).clone()).collect())
    };
    let hands = vec![
        Column::Int((0..rows.len() as u64).map(Some).collect()),
        Column::Text(histories.iter().map(|h| text(Some(&h.source))).collect()),
        Column::Text(
            histories
                .iter()
                .map(|h| text(h.section.as_deref()))
                .collect(),
        ),
        Column::Text(histories.iter().map(|h| text(h.variant().ok())).collect()),
        Column::Text(rows.iter().map(|r| Some(Cow::Borrowed(r.status))).collect()),
        Column::Text(rows.iter().map(|r| text(r.error.as_deref())).collect()),
        Column::Unit(rows.iter().map(HandRow::unit).collect()),
        int(|r| r.small_blind),
        int(|r| r.big_blind),
        int(|r| r.ante),
        int(|r| r.seat_count),
        list(|r| &r.starting_stacks),
        list(|r| &r.final_stacks),
        Column::Text(rows.iter().map(|r| text(r.board.as_deref())).collect()),
        int(|r| r.pot),
        list(|r| &r.winners),
    ];
    let n: usize = rows.iter().map(|r| r.actions.len()).sum();
    let mut c: [Vec<Option<u64>>; 4] = std::array::from_fn(|_| Vec::with_capacity(n));
    let (mut street, mut kind, mut all_in) = (
        Vec::with_capacity(n),
        Vec::with_capacity(n),
        Vec::with_capacity(n),
    );
    for (h, r) in rows.iter().enumerate() {
        for (i, a) in r.actions.iter().enumerate() {
            c[0].push(Some(h as u64));
            c[1].push(Some(i as u64));
            c[2].push(Some(a.0 as u64));
            c[3].push(Some(a.3));
            street.push(Some(Cow::Borrowed(a.1.name())));
            kind.push(Some(match KIND_NAMES.get(a.2 as usize) {
                Some(&k) => Cow::Borrowed(k),
                None => Cow::Owned(a.2.name().to_lowercase()),
            }));
            all_in.push(a.4);
        }
    }
    let [hid, idx, seat, amount] = c;
    let actions = vec![
        Column::Int(hid),
        Column::Int(idx),
        Column::Int(seat),
        Column::Text(street),
        Column::Text(kind),
        Column::Int(amount),
        Column::Bool(all_in),
    ];
    // players: as many as the replay seated, else as the stacks field lists
    let mut p: [Vec<Option<u64>>; 5] = std::array::from_fn(|_| Vec::new());
    let (mut names, mut cards) = (Vec::new(), Vec::new());
    for (k, (h, r)) in histories.iter().zip(rows).enumerate() {
        let n = match &r.starting_stacks {
            Some(s) => s.len(),
            None => match h.get("starting_stacks") {
                Some(super::toml::Value::Array(v)) => v.len(),
                _ => 0,
            },
        };
        for (i, (name, number, hole)) in player_fields(h, n).into_iter().enumerate() {
            p[0].push(Some(k as u64));
            p[1].push(Some(i as u64));
            p[2].push(number);
            p[3].push(r.starting_stacks.as_ref().and_then(|s| s.get(i).copied()));
            p[4].push(r.final_stacks.as_ref().and_then(|s| s.get(i).copied()));
            names.push(name.map(Cow::Owned));
            cards.push(hole.map(Cow::Owned));
        }
    }
    let [p_hand, p_seat, p_number, p_start, p_final] = p;
    let players = vec![
        Column::Int(p_hand),
        Column::Int(p_seat),
        Column::Text(names),
        Column::Int(p_number),
        Column::Int(p_start),
        Column::Int(p_final),
        Column::Text(cards),
    ];
    Ok(Columns {
        hands,
        actions,
        players,
    })
}

/// Opens a file to read; on Unix without waiting (`O_NONBLOCK`, which does
/// nothing to a regular file), should it have become a pipe since it was
/// looked at.
pub(crate) fn open_nonblocking(path: &Path) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // (O_NONBLOCK on Linux)
        options.custom_flags(0o4000);
    }
    #[cfg(all(unix, not(target_os = "linux")))]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // (O_NONBLOCK on macOS and the BSDs)
        options.custom_flags(0x0004);
    }
    options.open(path)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_kind_names_are_the_action_kinds_in_lower_case() {
        for k in crate::game::ActionKind::ALL {
            assert_eq!(
                super::KIND_NAMES.get(k as usize).copied(),
                Some(k.name().to_lowercase().as_str())
            );
        }
    }
}
