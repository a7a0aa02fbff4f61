//! `HandHistory` and the PHH functions behind `holecards.phh`. Conversions
//! only: reading, replaying and writing live in holecards-core.
use crate::equity::supervise;
use crate::errors::IntoPyResult;
use crate::game::Hand;
use holecards_core::equity::Control;
use holecards_core::phh::{self, toml::Value, Column};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBytes, PyDict, PyList, PyTuple};
use std::path::PathBuf;
use std::sync::Arc;

/// Batches smaller than this run on the calling thread without a watcher
/// for Ctrl-C (they take milliseconds).
const QUICK: usize = 64;

/// Whether reading `paths` is quick: fewer than [`QUICK`] files of at most
/// [`QUICK_BYTES`] in all (the sizes asked of the file system; a few files
/// of 32 MiB each take seconds, and are watched for Ctrl-C).
fn few_small_files(paths: &[PathBuf]) -> bool {
    paths.len() < QUICK
        && paths
            .iter()
            .map(|p| std::fs::metadata(p).map_or(0, |m| m.len()))
            .sum::<u64>()
            <= QUICK_BYTES
}

/// The most bytes a quick read takes (about ten milliseconds of parsing).
const QUICK_BYTES: u64 = 1 << 20;

static DECIMAL: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

fn decimal<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    let cls = DECIMAL.get_or_try_init(py, || -> PyResult<Py<PyAny>> {
        Ok(py.import("decimal")?.getattr("Decimal")?.unbind())
    })?;
    cls.bind(py).call1((text,))
}

/// A TOML value as Python data: numbers as `int` when written as integers,
/// else `decimal.Decimal` exactly as written; date-times as their text.
fn to_py<'py>(py: Python<'py>, v: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        Value::Str(s) | Value::DateTime(s) => s.into_pyobject(py)?.into_any(),
        Value::Bool(b) => b.into_pyobject(py)?.to_owned().into_any(),
        Value::Num(n) => match n.parse::<i64>() {
            Ok(i) => i.into_pyobject(py)?.into_any(),
            Err(_) => match n.as_str() {
                "inf" | "+inf" => decimal(py, "Infinity")?,
                "-inf" => decimal(py, "-Infinity")?,
                "nan" | "+nan" | "-nan" => decimal(py, "NaN")?,
                _ if n.contains(['.', 'e', 'E']) => decimal(py, n)?,
                _ => py
                    .import("builtins")?
                    .getattr("int")?
                    .call1((n.as_str(),))?,
            },
        },
        Value::Array(items) => {
            let l = PyList::empty(py);
            for item in items {
                l.append(to_py(py, item)?)?;
            }
            l.into_any()
        }
    })
}

/// One hand history: every field of the file as an attribute (`None` when
/// absent), the unknown ones in `metadata`; `replay()` plays it.
#[pyclass(module = "holecards.phh", name = "HandHistory", frozen, eq)]
#[derive(Clone, PartialEq)]
pub struct HandHistory(pub Arc<phh::HandHistory>);

