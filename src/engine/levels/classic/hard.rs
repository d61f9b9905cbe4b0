//! `hard`: a few plies of alpha-beta, the strongest of the classic desktop AIs.
//!
//! Negamax with alpha-beta over candidate points within two cells of a stone. Every node
//! first makes the quick win/block check: a five for the side to move ends the line, and an
//! opponent's five point leaves only the move that blocks it. Otherwise the children are
//! ordered by a static score (the shapes a stone makes for both sides, see `shape`) and cut
//! to the best few. Leaves are scored by summing line-pattern weights over the candidate
//! cells for both sides, with a bonus for the side to move's tempo and its winning shapes.
//!
//! The search deepens one ply at a time up to `DEFAULT_DEPTH` (or the request's `max_depth`,
//! at most `MAX_DEPTH`) and answers from the last completed depth when the deadline, the
//! node limit or the stop flag cuts it short. Depth never depends on the clock otherwise,
//! so the answer is deterministic for a given position and request.
//!
//! Score values are the leaf evaluation's units (an open three is worth roughly 600), capped
//! at ±`REPORT_CAP`; a found forced win or loss reports the cap, proven results only for an
//! immediate five or an unstoppable opponent five.

use std::sync::atomic::Ordering;
use std::time::Instant;

use super::shape::Shape;
use super::{five_points, pick, rank, Moves};
use crate::engine::game::board::Board;
use crate::engine::game::geometry::Point;
use crate::engine::game::patterns::Pattern;
use crate::engine::game::position::Position;
use crate::engine::game::renju;
use crate::engine::levels::analysis::{Analysis, Candidate, Score, SearchRequest, SearchStats};
use crate::engine::levels::heatmap;

/// The deepest the hard level goes whatever the request says.
pub const MAX_DEPTH: u32 = 6;
/// Plies searched unless the request asks for fewer: all `MAX_DEPTH`, so the arena and the
/// pbrain brain (which give no depth) play the hard level the service plays (whose requests
/// carry its higher `--max-depth`).
pub const DEFAULT_DEPTH: u32 = MAX_DEPTH;
/// Children kept per node, by ply from the root (the last entry for deeper plies).
const WIDTH: [usize; 4] = [12, 10, 8, 6];
/// Score of a five made at ply 0; a five at ply `n` scores `WIN - n`.
const WIN: i32 = 1_000_000;
/// Scores beyond this are found wins or losses.
const WIN_THRESHOLD: i32 = WIN - 1_000;
/// Above any score.
const INFINITY: i32 = 2 * WIN;
/// Largest score value reported for an unproven result.
const REPORT_CAP: i32 = 10_000;
/// With a seed, root moves within this many units of the best may be played.
const SEED_MARGIN: i32 = 30;
/// Nodes between clock checks.
const CLOCK_EVERY: u64 = 256;
/// Leaf bonus for holding a winning shape (open four, double four, four-three) to play.
const WINNING_SHAPE: i32 = 3_000;

/// Leaf weight of each line pattern (indexed by `Pattern as usize`).
const LINE: [i32; 11] = [0, 0, 1, 2, 5, 12, 15, 40, 50, 300, 1_000];

/// Searches a few plies and plays the best root move.
#[must_use]
pub fn analyze(position: &Position, request: &SearchRequest) -> Analysis {
    let started = Instant::now();
    let moves = Moves::of(position);
    let board = position.board();
    let mut statics: Vec<(Point, f64)> = moves
        .legal
        .iter()
        .map(|&p| (p, static_score(board, p)))
        .collect();
    rank(board.size(), &mut statics, |&s| s);
    let own_fives = five_points(board, board.to_move());
    let threats = five_points(board, board.to_move().opponent());
    let mut root = Root::new(&statics, &own_fives, &threats);
    let mut searcher = AlphaBeta::new(board.clone(), request);
    if !root.decided {
        searcher.deepen(&mut root, depth_limit(request));
    }
    let chosen = root.choose(board, request);
    let candidates = root.candidates(request, &threats, chosen);
    let best = candidates.first().map(|c| c.point);
    let ratings = root.heatmap_ratings(&statics);
    Analysis {
        best,
        score: candidates
            .first()
            .map_or_else(|| Score::estimate(0), |c| c.score),
        pv: candidates.first().map(|c| c.pv.clone()).unwrap_or_default(),
        candidates,
        heatmap: heatmap::build(board, ratings, best, moves.forbidden),
        stats: SearchStats {
            depth: root.depth,
            seldepth: searcher.seldepth.max(root.depth),
            nodes: searcher.nodes,
            elapsed: started.elapsed(),
        },
    }
}

fn depth_limit(request: &SearchRequest) -> u32 {
    request
        .max_depth
        .map_or(DEFAULT_DEPTH, |d| d.clamp(1, MAX_DEPTH))
}

