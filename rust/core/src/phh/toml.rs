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
            NumText::Inline { len: s.len() as u8, buf }
        } else {
            NumText::Heap(s.to_string())
        }
    }
    pub fn as_str(&self) -> &str {
        match self {
            NumText::Inline { len, buf } => std::str::from_utf8(&buf[..*len as usize]).unwrap_or(""),
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

/// A TOML syntax error: the line (1-based) and what was wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    pub line: usize,
    pub message: String,
}

struct Errors<'a> {
    text: &'a str,
    first: Option<SyntaxError>,
}

impl Errors<'_> {
    fn report(&mut self, at: usize, message: String) {
        if self.first.is_none() {
            let line = self.text.as_bytes()[..at.min(self.text.len())].iter().filter(|&&b| b == b'\n').count() + 1;
            self.first = Some(SyntaxError { line, message });
        }
    }
}

impl ErrorSink for Errors<'_> {
    fn report_error(&mut self, error: ParseError) {
        let at = error.unexpected().or(error.context()).map(|s| s.start()).unwrap_or(0);
        let mut msg = error.description().to_string();
        if let Some(expected) = error.expected() {
            if !expected.is_empty() {
                msg.push_str(&format!(" (expected {expected:?})"));
            }
        }
        self.report(at, msg);
    }
}

/// Builds the document from the parser's events.
struct Builder<'i> {
    source: Source<'i>,
    known: &'static [&'static str],
    doc: Document,
    /// In a `[table]` header; the key parts seen.
    header: Option<Vec<String>>,
    /// The current table's index in `doc.tables` (None: the root).
    current: Option<usize>,
    key: Vec<Key>,
    /// Scratch space a key is decoded into.
    scratch: String,
    stack: Vec<Vec<Value>>,
    unsupported: Option<(usize, String)>,
}

impl<'i> Builder<'i> {
    fn table(&mut self) -> &mut Table {
        match self.current {
            Some(i) => &mut self.doc.tables[i].1,
            None => &mut self.doc.root,
        }
    }

    fn refuse(&mut self, span: Span, what: &str) {
        if self.unsupported.is_none() {
            self.unsupported = Some((span.start(), what.to_string()));
        }
    }

    fn decode(&self, span: Span, kind: Option<toml_parser::decoder::Encoding>, errors: &mut dyn ErrorSink) -> Option<Value> {
        let raw = self.source.get(span)?;
        let raw = toml_parser::Raw::new_unchecked(raw.as_str(), kind, span);
        let mut out = std::borrow::Cow::Borrowed("");
        let scalar = raw.decode_scalar(&mut out, errors);
        let text = raw.as_str();
        Some(match scalar {
            ScalarKind::String => Value::Str(out.into_owned()),
            ScalarKind::Boolean(b) => Value::Bool(b),
            ScalarKind::DateTime => Value::DateTime(text.to_string()),
            ScalarKind::Float | ScalarKind::Integer(_) if text.contains('_') => Value::Num(NumText::new(&text.replace('_', ""))),
            ScalarKind::Float | ScalarKind::Integer(_) => Value::Num(NumText::new(text)),
        })
    }

    fn put(&mut self, v: Value, span: Span) {
        if let Some(top) = self.stack.last_mut() {
            top.push(v);
            return;
        }
        let key = std::mem::take(&mut self.key);
        if key.len() != 1 {
            self.refuse(span, "a dotted key");
            return;
        }
        let key = key.into_iter().next().unwrap_or_default();
        if self.table().iter().any(|(k, _)| *k == key) {
            self.refuse(span, &format!("the key {key:?} twice"));
            return;
        }
        self.table().push((key, v));
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
        let name = parts.into_iter().next().unwrap_or_default();
        if self.doc.tables.iter().any(|(n, _)| *n == name) {
            self.refuse(span, &format!("the table [{name}] twice"));
            return;
        }
        self.doc.tables.push((name, Vec::new()));
        self.current = Some(self.doc.tables.len() - 1);
    }
    fn array_table_open(&mut self, span: Span, _error: &mut dyn ErrorSink) {
        self.refuse(span, "an array of tables");
    }
    fn inline_table_open(&mut self, span: Span, _error: &mut dyn ErrorSink) -> bool {
        self.refuse(span, "an inline table");
        false
    }
    fn array_open(&mut self, _span: Span, _error: &mut dyn ErrorSink) -> bool {
        self.stack.push(Vec::new());
        true
    }
    fn array_close(&mut self, span: Span, _error: &mut dyn ErrorSink) {
        if let Some(items) = self.stack.pop() {
            self.put(Value::Array(items), span);
        }
    }
    fn simple_key(&mut self, span: Span, kind: Option<toml_parser::decoder::Encoding>, error: &mut dyn ErrorSink) {
        let Some(raw) = self.source.get(span) else {
            return;
        };
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
    fn scalar(&mut self, span: Span, kind: Option<toml_parser::decoder::Encoding>, error: &mut dyn ErrorSink) {
        if let Some(v) = self.decode(span, kind, error) {
            self.put(v, span);
        }
    }
}

/// Parses a TOML document. Errors give the line of the first problem.
/// `known`: key names stored without allocating.
pub fn parse(text: &str, known: &'static [&'static str]) -> Result<Document, SyntaxError> {
    thread_local! {
        static TOKENS: std::cell::RefCell<Vec<toml_parser::lexer::Token>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    let source = Source::new(text);
    TOKENS.with(|t| {
        let mut tokens = t.take();
        tokens.clear();
        tokens.extend(source.lex());
        let r = parse_tokens(text, source, &tokens, known);
        if tokens.capacity() < 1 << 16 {
            t.replace(tokens);
        }
        r
    })
}

fn parse_tokens(text: &str, source: Source<'_>, tokens: &[toml_parser::lexer::Token], known: &'static [&'static str]) -> Result<Document, SyntaxError> {
    let mut builder = Builder { source, known, doc: Document::default(), header: None, current: None, key: Vec::new(), scratch: String::new(), stack: Vec::new(), unsupported: None };
    let mut errors = Errors { text, first: None };
    parse_document(tokens, &mut builder, &mut errors);
    if let Some(e) = errors.first {
        return Err(e);
    }
    if let Some((at, what)) = builder.unsupported {
        let mut e = Errors { text, first: None };
        e.report(at, format!("{what} is not part of the PHH format"));
        return Err(e.first.unwrap_or(SyntaxError { line: 1, message: what }));
    }
    Ok(builder.doc)
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

/// Writes `key = value` lines.
pub fn write_table(out: &mut String, table: &Table) {
    for (k, v) in table {
        let bare = !k.is_empty() && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
        if bare {
            out.push_str(k);
        } else {
            write_str(out, k);
        }
        out.push_str(" = ");
        write_value(out, v);
        out.push('\n');
    }
}
