//! `GET /openapi.json` and the Swagger UI at `/docs/`, served from the binary (works offline).

use actix_web::http::header;
use actix_web::{web, HttpResponse};
use utoipa_swagger_ui::{Config, SwaggerUi};

/// The OpenAPI document, serialised once at startup.
#[derive(Clone)]
pub struct OpenApiJson(pub String);

/// The OpenAPI document of this service.
#[utoipa::path(get, path = "/openapi.json", tag = "operations",
    responses((status = 200, description = "OpenAPI 3.1 document", body = Object)))]
pub async fn openapi_json(document: web::Data<OpenApiJson>) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/json")
        .body(document.0.clone())
}

/// `/docs` → `/docs/`, where the Swagger UI lives.
pub async fn redirect() -> HttpResponse {
    HttpResponse::PermanentRedirect()
        .insert_header((header::LOCATION, "/docs/"))
        .finish()
}

/// The Swagger UI, reading `/openapi.json`.
#[must_use]
pub fn swagger_ui() -> SwaggerUi {
    SwaggerUi::new("/docs/{_:.*}").config(Config::new(["/openapi.json"]))
}
