//! Drift test: the OpenAPI document dropshot publishes for the generated API trait must say
//! what openapi/suite.yaml says — same paths, methods, operationIds, tags, parameters, request
//! and response schemas — after normalising the differences inherent to dropshot (errors as
//! `4XX`/`5XX`, binary bodies as `*/*`, multipart bodies as a binary string, no security
//! schemes, `nullable` and descriptions, and dropshot's own `Error` schema, which makes the
//! contract's `Error` appear as `Error2`).

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{Map, Value, json};

fn contract() -> Value {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../openapi/suite.yaml"
    ))
    .expect("contract");
    serde_yaml::from_str(&text).expect("contract parses")
}

fn published() -> Value {
    let api = suite_platform::generated::api::suite_api_mod::stub_api_description()
        .expect("stub description");
    api.openapi("API Suite", semver::Version::new(1, 0, 0))
        .json()
        .expect("openapi json")
}

/// Canonicalises schemas of one document: `$ref`s to schemas the contract names stay refs;
/// any other `$ref` (dropshot's newtypes) is inlined.
struct Canon<'a> {
    schemas: &'a Map<String, Value>,
    named: &'a BTreeSet<String>,
}

impl Canon<'_> {
    fn schema(&self, schema: &Value) -> Value {
        let Some(object) = schema.as_object() else {
            return schema.clone();
        };
        if let Some(reference) = object.get("$ref").and_then(Value::as_str) {
            let name = reference.rsplit('/').next().unwrap_or_default();
            if self.named.contains(name) {
                return json!({ "$ref": name });
            }
            // dropshot publishes its own `Error`, so schemars renames the contract's to `Error2`.
            let unsuffixed = name.trim_end_matches(|c: char| c.is_ascii_digit());
            if unsuffixed != name && self.named.contains(unsuffixed) {
                return json!({ "$ref": unsuffixed });
            }
            return self.schema(self.schemas.get(name).unwrap_or(&Value::Null));
        }
        if let Some(Value::Array(all)) = object.get("allOf")
            && all.len() == 1
        {
            return self.schema(&all[0]);
        }
        let mut out = Map::new();
        for (key, value) in object {
            match key.as_str() {
                "type" | "additionalProperties" => {
                    out.insert(
                        key.clone(),
                        if value.is_object() {
                            self.schema(value)
                        } else {
                            value.clone()
                        },
                    );
                }
                "properties" => {
                    let props: Map<String, Value> = value
                        .as_object()
                        .into_iter()
                        .flatten()
                        .map(|(name, s)| (name.clone(), self.schema(s)))
                        .collect();
                    out.insert(key.clone(), Value::Object(props));
                }
                "required" | "enum" => {
                    let mut items: Vec<String> = value
                        .as_array()
                        .into_iter()
                        .flatten()
                        .map(|v| v.to_string())
                        .collect();
                    items.sort();
                    out.insert(key.clone(), json!(items));
                }
                "items" => {
                    out.insert(key.clone(), self.schema(value));
                }
                _ => {}
            }
        }
        Value::Object(out)
    }
}

