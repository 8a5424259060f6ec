//! Every bound the contract declares on a JSON request (`minItems`, `maxItems`, `minimum`,
//! `maximum`) is enforced, found by walking `openapi/suite.yaml` itself: for every bounded
//! field of every implemented operation — and every future one, without editing this test —
//! a request one past the bound is 400 naming that field, and one at the bound is accepted.

use conformance::TestServer;
use conformance::requests::{Input, valid_input};
use serde_json::{Value, json};
use serde_yaml::Value as Yaml;
use suite_platform::generated::api::Operation;
use suite_platform::{Api, Plan};

/// One step of a path into a request: a member, or the first item of an array.
#[derive(Debug, Clone)]
enum Step {
    Member(String),
    FirstItem,
}

#[derive(Debug, Clone, Copy)]
enum Bound {
    MinItems(u64),
    MaxItems(u64),
    Minimum(f64, bool),
    Maximum(f64, bool),
}

struct Contract(Yaml);

impl Contract {
    fn load() -> Contract {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../openapi/suite.yaml");
        let text = std::fs::read_to_string(path).expect("the contract");
        Contract(serde_yaml::from_str(&text).expect("YAML"))
    }

    fn resolve<'a>(&'a self, schema: &'a Yaml) -> &'a Yaml {
        match schema["$ref"].as_str() {
            Some(reference) => {
                let name = reference.trim_start_matches("#/components/schemas/");
                self.resolve(&self.0["components"]["schemas"][name])
            }
            None => schema,
        }
    }

    /// The JSON request schema of `op`, if it has one.
    fn request_schema(&self, op: Operation) -> Option<&Yaml> {
        let operation = &self.0["paths"][op.path()][op.method().to_ascii_lowercase().as_str()];
        let schema = &operation["requestBody"]["content"]["application/json"]["schema"];
        (!schema.is_null()).then(|| self.resolve(schema))
    }

    /// Every bound below `schema`, with the path to it.
    fn bounds(&self, schema: &Yaml, path: &mut Vec<Step>, found: &mut Vec<(Vec<Step>, Bound)>) {
        let schema = self.resolve(schema);
        let integer = schema["type"].as_str() == Some("integer");
        let mut add = |bound| found.push((path.clone(), bound));
        if let Some(n) = schema["minItems"].as_u64() {
            add(Bound::MinItems(n));
        }
        if let Some(n) = schema["maxItems"].as_u64() {
            add(Bound::MaxItems(n));
        }
        if let Some(n) = schema["minimum"].as_f64() {
            add(Bound::Minimum(n, integer));
        }
        if let Some(n) = schema["maximum"].as_f64() {
            add(Bound::Maximum(n, integer));
        }
        if let Some(properties) = schema["properties"].as_mapping() {
            for (name, property) in properties {
                path.push(Step::Member(name.as_str().expect("a name").to_owned()));
                self.bounds(property, path, found);
                path.pop();
            }
        }
        if !schema["items"].is_null() && path.len() < 6 {
            path.push(Step::FirstItem);
            self.bounds(&schema["items"], path, found);
            path.pop();
        }
    }

    /// The smallest value `schema` allows: its required members, short strings. The `nth` item
    /// of an array gets strings of its own, so items that must differ (header names) do.
    fn smallest(&self, schema: &Yaml, nth: u64) -> Value {
        let schema = self.resolve(schema);
        if let Some(first) = schema["enum"].as_sequence().and_then(|e| e.first()) {
            return serde_json::to_value(first).expect("a JSON value");
        }
        match schema["type"].as_str() {
            Some("object") => {
                let mut object = serde_json::Map::new();
                for name in schema["required"].as_sequence().into_iter().flatten() {
                    let name = name.as_str().expect("a name");
                    object.insert(
                        name.to_owned(),
                        self.smallest(&schema["properties"][name], nth),
                    );
                }
                Value::Object(object)
            }
            Some("array") => json!([]),
            Some("integer") | Some("number") => json!(schema["minimum"].as_f64().unwrap_or(0.0)),
            Some("boolean") => json!(false),
            _ => json!(distinct_string(
                nth,
                schema["minLength"].as_u64().unwrap_or(1)
            )),
        }
    }

    /// The item schema of the array at `path` below `schema`.
    fn items_at<'a>(&'a self, schema: &'a Yaml, path: &[Step]) -> &'a Yaml {
        let schema = self.resolve(schema);
        match path.split_first() {
            None => self.resolve(&schema["items"]),
            Some((Step::Member(name), rest)) => self.items_at(&schema["properties"][name], rest),
            Some((Step::FirstItem, rest)) => self.items_at(&schema["items"], rest),
        }
    }
}

