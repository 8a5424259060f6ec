//! The contract's bounds that the generated types do not enforce themselves (`minItems`,
//! `maxItems`, numeric `minimum`/`maximum`), checked on a parsed request before any work.
//! Codegen emits one `impl Bounded` per request schema that has such a bound; these are the
//! checks it calls, each a 400 naming the field and the bound.

use std::num::{NonZeroU32, NonZeroU64};

use super::error::ApiError;

/// A request type whose contract has bounds; `at` is the path of the value (`entities[3].`).
pub trait Bounded {
    fn check_bounds(&self, at: &str) -> Result<(), ApiError>;
}

/// An array of `len` items within `[min, max]`.
pub fn items(
    len: usize,
    min: Option<u64>,
    max: Option<u64>,
    at: &str,
    field: &str,
) -> Result<(), ApiError> {
    let len64 = len as u64;
    if let Some(max) = max.filter(|max| len64 > *max) {
        return Err(ApiError::InvalidInput(format!(
            "field `{at}{field}`: at most {max} items, not {len}"
        )));
    }
    if let Some(min) = min.filter(|min| len64 < *min) {
        return Err(ApiError::InvalidInput(format!(
            "field `{at}{field}`: at least {min} items, not {len}"
        )));
    }
    Ok(())
}

/// A number within `[min, max]`.
pub fn number(
    value: &impl AsNumber,
    min: Option<f64>,
    max: Option<f64>,
    at: &str,
    field: &str,
) -> Result<(), ApiError> {
    let value = value.as_number();
    let below = min.is_some_and(|min| value < min);
    let above = max.is_some_and(|max| value > max);
    if !(below || above || value.is_nan()) {
        return Ok(());
    }
    let range = match (min, max) {
        (Some(min), Some(max)) => format!("must be between {min} and {max}"),
        (Some(min), None) => format!("must be at least {min}"),
        (None, Some(max)) => format!("must be at most {max}"),
        (None, None) => "must be a number".to_owned(),
    };
    Err(ApiError::InvalidInput(format!(
        "field `{at}{field}`: {range}, not {value}"
    )))
}

/// The numeric types the generated fields use, seen as `f64` for comparison with the
/// contract's bounds (exact for every value a request can carry: `i32`, `u32`, and `f64`).
pub trait AsNumber {
    fn as_number(&self) -> f64;
}

macro_rules! as_number {
    ($($t:ty => |$v:ident| $e:expr),* $(,)?) => {
        $(impl AsNumber for $t {
            fn as_number(&self) -> f64 {
                let $v = *self;
                $e
            }
        })*
    };
}

as_number! {
    i32 => |v| f64::from(v),
    u32 => |v| f64::from(v),
    i64 => |v| v as f64,
    u64 => |v| v as f64,
    f32 => |v| f64::from(v),
    f64 => |v| v,
    NonZeroU32 => |v| f64::from(v.get()),
    NonZeroU64 => |v| v.get() as f64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrays_name_the_field_and_the_bound() {
        assert!(items(20, None, Some(20), "", "aliases").is_ok());
        let refused = items(21, None, Some(20), "", "aliases").unwrap_err();
        assert_eq!(
            refused.message(),
            "field `aliases`: at most 20 items, not 21"
        );
        let refused = items(0, Some(1), None, "items[2].", "cookies").unwrap_err();
        assert_eq!(
            refused.message(),
            "field `items[2].cookies`: at least 1 items, not 0"
        );
    }

    #[test]
    fn numbers_name_the_field_and_the_range() {
        assert!(number(&1.0_f64, Some(0.0), Some(1.0), "", "threshold").is_ok());
        let refused =
            number(&1.5_f64, Some(0.0), Some(1.0), "entities[0].", "threshold").unwrap_err();
        assert_eq!(
            refused.message(),
            "field `entities[0].threshold`: must be between 0 and 1, not 1.5"
        );
        let refused = number(&99_i32, Some(100.0), None, "", "width").unwrap_err();
        assert_eq!(
            refused.message(),
            "field `width`: must be at least 100, not 99"
        );
        assert!(number(&NonZeroU32::MIN, Some(1.0), Some(100.0), "", "quality").is_ok());
    }
}
