//! Data validation API (`/v1/dev/validate`): HTTP glue from the wire types to the pure
//! validators, one engine module per utility.

pub mod creditcard;

use crate::generated::types;
use crate::platform::ApiError;

/// `POST /v1/dev/validate/creditcard/validate`.
pub fn validate_creditcard(
    body: &types::CreditCardValidateRequest,
) -> Result<types::CreditCardValidationResult, ApiError> {
    let check = creditcard::check(&body.number)
        .map_err(|e| ApiError::InvalidInput(format!("field `number`: {e}")))?;
    let brand = serde_json::from_value(serde_json::Value::String(check.brand.name().to_owned()))
        .map_err(|e| {
            ApiError::internal(format!(
                "card brand {} is not in the contract: {e}",
                check.brand.name()
            ))
        })?;
    Ok(types::CreditCardValidationResult {
        valid: check.valid,
        luhn_valid: check.luhn_valid,
        length_valid: check.length_valid,
        brand,
        iin: (!check.iin.is_empty()).then_some(check.iin),
        formatted_masked: Some(check.formatted_masked),
        masked: Some(check.masked),
        last4: Some(check.last4),
        length: check.length as u64,
        error: check.error,
    })
}
