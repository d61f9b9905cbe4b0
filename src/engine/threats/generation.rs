//! Threat and defence generation: the attacker's candidate threats of the search's mode,
//! strongest first, and the defender's answers to a threat (the cells that stop its VCF,
//! and counter-fours).

use super::budget::DEFAULT_THREAT_VCF_MOVES;
use super::solver::Solver;
use super::{five_points, Mode};
use crate::engine::eval::{cell_info, is_legal, Threat};
use crate::engine::game::geometry::{Direction, Point};
use crate::engine::game::patterns::Pattern;
use crate::engine::game::stone::Stone;

/// An attacker's candidate move: its sort key (`strongest_first`), its class and its point.
pub(super) type Ranked = (u64, Threat, Point);

/// The block of the defender's five point as the attacker's only candidate: as urgent as a
/// four, which leaves one answer too.
pub(super) fn forced_block(block: Point) -> Ranked {
    (0, Threat::Four, block)
}

impl Solver {
    /// What `colour` threatens: if it could move now, would it win by a VCF within
    /// `max_moves`? If so, the cells where its opponent must play to stop that VCF, fours
    /// aside: every point of the VCF's line, its final five points (with their neighbourhood
    /// when the win is a forbidden block), and the cells that would turn one of the
    /// opponent's forced replies into a four. A move anywhere else leaves the VCF standing.
    pub(super) fn threat_cells(&mut self, colour: Stone, max_moves: u32) -> Option<Vec<Point>> {
        let to_move = self.board.to_move();
        self.board.set_to_move(colour);
        let cells = self
            .nested_vcf(max_moves)
            .map(|line| self.cells_of_line(colour, &line));
        self.board.set_to_move(to_move);
        cells
    }

    /// `threat_cells` of a VCF `line` of `colour`, who is to move.
    pub(super) fn cells_of_line(&mut self, colour: Stone, line: &[Point]) -> Vec<Point> {
        let mut cells = line.to_vec();
        for &p in line {
            self.board.play(p);
            if self.board.stone(p) != Some(colour) {
                self.add_four_makers(p, &mut cells);
            }
        }
        let ends = five_points(&self.board, colour, line.last().copied());
        if let [forbidden_block] = ends.as_slice() {
            let size = self.board.size();
            for d in Direction::ALL {
                cells.extend((-5..=5).filter_map(|k| forbidden_block.step(d, k, size)));
            }
        }
        cells.extend(ends);
        for _ in line {
            self.board.undo();
        }
        cells
    }

    /// Adds to `cells` the empty cells where one more stone of the colour on `stone` would
    /// make a four through it: the two empty cells of every five-cell window through `stone`
    /// that holds three of its colour and nothing of the other.
    pub(super) fn add_four_makers(&self, stone: Point, cells: &mut Vec<Point>) {
        let colour = self.board.stone(stone).expect("a stone");
        let size = self.board.size();
        for d in Direction::ALL {
            for start in -4..=0 {
                let (mut own, mut empty) = (0, Vec::with_capacity(5));
                for k in start..start + 5 {
                    match stone.step(d, k, size).map(|q| (q, self.board.stone(q))) {
                        Some((_, Some(c))) if c == colour => own += 1,
                        Some((q, None)) => empty.push(q),
                        // Off the board or the other colour: no four in this window.
                        _ => own = -5,
                    }
                }
                if own == 3 && empty.len() == 2 {
                    cells.extend(empty);
                }
            }
        }
    }

    /// The attacker's legal candidate threats of the solver's mode, strongest first:
    /// fours for a VCF; for a VCT also threes and every move that may threaten a short VCF
    /// (`may_threaten`), which the defender's node checks.
    pub(super) fn threat_moves(&self, me: Stone) -> Vec<Ranked> {
        let mut moves: Vec<Ranked> = Vec::with_capacity(32);
        match self.mode {
            Mode::Vcf => {
                for p in self.board.four_points(me) {
                    self.push_legal(&mut moves, p, me);
                }
            }
            Mode::Vct => {
                let wide = self.budget.threat_vcf_moves > DEFAULT_THREAT_VCF_MOVES;
                self.for_each_in_zone(|p| {
                    // Every three or four is also a move that may threaten: most cells fail
                    // this test, and they skip the table.
                    if may_threaten(self.board.patterns_at(p, me), wide) {
                        self.push_legal(&mut moves, p, me);
                    }
                });
            }
        }
        moves.sort_unstable_by_key(|&(key, _, _)| key);
        moves
    }

