//! Request extractors that fail with problem documents naming the offending field.
//!
//! Bodies are read as bytes under the configured `PayloadConfig` limit (413 past it) and the
//! [`BodyTimeout`] (408 past it, so a client trickling its body cannot hold a connection), then
//! parsed with `serde_path_to_error` so a type error says where it is: syntax errors are 400,
//! anything well-formed that does not fit the schema (unknown field, wrong type, bad enum
//! value) is 422 with the field's path and, from the published schema (`accepted`), what the
//! field takes. No serde or Rust type name reaches the client. The `Content-Type` is not
//! checked, so `curl -d` works.

use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

use actix_web::dev::Payload;
use actix_web::http::StatusCode;
use actix_web::{web, FromRequest, HttpRequest};
use serde::de::DeserializeOwned;
use serde_json::Value;
use serde_path_to_error::{Path, Segment};
use utoipa::openapi::path::ParameterIn;
use utoipa::{IntoParams, ToSchema};

use super::accepted::{describe_value, field_name, quoted, Components, Misfit, Schema, Step};
use super::dto::{self, board};
use super::errors::ApiError;

/// A JSON body parsed into `T`.
#[derive(Debug)]
pub struct ApiJson<T>(pub T);

impl<T: RequestBody + 'static> FromRequest for ApiJson<T> {
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

/// A request body type: decoded by serde and described in the published schema, which the
/// 422s quote.
pub trait RequestBody: DeserializeOwned + ToSchema {}

impl<T: DeserializeOwned + ToSchema> RequestBody for T {}

/// Parses JSON text into `T`, classifying failures as 400 (not JSON) or 422 (wrong shape).
pub fn parse_json<T: RequestBody>(text: &[u8]) -> Result<T, ApiError> {
    let mut deserializer = serde_json::Deserializer::from_slice(text);
    let value = serde_path_to_error::deserialize(&mut deserializer).map_err(|e| {
        // A shape error can be reported before a later syntax error, and serde_json reports
        // a wrong-typed enum as a syntax error: only what is not JSON at all gets the 400.
        match serde_json::from_slice::<Value>(text) {
            Ok(body) => body_error::<T>(&body, e.path(), &e.inner().to_string()),
            Err(syntax) => ApiError::MalformedJson(format!("the body is not valid JSON: {syntax}")),
        }
    })?;
    deserializer
        .end()
        .map_err(|e| ApiError::MalformedJson(format!("the body is not valid JSON: {e}")))?;
    Ok(value)
}

/// Parses a URL query string into `T`; every failure is a 422 naming the parameter.
pub fn parse_query<T: DeserializeOwned + IntoParams>(query: &str) -> Result<T, ApiError> {
    let deserializer =
        serde_urlencoded::Deserializer::new(form_urlencoded::parse(query.as_bytes()));
    serde_path_to_error::deserialize(deserializer).map_err(|e| {
        let steps = steps(e.path());
        field_error(&steps, &e.into_inner().to_string())
            .unwrap_or_else(|| parameter_error::<T>(query, &steps))
    })
}

/// The 422 for a body that is JSON but does not fit `T`: the first field along serde's path
/// whose value does not fit the published schema, with what it takes; failing that, the
/// field where serde stopped, with what it takes (or our own message, already in API words).
fn body_error<T: ToSchema>(body: &Value, path: &Path, message: &str) -> ApiError {
    let steps = steps(path);
    if let Some(error) = field_error(&steps, message) {
        return error;
    }
    let components = components::<T>();
    let root = Schema::reference(&T::name());
    match Schema::new(&root, &components).walk(body, &steps) {
        Err(misfit) => misfit.into(),
        Ok(_)
            if board::FORM_ERRORS
                .iter()
                .any(|own| message.starts_with(own)) =>
        {
            ApiError::Invalid {
                field: field_name(&steps),
                detail: without_position(message).to_string(),
            }
        }
        Ok((schema, value, depth)) => schema
            .misfit(&steps[..depth], &describe_value(value))
            .into(),
    }
}

