//! The board: stones, side to move, move history, Zobrist hash and the incremental line
//! patterns of every empty cell.

use super::cell_set::{CellSet, Window};
use super::geometry::{BoardSize, Direction, Point};
use super::grid::{self, Grid, CELLS, EMPTY};
use super::patterns::{self, Pattern, HALF};
use super::rules::Rule;
use super::stone::Stone;
use super::symmetry::Symmetry;
use super::zobrist;

/// Zobrist word XOR-ed in while White is to move.
const WHITE_TO_MOVE: u64 = 0xD1B5_4A32_D192_ED03;

/// A position under a rule, ready for search: make/unmake keep the hash and every empty
/// cell's line patterns current.
#[derive(Clone)]
pub struct Board {
    grid: Grid,
    rule: Rule,
    shapes: [&'static [Pattern; patterns::TABLE_LEN]; 2],
    to_move: Stone,
    hash: u64,
    history: Vec<Point>,
    counts: [usize; 2],
    /// Per cell and direction, both colours' line keys in one word (Black's in the low
    /// `KEY_BITS`, White's above): a move shifts both with one addition, and a key is below
    /// 3^10 < 2^16, so shifting one never carries into the other.
    keys: Box<[[u32; 4]; CELLS]>,
    patterns: Box<[[[Pattern; 4]; 2]; CELLS]>,
    /// Per colour, the (empty cell, direction) pairs whose pattern is a five.
    fives: [u32; 2],
    /// Per colour, the empty cells where its stone would make a four or a five: the
    /// threat searches list them at almost every node, and a scan of every empty cell
    /// cost the VCF a good part of its time.
    four_cells: [CellSet; 2],
    /// What each stone placed overwrote, latest last, while stones come off in reverse order.
    saved: Vec<Saved>,
}

/// Bits of one colour's key in a key word.
const KEY_BITS: u32 = 16;

/// The lines through a cell: the neighbours on them whose keys name it.
const LINES: usize = 4 * patterns::OFFSETS.len();

/// What placing a stone overwrote, so that removing it restores the line patterns around
/// it instead of looking them up again.
#[derive(Clone)]
struct Saved {
    index: usize,
    fives: [u32; 2],
    /// Both colours' `four_cells` around `index`.
    four_cells: [Window; 2],
    /// The patterns (both colours) of each neighbour along each line, in `lines_through` order.
    lines: [[Pattern; 2]; LINES],
}

impl Board {
    /// An empty board; Black to move.
    #[must_use]
    pub fn new(size: BoardSize, rule: Rule) -> Board {
        templates::empty(size, rule)
    }

    /// An empty board built from scratch: every cell's line keys and patterns computed.
    fn build_empty(size: BoardSize, rule: Rule) -> Board {
        let mut board = Board {
            grid: Grid::new(size),
            rule,
            shapes: Stone::BOTH.map(|s| patterns::table(rule.exact_five(s))),
            to_move: Stone::Black,
            hash: 0,
            history: Vec::new(),
            counts: [0; 2],
            keys: boxed_cells([0; 4]),
            patterns: boxed_cells([[Pattern::Dead; 4]; 2]),
            fives: [0; 2],
            four_cells: [CellSet::EMPTY; 2],
            saved: Vec::new(),
        };
        board.recompute_lines();
        board
    }

    /// The board size.
    #[must_use]
    pub fn size(&self) -> BoardSize {
        self.grid.size()
    }

    /// The rule the patterns are computed for.
    #[must_use]
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The raw cells.
    #[must_use]
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// Whose turn it is.
    #[must_use]
    pub fn to_move(&self) -> Stone {
        self.to_move
    }

    /// Overrides whose turn it is (puzzles give arbitrary stone counts).
    pub fn set_to_move(&mut self, stone: Stone) {
        if stone != self.to_move {
            self.to_move = stone;
            self.hash ^= WHITE_TO_MOVE;
        }
    }

