//! A game review's win-probability graph as an SVG picture: Black's chance of winning after
//! every move (the dark area is Black's share, the light one White's), each move a dot on the
//! curve coloured by its label with blunders, mistakes and inaccuracies larger and named, the
//! turning points as dashed verticals, move numbers along the axis, and a legend with both
//! sides' accuracy.
//!
//! Like the heatmap picture it uses presentation attributes only and the embedded font, so the
//! PNG rasteriser draws the same picture.

use std::fmt::Write;

use super::svg::FONT_FAMILY;
use super::text::move_count;
use crate::engine::game::notation::format_point;
use crate::engine::review::{Label, Review, TurnKind};
use crate::engine::Stone;

/// The picture's width.
const WIDTH: usize = 720;
/// Room left of the plot for the percentages.
const LEFT: usize = 48;
/// Room right of the plot.
const RIGHT: usize = 16;
/// Room above the plot for the caption.
const TOP: usize = 40;
/// The plot's height.
const PLOT_HEIGHT: usize = 200;
/// Room below the plot for the move numbers and the legend.
const BOTTOM: usize = 64;
/// Most move numbers along the axis.
const MAX_TICKS: usize = 20;
/// The page's paper colour.
const PAPER: &str = "#f4ecd8";
/// Ink for the frame and the text.
const INK: &str = "#3b2f1a";

/// The graph of `review`, as a standalone SVG document.
#[must_use]
pub fn review_svg(review: &Review) -> String {
    let plot = Plot::new(review.moves.len());
    let height = TOP + PLOT_HEIGHT + BOTTOM;
    let mut svg = String::new();
    let _ = write!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" font-family="{FONT_FAMILY}" font-size="12">"#
    );
    let _ = write!(
        svg,
        r#"<rect width="{WIDTH}" height="{height}" fill="{PAPER}"/>"#
    );
    let _ = write!(
        svg,
        r#"<text class="caption" x="{LEFT}" y="24" fill="{INK}" font-size="14">Black's win probability over {}: {}</text>"#,
        move_count(review.moves.len()),
        review.result
    );
    plot.draw_area(&mut svg, review);
    plot.draw_turning_points(&mut svg, review);
    plot.draw_moves(&mut svg, review);
    plot.draw_axis(&mut svg);
    draw_legend(&mut svg, review);
    svg.push_str("</svg>\n");
    svg
}

/// Where the plot's points go for a game of `moves` moves.
struct Plot {
    moves: usize,
}

impl Plot {
    fn new(moves: usize) -> Plot {
        Plot { moves }
    }

    /// The horizontal position of the position after `moves_played` moves.
    fn x(&self, moves_played: usize) -> f64 {
        let width = (WIDTH - LEFT - RIGHT) as f64;
        LEFT as f64 + width * moves_played as f64 / self.moves.max(1) as f64
    }

    /// The vertical position of Black's win probability `p`.
    fn y(p: f64) -> f64 {
        TOP as f64 + (1.0 - p.clamp(0.0, 1.0)) * PLOT_HEIGHT as f64
    }