/// The static score of playing the empty `point`: own shape plus most of the opponent's.
#[must_use]
pub fn static_score(board: &Board, point: Point) -> f64 {
    let mover = board.to_move();
    let own = board.patterns_at(point, mover);
    let theirs = board.patterns_at(point, mover.opponent());
    let lines: i32 = own.iter().chain(&theirs).map(|&p| LINE[p as usize]).sum();
    Shape::of(own).weight() + 0.8 * Shape::of(theirs).weight() + 0.01 * f64::from(lines)
}

/// One root move and what the search made of it.
#[derive(Clone, Debug)]
struct RootLine {
    point: Point,
    value: i32,
    pv: Vec<Point>,
}

/// The root move list, best first, and what is proven about it.
struct Root {
    moves: Vec<RootLine>,
    /// The quick check settled the move: an immediate five, or a loss nothing prevents.
    decided: bool,
    /// The side to move loses at once whatever it plays (short of a five).
    lost: bool,
    /// Last completed depth.
    depth: u32,
}

impl Root {
    /// The quick win/block check, then the best few moves by static score.
    fn new(statics: &[(Point, f64)], own_fives: &[Point], threats: &[Point]) -> Root {
        let legal = |p: &Point| statics.iter().any(|(q, _)| q == p);
        let root_move = |point: Point| RootLine {
            point,
            value: 0,
            pv: vec![point],
        };
        let win = statics.iter().find(|(p, _)| own_fives.contains(p));
        let block = threats.first().filter(|p| legal(p));
        let lost =
            win.is_none() && (threats.len() >= 2 || (!threats.is_empty() && block.is_none()));
        let moves: Vec<RootLine> = match (win, block) {
            (Some(&(p, _)), _) => vec![root_move(p)],
            (None, Some(&p)) if !lost => vec![root_move(p)],
            _ => statics
                .iter()
                .take(WIDTH[0])
                .map(|&(p, _)| root_move(p))
                .collect(),
        };
        Root {
            decided: win.is_some() || lost,
            lost,
            depth: u32::from(win.is_some()),
            moves,
        }
    }

    /// Index of the move to play: the best, or with a seed any within `SEED_MARGIN` of it.
    fn choose(&self, board: &Board, request: &SearchRequest) -> usize {
        let Some(best) = self.moves.first() else {
            return 0;
        };
        if self.depth == 0 || best.value.abs() >= WIN_THRESHOLD {
            return 0;
        }
        let near = self
            .moves
            .iter()
            .take_while(|m| m.value > best.value - SEED_MARGIN)
            .count();
        pick(board, request.seed, near)
    }

    fn score(&self, value: i32, point: Point, own_win: bool, threats: &[Point]) -> Score {
        if own_win {
            Score::win_in(1)
        } else if self.lost || threats.iter().any(|&t| t != point) {
            Score::loss_in(1)
        } else {
            Score::estimate(value.clamp(-REPORT_CAP, REPORT_CAP))
        }
    }

    fn candidates(
        &self,
        request: &SearchRequest,
        threats: &[Point],
        chosen: usize,
    ) -> Vec<Candidate> {
        let own_win = self.decided && !self.lost;
        let order = std::iter::once(chosen).chain((0..self.moves.len()).filter(|&i| i != chosen));
        order
            .take(request.candidates.max(1))
            .filter_map(|i| self.moves.get(i))
            .map(|m| Candidate {
                point: m.point,
                score: self.score(m.value, m.point, own_win, threats),
                pv: m.pv.clone(),
            })
            .collect()
    }

    /// Ratings for the heatmap: searched root moves above 1 in search order, every other
    /// legal point its static score scaled into 0..=1.
    fn heatmap_ratings(&self, statics: &[(Point, f64)]) -> Vec<(Point, f64)> {
        let top = statics
            .first()
            .map_or(1.0, |&(_, s)| s.max(f64::MIN_POSITIVE));
        let searched = self.moves.len() as f64;
        let mut ratings: Vec<(Point, f64)> = statics.iter().map(|&(p, s)| (p, s / top)).collect();
        if self.depth > 0 || self.decided {
            for (i, m) in self.moves.iter().enumerate() {
                if let Some(entry) = ratings.iter_mut().find(|(p, _)| *p == m.point) {
                    entry.1 = 2.0 + (searched - i as f64) / searched;
                }
            }
        }
        ratings
    }
}

/// What one node sees: its candidate moves with static scores, both sides' five points and
/// the leaf evaluation for the side to move.
struct NodeView {
    moves: Vec<(Point, f64)>,
    own_fives: Vec<Point>,
    their_fives: Vec<Point>,
    own_lines: i32,
    their_lines: i32,
    winning_shape: bool,
}