    /// The Zobrist hash of the stones and the side to move.
    #[must_use]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash `play(point)` would give, without playing it (a child's table entry is
    /// looked up without a make/unmake).
    #[must_use]
    pub fn hash_after(&self, point: Point) -> u64 {
        self.hash ^ zobrist::key(self.to_move, grid::index_of(point)) ^ WHITE_TO_MOVE
    }

    /// The stone on a point, if any.
    #[must_use]
    pub fn stone(&self, point: Point) -> Option<Stone> {
        self.grid.stone(point)
    }

    /// Whether a point is empty.
    #[must_use]
    pub fn is_empty(&self, point: Point) -> bool {
        self.grid.is_empty(point)
    }

    /// Moves played with `play` (not stones placed with `place`), oldest first.
    #[must_use]
    pub fn history(&self) -> &[Point] {
        &self.history
    }

    /// The most recent move played, if any.
    #[must_use]
    pub fn last_move(&self) -> Option<Point> {
        self.history.last().copied()
    }

    /// Number of stones of a colour.
    #[must_use]
    pub fn count(&self, stone: Stone) -> usize {
        self.counts[stone.index()]
    }

    /// Number of stones of both colours.
    #[must_use]
    pub fn stone_total(&self) -> usize {
        self.counts[0] + self.counts[1]
    }

    /// Whether no empty point is left.
    #[must_use]
    pub fn is_full(&self) -> bool {
        self.stone_total() == self.size().area()
    }

    /// Every stone on the board, row by row.
    pub fn stones(&self) -> impl Iterator<Item = (Point, Stone)> + '_ {
        self.size()
            .points()
            .filter_map(|p| self.stone(p).map(|s| (p, s)))
    }

