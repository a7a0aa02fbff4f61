//! A small TOML document model on the `toml_parser` crate: top-level
//! key/value pairs and `[name]` tables of them, values being strings,
//! numbers, booleans, date-times and arrays. Numbers keep the text the file
//! wrote ("0.50", "10112.5", "inf"), so amounts are exact decimals and are
//! written back as written. Inline tables and nested tables are refused:
//! the PHH format has none.
use toml_parser::decoder::ScalarKind;
use toml_parser::parser::{parse_document, EventReceiver};
use toml_parser::{ErrorSink, ParseError, Source, Span};

/// A number's text, stored inline when short (as nearly all are), so that
/// reading a hand does not allocate once per amount.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum NumText {
    Inline { len: u8, buf: [u8; 22] },
    Heap(String),
}

impl NumText {
    pub fn new(s: &str) -> NumText {
        if s.len() <= 22 {
            let mut buf = [0u8; 22];
            buf[..s.len()].copy_from_slice(s.as_bytes());
            NumText::Inline {
                len: s.len() as u8,
                buf,
            }
        } else {
            NumText::Heap(s.to_string())
        }
    }
    pub fn as_bytes(&self) -> &[u8] {
        match self {
            NumText::Inline { len, buf } => &buf[..*len as usize],
            NumText::Heap(s) => s.as_bytes(),
        }
    }
    pub fn as_str(&self) -> &str {
        match self {
            NumText::Inline { len, buf } => {
                std::str::from_utf8(&buf[..*len as usize]).unwrap_or("")
            }
            NumText::Heap(s) => s,
        }
    }
}

impl std::ops::Deref for NumText {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl std::fmt::Display for NumText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A TOML value as the file wrote it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    Str(String),
    /// An integer or float, as written (underscores removed).
    Num(NumText),
    Bool(bool),
    /// A date, time or date-time, as written.
    DateTime(String),
    Array(Vec<Value>),
}

/// A key: borrowed for the names a reader knows (no allocation), owned otherwise.
pub type Key = std::borrow::Cow<'static, str>;

/// Key/value pairs in file order.
pub type Table = Vec<(Key, Value)>;

/// A parsed document: its top-level pairs and its `[name]` tables, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Document {
    pub root: Table,
    pub tables: Vec<(String, Table)>,
}

/// The most bytes a document may have (a `.phh` or `.phhs` file, or text).
pub const MAX_BYTES: usize = 32 << 20;
/// The deepest arrays may nest (PHH needs two levels).
pub const MAX_DEPTH: usize = 32;
/// The most keys one table (one hand) may have.
pub const MAX_FIELDS: usize = 10_000;
/// The most `[tables]` a document may have (hands of a `.phhs` file).
pub const MAX_TABLES: usize = 100_000;
/// The most items one array may have.
pub const MAX_ITEMS: usize = 100_000;
/// The most array items a whole document may have (each read item takes
/// some tens of bytes: this bounds a document's memory to some hundreds of
/// megabytes; a `.phhs` of the largest size holds about 3 million).
pub const MAX_TOTAL_ITEMS: usize = 4_000_000;
/// The most bytes a string or key may take as written.
pub const MAX_STRING: usize = 1 << 16;
/// The most characters a number or date-time may take as written.
pub const MAX_NUMBER: usize = 1_000;

/// A document the reader refused: the line (1-based) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    pub line: usize,
    pub message: String,
    /// `true`: not valid TOML; `false`: valid TOML outside what the PHH
    /// model holds (an inline table, ...) or over one of the limits above.
    pub invalid: bool,
}

impl SyntaxError {
    /// The engine's error for this problem in the text read from `source`
    /// (a file name, or `<string>`).
    pub fn at(&self, source: &str) -> crate::Error {
        let what = if self.invalid { "not valid TOML: " } else { "" };
        crate::Error::history(
            source,
            format!("line {}: {what}{}", self.line, self.message),
        )
    }
}

fn line_of(text: &str, at: usize) -> usize {
    text.as_bytes()[..at.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

struct Errors<'a> {
    text: &'a str,
    first: Option<SyntaxError>,
}

impl Errors<'_> {
    fn report(&mut self, at: usize, message: String) {
        if self.first.is_none() {
            self.first = Some(SyntaxError {
                line: line_of(self.text, at),
                message,
                invalid: true,
            });
        }
    }
}