    /// The frame, White's light share, Black's dark share under the curve and the even line.
    fn draw_area(&self, svg: &mut String, review: &Review) {
        let bottom = TOP + PLOT_HEIGHT;
        let _ = write!(
            svg,
            r##"<rect class="plot" x="{LEFT}" y="{TOP}" width="{}" height="{PLOT_HEIGHT}" fill="#fafafa"/>"##,
            WIDTH - LEFT - RIGHT
        );
        let curve = self.curve(review);
        let _ = write!(
            svg,
            r##"<path class="black-share" d="M{x0:.1} {bottom}{curve}L{xn:.1} {bottom}Z" fill="#2b2418" fill-opacity="0.85"/>"##,
            x0 = self.x(0),
            xn = self.x(self.moves),
        );
        let _ = write!(
            svg,
            r##"<path class="curve" d="M{start}" fill="none" stroke="#8a6d3b" stroke-width="1.5"/>"##,
            start = curve.trim_start_matches('L')
        );
        let even = Plot::y(0.5);
        let _ = write!(
            svg,
            r##"<path class="even" d="M{LEFT} {even}H{}" stroke="#9e9e9e" stroke-dasharray="4 3"/><rect x="{LEFT}" y="{TOP}" width="{}" height="{PLOT_HEIGHT}" fill="none" stroke="{INK}"/>"##,
            WIDTH - RIGHT,
            WIDTH - LEFT - RIGHT
        );
        svg.push_str(r#"<g class="percentages" text-anchor="end" font-size="11">"#);
        for (p, text) in [(1.0, "100%"), (0.5, "50%"), (0.0, "0%")] {
            let _ = write!(
                svg,
                r#"<text x="{}" y="{:.1}" fill="{INK}">{text}</text>"#,
                LEFT - 6,
                Plot::y(p) + 4.0
            );
        }
        svg.push_str("</g>");
    }

    /// `L x y` for every position, the one before the first move first.
    fn curve(&self, review: &Review) -> String {
        let start = std::iter::once(review.initial_black_win_probability);
        let after = review.moves.iter().map(|m| m.black_win_probability);
        let mut path = String::new();
        for (k, p) in start.chain(after).enumerate() {
            let _ = write!(path, "L{:.1} {:.1}", self.x(k), Plot::y(p));
        }
        path
    }

    fn draw_turning_points(&self, svg: &mut String, review: &Review) {
        for turn in &review.turning_points {
            let x = self.x(turn.ply + 1);
            let what = match turn.kind {
                TurnKind::WinAppeared => "forced win appeared",
                TurnKind::WinMissed => "forced win missed",
            };
            let _ = write!(
                svg,
                r##"<path class="turning-point" data-ply="{ply}" d="M{x:.1} {TOP}V{bottom}" stroke="#00a844" stroke-width="1.5" stroke-dasharray="5 3"><title>move {number}: {side}'s {what}</title></path>"##,
                ply = turn.ply,
                bottom = TOP + PLOT_HEIGHT,
                number = turn.ply + 1,
                side = turn.side.title(),
            );
        }
    }

    fn draw_moves(&self, svg: &mut String, review: &Review) {
        let size = review.size;
        svg.push_str(r#"<g class="moves">"#);
        for m in &review.moves {
            let (colour, radius) = label_mark(m.label);
            let (x, y) = (self.x(m.ply + 1), Plot::y(m.black_win_probability));
            let name = format_point(m.played, size);
            let best = m
                .best
                .filter(|&b| b != m.played)
                .map(|b| format!(", best {}", format_point(b, size)))
                .unwrap_or_default();
            let _ = write!(
                svg,
                r##"<circle class="move {label}" data-ply="{ply}" data-label="{label}" data-point="{name}" cx="{x:.1}" cy="{y:.1}" r="{radius}" fill="{colour}" stroke="#ffffff" stroke-width="0.8"><title>{number}. {side} {name}: {label} (loss {loss:.0}%){best}</title></circle>"##,
                label = m.label.name(),
                ply = m.ply,
                number = m.ply + 1,
                side = m.side.name(),
                loss = m.loss * 100.0,
            );
            if m.label >= Label::Inaccuracy && m.label != Label::Forced {
                // Named above the curve in White's light share, below it in Black's dark one.
                let (dy, ink) = if m.black_win_probability > 0.5 {
                    (radius + 12.0, "#ffffff")
                } else {
                    (-(radius + 4.0), INK)
                };
                let _ = write!(
                    svg,
                    r#"<text class="move-name {label}" x="{x:.1}" y="{ty:.1}" fill="{ink}" font-size="10" text-anchor="middle">{name}</text>"#,
                    label = m.label.name(),
                    ty = y + dy,
                );
            }
        }
        svg.push_str("</g>");
    }

    /// Move numbers under the plot, every `step` moves.
    fn draw_axis(&self, svg: &mut String) {
        let step = [1, 2, 5, 10, 20, 50, 100, 200, 500]
            .into_iter()
            .find(|&step| self.moves / step <= MAX_TICKS)
            .unwrap_or(1000);
        let bottom = TOP + PLOT_HEIGHT;
        let _ = write!(
            svg,
            r#"<g class="axis" fill="{INK}" font-size="11" text-anchor="middle">"#
        );
        for number in (0..=self.moves).step_by(step) {
            let x = self.x(number);
            let _ = write!(
                svg,
                r#"<path d="M{x:.1} {bottom}v4" stroke="{INK}"/><text class="tick" x="{x:.1}" y="{}">{number}</text>"#,
                bottom + 16
            );
        }
        let _ = write!(
            svg,
            r#"<text x="{}" y="{}" text-anchor="end">move</text></g>"#,
            WIDTH - RIGHT,
            bottom + 30
        );
    }
}

/// The legend: the marks, then each side's accuracy.
fn draw_legend(svg: &mut String, review: &Review) {
    let y = TOP + PLOT_HEIGHT + 50;
    let _ = write!(svg, r#"<g class="legend" fill="{INK}">"#);
    let mut x = LEFT;
    for label in [Label::Blunder, Label::Mistake, Label::Inaccuracy] {
        let (colour, radius) = label_mark(label);
        let _ = write!(
            svg,
            r#"<circle cx="{cx}" cy="{cy}" r="{radius}" fill="{colour}"/><text x="{tx}" y="{y}">{name}</text>"#,
            cx = x + 5,
            cy = y - 4,
            tx = x + 14,
            name = label.name()
        );
        x += 96;
    }
    let _ = write!(
        svg,
        r##"<path d="M{x} {top}v12" stroke="#00a844" stroke-width="1.5" stroke-dasharray="5 3"/><text x="{tx}" y="{y}">turning point</text>"##,
        top = y - 10,
        tx = x + 8
    );
    let accuracy = |side: Stone| {
        review.summary[side.index()]
            .accuracy
            .map_or_else(|| "-".to_string(), |a| format!("{a:.1}"))
    };
    let _ = write!(
        svg,
        r#"<text class="accuracy" x="{}" y="{y}" text-anchor="end">accuracy: Black {}, White {}</text></g>"#,
        WIDTH - RIGHT,
        accuracy(Stone::Black),
        accuracy(Stone::White)
    );
}

/// The colour and radius of a move's dot.
fn label_mark(label: Label) -> (&'static str, f64) {
    match label {
        Label::Blunder => ("#d32f2f", 5.5),
        Label::Mistake => ("#f57c00", 4.5),
        Label::Inaccuracy => ("#f9a825", 3.5),
        Label::Best | Label::Excellent | Label::Good | Label::Forced => ("#7a8c3c", 2.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::levels::analysis::{Analysis, Heatmap, Score, SearchStats};
    use crate::engine::review::Game;
    use crate::engine::{BoardInput, Position, Rule};
    use crate::render::testing::with_class;

    /// The review of `moves` whose positions all score `p` for the side to move, the reviewer
    /// always choosing `best` (so that every move but one at `best` is judged by its loss).
    fn review(moves: &[&str], scores: &[f64], best: &str) -> Review {
        let input = BoardInput::notation(15, 15, moves);
        let game = Game::of(&Position::parse(&input, Rule::Freestyle, None).expect("legal"));
        let size = game.positions()[0].board().size();
        let best = crate::engine::game::notation::parse_point(best, size).expect("on the board");
        let analyses: Vec<Option<Analysis>> = scores
            .iter()
            .map(|&p| {
                Some(Analysis {
                    best: Some(best),
                    score: Score {
                        win_probability: p,
                        ..Score::estimate(0)
                    },
                    pv: vec![best],
                    candidates: Vec::new(),
                    heatmap: Heatmap {
                        values: vec![None; size.area()],
                        forbidden: Vec::new(),
                    },
                    stats: SearchStats::default(),
                })
            })
            .collect();
        game.review(&analyses)
    }

    #[test]
    fn every_move_is_a_dot_and_the_blunder_is_marked_and_named() {
        // White's i9 drops White from 50 % to 1 − 0.9 = 10 %: a blunder; the others lose
        // nothing (each side's next position scores what the last promised).
        let moves = ["h8", "i9", "j10", "k11"];
        let r = review(&moves, &[0.5, 0.5, 0.9, 0.1, 0.9], "a1");
        let svg = review_svg(&r);
        let doc = roxmltree::Document::parse(&svg).expect("well-formed XML");
        assert_eq!(doc.root_element().tag_name().name(), "svg");
        let dots = with_class(&doc, "move");
        assert_eq!(dots.len(), 4);
        let blunders = with_class(&doc, "blunder");
        let points: Vec<_> = blunders
            .iter()
            .map(|n| (n.tag_name().name(), n.attribute("data-point")))
            .collect();
        assert!(points.contains(&("circle", Some("i9"))), "{points:?}");
        let names: Vec<_> = with_class(&doc, "move-name")
            .iter()
            .filter_map(|n| n.text())
            .collect();
        assert_eq!(names, ["i9"]);
        let ticks: Vec<_> = with_class(&doc, "tick")
            .iter()
            .filter_map(|n| n.text())
            .collect();
        assert_eq!(ticks, ["0", "1", "2", "3", "4"]);
    }

    #[test]
    fn higher_black_chances_are_drawn_higher() {
        let r = review(&["h8", "i9"], &[0.5, 0.2, 0.7], "a1");
        let svg = review_svg(&r);
        let doc = roxmltree::Document::parse(&svg).expect("well-formed XML");
        let y = |ply: &str| {
            with_class(&doc, "move")
                .iter()
                .find(|n| n.attribute("data-ply") == Some(ply))
                .and_then(|n| n.attribute("cy")?.parse::<f64>().ok())
                .expect("the move's dot")
        };
        // After h8 Black has 1 − 0.2 = 80 %, after i9 70 %.
        assert!(y("0") < y("1"), "{} {}", y("0"), y("1"));
        assert!((y("0") - Plot::y(0.8)).abs() < 0.1);
    }

    #[test]
    fn long_games_number_every_tenth_move_at_most() {
        let plot = Plot::new(200);
        let mut svg = String::new();
        plot.draw_axis(&mut svg);
        assert_eq!(svg.matches(r#"class="tick""#).count(), 21);
        assert!(svg.contains(">200</text>"), "{svg}");
        assert!((plot.x(200) - (WIDTH - RIGHT) as f64).abs() < 1e-9);
    }
}
