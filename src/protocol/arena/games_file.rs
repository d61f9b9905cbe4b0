//! Reading back the games an arena wrote: the lines of `arena --games-out`, or the arena's own
//! output (whose game lines carry a `[n/N] ` counter first), so that matches stopped by hand or
//! played side by side can be counted again and pooled (`gomoku-ai arena-tally`).
//!
//! Only what counting needs is read: the game's number, which opening pair it belongs to, the
//! players and the result. Games `2k + 1` and `2k + 2` (as numbered in the lines) are one
//! opening's pair within a file; pairs never span files.

use super::elo::Tally;
use super::pairs::PairTracker;
use super::result_text;
use crate::engine::Stone;

/// One game line, as far as counting it needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameLine {
    /// Index of the game in its match (0-based; the line numbers games from 1).
    pub index: usize,
    /// Name of the player with Black.
    pub black: String,
    /// Name of the player with White.
    pub white: String,
    /// The winner, `None` for a draw.
    pub winner: Option<Stone>,
}

impl GameLine {
    /// Parses one line: `Ok(None)` for a line that is not a game (the arena's other output),
    /// an error naming the field for a game line that cannot be read.
    pub fn parse(line: &str) -> Result<Option<GameLine>, String> {
        let Some(rest) = without_counter(line.trim()).strip_prefix("game ") else {
            return Ok(None);
        };
        let mut fields = rest.split_whitespace();
        let number: usize = fields
            .next()
            .and_then(|n| n.parse().ok())
            .filter(|&n| n > 0)
            .ok_or("the game number is not a positive integer")?;
        if fields.next() != Some("opening") || fields.next().is_none() {
            return Err("no `opening N` after the game number".into());
        }
        let mut field = |name: &str| {
            fields
                .next()
                .and_then(|f| f.strip_prefix(name))
                .and_then(|f| f.strip_prefix('='))
                .filter(|value| !value.is_empty())
                .ok_or(format!("no `{name}=` field where expected"))
        };
        let black = field("black")?.to_string();
        let white = field("white")?.to_string();
        let result = field("result")?;
        let winner = [Some(Stone::Black), Some(Stone::White), None]
            .into_iter()
            .find(|&winner| result_text(winner) == result)
            .ok_or(format!("result `{result}` is none of 1-0, 0-1, 1/2-1/2"))?;
        Ok(Some(GameLine {
            index: number - 1,
            black,
            white,
            winner,
        }))
    }

    /// The colour `player` had; `None` when `player` did not play.
    #[must_use]
    pub fn side_of(&self, player: &str) -> Option<Stone> {
        [Stone::Black, Stone::White]
            .into_iter()
            .find(|&side| self.player(side) == player)
    }

    /// The name of the player with `side`.
    #[must_use]
    pub fn player(&self, side: Stone) -> &str {
        match side {
            Stone::Black => &self.black,
            Stone::White => &self.white,
        }
    }

    /// The match's first player and the second: the first has Black in a pair's first game
    /// (games 1, 3, 5, …) and White in its second.
    #[must_use]
    pub fn match_players(&self) -> [&str; 2] {
        let first = if self.index.is_multiple_of(2) {
            Stone::Black
        } else {
            Stone::White
        };
        [self.player(first), self.player(first.opponent())]
    }
}

/// A line with the arena's `[n/N] ` counter taken off, if it has one.
fn without_counter(line: &str) -> &str {
    line.strip_prefix('[')
        .and_then(|rest| rest.split_once("] "))
        .filter(|(counter, _)| {
            counter
                .split_once('/')
                .is_some_and(|(n, total)| is_number(n) && is_number(total))
        })
        .map_or(line, |(_, rest)| rest)
}

