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
//!
//! The table is bounded (`Budget::table_entries`). When it is full, half of it is freed:
//! the entries that took the least work to find (Nagai's SmallTreeGC), which are the
//! cheapest to find again. A long search so keeps learning where a table that only stopped
//! taking new entries would keep searching the same nodes afresh: the two slowest proofs
//! of the tactics set took a fraction of the nodes at the same memory
//! (docs/decisions/0022-proof-number-table-collection.md).

use std::rc::Rc;

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use super::generation::forced_block;
use super::solver::Solver;
use super::{five_points, Lead, Proof};
use crate::engine::eval::{is_legal, Threat};
use crate::engine::game::geometry::Point;

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

/// The share of `Budget::table_entries` that the move cache (`Memory::moves`) may hold. Its
/// entries are ten times the size of the numbers' and they save only a move generation:
/// a quarter of the entries proves as fast as all of them
/// (docs/decisions/0022-proof-number-table-collection.md).
const MOVE_CACHE_SHARE: usize = 4;

/// A full table is collected while at least this share of it is disposable
/// (`Entry::is_disposable`): freeing less than an eighth would not pay for the pass.
const COLLECTABLE_SHARE: usize = 4;

/// What the proof-number search knows of the positions it has seen.
#[derive(Default)]
pub(super) struct Memory {
    numbers: FxHashMap<u64, Entry>,
    /// The moves of nodes searched and not settled yet, so re-entering one costs no move
    /// generation (a defender's node runs a VCF to find its moves).
    moves: FxHashMap<u64, Rc<[(Point, u32)]>>,
    /// Whether a full table is still worth collecting (see `collect_garbage`).
    exhausted: bool,
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
pub(super) enum Node {
    /// The attacker has won (the defender is to move), or wins at once with the move given.
    Won(Option<Point>),
    /// The attacker cannot win through this node.
    Lost,
    /// The moves to try, most promising first, each with a guess of its child's proof
    /// number (attacker's moves) or disproof number (defender's).
    Open(Rc<[(Point, u32)]>),
}

/// What the table keeps of a node: its numbers, and the nodes its searches have visited,
/// which is what finding them again would cost.
#[derive(Clone, Copy, Debug)]
struct Entry {
    numbers: Numbers,
    work: u32,
}

impl Entry {
    /// Whether a collection may drop the entry: anything but a proven node with a subtree
    /// below it, which the winning line is read back through (a proven leaf is proven
    /// again by its generation alone: `proven_child`).
    fn is_disposable(self) -> bool {
        self.numbers.proof != 0 || self.work <= 1
    }
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
    /// The thresholds of a search that runs until its node is settled.
    const UNBOUNDED: Numbers = Numbers {
        proof: INFINITE,
        disproof: INFINITE,
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
        self.limit_moves(max_moves);
        let root = self.search_in_two_counts();
        self.proof_of(root)
    }

    /// Bounds the search from the current node to `max_moves` more attacker moves.
    pub(super) fn limit_moves(&mut self, max_moves: u32) {
        self.numbers.stone_limit = self.board.count(self.attacker) + max_moves as usize;
    }

    /// Searches the current node on under the move limit set (`limit_moves`), counting a
    /// defender's replies weakly when `weak`, else by their sums, until it is settled or the
    /// budget is spent. A search the budget stopped resumes from its table when called again
    /// with more budget: the answer is the same as one search's, in slices.
    pub(super) fn resume_by_numbers(&mut self, weak: bool) -> Proof {
        self.numbers.count = if weak { Count::Weak } else { Count::Sum };
        self.aborted = false;
        let root = self.mid(Numbers::UNBOUNDED);
        self.proof_of(root)
    }

    /// Forgets the open numbers, keeping the settled ones: on turning from weak counts to
    /// sums, whose open numbers are on another scale (a settled entry holds under both).
    pub(super) fn forget_open_numbers(&mut self) {
        self.numbers.numbers.retain(|_, e| e.numbers.is_settled());
        self.numbers.exhausted = false;
    }

    /// The answer of a search whose current node ended with `root`'s numbers.
    fn proof_of(&mut self, root: Numbers) -> Proof {
        if root.proof == 0 {
            Proof::Win(self.proof_line())
        } else if root.disproof == 0 {
            Proof::NoWin
        } else {
            Proof::Unknown
        }
    }

