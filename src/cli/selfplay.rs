//! The self-play games file the training commands read (`data/champion-selfplay/`, see its
//! README): one JSON object a line, each game's moves with the evaluation of the search that
//! chose each one. Every fifth game is held out to measure a fit on games it never saw.

use std::fs;
use std::path::Path;

use anyhow::{bail, Context};
use serde::Deserialize;

use crate::engine::game::notation::parse_point;
use crate::engine::{Board, BoardSize, Point, Rule};

/// Every fifth game (its line number modulo this is `HELD_OUT_REMAINDER`) is held out.
const HELD_OUT_EVERY: usize = 5;
const HELD_OUT_REMAINDER: usize = 4;

/// One game of the file, its moves checked.
pub struct Game {
    /// The rule it was played under.
    pub rule: Rule,
    /// Its board size.
    pub size: BoardSize,
    /// Stones placed by the opening before the engines moved.
    pub opening_plies: usize,
    /// The moves in play order, Black first.
    pub moves: Vec<Point>,
    /// The evaluation that came with each move (none for opening stones).
    pub evals: Vec<Option<Eval>>,
    /// Whether the game is in the held-out fifth.
    pub held_out: bool,
}

/// The evaluation of the search that chose one move, from its mover's view.
#[derive(Clone, Copy, Deserialize)]
pub struct Eval {
    /// The score in the data engine's units, when it claimed no forced result.
    pub score: Option<f64>,
    /// The claimed forced result in moves, positive when winning.
    pub mate: Option<i64>,
}

/// A line of the file as written.
#[derive(Deserialize)]
struct Record {
    rule: String,
    size: i64,
    #[serde(default)]
    opening_plies: usize,
    moves: Vec<String>,
    evals: Vec<Option<Eval>>,
}

impl Game {
    /// Plays the game through, calling `visit(ply, board, move)` before each move.
    pub fn replay(&self, mut visit: impl FnMut(usize, &Board, Point)) {
        let mut board = Board::new(self.size, self.rule);
        for (ply, &point) in self.moves.iter().enumerate() {
            visit(ply, &board, point);
            board.play(point);
        }
    }
}

/// Items drawn from one rule family's games: from the training games and the held-out ones.
pub struct Split<T> {
    /// From the games the fit learns from.
    pub train: Vec<T>,
    /// From the held-out games.
    pub test: Vec<T>,
}

impl<T> Default for Split<T> {
    fn default() -> Self {
        Split {
            train: Vec::new(),
            test: Vec::new(),
        }
    }
}

/// The items `items_of` draws from every game of the file at `path`, split by rule family
/// (freestyle's including the standard rule's, then renju's) and into training and held-out.
///
/// # Errors
/// When the file cannot be read, a game is malformed, or either family has no training item.
pub fn split<T>(
    path: &Path,
    mut items_of: impl FnMut(&Game) -> Vec<T>,
) -> anyhow::Result<(Split<T>, Split<T>)> {
    let (mut freestyle, mut renju) = (Split::default(), Split::default());
    for game in read(path)? {
        let family = match game.rule {
            Rule::Renju => &mut renju,
            Rule::Freestyle | Rule::Standard => &mut freestyle,
        };
        let items = items_of(&game);
        if game.held_out {
            family.test.extend(items);
        } else {
            family.train.extend(items);
        }
    }
    if freestyle.train.is_empty() || renju.train.is_empty() {
        bail!("{} needs games of both freestyle and renju", path.display());
    }
    Ok((freestyle, renju))
}

/// Every game of the file at `path`, its moves checked (on the board, on empty cells).
fn read(path: &Path) -> anyhow::Result<Vec<Game>> {
    let text = fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(number, line)| {
            game_of(line, number).with_context(|| format!("{} line {}", path.display(), number + 1))
        })
        .collect()
}

/// The game on line `number` (from 0).
fn game_of(line: &str, number: usize) -> anyhow::Result<Game> {
    let record: Record = serde_json::from_str(line)?;
    let rule: Rule = record.rule.parse().map_err(anyhow::Error::msg)?;
    let size = BoardSize::new(record.size, record.size)?;
    let mut board = Board::new(size, rule);
    let mut moves = Vec::with_capacity(record.moves.len());
    for (ply, text) in record.moves.iter().enumerate() {
        let point = parse_point(text, size)?;
        if !board.is_empty(point) {
            bail!("move {} ({text}) is on a stone", ply + 1);
        }
        board.play(point);
        moves.push(point);
    }
    Ok(Game {
        rule,
        size,
        opening_plies: record.opening_plies,
        moves,
        evals: record.evals,
        held_out: number % HELD_OUT_EVERY == HELD_OUT_REMAINDER,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINE: &str = r#"{"rule":"renju","size":15,"opening_plies":1,"moves":["h8","h9","i9"],"evals":[null,{"score":12,"mate":null},{"score":null,"mate":3}]}"#;

    #[test]
    fn a_line_replays_its_moves_in_order() {
        let game = game_of(LINE, 0).unwrap();
        assert_eq!(game.rule, Rule::Renju);
        assert_eq!(game.opening_plies, 1);
        assert!(!game.held_out);
        let mut seen = Vec::new();
        game.replay(|ply, board, point| seen.push((ply, board.stone_total(), point)));
        assert_eq!(seen.len(), 3);
        assert_eq!(seen[2].1, 2);
        assert_eq!(seen[1].2, game.moves[1]);
        assert_eq!(game.evals[2].unwrap().mate, Some(3));
    }

    #[test]
    fn every_fifth_line_is_held_out() {
        assert!(game_of(LINE, 4).unwrap().held_out);
        assert!(game_of(LINE, 9).unwrap().held_out);
        assert!(!game_of(LINE, 5).unwrap().held_out);
    }

    #[test]
    fn a_move_on_a_stone_is_refused() {
        let line = LINE.replace("\"i9\"", "\"h8\"");
        assert!(game_of(&line, 0).is_err());
    }
}
