//! The `[docgen]` section of the server's configuration: what one template render may spend.

use serde::Deserialize;

use suite_engines::jinja::Budget;

/// The document generation API (`[docgen]`).
#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Instructions one render may execute before it stops with 422 (minijinja's fuel; an
    /// invoice of 1,000 rows takes about 100,000).
    pub template_fuel: u64,
    /// Bytes one render may produce before it stops with 422.
    pub template_output_bytes: usize,
}

impl Default for Config {
    fn default() -> Config {
        let budget = Budget::default();
        Config {
            template_fuel: budget.fuel,
            template_output_bytes: budget.max_output,
        }
    }
}

impl Config {
    /// The budget of one render.
    pub fn budget(&self) -> Budget {
        Budget {
            fuel: self.template_fuel.max(1),
            max_output: self.template_output_bytes.max(1),
        }
    }
}