    /// Every empty point, row by row.
    pub fn empty_points(&self) -> impl Iterator<Item = Point> + '_ {
        self.size().points().filter(|&p| self.is_empty(p))
    }

    /// Plays the side to move's stone on an empty point and passes the turn.
    pub fn play(&mut self, point: Point) {
        self.place(point, self.to_move);
        self.history.push(point);
        self.set_to_move(self.to_move.opponent());
    }

    /// Takes back the last move played; `None` when no move was played.
    pub fn undo(&mut self) -> Option<Point> {
        let point = self.history.pop()?;
        let stone = self.stone(point).expect("history points hold stones");
        self.remove(point);
        self.set_to_move(stone);
        Some(point)
    }

    /// Puts a stone on an empty point without recording a move or passing the turn
    /// (positions given as a picture of the board).
    pub fn place(&mut self, point: Point, stone: Stone) {
        let index = grid::index_of(point);
        self.grid.put(index, stone);
        self.hash ^= zobrist::key(stone, index);
        self.counts[stone.index()] += 1;
        let mut saved = Saved {
            index,
            fives: self.fives,
            four_cells: self.four_cells.each_ref().map(|set| set.window(index)),
            lines: [[Pattern::Dead; 2]; LINES],
        };
        self.count_fives(index, false);
        self.update_four_cells(index);
        self.update_lines(index, stone, true, &mut saved.lines);
        self.saved.push(saved);
    }

    /// Removes a stone placed with `place`.
    pub fn remove(&mut self, point: Point) {
        let index = grid::index_of(point);
        let stone = self.stone(point).expect("remove needs a stone");
        self.grid.clear(index);
        self.hash ^= zobrist::key(stone, index);
        self.counts[stone.index()] -= 1;
        if self.saved.last().is_some_and(|s| s.index == index) {
            // The last stone placed: the board is again as before it, and so are the patterns
            // saved then (the cell's own, kept while it was occupied, are current again too).
            let saved = self.saved.pop().expect("just seen");
            self.restore_lines(index, stone, &saved.lines);
            self.fives = saved.fives;
            for (set, window) in self.four_cells.iter_mut().zip(&saved.four_cells) {
                set.restore(window);
            }
            return;
        }
        // Out of order: the patterns saved for later stones are stale from now on.
        self.saved.clear();
        self.update_lines(index, stone, false, &mut [[Pattern::Dead; 2]; LINES]);
        // The patterns kept from before the stone were taken out of the count; the refresh
        // takes them out again, so put them back first.
        self.count_fives(index, true);
        self.refresh_patterns(index);
        self.update_four_cells(index);
    }

    /// Whether `colour` has a five point anywhere: an empty cell completing a five.
    #[must_use]
    #[inline]
    pub fn has_five_point(&self, colour: Stone) -> bool {
        self.fives[colour.index()] > 0
    }

    /// The empty points where a stone of `colour` would make a four or a five (a line
    /// pattern of `Block4` or more), row by row. Rule-blind: a point may be forbidden.
    pub fn four_points(&self, colour: Stone) -> impl Iterator<Item = Point> + '_ {
        self.four_cells[colour.index()].points()
    }

    /// The pattern a stone of `colour` on empty `point` would make along `direction`.
    #[must_use]
    #[inline]
    pub fn pattern(&self, point: Point, direction: Direction, colour: Stone) -> Pattern {
        self.patterns[grid::index_of(point)][colour.index()][direction.index()]
    }

    /// `pattern` at a padded grid index (the search's hot loops walk lines by index, reading
    /// the wall past the edges instead of checking bounds).
    #[must_use]
    #[inline]
    pub fn pattern_at_index(&self, index: usize, direction: Direction, colour: Stone) -> Pattern {
        self.patterns[index][colour.index()][direction.index()]
    }

    /// The four line patterns (in `Direction::ALL` order) of `colour` on empty `point`.
    #[must_use]
    #[inline]
    pub fn patterns_at(&self, point: Point, colour: Stone) -> [Pattern; 4] {
        self.patterns[grid::index_of(point)][colour.index()]
    }

    /// The patterns from scratch, for checking the incremental ones.
    #[must_use]
    pub fn patterns_from_scratch(&self, point: Point, colour: Stone) -> [Pattern; 4] {
        let index = grid::index_of(point);
        let shapes = patterns::table(self.rule.exact_five(colour));
        Direction::ALL.map(|d| shapes[usize::from(self.key_from_scratch(index, d, colour))])
    }

    /// A compact encoding of the size and the stones: equal exactly when the stones are.
    #[must_use]
    pub fn stones_key(&self) -> Vec<u8> {
        let size = self.size();
        let mut key = vec![size.width() as u8, size.height() as u8];
        let codes: Vec<u8> = size
            .points()
            .map(|p| self.stone(p).map_or(0, Stone::code))
            .collect();
        key.extend(
            codes
                .chunks(4)
                .map(|c| c.iter().rev().fold(0u8, |acc, &v| acc << 2 | v)),
        );
        key
    }

    /// The board mapped by a symmetry of its size: stones, history and side to move.
    #[must_use]
    pub fn transformed(&self, symmetry: Symmetry) -> Board {
        let size = self.size();
        let mut board = Board::new(size, self.rule);
        let played: std::collections::HashSet<Point> = self.history.iter().copied().collect();
        for (point, stone) in self.stones().filter(|(p, _)| !played.contains(p)) {
            board.place(symmetry.apply(point, size), stone);
        }
        let first_mover = match self.history.len() % 2 {
            0 => self.to_move,
            _ => self.to_move.opponent(),
        };
        board.set_to_move(first_mover);
        for &point in &self.history {
            board.play(symmetry.apply(point, size));
        }
        board
    }

    fn key_from_scratch(&self, index: usize, direction: Direction, colour: Stone) -> u16 {
        let step = grid::offset(direction);
        let mut key = 0;
        for k in 1..=HALF as isize {
            for sign in [-1, 1] {
                let code = self.grid.along(index, step, sign * k);
                key += patterns::digit(code, colour) * patterns::WEIGHTS[patterns::slot(sign * k)];
            }
        }
        key
    }

    fn recompute_lines(&mut self) {
        for point in self.size().points() {
            let index = grid::index_of(point);
            for d in Direction::ALL {
                self.keys[index][d.index()] = Stone::BOTH
                    .iter()
                    .map(|&c| u32::from(self.key_from_scratch(index, d, c)) << colour_shift(c))
                    .sum();
            }
            self.refresh_patterns(index);
            self.update_four_cells(index);
        }
    }

    /// Adds (`placed`) or takes away `stone` in the keys of the 40 cells whose lines pass
    /// `index` and refreshes their patterns, writing the patterns they had into `old`.
    fn update_lines(
        &mut self,
        index: usize,
        stone: Stone,
        placed: bool,
        old: &mut [[Pattern; 2]; LINES],
    ) {
        let digits = key_digits(stone, placed);
        each_line(self, index, |board, line, neighbour, d, weight| {
            board.shift_keys(neighbour, d, digits, weight);
            let patterns = &board.patterns[neighbour];
            old[line] = [patterns[0][d.index()], patterns[1][d.index()]];
            if board.grid.at(neighbour) == EMPTY {
                board.refresh_pattern(neighbour, d);
            }
        });
    }

    /// Takes `stone` away from the keys of the 40 cells whose lines pass `index`, and puts
    /// back the patterns `update_lines` found there when it was placed.
    fn restore_lines(&mut self, index: usize, stone: Stone, old: &[[Pattern; 2]; LINES]) {
        let digits = key_digits(stone, false);
        each_line(self, index, |board, line, neighbour, d, weight| {
            board.shift_keys(neighbour, d, digits, weight);
            let patterns = &mut board.patterns[neighbour];
            patterns[0][d.index()] = old[line][0];
            patterns[1][d.index()] = old[line][1];
        });
    }

    /// Adds `digits` (a key word, wrapping to take away) times `weight` to the keys of
    /// `cell` along `direction`.
    #[inline]
    fn shift_keys(&mut self, cell: usize, direction: Direction, digits: u32, weight: u16) {
        let key = &mut self.keys[cell][direction.index()];
        *key = key.wrapping_add(digits.wrapping_mul(u32::from(weight)));
    }

    fn refresh_patterns(&mut self, index: usize) {
        for d in Direction::ALL {
            self.refresh_pattern(index, d);
        }
    }

    #[inline]
    fn refresh_pattern(&mut self, index: usize, direction: Direction) {
        let keys = self.keys[index][direction.index()];
        let mut crossed = false;
        for colour in 0..2 {
            let key = (keys >> (colour as u32 * KEY_BITS)) as u16;
            let pattern = &mut self.patterns[index][colour][direction.index()];
            let old = *pattern;
            let new = self.shapes[colour][usize::from(key)];
            *pattern = new;
            self.fives[colour] += u32::from(new == Pattern::Five);
            self.fives[colour] -= u32::from(old == Pattern::Five);
            crossed |= crosses_four(old, new);
        }
        if crossed {
            self.update_four_cells(index);
        }
    }

    /// Brings the cell `index` in or out of both colours' `four_cells` by its state: empty,
    /// and a line pattern of `Block4` or more. Out of line: few pattern changes cross a four.
    #[inline(never)]
    fn update_four_cells(&mut self, index: usize) {
        let empty = self.grid.at(index) == EMPTY;
        for colour in 0..2 {
            let four = self.patterns[index][colour]
                .iter()
                .any(|&p| p >= Pattern::Block4);
            self.four_cells[colour].set(index, empty && four);
        }
    }

    /// Adds (`add`) or takes away the fives among the patterns kept for the cell `index`.
    fn count_fives(&mut self, index: usize, add: bool) {
        for colour in 0..2 {
            let fives = self.patterns[index][colour]
                .iter()
                .filter(|&&p| p == Pattern::Five)
                .count() as u32;
            if add {
                self.fives[colour] += fives;
            } else {
                self.fives[colour] -= fives;
            }
        }
    }
}

