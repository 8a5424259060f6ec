//! The engine's own picture of a sanctions list: entries with their names (primary, strong
//! and weak aliases, original-script names), dates of birth, nationalities and identifiers,
//! whatever official format they were read from.

/// The sanctioning authority of a list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Authority {
    Ofac,
    Un,
    Eu,
}

impl Authority {
    pub fn code(self) -> &'static str {
        match self {
            Authority::Ofac => "OFAC",
            Authority::Un => "UN",
            Authority::Eu => "EU",
        }
    }
}

/// The list files the loaders understand, one per official publication.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Source {
    OfacSdn,
    OfacConsolidated,
    UnConsolidated,
    EuConsolidated,
}

impl Source {
    pub const ALL: [Source; 4] = [
        Source::OfacSdn,
        Source::OfacConsolidated,
        Source::UnConsolidated,
        Source::EuConsolidated,
    ];

    pub fn authority(self) -> Authority {
        match self {
            Source::OfacSdn | Source::OfacConsolidated => Authority::Ofac,
            Source::UnConsolidated => Authority::Un,
            Source::EuConsolidated => Authority::Eu,
        }
    }

    /// The name reported in answers (`source` of a match and of a list version).
    pub fn label(self) -> &'static str {
        match self {
            Source::OfacSdn => "OFAC SDN",
            Source::OfacConsolidated => "OFAC Consolidated",
            Source::UnConsolidated => "UN Consolidated",
            Source::EuConsolidated => "EU Consolidated",
        }
    }

    /// The prefix of the entity ids of this source (`OFAC-SDN-12345`).
    pub fn id_prefix(self) -> &'static str {
        match self {
            Source::OfacSdn => "OFAC-SDN-",
            Source::OfacConsolidated => "OFAC-CONS-",
            Source::UnConsolidated => "UN-",
            Source::EuConsolidated => "EU-",
        }
    }

    /// The folder name `suite lists import` stores this source under.
    pub fn slug(self) -> &'static str {
        match self {
            Source::OfacSdn => "ofac-sdn",
            Source::OfacConsolidated => "ofac-cons",
            Source::UnConsolidated => "un",
            Source::EuConsolidated => "eu",
        }
    }
}

/// Kind of listed subject.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    Individual,
    Organization,
    Vessel,
    Aircraft,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Individual => "individual",
            Kind::Organization => "organization",
            Kind::Vessel => "vessel",
            Kind::Aircraft => "aircraft",
        }
    }

    pub fn parse(s: &str) -> Option<Kind> {
        match s {
            "individual" => Some(Kind::Individual),
            "organization" => Some(Kind::Organization),
            "vessel" => Some(Kind::Vessel),
            "aircraft" => Some(Kind::Aircraft),
            _ => None,
        }
    }
}

/// How much a name can be relied on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Quality {
    /// A primary name or a strong alias.
    Strong,
    /// A weak alias (OFAC weak a.k.a., UN `QUALITY=Low`, EU `strong="false"`): indexed, but
    /// a match on it weighs less.
    Weak,
}

/// One name of an entry.
#[derive(Debug, Clone, PartialEq)]
pub struct Name {
    pub text: String,
    pub quality: Quality,
    /// The entry's primary name (exactly one per entry, the first).
    pub primary: bool,
    /// Written in the original, non-Latin script (UN `NAME_ORIGINAL_SCRIPT`, EU names in
    /// Cyrillic or Arabic, ...).
    pub original_script: bool,
}

impl Name {
    pub fn primary(text: impl Into<String>) -> Name {
        Name {
            text: text.into(),
            quality: Quality::Strong,
            primary: true,
            original_script: false,
        }
    }

    pub fn alias(text: impl Into<String>, quality: Quality) -> Name {
        Name {
            text: text.into(),
            quality,
            primary: false,
            original_script: false,
        }
    }
}

/// An identifying document or number.
#[derive(Debug, Clone, PartialEq)]
pub struct Identifier {
    /// As the list names it (`Passport`, `National ID No.`, `IMO`, ...).
    pub kind: String,
    pub value: String,
    /// Issuing country as the list writes it.
    pub country: Option<String>,
}

/// One listed subject.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    /// Stable id, prefixed by its source: `OFAC-SDN-36`, `UN-CDi.001`, `EU-EU.27.28`.
    pub id: String,
    pub source: Source,
    pub kind: Kind,
    /// `names[0]` is the primary name.
    pub names: Vec<Name>,
    pub programs: Vec<String>,
    /// `YYYY-MM-DD`, `YYYY-MM`, `YYYY` or a range `YYYY/YYYY`.
    pub dates_of_birth: Vec<String>,
    /// ISO 3166-1 alpha-2 where the country is known, else the list's own words.
    pub nationalities: Vec<String>,
    /// Every country the entry is linked to (nationality, citizenship, addresses, place of
    /// birth), ISO 3166-1 alpha-2.
    pub countries: Vec<String>,
    pub identifiers: Vec<Identifier>,
}

impl Entry {
    pub fn new(id: String, source: Source, kind: Kind) -> Entry {
        Entry {
            id,
            source,
            kind,
            names: Vec::new(),
            programs: Vec::new(),
            dates_of_birth: Vec::new(),
            nationalities: Vec::new(),
            countries: Vec::new(),
            identifiers: Vec::new(),
        }
    }

    pub fn primary_name(&self) -> &str {
        self.names.first().map(|n| n.text.as_str()).unwrap_or("")
    }

    /// Adds a name unless the entry already has it (same text, ignoring case).
    pub fn add_name(&mut self, name: Name) {
        let text = name.text.trim();
        if text.is_empty()
            || self
                .names
                .iter()
                .any(|n| n.text.trim().eq_ignore_ascii_case(text))
        {
            return;
        }
        self.names.push(Name {
            text: text.to_owned(),
            ..name
        });
    }

    pub fn add_country(&mut self, iso2: &str) {
        if !iso2.is_empty() && !self.countries.iter().any(|c| c == iso2) {
            self.countries.push(iso2.to_owned());
        }
    }

    pub fn add_nationality(&mut self, value: &str) {
        if !value.is_empty() && !self.nationalities.iter().any(|c| c == value) {
            self.nationalities.push(value.to_owned());
        }
    }

    pub fn add_dob(&mut self, value: String) {
        if !value.is_empty() && !self.dates_of_birth.contains(&value) {
            self.dates_of_birth.push(value);
        }
    }
}

/// A loaded list file and what identifies its version.
#[derive(Debug, Clone)]
pub struct ListFile {
    pub source: Source,
    /// Publication date as the file states it (RFC 3339), if it does.
    pub published_at: Option<chrono::DateTime<chrono::Utc>>,
    /// SHA-256 (hex) of the file's bytes; for OFAC CSV exports, of the files concatenated in
    /// the order main, alt, add, comments.
    pub content_sha256: String,
    pub entries: Vec<Entry>,
}

/// Why a list file could not be loaded.
#[derive(Debug, Clone, PartialEq)]
pub struct LoadError(pub String);

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for LoadError {}

impl LoadError {
    pub fn new(message: impl Into<String>) -> LoadError {
        LoadError(message.into())
    }
}

pub use suite_engines::digest::sha256_hex;
