//! A hand history in the PHH format: its fields, typed where play needs
//! them, every other field kept as written.
use super::toml::{self, Document, Table, Value};
use crate::error::{Error, Result};

/// An exact decimal: `mantissa * 10^-scale` (zero by default).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Decimal {
    pub mantissa: i128,
    pub scale: u32,
}

/// The most decimal places an exact amount may have.
pub const MAX_PLACES: u32 = 30;

impl Decimal {
    /// `10^-places`: the chip unit of amounts with that many decimal places.
    pub fn unit(places: u32) -> Decimal {
        Decimal {
            mantissa: 1,
            scale: places,
        }
    }

    /// Parses a TOML number as written ("10000", "0.50", "-2", "1e3");
    /// `None` for `inf`/`nan` (PHH writes an unknown stack as `inf`) and for
    /// anything else.
    pub fn parse(text: &str) -> Option<Decimal> {
        Decimal::plain(text.as_bytes()).or_else(|| Decimal::general(text))
    }

    /// A number field's text as [`Decimal::parse`] reads it, the common
    /// case straight from its bytes (no check that they are UTF-8 first).
    pub fn of_num(n: &crate::phh::toml::NumText) -> Option<Decimal> {
        Decimal::plain(n.as_bytes()).or_else(|| Decimal::general(n.as_str()))
    }

    /// The common case in one pass: digits with at most one point inside
    /// them (every amount of a real file); anything else (a sign, an
    /// exponent, spaces, a leading point, too many places) is `None` here
    /// and [`Decimal::general`] decides.
    #[inline]
    fn plain(b: &[u8]) -> Option<Decimal> {
        if b.len() <= 36 && b.first().is_some_and(u8::is_ascii_digit) {
            let (mut mantissa, mut places, mut point) = (0i128, 0u32, false);
            let mut plain = true;
            for &c in b {
                match c {
                    b'0'..=b'9' => {
                        mantissa = mantissa * 10 + (c - b'0') as i128;
                        places += point as u32;
                    }
                    b'.' if !point => point = true,
                    _ => {
                        plain = false;
                        break;
                    }
                }
            }
            if plain && places <= MAX_PLACES {
                return Some(Decimal {
                    mantissa,
                    scale: places,
                });
            }
        }
        None
    }

    /// Any other number text: a sign, an exponent, spaces, a leading point.
    fn general(text: &str) -> Option<Decimal> {
        let t = text.trim();
        let (neg, t) = match t.as_bytes().first() {
            Some(b'-') => (true, &t[1..]),
            Some(b'+') => (false, &t[1..]),
            _ => (false, t),
        };
        let (num, exp) = match t.find(['e', 'E']) {
            Some(i) => (&t[..i], t[i + 1..].parse::<i32>().ok()?),
            None => (t, 0),
        };
        let (int, frac) = match num.split_once('.') {
            Some((a, b)) => (a, b),
            None => (num, ""),
        };
        if int.is_empty()
            || !int.bytes().all(|b| b.is_ascii_digit())
            || !frac.bytes().all(|b| b.is_ascii_digit())
        {
            return None;
        }
        if int.len() + frac.len() > 36 {
            return None;
        }
        let mut mantissa: i128 = 0;
        for b in int.bytes().chain(frac.bytes()) {
            mantissa = mantissa * 10 + (b - b'0') as i128;
        }
        let mut scale = frac.len() as i64 - exp as i64;
        while scale < 0 {
            mantissa = mantissa.checked_mul(10)?;
            scale += 1;
        }
        if scale > MAX_PLACES as i64 {
            return None;
        }
        Some(Decimal {
            mantissa: if neg { -mantissa } else { mantissa },
            scale: scale as u32,
        })
    }

