//! Every operation of the contract is served: its smallest valid request (the smallest the
//! contract allows, `conformance::requests::valid_input`) gets past input validation to the
//! API, and the API answers it without a server error. The backend traits have no defaults,
//! so no operation can answer 501 `not_implemented`; what this keeps honest is the request
//! table the bound tests build on, and that no API fails on the least it can be sent.

use conformance::TestServer;
use conformance::requests::{Input, valid_input};
use reqwest::multipart::{Form, Part};
use serde_json::Value;
use suite_platform::generated::api::Operation;
use suite_platform::{Api, Plan};

async fn answer(server: &TestServer, secret: &str, op: Operation) -> (u16, Value) {
    let path = op.path().replace("{id}", "doc_0000000000000000");
    let method = reqwest::Method::from_bytes(op.method().as_bytes()).expect("a method");
    let request = server
        .raw()
        .request(method, server.url(&path))
        .header("X-API-Key", secret);
    let request = match valid_input(op) {
        Input::None => request,
        Input::Json(body) => request.json(&body),
        Input::Form(files, texts) => {
            let mut form = Form::new();
            for (name, bytes, media) in files {
                let part = Part::bytes(bytes)
                    .file_name(name)
                    .mime_str(media)
                    .expect("a media type");
                form = form.part(name, part);
            }
            for (name, value) in texts {
                form = form.text(name, value);
            }
            request.multipart(form)
        }
    };
    let response = request.send().await.expect("response");
    let status = response.status().as_u16();
    let body = response.json().await.unwrap_or(Value::Null);
    (status, body)
}

#[tokio::test]
async fn every_operation_serves_its_smallest_valid_request() {
    // Screening needs lists: the real ones in process; an external server has its own.
    let server = if conformance::external::is_external() {
        TestServer::start().await
    } else {
        let lists = conformance::real_sanctions_lists(false);
        TestServer::start_with(move |config| config.sanctions.list_dir = lists).await
    };
    let key = server.key(Plan::Unlimited, &Api::ALL).await;
    for op in Operation::ALL {
        let (status, body) = answer(&server, &key.secret, op).await;
        // A domain refusal (a built-in template's missing variable, 400 `missing_variable`)
        // is an answer of the API; a refusal of the input's shape or size is not.
        let refused_as_input = body["error_code"] == "invalid_input" || matches!(status, 413 | 415);
        assert!(
            !refused_as_input && status < 500,
            "{} answered {status} {body}",
            op.id()
        );
    }
}