/// The typed attributes, one getter per PHH field (the engine's list,
/// `holecards_core::phh_fields!`).
macro_rules! history_fields {
    (spec: $($s:ident)*; project: $($p:ident)*;) => {
        #[pymethods]
        impl HandHistory {
            $(
                #[getter]
                fn $s<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
                    self.field(py, stringify!($s))
                }
            )*
            $(
                #[getter]
                fn $p<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
                    self.field(py, stringify!($p))
                }
            )*

            /// The file it came from (`<string>` for text).
            #[getter]
            fn source(&self) -> &str {
                &self.0.source
            }
            /// Its `[name]` in a `.phhs` file (`None` for a `.phh`).
            #[getter]
            fn section(&self) -> Option<&str> {
                self.0.section.as_deref()
            }
            /// The fields the PHH spec does not define, as written, in order.
            #[getter]
            fn metadata<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
                let d = PyDict::new(py);
                for (k, v) in self.0.metadata() {
                    d.set_item(k, to_py(py, v)?)?;
                }
                Ok(d)
            }
            /// Every field, as written, in file order.
            fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
                let d = PyDict::new(py);
                for (k, v) in &self.0.fields {
                    d.set_item(k.as_ref(), to_py(py, v)?)?;
                }
                Ok(d)
            }
            /// The chip unit the hand is played in, a `Decimal`: 1 for whole
            /// chips, `Decimal('0.01')` for cents (the smallest unit of the file's amounts).
            #[getter]
            fn unit<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
                decimal(py, &phh::unit(&self.0).py()?.to_string())
            }
            /// The hand after the last action, every action checked as legal.
            fn replay(&self, py: Python<'_>) -> PyResult<Hand> {
                let h = Arc::clone(&self.0);
                Ok(Hand(py.detach(move || phh::replay(&h)).py()?.hand))
            }
            fn __repr__(&self) -> String {
                let v = self.0.variant().unwrap_or("?");
                format!("<HandHistory {} {v}, {} actions>", self.0.where_(), self.0.actions().map(|a| a.len()).unwrap_or(0))
            }
            fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
                let restore = py.import("holecards._core")?.getattr("_phh_restore")?;
                let args = PyTuple::new(py, [self.0.to_text().into_pyobject(py)?.into_any(), self.0.source.clone().into_pyobject(py)?.into_any(), self.0.section.clone().into_pyobject(py)?.into_any()])?;
                Ok((restore, args))
            }
        }
    };
}

holecards_core::phh_fields!(history_fields);

impl HandHistory {
    fn field<'py>(&self, py: Python<'py>, name: &str) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.0.attribute(name).map(|v| to_py(py, v)).transpose()
    }
}

fn wrap(v: Vec<phh::HandHistory>) -> Vec<HandHistory> {
    v.into_iter().map(|h| HandHistory(Arc::new(h))).collect()
}

/// Histories parsed from PHH text (`source` names it in errors).
#[pyfunction]
#[pyo3(signature = (text, source="<string>"))]
pub fn _phh_loads(py: Python<'_>, text: &str, source: &str) -> PyResult<Vec<HandHistory>> {
    let (text, source) = (text.to_string(), source.to_string());
    // (a text of a megabyte or more is read on a worker, watched for
    // Ctrl-C: a 32 MiB one takes over a second)
    let quick = text.len() < 1 << 20;
    Ok(wrap(batch(py, None, quick, |_, c| {
        phh::parse_with(&text, &source, c.map(|c| &c.cancel))
    })?))
}

/// A TOML document in the PHH model as a dict (its `[tables]` as dicts),
/// values converted as `HandHistory` fields are: for tests of the TOML reader.
#[pyfunction]
pub fn _phh_toml_loads<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyDict>> {
    let doc = phh::toml::parse(text, &[])
        .map_err(|e| e.at("<string>"))
        .py()?;
    let d = PyDict::new(py);
    for (k, v) in &doc.root {
        d.set_item(k.as_ref(), to_py(py, v)?)?;
    }
    for (name, table) in &doc.tables {
        let t = PyDict::new(py);
        for (k, v) in table {
            t.set_item(k.as_ref(), to_py(py, v)?)?;
        }
        d.set_item(name, t)?;
    }
    Ok(d)
}

#[pyfunction]
pub fn _phh_restore(text: &str, source: &str, section: Option<String>) -> PyResult<HandHistory> {
    Ok(HandHistory(Arc::new(
        phh::restore(text, source, section).py()?,
    )))
}

/// `f` on `threads` cores, watched for Ctrl-C unless `quick`.
fn batch<T: Send>(
    py: Python<'_>,
    threads: Option<usize>,
    quick: bool,
    f: impl FnOnce(Option<usize>, Option<&Control>) -> holecards_core::Result<T> + Send,
) -> PyResult<T> {
    let control = Control::new();
    supervise(py, None, &control, quick, || f(threads, Some(&control)))
}

