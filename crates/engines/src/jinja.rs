//! The one Jinja dialect every template kind renders with (minijinja): strict about
//! variables that are printed or looped over but missing, bounded by fuel so a runaway loop
//! stops, escaping for the output's syntax, and errors that say where and what.

use std::collections::BTreeSet;

use minijinja::{AutoEscape, Environment, ErrorKind, UndefinedBehavior, Value};

/// How values are escaped when printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Escape {
    /// HTML (also right for XML: `<`, `>`, `&`, `"` and `'` become entities).
    Markup,
    /// Nothing: plain text and Markdown.
    Nothing,
}

/// What a template may spend.
#[derive(Debug, Clone, Copy)]
pub struct Budget {
    /// Instructions one render may execute (minijinja's fuel).
    pub fuel: u64,
    /// Bytes one render may produce.
    pub max_output: usize,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget {
            fuel: 20_000_000,
            max_output: 50 * 1024 * 1024,
        }
    }
}

/// Why a template did not compile or render.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JinjaError {
    /// The source does not compile; the message names line and column.
    Syntax(String),
    /// A variable the template prints or loops over is missing from the data.
    Missing(String),
    /// The template ran out of fuel or produced more than the budget allows.
    Exhausted(String),
    /// Anything else that failed while rendering (a filter on a wrong type, ...).
    Render(String),
}

impl std::fmt::Display for JinjaError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            JinjaError::Syntax(m)
            | JinjaError::Missing(m)
            | JinjaError::Exhausted(m)
            | JinjaError::Render(m) => f.write_str(m),
        }
    }
}

/// The name every template is compiled under.
const NAME: &str = "template";

/// A compiled template and the environment it renders in.
pub struct Compiled {
    env: Environment<'static>,
    source: String,
    budget: Budget,
}

impl std::fmt::Debug for Compiled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Compiled")
            .field("bytes", &self.source.len())
            .finish()
    }
}

/// Compiles `source`; a syntax error names its line and column.
pub fn compile(source: &str, escape: Escape, budget: Budget) -> Result<Compiled, JinjaError> {
    let mut env = Environment::new();
    env.set_undefined_behavior(UndefinedBehavior::SemiStrict);
    env.set_fuel(Some(budget.fuel));
    env.set_recursion_limit(100);
    env.set_auto_escape_callback(move |_| match escape {
        Escape::Markup => AutoEscape::Html,
        Escape::Nothing => AutoEscape::None,
    });
    // A JSON null prints as nothing (not "none"): documents show an empty cell.
    env.set_formatter(|out, state, value| {
        if value.is_none() {
            Ok(())
        } else {
            minijinja::escape_formatter(out, state, value)
        }
    });
    env.add_filter("money", money);
    env.add_template_owned(NAME, source.to_owned())
        .map_err(|e| JinjaError::Syntax(located(&e, source)))?;
    Ok(Compiled {
        env,
        source: source.to_owned(),
        budget,
    })
}

impl Compiled {
    /// The top-level variables the template reads (what `data` should provide), sorted.
    pub fn fields(&self) -> Vec<String> {
        let Ok(template) = self.env.get_template(NAME) else {
            return Vec::new();
        };
        let found: BTreeSet<String> = template.undeclared_variables(false).into_iter().collect();
        found.into_iter().filter(|name| !is_global(name)).collect()
    }

    /// Renders with `data` (a JSON object; anything else renders as no variables).
    pub fn render(&self, data: &serde_json::Value) -> Result<String, JinjaError> {
        let template = self
            .env
            .get_template(NAME)
            .map_err(|e| JinjaError::Render(e.to_string()))?;
        let context = Value::from_serialize(data);
        let out = template.render(context).map_err(|e| match e.kind() {
            ErrorKind::UndefinedError => JinjaError::Missing(missing(&e, &self.source)),
            ErrorKind::OutOfFuel => JinjaError::Exhausted(format!(
                "the template ran out of its budget of {} steps at {} (a loop that does not end?)",
                self.budget.fuel,
                position(&e, &self.source)
            )),
            _ => JinjaError::Render(located(&e, &self.source)),
        })?;
        if out.len() > self.budget.max_output {
            return Err(JinjaError::Exhausted(format!(
                "the template produced {} bytes; the limit is {}",
                out.len(),
                self.budget.max_output
            )));
        }
        Ok(out)
    }
}

/// `{{ amount | money }}`: a number with two decimals and thousands grouped (`1,234.50`);
/// `money(0)` for whole units. Halves round away from zero on the number as written, as a
/// bookkeeper rounds: 19 % of 1,699.50 is 322.905 and prints 322.91, although the nearest
/// binary number is 322.90499….
fn money(value: f64, decimals: Option<usize>) -> String {
    if !value.is_finite() {
        return value.to_string();
    }
    let decimals = decimals.unwrap_or(2).min(6);
    let fixed = round_half_up(&value.abs().to_string(), decimals);
    let (whole, fraction) = fixed.split_once('.').unwrap_or((&fixed, ""));
    let mut grouped = String::new();
    for (i, digit) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    let sign = if value < 0.0 && fixed.chars().any(|c| ('1'..='9').contains(&c)) {
        "-"
    } else {
        ""
    };
    if fraction.is_empty() {
        format!("{sign}{grouped}")
    } else {
        format!("{sign}{grouped}.{fraction}")
    }
}

