//! Emits the server's API layer: the `Operation` enum, one backend trait per API (which that
//! API's crate implements), the `Backend` trait that gathers them, the dropshot API trait, and
//! its only implementation, whose bodies are one call of the hand-written pipeline
//! (`crates/platform/src/pipeline.rs`): what to read, how many batch items, which backend
//! method, which response.

use std::fmt::Write as _;

use super::bounds::BoundsCode;
use super::contract::{Body, FieldKind, Operation, Success, pascal};

pub fn server_api(ops: &[Operation], tags: &[String], bounds: &BoundsCode) -> String {
    let mut out = String::new();
    out.push_str(HEADER);
    operation_enum(&mut out, ops);
    for op in ops {
        inputs(&mut out, op);
    }
    json_inputs(&mut out, ops, &bounds.bounded);
    query_check(&mut out, ops);
    out.push_str(&bounds.impls);
    backend_trait(&mut out, ops, tags);
    api_trait(&mut out, ops);
    api_impl(&mut out, ops);
    out
}

const HEADER: &str = r#"
use std::future::Future;

use dropshot::{
    FreeformBody, HttpError, HttpResponseCreated, HttpResponseDeleted, HttpResponseHeaders,
    HttpResponseOk, Path, Query, RequestContext,
};

use super::types;
use crate::bounds::{self, Bounded};
use crate::extract::{FormBody, JsonBody, JsonInput, RawForm, Upload};
use crate::pipeline::{self, RequestHead};
use crate::{Api, ApiError, Caller, FileBody, Platform};
"#;

fn variant(op: &Operation) -> String {
    pascal(&op.id)
}

fn operation_enum(out: &mut String, ops: &[Operation]) {
    out.push_str("\n/// Every operation of the contract, one variant per `operationId`.\n");
    out.push_str("#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]\npub enum Operation {\n");
    for op in ops {
        let _ = writeln!(
            out,
            "    /// `{} {}`: {}\n    {},",
            op.method,
            op.path,
            op.summary,
            variant(op)
        );
    }
    out.push_str("}\n\nimpl Operation {\n");
    let _ = writeln!(
        out,
        "    /// All operations, sorted by `operationId`.\n    pub const ALL: [Operation; {}] = [",
        ops.len()
    );
    for op in ops {
        let _ = writeln!(out, "        Operation::{},", variant(op));
    }
    out.push_str("    ];\n\n");
    let table = |out: &mut String,
                 doc: &str,
                 name: &str,
                 ty: &str,
                 value: &dyn Fn(&Operation) -> String| {
        let _ = writeln!(
            out,
            "    /// {doc}\n    pub fn {name}(self) -> {ty} {{\n        match self {{"
        );
        for op in ops {
            let _ = writeln!(
                out,
                "            Operation::{} => {},",
                variant(op),
                value(op)
            );
        }
        out.push_str("        }\n    }\n\n");
    };
    table(out, "The `operationId`.", "id", "&'static str", &|op| {
        format!("{:?}", op.id)
    });
    table(
        out,
        "The API (tag) the operation belongs to.",
        "api",
        "Api",
        &|op| format!("Api::{}", pascal(&op.tag)),
    );
    table(out, "The HTTP method.", "method", "&'static str", &|op| {
        format!("{:?}", op.method)
    });
    table(out, "The path template.", "path", "&'static str", &|op| {
        format!("{:?}", op.path)
    });
    table(
        out,
        "Whether calls cost no quota (downloads).",
        "is_free",
        "bool",
        &|op| op.free.to_string(),
    );
    table(
        out,
        "A batch operation's items (`x-batch-items`) and how many one call may hold (`x-batch-max`).",
        "batch",
        "Option<(&'static str, usize)>",
        &|op| match &op.batch {
            Some(batch) => format!("Some(({:?}, {}))", batch.field, batch.max),
            None => "None".to_owned(),
        },
    );
    out.push_str("}\n");
}

