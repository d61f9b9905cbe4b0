//! One judgement per position, whatever level chose the move.
//!
//! A classic level decides which move it plays and in which order it ranks the others, but
//! the scores it reports come from here: a short master search (`JUDGE_NODES` nodes, one
//! thread, a cleared table, so the same on every machine) of the position itself, which is
//! the answer's score, and of the position after each of its candidates, negated into the
//! mover's view, which is that candidate's. Master is its own judge: its search already
//! is the deeper version of this one. Either way the win probability of an unproven score
//! comes from the calibrated `win_model`, so every level tells a user the same odds.
//!
//! Candidates are listed with the chosen move first and the rest best first by that
//! judgement.

use std::time::Instant;

use super::analysis::{Analysis, Candidate, Score, SearchRequest, MATE_VALUE};
use super::difficulty::Difficulty;
use super::win_model::WinModel;
use crate::engine::game::geometry::Point;
use crate::engine::game::position::Position;
use crate::engine::game::verdict::Status;

/// Nodes of the short master search that judges one move of a classic level: about 15 ms
/// on one core, deep enough (4–6 plies) to see the tactics a weak level walks into.
pub const JUDGE_NODES: u64 = 20_000;

/// The request of the judging search for a position reached from `request`'s: master, one
/// thread, `JUDGE_NODES` nodes, within the same deadline and stop flag.
#[must_use]
pub fn judge_request(request: &SearchRequest) -> SearchRequest {
    SearchRequest {
        difficulty: Difficulty::Master,
        max_depth: None,
        max_nodes: Some(JUDGE_NODES),
        candidates: 1,
        seed: None,
        threads: 1,
        ..request.clone()
    }
}

/// A classic level's answer judged by the master search (`master`): its score is the judge's
/// score of the position (the level changes the move, not the judgement), and every
/// candidate's the judge's score of the position after it.
pub fn judged(
    position: &Position,
    request: &SearchRequest,
    mut answer: Analysis,
    master: &mut impl FnMut(&Position, &SearchRequest) -> Analysis,
) -> Analysis {
    let started = Instant::now();
    let judging = judge_request(request);
    let verdict = master(position, &judging);
    answer.score = verdict.score;
    for candidate in &mut answer.candidates {
        if verdict.best == Some(candidate.point) {
            // The judge's own choice: its score and line are the position's.
            candidate.score = verdict.score;
            candidate.pv.clone_from(&verdict.pv);
            continue;
        }
        let after = position.after(candidate.point);
        let (score, line) = reply_judgement(&after, &judging, master);
        candidate.score = score;
        candidate.pv = std::iter::once(candidate.point).chain(line).collect();
    }
    if let Some(chosen) = answer.candidates.first() {
        answer.pv.clone_from(&chosen.pv);
    }
    answer.stats.elapsed += started.elapsed();
    answer
}

/// The mover's score of having played into `after`, and the line the judge expects next.
fn reply_judgement(
    after: &Position,
    judging: &SearchRequest,
    master: &mut impl FnMut(&Position, &SearchRequest) -> Analysis,
) -> (Score, Vec<Point>) {
    match after.verdict().status {
        Status::Ongoing => {
            let reply = master(after, judging);
            (mover_view(reply.score), reply.pv)
        }
        Status::Draw => (Score::estimate(0), Vec::new()),
        // The move made five (a renju foul ends the game too, but no level plays one).
        _ => (Score::win_in(1), Vec::new()),
    }
}

/// The score of the side that just moved, from the score of the side now to move: a win of
/// the opponent in `n` of its moves is a loss after `n` of ours; its loss in `n` is our win
/// in `n + 1` (counting the move just made); a result proven without its distance stays
/// proven, without one.
#[must_use]
pub fn mover_view(opponent: Score) -> Score {
    match opponent.mate_in {
        Some(n) if n > 0 => Score::loss_in(n),
        Some(n) => Score::win_in(-n + 1),
        None if opponent.is_proven_win() => Score::proven_loss(),
        None if opponent.is_proven_loss() => Score::proven_win(),
        None => Score::estimate(-opponent.value.clamp(-MATE_VALUE + 1, MATE_VALUE - 1)),
    }
}

/// `candidates` with the first (the chosen move) kept first and the others sorted best
/// first by score (stable, so equal scores keep the level's order).
#[must_use]
pub fn chosen_then_best(mut candidates: Vec<Candidate>) -> Vec<Candidate> {
    if candidates.len() > 2 {
        candidates[1..].sort_by_key(|c| std::cmp::Reverse(c.score.value));
    }
    candidates
}

/// `answer` as a user sees it: candidates with the chosen move first and the rest best first,
/// and the win probability of every score from `model` for the position's rule and side to
/// move (proven results keep exactly 1 or 0).
#[must_use]
pub fn presented(position: &Position, mut answer: Analysis, model: &WinModel) -> Analysis {
    answer.candidates = chosen_then_best(answer.candidates);
    let odds = model.odds(position.rule(), position.to_move());
    answer.score = odds.calibrated(answer.score);
    for candidate in &mut answer.candidates {
        candidate.score = odds.calibrated(candidate.score);
    }
    answer
}

#[cfg(test)]
mod tests {
    use super::*;

    fn candidate(x: usize, value: i32) -> Candidate {
        let point = Point::new(x, 0);
        Candidate {
            point,
            score: Score::estimate(value),
            pv: vec![point],
        }
    }

    #[test]
    fn the_chosen_move_stays_first_and_the_rest_go_best_first() {
        let ranked = chosen_then_best(vec![
            candidate(0, 10),
            candidate(1, -50),
            candidate(2, 40),
            candidate(3, 40),
            candidate(4, 90),
        ]);
        let order: Vec<u8> = ranked.iter().map(|c| c.point.x).collect();
        assert_eq!(order, [0, 4, 2, 3, 1]);
    }

    #[test]
    fn mate_distances_turn_around_the_move_just_made() {
        assert_eq!(mover_view(Score::win_in(2)), Score::loss_in(2));
        assert_eq!(mover_view(Score::loss_in(1)), Score::win_in(2));
        assert_eq!(mover_view(Score::loss_in(0)), Score::win_in(1));
        assert_eq!(mover_view(Score::proven_win()), Score::proven_loss());
        assert_eq!(mover_view(Score::proven_loss()), Score::proven_win());
        assert_eq!(mover_view(Score::estimate(120)).value, -120);
    }
}