fn is_number(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

/// The games of one match counted for one player: its tally and its game pairs.
#[derive(Clone, Debug, Default)]
pub struct CountedMatch {
    /// The player's wins, losses and draws.
    pub tally: Tally,
    /// The player's complete game pairs.
    pub pairs: PairTracker,
}

/// Counts the game lines of `text` (one match) for `player` against `opponent`. Every game
/// line must be between those two and each game number may appear once: two matches in one
/// file would pair games that are not one opening's pair.
pub fn count_match(text: &str, player: &str, opponent: &str) -> Result<CountedMatch, String> {
    let mut counted = CountedMatch::default();
    let mut seen = std::collections::HashSet::new();
    for (number, line) in text.lines().enumerate() {
        let at = |message: String| format!("line {}: {message}", number + 1);
        let Some(game) = GameLine::parse(line).map_err(at)? else {
            continue;
        };
        let Some(side) = game
            .side_of(player)
            .filter(|&side| game.player(side.opponent()) == opponent)
        else {
            return Err(at(format!(
                "game {} is {} against {}, not {player} against {opponent}",
                game.index + 1,
                game.black,
                game.white
            )));
        };
        let result = Tally::of_game(game.winner, side);
        if !seen.insert(game.index) {
            return Err(at(format!(
                "game {} appears twice (one match per file)",
                game.index + 1
            )));
        }
        counted.tally.add(result);
        counted.pairs.record(game.index, result);
    }
    Ok(counted)
}

/// The match's first and second player as the first game line of `text` names them
/// (`GameLine::match_players`); `None` without any game line.
pub fn match_players(text: &str) -> Result<Option<[String; 2]>, String> {
    for line in text.lines() {
        if let Some(game) = GameLine::parse(line)? {
            return Ok(Some(game.match_players().map(str::to_string)));
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    const LOG: &str = "\
== new vs old: 4 games, freestyle 15x15, 200 ms/move, 0 ms/game
[1/4] game 1 opening 1 black=new white=old result=1-0 reason=\"Black won with five in a row.\" moves: h8 | i9
        new vs old: +1 -0 =0
[2/4] game 2 opening 1 black=old white=new result=1-0 reason=\"Black won.\" moves: h8 | i9
game 4 opening 2 black=old white=new result=1/2-1/2 reason=\"The board is full.\" moves: h8 |
game 3 opening 2 black=new white=old result=0-1 reason=\"White won.\" moves: h8 |
";

    #[test]
    fn reads_game_lines_with_and_without_the_counter() {
        let line =
            "[12/1960] game 12 opening 6 black=a white=b result=0-1 reason=\"x\" moves: h8 |";
        assert_eq!(
            GameLine::parse(line),
            Ok(Some(GameLine {
                index: 11,
                black: "a".into(),
                white: "b".into(),
                winner: Some(Stone::White),
            }))
        );
        let bare = line.split_once("] ").unwrap().1;
        assert_eq!(GameLine::parse(bare), GameLine::parse(line));
        for other in [
            "",
            "        new vs old: +1 -0 =0",
            "== new vs old",
            "SPRT [0, 15]",
        ] {
            assert_eq!(GameLine::parse(other), Ok(None), "{other}");
        }
    }

    #[test]
    fn a_broken_game_line_names_its_field() {
        for (line, field) in [
            ("game x opening 1 black=a white=b result=1-0", "game number"),
            ("game 0 opening 1 black=a white=b result=1-0", "game number"),
            ("game 3 black=a white=b result=1-0", "opening"),
            ("game 3 opening 1 white=b black=a result=1-0", "black="),
            ("game 3 opening 1 black=a white= result=1-0", "white="),
            (
                "game 3 opening 1 black=a white=b result=2-0",
                "result `2-0`",
            ),
        ] {
            let error = GameLine::parse(line).unwrap_err();
            assert!(error.contains(field), "{line}: {error}");
        }
    }

    #[test]
    fn counts_a_match_for_either_player_and_pairs_by_game_number() {
        let new = count_match(LOG, "new", "old").unwrap();
        assert_eq!(
            (new.tally.wins, new.tally.losses, new.tally.draws),
            (1, 2, 1)
        );
        // Pair 1: new won as Black, lost as White (1 of 2 points); pair 2: lost and drew (½).
        assert_eq!(new.pairs.pentanomial().counts, [0, 1, 1, 0, 0]);
        let old = count_match(LOG, "old", "new").unwrap();
        assert_eq!(
            (old.tally.wins, old.tally.losses, old.tally.draws),
            (2, 1, 1)
        );
        assert_eq!(old.pairs.pentanomial().counts, [0, 0, 1, 1, 0]);
    }

    #[test]
    fn refuses_other_players_and_repeated_games() {
        let error = count_match(LOG, "new", "hard").unwrap_err();
        assert!(
            error.starts_with("line 2: game 1 is new against old"),
            "{error}"
        );
        let twice = format!("{LOG}{}", LOG.lines().nth(1).unwrap());
        let error = count_match(&twice, "new", "old").unwrap_err();
        assert!(error.contains("game 1 appears twice"), "{error}");
    }

    #[test]
    fn the_first_player_has_black_in_a_pair_s_first_game() {
        let players = || Some(["new".to_string(), "old".to_string()]);
        assert_eq!(match_players(LOG), Ok(players()));
        let second_game_first = LOG.lines().nth(3).unwrap();
        assert_eq!(match_players(second_game_first), Ok(players()));
        assert_eq!(match_players("no games here"), Ok(None));
    }
}
