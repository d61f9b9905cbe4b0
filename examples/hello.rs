//! A bare actix-web hello-world: the baseline the service's load figures are compared with
//! (`scripts/load` runs both under the same wrk settings). Binds 127.0.0.1:8090 or `$1`.

use actix_web::{web, App, HttpServer};

#[actix_web::main]
async fn main() -> std::io::Result<()> {
    let bind = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "127.0.0.1:8090".into());
    HttpServer::new(|| App::new().route("/", web::get().to(|| async { "Hello, world!" })))
        .bind(bind)?
        .run()
        .await
}
