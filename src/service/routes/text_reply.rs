//! `GET|POST /v1/move.txt`: the `/v1/move` answer as plain text for chat bots: an ASCII board
//! with coordinates, the last move and the AI move in upper case, the move in notation and the
//! verdict in one sentence.

use actix_web::{web, HttpRequest, HttpResponse};

use crate::render;
use crate::service::answers::{Answer, Answers, Job};
use crate::service::config::Limits;
use crate::service::dto::{MoveQuery, MoveRequest};
use crate::service::errors::{ApiError, Problem};
use crate::service::extract::ApiJson;

use super::{search_move, search_query};

/// The chat-bot reply, from query parameters.
#[utoipa::path(get, path = "/v1/move.txt", tag = "play",
    params(MoveQuery),
    responses(
        (status = 200, description = "The board after the AI move, the move and the verdict", content_type = "text/plain", body = String,
            example = "   a b c d e\n 5 . . . . . 5\n 4 . . X . . 4\n 3 . . O . . 3\n 2 . . . . . 2\n 1 . . . . . 1\n   a b c d e\nLast move c4. AI (white) plays c3, win chance 50%.\nThe game goes on.\n"),
        (status = 422, description = "Invalid parameter or impossible position; `field` names where", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "Search pool saturated past the queue timeout", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn get(
    request: HttpRequest,
    answers: web::Data<Answers>,
    limits: web::Data<Limits>,
) -> Result<HttpResponse, ApiError> {
    let (job, answer) = search_query(&request, &answers, &limits).await?;
    Ok(text(&job, &answer))
}

/// The chat-bot reply, from a `/v1/move` request body.
#[utoipa::path(post, path = "/v1/move.txt", tag = "play",
    request_body = MoveRequest,
    responses(
        (status = 200, description = "The board after the AI move, the move and the verdict", content_type = "text/plain", body = String),
        (status = 400, description = "Malformed JSON", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "Well-formed but invalid or impossible request; `field` names where", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "Search pool saturated past the queue timeout", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn post(
    body: ApiJson<MoveRequest>,
    answers: web::Data<Answers>,
    limits: web::Data<Limits>,
) -> Result<HttpResponse, ApiError> {
    let (job, answer) = search_move(body.0, &answers, &limits).await?;
    Ok(text(&job, &answer))
}

fn text(job: &Job, answer: &Answer) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .body(render::text_reply(&job.position, answer.analysis.as_ref()))
}
