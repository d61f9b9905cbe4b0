//! Engine-core hot paths: make+unmake with the incremental pattern update, the static
//! evaluation, parsing a position from a request's move list, and listing every renju forbidden
//! point on the renju test positions of `tests/data/renju/`. (Search benchmarks live with the
//! search.)

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use gomoku_ai::engine::{
    eval, game::renju, Board, BoardInput, BoardSize, Point, Position, Rule, Stone,
};

fn midgame_board() -> Board {
    let mut board = Board::new(BoardSize::STANDARD, Rule::Freestyle);
    for (x, y) in [
        (7, 7),
        (8, 8),
        (6, 8),
        (8, 6),
        (7, 9),
        (9, 7),
        (5, 7),
        (7, 5),
    ] {
        board.play(Point::new(x, y));
    }
    board
}

fn make_unmake(c: &mut Criterion) {
    let mut board = midgame_board();
    let points: Vec<Point> = board
        .empty_points()
        .filter(|p| p.distance(Point::new(7, 7)) <= 3)
        .collect();
    c.bench_function("make+unmake (15x15 midgame, per move)", |b| {
        b.iter(|| {
            for &p in &points {
                board.play(black_box(p));
                board.undo();
            }
        });
    });
}

fn static_eval(c: &mut Criterion) {
    let board = midgame_board();
    let cells: Vec<Point> = board.empty_points().collect();
    c.bench_function("evaluate (15x15 midgame, every empty cell)", |b| {
        b.iter(|| eval::evaluate(black_box(&board), cells.iter().copied()));
    });
}

fn position_parse(c: &mut Criterion) {
    let moves = [
        "h8", "i9", "g9", "i7", "h10", "j8", "f8", "h6", "i8", "g8", "j10", "k11", "e7", "d6",
        "h9", "h11", "f10", "f11", "j7", "k6",
    ];
    let input = BoardInput::notation(15, 15, &moves);
    c.bench_function("Position::parse (20-move list, renju)", |b| {
        b.iter(|| Position::parse(black_box(&input), Rule::Renju, None).expect("legal"));
    });
}

fn forbidden_positions() -> Vec<Position> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/renju/forbidden_dev.jsonl"
    );
    let text = std::fs::read_to_string(path).expect("the renju test data");
    text.lines()
        .map(|line| {
            let record: serde_json::Value = serde_json::from_str(line).expect("JSON");
            let rows = record["rows"]
                .as_array()
                .expect("rows")
                .iter()
                .map(|r| r.as_str().expect("row").to_string())
                .collect();
            Position::parse(&BoardInput::Rows(rows), Rule::Renju, Some(Stone::Black))
                .expect("valid position")
        })
        .collect()
}

fn forbidden_listing(c: &mut Criterion) {
    let positions = forbidden_positions();
    c.bench_function("forbidden_points (225 renju test positions)", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| renju::forbidden_points(black_box(p.board().grid())).len())
                .sum::<usize>()
        });
    });
}

criterion_group!(
    benches,
    make_unmake,
    static_eval,
    position_parse,
    forbidden_listing
);
criterion_main!(benches);