/// The engine's histories behind Python's.
fn shared(histories: &[PyRef<'_, HandHistory>]) -> Vec<Arc<phh::HandHistory>> {
    histories.iter().map(|h| Arc::clone(&h.0)).collect()
}

/// Histories of one file.
#[pyfunction]
pub fn _phh_load_path(py: Python<'_>, path: PathBuf) -> PyResult<Vec<HandHistory>> {
    // (watched for Ctrl-C unless small: the size asked first is only a
    // hint, the reader checks its own limits)
    let quick = std::fs::metadata(&path).is_ok_and(|m| m.len() < 1 << 20);
    Ok(wrap(batch(py, None, quick, |_, c| {
        phh::load_path_with(&path, c.map(|c| &c.cancel))
    })?))
}

/// Histories of many files, read on `threads` cores.
#[pyfunction]
#[pyo3(signature = (paths, threads=None))]
pub fn _phh_load_many(
    py: Python<'_>,
    paths: Vec<PathBuf>,
    #[pyo3(from_py_with = crate::args::threads_arg)] threads: Option<usize>,
) -> PyResult<Vec<HandHistory>> {
    Ok(wrap(batch(py, threads, false, |t, c| {
        phh::load_many(&paths, t, c)
    })?))
}

/// The `.phh` and `.phhs` files among `paths`, folders walked.
#[pyfunction]
pub fn _phh_find_files(py: Python<'_>, paths: Vec<PathBuf>) -> PyResult<Vec<PathBuf>> {
    py.detach(move || phh::find_files(&paths)).py()
}

/// Each file's histories, or its error (an exception object), in order.
#[pyfunction]
#[pyo3(signature = (paths, threads=None))]
pub fn _phh_load_each(
    py: Python<'_>,
    paths: Vec<PathBuf>,
    #[pyo3(from_py_with = crate::args::threads_arg)] threads: Option<usize>,
) -> PyResult<Vec<Py<PyAny>>> {
    let each = batch(py, threads, few_small_files(&paths), |t, c| {
        phh::load_each(&paths, t, c)
    })?;
    each.into_iter()
        .map(|r| match r {
            Ok(v) => Ok(wrap(v).into_pyobject(py)?.into_any().unbind()),
            Err(e) => Ok(crate::errors::to_py(e).into_value(py).into_any()),
        })
        .collect()
}

/// Each history replayed on `threads` cores: the `Hand`, or the error (an
/// exception object).
#[pyfunction]
#[pyo3(signature = (histories, threads=None))]
pub fn _phh_replay_each(
    py: Python<'_>,
    histories: Vec<PyRef<'_, HandHistory>>,
    #[pyo3(from_py_with = crate::args::threads_arg)] threads: Option<usize>,
) -> PyResult<Vec<Py<PyAny>>> {
    let hs = shared(&histories);
    let out = batch(py, threads, hs.len() < QUICK, |t, c| {
        phh::replay_each(&hs, t, c)
    })?;
    out.into_iter()
        .map(|r| match r {
            Ok(rep) => Ok(Py::new(py, Hand(rep.hand))?.into_any()),
            Err(e) => Ok(crate::errors::to_py(e).into_value(py).into_any()),
        })
        .collect()
}

/// A hand as PHH text.
#[pyfunction]
pub fn _phh_dumps_hand(hand: &Hand) -> String {
    phh::write_hand(&hand.0)
}

/// A history as PHH text (its fields as read).
#[pyfunction]
pub fn _phh_dumps_history(history: &HandHistory) -> String {
    history.0.to_text()
}

/// Several histories as one `.phhs` text.
#[pyfunction]
pub fn _phh_dumps_many(histories: Vec<PyRef<'_, HandHistory>>) -> String {
    let hs: Vec<phh::HandHistory> = histories.iter().map(|h| (*h.0).clone()).collect();
    phh::write_hands(&hs)
}

/// A hand's history object (the fields `dumps(hand)` writes).
#[pyfunction]
pub fn _phh_from_hand(hand: &Hand) -> HandHistory {
    HandHistory(Arc::new(phh::HandHistory::from(phh::write::hand_fields(
        &hand.0,
    ))))
}

/// Each history replayed and compared with its recorded result, on `threads`
/// cores: `(status, detail)` with status `matched`, `half_chip`, `legal`,
/// `mismatch`, `unsupported` or `failed`.
#[pyfunction]
#[pyo3(signature = (histories, threads=None))]
pub fn _phh_check_each(
    py: Python<'_>,
    histories: Vec<PyRef<'_, HandHistory>>,
    #[pyo3(from_py_with = crate::args::threads_arg)] threads: Option<usize>,
) -> PyResult<Vec<(&'static str, String)>> {
    let hs = shared(&histories);
    let out = batch(py, threads, hs.len() < QUICK, |t, c| {
        phh::check_each(&hs, t, c)
    })?;
    Ok(out
        .iter()
        .map(|r| {
            let (status, detail) = phh::CheckStatus::classify(r);
            (status.name(), detail)
        })
        .collect())
}

/// An Arrow column's buffers as Python data: `(length, null_count,
/// validity, buffers, child)`, the buffers as `bytes` (`validity` and
/// `child` may be `None`), for pyarrow's `Array.from_buffers`.
fn arrow_column<'py>(py: Python<'py>, c: &phh::ArrowColumn) -> PyResult<Bound<'py, PyTuple>> {
    let validity = c.validity.as_ref().map(|v| PyBytes::new(py, v));
    let buffers: Vec<Bound<'py, PyBytes>> = c.buffers.iter().map(|b| PyBytes::new(py, b)).collect();
    let child = match &c.child {
        Some(ch) => Some(arrow_column(py, ch)?),
        None => None,
    };
    (c.len, c.null_count, validity, buffers, child).into_pyobject(py)
}

