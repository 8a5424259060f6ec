//! The portal's pages, written as Jinja templates in the one dialect the document generation
//! API renders with (`suite_engines::jinja`: autoescaped HTML, strict about missing values),
//! compiled once at start; each page is rendered, then set in the layout.

use std::collections::HashMap;

use anyhow::{Context, Result};
use serde_json::{Value, json};

use suite_engines::jinja::{self, Budget, Compiled, Escape};

/// Every page template, by name.
const TEMPLATES: &[(&str, &str)] = &[
    ("layout", include_str!("templates/layout.html")),
    ("message", include_str!("templates/message.html")),
    ("login", include_str!("templates/login.html")),
    ("signup", include_str!("templates/signup.html")),
    ("reset", include_str!("templates/reset.html")),
    (
        "reset_confirm",
        include_str!("templates/reset_confirm.html"),
    ),
    ("dashboard", include_str!("templates/dashboard.html")),
    ("usage", include_str!("templates/usage.html")),
    (
        "operator_login",
        include_str!("templates/operator_login.html"),
    ),
    ("operator", include_str!("templates/operator.html")),
];

/// What the layout shows around every page.
#[derive(Debug, Clone, Default)]
pub struct Frame {
    pub title: String,
    pub signed_in: bool,
    pub operator: bool,
    /// The session's CSRF token, for the layout's log-out form.
    pub csrf: String,
}

pub struct Views {
    compiled: HashMap<&'static str, Compiled>,
}

impl Views {
    pub fn compile() -> Result<Views> {
        let budget = Budget {
            fuel: 2_000_000,
            max_output: 4 * 1024 * 1024,
        };
        let mut compiled = HashMap::new();
        for (name, source) in TEMPLATES {
            let template = jinja::compile(source, Escape::Markup, budget)
                .map_err(|e| anyhow::anyhow!("portal template {name}: {e:?}"))?;
            compiled.insert(*name, template);
        }
        Ok(Views { compiled })
    }

    /// `page` rendered with `data`, inside the layout.
    pub fn render(&self, page: &str, data: &Value, frame: &Frame) -> Result<String> {
        let content = self.render_one(page, data)?;
        self.render_one(
            "layout",
            &json!({
                "title": frame.title,
                "signed_in": frame.signed_in,
                "operator": frame.operator,
                "csrf": frame.csrf,
                "content": content,
            }),
        )
    }

    fn render_one(&self, name: &str, data: &Value) -> Result<String> {
        self.compiled
            .get(name)
            .with_context(|| format!("no portal template {name}"))?
            .render(data)
            .map_err(|e| anyhow::anyhow!("rendering portal template {name}: {e:?}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_template_compiles_and_values_are_escaped() {
        let views = Views::compile().unwrap();
        let html = views
            .render(
                "message",
                &json!({"heading": "<script>x</script>", "alert": null, "text": "a & b",
                        "link_href": null, "link_text": null}),
                &Frame {
                    title: "T\"".into(),
                    ..Frame::default()
                },
            )
            .unwrap();
        assert!(
            html.contains("&lt;script&gt;x&lt;&#x2f;script&gt;"),
            "{html}"
        );
        assert!(html.contains("a &amp; b"));
        assert!(!html.contains("<script>x"));
        assert!(
            html.contains("<title>T&quot; · Suite portal</title>"),
            "{html}"
        );
        assert!(
            !html.contains("Log out"),
            "no log-out form without a session"
        );
    }

    #[test]
    fn a_missing_value_is_an_error_not_an_empty_page() {
        let views = Views::compile().unwrap();
        assert!(
            views
                .render("message", &json!({}), &Frame::default())
                .is_err()
        );
    }
}