    /// The smallest number of decimal places that writes this value exactly.
    pub fn places(&self) -> u32 {
        // (in 64 bits where it fits: 128-bit division is a library call)
        if let Ok(mut m) = i64::try_from(self.mantissa) {
            let mut s = self.scale;
            while s > 0 && m % 10 == 0 {
                m /= 10;
                s -= 1;
            }
            return s;
        }
        let (mut m, mut s) = (self.mantissa, self.scale);
        while s > 0 && m % 10 == 0 {
            m /= 10;
            s -= 1;
        }
        s
    }

    /// `self + other` at the finer scale of the two; `None` on overflow.
    pub fn checked_add(self, other: Decimal) -> Option<Decimal> {
        if other.mantissa == 0 {
            return Some(self);
        }
        if self.mantissa == 0 {
            return Some(other);
        }
        if self.scale == other.scale {
            return Some(Decimal {
                mantissa: self.mantissa.checked_add(other.mantissa)?,
                scale: self.scale,
            });
        }
        let s = self.scale.max(other.scale);
        Some(Decimal {
            mantissa: self.in_units(s)?.checked_add(other.in_units(s)?)?,
            scale: s,
        })
    }

    /// `self - other` at the finer scale of the two; `None` on overflow.
    pub fn checked_sub(self, other: Decimal) -> Option<Decimal> {
        self.checked_add(Decimal {
            mantissa: other.mantissa.checked_neg()?,
            scale: other.scale,
        })
    }

    /// Whether `self` is the smaller amount (whatever the scales).
    pub fn less_than(self, other: Decimal) -> bool {
        self.checked_sub(other).is_some_and(|d| d.mantissa < 0)
    }

    /// This amount in units of `10^-places`, if it is a whole number of them.
    pub fn in_units(&self, places: u32) -> Option<i128> {
        // (every real amount fits 64 bits: 128-bit division is a library
        // call, slow enough to show in a replay's profile)
        if let Ok(m) = i64::try_from(self.mantissa) {
            if places < self.scale && self.scale - places <= 18 {
                let d = 10i64.pow(self.scale - places);
                return (m % d == 0).then(|| i128::from(m / d));
            }
            if places >= self.scale && places - self.scale <= 18 {
                // (below 2^63 times below 2^60: no overflow in 128 bits)
                return Some(i128::from(m) * i128::from(10i64.pow(places - self.scale)));
            }
        }
        if places >= self.scale {
            self.mantissa
                .checked_mul(10i128.checked_pow(places - self.scale)?)
        } else {
            let d = 10i128.checked_pow(self.scale - places)?;
            (self.mantissa % d == 0).then(|| self.mantissa / d)
        }
    }
}

impl Decimal {
    /// The value in plain decimal notation (as its `Display` writes it),
    /// written into `buf` without an allocation: the text is the returned
    /// slice of it.
    pub fn write_to(self, buf: &mut [u8; 80]) -> &str {
        // written right to left: at most 39 digits, a point, a sign and
        // the zeros a scale of 30 pads with
        let mut at = buf.len();
        let scale = self.scale as usize;
        let mut written = 0;
        let mut digit = |d: u8, at: &mut usize, written: &mut usize| {
            if *written == scale && scale > 0 {
                *at -= 1;
                buf[*at] = b'.';
            }
            *at -= 1;
            buf[*at] = b'0' + d;
            *written += 1;
        };
        let m = self.mantissa.unsigned_abs();
        // (in 64 bits where the mantissa fits, as every real amount does:
        // 128-bit division is a library call a digit)
        if let Ok(mut m) = u64::try_from(m) {
            while m > 0 || written <= scale {
                digit((m % 10) as u8, &mut at, &mut written);
                m /= 10;
            }
        } else {
            let mut m = m;
            while m > 0 || written <= scale {
                digit((m % 10) as u8, &mut at, &mut written);
                m /= 10;
            }
        }
        if self.mantissa < 0 {
            at -= 1;
            buf[at] = b'-';
        }
        // ASCII digits, a point and a sign only
        std::str::from_utf8(&buf[at..]).unwrap_or("0")
    }
}

/// The value in plain decimal notation: `1`, `0.01`, `-2.50` (its scale
/// kept), which Python's `decimal.Decimal` reads exactly.
impl std::fmt::Display for Decimal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.write_to(&mut [0u8; 80]))
    }
}

