//! The service's request decoding, exactly as the handlers run it: JSON bodies through
//! `extract::parse_json` into the request DTOs and on through their validation into a search
//! job (or a position, for `/v1/verdict`); query strings through `extract::parse_query`.

use actix_web::ResponseError;
use gomoku_ai::service::answers::Job;
use gomoku_ai::service::config::Limits;
use gomoku_ai::service::dto::{
    parse_position, AnalyzeRequest, MoveQuery, MoveRequest, VerdictRequest, MAX_CANDIDATES,
};
use gomoku_ai::service::errors::ApiError;
use gomoku_ai::service::extract::{parse_json, parse_query, RequestBody};

/// The first byte picks the decoder (`/v1/move` body, `/v1/analyze` body, `/v1/verdict` body
/// or `GET /v1/move` query), the rest is the body or query text.
pub fn check_request(data: &[u8]) {
    let Some((&selector, text)) = data.split_first() else {
        return;
    };
    let limits = Limits::default();
    match selector % 4 {
        0 => check_decoded(parse_json::<MoveRequest>(text), |request| {
            round_trips(&request);
            checked_job(request.into_job(&limits), &limits, 1);
        }),
        1 => check_decoded(parse_json::<AnalyzeRequest>(text), |request| {
            round_trips(&request);
            let asked = request.candidates;
            match request.into_job(&limits) {
                Ok(job) => {
                    let candidates = usize::from(asked.unwrap_or(3));
                    check_job(&job, &limits, candidates);
                }
                Err(error) => check_rejected(&error, &[422]),
            }
        }),
        2 => check_decoded(parse_json::<VerdictRequest>(text), |request| {
            round_trips(&request);
            if let Err(error) = parse_position(&request.board, request.rule, request.to_move) {
                check_rejected(&error, &[422]);
            }
        }),
        _ => {
            let query = String::from_utf8_lossy(text);
            check_decoded(
                parse_query::<MoveQuery>(&query),
                |query| match MoveRequest::try_from(query) {
                    Ok(request) => checked_job(request.into_job(&limits), &limits, 1),
                    Err(error) => check_rejected(&error, &[422]),
                },
            );
        }
    }
}

/// A decoding failure is a 400 (not JSON) or a 422 (wrong shape) with a message; a success
/// goes on to `then`.
fn check_decoded<T>(decoded: Result<T, ApiError>, then: impl FnOnce(T)) {
    match decoded {
        Ok(value) => then(value),
        Err(error) => check_rejected(&error, &[400, 422]),
    }
}

/// A rejection has one of the `allowed` statuses, a detail and, if it names a field, a
/// non-empty one.
fn check_rejected(error: &ApiError, allowed: &[u16]) {
    let status = error.status_code().as_u16();
    assert!(allowed.contains(&status), "{status} for {error:?}");
    let problem = error.problem();
    assert_eq!(problem.status, status);
    assert!(!problem.detail.is_empty(), "empty detail for {error:?}");
    assert!(
        problem.field.as_deref() != Some(""),
        "empty field for {error:?}"
    );
}

fn checked_job(job: Result<Job, ApiError>, limits: &Limits, candidates: usize) {
    match job {
        Ok(job) => check_job(&job, limits, candidates),
        Err(error) => check_rejected(&error, &[422]),
    }
}

/// A job never asks the search for more than the server allows.
fn check_job(job: &Job, limits: &Limits, candidates: usize) {
    let params = &job.params;
    assert!(params.time <= limits.max_time, "{params:?}");
    assert!(!params.time.is_zero(), "{params:?}");
    assert!((1..=limits.max_depth).contains(&params.depth), "{params:?}");
    assert!((1..=limits.max_nodes).contains(&params.nodes), "{params:?}");
    assert_eq!(params.candidates, candidates);
    assert!((1..=usize::from(MAX_CANDIDATES)).contains(&params.candidates));
}

/// What was accepted serialises to JSON that decodes to the same request (the schema the
/// service publishes is derived from these same types).
fn round_trips<T>(request: &T)
where
    T: serde::Serialize + RequestBody,
{
    let text = serde_json::to_vec(request).expect("a decoded request serialises");
    let again: T = parse_json(&text).unwrap_or_else(|e| {
        panic!(
            "{} does not decode again: {e:?}",
            String::from_utf8_lossy(&text)
        )
    });
    assert_eq!(
        serde_json::to_vec(&again).expect("serialises"),
        text,
        "the request changed on a round trip"
    );
}