impl NodeView {
    fn of(board: &Board) -> NodeView {
        let mover = board.to_move();
        let mut scan = NodeView {
            moves: Vec::new(),
            own_fives: Vec::new(),
            their_fives: Vec::new(),
            own_lines: 0,
            their_lines: 0,
            winning_shape: false,
        };
        for point in near_stones(board) {
            let own = board.patterns_at(point, mover);
            let theirs = board.patterns_at(point, mover.opponent());
            if own.contains(&Pattern::Five) {
                scan.own_fives.push(point);
            }
            if theirs.contains(&Pattern::Five) {
                scan.their_fives.push(point);
            }
            scan.own_lines += own.iter().map(|&p| LINE[p as usize]).sum::<i32>();
            scan.their_lines += theirs.iter().map(|&p| LINE[p as usize]).sum::<i32>();
            scan.winning_shape |= Shape::of(own) >= Shape::FourThree;
            scan.moves.push((point, static_score(board, point)));
        }
        rank(board.size(), &mut scan.moves, |&s| s);
        scan
    }

    /// The leaf value for the side to move at `ply` (which has no five to play).
    fn evaluate(&self, ply: u32) -> i32 {
        match self.their_fives.len() {
            0 => {
                let bonus = if self.winning_shape { WINNING_SHAPE } else { 0 };
                self.own_lines + self.own_lines / 4 - self.their_lines + bonus
            }
            1 => self.own_lines - self.their_lines,
            _ => -(WIN - ply as i32 - 1),
        }
    }
}

/// Empty points within two cells of a stone; the centre on an empty board.
fn near_stones(board: &Board) -> Vec<Point> {
    let size = board.size();
    let (w, h) = (size.width() as i64, size.height() as i64);
    let mut near = vec![false; size.area()];
    for (p, _) in board.stones() {
        for dy in -2..=2 {
            for dx in -2..=2 {
                let (x, y) = (p.col() as i64 + dx, p.row() as i64 + dy);
                if size.contains(x, y) {
                    near[(y * w + x) as usize] = true;
                }
            }
        }
    }
    if board.stone_total() == 0 {
        return vec![size.center()];
    }
    (0..h)
        .flat_map(|y| (0..w).map(move |x| (x, y)))
        .filter(|&(x, y)| near[(y * w + x) as usize])
        .map(|(x, y)| Point::new(x as usize, y as usize))
        .filter(|&p| board.is_empty(p))
        .collect()
}

/// The alpha-beta searcher: the board it plays on and the budget it spends.
struct AlphaBeta<'a> {
    board: Board,
    request: &'a SearchRequest,
    nodes: u64,
    seldepth: u32,
    aborted: bool,
}