/// Why a number is not an amount: infinite, not a number, or beyond the
/// 36 digits and 30 decimal places an exact amount may have.
fn not_amount(n: &str) -> &'static str {
    if n.contains(['i', 'n']) {
        "not a finite amount"
    } else {
        "not an amount of at most 36 digits and 30 decimal places"
    }
}

/// Calls `$m!` with the PHH field names, written once: first the fields of
/// the spec (the ones a hold'em engine plays from and the optional ones it
/// lists), then this project's own (docs/phh.md: Progressive Hold'em's four
/// bet sizes and the rule options the spec has no field for), which a file
/// writes with a leading underscore, as the spec asks of fields of one's
/// own (`_progressive_bets`). [`KNOWN_FIELDS`] and [`ATTRIBUTES`] are made
/// from it, and so are the binding's `HandHistory` attributes (one per field,
/// the project's without the underscore).
#[macro_export]
macro_rules! phh_fields {
    ($m:ident) => {
        $m! {
            spec: variant antes blinds_or_straddles bring_in small_bet big_bet min_bet
                starting_stacks actions author event url venue address city region
                postal_code country time time_zone time_zone_abbreviation day month year
                hand level seats seat_count table players finishing_stacks winnings currency
                currency_symbol ante_trimming_status time_limit time_banks;
            project: progressive_bets raise_cap heads_up_uncapped straddle_min_raise hole_cards
                trips_beat_straight fourth_street_big_bet run_count;
        }
    };
}

macro_rules! field_lists {
    (spec: $($s:ident)*; project: $($p:ident)*;) => {
        /// The PHH fields a file may hold as the engine knows them, as
        /// written in a file (the project's with their underscore); any other
        /// field of a file is kept as metadata.
        pub const KNOWN_FIELDS: &[&str] =
            &[$(stringify!($s),)* $(concat!("_", stringify!($p)),)*];
        /// The fields as `HandHistory` attributes (the project's without the
        /// underscore), in [`KNOWN_FIELDS`] order.
        pub const ATTRIBUTES: &[&str] = &[$(stringify!($s),)* $(stringify!($p),)*];
        /// This project's own fields, by attribute name (written `_name`).
        const PROJECT_FIELDS: &[&str] = &[$(stringify!($p),)*];
    };
}
crate::phh_fields!(field_lists);

/// One hand history: every field as the file wrote it, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandHistory {
    /// Where it came from: a file name, or `<string>`.
    pub source: String,
    /// The `[name]` of its table in a `.phhs` file.
    pub section: Option<String>,
    pub fields: Table,
}

/// Where a problem is: the file and, in a `.phhs`, the table.
pub fn location(source: &str, section: Option<&str>) -> String {
    match section {
        Some(s) => format!("{source} [{s}]"),
        None => source.to_string(),
    }
}

impl HandHistory {
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.fields.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    /// A field by its attribute name (an entry of [`ATTRIBUTES`]): this
    /// project's own fields are read from their `_name` when the file has
    /// no field of the bare name.
    pub fn attribute(&self, name: &str) -> Option<&Value> {
        self.get(name).or_else(|| {
            PROJECT_FIELDS
                .iter()
                .find(|&&p| p == name)
                .and_then(|p| {
                    self.fields
                        .iter()
                        .find(|(k, _)| k.strip_prefix('_') == Some(p))
                })
                .map(|(_, v)| v)
        })
    }

    /// The fields the engine does not know ([`KNOWN_FIELDS`]), in file order.
    pub fn metadata(&self) -> impl Iterator<Item = (&str, &Value)> {
        self.fields
            .iter()
            .map(|(k, v)| (k.as_ref(), v))
            .filter(|(k, _)| !KNOWN_FIELDS.contains(k))
    }

    pub fn where_(&self) -> String {
        location(&self.source, self.section.as_deref())
    }