fn inputs(out: &mut String, op: &Operation) {
    let name = variant(op);
    if !op.path_params.is_empty() {
        let _ = writeln!(
            out,
            "\n/// Path parameters of `{}`.\n#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]\npub struct {name}Path {{",
            op.id
        );
        for p in &op.path_params {
            let _ = writeln!(out, "    pub {p}: String,");
        }
        out.push_str("}\n");
    }
    if !op.query_params.is_empty() {
        let _ = writeln!(
            out,
            "\n/// Query parameters of `{}`.\n#[derive(Debug, Default, serde::Deserialize, schemars::JsonSchema)]\npub struct {name}Query {{",
            op.id
        );
        for q in &op.query_params {
            let FieldKind::Text(ty) = &q.kind else {
                continue;
            };
            let ty = if q.required {
                ty.clone()
            } else {
                format!("Option<{ty}>")
            };
            let _ = writeln!(out, "    pub {}: {ty},", q.name);
        }
        out.push_str("}\n");
    }
    if let Body::Multipart { fields, schema } = &op.body {
        let _ = writeln!(
            out,
            "\n/// The parts of `{}`'s form (`{schema}`), read within the platform's limits.\n#[derive(Debug)]\npub struct {name}Form {{",
            op.id
        );
        for f in fields {
            let ty = match &f.kind {
                FieldKind::File if f.required => "Upload".to_owned(),
                FieldKind::File => "Option<Upload>".to_owned(),
                FieldKind::Files => "Vec<Upload>".to_owned(),
                FieldKind::Text(ty) if f.required => ty.clone(),
                FieldKind::Text(ty) => format!("Option<{ty}>"),
            };
            let _ = writeln!(out, "    pub {}: {ty},", f.name);
        }
        let _ = writeln!(
            out,
            "}}\n\nimpl {name}Form {{\n    /// Takes the declared parts out of `raw`; a missing, repeated or unknown part is a 400.\n    pub fn from_raw(mut raw: RawForm) -> Result<Self, ApiError> {{\n        let form = Self {{"
        );
        for f in fields {
            let call = match (&f.kind, f.required) {
                (FieldKind::File, true) => "file",
                (FieldKind::File, false) => "optional_file",
                (FieldKind::Files, _) => "files",
                (FieldKind::Text(_), true) => "text",
                (FieldKind::Text(_), false) => "optional_text",
            };
            let _ = writeln!(out, "            {0}: raw.{call}(\"{0}\")?,", f.name);
        }
        out.push_str("        };\n        raw.finish()?;\n        Ok(form)\n    }\n}\n");
    }
}

/// The typed arguments after `caller`, as `name: Type` pairs.
fn arguments(op: &Operation) -> Vec<(String, String)> {
    let name = variant(op);
    let mut args: Vec<(String, String)> = op
        .path_params
        .iter()
        .map(|p| (p.clone(), "String".to_owned()))
        .collect();
    if !op.query_params.is_empty() {
        args.push(("query".into(), format!("{name}Query")));
    }
    match &op.body {
        Body::None => {}
        Body::Json { schema, .. } => args.push(("body".into(), format!("types::{schema}"))),
        Body::Multipart { .. } => args.push(("form".into(), format!("{name}Form"))),
    }
    args
}

fn backend_output(op: &Operation) -> String {
    match &op.success {
        Success::Json { schema, .. } => format!("types::{schema}"),
        Success::NoContent => "()".into(),
        Success::File => "FileBody".into(),
    }
}

/// The precheck's input type of `op`, when it declares `x-precheck` and has a body.
fn precheck_input(op: &Operation) -> Option<String> {
    let input = match &op.body {
        Body::Json { schema, .. } => format!("types::{schema}"),
        Body::Multipart { .. } => format!("{}Form", variant(op)),
        Body::None => return None,
    };
    op.precheck.then_some(input)
}

/// One trait per API tag, which that API's crate implements, and `Backend`, which gathers
/// one implementation of each: an API that leaves an operation out does not compile.
fn backend_trait(out: &mut String, ops: &[Operation], tags: &[String]) {
    for tag in tags {
        let _ = writeln!(
            out,
            "\n/// What the `{tag}` API implements: one method per operation, called only for an\n\
             /// authenticated caller whose input was read within limits and whose quota admitted it.\n\
             pub trait {}Backend: Send + Sync + 'static {{",
            pascal(tag)
        );
        for op in ops.iter().filter(|op| &op.tag == tag) {
            let params: String = arguments(op)
                .iter()
                .map(|(n, t)| format!(", {n}: {t}"))
                .collect();
            let _ = writeln!(
                out,
                "\n    /// `{} {}`: {}\n    fn {}(&self, platform: &Platform, caller: &Caller{params}) -> impl Future<Output = Result<{}, ApiError>> + Send;",
                op.method,
                op.path,
                op.summary,
                op.id,
                backend_output(op),
            );
            if let Some(input) = precheck_input(op) {
                let _ = writeln!(
                    out,
                    "\n    /// Checks the input of `{}` before quota admission (`x-precheck`): a refusal here costs nothing.\n    fn {}_precheck(&self, platform: &Platform, caller: &Caller, body: &{input}) -> impl Future<Output = Result<(), ApiError>> + Send;",
                    op.id, op.id
                );
            }
        }
        out.push_str("}\n");
    }
    out.push_str(
        "\n/// What the server hands the generated API: the platform every request passes through\n\
         /// first, and one implementation of each API's trait.\n\
         pub trait Backend: dropshot::ServerContext {\n    /// The platform every request passes through first.\n    fn platform(&self) -> &Platform;\n",
    );
    for tag in tags {
        let name = pascal(tag);
        let _ = writeln!(
            out,
            "\n    /// The `{tag}` API.\n    type {name}: {name}Backend;\n\n    /// The `{tag}` API's implementation.\n    fn {tag}(&self) -> &Self::{name};"
        );
    }
    out.push_str("}\n");
}

