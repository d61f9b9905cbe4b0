//! `GET /`: the play page, with its script and style, embedded in the binary (no CDN, no
//! build step). The page is a plain client of the public JSON API.

use actix_web::HttpResponse;

const INDEX_HTML: &str = include_str!("../web/index.html");
const APP_JS: &str = include_str!("../web/app.js");
const STYLE_CSS: &str = include_str!("../web/style.css");
const FAVICON_SVG: &str = include_str!("../web/favicon.svg");

/// The play page: a board to play the AI or a friend, with heatmap, verdicts and replay.
#[utoipa::path(get, path = "/", tag = "page",
    responses((status = 200, description = "The play page", content_type = "text/html", body = String)))]
pub async fn index() -> HttpResponse {
    asset("text/html; charset=utf-8", INDEX_HTML)
}

/// The page's script.
pub async fn script() -> HttpResponse {
    asset("text/javascript; charset=utf-8", APP_JS)
}

/// The page's style sheet.
pub async fn style() -> HttpResponse {
    asset("text/css; charset=utf-8", STYLE_CSS)
}

/// The page's icon: a stone on a board. Browsers ask for `/favicon.ico` by default, so that
/// path answers the same picture instead of a 404 in every visitor's console.
pub async fn icon() -> HttpResponse {
    asset("image/svg+xml", FAVICON_SVG)
}

fn asset(content_type: &'static str, body: &'static str) -> HttpResponse {
    HttpResponse::Ok().content_type(content_type).body(body)
}