    fn bad(&self, why: String) -> Error {
        Error::history(self.where_(), why)
    }

    /// A required field, or an error naming it.
    pub fn required(&self, key: &str) -> Result<&Value> {
        self.get(key)
            .ok_or_else(|| self.bad(format!("the required field '{key}' is missing")))
    }

    pub fn variant(&self) -> Result<&str> {
        match self.required("variant")? {
            Value::Str(s) => Ok(s),
            _ => Err(self.bad("'variant' must be a string".into())),
        }
    }

    /// A number field (`None` when absent).
    pub fn number(&self, key: &str) -> Result<Option<Decimal>> {
        match self.get(key) {
            None => Ok(None),
            Some(Value::Num(n)) => Decimal::of_num(n)
                .map(Some)
                .ok_or_else(|| self.bad(format!("'{key}' is {n}, {}", not_amount(n)))),
            Some(_) => Err(self.bad(format!("'{key}' must be a number"))),
        }
    }

    /// An array of numbers; `None` entries are unknown (`inf`).
    pub fn numbers(&self, key: &str) -> Result<Option<Vec<Option<Decimal>>>> {
        match self.get(key) {
            None => Ok(None),
            Some(Value::Array(items)) => {
                // (a loop into a list of the right size: collecting results
                // grows the list step by step)
                let mut out = Vec::with_capacity(items.len());
                for v in items {
                    out.push(match v {
                        // `inf` is an amount PHH does not know (a stack not recorded).
                        Value::Num(n) if matches!(n.as_bytes(), b"inf" | b"+inf") => None,
                        Value::Num(n) => Some(Decimal::of_num(n).ok_or_else(|| {
                            self.bad(format!("'{key}' holds {n}, {}", not_amount(n)))
                        })?),
                        _ => return Err(self.bad(format!("'{key}' must be an array of numbers"))),
                    });
                }
                Ok(Some(out))
            }
            Some(_) => Err(self.bad(format!("'{key}' must be an array of numbers"))),
        }
    }

    /// The `actions` strings.
    pub fn actions(&self) -> Result<Vec<&str>> {
        match self.required("actions")? {
            Value::Array(items) => {
                let mut out = Vec::with_capacity(items.len());
                for v in items {
                    match v {
                        Value::Str(s) => out.push(s.as_str()),
                        _ => return Err(self.bad("'actions' must be an array of strings".into())),
                    }
                }
                Ok(out)
            }
            _ => Err(self.bad("'actions' must be an array of strings".into())),
        }
    }

    /// The names of its `n` players: `players` when it names them all, else
    /// `p1` to `pn`.
    pub fn player_names(&self, n: usize) -> Vec<String> {
        match self.get("players") {
            Some(Value::Array(v)) if v.len() == n => v
                .iter()
                .enumerate()
                .map(|(i, x)| match x {
                    Value::Str(s) => s.clone(),
                    _ => format!("p{}", i + 1),
                })
                .collect(),
            _ => (1..=n).map(|i| format!("p{i}")).collect(),
        }
    }

