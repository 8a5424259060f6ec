//! `IMPLEMENTED` (`server/src/backend.rs`) tells the truth: every operation outside it answers
//! 501 `not_implemented` to a valid request, and every operation in it answers something
//! else. The requests are the smallest valid ones the contract allows.

use conformance::TestServer;
use conformance::requests::{Input, valid_input};
use reqwest::multipart::{Form, Part};
use serde_json::Value;
use suite_platform::generated::api::Operation;
use suite_platform::{Api, Plan};
use suite_server::backend::IMPLEMENTED;

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
async fn implemented_lists_exactly_the_operations_that_do_not_answer_501() {
    let server = TestServer::start().await;
    let key = server.key(Plan::Unlimited, &Api::ALL).await;
    for op in Operation::ALL {
        let (status, body) = answer(&server, &key.secret, op).await;
        if IMPLEMENTED.contains(&op) {
            assert_ne!(
                status,
                501,
                "{} is in IMPLEMENTED but answered {body}",
                op.id()
            );
        } else {
            assert_eq!(
                status,
                501,
                "{} is not in IMPLEMENTED but answered {body}",
                op.id()
            );
            assert_eq!(body["error_code"], "not_implemented", "{}", op.id());
        }
    }
}