/// `decimal` (digits, at most one `.`, as `f64`'s shortest display writes them) rounded to
/// `decimals` places, a half away from zero.
fn round_half_up(decimal: &str, decimals: usize) -> String {
    let (whole, fraction) = decimal.split_once('.').unwrap_or((decimal, ""));
    let mut digits: Vec<u8> = whole.bytes().collect();
    digits.extend(
        fraction
            .bytes()
            .chain(std::iter::repeat(b'0'))
            .take(decimals),
    );
    if fraction
        .as_bytes()
        .get(decimals)
        .is_some_and(|d| *d >= b'5')
    {
        let mut i = digits.len();
        loop {
            if i == 0 {
                digits.insert(0, b'1');
                break;
            }
            i -= 1;
            if digits[i] == b'9' {
                digits[i] = b'0';
            } else {
                digits[i] += 1;
                break;
            }
        }
    }
    let split = digits.len() - decimals;
    let (whole, fraction) = digits.split_at(split);
    let whole = String::from_utf8_lossy(whole);
    if decimals == 0 {
        whole.into_owned()
    } else {
        format!("{whole}.{}", String::from_utf8_lossy(fraction))
    }
}

/// Names minijinja provides itself, not read from `data`.
fn is_global(name: &str) -> bool {
    matches!(
        name,
        "range" | "dict" | "namespace" | "debug" | "loop" | "self" | "super" | "caller" | "varargs"
    )
}

/// "line L, column C" of the error's span, or of its line alone.
fn position(e: &minijinja::Error, source: &str) -> String {
    match (e.range(), e.line()) {
        (Some(range), _) => {
            let before = &source[..range.start.min(source.len())];
            let line = before.matches('\n').count() + 1;
            let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            format!("line {line}, column {column}")
        }
        (None, Some(line)) => format!("line {line}"),
        (None, None) => "an unknown place".into(),
    }
}

/// The error's own words and where it happened.
fn located(e: &minijinja::Error, source: &str) -> String {
    let what = e
        .detail()
        .map_or_else(|| e.kind().to_string(), str::to_owned);
    format!("{what} at {}", position(e, source))
}

/// A missing variable, named by the expression the template failed on.
fn missing(e: &minijinja::Error, source: &str) -> String {
    let expression = e
        .range()
        .and_then(|r| source.get(r))
        .map(str::trim)
        .filter(|s| !s.is_empty());
    match expression {
        Some(expression) => format!(
            "the template uses `{expression}` at {}, but data has no such value",
            position(e, source)
        ),
        None => format!(
            "the template uses a value that data does not have, at {}",
            position(e, source)
        ),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn html(source: &str) -> Compiled {
        compile(source, Escape::Markup, Budget::default()).expect("compiles")
    }

    #[test]
    fn values_are_escaped_for_markup_only() {
        let data = json!({"name": "<b>A & B</b>"});
        assert_eq!(
            html("{{ name }}").render(&data).unwrap(),
            "&lt;b&gt;A &amp; B&lt;&#x2f;b&gt;"
        );
        let text = compile("{{ name }}", Escape::Nothing, Budget::default()).unwrap();
        assert_eq!(text.render(&data).unwrap(), "<b>A & B</b>");
    }

    #[test]
    fn a_syntax_error_names_line_and_column() {
        let err = compile("ok\n{% for x in %}", Escape::Markup, Budget::default()).unwrap_err();
        let JinjaError::Syntax(message) = err else {
            panic!("{err:?}")
        };
        assert!(message.contains("line 2"), "{message}");
    }

    #[test]
    fn a_missing_printed_variable_is_named_but_a_missing_condition_is_false() {
        let t = html("{% if discount %}-{{ discount }}{% endif %}{{ customer.name }}");
        let err = t.render(&json!({"customer": {}})).unwrap_err();
        assert!(
            matches!(&err, JinjaError::Missing(m) if m.contains("customer.name")),
            "{err:?}"
        );
        assert_eq!(
            t.render(&json!({"customer": {"name": "Ada"}})).unwrap(),
            "Ada"
        );
    }

    #[test]
    fn a_runaway_loop_stops_at_the_fuel_limit() {
        let t = compile(
            "{% for a in range(100000) %}{% for b in range(100000) %}x{% endfor %}{% endfor %}",
            Escape::Nothing,
            Budget {
                fuel: 100_000,
                max_output: 1 << 20,
            },
        )
        .unwrap();
        assert!(matches!(
            t.render(&json!({})),
            Err(JinjaError::Exhausted(_))
        ));
    }

    #[test]
    fn fields_are_the_top_level_variables_read() {
        let t = html(
            "{% for item in items %}{{ item.price }}{% endfor %}{{ customer.name }}{% set x = 1 %}{{ x }}{{ range(2) }}",
        );
        assert_eq!(t.fields(), vec!["customer", "items"]);
    }

    #[test]
    fn money_groups_thousands_and_keeps_two_decimals() {
        let t = html("{{ a | money }} {{ b | money }} {{ c | money(0) }} {{ d | money }}");
        let data = json!({"a": 1234567.5, "b": -0.004, "c": 999.6, "d": -42});
        assert_eq!(t.render(&data).unwrap(), "1,234,567.50 0.00 1,000 -42.00");
    }

    #[test]
    fn money_rounds_halves_away_from_zero_as_written() {
        let t = html("{{ a | money }} {{ b | money }} {{ c | money }} {{ d | money(0) }}");
        let data = json!({"a": 2022.405, "b": -0.125, "c": 99.995, "d": 0.5});
        assert_eq!(t.render(&data).unwrap(), "2,022.41 -0.13 100.00 1");
        assert_eq!(round_half_up("9.9951", 3), "9.995");
        assert_eq!(round_half_up("0.0000001", 6), "0.000000");
    }

    #[test]
    fn null_in_data_prints_as_nothing() {
        let t = html("[{{ note }}]");
        assert_eq!(t.render(&json!({"note": null})).unwrap(), "[]");
    }
}
