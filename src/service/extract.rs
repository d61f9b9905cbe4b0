//! Request extractors that fail with problem documents naming the offending field.
//!
//! Bodies are read as bytes under the configured `PayloadConfig` limit (413 past it) and the
//! [`BodyTimeout`] (408 past it, so a client trickling its body cannot hold a connection), then
//! parsed with `serde_path_to_error` so a type error says where it is: syntax errors are 400,
//! anything well-formed that does not fit the schema (unknown field, wrong type, bad enum
//! value) is 422 with the field's path. The `Content-Type` is not checked, so `curl -d` works.

use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

use actix_web::dev::Payload;
use actix_web::http::StatusCode;
use actix_web::{web, FromRequest, HttpRequest};
use serde::de::DeserializeOwned;

use super::errors::ApiError;

/// A JSON body parsed into `T`.
#[derive(Debug)]
pub struct ApiJson<T>(pub T);

impl<T: DeserializeOwned + 'static> FromRequest for ApiJson<T> {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let limit = req
            .app_data::<BodyLimit>()
            .map_or(DEFAULT_LIMIT, |limit| limit.0);
        let timeout = req
            .app_data::<BodyTimeout>()
            .map_or(DEFAULT_TIMEOUT, |timeout| timeout.0);
        let bytes = web::Bytes::from_request(req, payload);
        Box::pin(async move {
            let bytes =
                tokio::time::timeout(timeout, bytes)
                    .await
                    .map_err(|_| ApiError::BodyTimeout {
                        timeout_ms: timeout.as_millis(),
                    })?;
            let bytes = bytes.map_err(|e| {
                if e.as_response_error().status_code() == StatusCode::PAYLOAD_TOO_LARGE {
                    ApiError::BodyTooLarge { limit }
                } else {
                    ApiError::MalformedJson(format!("cannot read the body: {e}"))
                }
            })?;
            parse_json(&bytes).map(ApiJson)
        })
    }
}

/// The body limit, registered next to the `PayloadConfig` that enforces it (actix offers no
/// getter) so the 413 can say what the limit is.
#[derive(Clone, Copy, Debug)]
pub struct BodyLimit(pub usize);

/// Body limit when none is registered: the documented default.
const DEFAULT_LIMIT: usize = 65_536;

/// The time a client has to send the whole body once its head has arrived (actix's own
/// client request timeout covers the head only).
#[derive(Clone, Copy, Debug)]
pub struct BodyTimeout(pub Duration);

/// Body timeout when none is registered: the documented default.
const DEFAULT_TIMEOUT: Duration =
    Duration::from_millis(super::hardening::DEFAULT_CLIENT_REQUEST_TIMEOUT_MS);

/// Parses JSON text into `T`, classifying failures as 400 (not JSON) or 422 (wrong shape).
pub fn parse_json<T: DeserializeOwned>(text: &[u8]) -> Result<T, ApiError> {
    let mut deserializer = serde_json::Deserializer::from_slice(text);
    let value = serde_path_to_error::deserialize(&mut deserializer).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        // A shape error can be reported before a later syntax error: only well-formed JSON
        // gets the 422.
        if inner.is_data() && serde_json::from_slice::<serde::de::IgnoredAny>(text).is_ok() {
            shape_error(&path, &inner.to_string())
        } else {
            ApiError::MalformedJson(format!("the body is not valid JSON: {inner}"))
        }
    })?;
    deserializer
        .end()
        .map_err(|e| ApiError::MalformedJson(format!("the body is not valid JSON: {e}")))?;
    Ok(value)
}

/// Parses a URL query string into `T`; every failure is a 422 naming the parameter.
pub fn parse_query<T: DeserializeOwned>(query: &str) -> Result<T, ApiError> {
    let deserializer =
        serde_urlencoded::Deserializer::new(form_urlencoded::parse(query.as_bytes()));
    serde_path_to_error::deserialize(deserializer).map_err(|e| {
        let path = e.path().to_string();
        shape_error(&path, &e.into_inner().to_string())
    })
}

/// A 422 at `path`; at the top level (`.`) a missing field's name becomes the field, and an
/// empty path (a parameter without a name) names none.
fn shape_error(path: &str, message: &str) -> ApiError {
    let field = match path {
        "." => message
            .strip_prefix("missing field `")
            .and_then(|rest| rest.split('`').next())
            .map(str::to_string),
        "" => None,
        _ => Some(path.to_string()),
    };
    ApiError::Invalid {
        field,
        detail: message.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::dto::{MoveQuery, MoveRequest};

    fn field(error: ApiError) -> Option<String> {
        error.problem().field
    }

    #[test]
    fn an_unknown_parameter_is_named_as_the_field() {
        let error = parse_query::<MoveQuery>("moves=h8&bogus=1").unwrap_err();
        assert_eq!(field(error).as_deref(), Some("bogus"));
    }

    #[test]
    fn an_empty_parameter_or_key_name_is_not_named() {
        // Found by the `request` fuzz target: the problem named an empty field.
        let error = parse_query::<MoveQuery>("moves=h8&=1").unwrap_err();
        let problem = error.problem();
        assert_eq!(problem.status, 422);
        assert_eq!(problem.field, None);
        let error = parse_json::<MoveRequest>(br#"{"board": {"moves": []}, "": 1}"#).unwrap_err();
        assert_eq!(field(error), None);
    }
}