    /// The spec's optional fields (its table of them) of the types it
    /// gives, and the ones with a value per player with one for each of
    /// the `starting_stacks`.
    fn check_optional(&self) -> Result<()> {
        #[derive(Clone, Copy, PartialEq)]
        enum Kind {
            Str,
            Int,
            StrOrInt,
            Num,
            Time,
            Bool,
            Ints,
            Strs,
            Nums,
        }
        use Kind::*;
        const FIELDS: [(&str, Kind); 29] = [
            ("author", Str),
            ("event", Str),
            ("url", Str),
            ("venue", Str),
            ("address", Str),
            ("city", Str),
            ("region", Str),
            ("postal_code", Str),
            ("country", Str),
            ("time", Time),
            ("time_zone", Str),
            ("time_zone_abbreviation", Str),
            ("day", Int),
            ("month", Int),
            ("year", Int),
            ("hand", StrOrInt),
            ("level", Int),
            ("seats", Ints),
            ("seat_count", Int),
            ("table", StrOrInt),
            ("players", Strs),
            ("finishing_stacks", Nums),
            ("winnings", Nums),
            ("currency", Str),
            ("currency_symbol", Str),
            ("ante_trimming_status", Bool),
            ("time_limit", Num),
            ("time_banks", Nums),
            ("_rake", Num),
        ];
        fn integer(t: &str) -> bool {
            let t = t.trim_start_matches(['+', '-']);
            ["0x", "0o", "0b"].iter().any(|p| t.starts_with(p))
                || !t.contains(['.', 'e', 'E', 'i', 'n'])
        }
        let scalar = |v: &Value, k: Kind| match (k, v) {
            (Str | StrOrInt | Strs, Value::Str(_)) => true,
            (Int | StrOrInt | Ints, Value::Num(x)) => integer(x.as_str()),
            (Num | Nums, Value::Num(_)) => true,
            // (a local time, as the spec has it: no date, no offset)
            (Time, Value::DateTime(t)) => t
                .bytes()
                .all(|b| b.is_ascii_digit() || b == b':' || b == b'.'),
            (Bool, Value::Bool(_)) => true,
            _ => false,
        };
        let players = match self.get("starting_stacks") {
            Some(Value::Array(v)) => Some(v.len()),
            _ => None,
        };
        for (key, kind) in FIELDS {
            let Some(v) = self.get(key) else { continue };
            let what = match kind {
                Str => "a string",
                Int => "an integer",
                StrOrInt => "a string or an integer",
                Num => "a number",
                Time => "a local time (hours, minutes and seconds, no date or offset)",
                Bool => "true or false",
                Ints => "an array of integers",
                Strs => "an array of strings",
                Nums => "an array of numbers",
            };
            let ok = match (kind, v) {
                (Ints | Strs | Nums, Value::Array(items)) => {
                    if let Some(n) = players.filter(|&n| n != items.len()) {
                        return Err(self.bad(format!(
                            "'{key}' has {} entries for {n} players",
                            items.len()
                        )));
                    }
                    items.iter().all(|x| scalar(x, kind))
                }
                (Ints | Strs | Nums, _) => false,
                _ => scalar(v, kind),
            };
            if !ok {
                return Err(self.bad(format!("'{key}' must be {what}")));
            }
        }
        // seat numbers and counts: from 1
        let seat = |v: &Value| match v {
            Value::Num(x) => x
                .as_str()
                .parse::<i64>()
                .is_ok_and(|s| (1..=i64::from(u32::MAX)).contains(&s)),
            _ => false,
        };
        for key in ["seats", "seat_count"] {
            let fine = match self.get(key) {
                None => true,
                Some(Value::Array(items)) => items.iter().all(seat),
                Some(v) => seat(v),
            };
            if !fine {
                return Err(self.bad(format!(
                    "'{key}' must be seat numbers, from 1 to {}",
                    u32::MAX
                )));
            }
        }
        // (each checked above: a number from 1 to u32::MAX)
        let number = |v: &Value| match v {
            Value::Num(x) => x.as_str().parse::<u64>().unwrap_or(0),
            _ => 0,
        };
        if let Some(Value::Array(seats)) = self.get("seats") {
            let mut seen: Vec<u64> = seats.iter().map(number).collect();
            seen.sort_unstable();
            if let Some(w) = seen.windows(2).find(|w| w[0] == w[1]) {
                return Err(self.bad(format!("seat {} is listed twice in 'seats'", w[0])));
            }
            if let (Some(count), Some(&top)) = (self.get("seat_count").map(number), seen.last()) {
                if top > count {
                    return Err(self.bad(format!(
                        "seat {top} in 'seats' at a table of {count} seats ('seat_count')"
                    )));
                }
            }
        }
        Ok(())
    }

    /// The PHH text of this history: its fields, as read.
    pub fn to_text(&self) -> String {
        let mut out = String::with_capacity(512);
        toml::write_table(&mut out, &self.fields);
        out
    }
}

