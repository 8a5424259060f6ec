//! Reads openapi/suite.yaml into the small operation model the generators share.

use anyhow::{Context, Result, bail};
use openapiv3::{
    MediaType, OpenAPI, Operation as SpecOperation, Parameter, ParameterSchemaOrContent,
    ReferenceOr, RequestBody, Response, Schema, SchemaKind, StatusCode, Type,
};

/// One operation of the contract, as the generators need it.
#[derive(Debug, Clone)]
pub struct Operation {
    /// `operationId`, snake_case; also the Rust method name.
    pub id: String,
    /// HTTP method, upper case.
    pub method: String,
    /// Path template, e.g. `/v1/dev/pdf/download/{id}`.
    pub path: String,
    /// The single tag: the API this operation belongs to.
    pub tag: String,
    /// First line of the summary, for doc comments.
    pub summary: String,
    /// Path parameters, in order (all strings).
    pub path_params: Vec<String>,
    /// Query parameters.
    pub query_params: Vec<Field>,
    /// What the request body is.
    pub body: Body,
    /// What a success looks like.
    pub success: Success,
    /// `x-batch-items` and `x-batch-max`: the array field (or file part) whose length is the
    /// quota cost, and the most items one call may hold.
    pub batch: Option<Batch>,
    /// `x-quota-cost: 0`: the operation is free (downloads).
    pub free: bool,
    /// `x-precheck: true`: the backend checks the read input before quota admission (its
    /// `<op>_precheck` method), for refusals that need more than the schema, such as
    /// resolving a URL's host; such a refusal costs nothing.
    pub precheck: bool,
}

/// A batch operation's items: the field that holds them and how many one call may hold.
#[derive(Debug, Clone)]
pub struct Batch {
    pub field: String,
    pub max: u64,
}

/// A named, typed field: a query parameter or a multipart text part.
#[derive(Debug, Clone)]
pub struct Field {
    pub name: String,
    pub kind: FieldKind,
    pub required: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub enum FieldKind {
    /// A single uploaded file part.
    File,
    /// A repeated file part.
    Files,
    /// A text value of the given Rust type (`String`, `i64`, `types::Foo`, ...).
    Text(String),
}

#[derive(Debug, Clone)]
pub enum Body {
    None,
    /// `application/json` with the named schema, and the paths of its free-form members
    /// (`additionalProperties: true` objects, e.g. `data` or `items[].data`).
    Json {
        schema: String,
        free_form: Vec<String>,
    },
    /// `multipart/form-data`: the form schema's name and its parts.
    Multipart {
        schema: String,
        fields: Vec<Field>,
    },
}

#[derive(Debug, Clone)]
pub enum Success {
    /// JSON body of the named schema with this status (200 or 201).
    Json { status: u16, schema: String },
    /// 204 without a body.
    NoContent,
    /// A file: binary body of one of the listed media types.
    File,
}

/// Methods in the order operations are emitted.
const METHODS: [&str; 4] = ["GET", "POST", "PUT", "DELETE"];

pub fn load(path: &std::path::Path) -> Result<OpenAPI> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    serde_yaml::from_str(&text).with_context(|| format!("parsing {}", path.display()))
}

/// Every operation of the contract, sorted by operationId.
pub fn operations(spec: &OpenAPI) -> Result<Vec<Operation>> {
    let mut ops = Vec::new();
    for (path, item) in &spec.paths.paths {
        let ReferenceOr::Item(item) = item else {
            bail!("path {path}: $ref path items are not supported")
        };
        for method in METHODS {
            let op = match method {
                "GET" => &item.get,
                "POST" => &item.post,
                "PUT" => &item.put,
                _ => &item.delete,
            };
            if let Some(op) = op {
                ops.push(
                    operation(spec, method, path, op)
                        .with_context(|| format!("{method} {path}"))?,
                );
            }
        }
    }
    ops.sort_by(|a, b| a.id.cmp(&b.id));
    Ok(ops)
}

fn operation(spec: &OpenAPI, method: &str, path: &str, op: &SpecOperation) -> Result<Operation> {
    let id = op.operation_id.clone().context("missing operationId")?;
    let [tag] = op.tags.as_slice() else {
        bail!("{id}: exactly one tag is required")
    };
    let mut path_params = Vec::new();
    let mut query_params = Vec::new();
    for p in &op.parameters {
        let p = resolve_parameter(spec, p)?;
        match p {
            Parameter::Path { parameter_data, .. } => path_params.push(parameter_data.name.clone()),
            Parameter::Query { parameter_data, .. } => {
                let ParameterSchemaOrContent::Schema(schema) = &parameter_data.format else {
                    bail!(
                        "{id}: query parameter {} needs a schema",
                        parameter_data.name
                    )
                };
                query_params.push(Field {
                    name: parameter_data.name.clone(),
                    kind: FieldKind::Text(rust_scalar(schema)?),
                    required: parameter_data.required,
                });
            }
            _ => bail!("{id}: only path and query parameters are supported"),
        }
    }
    let body = match &op.request_body {
        None => Body::None,
        Some(body) => request_body(spec, &id, body)?,
    };
    let success = success(spec, &id, op)?;
    let batch = batch(&id, op)?;
    let free = op.extensions.get("x-quota-cost").and_then(|v| v.as_u64()) == Some(0);
    let precheck = op.extensions.get("x-precheck").and_then(|v| v.as_bool()) == Some(true);
    if precheck && matches!(body, Body::None) {
        bail!("{id}: x-precheck is for operations with a JSON or multipart body");
    }
    Ok(Operation {
        summary: op.summary.clone().unwrap_or_default(),
        id,
        method: method.to_owned(),
        path: path.to_owned(),
        tag: tag.clone(),
        path_params,
        query_params,
        body,
        success,
        batch,
        free,
        precheck,
    })
}

