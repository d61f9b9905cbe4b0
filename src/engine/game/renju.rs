//! Renju forbidden moves for Black, exactly per the RIF rules.
//!
//! A Black move that makes exactly five is always legal. Otherwise it is forbidden when it
//! makes an overline (six or more), a double four (two fours through the stone, also two on
//! one line such as `x.xxx.x`), or a double three: two *real* threes. A three is real only if
//! some point that turns it into a straight four is itself a legal Black move (checked
//! recursively, with the three's stones on the board) and does not at the same time make a
//! five. That last clause is the literal RIF reading, which this project follows.

use std::fmt;

use super::geometry::{Direction, Point};
use super::grid::{self, Grid, BLACK, EMPTY};
use super::stone::Stone;

/// Why a Black move is forbidden.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum ForbiddenKind {
    /// Six or more in a row.
    Overline,
    /// Two or more fours at once.
    DoubleFour,
    /// Two or more real threes at once.
    DoubleThree,
}

impl ForbiddenKind {
    /// Snake-case name, as in JSON.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            ForbiddenKind::Overline => "overline",
            ForbiddenKind::DoubleFour => "double_four",
            ForbiddenKind::DoubleThree => "double_three",
        }
    }
}

impl fmt::Display for ForbiddenKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ForbiddenKind::Overline => "an overline",
            ForbiddenKind::DoubleFour => "a double four",
            ForbiddenKind::DoubleThree => "a double three",
        })
    }
}

/// Whether a Black stone on the empty `point` would be forbidden, and why.
#[must_use]
pub fn forbidden_kind(grid: &Grid, point: Point) -> Option<ForbiddenKind> {
    let mut scratch = grid.clone();
    forbidden_kind_in(&mut scratch, point)
}

/// Like `forbidden_kind`, on a grid the caller lets us use as scratch space (it is left as
/// it was found). Saves a copy per call when checking many points.
#[must_use]
pub fn forbidden_kind_in(grid: &mut Grid, point: Point) -> Option<ForbiddenKind> {
    let index = grid::index_of(point);
    if grid.at(index) != EMPTY || !could_be_forbidden(grid, index) {
        return None;
    }
    grid.put(index, Stone::Black);
    let kind = forbidden_after_placing(grid, index);
    grid.clear(index);
    kind
}

/// Every point where Black may not play, row by row.
#[must_use]
pub fn forbidden_points(grid: &Grid) -> Vec<(Point, ForbiddenKind)> {
    let mut scratch = grid.clone();
    grid.size()
        .points()
        .filter_map(|p| forbidden_kind_in(&mut scratch, p).map(|k| (p, k)))
        .collect()
}

/// A quick filter: a forbidden shape needs at least two Black stones within four cells on
/// some line through the point, or Black stones on two lines.
fn could_be_forbidden(grid: &Grid, index: usize) -> bool {
    let mut black_near = 0;
    for d in Direction::ALL {
        let step = grid::offset(d);
        for k in 1..=4 {
            black_near += usize::from(grid.along(index, step, k) == BLACK);
            black_near += usize::from(grid.along(index, step, -k) == BLACK);
        }
    }
    black_near >= 2
}

/// The verdict on a Black stone just put at `index`.
fn forbidden_after_placing(grid: &mut Grid, index: usize) -> Option<ForbiddenKind> {
    let runs = Direction::ALL.map(|d| grid.run_through(index, grid::offset(d), BLACK).0);
    if runs.contains(&5) {
        return None;
    }
    if runs.iter().any(|&run| run > 5) {
        return Some(ForbiddenKind::Overline);
    }
    let fours: Vec<usize> = Direction::ALL
        .map(|d| fours_on_line(grid, index, grid::offset(d)))
        .to_vec();
    if fours.iter().sum::<usize>() >= 2 {
        return Some(ForbiddenKind::DoubleFour);
    }
    let threes = Direction::ALL
        .into_iter()
        .zip(&fours)
        .filter(|&(d, &f)| f == 0 && has_real_three(grid, index, grid::offset(d)))
        .count();
    (threes >= 2).then_some(ForbiddenKind::DoubleThree)
}

/// Whether Black at `index` (already placed) makes exactly five with a stone at `target`.
fn completes_five(grid: &mut Grid, index: usize, target: usize, step: isize) -> bool {
    grid.put(target, Stone::Black);
    let (run, first, last) = grid.run_through(target, step, BLACK);
    grid.clear(target);
    run == 5 && on_segment(index, first, last, step)
}

/// Whether `index` lies on the segment from `first` to `last` along `step`.
fn on_segment(index: usize, first: usize, last: usize, step: isize) -> bool {
    let (i, f, l) = (index as isize, first as isize, last as isize);
    (i - f) % step == 0 && (i - f) / step >= 0 && (l - i) / step >= 0
}

/// The empty points on the line that complete an exact five through `index`.
fn five_points(grid: &mut Grid, index: usize, step: isize) -> Vec<isize> {
    (-4..=4)
        .filter(|&k| k != 0)
        .filter(|&k| {
            let target = (index as isize + k * step) as usize;
            grid.at(target) == EMPTY && completes_five(grid, index, target, step)
        })
        .collect()
}

/// How many fours the stone at `index` belongs to on this line: a straight four (`.xxxx.`,
/// two five points five apart) is one four; any other pair of five points is two.
fn fours_on_line(grid: &mut Grid, index: usize, step: isize) -> usize {
    let points = five_points(grid, index, step);
    match points.as_slice() {
        [a, b] if b - a == 5 => 1,
        other => other.len(),
    }
}

/// Whether the stone at `index` makes a real three on this line: some empty point turns it
/// into a straight four through `index`, is not itself forbidden and makes no five.
fn has_real_three(grid: &mut Grid, index: usize, step: isize) -> bool {
    (-4..=4).filter(|&k| k != 0).any(|k| {
        let target = (index as isize + k * step) as usize;
        if grid.at(target) != EMPTY {
            return false;
        }
        grid.put(target, Stone::Black);
        let real = is_straight_four(grid, index, target, step)
            && !makes_five(grid, target)
            && forbidden_after_placing(grid, target).is_none();
        grid.clear(target);
        real
    })
}

/// Whether the run through `target` along `step` is a straight four containing `index`: four
/// in a row with both ends empty and each end completing an exact five.
fn is_straight_four(grid: &Grid, index: usize, target: usize, step: isize) -> bool {
    let (run, first, last) = grid.run_through(target, step, BLACK);
    if run != 4 || !on_segment(index, first, last, step) {
        return false;
    }
    let open_end = |end: usize, dir: isize| {
        grid.along(end, step, dir) == EMPTY && grid.along(end, step, 2 * dir) != BLACK
    };
    open_end(first, -1) && open_end(last, 1)
}

/// Whether the Black stone at `index` is part of an exact five on any line.
fn makes_five(grid: &Grid, index: usize) -> bool {
    Direction::ALL
        .into_iter()
        .any(|d| grid.run_through(index, grid::offset(d), BLACK).0 == 5)
}
