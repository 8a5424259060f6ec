//! The HTTP glue of the data validation API: each method takes the contract's request type,
//! calls its engine, and maps the engine's answer back to the contract's result type. Every
//! engine enum maps to its contract enum through an exhaustive `From`, so a change on either
//! side is a compile error.

use std::num::NonZeroU32;

use super::{Validate, creditcard, crypto, date, email, iban, password, phone, postalcode, vat};
use crate::generated::types;
use crate::platform::ApiError;

/// typify does not enforce the contract's `maxItems` on `user_inputs`.
const MAX_USER_INPUTS: usize = 20;

impl Validate {
    /// `POST /v1/dev/validate/creditcard/validate`.
    pub fn creditcard(
        &self,
        body: &types::CreditCardValidateRequest,
    ) -> Result<types::CreditCardValidationResult, ApiError> {
        let check = creditcard::check(&body.number)
            .map_err(|e| ApiError::InvalidInput(format!("field `number`: {e}")))?;
        Ok(types::CreditCardValidationResult {
            valid: check.valid,
            luhn_valid: check.luhn_valid,
            length_valid: check.length_valid,
            brand: check.brand.into(),
            iin: (!check.iin.is_empty()).then_some(check.iin),
            formatted_masked: Some(check.formatted_masked),
            masked: Some(check.masked),
            last4: Some(check.last4),
            length: check.length as u64,
            error: check.error,
        })
    }

    /// `POST /v1/dev/validate/iban/validate`.
    pub fn iban(
        &self,
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
            error: check.error.map(Into::into),
            reason: check.reason,
        })
    }

    /// `POST /v1/dev/validate/vat/validate`. Offline: VIES is never asked.
    pub fn vat(
        &self,
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
            error_code: check.error.map(Into::into),
            error: check.reason,
        })
    }

    /// `POST /v1/dev/validate/postalcode/validate`.
    pub fn postalcode(
        &self,
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
    pub fn phone(
        &self,
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
            reason: check.reason.map(Into::into),
            e164: formats.as_ref().map(|f| f.e164.clone()),
            international: formats.as_ref().map(|f| f.international.clone()),
            national: formats.as_ref().map(|f| f.national.clone()),
            rfc3966: formats.map(|f| f.rfc3966),
            country_code: check
                .country_code
                .and_then(|c| NonZeroU32::new(u32::from(c))),
            region: check.region,
            line_type: check.line_type.into(),
            metadata_version: phone::METADATA_VERSION.to_owned(),
        })
    }

    /// `POST /v1/dev/validate/email/validate`: DNS through the API's cached resolver.
    pub async fn email(
        &self,
        body: &types::EmailValidateRequest,
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

    /// `POST /v1/dev/validate/password/analyze`. The password is never logged or echoed.
    pub fn password(
        &self,
        body: &types::PasswordAnalyzeRequest,
    ) -> Result<types::PasswordAnalysisResult, ApiError> {
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
        &self,
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
    pub fn date(
        &self,
        body: &types::DateConvertRequest,
    ) -> Result<types::DateConversionResult, ApiError> {
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
            language: answer.language.map(Into::into),
            ambiguous: answer.ambiguous,
            alternatives: answer.alternatives,
            converted: answer.converted,
        })
    }
}

impl From<creditcard::Brand> for types::CardBrand {
    fn from(brand: creditcard::Brand) -> Self {
        use creditcard::Brand as B;
        match brand {
            B::Visa => Self::Visa,
            B::Mastercard => Self::Mastercard,
            B::Amex => Self::Amex,
            B::Discover => Self::Discover,
            B::Jcb => Self::Jcb,
            B::Diners => Self::Diners,
            B::Unionpay => Self::Unionpay,
            B::Maestro => Self::Maestro,
            B::Mir => Self::Mir,
            B::Elo => Self::Elo,
            B::Hipercard => Self::Hipercard,
            B::Rupay => Self::Rupay,
            B::Unknown => Self::Unknown,
        }
    }
}

impl From<iban::IbanError> for types::IbanError {
    fn from(error: iban::IbanError) -> Self {
        use iban::IbanError as E;
        match error {
            E::InvalidCharacters => Self::InvalidCharacters,
            E::UnknownCountry => Self::UnknownCountry,
            E::InvalidLength => Self::InvalidLength,
            E::InvalidChecksum => Self::InvalidChecksum,
            E::InvalidBbanFormat => Self::InvalidBbanFormat,
        }
    }
}