    /// Adds `p` to `moves` with its class and sort key when `me` may play it.
    #[inline(always)]
    pub(super) fn push_legal(&self, moves: &mut Vec<Ranked>, p: Point, me: Stone) {
        let info = cell_info(self.board.patterns_at(p, me));
        if is_legal(&self.board, p, me) {
            moves.push((strongest_first(info.threat, info.value, p), info.threat, p));
        }
    }

    /// The defender's answers to a threat that `cells` would stop: the empty, legal ones
    /// among them and every four of its own (gaining a tempo); fours first, then in board
    /// order.
    pub(super) fn defences(&self, cells: &[Point]) -> Vec<Point> {
        let them = self.attacker.opponent();
        let mut moves: Vec<(bool, usize, usize)> = self
            .board
            .four_points(them)
            .map(|p| (false, p.row(), p.col()))
            .collect();
        // Cells beyond the zone only arise around a forbidden point the threat relies on.
        let blocks = cells.iter().filter(|&&p| self.board.is_empty(p));
        moves.extend(blocks.map(|p| (true, p.row(), p.col())));
        // Each cell once (as a counter-four when it is one), then counter-fours first.
        moves.sort_unstable_by_key(|&(block, row, col)| (row, col, block));
        moves.dedup_by_key(|&mut (_, row, col)| (row, col));
        moves.sort_by_key(|&(block, _, _)| block);
        moves
            .into_iter()
            .map(|(_, row, col)| Point::new(col, row))
            .filter(|&p| is_legal(&self.board, p, them))
            .collect()
    }
}

/// Whether a stone with these line patterns might make a VCF of two moves that was not there
/// before. The default (`wide` false) asks for a three of some kind (a line one move from a
/// four) or two lines one move from a three. That misses a lone open two whose line the
/// VCF's last move turns into the three of a four-three, the four running on a line already
/// there (`a_lone_open_two_that_sets_up_a_four_three_is_a_threat`); `wide` (a deeper threat
/// limit, whose wins need such quiet moves) takes any line one move from a three. At the
/// default limit the narrow test proved the same puzzles in 8–18 % less time
/// (docs/decisions/0023-deeper-threat-limit-at-the-root.md). A filter can cost a win, never
/// make one false.
///
/// The four patterns are tested at once as the bytes of one word (the test runs on every
/// empty cell of the zone at every attacker node of a VCT): adding `128 - t` to each byte
/// sets its top bit exactly when the byte is at least `t`, and no byte carries into the next,
/// since every pattern is below 128 - `Pattern::Flex2`.
pub(super) fn may_threaten(patterns: [Pattern; 4], wide: bool) -> bool {
    const TOP_BITS: u32 = 0x8080_8080;
    let word = u32::from_le_bytes(patterns.map(|p| p as u8));
    let at_least = |t: Pattern| (word + u32::from_le_bytes([128 - t as u8; 4])) & TOP_BITS;
    let twos_needed = if wide { 1 } else { 2 };
    at_least(Pattern::Block3) != 0 || at_least(Pattern::Flex2).count_ones() >= twos_needed
}

/// The sort key that orders the attacker's moves: the strongest threat first, then the
/// highest pattern value, ties in board order. One integer: sorting by it is exactly sorting
/// by those three, and a tenth of the solver's time went to comparing them as a tuple.
pub(super) fn strongest_first(threat: Threat, value: i32, p: Point) -> u64 {
    let weaker = u64::from(u8::MAX - threat as u8);
    // Flipping the sign bit maps i32 onto u32 in order; inverting every bit then puts the
    // higher values first.
    let lower = u64::from(!((value as u32) ^ 0x8000_0000));
    let place = (p.row() as u64) << 8 | p.col() as u64;
    weaker << 56 | lower << 16 | place
}