/// Parses PHH text: one history for a `.phh` document (top-level fields), one
/// per `[name]` table for a `.phhs` document.
pub fn parse(text: &str, source: &str) -> Result<Vec<HandHistory>> {
    parse_with(text, source, None)
}

/// [`parse`], stopping soon after `cancel` is set (Ctrl-C from Python:
/// `ErrorKind::Interrupted`).
pub fn parse_with(
    text: &str,
    source: &str,
    cancel: Option<&std::sync::atomic::AtomicBool>,
) -> Result<Vec<HandHistory>> {
    let doc: Document = match toml::parse_with(text, KNOWN_FIELDS, cancel) {
        Ok(doc) => doc,
        Err(_) if cancel.is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed)) => {
            return Err(crate::ErrorKind::Interrupted.into())
        }
        Err(e) => return Err(e.at(source)),
    };
    let mut out = Vec::with_capacity(doc.tables.len().max(1));
    if !doc.root.is_empty() || doc.tables.is_empty() {
        if !doc.tables.is_empty() {
            return Err(Error::history(
                source,
                "fields outside a table in a file of [tables] (a .phhs file holds only [N] tables)",
            ));
        }
        out.push(HandHistory {
            source: source.to_string(),
            section: None,
            fields: doc.root,
        });
    }
    for (name, fields) in doc.tables {
        out.push(HandHistory {
            source: source.to_string(),
            section: Some(name),
            fields,
        });
    }
    for h in &out {
        h.variant()?;
        h.actions()?;
        h.check_optional()?;
        // (a stud game has no blinds; of a variant holecards does not know,
        // which fields it needs is unknown: its replay names the variant)
        let blinds = super::variant_game(h.variant()?)
            .is_some_and(|(_, kind)| !crate::game::Game::stud_kind_of(kind));
        for key in ["antes", "blinds_or_straddles", "starting_stacks"] {
            if key == "blinds_or_straddles" && !blinds {
                continue;
            }
            h.required(key)?;
        }
    }
    Ok(out)
}

/// A history read back from the text [`HandHistory::to_text`] wrote (a
/// pickle), in its `section` of a `.phhs` file.
pub fn restore(text: &str, source: &str, section: Option<String>) -> Result<HandHistory> {
    let mut h = parse(text, source)?
        .pop()
        .ok_or_else(|| Error::history(source, "an empty hand history"))?;
    h.section = section;
    Ok(h)
}

impl From<Table> for HandHistory {
    fn from(fields: Table) -> HandHistory {
        HandHistory {
            source: "<hand>".into(),
            section: None,
            fields,
        }
    }
}

#[cfg(test)]
mod decimal_tests {
    use super::Decimal;

    #[test]
    fn decimals_are_written_as_plain_numbers_with_their_scale() {
        let d = |mantissa: i128, scale: u32| Decimal { mantissa, scale }.to_string();
        assert_eq!(d(0, 0), "0");
        assert_eq!(d(0, 2), "0.00");
        assert_eq!(d(1, 2), "0.01");
        assert_eq!(d(250, 2), "2.50");
        assert_eq!(d(-250, 2), "-2.50");
        assert_eq!(d(12345, 2), "123.45");
        assert_eq!(d(7, 0), "7");
        assert_eq!(d(-7, 3), "-0.007");
        assert_eq!(d(i128::MAX, 0), i128::MAX.to_string());
        assert_eq!(
            d(i128::MIN, 30),
            format!("-{}", {
                let s = i128::MIN.unsigned_abs().to_string();
                format!("{}.{}", &s[..s.len() - 30], &s[s.len() - 30..])
            })
        );
        assert_eq!(d(1, 30), format!("0.{}1", "0".repeat(29)));
        for text in ["10000", "0.50", "-2", "1e3", "0.000001"] {
            let v = Decimal::parse(text);
            assert!(v.is_some(), "{text}");
            assert_eq!(v.and_then(|v| Decimal::parse(&v.to_string())), v, "{text}");
        }
    }
}