impl ErrorSink for Errors<'_> {
    fn report_error(&mut self, error: ParseError) {
        let at = error
            .unexpected()
            .or(error.context())
            .map(|s| s.start())
            .unwrap_or(0);
        let mut msg = error.description().to_string();
        if let Some(expected) = error.expected() {
            if !expected.is_empty() {
                msg.push_str(&format!(" (expected {expected:?})"));
            }
        }
        self.report(at, msg);
    }
}

/// Tables of up to this many keys are searched for a duplicate key; longer
/// ones keep a set of their keys, so reading stays linear in their length.
const SCAN: usize = 16;

/// Builds the document from the parser's events.
struct Builder<'i> {
    source: Source<'i>,
    known: &'static [&'static str],
    doc: Document,
    /// In a `[table]` header; the key parts seen.
    header: Option<Vec<String>>,
    /// The current table's index in `doc.tables` (None: the root).
    current: Option<usize>,
    /// The current table's keys, once it is longer than `SCAN`.
    seen: Option<std::collections::HashSet<Key>>,
    /// The `[table]` names, once there are more than `SCAN`.
    names: Option<std::collections::HashSet<String>>,
    key: Vec<Key>,
    /// Scratch space a key is decoded into.
    scratch: String,
    stack: Vec<Vec<Value>>,
    /// Arrays the parser was told not to enter (still to close).
    skipped: usize,
    /// The first thing refused although valid TOML: where, and why.
    refused: Option<(usize, String)>,
    /// Set to stop (Ctrl-C from Python), looked at every
    /// `CANCEL_EVERY` values put.
    cancel: Option<&'i std::sync::atomic::AtomicBool>,
    put_count: usize,
}

impl<'i> Builder<'i> {
    fn table(&mut self) -> &mut Table {
        match self.current {
            Some(i) => &mut self.doc.tables[i].1,
            None => &mut self.doc.root,
        }
    }

    /// Valid TOML the PHH model does not hold.
    fn refuse(&mut self, span: Span, what: &str) {
        self.stop(span, format!("{what} is not part of the PHH format"));
    }

    /// Valid TOML past one of the reader's limits.
    fn limit(&mut self, span: Span, what: &str) {
        self.stop(span, format!("{what} (the reader's limit)"));
    }

    fn stop(&mut self, span: Span, message: String) {
        if self.refused.is_none() {
            self.refused = Some((span.start(), message));
        }
    }

    fn decode(
        &mut self,
        span: Span,
        kind: Option<toml_parser::decoder::Encoding>,
        errors: &mut dyn ErrorSink,
    ) -> Option<Value> {
        use toml_parser::decoder::Encoding;
        let raw = self.source.get(span)?;
        let raw = toml_parser::Raw::new_unchecked(raw.as_str(), kind, span);
        let text = raw.as_str();
        if kind.is_some() && text.len() > MAX_STRING {
            self.limit(span, &format!("a string of more than {MAX_STRING} bytes"));
            return None;
        }
        let mut out = std::borrow::Cow::Borrowed("");
        let scalar = raw.decode_scalar(&mut out, errors);
        if matches!(kind, Some(Encoding::BasicString | Encoding::MlBasicString)) {
            check_escapes(text, span, errors);
        }
        if matches!(
            scalar,
            ScalarKind::Float | ScalarKind::Integer(_) | ScalarKind::DateTime
        ) && text.len() > MAX_NUMBER
        {
            self.limit(
                span,
                &format!("a number or date-time of more than {MAX_NUMBER} characters"),
            );
            return None;
        }
        let invalid = |errors: &mut dyn ErrorSink| {
            errors
                .report_error(ParseError::new(scalar.invalid_description()).with_unexpected(span));
        };
        Some(match scalar {
            ScalarKind::String => Value::Str(out.into_owned()),
            ScalarKind::Boolean(b) => Value::Bool(b),
            ScalarKind::DateTime => {
                if !valid_datetime(text.as_bytes()) {
                    invalid(errors);
                }
                Value::DateTime(text.to_string())
            }
            ScalarKind::Integer(_) => match integer(text) {
                Some(Int::AsWritten) if text.contains('_') => {
                    Value::Num(NumText::new(&text.replace('_', "")))
                }
                Some(Int::AsWritten) => Value::Num(NumText::new(text)),
                Some(Int::Radix(i)) => Value::Num(NumText::new(&i.to_string())),
                None => {
                    invalid(errors);
                    Value::Num(NumText::new("0"))
                }
            },
            ScalarKind::Float => match float(text) {
                Some(f) => Value::Num(NumText::new(&f)),
                None => {
                    invalid(errors);
                    Value::Num(NumText::new("0.0"))
                }
            },
        })
    }

