//! Emits the client crate: progenitor for every JSON operation, and the multipart operations
//! (which progenitor cannot emit) as typed methods on the same `Client`, in the same style.
//! Both use builders (`client.op().field(..).send().await`): progenitor's builder interface
//! turns typify's struct builders on for the client's own types, so a constrained string is
//! given as `&str` and checked by `send`. The server's types come from a type space of their
//! own (`types.rs`) and stay plain structs.

use std::fmt::Write as _;

use anyhow::{Context, Result};
use openapiv3::{OpenAPI, ReferenceOr};
use progenitor_impl::{GenerationSettings, Generator, InterfaceStyle, TagStyle};

use super::contract::{Body, Field, FieldKind, Operation, Success, pascal};

/// Progenitor's output for the contract without its multipart operations, in its builder
/// interface.
pub fn progenitor_client(spec: &OpenAPI, ops: &[Operation]) -> Result<String> {
    let mut json_only = spec.clone();
    for op in ops
        .iter()
        .filter(|op| matches!(op.body, Body::Multipart { .. }))
    {
        if let Some(ReferenceOr::Item(item)) = json_only.paths.paths.get_mut(&op.path) {
            match op.method.as_str() {
                "GET" => item.get = None,
                "PUT" => item.put = None,
                "DELETE" => item.delete = None,
                _ => item.post = None,
            }
        }
    }
    json_only.paths.paths.retain(|_, item| match item {
        ReferenceOr::Item(item) => item.iter().next().is_some(),
        ReferenceOr::Reference { .. } => true,
    });
    let mut settings = GenerationSettings::default();
    settings
        .with_interface(InterfaceStyle::Builder)
        .with_tag(TagStyle::Merged);
    let mut generator = Generator::new(&settings);
    let tokens = generator
        .generate_tokens(&json_only)
        .context("progenitor")?;
    Ok(tokens.to_string())
}

/// The multipart operations (file uploads) in progenitor's builder style: a method on
/// `Client` that starts a builder, one setter per form part, and `send`, with the same
/// typed `Error` and `ResponseValue`. A value a setter cannot convert, or a required part
/// never set, is `Error::InvalidRequest` from `send`.
pub fn multipart_client(ops: &[Operation]) -> String {
    let uploads: Vec<(&Operation, &[Field])> = ops
        .iter()
        .filter_map(|op| match &op.body {
            Body::Multipart { fields, .. } => Some((op, fields.as_slice())),
            _ => None,
        })
        .collect();
    let mut out = String::from("\nuse crate::Client;\n\nimpl Client {");
    for (op, fields) in &uploads {
        let name = pascal(&op.id);
        let setters: String = op
            .path_params
            .iter()
            .chain(fields.iter().map(|f| &f.name))
            .map(|p| format!("\n    ///     .{p}({p})"))
            .collect();
        let _ = writeln!(
            out,
            r#"
    /// {summary}
    ///
    /// Sends `{method} {path}` as `multipart/form-data`.
    ///
    /// ```ignore
    /// let response = client.{id}(){setters}
    ///     .send()
    ///     .await;
    /// ```
    pub fn {id}(&self) -> builder::{name}<'_> {{
        builder::{name}::new(self)
    }}"#,
            summary = op.summary,
            method = op.method,
            path = op.path,
            id = op.id,
        );
    }
    out.push_str("}\n\n/// Builders for the multipart operations.\npub mod builder {\n    #[allow(unused_imports)]\n    use progenitor_client::{ClientHooks, ClientInfo, OperationInfo, ResponseValue, encode_path};\n\n    use crate::upload::{FilePart, text_part};\n    use crate::{ByteStream, Error, types};\n");
    for (op, fields) in &uploads {
        out.push_str(&multipart_builder(op, fields));
    }
    out.push_str("}\n");
    out
}

/// What a builder field holds: the Rust type of a part, `Option` when the part may be left out.
fn part_type(field: &Field) -> String {
    let base = match &field.kind {
        FieldKind::File => "FilePart".to_owned(),
        FieldKind::Files => "Vec<FilePart>".to_owned(),
        FieldKind::Text(ty) => ty.clone(),
    };
    match field.kind {
        FieldKind::Files => base,
        _ if field.required => base,
        _ => format!("Option<{base}>"),
    }
}