/// A value per cell of the padded grid, on the heap (a board is cloned often, and its tables
/// are large). Sized by type, so that indexing them checks against a constant.
fn boxed_cells<T: Copy>(value: T) -> Box<[T; CELLS]> {
    vec![value; CELLS]
        .into_boxed_slice()
        .try_into()
        .unwrap_or_else(|_| unreachable!("the vector has CELLS items"))
}

/// Whether a line pattern changing from `old` to `new` starts or stops being a four.
#[inline]
fn crosses_four(old: Pattern, new: Pattern) -> bool {
    (old >= Pattern::Block4) != (new >= Pattern::Block4)
}

/// Where `colour`'s key sits in a key word.
fn colour_shift(colour: Stone) -> u32 {
    colour.index() as u32 * KEY_BITS
}

/// The key digits of `stone` for both colours as a key word, negated (wrapping) to take it
/// away: the digit of an empty cell is 0, so placing or removing the stone shifts a key by
/// its digit.
fn key_digits(stone: Stone, placed: bool) -> u32 {
    let digits: u32 = Stone::BOTH
        .iter()
        .map(|&c| u32::from(patterns::digit(stone.code(), c)) << colour_shift(c))
        .sum();
    if placed {
        digits
    } else {
        digits.wrapping_neg()
    }
}

