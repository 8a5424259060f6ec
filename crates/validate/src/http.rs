//! The HTTP glue of the data validation API, its implementation of the generated
//! `ValidateBackend`, whose methods call one public function per validator (pure functions of
//! the request, which the in-process throughput bench calls directly): each takes the
//! contract's request type, calls its engine, and maps the engine's answer back to the
//! contract's result type. Every engine enum maps to its contract enum through an exhaustive
//! `From` (`wire_enum!`), so a change on either side is a compile error.

use std::num::NonZeroU32;

use super::{
    Validate, creditcard, crypto, date, email, iban, iban_national, password, phone, postalcode,
    vat,
};
use suite_platform::generated::api::ValidateBackend;
use suite_platform::generated::types;
use suite_platform::{ApiError, Caller, Platform};

impl ValidateBackend for Validate {
    async fn validate_creditcard(
        &self,
        _platform: &Platform,
        _caller: &Caller,
        body: types::CreditCardValidateRequest,
    ) -> Result<types::CreditCardValidationResult, ApiError> {
        creditcard(&body)
    }

    async fn validate_iban(
        &self,
        _platform: &Platform,
        _caller: &Caller,
        body: types::IbanValidateRequest,
    ) -> Result<types::IbanValidationResult, ApiError> {
        iban(&body)
    }

    async fn validate_vat(
        &self,
        _platform: &Platform,
        _caller: &Caller,
        body: types::VatValidateRequest,
    ) -> Result<types::VatValidationResult, ApiError> {
        vat(&body)
    }

    async fn validate_postalcode(
        &self,
        _platform: &Platform,
        _caller: &Caller,
        body: types::PostalCodeValidateRequest,
    ) -> Result<types::PostalCodeValidationResult, ApiError> {
        postalcode(&body)
    }

    async fn validate_phone(
        &self,
        _platform: &Platform,
        _caller: &Caller,
        body: types::PhoneValidateRequest,
    ) -> Result<types::PhoneValidationResult, ApiError> {
        phone(&body)
    }

    /// `POST /v1/dev/validate/email/validate`: DNS through the API's cached resolver.
    async fn validate_email(
        &self,
        _platform: &Platform,
        _caller: &Caller,
        body: types::EmailValidateRequest,
    ) -> Result<types::EmailValidationResult, ApiError> {
        let check = email::check(&body.email, &self.dns, email::DNS_DEADLINE).await;
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
            deliverability: check.deliverability.into(),
            reason: check.reason,
        })
    }

    async fn validate_password(
        &self,
        _platform: &Platform,
        _caller: &Caller,
        body: types::PasswordAnalyzeRequest,
    ) -> Result<types::PasswordAnalysisResult, ApiError> {
        password(&body)
    }

    async fn validate_crypto(
        &self,
        _platform: &Platform,
        _caller: &Caller,
        body: types::CryptoValidateRequest,
    ) -> Result<types::CryptoValidationResult, ApiError> {
        crypto(&body)
    }

    async fn validate_date(
        &self,
        _platform: &Platform,
        _caller: &Caller,
        body: types::DateConvertRequest,
    ) -> Result<types::DateConversionResult, ApiError> {
        date(&body)
    }
}

/// `POST /v1/dev/validate/creditcard/validate`.
pub fn creditcard(
    body: &types::CreditCardValidateRequest,
) -> Result<types::CreditCardValidationResult, ApiError> {
    let check = creditcard::check(&body.number)
        .map_err(|e| ApiError::InvalidInput(format!("field `number`: {e}")))?;
    Ok(types::CreditCardValidationResult {
        valid: check.valid,
        luhn_valid: check.luhn_valid,
        length_valid: check.length_valid,
        brand: card_brand(check.brand),
        iin: (!check.iin.is_empty()).then_some(check.iin),
        formatted_masked: Some(check.formatted_masked),
        masked: Some(check.masked),
        last4: Some(check.last4),
        length: check.length as u64,
        error: check.error,
    })
}