/// The 422 for a query parameter that does not parse as its schema says.
fn parameter_error<T: IntoParams>(query: &str, steps: &[Step]) -> ApiError {
    let Some(Step::Key(name)) = steps.first() else {
        return ApiError::Invalid {
            field: None,
            detail: "the query string does not fit the parameters documented at /docs".into(),
        };
    };
    let components = components::<dto::MoveRequest>();
    let parameter = T::into_params(|| Some(ParameterIn::Query))
        .into_iter()
        .find(|parameter| &parameter.name == name)
        .and_then(|parameter| serde_json::to_value(parameter.schema).ok())
        .unwrap_or_default();
    let given = form_urlencoded::parse(query.as_bytes())
        .find(|(key, _)| key == name)
        .map_or_else(
            || "nothing".into(),
            |(_, value)| format!("the value {}", quoted(&value)),
        );
    Schema::new(&parameter, &components)
        .misfit(&steps[..1], &given)
        .into()
}

/// Named-field errors whose serde message is already in the API's words (unknown, missing or
/// repeated field), with the field they name.
fn field_error(steps: &[Step], message: &str) -> Option<ApiError> {
    const NAMED: [&str; 3] = ["unknown field `", "missing field `", "duplicate field `"];
    let rest = NAMED
        .iter()
        .find_map(|prefix| message.strip_prefix(prefix))?;
    let key = rest.split('`').next().unwrap_or_default();
    let mut steps = steps.to_vec();
    if steps.last() != Some(&Step::Key(key.to_string())) {
        steps.push(Step::Key(key.to_string()));
    }
    Some(ApiError::Invalid {
        field: field_name(&steps),
        detail: without_position(message).to_string(),
    })
}

/// serde's path as steps; an unknown segment ends it.
fn steps(path: &Path) -> Vec<Step> {
    path.iter()
        .map_while(|segment| match segment {
            Segment::Map { key } => Some(Step::Key(key.clone())),
            Segment::Seq { index } => Some(Step::Index(*index)),
            Segment::Enum { .. } | Segment::Unknown => None,
        })
        .collect()
}

/// A serde_json message without its " at line 1 column 44": the field already says where.
fn without_position(message: &str) -> &str {
    message
        .rfind(" at line ")
        .map_or(message, |cut| &message[..cut])
}

/// The request schemas, `T` among them, by component name.
fn components<T: ToSchema>() -> Components {
    let mut schemas = dto::request_schemas();
    schemas.push((T::name().into_owned(), T::schema()));
    T::schemas(&mut schemas);
    schemas
        .into_iter()
        .filter_map(|(name, schema)| Some((name, serde_json::to_value(schema).ok()?)))
        .collect()
}

impl From<Misfit> for ApiError {
    fn from(misfit: Misfit) -> ApiError {
        ApiError::Invalid {
            field: field_name(&misfit.steps),
            detail: misfit.detail,
        }
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

    #[test]
    fn a_wrong_typed_value_in_valid_json_is_a_422_not_a_syntax_error() {
        // serde_json reports a number where an enum belongs as a syntax error.
        let error = parse_json::<MoveRequest>(br#"{"board": {"moves": []}, "rule": 5}"#)
            .unwrap_err()
            .problem();
        assert_eq!((error.status, error.field.as_deref()), (422, Some("rule")));
        let error = parse_json::<MoveRequest>(br#"{"board": {"moves": []}, "rule": 5"#)
            .unwrap_err()
            .problem();
        assert_eq!(error.status, 400);
        assert!(error.detail.contains("line 1 column"), "{}", error.detail);
    }

    #[test]
    fn a_repeated_key_is_named_as_the_field() {
        let body = br#"{"board": {"moves": [], "moves": []}}"#;
        let error = parse_json::<MoveRequest>(body).unwrap_err();
        assert_eq!(field(error).as_deref(), Some("board.moves"));
    }
}
