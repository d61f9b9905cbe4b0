//! The HTTP service: a thin actix-web adapter over the engine.
//!
//! Requests are parsed into engine types (`dto`), searches run on a bounded pool (`pool`) behind
//! a response cache keyed by the canonical position (`cache`) and optionally a second level
//! shared by the replicas in Redis (`shared_cache`, skipped by a `breaker` while it fails),
//! all orchestrated by `answers`; every failure is an RFC 9457 problem (`errors`), and a
//! request that does not fit is told, from the published schema, what the field takes
//! (`extract`, `accepted`). Master searches reuse their transposition tables (`tables`).
//! `startup` wires it all onto a bound listener.
//!
//! Uses the engine and `render`; never `protocol` or `cli`. Within it, only `dto` and
//! `routes` know the wire format: `answers`, `cache` and `pool` work on the wire-free `Job`.

pub mod accepted;
pub mod answers;
pub mod breaker;
pub mod cache;
pub mod config;
pub mod dto;
pub mod errors;
pub mod extract;
pub mod hardening;
pub mod metrics;
pub mod openapi;
pub mod parts;
pub mod pool;
pub mod readiness;
pub mod rendered;
pub mod routes;
pub mod shared_cache;
pub mod startup;
pub mod tables;
pub mod telemetry;