    fn put(&mut self, v: Value, span: Span) {
        self.put_count += 1;
        if self.put_count % CANCEL_EVERY == 0
            && self
                .cancel
                .is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed))
        {
            self.stop(span, "interrupted".into());
            return;
        }
        if let Some(top) = self.stack.last_mut() {
            if top.len() >= MAX_ITEMS {
                self.limit(span, &format!("an array of more than {MAX_ITEMS} items"));
                return;
            }
            top.push(v);
            return;
        }
        let key = std::mem::take(&mut self.key);
        if key.len() != 1 {
            self.refuse(span, "a dotted key");
            return;
        }
        let key = key.into_iter().next().unwrap_or_default();
        let len = self.table().len();
        if len >= MAX_FIELDS {
            self.limit(span, &format!("a table of more than {MAX_FIELDS} keys"));
            return;
        }
        let twice = match &mut self.seen {
            Some(seen) => !seen.insert(key.clone()),
            None => {
                let twice = self.table().iter().any(|(k, _)| *k == key);
                if len >= SCAN && !twice {
                    let mut seen: std::collections::HashSet<Key> =
                        self.table().iter().map(|(k, _)| k.clone()).collect();
                    seen.insert(key.clone());
                    self.seen = Some(seen);
                }
                twice
            }
        };
        if twice {
            self.refuse(span, &format!("the key {key:?} twice"));
            return;
        }
        self.table().push((key, v));
    }
}

/// Reports the escapes of TOML 1.1 (`\e`, `\xHH`) that TOML 1.0 does not
/// have (the decoder takes them): PHH files are TOML 1.0.
fn check_escapes(raw: &str, span: Span, errors: &mut dyn ErrorSink) {
    let b = raw.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' {
            if let Some(c @ (b'e' | b'x')) = b.get(i + 1) {
                let at = span.start() + i;
                errors.report_error(
                    ParseError::new(if *c == b'e' {
                        "the escape \\e is not TOML 1.0"
                    } else {
                        "the escape \\x is not TOML 1.0"
                    })
                    .with_unexpected(Span::new_unchecked(at, at + 2)),
                );
                return;
            }
            i += 2;
        } else {
            i += 1;
        }
    }
}

/// Digits of `radix` with single underscores between them (TOML's
/// `DIGIT *( DIGIT / underscore DIGIT )`).
fn digits_with_underscores(s: &[u8], radix: u32) -> bool {
    let is_digit = |c: u8| (c as char).is_digit(radix);
    !s.is_empty()
        && is_digit(s[0])
        && is_digit(s[s.len() - 1])
        && s.iter().all(|&c| c == b'_' || is_digit(c))
        && !s.windows(2).any(|w| w == b"__")
}

enum Int {
    /// A decimal integer in range: kept as written.
    AsWritten,
    /// A hexadecimal, octal or binary integer: its value.
    Radix(i64),
}

/// A TOML 1.0 integer: `None` when not one, or out of the 64-bit range
/// TOML requires.
fn integer(text: &str) -> Option<Int> {
    let b = text.as_bytes();
    let radix = match b {
        [b'0', b'x', ..] => 16,
        [b'0', b'o', ..] => 8,
        [b'0', b'b', ..] => 2,
        _ => 10,
    };
    if radix != 10 {
        let body = &b[2..];
        if !digits_with_underscores(body, radix) {
            return None;
        }
        let digits: String = text[2..].chars().filter(|&c| c != '_').collect();
        return i64::from_str_radix(&digits, radix).ok().map(Int::Radix);
    }
    let body = match b.first() {
        Some(b'+' | b'-') => &b[1..],
        _ => b,
    };
    if !digits_with_underscores(body, 10) || (body.len() > 1 && body[0] == b'0') {
        return None;
    }
    let digits: String = text.chars().filter(|&c| c != '_').collect();
    digits.parse::<i64>().ok().map(|_| Int::AsWritten)
}

