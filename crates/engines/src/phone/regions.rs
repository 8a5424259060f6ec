//! Each region's rules read from the metadata: its number ranges (compiled to anchored
//! regexes), possible lengths, national prefix and leading digits; which region owns a
//! number, its line type and what its length says.

use std::collections::HashMap;
use std::sync::{LazyLock, OnceLock};

use phonenumber::metadata::{DATABASE, Descriptor, Metadata};
use regex::{Regex, RegexBuilder};

use super::LineType;

/// Number ranges of every region, compiled once per calling code on first use.
pub(super) struct Rules {
    by_code: HashMap<u16, OnceLock<Vec<Region>>>,
}

impl Rules {
    pub(super) fn get() -> &'static Rules {
        static RULES: LazyLock<Rules> = LazyLock::new(|| Rules {
            by_code: (1u16..1000)
                .filter(|code| DATABASE.by_code(code).is_some())
                .map(|code| (code, OnceLock::new()))
                .collect(),
        });
        &RULES
    }

    /// The regions sharing `code`, its main region first.
    pub(super) fn regions(&self, code: u16) -> Option<&[Region]> {
        let cell = self.by_code.get(&code)?;
        let regions = cell.get_or_init(|| {
            DATABASE
                .by_code(&code)
                .unwrap_or_default()
                .into_iter()
                .map(Region::new)
                .collect()
        });
        (!regions.is_empty()).then_some(regions.as_slice())
    }
}

/// One number range (a `PhoneNumberDesc`): its possible lengths and its pattern, matched
/// against the whole national significant number.
pub(super) struct Range {
    lengths: Vec<u16>,
    pub(super) pattern: Option<Regex>,
}

impl Range {
    fn new(desc: &Descriptor) -> Range {
        Range {
            lengths: desc.possible_length().to_vec(),
            pattern: full_match(desc.national_number().as_str()),
        }
    }

    fn matches(&self, nsn: &str) -> bool {
        let length_ok = self.lengths.is_empty()
            || u16::try_from(nsn.len()).is_ok_and(|n| self.lengths.contains(&n));
        length_ok && self.pattern.as_ref().is_some_and(|p| p.is_match(nsn))
    }
}

/// The metadata patterns are written in free-spacing style (the crate compiles them with
/// `ignore_whitespace`); libphonenumber matches a number range against the whole number.
fn full_match(pattern: &str) -> Option<Regex> {
    RegexBuilder::new(&format!("^(?:{pattern})$"))
        .ignore_whitespace(true)
        .build()
        .ok()
}

/// What libphonenumber's length test says about a national number's length.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Length {
    Possible,
    PossibleLocalOnly,
    TooShort,
    TooLong,
    Invalid,
}

/// One region's (or non-geographic entity's) rules.
pub(super) struct Region {
    pub(super) id: String,
    /// `nationalPrefixForParsing` (the national prefix when the metadata gives none),
    /// anchored at the start.
    national_prefix: Option<Regex>,
    /// `nationalPrefixTransformRule`, in the `regex` crate's `${n}` notation.
    national_prefix_transform: Option<String>,
    leading_digits: Option<Regex>,
    pub(super) general: Range,
    /// Possible lengths of any number: the union of the types' lengths (libphonenumber's
    /// metadata builder computes this; the crate leaves the general range's list empty).
    lengths: Vec<u16>,
    local_lengths: Vec<u16>,
    /// Types in the order libphonenumber tests them, before fixed line and mobile.
    special: Vec<(LineType, Range)>,
    fixed_line: Option<Range>,
    mobile: Option<Range>,
    same_fixed_and_mobile: bool,
}

impl Region {
    fn new(meta: &Metadata) -> Region {
        let d = meta.descriptors();
        let typed = [
            d.fixed_line(),
            d.mobile(),
            d.toll_free(),
            d.premium_rate(),
            d.shared_cost(),
            d.personal_number(),
            d.voip(),
            d.pager(),
            d.uan(),
            d.voicemail(),
        ];
        let mut lengths: Vec<u16> = typed
            .iter()
            .flatten()
            .flat_map(|desc| desc.possible_length().iter().copied())
            .collect();
        lengths.sort_unstable();
        lengths.dedup();
        let mut local_lengths: Vec<u16> = typed
            .iter()
            .flatten()
            .flat_map(|desc| desc.possible_local_length().iter().copied())
            .filter(|n| !lengths.contains(n))
            .collect();
        local_lengths.sort_unstable();
        local_lengths.dedup();
        let special = [
            (LineType::PremiumRate, d.premium_rate()),
            (LineType::TollFree, d.toll_free()),
            (LineType::SharedCost, d.shared_cost()),
            (LineType::Voip, d.voip()),
            (LineType::PersonalNumber, d.personal_number()),
            (LineType::Pager, d.pager()),
            (LineType::Uan, d.uan()),
            (LineType::Voicemail, d.voicemail()),
        ]
        .into_iter()
        .filter_map(|(kind, desc)| desc.map(|desc| (kind, Range::new(desc))))
        .collect();
        let same_fixed_and_mobile = match (d.fixed_line(), d.mobile()) {
            (Some(f), Some(m)) => f.national_number().as_str() == m.national_number().as_str(),
            _ => false,
        };
        let mut general = Range::new(d.general());
        general.lengths.clone_from(&lengths);
        let national_prefix = meta
            .national_prefix_for_parsing()
            .map(|r| r.as_str().to_owned())
            .or_else(|| meta.national_prefix().map(str::to_owned))
            .filter(|p| !p.trim().is_empty())
            .and_then(|p| {
                RegexBuilder::new(&format!("^(?:{p})"))
                    .ignore_whitespace(true)
                    .build()
                    .ok()
            });
        let national_prefix_transform = meta
            .national_prefix_transform_rule()
            .filter(|rule| !rule.is_empty())
            .map(|rule| {
                let mut out = String::new();
                let mut chars = rule.chars().peekable();
                while let Some(c) = chars.next() {
                    match (c, chars.peek()) {
                        ('$', Some(d)) if d.is_ascii_digit() => {
                            out.push_str(&format!("${{{d}}}"));
                            chars.next();
                        }
                        _ => out.push(c),
                    }
                }
                out
            });
        Region {
            id: meta.id().to_owned(),
            national_prefix,
            national_prefix_transform,
            leading_digits: meta.leading_digits().and_then(|p| {
                RegexBuilder::new(&format!("^(?:{})", p.as_str()))
                    .ignore_whitespace(true)
                    .build()
                    .ok()
            }),
            general,
            lengths,
            local_lengths,
            special,
            fixed_line: d.fixed_line().map(Range::new),
            mobile: d.mobile().map(Range::new),
            same_fixed_and_mobile,
        }
    }

