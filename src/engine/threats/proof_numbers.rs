//! Depth-first proof-number search (df-pn) over the threat tree, with every threat kind at
//! every node.
//!
//! Each node carries a proof number (how many more leaves must be won to prove the attacker
//! wins: the fewest over the attacker's moves, the sum over the defender's replies) and a
//! disproof number (the dual). The search always expands the most proving node and stays
//! in a subtree while its numbers are below thresholds, so narrow forcing lines are
//! followed far before wide ones are tried: a ten-move VCT costs what its proof tree costs,
//! not what every shorter limit's whole tree costs. That is what lets the attacker try,
//! at every node, the quiet moves that threaten a short VCF (as quintet does): the deepening
//! search could afford them only at the root.
//!
//! A defender's node first counts its replies' proof numbers weakly (the largest plus one per
//! other reply), then, past half the budget, by their sum (`Count`): the weak count proves
//! short quiet-threat wins in a fraction of the nodes, the sum the long lines of fours and
//! threes that the weak count underrates.
//!
//! The move limit is a number of attacker stones, so a node's remaining limit is a function
//! of its position and the table needs no depth. Stones are only ever added, so the threat
//! graph has no cycles and the table's entries never depend on the path to them.

use std::rc::Rc;

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use super::{five_points, forced_block, Proof, Solver};
use crate::engine::eval::{is_legal, Threat};
use crate::engine::geometry::Point;

/// `defences_guess` of an open three.
const THREE_GUESS: u32 = 12;
/// `defences_guess` of a quiet move that may threaten a short VCF.
const QUIET_GUESS: u32 = 30;
/// What each place down the attacker's move order (strongest threat first, then by
/// pattern value) adds to a move's guessed proof number, so that among moves of one class
/// the search tries the likelier first and leaves the tail for when they fail.
const RANK_GUESS: u32 = 2;
/// The part of a search's budget spent with weak proof numbers before it turns to sums.
const WEAK_SHARE: f64 = 0.5;
/// The proof or disproof number of a settled node.
const INFINITE: u32 = u32::MAX / 2;
/// A child's threshold exceeds its best sibling's number by this fraction of it (the
/// "1 + ε" trick): the search stays longer in one subtree instead of thrashing between two
/// of nearly equal promise.
const STAY: u32 = 2;

/// What the proof-number search knows of the positions it has seen.
#[derive(Default)]
pub(super) struct Memory {
    numbers: FxHashMap<u64, Numbers>,
    /// The moves of nodes searched and not settled yet, so re-entering one costs no move
    /// generation (a defender's node runs a VCF to find its moves).
    moves: FxHashMap<u64, Rc<[(Point, u32)]>>,
    /// Most attacker stones a line may reach on the board.
    stone_limit: usize,
    /// How a defender's node counts its replies' proof numbers (see `Count`).
    count: Count,
}

/// How a defender's node combines its replies' proof numbers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Count {
    /// Their sum: exact on a tree, but a threat tree is a graph (threats played in another
    /// order meet again), where the sum counts shared leaves over and over, most at the
    /// wide nodes of quiet threats.
    #[default]
    Sum,
    /// The largest plus one for each other open reply (weak proof numbers, Ueda et al.
    /// 2008): never counts a shared leaf twice, but underrates wide nodes.
    Weak,
}

/// A node as its moves' generation found it.
enum Node {
    /// The attacker has won (the defender is to move), or wins at once with the move given.
    Won(Option<Point>),
    /// The attacker cannot win through this node.
    Lost,
    /// The moves to try, most promising first, each with a guess of its child's proof
    /// number (attacker's moves) or disproof number (defender's).
    Open(Rc<[(Point, u32)]>),
}

/// The proof and disproof numbers of a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Numbers {
    proof: u32,
    disproof: u32,
}

impl Numbers {
    /// A node not searched yet.
    const FRESH: Numbers = Numbers {
        proof: 1,
        disproof: 1,
    };
    /// The attacker wins.
    const PROVEN: Numbers = Numbers {
        proof: 0,
        disproof: INFINITE,
    };
    /// The attacker does not win within the limit.
    const DISPROVEN: Numbers = Numbers {
        proof: INFINITE,
        disproof: 0,
    };

