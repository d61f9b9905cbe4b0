//! Integration tests: the real server on 127.0.0.1:0, spoken to over real HTTP.

mod analyze;
mod errors;
mod hardening;
mod helpers;
mod move_endpoint;
mod observability;
mod openapi;
mod pictures;
mod review;
mod shared_cache;
mod verdict;