    /// The attacker's open move at the current node (the attacker to move) with the least
    /// proof number, the largest disproof number among ties: the move the search found
    /// nearest a proof. Its moves come from the move cache when the search left them
    /// there, as an unsettled node's usually are.
    pub(super) fn root_lead(&mut self) -> Option<Lead> {
        let cached = self.numbers.moves.get(&self.board.hash()).map(Rc::clone);
        let moves = match cached {
            Some(moves) => moves,
            None => match self.attacker_node() {
                Node::Open(moves) => moves,
                Node::Won(_) | Node::Lost => return None,
            },
        };
        let open = moves.iter().filter_map(|&m| {
            let numbers = self.child_numbers(m, true);
            let lead = Lead {
                point: m.0,
                proof: numbers.proof,
                disproof: numbers.disproof,
            };
            (!numbers.is_settled()).then_some(lead)
        });
        open.min_by_key(|lead| (lead.proof, std::cmp::Reverse(lead.disproof)))
    }

    /// Searches the current node with weak proof numbers for `WEAK_SHARE` of the budget,
    /// then with sums for the rest, keeping the table: each count proves quickly what the
    /// other is slow to (docs/decisions/0012-weak-proof-numbers-then-sums.md), and a settled
    /// entry holds under both.
    fn search_in_two_counts(&mut self) -> Numbers {
        let whole = self.budget.clone();
        self.budget = whole.share(self.nodes, WEAK_SHARE);
        self.numbers.count = Count::Weak;
        let root = self.mid(Numbers::UNBOUNDED);
        self.budget = whole;
        self.numbers.count = Count::Sum;
        if root.is_settled() || !self.aborted || self.budget.is_spent(self.nodes, true) {
            return root;
        }
        self.aborted = false;
        self.forget_open_numbers();
        self.mid(Numbers::UNBOUNDED)
    }