    fn is_settled(self) -> bool {
        self.proof == 0 || self.disproof == 0
    }
}

/// The children's numbers as seen from their parent: `chosen` is the most promising child,
/// `runner_up` the number to beat for the parent's side.
struct Summary {
    node: Numbers,
    chosen: usize,
    runner_up: u32,
}

impl Solver {
    /// Proves or disproves a win for the attacker from the current node (either side to
    /// move) within `max_moves` more attacker moves; the line when proven.
    pub(super) fn prove_by_numbers(&mut self, max_moves: u32) -> Proof {
        self.numbers.stone_limit = self.board.count(self.attacker) + max_moves as usize;
        let root = self.search_in_two_counts();
        if root.proof == 0 {
            Proof::Win(self.proof_line())
        } else if root.disproof == 0 {
            Proof::NoWin
        } else {
            Proof::Unknown
        }
    }

    /// Searches the current node with weak proof numbers for `WEAK_SHARE` of the budget,
    /// then with sums for the rest, keeping the table: each count proves quickly what the
    /// other is slow to (bench/RESULTS.md), and a settled entry holds under both.
    fn search_in_two_counts(&mut self) -> Numbers {
        let unbounded = Numbers {
            proof: INFINITE,
            disproof: INFINITE,
        };
        let whole = self.budget.clone();
        self.budget = whole.share(self.nodes, WEAK_SHARE);
        self.numbers.count = Count::Weak;
        let root = self.mid(unbounded);
        self.budget = whole;
        self.numbers.count = Count::Sum;
        if root.is_settled() || !self.aborted || self.budget.is_spent(self.nodes, true) {
            return root;
        }
        self.aborted = false;
        // The weak count's open numbers are on a lower scale: the sums start afresh.
        self.numbers.numbers.retain(|_, n| n.is_settled());
        self.mid(unbounded)
    }

    /// Searches the current node until its numbers reach `limits` or it is settled.
    fn mid(&mut self, limits: Numbers) -> Numbers {
        if self.out_of_budget() {
            return Numbers::FRESH;
        }
        let attacking = self.board.to_move() == self.attacker;
        let key = self.board.hash();
        let moves = match self.numbers.moves.get(&key) {
            Some(moves) => Rc::clone(moves),
            None => match self.generate(attacking) {
                Node::Won(_) => return self.settle(Numbers::PROVEN),
                Node::Lost => return self.settle(Numbers::DISPROVEN),
                Node::Open(moves) => {
                    if self.numbers.moves.len() < self.budget.table_entries {
                        self.numbers.moves.insert(key, Rc::clone(&moves));
                    }
                    moves
                }
            },
        };
        // The children's numbers, read once: a sibling reached again by transposition while
        // this node is searched is refreshed the next time the node is entered, which costs
        // far less than reading the table for every child at every step. Most nodes have a
        // few dozen moves at most, which stay on the stack.
        let mut children: SmallVec<[Numbers; 48]> = moves
            .iter()
            .map(|&m| self.child_numbers(m, attacking))
            .collect();
        loop {
            let summary = summarise(&children, attacking, self.numbers.count);
            let node = summary.node;
            if node.proof >= limits.proof || node.disproof >= limits.disproof {
                return self.settle(node);
            }
            let chosen = summary.chosen;
            let child_limits =
                child_limits(limits, node, children[chosen], summary.runner_up, attacking);
            self.play(moves[chosen].0);
            children[chosen] = self.mid(child_limits);
            self.undo();
            if self.aborted {
                return node;
            }
        }
    }

    /// The node's moves, or its outcome when settled without a search.
    fn generate(&mut self, attacking: bool) -> Node {
        if attacking {
            self.attacker_node()
        } else {
            self.defender_node()
        }
    }

