//! Emits the client crate: progenitor for every JSON operation, and the multipart operations
//! (which progenitor cannot emit) as typed methods on the same `Client`, in the same style.

use std::fmt::Write as _;

use anyhow::{Context, Result};
use openapiv3::{OpenAPI, ReferenceOr};
use progenitor_impl::{GenerationSettings, Generator, InterfaceStyle, TagStyle};

use super::contract::{Body, FieldKind, Operation, Success, pascal};

/// Progenitor's output for the contract without its multipart operations.
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
        .with_interface(InterfaceStyle::Positional)
        .with_tag(TagStyle::Merged);
    let mut generator = Generator::new(&settings);
    let tokens = generator
        .generate_tokens(&json_only)
        .context("progenitor")?;
    Ok(tokens.to_string())
}

/// Typed client methods and form structs for the multipart operations.
pub fn multipart_client(ops: &[Operation]) -> String {
    let with_paths = ops
        .iter()
        .any(|op| matches!(op.body, Body::Multipart { .. }) && !op.path_params.is_empty());
    let mut out = format!(
        "\nuse progenitor_client::{{ClientHooks, ClientInfo, OperationInfo, ResponseValue{}}};\n\nuse crate::upload::{{FilePart, text_part}};\nuse crate::{{ByteStream, Client, Error, types}};\n",
        if with_paths { ", encode_path" } else { "" }
    );
    for op in ops {
        let Body::Multipart { fields, .. } = &op.body else {
            continue;
        };
        let name = pascal(&op.id);
        let _ = writeln!(
            out,
            "\n/// The form of `{}`: {}\n#[derive(Debug, Clone)]\npub struct {name}Form {{",
            op.id, op.summary
        );
        for f in fields {
            let ty = match &f.kind {
                FieldKind::File if f.required => "FilePart".to_owned(),
                FieldKind::File => "Option<FilePart>".to_owned(),
                FieldKind::Files => "Vec<FilePart>".to_owned(),
                FieldKind::Text(ty) if f.required => ty.clone(),
                FieldKind::Text(ty) => format!("Option<{ty}>"),
            };
            let _ = writeln!(out, "    pub {}: {ty},", f.name);
        }
        let _ = writeln!(
            out,
            "}}\n\nimpl {name}Form {{\n    fn into_multipart(self) -> reqwest::multipart::Form {{\n        let mut form = reqwest::multipart::Form::new();"
        );
        for f in fields {
            let line = match (&f.kind, f.required) {
                (FieldKind::File, true) => {
                    format!("form = form.part(\"{0}\", self.{0}.into_part());", f.name)
                }
                (FieldKind::File, false) => format!(
                    "if let Some(file) = self.{0} {{ form = form.part(\"{0}\", file.into_part()); }}",
                    f.name
                ),
                (FieldKind::Files, _) => format!(
                    "for file in self.{0} {{ form = form.part(\"{0}\", file.into_part()); }}",
                    f.name
                ),
                (FieldKind::Text(_), true) => {
                    format!("form = form.text(\"{0}\", text_part(&self.{0}));", f.name)
                }
                (FieldKind::Text(_), false) => format!(
                    "if let Some(value) = &self.{0} {{ form = form.text(\"{0}\", text_part(value)); }}",
                    f.name
                ),
            };
            let _ = writeln!(out, "        {line}");
        }
        out.push_str("        form\n    }\n}\n");
    }
    out.push_str("\nimpl Client {");
    for op in ops {
        let Body::Multipart { .. } = &op.body else {
            continue;
        };
        let name = pascal(&op.id);
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
        let mut path = op.path.clone();
        let mut params = String::new();
        for p in &op.path_params {
            path = path.replace(&format!("{{{p}}}"), "{}");
            let _ = write!(params, ", {p}: &str");
        }
        let path_args: String = op
            .path_params
            .iter()
            .map(|p| format!(", encode_path(&{p}.to_string())"))
            .collect();
        let _ = writeln!(
            out,
            r#"
    /// {summary}
    ///
    /// Sends `{method} {raw_path}` as `multipart/form-data`.
    pub async fn {id}(&self{params}, form: {name}Form) -> Result<ResponseValue<{ok_ty}>, Error<types::Error>> {{
        let url = format!("{{}}{path}", self.baseurl{path_args});
        let mut request = self
            .client
            .{method_lc}(url)
            .header(reqwest::header::ACCEPT, reqwest::header::HeaderValue::from_static("application/json"))
            .header("api-version", Self::api_version())
            .multipart(form.into_multipart())
            .build()?;
        let info = OperationInfo {{ operation_id: "{id}" }};
        self.pre(&mut request, &info).await?;
        let result = self.exec(request, &info).await;
        self.post(&result, &info).await?;
        let response = result?;
        match response.status().as_u16() {{
            {ok_arm}
            400u16..=599u16 => Err(Error::ErrorResponse(ResponseValue::from_response(response).await?)),
            _ => Err(Error::UnexpectedResponse(response)),
        }}
    }}"#,
            summary = op.summary,
            method = op.method,
            raw_path = op.path,
            id = op.id,
            method_lc = op.method.to_lowercase(),
        );
    }
    out.push_str("}\n");
    out
}