impl<'a> AlphaBeta<'a> {
    fn new(board: Board, request: &'a SearchRequest) -> AlphaBeta<'a> {
        AlphaBeta {
            board,
            request,
            nodes: 0,
            seldepth: 0,
            aborted: false,
        }
    }

    /// Iterative deepening over the root moves up to `limit` plies.
    fn deepen(&mut self, root: &mut Root, limit: u32) {
        for depth in 1..=limit {
            let Some(values) = self.search_root(root, depth) else {
                break;
            };
            for (m, (value, pv)) in root.moves.iter_mut().zip(values) {
                m.value = value;
                m.pv = pv;
            }
            root.moves.sort_by_key(|m| std::cmp::Reverse(m.value));
            root.depth = depth;
            if root.moves[0].value.abs() >= WIN_THRESHOLD {
                break;
            }
        }
    }

    /// Values and PVs of every root move at `depth`; `None` when the budget ran out. Each
    /// move is searched with alpha `SEED_MARGIN` below the best so far, so near-best moves
    /// get exact values (for seeded variety) and the rest upper bounds.
    fn search_root(&mut self, root: &Root, depth: u32) -> Option<Vec<(i32, Vec<Point>)>> {
        let mut best = -INFINITY;
        let mut results = Vec::with_capacity(root.moves.len());
        for m in &root.moves {
            let alpha = best.saturating_sub(SEED_MARGIN).max(-INFINITY);
            let mut line = Vec::new();
            self.board.play(m.point);
            let value = -self.negamax(depth - 1, 1, -INFINITY, -alpha, &mut line);
            self.board.undo();
            if self.aborted {
                return None;
            }
            best = best.max(value);
            line.insert(0, m.point);
            results.push((value, line));
        }
        Some(results)
    }

    fn negamax(
        &mut self,
        depth: u32,
        ply: u32,
        mut alpha: i32,
        beta: i32,
        pv: &mut Vec<Point>,
    ) -> i32 {
        pv.clear();
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if self.out_of_budget() {
            self.aborted = true;
            return 0;
        }
        let scan = NodeView::of(&self.board);
        if let Some(&five) = scan.own_fives.first() {
            pv.push(five);
            return WIN - ply as i32;
        }
        if depth == 0 {
            return scan.evaluate(ply);
        }
        let children = self.children(&scan, ply);
        if children.is_empty() {
            return if scan.their_fives.is_empty() {
                0
            } else {
                -(WIN - ply as i32 - 1)
            };
        }
        let mut best = -INFINITY;
        let mut line = Vec::new();
        for point in children {
            self.board.play(point);
            let value = -self.negamax(depth - 1, ply + 1, -beta, -alpha, &mut line);
            self.board.undo();
            if self.aborted {
                return 0;
            }
            if value > best {
                best = value;
                if value > alpha {
                    alpha = value;
                    pv.clear();
                    pv.push(point);
                    pv.extend_from_slice(&line);
                }
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// The moves searched at a node: the block of an opponent five if there is one, else
    /// the best few by static score; never a renju-forbidden point for Black.
    fn children(&self, scan: &NodeView, ply: u32) -> Vec<Point> {
        let width = WIDTH[(ply as usize).min(WIDTH.len() - 1)];
        let forced = scan.their_fives.first().map(|&p| vec![p]);
        let ordered = forced.unwrap_or_else(|| scan.moves.iter().map(|&(p, _)| p).collect());
        if !self.board.rule().has_forbidden_moves(self.board.to_move()) {
            return ordered.into_iter().take(width).collect();
        }
        let mut scratch = self.board.grid().clone();
        ordered
            .into_iter()
            .filter(|&p| renju::forbidden_kind_in(&mut scratch, p).is_none())
            .take(width)
            .collect()
    }

    fn out_of_budget(&self) -> bool {
        let request = self.request;
        request.max_nodes.is_some_and(|n| self.nodes > n)
            || request
                .stop
                .as_ref()
                .is_some_and(|s| s.load(Ordering::Relaxed))
            || (self.nodes.is_multiple_of(CLOCK_EVERY) && Instant::now() >= request.deadline)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;

    use super::*;
    use crate::engine::game::rules::Rule;
    use crate::engine::levels::classic::testing::{assert_heatmap, position, request};
    use crate::engine::levels::difficulty::Difficulty;

    fn open_three_for_white() -> Position {
        // Black to move; White has an open three on row 1, Black only scattered stones.
        position(
            &[
                "...........", //
                "....ooo....", //
                "...........", //
                "...x.......", //
                "......x....", //
                "..........x", //
                "...........", //
            ],
            Rule::Freestyle,
        )
    }

    #[test]
    fn blocks_an_open_three_at_one_end() {
        let pos = open_three_for_white();
        let answer = analyze(&pos, &request(Difficulty::Hard));
        let best = answer.best.expect("a move");
        assert!(
            [Point::new(3, 1), Point::new(7, 1)].contains(&best),
            "{best:?}"
        );
        assert_eq!(answer.stats.depth, DEFAULT_DEPTH);
        assert!(answer.stats.nodes > 0);
        assert_heatmap(&pos, &answer);
    }

    #[test]
    fn turns_an_open_three_into_a_won_open_four() {
        // Black to move with an open three and no White threat: an open four wins.
        let pos = position(
            &[
                "...........", //
                "...o..o....", //
                "...........", //
                "...xxx.....", //
                "...........", //
                "..........o", //
                "...........", //
            ],
            Rule::Freestyle,
        );
        let answer = analyze(&pos, &request(Difficulty::Hard));
        let best = answer.best.expect("a move");
        assert!(
            [Point::new(2, 3), Point::new(6, 3)].contains(&best),
            "{best:?}"
        );
        assert_eq!(answer.score.value, REPORT_CAP);
        assert_eq!(answer.pv.first(), Some(&best));
        assert!(answer.stats.depth >= 1);
    }

    #[test]
    fn honours_the_node_limit_and_the_stop_flag() {
        let pos = open_three_for_white();
        let mut req = request(Difficulty::Hard);
        req.max_nodes = Some(20);
        let answer = analyze(&pos, &req);
        assert!(answer.stats.nodes <= 21, "{}", answer.stats.nodes);
        assert!(answer.stats.depth < DEFAULT_DEPTH);
        assert!(pos.board().is_empty(answer.best.expect("a move")));

        let mut req = request(Difficulty::Hard);
        req.stop = Some(Arc::new(AtomicBool::new(true)));
        let answer = analyze(&pos, &req);
        assert_eq!(answer.stats.depth, 0);
        assert!(pos.board().is_empty(answer.best.expect("a move")));
        assert_heatmap(&pos, &answer);
    }
}
