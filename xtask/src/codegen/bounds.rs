//! Emits the checks of the contract's bounds that the generated types do not enforce
//! themselves (typify checks string lengths and patterns, not `minItems`/`maxItems` nor
//! numeric `minimum`/`maximum`): `impl Bounded` for every request schema with such a bound,
//! directly or in a schema it holds, so the platform refuses out-of-bounds input with 400
//! before any work, once, for every operation.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use anyhow::{Context, Result, bail};
use openapiv3::{OpenAPI, ReferenceOr, Schema, SchemaKind, Type};
use typify::{TypeDetails, TypeId, TypeSpace};

use super::contract::{Body, Operation, ref_name, resolve_schema};

/// `impl Bounded` for each schema reachable from a JSON request body that has bounds, and
/// the names of the request schemas that do (their `JsonInput` checks them).
pub struct BoundsCode {
    pub impls: String,
    pub bounded: Vec<String>,
}

pub fn bounds_impls(spec: &OpenAPI, space: &TypeSpace, ops: &[Operation]) -> Result<BoundsCode> {
    let mut generator = Generator {
        spec,
        space,
        done: BTreeMap::new(),
        out: String::new(),
    };
    let mut bounded = Vec::new();
    for op in ops {
        if let Body::Json { schema, .. } = &op.body
            && generator.visit(schema, 0)?
            && !bounded.contains(schema)
        {
            bounded.push(schema.clone());
        }
    }
    Ok(BoundsCode {
        impls: generator.out,
        bounded,
    })
}

struct Generator<'a> {
    spec: &'a OpenAPI,
    space: &'a TypeSpace,
    /// Schema name → whether it has bounds (its `impl Bounded` is emitted when it has).
    done: BTreeMap<String, bool>,
    out: String,
}

/// How deep schemas are followed (the contract's nest far less).
const MAX_DEPTH: usize = 8;

impl Generator<'_> {
    /// Emits `name`'s checks once; whether it has any bound.
    fn visit(&mut self, name: &str, depth: usize) -> Result<bool> {
        if let Some(bounded) = self.done.get(name) {
            return Ok(*bounded);
        }
        if depth > MAX_DEPTH {
            bail!("schema {name}: nested deeper than {MAX_DEPTH}");
        }
        self.done.insert(name.to_owned(), false);
        let schema = component(self.spec, name)?;
        let SchemaKind::Type(Type::Object(object)) = &schema.schema_kind else {
            return Ok(false);
        };
        let fields = self.rust_fields(name)?;
        let mut body = String::new();
        for (property, property_schema) in &object.properties {
            let (field, optional) = fields
                .get(property)
                .or_else(|| fields.get(&format!("{property}_")))
                .cloned()
                .with_context(|| format!("{name}.{property}: no field in the generated type"))?;
            let checks = self.property_checks(property, &property_schema.clone().unbox(), depth)?;
            if checks.is_empty() {
                continue;
            }
            if optional {
                let _ = writeln!(body, "if let Some(v) = &self.{field} {{\n{checks}}}");
            } else {
                let _ = writeln!(body, "{{\nlet v = &self.{field};\n{checks}}}");
            }
        }
        let bounded = !body.is_empty();
        if bounded {
            let _ = writeln!(
                self.out,
                "\nimpl Bounded for types::{name} {{\n    fn check_bounds(&self, at: &str) -> Result<(), ApiError> {{\n{body}        Ok(())\n    }}\n}}"
            );
        }
        self.done.insert(name.to_owned(), bounded);
        Ok(bounded)
    }

    /// The statements checking `v`, the value of `property`.
    fn property_checks(
        &mut self,
        property: &str,
        schema: &ReferenceOr<Schema>,
        depth: usize,
    ) -> Result<String> {
        if let ReferenceOr::Reference { reference } = schema {
            let target = ref_name(reference, "#/components/schemas/")?.to_owned();
            return Ok(if self.visit(&target, depth + 1)? {
                format!("Bounded::check_bounds(v, &format!(\"{{at}}{property}.\"))?;\n")
            } else {
                String::new()
            });
        }
        let schema = resolve_schema(self.spec, schema)?;
        let mut checks = String::new();
        match &schema.schema_kind {
            SchemaKind::Type(Type::Array(array)) => {
                if array.min_items.is_some() || array.max_items.is_some() {
                    let _ = writeln!(
                        checks,
                        "bounds::items(v.len(), {:?}, {:?}, at, \"{property}\")?;",
                        array.min_items, array.max_items
                    );
                }
                if array.unique_items {
                    bail!(
                        "{property}: uniqueItems is not checked yet; add it to codegen/bounds.rs"
                    );
                }
                if let Some(ReferenceOr::Reference { reference }) = &array.items {
                    let target = ref_name(reference, "#/components/schemas/")?.to_owned();
                    if self.visit(&target, depth + 1)? {
                        let _ = writeln!(
                            checks,
                            "for (i, item) in v.iter().enumerate() {{\nBounded::check_bounds(item, &format!(\"{{at}}{property}[{{i}}].\"))?;\n}}"
                        );
                    }
                }
            }
            SchemaKind::Type(Type::Integer(integer)) => {
                if integer.exclusive_minimum || integer.exclusive_maximum {
                    bail!("{property}: exclusive bounds are not checked yet");
                }
                number(
                    &mut checks,
                    property,
                    integer.minimum.map(|m| m as f64),
                    integer.maximum.map(|m| m as f64),
                );
            }
            SchemaKind::Type(Type::Number(n)) => {
                if n.exclusive_minimum || n.exclusive_maximum {
                    bail!("{property}: exclusive bounds are not checked yet");
                }
                number(&mut checks, property, n.minimum, n.maximum);
            }
            _ => {}
        }
        Ok(checks)
    }
}

fn component<'s>(spec: &'s OpenAPI, name: &str) -> Result<&'s Schema> {
    match spec.components.as_ref().and_then(|c| c.schemas.get(name)) {
        Some(ReferenceOr::Item(schema)) => Ok(schema),
        _ => bail!("no component schema {name}"),
    }
}

impl Generator<'_> {
    /// The generated struct's fields: Rust name → (Rust name, whether it is an `Option`).
    fn rust_fields(&self, name: &str) -> Result<BTreeMap<String, (String, bool)>> {
        let ty = self
            .space
            .iter_types()
            .find(|t| t.name() == name)
            .with_context(|| format!("no generated type {name}"))?;
        let TypeDetails::Struct(details) = ty.details() else {
            bail!("the generated type {name} is not a struct");
        };
        details
            .properties()
            .map(|(field, id)| Ok((field.to_owned(), (field.to_owned(), self.is_option(&id)?))))
            .collect()
    }

    fn is_option(&self, id: &TypeId) -> Result<bool> {
        Ok(matches!(
            self.space.get_type(id)?.details(),
            TypeDetails::Option(_)
        ))
    }
}

fn number(checks: &mut String, property: &str, min: Option<f64>, max: Option<f64>) {
    if min.is_none() && max.is_none() {
        return;
    }
    let _ = writeln!(
        checks,
        "bounds::number(v, {}, {}, at, \"{property}\")?;",
        literal(min),
        literal(max)
    );
}

fn literal(bound: Option<f64>) -> String {
    match bound {
        Some(value) => format!("Some({value:?}_f64)"),
        None => "None".to_owned(),
    }
}
