//! Data validation API (`/v1/dev/validate`): HTTP glue from the wire types to the pure
//! validators, one engine module per utility.

pub mod creditcard;
pub mod iban;
pub mod postalcode;
pub mod vat;

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

/// A contract enum from its wire name (the engines name their outcomes as the contract does).
fn wire_enum<T: serde::de::DeserializeOwned>(name: &str) -> Result<T, ApiError> {
    serde_json::from_value(serde_json::Value::String(name.to_owned()))
        .map_err(|e| ApiError::internal(format!("{name} is not in the contract: {e}")))
}

/// `POST /v1/dev/validate/iban/validate`.
pub fn validate_iban(
    body: &types::IbanValidateRequest,
) -> Result<types::IbanValidationResult, ApiError> {
    let check = iban::check(&body.iban);
    Ok(types::IbanValidationResult {
        valid: check.valid,
        electronic: check.electronic,
        print: check.print,
        country: check.country,
        check_digits: check.check_digits,
        bban: check.bban,
        bank_code: check.bank_code,
        branch_code: check.branch_code,
        error: check.error.map(|e| wire_enum(e.code())).transpose()?,
        reason: check.reason,
    })
}

/// `POST /v1/dev/validate/vat/validate`. Offline: VIES is never asked.
pub fn validate_vat(
    body: &types::VatValidateRequest,
) -> Result<types::VatValidationResult, ApiError> {
    let check = vat::check(
        &body.vat_number,
        body.country.as_deref().map(String::as_str),
    );
    Ok(types::VatValidationResult {
        valid: check.valid,
        country: check.country,
        normalized: check.normalized,
        format_valid: check.format_valid,
        checksum_valid: check.checksum_valid,
        vies_checked: false,
        error_code: check.error.map(|e| wire_enum(e.code())).transpose()?,
        error: check.reason,
    })
}

/// `POST /v1/dev/validate/postalcode/validate`.
pub fn validate_postalcode(
    body: &types::PostalCodeValidateRequest,
) -> Result<types::PostalCodeValidationResult, ApiError> {
    let check = postalcode::check(
        &body.postal_code,
        &body.country,
        body.subdivision.as_deref().map(String::as_str),
    )
    .map_err(|e| ApiError::InvalidInput(format!("field `country`: {e}")))?;
    Ok(types::PostalCodeValidationResult {
        valid: check.valid,
        normalized: check.normalized,
        country: check.country,
        pattern: check.pattern,
        example: check.example,
        has_postal_codes: check.has_postal_codes,
        subdivision: check.subdivision,
        subdivision_match: check.subdivision_match,
        error: check.error,
    })
}
