//! Every failure a client can see, as an RFC 9457 `application/problem+json` document.

use std::time::Duration;

use actix_web::http::{header, StatusCode};
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;
use utoipa::ToSchema;

use crate::engine::PositionError;

/// The media type of problem documents.
pub const PROBLEM_JSON: &str = "application/problem+json";

/// An error answered to the client.
#[derive(Clone, Debug, thiserror::Error)]
pub enum ApiError {
    /// The body is not JSON at all (syntax error, truncated, trailing data).
    #[error("{0}")]
    MalformedJson(String),
    /// The body exceeds the configured limit.
    #[error("the request body exceeds the limit of {limit} bytes")]
    BodyTooLarge {
        /// The limit in bytes.
        limit: usize,
    },
    /// The client did not send the whole body in time (a slow or stalled client).
    #[error("the request body did not arrive within {timeout_ms} ms")]
    BodyTimeout {
        /// The time the client had.
        timeout_ms: u128,
    },
    /// Well-formed, but a field is missing, of the wrong type or impossible.
    #[error("{detail}")]
    Invalid {
        /// Dotted path of the offending field (`board.moves[3]`), when one can be named.
        field: Option<String>,
        /// What is wrong with it.
        detail: String,
    },
    /// The search pool stayed saturated for the whole queue timeout.
    #[error("all {capacity} search slots stayed busy for {waited_ms} ms; retry shortly")]
    Overloaded {
        /// Searches allowed at once.
        capacity: usize,
        /// How long the request queued.
        waited_ms: u128,
        /// The hint sent as `Retry-After`.
        retry_after: Duration,
    },
    /// A search did not stop within its deadline plus the margin.
    #[error("the search overran its deadline of {budget_ms} ms and was stopped")]
    Overran {
        /// The time budget it had.
        budget_ms: u128,
    },
    /// A known path asked with a method it does not serve.
    #[error("this path answers {allow} only")]
    MethodNotAllowed {
        /// The methods it serves, as in the `Allow` header.
        allow: &'static str,
    },
    /// No such path.
    #[error("no resource at this path; see /docs for the API")]
    NotFound,
    /// A bug on our side (a search task panicked).
    #[error("internal error: {0}")]
    Internal(String),
}

impl ApiError {
    /// A 422 naming `field`.
    pub fn invalid(field: impl Into<String>, detail: impl Into<String>) -> ApiError {
        ApiError::Invalid {
            field: Some(field.into()),
            detail: detail.into(),
        }
    }

    fn kind(&self) -> (&'static str, &'static str) {
        match self {
            ApiError::MalformedJson(_) => ("malformed-json", "Malformed JSON"),
            ApiError::BodyTooLarge { .. } => ("body-too-large", "Request body too large"),
            ApiError::BodyTimeout { .. } => ("body-timeout", "Request body too slow"),
            ApiError::Invalid { .. } => ("invalid-request", "Invalid request"),
            ApiError::Overloaded { .. } => ("overloaded", "Service overloaded"),
            ApiError::Overran { .. } => ("search-overran", "Search overran its deadline"),
            ApiError::MethodNotAllowed { .. } => ("method-not-allowed", "Method not allowed"),
            ApiError::NotFound => ("not-found", "Not found"),
            ApiError::Internal(_) => ("internal", "Internal error"),
        }
    }

    /// The problem document for this error.
    #[must_use]
    pub fn problem(&self) -> Problem {
        let (slug, title) = self.kind();
        let problem = Problem::new(slug, title, self.status_code(), self.to_string());
        match self {
            ApiError::Invalid { field, .. } => Problem {
                field: field.clone(),
                ..problem
            },
            _ => problem,
        }
    }
}

impl From<PositionError> for ApiError {
    fn from(error: PositionError) -> ApiError {
        ApiError::invalid(error.field(), error.to_string())
    }
}

/// An RFC 9457 problem document.
#[derive(Debug, Clone, Serialize, serde::Deserialize, ToSchema)]
#[schema(example = json!({
    "type": "urn:gomoku-ai:problem:invalid-request",
    "title": "Invalid request",
    "status": 422,
    "detail": "move 3 (h8) is on an occupied point",
    "field": "board.moves[2]"
}))]
pub struct Problem {
    /// A URI naming the kind of problem.
    #[serde(rename = "type")]
    pub kind: String,
    /// Short summary of the kind.
    pub title: String,
    /// The HTTP status code.
    pub status: u16,
    /// What went wrong in this request.
    pub detail: String,
    /// The offending request field as a dotted path, when one can be named.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
}

impl Problem {
    /// A problem of kind `urn:gomoku-ai:problem:<slug>` naming no field.
    #[must_use]
    pub fn new(slug: &str, title: &str, status: StatusCode, detail: String) -> Problem {
        Problem {
            kind: format!("urn:gomoku-ai:problem:{slug}"),
            title: title.to_string(),
            status: status.as_u16(),
            detail,
            field: None,
        }
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        match self {
            ApiError::MalformedJson(_) => StatusCode::BAD_REQUEST,
            ApiError::BodyTooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::BodyTimeout { .. } => StatusCode::REQUEST_TIMEOUT,
            ApiError::Invalid { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::Overloaded { .. } | ApiError::Overran { .. } => {
                StatusCode::SERVICE_UNAVAILABLE
            }
            ApiError::MethodNotAllowed { .. } => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::NotFound => StatusCode::NOT_FOUND,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        let mut response = HttpResponse::build(self.status_code());
        response.content_type(PROBLEM_JSON);
        match self {
            ApiError::MethodNotAllowed { allow } => {
                response.insert_header((header::ALLOW, *allow));
            }
            ApiError::Overloaded { retry_after, .. } => {
                response.insert_header((header::RETRY_AFTER, retry_after.as_secs().max(1)));
            }
            ApiError::Overran { .. } => {
                response.insert_header((header::RETRY_AFTER, 1));
            }
            ApiError::BodyTimeout { .. } => {
                // The rest of the body may still trickle in: drop the connection after this.
                response.force_close();
            }
            _ => {}
        }
        response.json(self.problem())
    }
}