/// A TOML 1.0 float as the model keeps it (underscores removed), or `None`
/// when not one. An exponent beyond ±10000 is read as the value it has as
/// a binary64 float, as TOML defines floats: `inf` or zero (signed).
fn float(text: &str) -> Option<String> {
    let b = text.as_bytes();
    let (sign, body) = match b.first() {
        Some(s @ (b'+' | b'-')) => (Some(*s), &b[1..]),
        _ => (None, b),
    };
    if body == b"inf" || body == b"nan" {
        return Some(text.to_string());
    }
    let e = body.iter().position(|&c| c == b'e' || c == b'E');
    let (mantissa, exp) = match e {
        Some(i) => (&body[..i], Some(&body[i + 1..])),
        None => (body, None),
    };
    let (int, frac) = match mantissa.iter().position(|&c| c == b'.') {
        Some(i) => (&mantissa[..i], Some(&mantissa[i + 1..])),
        None => (mantissa, None),
    };
    if !digits_with_underscores(int, 10) || (int.len() > 1 && int[0] == b'0') {
        return None;
    }
    if frac.is_none() && exp.is_none() {
        return None;
    }
    if frac.is_some_and(|f| !digits_with_underscores(f, 10)) {
        return None;
    }
    if let Some(x) = exp {
        let digits = match x.first() {
            Some(b'+' | b'-') => &x[1..],
            _ => x,
        };
        if !digits_with_underscores(digits, 10) {
            return None;
        }
        let value: String = digits
            .iter()
            .filter(|&&c| c != b'_')
            .map(|&c| c as char)
            .collect();
        let big = value.trim_start_matches('0').len() > 5
            || value.parse::<u32>().is_ok_and(|v| v > 10_000);
        if big {
            let zero = mantissa.iter().all(|&c| matches!(c, b'0' | b'_' | b'.'));
            let minus = if sign == Some(b'-') { "-" } else { "" };
            return Some(if zero || x.first() == Some(&b'-') {
                format!("{minus}0.0")
            } else {
                format!("{minus}inf")
            });
        }
    }
    Some(text.replace('_', ""))
}

fn two(b: &[u8]) -> Option<u32> {
    match b {
        [a, c] if a.is_ascii_digit() && c.is_ascii_digit() => {
            Some(((a - b'0') * 10 + (c - b'0')) as u32)
        }
        _ => None,
    }
}

/// `hh:mm:ss[.fraction]` (TOML 1.0's partial-time, seconds required): the
/// bytes it takes.
fn partial_time(b: &[u8]) -> Option<usize> {
    if b.len() < 8 || b[2] != b':' || b[5] != b':' {
        return None;
    }
    if two(&b[0..2])? > 23 || two(&b[3..5])? > 59 || two(&b[6..8])? > 60 {
        return None;
    }
    if b.get(8) == Some(&b'.') {
        let n = b[9..].iter().take_while(|c| c.is_ascii_digit()).count();
        return (n > 0).then_some(9 + n);
    }
    Some(8)
}

/// `yyyy-mm-dd`, a real day of the Gregorian calendar.
fn full_date(b: &[u8]) -> bool {
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' || !b[..4].iter().all(u8::is_ascii_digit) {
        return false;
    }
    let year: u32 = b[..4].iter().fold(0, |y, c| y * 10 + (c - b'0') as u32);
    let (Some(month), Some(day)) = (two(&b[5..7]), two(&b[8..10])) else {
        return false;
    };
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    (1..=days).contains(&day)
}