    /// The attacker to move: the block of a defender's five point, else every move that
    /// may threaten (the defender's node checks it does); won at once by a five or a
    /// winning four.
    fn attacker_node(&mut self) -> Node {
        let (me, them) = (self.attacker, self.attacker.opponent());
        let around = self.board.last_move().filter(|_| self.ply() > 0);
        let moves = match five_points(&self.board, them, around).as_slice() {
            [] => self.threat_moves(me),
            [block] if is_legal(&self.board, *block, me) => vec![forced_block(*block)],
            _ => return Node::Lost,
        };
        match moves.first() {
            // The move limit counts the winning move too.
            _ if self.board.count(me) >= self.numbers.stone_limit => Node::Lost,
            None => Node::Lost,
            Some(&(_, threat, win)) if threat == Threat::Five || threat.is_winning_four() => {
                Node::Won(Some(win))
            }
            Some(_) => Node::Open(
                moves
                    .iter()
                    .zip(0..)
                    .map(|(&(_, threat, p), rank)| (p, defences_guess(threat) + RANK_GUESS * rank))
                    .collect(),
            ),
        }
    }

    /// The defender to move after an attacker's move: won when the attacker has two five
    /// points (or one the defender may not block); the block of a single one; else, if the
    /// attacker's move threatens a short VCF, every move that could stop it (`defences`),
    /// and lost for the attacker when it threatens none.
    fn defender_node(&mut self) -> Node {
        let (me, them) = (self.attacker, self.attacker.opponent());
        match five_points(&self.board, me, self.board.last_move()).as_slice() {
            [] => {}
            [block] if is_legal(&self.board, *block, them) => {
                return Node::Open(Rc::new([(*block, 1)]))
            }
            _ => return Node::Won(None),
        }
        let Some(cells) = self.threat_cells(me, self.budget.threat_vcf_moves) else {
            return Node::Lost;
        };
        match self.defences(&cells) {
            defences if defences.is_empty() => Node::Won(None),
            defences => Node::Open(defences.into_iter().map(|p| (p, 1)).collect()),
        }
    }

    /// Records the current node's numbers and returns them. Unsettled and disproven nodes
    /// are forgotten once the table is full; proven ones are always kept, so the winning
    /// line can be read back.
    fn settle(&mut self, numbers: Numbers) -> Numbers {
        let key = self.board.hash();
        if numbers.is_settled() {
            self.numbers.moves.remove(&key);
        }
        let capacity = self.budget.table_entries;
        let table = &mut self.numbers.numbers;
        if numbers.proof == 0 || table.len() < capacity || table.contains_key(&key) {
            table.insert(key, numbers);
        }
        numbers
    }

    /// A child's numbers: from the table, else its move's guess (see `Node::Open`).
    fn child_numbers(&self, (point, guess): (Point, u32), attacking: bool) -> Numbers {
        let fresh = if attacking {
            Numbers {
                proof: guess,
                disproof: 1,
            }
        } else {
            Numbers {
                proof: 1,
                disproof: guess,
            }
        };
        let key = self.board.hash_after(point);
        self.numbers.numbers.get(&key).copied().unwrap_or(fresh)
    }

    /// The winning line from the current (proven) node, read back from the table: the
    /// attacker's proving move at its nodes, the first defence at the defender's.
    fn proof_line(&mut self) -> Vec<Point> {
        let mut line = Vec::new();
        let mut played = 0;
        loop {
            let attacking = self.board.to_move() == self.attacker;
            let next = match self.generate(attacking) {
                Node::Won(winning) => {
                    line.extend(winning);
                    break;
                }
                Node::Lost => break,
                Node::Open(moves) => moves
                    .iter()
                    .copied()
                    .find(|&m| self.child_numbers(m, attacking).proof == 0)
                    .map(|(p, _)| p),
            };
            let Some(next) = next else { break };
            line.push(next);
            self.play(next);
            played += 1;
        }
        for _ in 0..played {
            self.undo();
        }
        line
    }
}

/// A guess of the proof number of an attacker's move of `threat` not searched yet: about
/// how many defences it leaves, weighted by how many more the attacker may need. A four
/// leaves one; an open three a few; a quieter move that threatens a short VCF, its
/// line's cells and more. Measured on the tactics set (bench/RESULTS.md): these weights
/// prove far more in the same nodes than treating every move alike.
fn defences_guess(threat: Threat) -> u32 {
    if threat >= Threat::Four {
        1
    } else if threat >= Threat::Three {
        THREE_GUESS
    } else {
        QUIET_GUESS
    }
}

