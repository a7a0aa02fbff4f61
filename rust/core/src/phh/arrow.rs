//! The columnar export's columns in Arrow's memory layout: each column's
//! buffers (validity bitmap, offsets, values) built here, so that a caller
//! wraps them as Arrow arrays without touching a value (pyarrow's
//! `Array.from_buffers`). Little-endian, as Arrow's IPC and every common
//! machine are; no Arrow library is needed to build them.
use super::load::Column;
use crate::error::{Error, Result};

/// One column as Arrow buffers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArrowColumn {
    /// Number of values.
    pub len: usize,
    pub null_count: usize,
    /// The validity bitmap (bit `i` of byte `i / 8` set when value `i` is
    /// there, least significant bit first); `None` when nothing is null.
    pub validity: Option<Vec<u8>>,
    /// The buffers after the validity bitmap, as Arrow's layout for the
    /// column's type lists them: `int64` and `decimal128` one (the values,
    /// 8 or 16 bytes each), `bool` one (a bitmap), `large_string` two
    /// (64-bit offsets, then the UTF-8 bytes), `large_list<int64>` one (64-bit
    /// offsets into [`ArrowColumn::child`]).
    pub buffers: Vec<Vec<u8>>,
    /// A list column's values (`int64`, no nulls).
    pub child: Option<Box<ArrowColumn>>,
}

/// A bitmap of `bits`, least significant bit first.
fn bitmap(bits: impl ExactSizeIterator<Item = bool>) -> Vec<u8> {
    let mut out = vec![0u8; bits.len().div_ceil(8)];
    for (i, b) in bits.enumerate() {
        out[i / 8] |= u8::from(b) << (i % 8);
    }
    out
}

/// The validity bitmap and null count of values that may be missing.
fn validity<T>(v: &[Option<T>]) -> (Option<Vec<u8>>, usize) {
    let nulls = v.iter().filter(|x| x.is_none()).count();
    if nulls == 0 {
        (None, 0)
    } else {
        (Some(bitmap(v.iter().map(Option::is_some))), nulls)
    }
}

/// A whole number as Arrow's `int64`, refused above its range.
fn int64(x: u64) -> Result<[u8; 8]> {
    i64::try_from(x).map(i64::to_le_bytes).map_err(|_| {
        Error::bad_config(format!(
            "{x} is above the largest int64 of the columnar export"
        ))
    })
}

fn offset(x: usize) -> [u8; 8] {
    // (a length in memory: below i64::MAX on every machine Rust supports)
    (x as i64).to_le_bytes()
}

/// Whole numbers as `int64` values (a null's slot holds 0).
fn int64s(values: impl ExactSizeIterator<Item = u64>) -> Result<Vec<u8>> {
    let mut data = Vec::with_capacity(8 * values.len());
    for x in values {
        data.extend_from_slice(&int64(x)?);
    }
    Ok(data)
}

impl Column {
    /// This column as Arrow buffers of its type
    /// ([`super::load::ColumnType::arrow_name`]); an error for a whole
    /// number above `i64::MAX` (no silent wrap).
    pub fn to_arrow(&self) -> Result<ArrowColumn> {
        Ok(match self {
            Column::Int(v) => {
                let (validity, null_count) = validity(v);
                ArrowColumn {
                    len: v.len(),
                    null_count,
                    validity,
                    buffers: vec![int64s(v.iter().map(|x| x.unwrap_or(0)))?],
                    child: None,
                }
            }
            Column::Bool(v) => ArrowColumn {
                len: v.len(),
                null_count: 0,
                validity: None,
                buffers: vec![bitmap(v.iter().copied())],
                child: None,
            },
            Column::Text(v) => {
                let (validity, null_count) = validity(v);
                let bytes: usize = v.iter().flatten().map(|s| s.len()).sum();
                let mut offsets = Vec::with_capacity(8 * (v.len() + 1));
                let mut data = Vec::with_capacity(bytes);
                offsets.extend_from_slice(&offset(0));
                for s in v {
                    if let Some(s) = s {
                        data.extend_from_slice(s.as_bytes());
                    }
                    offsets.extend_from_slice(&offset(data.len()));
                }
                ArrowColumn {
                    len: v.len(),
                    null_count,
                    validity,
                    buffers: vec![offsets, data],
                    child: None,
                }
            }
            Column::IntList(v) => {
                let (validity, null_count) = validity(v);
                let mut offsets = Vec::with_capacity(8 * (v.len() + 1));
                let mut values: Vec<u64> = Vec::new();
                offsets.extend_from_slice(&offset(0));
                for l in v {
                    if let Some(l) = l {
                        values.extend_from_slice(l);
                    }
                    offsets.extend_from_slice(&offset(values.len()));
                }
                ArrowColumn {
                    len: v.len(),
                    null_count,
                    validity,
                    buffers: vec![offsets],
                    child: Some(Box::new(ArrowColumn {
                        len: values.len(),
                        null_count: 0,
                        validity: None,
                        buffers: vec![int64s(values.into_iter())?],
                        child: None,
                    })),
                }
            }
            Column::Unit(v) => {
                let mut data = Vec::with_capacity(16 * v.len());
                for d in v {
                    // decimal128(31, 30): the value times 10^30; a unit is
                    // 10^-places with places at most 30 (MAX_PLACES)
                    let scaled = 30u32
                        .checked_sub(d.scale)
                        .and_then(|k| 10i128.checked_pow(k))
                        .and_then(|p| d.mantissa.checked_mul(p))
                        .ok_or_else(|| {
                            Error::bad_config(format!(
                                "the unit {d} does not fit decimal128(31, 30)"
                            ))
                        })?;
                    data.extend_from_slice(&scaled.to_le_bytes());
                }
                ArrowColumn {
                    len: v.len(),
                    null_count: 0,
                    validity: None,
                    buffers: vec![data],
                    child: None,
                }
            }
        })
    }
}