    /// Searches the current node until its numbers reach `limits` or it is settled.
    fn mid(&mut self, limits: Numbers) -> Numbers {
        if self.out_of_budget() {
            return Numbers::FRESH;
        }
        let started = self.nodes;
        let attacking = self.board.to_move() == self.attacker;
        let key = self.board.hash();
        let moves = match self.numbers.moves.get(&key) {
            Some(moves) => Rc::clone(moves),
            None => match self.generate(attacking) {
                Node::Won(_) => return self.settle(Numbers::PROVEN, 1),
                Node::Lost => return self.settle(Numbers::DISPROVEN, 1),
                Node::Open(moves) => {
                    if self.numbers.moves.len() < self.budget.table_entries / MOVE_CACHE_SHARE {
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
                return self.settle(node, self.nodes - started);
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
    pub(super) fn attacker_node(&mut self) -> Node {
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

    /// Records the current node's numbers, found in `work` more nodes, and returns them. A
    /// full table is collected first; when that frees nothing, a new node is recorded only
    /// if proven, so that the winning line can be read back.
    fn settle(&mut self, numbers: Numbers, work: u64) -> Numbers {
        let key = self.board.hash();
        if numbers.is_settled() {
            self.numbers.moves.remove(&key);
        }
        let work = u32::try_from(work).unwrap_or(u32::MAX);
        if let Some(entry) = self.numbers.numbers.get_mut(&key) {
            entry.numbers = numbers;
            entry.work = entry.work.saturating_add(work);
            return numbers;
        }
        let capacity = self.budget.table_entries;
        if self.numbers.numbers.len() >= capacity {
            self.collect_garbage();
        }
        if numbers.proof == 0 || self.numbers.numbers.len() < capacity {
            self.numbers.numbers.insert(key, Entry { numbers, work });
        }
        numbers
    }

    /// Frees about half of the full table: the disposable entries (`Entry::is_disposable`)
    /// whose work is at most their median, and the cached moves of the nodes dropped. When
    /// proven nodes fill most of the table (`COLLECTABLE_SHARE`), collecting stops.
    fn collect_garbage(&mut self) {
        let memory = &mut self.numbers;
        if memory.exhausted {
            return;
        }
        let mut works: Vec<u32> = memory
            .numbers
            .values()
            .filter(|e| e.is_disposable())
            .map(|e| e.work)
            .collect();
        if works.len() < (self.budget.table_entries / COLLECTABLE_SHARE).max(1) {
            memory.exhausted = true;
            return;
        }
        let middle = works.len() / 2;
        let (_, &mut median, _) = works.select_nth_unstable(middle);
        memory
            .numbers
            .retain(|_, e| !e.is_disposable() || e.work > median);
        let kept = &memory.numbers;
        memory.moves.retain(|key, _| kept.contains_key(key));
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
        self.numbers.numbers.get(&key).map_or(fresh, |e| e.numbers)
    }

    /// The first of the node's `moves` whose child is proven: by the table, else (a leaf
    /// that a collection dropped) by the child's generation alone.
    pub(super) fn proven_child(
        &mut self,
        moves: &[(Point, u32)],
        attacking: bool,
    ) -> Option<Point> {
        let by_table = moves
            .iter()
            .copied()
            .find(|&m| self.child_numbers(m, attacking).proof == 0);
        by_table.map(|(p, _)| p).or_else(|| {
            moves.iter().map(|&(p, _)| p).find(|&p| {
                self.play(p);
                let won = matches!(self.generate(!attacking), Node::Won(_));
                self.undo();
                won
            })
        })
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
                Node::Open(moves) => self.proven_child(&moves, attacking),
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
/// line's cells and more. Measured on the tactics set: these weights prove 28 of its 37
/// wins in 1 M nodes a case, against 22 when every move is alike
/// (docs/decisions/0011-vct-by-proof-numbers.md).
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
    use crate::engine::game::position::drawn_board;
    use crate::engine::threats::{Budget, Mode};
    use crate::engine::{Rule, Stone};

    /// A solver on an empty board whose table holds `capacity` entries, filled with
    /// `entries` under the keys 1, 2, 3, … in order (the empty board's hash is 0).
    fn solver_with_table(capacity: usize, entries: &[Entry]) -> Solver {
        let board = drawn_board(&["....."; 5], Rule::Freestyle, Stone::Black);
        let budget = Budget {
            table_entries: capacity,
            ..Budget::nodes(1_000)
        };
        let mut solver = Solver::new(&board, Mode::Vct, &budget);
        assert_eq!(board.hash(), 0);
        for (key, &entry) in (1..).zip(entries) {
            solver.numbers.numbers.insert(key, entry);
        }
        solver
    }

    fn entry(numbers: Numbers, work: u32) -> Entry {
        Entry { numbers, work }
    }

    #[test]
    fn a_collection_drops_the_cheapest_half_and_keeps_proven_subtrees() {
        let entries = [
            entry(open(3, 1), 1),
            entry(open(2, 2), 2),
            entry(open(4, 1), 3),
            entry(Numbers::DISPROVEN, 10),
            entry(Numbers::PROVEN, 1),
            entry(Numbers::PROVEN, 1),
            entry(Numbers::PROVEN, 5),
            entry(Numbers::PROVEN, 1_000),
        ];
        let mut solver = solver_with_table(entries.len(), &entries);
        let cached: Rc<[(Point, u32)]> = Rc::new([(Point::new(2, 2), 1)]);
        solver.numbers.moves.insert(1, Rc::clone(&cached));
        solver.numbers.moves.insert(3, cached);
        solver.collect_garbage();
        let mut kept: Vec<u64> = solver.numbers.numbers.keys().copied().collect();
        kept.sort_unstable();
        // The disposable works are 1, 2, 3, 10, 1, 1: their median is 2.
        assert_eq!(kept, [3, 4, 7, 8]);
        let cached: Vec<u64> = solver.numbers.moves.keys().copied().collect();
        assert_eq!(cached, [3], "the moves of a dropped node go with it");
        assert!(!solver.numbers.exhausted);
    }

    #[test]
    fn a_table_of_proven_subtrees_is_not_collected() {
        let entries = [entry(Numbers::PROVEN, 7); 8];
        let mut solver = solver_with_table(entries.len(), &entries);
        solver.collect_garbage();
        assert_eq!(solver.numbers.numbers.len(), entries.len());
        assert!(solver.numbers.exhausted, "collecting would free nothing");
    }

    #[test]
    fn settling_in_a_full_table_collects_it_and_keeps_the_new_node() {
        let entries = [
            entry(open(2, 2), 1),
            entry(open(2, 2), 1),
            entry(open(2, 2), 9),
        ];
        let mut solver = solver_with_table(entries.len(), &entries);
        solver.settle(open(5, 5), 4);
        let key = solver.board.hash();
        assert_eq!(solver.numbers.numbers.len(), 2, "the two cheapest left");
        assert_eq!(solver.numbers.numbers[&key].work, 4);
        solver.settle(Numbers::PROVEN, 3);
        let stored = solver.numbers.numbers[&key];
        assert_eq!(
            (stored.numbers, stored.work),
            (Numbers::PROVEN, 7),
            "work adds up"
        );
    }

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