/// `POST /v1/dev/validate/iban/validate`.
pub fn iban(body: &types::IbanValidateRequest) -> Result<types::IbanValidationResult, ApiError> {
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
        national_check: check.national_check.map(national_check),
        error: check.error.map(iban_error),
        reason: check.reason,
    })
}

/// `POST /v1/dev/validate/vat/validate`. Offline: VIES is never asked.
pub fn vat(body: &types::VatValidateRequest) -> Result<types::VatValidationResult, ApiError> {
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
        error_code: check.error.map(Into::into),
        error: check.reason,
    })
}

/// `POST /v1/dev/validate/postalcode/validate`.
pub fn postalcode(
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
pub fn phone(body: &types::PhoneValidateRequest) -> Result<types::PhoneValidationResult, ApiError> {
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
            .and_then(|c| NonZeroU32::new(u32::from(c))),
        region: check.region,
        line_type: line_type(check.line_type),
        metadata_version: phone::METADATA_VERSION.to_owned(),
    })
}

/// `POST /v1/dev/validate/password/analyze`. The password is never logged or echoed.
pub fn password(
    body: &types::PasswordAnalyzeRequest,
) -> Result<types::PasswordAnalysisResult, ApiError> {
    let inputs: Vec<&str> = body.user_inputs.iter().map(|s| s.as_str()).collect();
    let a = password::analyze(&body.password, &inputs);
    let crack = |t: &password::CrackTime| types::CrackTime {
        seconds: t.seconds,
        display: t.display.clone(),
    };
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
        sequence: a
            .sequence
            .iter()
            .map(|p| types::PasswordPattern {
                pattern: p.pattern.into(),
                start: p.start as u64,
                end: p.end as u64,
                guesses_log10: p.guesses_log10,
                dictionary: p.dictionary.map(str::to_owned),
            })
            .collect(),
    })
}

/// `POST /v1/dev/validate/crypto/validate`.
pub fn crypto(
    body: &types::CryptoValidateRequest,
) -> Result<types::CryptoValidationResult, ApiError> {
    let check = crypto::check(&body.address, body.coin.map(Into::into));
    Ok(types::CryptoValidationResult {
        valid: check.valid,
        coin: check.coin.map(Into::into),
        network: check.network.map(Into::into),
        address_type: check.address_type.map(str::to_owned),
        encoding: check.encoding.map(Into::into),
        checksum_valid: check.checksum_valid,
        normalized: check.normalized,
        error: check.error,
    })
}

/// `POST /v1/dev/validate/date/convert`. Every well-formed request is answered; what
/// cannot be read or converted is `valid: false` with the reason.
pub fn date(body: &types::DateConvertRequest) -> Result<types::DateConversionResult, ApiError> {
    let answer = date::convert(&date::Request {
        date: &body.date,
        input_format: body.input_format.as_deref().map(String::as_str),
        day_first: body.day_first,
        output_format: body.output_format.as_deref().map(String::as_str),
        timezone: body.timezone.as_deref().map(String::as_str),
    });
    let nonzero = |n: Option<u32>| n.and_then(NonZeroU32::new);
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
        weekday: answer.weekday.map(weekday),
        utc_offset: answer.utc_offset,
        timezone: answer.timezone,
        unix_seconds: answer.unix_seconds,
        detected_format: answer.detected_format,
        language: answer.language.map(date_language),
        ambiguous: answer.ambiguous,
        alternatives: answer.alternatives,
        converted: answer.converted,
    })
}