/// `x` for the first item, then `xb`, `xc` … `xbb` …: letters only, so any token pattern
/// allows them, padded to `min_length`.
fn distinct_string(nth: u64, min_length: u64) -> String {
    let mut suffix = Vec::new();
    let mut n = nth;
    while n > 0 {
        suffix.push(b'a' + (n % 26) as u8);
        n /= 26;
    }
    let mut text = String::from("x");
    text.extend(suffix.iter().rev().map(|&letter| letter as char));
    while (text.len() as u64) < min_length {
        text.push('x');
    }
    text
}

/// `body` with the value at `path` replaced by `value`; arrays on the way get a first item.
fn set(
    body: &mut Value,
    path: &[Step],
    value: Value,
    first_item: &dyn Fn(&[Step]) -> Value,
    walked: &mut Vec<Step>,
) {
    let Some((step, rest)) = path.split_first() else {
        *body = value;
        return;
    };
    walked.push(step.clone());
    match step {
        Step::Member(name) => {
            let slot = body
                .as_object_mut()
                .expect("an object on the path")
                .entry(name.clone())
                .or_insert(Value::Null);
            if slot.is_null() && !rest.is_empty() {
                *slot = match rest[0] {
                    Step::FirstItem => json!([]),
                    Step::Member(_) => json!({}),
                };
            }
            set(slot, rest, value, first_item, walked);
        }
        Step::FirstItem => {
            let items = body.as_array_mut().expect("an array on the path");
            if items.is_empty() {
                items.push(first_item(&walked[..walked.len() - 1]));
            }
            set(&mut items[0], rest, value, first_item, walked);
        }
    }
}

/// The field as the server names it: `entities[0].threshold`.
fn field_name(path: &[Step]) -> String {
    let mut name = String::new();
    for step in path {
        match step {
            Step::Member(member) => {
                if !name.is_empty() {
                    name.push('.');
                }
                name.push_str(member);
            }
            Step::FirstItem => name.push_str("[0]"),
        }
    }
    name
}

/// The value one past `bound` (`past`) or at it, for the field at `path`.
fn value_for(bound: Bound, past: bool, item: &dyn Fn(u64) -> Value) -> Value {
    let items = |n: u64| Value::Array((0..n).map(item).collect());
    let step = |integer: bool| if integer { 1.0 } else { 0.5 };
    match (bound, past) {
        (Bound::MinItems(n), true) => items(n.saturating_sub(1)),
        (Bound::MinItems(n), false) | (Bound::MaxItems(n), false) => items(n),
        (Bound::MaxItems(n), true) => items(n + 1),
        (Bound::Minimum(x, integer), true) => json!(x - step(integer)),
        (Bound::Maximum(x, integer), true) => json!(x + step(integer)),
        (Bound::Minimum(x, integer), false) | (Bound::Maximum(x, integer), false) => {
            if integer {
                json!(x as i64)
            } else {
                json!(x)
            }
        }
    }
}

#[tokio::test]
async fn every_bound_of_every_operation_is_enforced_at_its_edge() {
    let lists = conformance::real_sanctions_lists(false);
    let server = TestServer::start_with(move |config| config.sanctions.list_dir = lists).await;
    let key = server.key(Plan::Unlimited, &Api::ALL).await;
    let contract = Contract::load();
    let mut checked = 0;
    for op in Operation::ALL {
        let (Some(schema), Input::Json(smallest)) = (contract.request_schema(op), valid_input(op))
        else {
            continue;
        };
        let mut found = Vec::new();
        contract.bounds(schema, &mut Vec::new(), &mut found);
        for (path, bound) in found {
            if matches!(bound, Bound::MinItems(0)) {
                continue;
            }
            let first_item =
                |array: &[Step]| contract.smallest(contract.items_at(schema, array), 0);
            let item = |nth| contract.smallest(contract.items_at(schema, &path), nth);
            let field = field_name(&path);
            for past in [true, false] {
                let mut body = smallest.clone();
                set(
                    &mut body,
                    &path,
                    value_for(bound, past, &item),
                    &first_item,
                    &mut Vec::new(),
                );
                let (status, answer) = server.post_json(&key.secret, op.path(), &body).await;
                let message = answer["message"].as_str().unwrap_or_default();
                if past {
                    assert_eq!(status, 400, "{} {field} {bound:?} past: {answer}", op.id());
                    assert!(
                        message.contains(&format!("`{field}`")),
                        "{} names {field}: {message}",
                        op.id()
                    );
                } else {
                    // At the bound the bounds check passes; a policy refusal of the value
                    // itself (a generated URL is not one the screenshot API may load) is not
                    // a bounds error.
                    assert!(
                        status != 400 || answer["error_code"] != "invalid_input",
                        "{} {field} {bound:?} at the bound: {answer}",
                        op.id()
                    );
                }
            }
            checked += 1;
        }
    }
    // The contract has bounded fields on implemented operations: a walk that finds none is broken.
    assert!(checked >= 8, "only {checked} bounds found");
}