/// A table's columns as a dict of Arrow buffers, named as `names` (the
/// engine's schema) says; the buffers are built in the engine.
fn table<'py>(
    py: Python<'py>,
    names: &[(&str, phh::ColumnType)],
    columns: Vec<Column>,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    for ((name, _), c) in names.iter().zip(columns) {
        let a = c.to_arrow().py()?;
        d.set_item(name, arrow_column(py, &a)?)?;
    }
    Ok(d)
}

/// The three tables' columns as `_phh_columns` gives them.
type TableDicts<'py> = (Bound<'py, PyDict>, Bound<'py, PyDict>, Bound<'py, PyDict>);

/// The three tables of the columnar export as dicts of Arrow buffers.
fn tables<'py>(py: Python<'py>, c: phh::Columns) -> PyResult<TableDicts<'py>> {
    Ok((
        table(py, &phh::HAND_COLUMNS, c.hands)?,
        table(py, &phh::ACTION_COLUMNS, c.actions)?,
        table(py, &phh::PLAYER_COLUMNS, c.players)?,
    ))
}

/// Each history replayed and summarised, as three dicts of columns in
/// Arrow's layout: the hands, the actions and the players (see
/// `holecards.phh.to_arrow`).
#[pyfunction]
#[pyo3(signature = (histories, threads=None))]
pub fn _phh_columns<'py>(
    py: Python<'py>,
    histories: Vec<PyRef<'py, HandHistory>>,
    #[pyo3(from_py_with = crate::args::threads_arg)] threads: Option<usize>,
) -> PyResult<(Bound<'py, PyDict>, Bound<'py, PyDict>, Bound<'py, PyDict>)> {
    let hs = shared(&histories);
    let c = batch(py, threads, hs.len() < QUICK, |t, c| {
        phh::columns_each(&hs, t, c)
    })?;
    tables(py, c)
}

/// The columns of the three tables of `holecards.phh.to_arrow`: `(name,
/// Arrow type name)` pairs, hands then actions.
type Schema = Vec<(&'static str, &'static str)>;