/// `From` between an engine enum and its contract enum, as an exhaustive `match` over the
/// variants listed (the same name on both sides unless given as `engine => contract`): a
/// variant added on either side and not listed is a compile error. `both` writes both ways;
/// `fn name` writes a function instead, for the engines crate's enums (`From` cannot be
/// implemented between two foreign types).
macro_rules! wire_enum {
    (@to $a:ident) => { Self::$a };
    (@to $a:ident $b:ident) => { Self::$b };
    (@fn_to $to:ty, $a:ident) => { <$to>::$a };
    (@fn_to $to:ty, $a:ident $b:ident) => { <$to>::$b };
    (fn $name:ident: $from:ty => $to:ty { $($a:ident $(=> $b:ident)?),+ $(,)? }) => {
        fn $name(value: $from) -> $to {
            type Source = $from;
            match value {
                $(Source::$a => wire_enum!(@fn_to $to, $a $($b)?),)+
            }
        }
    };
    (both $a:ty, $b:ty { $($v:ident),+ $(,)? }) => {
        wire_enum!($a => $b { $($v),+ });
        wire_enum!($b => $a { $($v),+ });
    };
    ($from:ty => $to:ty { $($a:ident $(=> $b:ident)?),+ $(,)? }) => {
        impl From<$from> for $to {
            fn from(value: $from) -> Self {
                type Source = $from;
                match value {
                    $(Source::$a => wire_enum!(@to $a $($b)?),)+
                }
            }
        }
    };
}

wire_enum!(fn card_brand: creditcard::Brand => types::CardBrand {
    Visa, Mastercard, Amex, Discover, Jcb, Diners, Unionpay, Maestro, Mir, Elo, Hipercard,
    Rupay, Unknown,
});
wire_enum!(fn iban_error: iban::IbanError => types::IbanError {
    InvalidCharacters, UnknownCountry, InvalidLength, InvalidChecksum, InvalidBbanFormat,
    InvalidNationalCheck,
});
wire_enum!(fn national_check: iban_national::NationalCheck => types::IbanNationalCheck {
    Passed, Failed, NotDefined,
});
wire_enum!(vat::VatError => types::VatError {
    UnknownCountry, CountryMismatch, InvalidFormat, InvalidLength, InvalidComponent,
    InvalidChecksum,
});
wire_enum!(fn phone_reason: phone::Reason => types::PhoneValidationReason {
    NotANumber, InvalidCountryCode, TooShort, TooLong, InvalidLength, InvalidForRegion,
});
wire_enum!(fn line_type: phone::LineType => types::PhoneLineType {
    FixedLine, Mobile, FixedLineOrMobile, TollFree, PremiumRate, SharedCost, Voip,
    PersonalNumber, Pager, Uan, Voicemail, Unknown,
});
wire_enum!(email::Deliverability => types::Deliverability {
    Deliverable, Undeliverable, Unknown,
});
wire_enum!(password::Pattern => types::PasswordPatternPattern {
    Dictionary, Spatial, Repeat, Sequence, Regex, Date, Bruteforce,
});
wire_enum!(both crypto::Coin, types::CryptoCoin { Btc, Eth, Ltc, Doge, Bch, Xrp, Trx, Sol });
wire_enum!(crypto::Network => types::CryptoNetwork { Mainnet, Testnet, Regtest });
wire_enum!(crypto::Encoding => types::CryptoEncoding {
    Base58Check => Base58check, Base58, Bech32, Bech32m, CashAddr => Cashaddr, Hex,
});
wire_enum!(fn date_language: date::Lang => types::DateConversionResultLanguage {
    En, Es, Fr, De, It, Pt, Nl, Pl, Zh, Ja, Ko, Ar,
});

/// chrono's weekday as the contract names it (`From` cannot be implemented between two
/// foreign types).
fn weekday(day: chrono::Weekday) -> types::DateConversionResultWeekday {
    use chrono::Weekday as W;
    use types::DateConversionResultWeekday as D;
    match day {
        W::Mon => D::Monday,
        W::Tue => D::Tuesday,
        W::Wed => D::Wednesday,
        W::Thu => D::Thursday,
        W::Fri => D::Friday,
        W::Sat => D::Saturday,
        W::Sun => D::Sunday,
    }
}