fn response_type(op: &Operation) -> String {
    let inner = match &op.success {
        Success::Json {
            status: 201,
            schema,
        } => format!("HttpResponseCreated<types::{schema}>"),
        Success::Json { schema, .. } => format!("HttpResponseOk<types::{schema}>"),
        Success::NoContent => "HttpResponseDeleted".into(),
        Success::File => "HttpResponseOk<FreeformBody>".into(),
    };
    format!("Result<HttpResponseHeaders<{inner}>, HttpError>")
}

fn extractors(op: &Operation) -> String {
    let name = variant(op);
    let mut s = String::new();
    if !op.path_params.is_empty() {
        let _ = write!(s, ", path: Path<{name}Path>");
    }
    if !op.query_params.is_empty() {
        let _ = write!(s, ", query: Query<{name}Query>");
    }
    match &op.body {
        Body::None => {}
        Body::Json { schema, .. } => {
            let _ = write!(s, ", body: JsonBody<types::{schema}>");
        }
        Body::Multipart { .. } => s.push_str(", form: FormBody"),
    }
    s
}

fn api_trait(out: &mut String, ops: &[Operation]) {
    out.push_str("\n/// The contract as a dropshot API trait; `SuiteServer` is its only implementation.\n#[dropshot::api_description]\npub trait SuiteApi {\n    type Context: Backend;\n");
    for op in ops {
        let _ = writeln!(
            out,
            "\n    /// {}\n    #[endpoint {{ method = {}, path = \"{}\", tags = [\"{}\"] }}]\n    async fn {}(rqctx: RequestContext<Self::Context>{}) -> {};",
            op.summary,
            op.method,
            op.path,
            op.tag,
            op.id,
            extractors(op),
            response_type(op)
        );
    }
    out.push_str("}\n");
}

fn api_impl(out: &mut String, ops: &[Operation]) {
    out.push_str(
        "\n/// The only implementation of [`SuiteApi`]: every body is one call of the platform's\n\
         /// pipeline (`pipeline::handle`), which authenticates, reads the input within limits,\n\
         /// admits the call against the quota, and only then calls the [`Backend`].\n\
         pub struct SuiteServer<B>(std::marker::PhantomData<B>);\n\nimpl<B: Backend> SuiteApi for SuiteServer<B> {\n    type Context = B;\n",
    );
    for op in ops {
        let name = variant(op);
        let (read, pattern) = read_input(op);
        let items = match (&op.batch, &op.body) {
            (Some(batch), Body::Multipart { .. }) => {
                format!("|form| Some(form.{}.len())", batch.field)
            }
            (Some(batch), _) => format!("|body| Some(body.{}.len())", batch.field),
            (None, _) => "|_| None".to_owned(),
        };
        let args: String = arguments(op)
            .iter()
            .map(|(arg, _)| {
                if op.path_params.contains(arg) {
                    format!(", path.{arg}")
                } else {
                    format!(", {arg}")
                }
            })
            .collect();
        let respond = match &op.success {
            Success::Json { status: 201, .. } => "pipeline::created",
            Success::Json { .. } => "pipeline::ok",
            Success::NoContent => "pipeline::deleted",
            Success::File => "pipeline::file",
        };
        let _ = writeln!(
            out,
            "\n    async fn {id}(rqctx: RequestContext<B>{extractors}) -> {response} {{\n        let backend = rqctx.context();\n        let platform = backend.platform();\n        pipeline::handle(\n            platform,\n            RequestHead::of(&rqctx),\n            Operation::{name},\n            {read},\n            {items},\n            |caller, {pattern}| async move {{ backend.{tag}().{id}(platform, &caller{args}).await }},\n            {respond},\n        )\n        .await\n    }}",
            id = op.id,
            tag = op.tag,
            extractors = extractors(op),
            response = response_type(op),
        );
    }
    out.push_str("}\n");
}