fn schema(columns: &[(&'static str, phh::ColumnType)]) -> Schema {
    columns.iter().map(|&(n, t)| (n, t.arrow_name())).collect()
}

/// The module's PHH constants: the field names (attributes of
/// `HandHistory`), the check statuses, the export's schema.
pub fn add_constants(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("PHH_FIELDS", PyTuple::new(py, phh::ATTRIBUTES)?)?;
    m.add(
        "PHH_CHECK_STATUSES",
        PyTuple::new(py, phh::CheckStatus::ALL.map(|s| s.name()))?,
    )?;
    m.add("PHH_HAND_COLUMNS", schema(&phh::HAND_COLUMNS))?;
    m.add("PHH_ACTION_COLUMNS", schema(&phh::ACTION_COLUMNS))?;
    m.add("PHH_PLAYER_COLUMNS", schema(&phh::PLAYER_COLUMNS))?;
    m.add("PHH_MAX_BYTES", phh::toml::MAX_BYTES)?;
    m.add("SITE_NAMES", holecards_core::site::Site::NAMES.to_vec())?;
    Ok(())
}

/// A site's hand histories converted (`holecards.phh.from_site`): the site's
/// name, the converted hands as (line, history), and the problems as
/// (line, at_line, hand number, kind, why, history or None). `data` is the
/// text or its bytes (UTF-8, else Windows-1252); `site` a site's name or
/// None to detect it. The GIL is released; Ctrl-C stops it between hands.
#[pyfunction]
#[pyo3(signature = (data, source="<string>", site=None, threads=None))]
pub fn _site_convert(
    py: Python<'_>,
    data: &Bound<'_, PyAny>,
    source: &str,
    site: Option<&str>,
    #[pyo3(from_py_with = crate::args::threads_arg)] threads: Option<usize>,
) -> PyResult<SiteResult> {
    let (found, c) = convert_data(py, data, source, site, threads, false)?;
    Ok(site_result(found.map_or("", |s| s.name()), c))
}

/// A site's text converted as by `_site_convert`, and its converted hands
/// summarised as `to_arrow`'s three tables from the replays that verified
/// them (no hand replayed twice, no Python history made for one): the
/// site's name, the problems as `_site_convert` gives them, and the
/// columns as `_phh_columns` gives them (`None` where no hand converted).
#[pyfunction]
#[pyo3(signature = (data, source="<string>", site=None, threads=None))]
#[allow(clippy::type_complexity)]
pub fn _site_convert_columns<'py>(
    py: Python<'py>,
    data: &Bound<'py, PyAny>,
    source: &str,
    site: Option<&str>,
    #[pyo3(from_py_with = crate::args::threads_arg)] threads: Option<usize>,
) -> PyResult<(String, Py<PyAny>, Option<TableDicts<'py>>)> {
    let (found, mut c) = convert_data(py, data, source, site, threads, true)?;
    let rows = std::mem::take(&mut c.rows);
    let columns = if c.hands.is_empty() {
        None
    } else {
        let hands: Vec<&phh::HandHistory> = c.hands.iter().map(|(_, h)| h).collect();
        Some(tables(py, phh::columns_of(&hands, &rows).py()?)?)
    };
    c.hands = Vec::new();
    let (name, _, problems) = site_result(found.map_or("", |s| s.name()), c);
    Ok((
        name,
        problems.into_pyobject(py)?.into_any().unbind(),
        columns,
    ))
}

/// The conversion behind `_site_convert` and `_site_convert_columns`
/// (`rows`: keep each converted hand's export row).
fn convert_data(
    py: Python<'_>,
    data: &Bound<'_, PyAny>,
    source: &str,
    site: Option<&str>,
    threads: Option<usize>,
    rows: bool,
) -> PyResult<(
    Option<holecards_core::site::Site>,
    holecards_core::site::Converted,
)> {
    use holecards_core::site;
    use pyo3::pybacked::{PyBackedBytes, PyBackedStr};
    // borrowed from the Python object, not copied (it is kept alive here)
    enum Data {
        Str(PyBackedStr),
        Bytes(PyBackedBytes),
    }
    let data = if let Ok(s) = data.extract::<PyBackedStr>() {
        Data::Str(s)
    } else if let Ok(b) = data.extract::<PyBackedBytes>() {
        Data::Bytes(b)
    } else if data.is_instance_of::<pyo3::types::PyString>() {
        // (a str that cannot be UTF-8: a lone surrogate, as a file read
        // with `errors="surrogateescape"` holds)
        return Err(holecards_core::Error::history(
            source,
            "the text holds a lone surrogate, not a character: pass the file's bytes, or its path"
                .to_string(),
        ))
        .py();
    } else {
        return Err(pyo3::exceptions::PyTypeError::new_err(
            "from_site() takes a site's text as str or bytes",
        ));
    };
    let bytes: &[u8] = match &data {
        Data::Str(s) => s.as_bytes(),
        Data::Bytes(b) => b,
    };
    let site = site_named(site)?;
    if bytes.len() > site::MAX_BYTES {
        return Err(holecards_core::Error::history(
            source,
            format!(
                "{} bytes, more than {} (the reader's limit)",
                bytes.len(),
                site::MAX_BYTES
            ),
        ))
        .py();
    }
    let source_owned = source.to_string();
    let control = Control::new();
    let converted = supervise(py, None, &control, bytes.len() < 1 << 16, || {
        let text = match &data {
            // already UTF-8
            Data::Str(s) => std::borrow::Cow::Borrowed(&**s),
            Data::Bytes(_) => site::decode(bytes),
        };
        let found = site.or_else(|| site::detect(&text));
        let c = holecards_core::threads::install(threads, || {
            if rows {
                site::convert_with_rows(&text, &source_owned, found, Some(&control.cancel))
            } else {
                site::convert(&text, &source_owned, found, Some(&control.cancel))
            }
        })??;
        Ok((found, c))
    })?;
    Ok(converted)
}

/// A conversion as `_site_convert` gives it: the site's name, the hands as
/// (line, history), the problems as (line, at_line, hand number, kind,
/// why, history or None).
type SiteResult = (
    String,
    Vec<(usize, HandHistory)>,
    Vec<(
        usize,
        Option<usize>,
        Option<String>,
        &'static str,
        String,
        Option<HandHistory>,
    )>,
);

/// The site a name gives (`None` for none).
fn site_named(site: Option<&str>) -> PyResult<Option<holecards_core::site::Site>> {
    use holecards_core::site::Site;
    site.map(|name| {
        Site::ALL
            .into_iter()
            .find(|s| s.name() == name)
            .ok_or_else(|| {
                holecards_core::Error::bad_config(format!(
                    "unknown site '{name}' (known: {})",
                    Site::NAMES.join(", ")
                ))
            })
            .py()
    })
    .transpose()
}

fn site_result(name: &str, c: holecards_core::site::Converted) -> SiteResult {
    let hands = c
        .hands
        .into_iter()
        .map(|(l, h)| (l, HandHistory(Arc::new(h))))
        .collect();
    let problems = c
        .problems
        .into_iter()
        .map(|p| {
            (
                p.line,
                p.at_line,
                p.hand,
                p.kind.name(),
                p.why,
                p.history.map(|h| HandHistory(Arc::new(*h))),
            )
        })
        .collect();
    (name.to_string(), hands, problems)
}

/// Each site file converted (`holecards.phh.from_site_each`), on `threads`
/// cores, in order: a conversion as `_site_convert` gives it, or the error
/// for that file (an exception object). The GIL is released; Ctrl-C stops
/// it.
#[pyfunction]
#[pyo3(signature = (paths, site=None, threads=None))]
pub fn _site_convert_files(
    py: Python<'_>,
    paths: Vec<PathBuf>,
    site: Option<&str>,
    #[pyo3(from_py_with = crate::args::threads_arg)] threads: Option<usize>,
) -> PyResult<Vec<Py<PyAny>>> {
    let site = site_named(site)?;
    let control = Control::new();
    let all = supervise(py, None, &control, false, || {
        holecards_core::site::convert_files(&paths, site, threads, Some(&control.cancel))
    })?;
    all.into_iter()
        .map(|r| match r {
            Ok((found, c)) => Ok(site_result(found.name(), c)
                .into_pyobject(py)?
                .into_any()
                .unbind()),
            Err(e) => Ok(crate::errors::to_py(e).into_value(py).into_any()),
        })
        .collect()
}

/// Site files converted and summarised as `to_arrow`'s three tables in one
/// call (what `write_dataset` writes), with no Python `HandHistory` made for
/// a hand that converts: for each file, in order, (the site's name, its
/// problems as `_site_convert` gives them) or the error for that file; and
/// the columns of every converted hand, files in order (as `_phh_columns`
/// would give for the same histories), or `None` where no hand converted.
/// The GIL is released; Ctrl-C stops it.
#[pyfunction]
#[pyo3(signature = (paths, site=None, threads=None))]
#[allow(clippy::type_complexity)]
pub fn _site_columns<'py>(
    py: Python<'py>,
    paths: Vec<PathBuf>,
    site: Option<&str>,
    #[pyo3(from_py_with = crate::args::threads_arg)] threads: Option<usize>,
) -> PyResult<(Vec<Py<PyAny>>, Option<TableDicts<'py>>)> {
    let site = site_named(site)?;
    let control = Control::new();
    let (all, columns) = supervise(py, None, &control, false, || {
        // each hand's row from the replay that verified it: no hand is
        // replayed twice
        let mut all = holecards_core::site::convert_files_with_rows(
            &paths,
            site,
            threads,
            Some(&control.cancel),
        )?;
        let columns = holecards_core::site::columns_of_files(&mut all, threads)?;
        Ok((all, columns))
    })?;
    let files = all
        .into_iter()
        .map(|r| match r {
            Ok((found, mut c)) => {
                c.hands = Vec::new();
                let (name, _, problems) = site_result(found.name(), c);
                Ok((name, problems).into_pyobject(py)?.into_any().unbind())
            }
            Err(e) => Ok(crate::errors::to_py(e).into_value(py).into_any()),
        })
        .collect::<PyResult<Vec<_>>>()?;
    Ok((files, columns.map(|c| tables(py, c)).transpose()?))
}

