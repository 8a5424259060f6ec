//! Data validation API (`/v1/dev/validate`): HTTP glue from the wire types to the pure
//! validators, one engine module per utility.

pub mod creditcard;
pub mod crypto;
pub mod date;
pub mod email;
pub mod iban;
pub mod password;
pub mod phone;
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
/// `POST /v1/dev/validate/phone/validate`.
pub fn validate_phone(
    body: &types::PhoneValidateRequest,
) -> Result<types::PhoneValidationResult, ApiError> {
    let check = phone::check(
        &body.number,
        body.default_region.as_deref().map(String::as_str),
    );
    let formats = check.formats;
    Ok(types::PhoneValidationResult {
        valid: check.valid,
        possible: check.possible,
        reason: check.reason.map(phone_reason),
        e164: formats.as_ref().map(|f| f.e164.clone()),
        international: formats.as_ref().map(|f| f.international.clone()),
        national: formats.as_ref().map(|f| f.national.clone()),
        rfc3966: formats.map(|f| f.rfc3966),
        country_code: check
            .country_code
            .and_then(|c| std::num::NonZeroU32::new(u32::from(c))),
        region: check.region,
        line_type: line_type(check.line_type),
        metadata_version: phone::METADATA_VERSION.to_owned(),
    })
}

fn phone_reason(reason: phone::Reason) -> types::PhoneValidationReason {
    use phone::Reason as R;
    use types::PhoneValidationReason as W;
    match reason {
        R::NotANumber => W::NotANumber,
        R::InvalidCountryCode => W::InvalidCountryCode,
        R::TooShort => W::TooShort,
        R::TooLong => W::TooLong,
        R::InvalidLength => W::InvalidLength,
        R::InvalidForRegion => W::InvalidForRegion,
    }
}

fn line_type(kind: phone::LineType) -> types::PhoneLineType {
    use phone::LineType as L;
    use types::PhoneLineType as W;
    match kind {
        L::FixedLine => W::FixedLine,
        L::Mobile => W::Mobile,
        L::FixedLineOrMobile => W::FixedLineOrMobile,
        L::TollFree => W::TollFree,
        L::PremiumRate => W::PremiumRate,
        L::SharedCost => W::SharedCost,
        L::Voip => W::Voip,
        L::PersonalNumber => W::PersonalNumber,
        L::Pager => W::Pager,
        L::Uan => W::Uan,
        L::Voicemail => W::Voicemail,
        L::Unknown => W::Unknown,
    }
}

/// `POST /v1/dev/validate/email/validate`: DNS through `dns`.
pub async fn validate_email(
    body: &types::EmailValidateRequest,
    dns: &dyn email::Dns,
) -> Result<types::EmailValidationResult, ApiError> {
    let check = email::check(&body.email, dns, email::DNS_DEADLINE).await;
    Ok(types::EmailValidationResult {
        valid: check.valid,
        format: if check.format_valid {
            types::EmailFormat::Valid
        } else {
            types::EmailFormat::Invalid
        },
        domain: check.domain,
        disposable: check.disposable,
        mx_records: check.mx_records,
        normalized: check.normalized,
        local_part: check.local_part,
        role: check.role,
        did_you_mean: check.did_you_mean,
        deliverability: match check.deliverability {
            email::Deliverability::Deliverable => types::Deliverability::Deliverable,
            email::Deliverability::Undeliverable => types::Deliverability::Undeliverable,
            email::Deliverability::Unknown => types::Deliverability::Unknown,
        },
        reason: check.reason,
    })
}