/// `x-batch-items: <field>` with `x-batch-max: <n>` beside it; one without the other is an error.
fn batch(id: &str, op: &SpecOperation) -> Result<Option<Batch>> {
    let field = op.extensions.get("x-batch-items");
    let max = op.extensions.get("x-batch-max");
    match (field, max) {
        (None, None) => Ok(None),
        (Some(field), Some(max)) => Ok(Some(Batch {
            field: field
                .as_str()
                .with_context(|| format!("{id}: x-batch-items must be a field name"))?
                .to_owned(),
            max: max
                .as_u64()
                .filter(|max| *max > 0)
                .with_context(|| format!("{id}: x-batch-max must be a positive integer"))?,
        })),
        _ => bail!("{id}: x-batch-items and x-batch-max go together"),
    }
}

/// How deep free-form members are looked for (the contract's bodies nest far less).
const FREE_FORM_DEPTH: usize = 8;

/// Collects the paths below `schema` whose value is a free-form object
/// (`additionalProperties: true`): `data`, `items[].data`.
fn free_form_paths(
    spec: &OpenAPI,
    schema: &ReferenceOr<Schema>,
    path: &str,
    depth: usize,
    found: &mut Vec<String>,
) -> Result<()> {
    if depth > FREE_FORM_DEPTH {
        return Ok(());
    }
    let schema = resolve_schema(spec, schema)?;
    match &schema.schema_kind {
        SchemaKind::Type(Type::Object(object)) => {
            if matches!(
                object.additional_properties,
                Some(openapiv3::AdditionalProperties::Any(true))
            ) && !path.is_empty()
            {
                found.push(path.to_owned());
                return Ok(());
            }
            for (name, property) in &object.properties {
                let child = if path.is_empty() {
                    name.clone()
                } else {
                    format!("{path}.{name}")
                };
                free_form_paths(spec, &property.clone().unbox(), &child, depth + 1, found)?;
            }
        }
        SchemaKind::Type(Type::Array(array)) => {
            if let Some(items) = &array.items {
                let child = format!("{path}[]");
                free_form_paths(spec, &items.clone().unbox(), &child, depth + 1, found)?;
            }
        }
        SchemaKind::AllOf { all_of: parts }
        | SchemaKind::OneOf { one_of: parts }
        | SchemaKind::AnyOf { any_of: parts } => {
            for part in parts {
                free_form_paths(spec, part, path, depth + 1, found)?;
            }
        }
        _ => {}
    }
    Ok(())
}

fn resolve_parameter<'a>(
    spec: &'a OpenAPI,
    p: &'a ReferenceOr<Parameter>,
) -> Result<&'a Parameter> {
    match p {
        ReferenceOr::Item(p) => Ok(p),
        ReferenceOr::Reference { reference } => {
            let name = ref_name(reference, "#/components/parameters/")?;
            match spec
                .components
                .as_ref()
                .and_then(|c| c.parameters.get(name))
            {
                Some(ReferenceOr::Item(p)) => Ok(p),
                _ => bail!("unresolved parameter {reference}"),
            }
        }
    }
}

fn resolve_response<'a>(spec: &'a OpenAPI, r: &'a ReferenceOr<Response>) -> Result<&'a Response> {
    match r {
        ReferenceOr::Item(r) => Ok(r),
        ReferenceOr::Reference { reference } => {
            let name = ref_name(reference, "#/components/responses/")?;
            match spec.components.as_ref().and_then(|c| c.responses.get(name)) {
                Some(ReferenceOr::Item(r)) => Ok(r),
                _ => bail!("unresolved response {reference}"),
            }
        }
    }
}

pub fn resolve_schema<'a>(spec: &'a OpenAPI, s: &'a ReferenceOr<Schema>) -> Result<&'a Schema> {
    match s {
        ReferenceOr::Item(s) => Ok(s),
        ReferenceOr::Reference { reference } => {
            let name = ref_name(reference, "#/components/schemas/")?;
            match spec.components.as_ref().and_then(|c| c.schemas.get(name)) {
                Some(ReferenceOr::Item(s)) => Ok(s),
                _ => bail!("unresolved schema {reference}"),
            }
        }
    }
}