/// Tracker statistics of histories (`holecards.stats`): (players, by
/// position, hands counted, hands skipped, why some were skipped, the one
/// player's per-hand series), each player's counts a dict. The GIL is
/// released; the hands are counted on all cores.
#[pyfunction]
#[pyo3(signature = (histories, player=None))]
#[allow(clippy::type_complexity)]
pub fn _stats<'py>(
    py: Python<'py>,
    histories: Vec<PyRef<'py, HandHistory>>,
    player: Option<String>,
) -> PyResult<(
    Bound<'py, PyDict>,
    Bound<'py, PyDict>,
    u64,
    u64,
    Vec<String>,
    Vec<(f64, f64)>,
)> {
    use holecards_core::stats;
    let hs = shared(&histories);
    let control = Control::new();
    let s = supervise(py, None, &control, hs.len() < 2_000, || {
        let refs: Vec<&phh::HandHistory> = hs.iter().map(|h| h.as_ref()).collect();
        stats::stats(&refs, player.as_deref(), Some(&control.cancel))
    })?;
    let counts = |c: &stats::Counts| -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (k, v) in [
            ("hands", c.hands),
            ("vpip", c.vpip),
            ("pfr", c.pfr),
            ("three_bet_chances", c.three_bet_chances),
            ("three_bets", c.three_bets),
            ("fold_to_three_bet_chances", c.fold_to_three_bet_chances),
            ("folds_to_three_bet", c.folds_to_three_bet),
            ("cbet_chances", c.cbet_chances),
            ("cbets", c.cbets),
            ("fold_to_cbet_chances", c.fold_to_cbet_chances),
            ("folds_to_cbet", c.folds_to_cbet),
            ("postflop_aggressive", c.postflop_aggressive),
            ("postflop_calls", c.postflop_calls),
            ("saw_flop", c.saw_flop),
            ("went_to_showdown", c.went_to_showdown),
            ("showdowns_with_result", c.showdowns_with_result),
            ("won_at_showdown", c.won_at_showdown),
            ("hands_with_result", c.hands_with_result),
            ("allin_adjusted_hands", c.allin_adjusted_hands),
        ] {
            d.set_item(k, v)?;
        }
        d.set_item("winnings", c.winnings.to_string())?;
        d.set_item("big_blinds", c.big_blinds)?;
        d.set_item("allin_adjusted", c.allin_adjusted)?;
        d.set_item("allin_adjusted_big_blinds", c.allin_adjusted_big_blinds)?;
        Ok(d)
    };
    let players = PyDict::new(py);
    for (name, c) in &s.players {
        players.set_item(name, counts(c)?)?;
    }
    let by_position = PyDict::new(py);
    for ((name, pos), c) in &s.by_position {
        by_position.set_item((name, *pos), counts(c)?)?;
    }
    Ok((
        players,
        by_position,
        s.hands,
        s.skipped,
        s.skipped_why,
        s.series,
    ))
}