    /// libphonenumber's region choice among regions sharing a calling code: the region's
    /// leading digits if it has them, otherwise any number range of it.
    pub(super) fn owns(&self, nsn: &str) -> bool {
        match &self.leading_digits {
            Some(leading) => leading.is_match(nsn),
            None => self.number_type(nsn) != LineType::Unknown,
        }
    }

    /// libphonenumber's number type test, in its order.
    pub(super) fn number_type(&self, nsn: &str) -> LineType {
        if !self.general.matches(nsn) {
            return LineType::Unknown;
        }
        if let Some((kind, _)) = self.special.iter().find(|(_, range)| range.matches(nsn)) {
            return *kind;
        }
        let mobile = |nsn: &str| self.mobile.as_ref().is_some_and(|m| m.matches(nsn));
        if self.fixed_line.as_ref().is_some_and(|f| f.matches(nsn)) {
            if self.same_fixed_and_mobile || mobile(nsn) {
                return LineType::FixedLineOrMobile;
            }
            return LineType::FixedLine;
        }
        if !self.same_fixed_and_mobile && mobile(nsn) {
            return LineType::Mobile;
        }
        LineType::Unknown
    }

    /// libphonenumber's national prefix (and carrier code) stripping for `national`, the
    /// digits after any country code: strip (or transform) only if the number does not
    /// fit the region's pattern as it is, or still fits after, and the rest is long enough.
    pub(super) fn strip_national_prefix(&self, national: &str) -> String {
        let Some(prefix) = &self.national_prefix else {
            return national.to_owned();
        };
        let Some(captures) = prefix.captures(national) else {
            return national.to_owned();
        };
        let fits = |n: &str| self.general.pattern.as_ref().is_some_and(|p| p.is_match(n));
        let viable = fits(national);
        let whole = captures.get(0).map_or(0, |m| m.end());
        let last_group = captures.len().saturating_sub(1);
        let candidate = match &self.national_prefix_transform {
            Some(rule) if last_group > 0 && captures.get(last_group).is_some() => {
                let mut out = String::new();
                captures.expand(rule, &mut out);
                out.push_str(&national[whole..]);
                out
            }
            _ => national[whole..].to_owned(),
        };
        if viable && !fits(&candidate) {
            return national.to_owned();
        }
        match self.test_length(candidate.len()) {
            Length::TooShort | Length::PossibleLocalOnly | Length::Invalid => national.to_owned(),
            Length::Possible | Length::TooLong => candidate,
        }
    }

    /// libphonenumber's length test for a number of any type.
    pub(super) fn test_length(&self, length: usize) -> Length {
        let Ok(length) = u16::try_from(length) else {
            return Length::TooLong;
        };
        let (Some(&min), Some(&max)) = (self.lengths.first(), self.lengths.last()) else {
            return Length::Invalid;
        };
        if self.local_lengths.contains(&length) {
            Length::PossibleLocalOnly
        } else if length < min {
            Length::TooShort
        } else if length > max {
            Length::TooLong
        } else if self.lengths.contains(&length) {
            Length::Possible
        } else {
            Length::Invalid
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_metadata_pattern_compiles() {
        let rules = Rules::get();
        let mut codes = 0;
        for code in 1u16..1000 {
            let Some(regions) = rules.regions(code) else {
                continue;
            };
            codes += 1;
            for r in regions {
                assert!(r.general.pattern.is_some(), "{} general", r.id);
                for (kind, range) in &r.special {
                    assert!(range.pattern.is_some(), "{} {kind:?}", r.id);
                }
                assert!(r.fixed_line.iter().all(|x| x.pattern.is_some()), "{}", r.id);
                assert!(r.mobile.iter().all(|x| x.pattern.is_some()), "{}", r.id);
            }
        }
        assert!(codes > 200, "{codes} calling codes");
    }
}