pub fn ref_name<'a>(reference: &'a str, prefix: &str) -> Result<&'a str> {
    reference
        .strip_prefix(prefix)
        .with_context(|| format!("{reference} is not under {prefix}"))
}

fn schema_ref_name(schema: &Option<ReferenceOr<Schema>>) -> Result<String> {
    match schema {
        Some(ReferenceOr::Reference { reference }) => {
            Ok(ref_name(reference, "#/components/schemas/")?.to_owned())
        }
        _ => bail!("body schemas must be a $ref to a named component"),
    }
}

fn request_body(spec: &OpenAPI, id: &str, body: &ReferenceOr<RequestBody>) -> Result<Body> {
    let ReferenceOr::Item(body) = body else {
        bail!("{id}: $ref request bodies are not supported")
    };
    if let Some(media) = body.content.get("application/json") {
        let schema = schema_ref_name(&media.schema)?;
        let mut free_form = Vec::new();
        if let Some(root) = &media.schema {
            free_form_paths(spec, root, "", 0, &mut free_form)?;
        }
        return Ok(Body::Json { schema, free_form });
    }
    if let Some(media) = body.content.get("multipart/form-data") {
        return multipart(spec, media);
    }
    bail!("{id}: request body must be application/json or multipart/form-data")
}

fn multipart(spec: &OpenAPI, media: &MediaType) -> Result<Body> {
    let schema_name = schema_ref_name(&media.schema)?;
    let schema = resolve_schema(spec, media.schema.as_ref().context("form schema")?)?;
    let SchemaKind::Type(Type::Object(object)) = &schema.schema_kind else {
        bail!("form {schema_name} must be an object")
    };
    let mut fields = Vec::new();
    for (name, prop) in &object.properties {
        let required = object.required.contains(name);
        let kind = match prop {
            ReferenceOr::Reference { reference } => FieldKind::Text(format!(
                "types::{}",
                ref_name(reference, "#/components/schemas/")?
            )),
            ReferenceOr::Item(prop) => match &prop.schema_kind {
                SchemaKind::Type(Type::String(s)) if is_binary(&s.format) => FieldKind::File,
                SchemaKind::Type(Type::Array(a)) => match &a.items {
                    Some(ReferenceOr::Item(item)) if matches!(&item.schema_kind, SchemaKind::Type(Type::String(s)) if is_binary(&s.format)) => {
                        FieldKind::Files
                    }
                    _ => bail!("form {schema_name}.{name}: arrays must be of binary strings"),
                },
                _ => FieldKind::Text(rust_scalar(&ReferenceOr::Item(prop.as_ref().clone()))?),
            },
        };
        fields.push(Field {
            name: name.clone(),
            kind,
            required,
        });
    }
    Ok(Body::Multipart {
        schema: schema_name,
        fields,
    })
}

fn is_binary(format: &openapiv3::VariantOrUnknownOrEmpty<openapiv3::StringFormat>) -> bool {
    matches!(
        format,
        openapiv3::VariantOrUnknownOrEmpty::Item(openapiv3::StringFormat::Binary)
    )
}

/// The Rust type of a scalar schema (query parameter or form text part).
fn rust_scalar(schema: &ReferenceOr<Schema>) -> Result<String> {
    Ok(match schema {
        ReferenceOr::Reference { reference } => {
            format!("types::{}", ref_name(reference, "#/components/schemas/")?)
        }
        ReferenceOr::Item(s) => match &s.schema_kind {
            SchemaKind::Type(Type::String(_)) => "String".into(),
            SchemaKind::Type(Type::Integer(_)) => "i64".into(),
            SchemaKind::Type(Type::Number(_)) => "f64".into(),
            SchemaKind::Type(Type::Boolean(_)) => "bool".into(),
            other => bail!("unsupported scalar schema {other:?}"),
        },
    })
}

fn success(spec: &OpenAPI, id: &str, op: &SpecOperation) -> Result<Success> {
    let mut found = None;
    for (status, response) in &op.responses.responses {
        let StatusCode::Code(code) = status else {
            bail!("{id}: status ranges are not allowed")
        };
        if !(200..300).contains(code) {
            continue;
        }
        if found.is_some() {
            bail!("{id}: exactly one success status is allowed");
        }
        let response = resolve_response(spec, response)?;
        found = Some(if *code == 204 {
            Success::NoContent
        } else if let Some(media) = response.content.get("application/json") {
            Success::Json {
                status: *code,
                schema: schema_ref_name(&media.schema)?,
            }
        } else if !response.content.is_empty() && *code == 200 {
            Success::File
        } else {
            bail!("{id}: unsupported success response {code}")
        });
    }
    found.with_context(|| format!("{id}: no success response"))
}

/// `snake_case` to `PascalCase`.
pub fn pascal(snake: &str) -> String {
    snake
        .split(['_', '-'])
        .map(|part| {
            let mut chars = part.chars();
            chars
                .next()
                .map(|c| c.to_ascii_uppercase().to_string() + chars.as_str())
                .unwrap_or_default()
        })
        .collect()
}