/// A TOML 1.0 offset date-time, local date-time, local date or local time.
fn valid_datetime(b: &[u8]) -> bool {
    if b.len() >= 3 && b[2] == b':' {
        return partial_time(b) == Some(b.len());
    }
    if b.len() < 10 || !full_date(&b[..10]) {
        return false;
    }
    if b.len() == 10 {
        return true;
    }
    if !matches!(b[10], b'T' | b't' | b' ') {
        return false;
    }
    let rest = &b[11..];
    let Some(n) = partial_time(rest) else {
        return false;
    };
    match &rest[n..] {
        [] | [b'Z'] | [b'z'] => true,
        [b'+' | b'-', h @ .., b':', m1, m2] if h.len() == 2 => {
            two(h).is_some_and(|h| h <= 23) && two(&[*m1, *m2]).is_some_and(|m| m <= 59)
        }
        _ => false,
    }
}

impl EventReceiver for Builder<'_> {
    fn std_table_open(&mut self, _span: Span, _error: &mut dyn ErrorSink) {
        self.header = Some(Vec::new());
    }
    fn std_table_close(&mut self, span: Span, _error: &mut dyn ErrorSink) {
        let parts = self.header.take().unwrap_or_default();
        if parts.len() != 1 {
            self.refuse(span, "a nested table");
            return;
        }
        if self.doc.tables.len() >= MAX_TABLES {
            self.limit(span, &format!("more than {MAX_TABLES} tables"));
            return;
        }
        let name = parts.into_iter().next().unwrap_or_default();
        let twice = match &mut self.names {
            Some(names) => !names.insert(name.clone()),
            None => {
                let twice = self.doc.tables.iter().any(|(n, _)| *n == name);
                if self.doc.tables.len() >= SCAN && !twice {
                    let mut names: std::collections::HashSet<String> =
                        self.doc.tables.iter().map(|(n, _)| n.clone()).collect();
                    names.insert(name.clone());
                    self.names = Some(names);
                }
                twice
            }
        };
        if twice {
            self.refuse(span, &format!("the table [{name}] twice"));
            return;
        }
        self.doc.tables.push((name, Vec::new()));
        self.current = Some(self.doc.tables.len() - 1);
        self.seen = None;
    }
    fn array_table_open(&mut self, span: Span, _error: &mut dyn ErrorSink) {
        self.refuse(span, "an array of tables");
    }
    fn inline_table_open(&mut self, span: Span, _error: &mut dyn ErrorSink) -> bool {
        self.refuse(span, "an inline table");
        false
    }
    fn array_open(&mut self, span: Span, _error: &mut dyn ErrorSink) -> bool {
        if self.stack.len() >= MAX_DEPTH {
            self.limit(span, &format!("arrays nested more than {MAX_DEPTH} deep"));
        }
        if self.refused.is_some() {
            // Nothing more is built once the document is refused, and the
            // parser, told not to enter the array, skips it without recursing.
            self.skipped += 1;
            return false;
        }
        self.stack.push(Vec::new());
        true
    }
    fn array_close(&mut self, span: Span, _error: &mut dyn ErrorSink) {
        if self.skipped > 0 {
            self.skipped -= 1;
            return;
        }
        if let Some(items) = self.stack.pop() {
            self.put(Value::Array(items), span);
        }
    }
    fn simple_key(
        &mut self,
        span: Span,
        kind: Option<toml_parser::decoder::Encoding>,
        error: &mut dyn ErrorSink,
    ) {
        use toml_parser::decoder::Encoding;
        let Some(raw) = self.source.get(span) else {
            return;
        };
        if raw.as_str().len() > MAX_STRING {
            self.limit(span, &format!("a key of more than {MAX_STRING} bytes"));
            return;
        }
        if matches!(kind, Some(Encoding::BasicString)) {
            check_escapes(raw.as_str(), span, error);
        }
        let raw = toml_parser::Raw::new_unchecked(raw.as_str(), kind, span);
        let mut out = std::mem::take(&mut self.scratch);
        out.clear();
        raw.decode_key(&mut out, error);
        match &mut self.header {
            Some(parts) => parts.push(out.clone()),
            None => {
                let key = match self.known.iter().find(|k| **k == out) {
                    Some(k) => Key::Borrowed(k),
                    None => Key::Owned(out.clone()),
                };
                self.key.push(key);
            }
        }
        self.scratch = out;
    }
    // Comments and newlines are checked by the decoder only when asked
    // (control characters, a lone carriage return).
    fn comment(&mut self, span: Span, error: &mut dyn ErrorSink) {
        if let Some(raw) = self.source.get(span) {
            raw.decode_comment(error);
        }
    }
    fn newline(&mut self, span: Span, error: &mut dyn ErrorSink) {
        if let Some(raw) = self.source.get(span) {
            raw.decode_newline(error);
        }
    }
    fn whitespace(&mut self, span: Span, error: &mut dyn ErrorSink) {
        if let Some(raw) = self.source.get(span) {
            raw.decode_whitespace(error);
        }
    }
    fn scalar(
        &mut self,
        span: Span,
        kind: Option<toml_parser::decoder::Encoding>,
        error: &mut dyn ErrorSink,
    ) {
        if self.refused.is_some() {
            return;
        }
        if let Some(v) = self.decode(span, kind, error) {
            self.put(v, span);
        }
    }
}