/// `POST /v1/dev/validate/password/analyze`. The password is never logged or echoed.
pub fn validate_password(
    body: &types::PasswordAnalyzeRequest,
) -> Result<types::PasswordAnalysisResult, ApiError> {
    // typify does not enforce `maxItems`.
    const MAX_USER_INPUTS: usize = 20;
    if body.user_inputs.len() > MAX_USER_INPUTS {
        return Err(ApiError::InvalidInput(format!(
            "field `user_inputs`: at most {MAX_USER_INPUTS} items, not {}",
            body.user_inputs.len()
        )));
    }
    let inputs: Vec<&str> = body.user_inputs.iter().map(|s| s.as_str()).collect();
    let a = password::analyze(&body.password, &inputs);
    let crack = |t: &password::CrackTime| types::CrackTime {
        seconds: t.seconds,
        display: t.display.clone(),
    };
    let sequence = a
        .sequence
        .iter()
        .map(|p| {
            Ok(types::PasswordPattern {
                pattern: wire_enum(p.pattern)?,
                start: p.start as u64,
                end: p.end as u64,
                guesses_log10: p.guesses_log10,
                dictionary: p.dictionary.map(str::to_owned),
            })
        })
        .collect::<Result<Vec<_>, ApiError>>()?;
    Ok(types::PasswordAnalysisResult {
        score: i32::from(a.score),
        guesses_log10: a.guesses_log10,
        entropy_bits: a.entropy_bits,
        crack_times: types::CrackTimes {
            online_throttled: crack(&a.crack_times.online_throttled),
            online_unthrottled: crack(&a.crack_times.online_unthrottled),
            offline_slow: crack(&a.crack_times.offline_slow),
            offline_fast: crack(&a.crack_times.offline_fast),
        },
        length: a.length,
        character_classes: types::CharacterClasses {
            lowercase: a.classes.lowercase,
            uppercase: a.classes.uppercase,
            digits: a.classes.digits,
            symbols: a.classes.symbols,
            other: a.classes.other,
        },
        feedback: types::PasswordFeedback {
            warning: a.warning,
            suggestions: a.suggestions,
        },
        sequence,
    })
}

/// `POST /v1/dev/validate/crypto/validate`.
pub fn validate_crypto(
    body: &types::CryptoValidateRequest,
) -> Result<types::CryptoValidationResult, ApiError> {
    let coin = match &body.coin {
        Some(coin) => {
            let code = coin.to_string();
            Some(crypto::Coin::from_code(&code).ok_or_else(|| {
                ApiError::internal(format!("coin {code} of the contract is not supported"))
            })?)
        }
        None => None,
    };
    let check = crypto::check(&body.address, coin);
    Ok(types::CryptoValidationResult {
        valid: check.valid,
        coin: check.coin.map(|c| wire_enum(c.code())).transpose()?,
        network: check.network.map(|n| wire_enum(n.code())).transpose()?,
        address_type: check.address_type.map(str::to_owned),
        encoding: check.encoding.map(|e| wire_enum(e.code())).transpose()?,
        checksum_valid: check.checksum_valid,
        normalized: check.normalized,
        error: check.error,
    })
}

/// `POST /v1/dev/validate/date/convert`. Every well-formed request is answered; what cannot
/// be read or converted is `valid: false` with the reason.
pub fn validate_date(
    body: &types::DateConvertRequest,
) -> Result<types::DateConversionResult, ApiError> {
    let answer = date::convert(&date::Request {
        date: &body.date,
        input_format: body.input_format.as_deref().map(String::as_str),
        day_first: body.day_first,
        output_format: body.output_format.as_deref().map(String::as_str),
        timezone: body.timezone.as_deref().map(String::as_str),
    });
    let nonzero = |n: Option<u32>| n.and_then(std::num::NonZeroU32::new);
    let int = |n: Option<u32>| n.and_then(|n| i32::try_from(n).ok());
    Ok(types::DateConversionResult {
        valid: answer.valid,
        error: answer.error,
        iso8601: answer.iso8601,
        year: answer.year,
        month: nonzero(answer.month),
        day: nonzero(answer.day),
        hour: int(answer.hour),
        minute: int(answer.minute),
        second: int(answer.second),
        nanosecond: int(answer.nanosecond),
        weekday: answer.weekday.map(wire_enum).transpose()?,
        utc_offset: answer.utc_offset,
        timezone: answer.timezone,
        unix_seconds: answer.unix_seconds,
        detected_format: answer.detected_format,
        language: answer.language.map(|l| wire_enum(l.code())).transpose()?,
        ambiguous: answer.ambiguous,
        alternatives: answer.alternatives,
        converted: answer.converted,
    })
}
