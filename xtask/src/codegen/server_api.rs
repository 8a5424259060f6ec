//! Emits the server's API layer: the `Operation` enum, the `Backend` trait hand-written code
//! implements, the dropshot API trait, and its only implementation, whose bodies pass every
//! request through the platform (authenticate, read within limits, admit against the quota)
//! before the backend sees it.

use std::fmt::Write as _;

use super::contract::{Body, FieldKind, Operation, Success, pascal};

pub fn server_api(ops: &[Operation], tags: &[String]) -> String {
    let mut out = String::new();
    out.push_str(HEADER);
    operation_enum(&mut out, ops);
    for op in ops {
        inputs(&mut out, op);
    }
    backend_trait(&mut out, ops);
    api_trait(&mut out, ops);
    api_impl(&mut out, ops);
    let _ = tags;
    out
}

const HEADER: &str = r#"
use std::future::Future;

use dropshot::{
    FreeformBody, HttpError, HttpResponseCreated, HttpResponseDeleted, HttpResponseHeaders,
    HttpResponseOk, Path, Query, RequestContext,
};

use super::types;
use crate::platform::extract::{FormBody, JsonBody, RawForm, Upload};
use crate::platform::{Api, ApiError, Caller, FileBody, Gateway};
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
        Body::Json(schema) => args.push(("body".into(), format!("types::{schema}"))),
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

fn backend_trait(out: &mut String, ops: &[Operation]) {
    out.push_str(
        "\n/// What hand-written code implements: one method per operation, called only for an\n\
         /// authenticated caller whose input was read within limits and whose quota admitted it.\n\
         /// An operation left at its default answers 501 `not_implemented`.\n\
         pub trait Backend: dropshot::ServerContext {\n    /// The platform every request passes through first.\n    fn gateway(&self) -> &Gateway;\n",
    );
    for op in ops {
        let args = arguments(op);
        let params: String = args.iter().map(|(n, t)| format!(", {n}: {t}")).collect();
        let names: Vec<&str> = args.iter().map(|(n, _)| n.as_str()).collect();
        let _ = writeln!(
            out,
            "\n    /// `{} {}`: {}\n    fn {}(&self, caller: &Caller{params}) -> impl Future<Output = Result<{}, ApiError>> + Send {{\n        let _ = (caller, {});\n        async {{ Err(ApiError::not_implemented(Operation::{}.id())) }}\n    }}",
            op.method,
            op.path,
            op.summary,
            op.id,
            backend_output(op),
            names.join(", "),
            variant(op)
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
        Body::Json(schema) => {
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
        "\n/// The only implementation of [`SuiteApi`]: every body authenticates, reads the input within\n\
         /// limits, admits the call against the quota, and only then calls the [`Backend`].\n\
         pub struct SuiteServer<B>(std::marker::PhantomData<B>);\n\nimpl<B: Backend> SuiteApi for SuiteServer<B> {\n    type Context = B;\n",
    );
    for op in ops {
        let name = variant(op);
        let mut body = String::new();
        let _ = writeln!(
            body,
            "            let caller = gateway.authenticate(&rqctx, op).await?;"
        );
        let mut call_args = Vec::new();
        if !op.path_params.is_empty() {
            let _ = writeln!(body, "            let path = path.into_inner();");
            for p in &op.path_params {
                call_args.push(format!("path.{p}"));
            }
        }
        if !op.query_params.is_empty() {
            call_args.push("query.into_inner()".into());
        }
        match &op.body {
            Body::None => {}
            Body::Json(_) => {
                let _ = writeln!(body, "            let body = body.read(gateway).await?;");
                call_args.push("body".into());
            }
            Body::Multipart { .. } => {
                let _ = writeln!(
                    body,
                    "            let form = {name}Form::from_raw(form.read(gateway).await?)?;"
                );
                call_args.push("form".into());
            }
        }
        let cost = match (&op.batch_items, &op.body, op.free) {
            (_, _, true) => "0".to_owned(),
            (Some(field), Body::Multipart { .. }, _) => {
                format!("gateway.batch_cost(op, form.{field}.len())?")
            }
            (Some(field), _, _) => format!("gateway.batch_cost(op, body.{field}.len())?"),
            (None, _, _) => "1".to_owned(),
        };
        let _ = writeln!(
            body,
            "            let admission = gateway.admit(&caller, op, {cost}).await?;"
        );
        let _ = writeln!(
            body,
            "            let outcome = gateway.work(op, backend.{}(&caller{})).await;",
            op.id,
            call_args
                .iter()
                .map(|a| format!(", {a}"))
                .collect::<String>()
        );
        let settle = match &op.success {
            Success::Json { status: 201, .. } => {
                "gateway.settle(admission, outcome.map(HttpResponseCreated)).await"
            }
            Success::Json { .. } => "gateway.settle(admission, outcome.map(HttpResponseOk)).await",
            Success::NoContent => {
                "gateway.settle(admission, outcome.map(|()| HttpResponseDeleted())).await"
            }
            Success::File => "gateway.settle_file(admission, outcome).await",
        };
        let _ = writeln!(body, "            {settle}");
        let _ = writeln!(
            out,
            "\n    async fn {}(rqctx: RequestContext<B>{}) -> {} {{\n        let backend = rqctx.context();\n        let gateway = backend.gateway();\n        let op = Operation::{name};\n        gateway\n            .observe(op, async {{\n{body}            }})\n            .await\n    }}",
            op.id,
            extractors(op),
            response_type(op)
        );
    }
    out.push_str("}\n");
}
