//! Request handling without the network, the steps `/v1/move` runs: the body decoded and
//! validated into a job; a repeated request served from the rendered-body cache (key from the
//! parsed request, lookup); an equivalent one (say, mirrored) from the answer cache (canonical
//! key, symmetry mapped back) with the response built and serialised; and the whole cached path,
//! decode -> rendered lookup.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use gomoku_ai::service::answers::{Answers, Job};
use gomoku_ai::service::cache::AnswerCache;
use gomoku_ai::service::config::Limits;
use gomoku_ai::service::dto::{MoveRequest, MoveResponse};
use gomoku_ai::service::extract::parse_json;
use gomoku_ai::service::metrics::Metrics;
use gomoku_ai::service::pool::SearchPool;
use gomoku_ai::service::rendered::RenderedCache;
use tokio::runtime::Runtime;

/// A medium-level request on a 15x15 midgame, heatmap and PV included (the default).
const BODY: &[u8] = br#"{"board": {"size": 15, "moves": ["h8", "i9", "g9", "i7", "h10", "j8",
    "f8", "h6", "i8", "g8", "j10", "k11"]}, "difficulty": "medium", "limits": {"time_ms": 500}}"#;

fn job(limits: &Limits) -> Job {
    parse_json::<MoveRequest>(BODY)
        .expect("valid JSON")
        .into_job(limits)
        .expect("valid request")
}

/// Answers whose cache already holds the answer for [`BODY`].
fn warm_answers(runtime: &Runtime, limits: &Limits) -> Answers {
    let metrics = Metrics::new();
    let answers = Answers::new(
        AnswerCache::new(48, Duration::from_secs(3_600)),
        RenderedCache::new(16, Duration::from_secs(3_600)),
        SearchPool::new(1, Duration::from_secs(10), metrics.clone()),
        metrics,
    );
    let answer = runtime
        .block_on(answers.answer(&job(limits)))
        .expect("searched");
    assert!(!answer.cached, "the first answer is a search");
    answers
}

fn request_handling(c: &mut Criterion) {
    let runtime = Runtime::new().expect("tokio runtime");
    let limits = Limits::default();
    let answers = warm_answers(&runtime, &limits);
    let job = job(&limits);
    let answer = runtime.block_on(answers.answer(&job)).expect("cached");
    assert!(answer.cached, "the cache is warm");
    let request = parse_json::<MoveRequest>(BODY).expect("valid JSON");
    let key = RenderedCache::key("move", &request);
    runtime.block_on(
        answers
            .rendered()
            .remember(key.clone(), &MoveResponse::new(&job, &answer)),
    );

    c.bench_function("request: decode + validate (/v1/move body)", |b| {
        b.iter(|| {
            parse_json::<MoveRequest>(black_box(BODY))
                .expect("valid JSON")
                .into_job(&limits)
                .expect("valid request")
        });
    });
    c.bench_function("request: rendered-body cache hit (key + lookup)", |b| {
        b.iter(|| {
            let key = RenderedCache::key("move", black_box(&request));
            runtime
                .block_on(answers.rendered().get(&key))
                .expect("kept")
        });
    });
    c.bench_function(
        "request: answer cache hit (canonical key + symmetry back)",
        |b| {
            b.iter(|| {
                runtime
                    .block_on(answers.answer(black_box(&job)))
                    .expect("cached")
            });
        },
    );
    c.bench_function("request: build + serialise the response", |b| {
        b.iter(|| serde_json::to_vec(&MoveResponse::new(black_box(&job), &answer)).expect("JSON"));
    });
    c.bench_function("request: decode -> rendered-body cache hit", |b| {
        b.iter(|| {
            let request = parse_json::<MoveRequest>(black_box(BODY)).expect("valid JSON");
            let key = RenderedCache::key("move", &request);
            runtime
                .block_on(answers.rendered().get(&key))
                .expect("kept")
        });
    });
}

criterion_group!(benches, request_handling);
criterion_main!(benches);