/// Parses a TOML document. Errors give the line of the first problem.
/// `known`: key names stored without allocating.
pub fn parse(text: &str, known: &'static [&'static str]) -> Result<Document, SyntaxError> {
    parse_with(text, known, None)
}

/// How often (in tokens, and in values built) a parse looks at its
/// cancel flag: some tens of microseconds of work.
const CANCEL_EVERY: usize = 1 << 14;

/// The refusal of a parse whose cancel flag was set.
fn cancelled(text: &str, at: usize) -> SyntaxError {
    SyntaxError {
        line: line_of(text, at),
        message: "interrupted".into(),
        invalid: false,
    }
}

/// [`parse`], stopping soon after `cancel` is set (Ctrl-C from Python):
/// the error then says "interrupted" (the caller knows it asked).
pub fn parse_with(
    text: &str,
    known: &'static [&'static str],
    cancel: Option<&std::sync::atomic::AtomicBool>,
) -> Result<Document, SyntaxError> {
    let stop = || cancel.is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed));
    thread_local! {
        static TOKENS: std::cell::RefCell<Vec<toml_parser::lexer::Token>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    if text.len() > MAX_BYTES {
        return Err(SyntaxError {
            line: 1,
            message: format!(
                "{} bytes, more than {MAX_BYTES} (the reader's limit)",
                text.len()
            ),
            invalid: false,
        });
    }
    let source = Source::new(text);
    TOKENS.with(|t| {
        let mut tokens = t.take();
        tokens.clear();
        // (the limits checked as the tokens are read: the tokens of a
        // document of millions of one-character items would take some
        // fifty times its size before the builder's own checks see them)
        let mut limits = Limits::default();
        for token in source.lex() {
            if tokens.len() % CANCEL_EVERY == 0 && stop() {
                return Err(cancelled(text, token.span().start()));
            }
            if let Some((at, message)) = limits.see(&token) {
                return Err(SyntaxError {
                    line: line_of(text, at),
                    message,
                    invalid: false,
                });
            }
            tokens.push(token);
        }
        let r = parse_tokens(text, source, &tokens, known, cancel);
        if tokens.capacity() < 1 << 16 {
            t.replace(tokens);
        }
        r
    })
}

/// The limits a document's tokens are held to as they are read: arrays
/// no longer and no deeper than the builder takes, tables with no more
/// keys, and no more tables.
#[derive(Default)]
struct Limits {
    /// The commas of each open bracket (a table header's too: one line).
    open: Vec<usize>,
    tables: usize,
    keys: usize,
    /// After a top-level key's `=` on this line: a `[` opens its array
    /// value, not a table's header.
    value: bool,
    /// The document's array items so far (commas).
    items: usize,
}