/// The node's numbers from its `children`'s. At an attacker node the proof number is the
/// children's least and the disproof number their sum; at a defender node, the reverse,
/// with the proof number counted as `count` says.
fn summarise(children: &[Numbers], attacking: bool, count: Count) -> Summary {
    let mut least = (INFINITE, INFINITE);
    let mut chosen = 0;
    let mut sum: u32 = 0;
    let (mut most, mut open) = (0, 0);
    for (i, child) in children.iter().enumerate() {
        let (for_me, against_me) = if attacking {
            (child.proof, child.disproof)
        } else {
            (child.disproof, child.proof)
        };
        if for_me < least.0 {
            least = (for_me, least.0);
            chosen = i;
        } else if for_me < least.1 {
            least.1 = for_me;
        }
        sum = sum.saturating_add(against_me).min(INFINITE);
        most = most.max(against_me);
        open += u32::from(against_me != 0);
    }
    if count == Count::Weak && !attacking && sum < INFINITE {
        // With no open reply (all proven) this is 0, as the sum is.
        sum = most + open.saturating_sub(1);
    }
    // An unsettled sum stays below INFINITE, which only a settled node may carry.
    let (mine, theirs) = if least.0 == 0 {
        (0, INFINITE)
    } else {
        (least.0, sum.min(INFINITE - 1))
    };
    let node = if attacking {
        Numbers {
            proof: mine,
            disproof: theirs,
        }
    } else {
        Numbers {
            proof: theirs,
            disproof: mine,
        }
    };
    Summary {
        node,
        chosen,
        runner_up: least.1,
    }
}

/// The thresholds of the child searched next: it may run until it is no longer the most
/// promising child (its number passes the runner-up's, widened by `STAY`) or until the
/// parent's other number would pass the parent's threshold.
fn child_limits(
    limits: Numbers,
    node: Numbers,
    child: Numbers,
    runner_up: u32,
    attacking: bool,
) -> Numbers {
    let widened = runner_up
        .saturating_add(runner_up / STAY)
        .saturating_add(1)
        .min(INFINITE);
    if attacking {
        Numbers {
            proof: limits.proof.min(widened),
            disproof: (limits.disproof - node.disproof.min(limits.disproof))
                .saturating_add(child.disproof)
                .min(INFINITE),
        }
    } else {
        Numbers {
            proof: (limits.proof - node.proof.min(limits.proof))
                .saturating_add(child.proof)
                .min(INFINITE),
            disproof: limits.disproof.min(widened),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn open(proof: u32, disproof: u32) -> Numbers {
        Numbers { proof, disproof }
    }

    #[test]
    fn a_defender_node_sums_or_weakly_counts_its_replies_proof_numbers() {
        let replies = [open(3, 1), open(5, 2), Numbers::PROVEN, open(2, 4)];
        let sum = summarise(&replies, false, Count::Sum);
        assert_eq!(sum.node, open(10, 1));
        let weak = summarise(&replies, false, Count::Weak);
        // The largest (5) plus one for each of the two other open replies.
        assert_eq!(weak.node, open(7, 1));
        assert_eq!(weak.chosen, 0, "the reply with the least disproof number");
    }

    #[test]
    fn an_attacker_node_is_counted_alike_either_way() {
        let moves = [open(3, 1), open(5, 2), open(2, 4)];
        for count in [Count::Sum, Count::Weak] {
            let summary = summarise(&moves, true, count);
            assert_eq!(summary.node, open(2, 7), "{count:?}");
            assert_eq!((summary.chosen, summary.runner_up), (2, 3), "{count:?}");
        }
    }

    #[test]
    fn settled_replies_settle_the_defender_node_under_both_counts() {
        let all_lost = [Numbers::PROVEN, Numbers::PROVEN];
        let one_holds = [open(4, 1), Numbers::DISPROVEN];
        for count in [Count::Sum, Count::Weak] {
            assert_eq!(summarise(&all_lost, false, count).node.proof, 0);
            assert_eq!(summarise(&one_holds, false, count).node.disproof, 0);
        }
    }
}