/// Calls `visit(board, line, cell, direction, weight)` for the 40 cells whose lines pass
/// `index`, numbered by `line`, each with the direction of that line and the weight of
/// `index` in its key.
#[inline(always)]
fn each_line(
    board: &mut Board,
    index: usize,
    mut visit: impl FnMut(&mut Board, usize, usize, Direction, u16),
) {
    let mut line = 0;
    for d in Direction::ALL {
        let step = grid::offset(d);
        for (&offset, weight) in patterns::OFFSETS.iter().zip(patterns::WEIGHTS) {
            // `index` is `offset` steps from this neighbour, in the neighbour's slot of it.
            let neighbour = (index as isize - offset * step) as usize;
            visit(board, line, neighbour, d, weight);
            line += 1;
        }
    }
}

/// Empty boards by size and rule: an empty board's line patterns cost far more to compute
/// than to copy, and every parsed position starts from one.
mod templates {
    use std::collections::HashMap;
    use std::sync::{OnceLock, RwLock};

    use super::{Board, BoardSize, Rule};

    /// Most templates kept: the common sizes under every rule, a few MiB in all. Other
    /// boards are built from scratch, so clients cycling through sizes cannot grow memory.
    const MAX_TEMPLATES: usize = 48;

    type Templates = RwLock<HashMap<(BoardSize, Rule), Board>>;

    fn templates() -> &'static Templates {
        static TEMPLATES: OnceLock<Templates> = OnceLock::new();
        TEMPLATES.get_or_init(Templates::default)
    }

    /// A copy of the empty board of `size` under `rule`.
    pub fn empty(size: BoardSize, rule: Rule) -> Board {
        // A poisoned lock only means another thread panicked mid-insert; the map is still
        // a valid cache, so keep using it.
        let read = templates().read().unwrap_or_else(|e| e.into_inner());
        if let Some(board) = read.get(&(size, rule)) {
            return board.clone();
        }
        drop(read);
        let board = Board::build_empty(size, rule);
        let mut write = templates().write().unwrap_or_else(|e| e.into_inner());
        if write.len() < MAX_TEMPLATES {
            write.insert((size, rule), board.clone());
        }
        board
    }

    #[cfg(test)]
    mod tests {
        use super::*;
        use crate::engine::{Point, Stone};

        #[test]
        fn template_copies_match_boards_built_from_scratch() {
            for (w, h) in [(15, 15), (15, 15), (5, 32), (32, 7)] {
                let size = BoardSize::new(w, h).unwrap();
                for rule in Rule::ALL {
                    let copy = empty(size, rule);
                    let built = Board::build_empty(size, rule);
                    assert!(copy == built && copy.hash() == built.hash());
                    for point in size.points() {
                        for colour in Stone::BOTH {
                            assert_eq!(
                                copy.patterns_at(point, colour),
                                built.patterns_at(point, colour),
                                "{w}x{h} {rule} {point:?}"
                            );
                        }
                    }
                }
            }
            let size = BoardSize::new(9, 9).unwrap();
            let mut played = empty(size, Rule::Renju);
            played.play(Point::new(4, 4));
            assert_eq!(
                empty(size, Rule::Renju).count(Stone::Black),
                0,
                "copies are independent"
            );
        }
    }
}