impl Limits {
    /// Where `t` goes past a limit (or opens an inline table, which the
    /// builder refuses too), and the message.
    fn see(&mut self, t: &toml_parser::lexer::Token) -> Option<(usize, String)> {
        use toml_parser::lexer::TokenKind;
        let at = t.span().start();
        let limit = |what: String| Some((at, format!("{what} (the reader's limit)")));
        match t.kind() {
            TokenKind::LeftCurlyBracket => {
                return Some((at, "an inline table is not part of the PHH format".into()));
            }
            TokenKind::LeftSquareBracket => {
                if self.open.len() >= MAX_DEPTH {
                    return limit(format!("arrays nested more than {MAX_DEPTH} deep"));
                }
                if self.open.is_empty() && !self.value {
                    // a table's header: its keys start again
                    self.tables += 1;
                    self.keys = 0;
                    if self.tables > MAX_TABLES {
                        return limit(format!("more than {MAX_TABLES} tables"));
                    }
                }
                self.open.push(0);
            }
            TokenKind::RightSquareBracket => {
                self.open.pop();
            }
            TokenKind::Comma => {
                if let Some(c) = self.open.last_mut() {
                    *c += 1;
                    if *c > MAX_ITEMS {
                        return limit(format!("an array of more than {MAX_ITEMS} items"));
                    }
                    self.items += 1;
                    if self.items > MAX_TOTAL_ITEMS {
                        return limit(format!(
                            "more than {MAX_TOTAL_ITEMS} array items in the document"
                        ));
                    }
                }
            }
            TokenKind::Newline if self.open.is_empty() => self.value = false,
            TokenKind::Equals if self.open.is_empty() => {
                self.value = true;
                self.keys += 1;
                if self.keys > MAX_FIELDS {
                    return limit(format!("a table of more than {MAX_FIELDS} keys"));
                }
            }
            _ => {}
        }
        None
    }
}

fn parse_tokens<'i>(
    text: &str,
    source: Source<'i>,
    tokens: &[toml_parser::lexer::Token],
    known: &'static [&'static str],
    cancel: Option<&'i std::sync::atomic::AtomicBool>,
) -> Result<Document, SyntaxError> {
    let mut builder = Builder {
        cancel,
        put_count: 0,
        source,
        known,
        doc: Document::default(),
        header: None,
        current: None,
        seen: None,
        names: None,
        key: Vec::new(),
        scratch: String::new(),
        stack: Vec::new(),
        skipped: 0,
        refused: None,
    };
    let mut errors = Errors { text, first: None };
    parse_document(tokens, &mut builder, &mut errors);
    match (errors.first, builder.refused) {
        // A refusal stops the building (and skips arrays unchecked): any
        // syntax error after it is not reported, one before it is.
        (Some(e), Some((at, message))) if line_of(text, at) < e.line => Err(SyntaxError {
            line: line_of(text, at),
            message,
            invalid: false,
        }),
        (Some(e), _) => Err(e),
        (None, Some((at, message))) => Err(SyntaxError {
            line: line_of(text, at),
            message,
            invalid: false,
        }),
        (None, None) => Ok(builder.doc),
    }
}

fn write_str(out: &mut String, s: &str) {
    out.push('\'');
    if s.contains('\'') || s.contains('\n') || s.chars().any(|c| c.is_control()) {
        // A basic string with escapes.
        out.pop();
        out.push('"');
        for c in s.chars() {
            match c {
                '"' => out.push_str("\\\""),
                '\\' => out.push_str("\\\\"),
                '\n' => out.push_str("\\n"),
                '\t' => out.push_str("\\t"),
                '\r' => out.push_str("\\r"),
                c if c.is_control() => out.push_str(&format!("\\u{:04X}", c as u32)),
                c => out.push(c),
            }
        }
        out.push('"');
        return;
    }
    out.push_str(s);
    out.push('\'');
}

/// Writes a value as TOML.
pub fn write_value(out: &mut String, v: &Value) {
    match v {
        Value::Str(s) => write_str(out, s),
        Value::Num(n) => out.push_str(n),
        Value::DateTime(n) => out.push_str(n),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_value(out, item);
            }
            out.push(']');
        }
    }
}

/// Writes a key: bare when TOML allows it (letters, digits, `_`, `-`),
/// else as a quoted string (a table's name too: `["Hand 1"]`, `["1.2"]`).
pub fn write_key(out: &mut String, k: &str) {
    let bare = !k.is_empty()
        && k.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if bare {
        out.push_str(k);
    } else {
        write_str(out, k);
    }
}

/// Writes `key = value` lines.
pub fn write_table(out: &mut String, table: &Table) {
    for (k, v) in table {
        write_key(out, k);
        out.push_str(" = ");
        write_value(out, v);
        out.push('\n');
    }
}