/// One operation's builder: its fields (each a `Result` so a bad value waits for `send`),
/// setters and `send`.
fn multipart_builder(op: &Operation, fields: &[Field]) -> String {
    let name = pascal(&op.id);
    let mut out = String::new();
    let _ = write!(
        out,
        "\n    /// Builder for [`Client::{id}`]\n    ///\n    /// [`Client::{id}`]: crate::Client::{id}\n    #[derive(Debug, Clone)]\n    pub struct {name}<'a> {{\n        client: &'a crate::Client,",
        id = op.id
    );
    for p in &op.path_params {
        let _ = write!(out, "\n        {p}: Result<String, String>,");
    }
    for f in fields {
        let _ = write!(
            out,
            "\n        {}: Result<{}, String>,",
            f.name,
            part_type(f)
        );
    }
    let _ = write!(
        out,
        "\n    }}\n\n    impl<'a> {name}<'a> {{\n        pub fn new(client: &'a crate::Client) -> Self {{\n            Self {{\n                client,"
    );
    for p in &op.path_params {
        let _ = write!(
            out,
            "\n                {p}: Err(\"{p} was not initialized\".to_string()),"
        );
    }
    for f in fields {
        let init = match f.kind {
            FieldKind::Files => "Ok(Vec::new())".to_owned(),
            _ if f.required => format!("Err(\"{} was not initialized\".to_string())", f.name),
            _ => "Ok(None)".to_owned(),
        };
        let _ = write!(out, "\n                {}: {init},", f.name);
    }
    out.push_str("\n            }\n        }\n");
    for p in &op.path_params {
        out.push_str(&converting_setter(p, "String", false));
    }
    for f in fields {
        match &f.kind {
            FieldKind::File => {
                let wrap = if f.required { "value" } else { "Some(value)" };
                let _ = write!(
                    out,
                    "\n        /// The `{0}` file part.\n        pub fn {0}(mut self, value: FilePart) -> Self {{\n            self.{0} = Ok({wrap});\n            self\n        }}\n",
                    f.name
                );
            }
            FieldKind::Files => {
                let _ = write!(
                    out,
                    "\n        /// The `{0}` file parts, one part each, in order.\n        pub fn {0}<I>(mut self, files: I) -> Self\n        where\n            I: IntoIterator<Item = FilePart>,\n        {{\n            self.{0} = Ok(files.into_iter().collect());\n            self\n        }}\n",
                    f.name
                );
            }
            FieldKind::Text(ty) => out.push_str(&converting_setter(&f.name, ty, !f.required)),
        }
    }
    let (ok_ty, ok_arm) = match &op.success {
        Success::Json { status, schema } => (
            format!("types::{schema}"),
            format!("{status}u16 => ResponseValue::from_response(response).await,"),
        ),
        Success::NoContent => (
            "()".to_owned(),
            "204u16 => Ok(ResponseValue::empty(response)),".to_owned(),
        ),
        Success::File => (
            "ByteStream".to_owned(),
            "200u16 => Ok(ResponseValue::stream(response)),".to_owned(),
        ),
    };
    let names: Vec<&str> = op
        .path_params
        .iter()
        .map(String::as_str)
        .chain(fields.iter().map(|f| f.name.as_str()))
        .collect();
    let mut path = op.path.clone();
    for p in &op.path_params {
        path = path.replace(&format!("{{{p}}}"), "{}");
    }
    let path_args: String = op
        .path_params
        .iter()
        .map(|p| format!(", encode_path(&{p})"))
        .collect();
    let _ = write!(
        out,
        "\n        /// Sends `{method} {raw_path}` as `multipart/form-data`.\n        pub async fn send(self) -> Result<ResponseValue<{ok_ty}>, Error<types::Error>> {{\n            let Self {{ client, {all} }} = self;",
        method = op.method,
        raw_path = op.path,
        all = names.join(", "),
    );
    for n in &names {
        let _ = write!(
            out,
            "\n            let {n} = {n}.map_err(Error::InvalidRequest)?;"
        );
    }
    out.push_str("\n            let mut form = reqwest::multipart::Form::new();");
    for f in fields {
        let line = match (&f.kind, f.required) {
            (FieldKind::File, true) => {
                format!("form = form.part(\"{0}\", {0}.into_part());", f.name)
            }
            (FieldKind::File, false) => format!(
                "if let Some(file) = {0} {{ form = form.part(\"{0}\", file.into_part()); }}",
                f.name
            ),
            (FieldKind::Files, _) => format!(
                "for file in {0} {{ form = form.part(\"{0}\", file.into_part()); }}",
                f.name
            ),
            (FieldKind::Text(_), true) => {
                format!("form = form.text(\"{0}\", text_part(&{0}));", f.name)
            }
            (FieldKind::Text(_), false) => format!(
                "if let Some(value) = &{0} {{ form = form.text(\"{0}\", text_part(value)); }}",
                f.name
            ),
        };
        let _ = write!(out, "\n            {line}");
    }
    let _ = writeln!(
        out,
        r#"
            let url = format!("{{}}{path}", client.baseurl{path_args});
            let mut request = client
                .client
                .{method_lc}(url)
                .header(reqwest::header::ACCEPT, reqwest::header::HeaderValue::from_static("application/json"))
                .header("api-version", crate::Client::api_version())
                .multipart(form)
                .build()?;
            let info = OperationInfo {{ operation_id: "{id}" }};
            client.pre(&mut request, &info).await?;
            let result = client.exec(request, &info).await;
            client.post(&result, &info).await?;
            let response = result?;
            match response.status().as_u16() {{
                {ok_arm}
                400u16..=599u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
                _ => Err(Error::UnexpectedResponse(response)),
            }}
        }}
    }}"#,
        method_lc = op.method.to_lowercase(),
        id = op.id,
    );
    out
}

/// A setter that takes anything convertible to the part's type (`&str` for a contract enum or
/// a string); a failed conversion is kept and returned by `send` as `Error::InvalidRequest`.
fn converting_setter(name: &str, ty: &str, optional: bool) -> String {
    let wrap = if optional { ".map(Some)" } else { "" };
    format!(
        r#"
        pub fn {name}<V>(mut self, value: V) -> Self
        where
            V: std::convert::TryInto<{ty}>,
            V::Error: std::fmt::Display,
        {{
            self.{name} = value
                .try_into(){wrap}
                .map_err(|e| format!("conversion to `{ty}` for {name} failed: {{e}}"));
            self
        }}
"#
    )
}
