//! Defence against the opponent's threat sequences at the root.
//!
//! The tree sees an opponent's VCT only as deep as its horizon, and a VCT of threes runs
//! longer than that. So before deepening, the root asks whether the opponent would win by
//! threats if it were its turn (a pass). If so, every root move is tried against that
//! threat, and the tree searches only those after which the opponent no longer wins by
//! threats, plus the mover's own threes and fours (a counter-attack that the tree may find
//! faster than the threat solver proves it). A check that runs out of budget keeps its move:
//! only a proven loss removes one. When no move survives, every move is kept and the tree
//! picks the longest resistance. All the checks together stay within the budget's nodes, so
//! that a search limited by nodes alone keeps its limit.

use std::time::{Duration, Instant};

use super::params::{
    CHECK_NODES_FACTOR, CHECK_SLACK, OPPONENT_THREAT_MOVES, OPPONENT_THREAT_TIME_SHARE,
};
use crate::engine::eval::{threat_at, Threat};
use crate::engine::game::board::Board;
use crate::engine::game::geometry::Point;
use crate::engine::threats::{self, Budget, Mode, Proof};

/// The root moves that stop the opponent's threat-space win or make a threat of their own,
/// in their given order; `None` when the opponent has no such win (or no move is left).
/// `time` bounds the whole check, and `budget.max_nodes` the nodes of all its searches.
pub fn refutations(
    board: &Board,
    roots: &[Point],
    time: Duration,
    budget: &Budget,
    nodes: &mut u64,
) -> Option<Vec<Point>> {
    let started = Instant::now();
    let nodes_before = *nodes;
    let mut passed = board.clone();
    passed.set_to_move(board.to_move().opponent());
    let threat_budget = Budget {
        deadline: Some(started + time / OPPONENT_THREAT_TIME_SHARE),
        ..budget.clone()
    };
    let threat = threats::find_win(&passed, Mode::Vct, OPPONENT_THREAT_MOVES, &threat_budget);
    *nodes += threat.nodes;
    if !matches!(threat.proof, Proof::Win(_)) {
        return None;
    }
    let per_check = threat.nodes.saturating_mul(CHECK_NODES_FACTOR) + CHECK_SLACK;
    let deadline = Some(started + time);
    let me = board.to_move();
    let mut after = board.clone();
    let kept: Vec<Point> = roots
        .iter()
        .copied()
        .filter(|&root| {
            let left = budget.max_nodes.saturating_sub(*nodes - nodes_before);
            if threat_at(board, root, me) >= Threat::Three || left == 0 {
                return true;
            }
            let check = Budget {
                max_nodes: per_check.min(left),
                deadline,
                ..budget.clone()
            };
            after.play(root);
            let outcome = threats::find_win(&after, Mode::Vct, OPPONENT_THREAT_MOVES, &check);
            after.undo();
            *nodes += outcome.nodes;
            !matches!(outcome.proof, Proof::Win(_))
        })
        .collect();
    (!kept.is_empty()).then_some(kept)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::position::drawn_board;
    use crate::engine::{Rule, Stone};

    fn board(rows: &[&str], to_move: Stone) -> Board {
        drawn_board(rows, Rule::Freestyle, to_move)
    }

    fn generous() -> Budget {
        Budget::nodes(1_000_000)
    }

    /// White to move; Black threatens the double three at the cross point (5, 3) of two open
    /// twos. White's stone at (4, 4) leaves Black no other threat sequence (without it, Black
    /// wins by threats whatever White does), so the cross point defends.
    const DOUBLE_THREE: [&str; 9] = [
        ".........",
        ".........",
        ".........",
        "...xx....",
        "....o....",
        ".....x...",
        ".....x...",
        ".........",
        "o.......o",
    ];

    #[test]
    fn only_moves_that_stop_the_threat_are_kept() {
        let b = board(&DOUBLE_THREE, Stone::White);
        let roots: Vec<Point> = b.empty_points().collect();
        let mut nodes = 0;
        let kept = refutations(&b, &roots, Duration::from_secs(60), &generous(), &mut nodes)
            .expect("Black threatens a win");
        assert!(
            kept.contains(&Point::new(5, 3)),
            "the cross point: {kept:?}"
        );
        assert!(!kept.contains(&Point::new(0, 0)), "a far corner: {kept:?}");
        assert!(
            kept.len() < roots.len() / 4,
            "{} of {}",
            kept.len(),
            roots.len()
        );
        for m in roots.iter().filter(|m| !kept.contains(m)) {
            let mut after = b.clone();
            after.play(*m);
            let outcome = threats::find_win(&after, Mode::Vct, OPPONENT_THREAT_MOVES, &generous());
            assert!(
                matches!(outcome.proof, Proof::Win(_)),
                "{m:?} was dropped but holds"
            );
        }
        assert!(nodes > 0);
    }

    /// The checks share the budget's nodes: a limit that covers finding the threat and a
    /// third of the checks is kept, though each root move's check may take several times
    /// the threat's nodes by itself.
    #[test]
    fn the_checks_keep_the_node_limit() {
        let b = board(&DOUBLE_THREE, Stone::White);
        let roots: Vec<Point> = b.empty_points().collect();
        let mut passed = b.clone();
        passed.set_to_move(Stone::Black);
        let threat = threats::find_win(&passed, Mode::Vct, OPPONENT_THREAT_MOVES, &generous());
        let mut unlimited = 0;
        refutations(
            &b,
            &roots,
            Duration::from_secs(60),
            &generous(),
            &mut unlimited,
        );
        let limit = threat.nodes + (unlimited - threat.nodes) / 3;
        let mut nodes = 0;
        let kept = refutations(
            &b,
            &roots,
            Duration::from_secs(60),
            &Budget::nodes(limit),
            &mut nodes,
        )
        .expect("the threat is found within the limit");
        assert!(nodes <= limit, "{nodes} nodes for a limit of {limit}");
        assert!(
            kept.contains(&Point::new(5, 3)),
            "the cross point: {kept:?}"
        );
    }

    #[test]
    fn without_a_threat_there_is_nothing_to_refute() {
        let b = board(&DOUBLE_THREE, Stone::Black);
        let roots: Vec<Point> = b.empty_points().collect();
        let mut nodes = 0;
        let refuting = refutations(&b, &roots, Duration::from_secs(60), &generous(), &mut nodes);
        assert_eq!(refuting, None, "White has no threat sequence");
    }
}