impl From<vat::VatError> for types::VatError {
    fn from(error: vat::VatError) -> Self {
        use vat::VatError as E;
        match error {
            E::UnknownCountry => Self::UnknownCountry,
            E::CountryMismatch => Self::CountryMismatch,
            E::InvalidFormat => Self::InvalidFormat,
            E::InvalidLength => Self::InvalidLength,
            E::InvalidComponent => Self::InvalidComponent,
            E::InvalidChecksum => Self::InvalidChecksum,
        }
    }
}

impl From<phone::Reason> for types::PhoneValidationReason {
    fn from(reason: phone::Reason) -> Self {
        use phone::Reason as R;
        match reason {
            R::NotANumber => Self::NotANumber,
            R::InvalidCountryCode => Self::InvalidCountryCode,
            R::TooShort => Self::TooShort,
            R::TooLong => Self::TooLong,
            R::InvalidLength => Self::InvalidLength,
            R::InvalidForRegion => Self::InvalidForRegion,
        }
    }
}

impl From<phone::LineType> for types::PhoneLineType {
    fn from(kind: phone::LineType) -> Self {
        use phone::LineType as L;
        match kind {
            L::FixedLine => Self::FixedLine,
            L::Mobile => Self::Mobile,
            L::FixedLineOrMobile => Self::FixedLineOrMobile,
            L::TollFree => Self::TollFree,
            L::PremiumRate => Self::PremiumRate,
            L::SharedCost => Self::SharedCost,
            L::Voip => Self::Voip,
            L::PersonalNumber => Self::PersonalNumber,
            L::Pager => Self::Pager,
            L::Uan => Self::Uan,
            L::Voicemail => Self::Voicemail,
            L::Unknown => Self::Unknown,
        }
    }
}

impl From<email::Deliverability> for types::Deliverability {
    fn from(deliverability: email::Deliverability) -> Self {
        use email::Deliverability as D;
        match deliverability {
            D::Deliverable => Self::Deliverable,
            D::Undeliverable => Self::Undeliverable,
            D::Unknown => Self::Unknown,
        }
    }
}

impl From<password::Pattern> for types::PasswordPatternPattern {
    fn from(pattern: password::Pattern) -> Self {
        use password::Pattern as P;
        match pattern {
            P::Dictionary => Self::Dictionary,
            P::Spatial => Self::Spatial,
            P::Repeat => Self::Repeat,
            P::Sequence => Self::Sequence,
            P::Regex => Self::Regex,
            P::Date => Self::Date,
            P::Bruteforce => Self::Bruteforce,
        }
    }
}

impl From<types::CryptoCoin> for crypto::Coin {
    fn from(coin: types::CryptoCoin) -> Self {
        use types::CryptoCoin as C;
        match coin {
            C::Btc => Self::Btc,
            C::Eth => Self::Eth,
            C::Ltc => Self::Ltc,
            C::Doge => Self::Doge,
            C::Bch => Self::Bch,
            C::Xrp => Self::Xrp,
            C::Trx => Self::Trx,
            C::Sol => Self::Sol,
        }
    }
}

impl From<crypto::Coin> for types::CryptoCoin {
    fn from(coin: crypto::Coin) -> Self {
        use crypto::Coin as C;
        match coin {
            C::Btc => Self::Btc,
            C::Eth => Self::Eth,
            C::Ltc => Self::Ltc,
            C::Doge => Self::Doge,
            C::Bch => Self::Bch,
            C::Xrp => Self::Xrp,
            C::Trx => Self::Trx,
            C::Sol => Self::Sol,
        }
    }
}

impl From<crypto::Network> for types::CryptoNetwork {
    fn from(network: crypto::Network) -> Self {
        use crypto::Network as N;
        match network {
            N::Mainnet => Self::Mainnet,
            N::Testnet => Self::Testnet,
            N::Regtest => Self::Regtest,
        }
    }
}

impl From<crypto::Encoding> for types::CryptoEncoding {
    fn from(encoding: crypto::Encoding) -> Self {
        use crypto::Encoding as E;
        match encoding {
            E::Base58Check => Self::Base58check,
            E::Base58 => Self::Base58,
            E::Bech32 => Self::Bech32,
            E::Bech32m => Self::Bech32m,
            E::CashAddr => Self::Cashaddr,
            E::Hex => Self::Hex,
        }
    }
}

impl From<date::Lang> for types::DateConversionResultLanguage {
    fn from(lang: date::Lang) -> Self {
        use date::Lang as L;
        match lang {
            L::En => Self::En,
            L::Es => Self::Es,
            L::Fr => Self::Fr,
            L::De => Self::De,
            L::It => Self::It,
            L::Pt => Self::Pt,
            L::Nl => Self::Nl,
            L::Pl => Self::Pl,
            L::Zh => Self::Zh,
            L::Ja => Self::Ja,
            L::Ko => Self::Ko,
            L::Ar => Self::Ar,
        }
    }
}

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