impl PartialEq for Board {
    /// Same size, rule, stones, side to move and history.
    fn eq(&self, other: &Self) -> bool {
        self.grid == other.grid
            && self.rule == other.rule
            && self.to_move == other.to_move
            && self.history == other.history
    }
}

impl Eq for Board {}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Board({}, {}, {} to move)\n{:?}",
            self.size(),
            self.rule,
            self.to_move,
            self.grid
        )
    }
}

#[cfg(test)]
mod tests {
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    use super::*;

    /// The kept patterns of every empty cell, the five-point flags and the four points
    /// against a recount.
    fn assert_current(board: &Board) {
        for colour in Stone::BOTH {
            let mut five_point = false;
            let mut fours = Vec::new();
            for point in board.empty_points() {
                let scratch = board.patterns_from_scratch(point, colour);
                assert_eq!(
                    board.patterns_at(point, colour),
                    scratch,
                    "{point:?}\n{board:?}"
                );
                five_point |= scratch.contains(&Pattern::Five);
                if scratch.iter().any(|&p| p >= Pattern::Block4) {
                    fours.push(point);
                }
            }
            assert_eq!(
                board.has_five_point(colour),
                five_point,
                "{colour}\n{board:?}"
            );
            let listed: Vec<Point> = board.four_points(colour).collect();
            assert_eq!(listed, fours, "{colour}\n{board:?}");
        }
    }

    #[test]
    fn stones_removed_in_any_order_leave_current_patterns() {
        let mut rng = SmallRng::seed_from_u64(7);
        // A small board, and the two far corners of the largest (where the saved windows of
        // the four points meet the ends of their bit array); stones go in a 9×9 square.
        let boards = [(9, (0, 0)), (32, (0, 0)), (32, (23, 23))];
        for rule in Rule::ALL {
            for (side, (left, top)) in boards {
                let board = Board::new(BoardSize::new(side, side).unwrap(), rule);
                play_and_take_back_at_random(board, (left, top), &mut rng);
            }
        }
    }

    /// 400 random steps in the 9×9 square from `corner`: a stone of either colour placed, or
    /// one taken off (the last most of the time), checking the board after each.
    fn play_and_take_back_at_random(mut board: Board, corner: (usize, usize), rng: &mut SmallRng) {
        let square = |p: &Point| {
            (corner.0..corner.0 + 9).contains(&p.col())
                && (corner.1..corner.1 + 9).contains(&p.row())
        };
        let mut stones: Vec<Point> = Vec::new();
        for _ in 0..400 {
            let empty: Vec<Point> = board.empty_points().filter(square).collect();
            if stones.len() < 3 || rng.random_bool(0.55) && !empty.is_empty() {
                let point = empty[rng.random_range(0..empty.len())];
                board.place(point, Stone::BOTH[rng.random_range(0..2)]);
                stones.push(point);
            } else {
                // The last stone most of the time (the restoring path), any other else.
                let last = stones.len() - 1;
                let at = if rng.random_bool(0.7) {
                    last
                } else {
                    rng.random_range(0..last)
                };
                board.remove(stones.remove(at));
            }
            assert_current(&board);
        }
    }
}