fn skeleton(doc: &Value, named: &BTreeSet<String>) -> BTreeMap<String, Value> {
    let empty = Map::new();
    let schemas = doc["components"]["schemas"].as_object().unwrap_or(&empty);
    let canon = Canon { schemas, named };
    let mut ops = BTreeMap::new();
    for (path, item) in doc["paths"].as_object().into_iter().flatten() {
        for (method, op) in item.as_object().into_iter().flatten() {
            let mut tags: Vec<String> = op["tags"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|t| t.to_string())
                .collect();
            tags.sort();
            let mut params: Vec<Value> = op["parameters"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|p| {
                    json!({
                        "in": p["in"], "name": p["name"],
                        "required": p["required"].as_bool().unwrap_or(false),
                        "schema": canon.schema(&p["schema"]),
                    })
                })
                .collect();
            params.sort_by_key(|p| p.to_string());
            let body = op.get("requestBody").map(|body| {
                let content: Map<String, Value> = body["content"]
                    .as_object()
                    .into_iter()
                    .flatten()
                    .map(|(media, m)| {
                        let schema = if media == "multipart/form-data" { json!("form") } else { canon.schema(&m["schema"]) };
                        (media.clone(), schema)
                    })
                    .collect();
                json!({ "required": body["required"].as_bool().unwrap_or(false), "content": content })
            });
            let mut responses = BTreeMap::new();
            for (status, response) in op["responses"].as_object().into_iter().flatten() {
                let class = match status.chars().next() {
                    Some('2') => status.clone(),
                    Some(c) => format!("{c}XX"),
                    None => continue,
                };
                let content = response.get("content").and_then(Value::as_object);
                let shape = match content {
                    None => json!("empty"),
                    Some(_) if class != *status => json!("error"),
                    Some(content) => match content.get("application/json") {
                        Some(m) => canon.schema(&m["schema"]),
                        None => json!("binary"),
                    },
                };
                responses.insert(class, shape);
            }
            let key = format!("{} {path}", method.to_uppercase());
            ops.insert(
                key,
                json!({
                    "operationId": op["operationId"], "tags": tags, "parameters": params,
                    "requestBody": body, "responses": responses,
                }),
            );
        }
    }
    ops
}

fn named_schemas(doc: &Value) -> BTreeSet<String> {
    doc["components"]["schemas"]
        .as_object()
        .into_iter()
        .flatten()
        .map(|(k, _)| k.clone())
        .collect()
}

#[test]
fn published_operations_match_the_contract() {
    let contract = contract();
    let published = published();
    let named = named_schemas(&contract);
    let expected = skeleton(&contract, &named);
    let actual = skeleton(&published, &named);
    let expected_keys: BTreeSet<_> = expected.keys().collect();
    let actual_keys: BTreeSet<_> = actual.keys().collect();
    assert_eq!(expected_keys, actual_keys, "operations differ");
    let mut drift = Vec::new();
    for (key, want) in &expected {
        if actual[key] != *want {
            drift.push(format!(
                "{key}\n  contract:  {want}\n  published: {}",
                actual[key]
            ));
        }
    }
    assert!(
        drift.is_empty(),
        "drift between suite.yaml and the generated trait:\n{}",
        drift.join("\n")
    );
}

#[test]
fn published_schemas_match_the_contract() {
    let contract = contract();
    let published = published();
    let named = named_schemas(&contract);
    let empty = Map::new();
    let contract_schemas = contract["components"]["schemas"]
        .as_object()
        .unwrap_or(&empty);
    let published_schemas = published["components"]["schemas"]
        .as_object()
        .unwrap_or(&empty);
    let from_contract = Canon {
        schemas: contract_schemas,
        named: &named,
    };
    let from_published = Canon {
        schemas: published_schemas,
        named: &named,
    };
    let mut drift = Vec::new();
    let mut compared = 0;
    for (name, schema) in published_schemas {
        if !named.contains(name) {
            continue; // a newtype dropshot names; compared where it is inlined
        }
        compared += 1;
        let want = from_contract.schema(&contract_schemas[name]);
        let got = from_published.schema(schema);
        // dropshot's own error body: compare property names only (its `error_code` is optional).
        let (want, got) = if name == "Error" {
            (
                want["properties"]
                    .as_object()
                    .map(|p| p.keys().cloned().collect::<Vec<_>>())
                    .into(),
                got["properties"]
                    .as_object()
                    .map(|p| p.keys().cloned().collect::<Vec<_>>())
                    .into(),
            )
        } else {
            (want, got)
        };
        if want != got {
            drift.push(format!("{name}\n  contract:  {want}\n  published: {got}"));
        }
    }
    assert!(compared > 50, "only {compared} schemas compared");
    assert!(drift.is_empty(), "schema drift:\n{}", drift.join("\n"));
}
