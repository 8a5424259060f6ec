//! The rule patterns compiled once per language (std::sync::LazyLock): a RegexSet per category
//! as a first filter over each clause, and the single regexes to locate matches afterwards.

use super::catalog;
use super::rule::{Patterns, Rule};
use crate::model::{Category, Language};
use regex::{Regex, RegexBuilder, RegexSet, RegexSetBuilder};
use std::sync::LazyLock;

const SIZE_LIMIT: usize = 64 << 20;

/// One rule with its patterns compiled for one language.
#[derive(Debug)]
pub struct CompiledRule {
    pub rule: &'static Rule,
    pub patterns: Vec<Regex>,
    pub context: Vec<Regex>,
    pub unless: Vec<Regex>,
    pub unless_in_clause: Vec<Regex>,
    pub unless_in_document: Vec<Regex>,
}

/// The rules of one category for one language, behind a RegexSet of all their patterns.
#[derive(Debug)]
pub struct CompiledCategory {
    pub category: Category,
    pub rules: Vec<CompiledRule>,
    /// All patterns of all rules, in rule order.
    pub set: RegexSet,
    /// For each pattern of `set`: (index in `rules`, index in that rule's `patterns`).
    pub owners: Vec<(usize, usize)>,
}

/// Everything compiled for one language.
#[derive(Debug)]
pub struct CompiledLanguage {
    pub categories: Vec<CompiledCategory>,
    /// Patterns that failed to compile (a test asserts there are none).
    pub errors: Vec<String>,
}

fn source(pattern: &str) -> String {
    format!("(?i){pattern}")
}

static BOUNDED_GAP: LazyLock<Option<Regex>> =
    LazyLock::new(|| Regex::new(r"\[\^\.;\]\{0,\d+\}\??").ok());

/// The pattern as a cheaper superset for the RegexSet filter: bounded gaps within a sentence
/// (`[^.;]{0,150}`) become unbounded ones, which keeps the lazy DFA small; the rule's own
/// regex then confirms the bound.
fn filter_source(pattern: &str) -> String {
    let loosened = BOUNDED_GAP.as_ref().map_or_else(
        || pattern.to_string(),
        |re| re.replace_all(pattern, "[^.;]*").into_owned(),
    );
    source(&loosened)
}

fn compile_all(patterns: &Patterns, language: Language, errors: &mut Vec<String>) -> Vec<Regex> {
    patterns
        .of(language)
        .iter()
        .filter_map(|p| {
            match RegexBuilder::new(&source(p))
                .size_limit(SIZE_LIMIT)
                .dfa_size_limit(SIZE_LIMIT)
                .build()
            {
                Ok(re) => Some(re),
                Err(e) => {
                    errors.push(format!("{p}: {e}"));
                    None
                }
            }
        })
        .collect()
}

fn compile_category(
    category: Category,
    language: Language,
    errors: &mut Vec<String>,
) -> CompiledCategory {
    let mut rules = Vec::new();
    let mut sources = Vec::new();
    let mut owners = Vec::new();
    for rule in catalog::rules_of(category) {
        let patterns = compile_all(&rule.patterns, language, errors);
        let valid = rule
            .patterns
            .of(language)
            .iter()
            .filter(|p| Regex::new(&source(p)).is_ok());
        for (i, p) in valid.enumerate() {
            sources.push(filter_source(p));
            owners.push((rules.len(), i));
        }
        rules.push(CompiledRule {
            rule,
            patterns,
            context: compile_all(&rule.context, language, errors),
            unless: compile_all(&rule.unless, language, errors),
            unless_in_clause: compile_all(&rule.unless_in_clause, language, errors),
            unless_in_document: compile_all(&rule.unless_in_document, language, errors),
        });
    }
    let set = RegexSetBuilder::new(&sources)
        .size_limit(SIZE_LIMIT)
        .dfa_size_limit(SIZE_LIMIT)
        .build()
        .unwrap_or_else(|e| {
            errors.push(format!("{} set: {e}", category.name()));
            RegexSet::empty()
        });
    CompiledCategory {
        category,
        rules,
        set,
        owners,
    }
}

fn compile(language: Language) -> CompiledLanguage {
    let mut errors = Vec::new();
    let categories = Category::ALL
        .into_iter()
        .map(|c| compile_category(c, language, &mut errors))
        .collect();
    CompiledLanguage { categories, errors }
}

static EN: LazyLock<CompiledLanguage> = LazyLock::new(|| compile(Language::En));
static DE: LazyLock<CompiledLanguage> = LazyLock::new(|| compile(Language::De));
static FR: LazyLock<CompiledLanguage> = LazyLock::new(|| compile(Language::Fr));
static ES: LazyLock<CompiledLanguage> = LazyLock::new(|| compile(Language::Es));

/// The compiled rules of a language (compiled on first use).
pub fn compiled(language: Language) -> &'static CompiledLanguage {
    match language {
        Language::En => &EN,
        Language::De => &DE,
        Language::Fr => &FR,
        Language::Es => &ES,
    }
}