/// The future that reads `op`'s input (only awaited once the caller is authenticated), and
/// the pattern that takes it apart for the backend call.
fn read_input(op: &Operation) -> (String, String) {
    let mut reads = Vec::new();
    let mut names = Vec::new();
    if !op.path_params.is_empty() {
        reads.push("path.into_inner()".to_owned());
        names.push("path");
    }
    if !op.query_params.is_empty() {
        reads.push("query.into_inner()".to_owned());
        names.push("query");
    }
    match &op.body {
        Body::None => {}
        Body::Json { .. } => {
            reads.push("body.read(platform.limits()).await?".to_owned());
            names.push("body");
        }
        Body::Multipart { .. } => {
            reads.push(format!(
                "{}Form::from_raw(form.read(platform.limits(), Operation::{}.batch().map(|(_, max)| max)).await?)?",
                variant(op),
                variant(op)
            ));
            names.push("form");
        }
    }
    match (reads.as_slice(), names.as_slice()) {
        ([_], [name]) if *name == "body" && op.precheck => (
            format!(
                "move |caller: &Caller| {{ let caller = caller.clone(); async move {{ let body = body.read(platform.limits()).await?; backend.{}().{}_precheck(platform, &caller, &body).await?; Ok(body) }} }}",
                op.tag, op.id
            ),
            (*name).to_owned(),
        ),
        ([_], [name]) if *name == "body" && matches!(op.body, Body::Json { .. }) => (
            "move |_: &Caller| body.read(platform.limits())".to_owned(),
            (*name).to_owned(),
        ),
        ([read], [name]) if *name == "form" && op.precheck => (
            format!(
                "move |caller: &Caller| {{ let caller = caller.clone(); async move {{ let form = {read}; backend.{}().{}_precheck(platform, &caller, &form).await?; Ok(form) }} }}",
                op.tag, op.id
            ),
            (*name).to_owned(),
        ),
        ([read], [name]) if *name == "form" => (
            format!(
                "move |_: &Caller| async move {{ {} }}",
                read.trim_end_matches('?')
            ),
            (*name).to_owned(),
        ),
        ([read], [name]) => (
            format!("move |_: &Caller| async move {{ Ok::<_, ApiError>({read}) }}"),
            (*name).to_owned(),
        ),
        ([], []) => (
            "|_: &Caller| async { Ok::<_, ApiError>(()) }".to_owned(),
            "()".to_owned(),
        ),
        _ => (
            format!(
                "move |_: &Caller| async move {{ Ok::<_, ApiError>(({})) }}",
                reads.join(", ")
            ),
            format!("({})", names.join(", ")),
        ),
    }
}

/// `check_query`: the query string of an operation read as its declared parameters, so that
/// a malformed one is the platform's 400 `invalid_input` (the version policy calls it before
/// dropshot's own extractor, whose error body has no `error_code`).
fn query_check(out: &mut String, ops: &[Operation]) {
    out.push_str("\n/// Reads `query` as the query parameters of the operation `operation_id` (nothing to read\n/// for one without): a malformed query string is 400 `invalid_input`.\npub fn check_query(operation_id: &str, query: &str) -> Result<(), ApiError> {\n    let read = match operation_id {\n");
    for op in ops.iter().filter(|op| !op.query_params.is_empty()) {
        let _ = writeln!(
            out,
            "        \"{}\" => serde_urlencoded::from_str::<{}Query>(query).map(drop),",
            op.id,
            variant(op)
        );
    }
    out.push_str("        _ => Ok(()),\n    };\n    read.map_err(|e| ApiError::InvalidInput(format!(\"the query string: {e}\")))\n}\n");
}

/// `JsonInput` for every JSON request body: the paths of its free-form members, and its
/// bounds check when it has bounds.
fn json_inputs(out: &mut String, ops: &[Operation], bounded: &[String]) {
    let mut seen = std::collections::BTreeMap::new();
    for op in ops {
        if let Body::Json { schema, free_form } = &op.body {
            seen.insert(schema.clone(), free_form.clone());
        }
    }
    for (schema, free_form) in seen {
        let paths: Vec<String> = free_form.iter().map(|p| format!("{p:?}")).collect();
        let check = if bounded.contains(&schema) {
            "\n    fn check_bounds(&self) -> Result<(), ApiError> {\n        Bounded::check_bounds(self, \"\")\n    }"
        } else {
            ""
        };
        let _ = writeln!(
            out,
            "\nimpl JsonInput for types::{schema} {{\n    const FREE_FORM: &'static [&'static str] = &[{}];{check}\n}}",
            paths.join(", ")
        );
    }
}
