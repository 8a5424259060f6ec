//! The page languages the detector knows, and the region each implies for phone numbers.

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Language {
    En,
    Es,
    Fr,
    De,
    It,
    Pt,
    Nl,
    Pl,
    Sv,
    Da,
    Nb,
    Fi,
    Cs,
    Ro,
    Hu,
    Tr,
    El,
    Ru,
    Uk,
    Ar,
    He,
    Hi,
    Zh,
    Ja,
    Ko,
}

impl Language {
    /// The region assumed for a phone number written without `+` and country code.
    pub fn phone_region(self) -> &'static str {
        match self {
            Language::En => "US",
            Language::Es => "ES",
            Language::Fr => "FR",
            Language::De => "DE",
            Language::It => "IT",
            Language::Pt => "PT",
            Language::Nl => "NL",
            Language::Pl => "PL",
            Language::Sv => "SE",
            Language::Da => "DK",
            Language::Nb => "NO",
            Language::Fi => "FI",
            Language::Cs => "CZ",
            Language::Ro => "RO",
            Language::Hu => "HU",
            Language::Tr => "TR",
            Language::El => "GR",
            Language::Ru => "RU",
            Language::Uk => "UA",
            Language::Ar => "SA",
            Language::He => "IL",
            Language::Hi => "IN",
            Language::Zh => "CN",
            Language::Ja => "JP",
            Language::Ko => "KR",
        }
    }
}
