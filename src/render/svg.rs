//! The score heatmap as an SVG picture: the board with its stones and coordinates, a
//! translucent disc on every empty point coloured by the level's rating of playing there (the
//! scale of `palette`), the AI's move ringed, the last move dotted, renju-forbidden points
//! crossed out, and a legend with the colour scale.
//!
//! Everything is drawn with presentation attributes (no CSS, no scripts, no external
//! resources) so that any SVG renderer, including the PNG rasteriser, draws the same picture.
//! Text uses the embedded `FONT_FAMILY`, which the PNG renderer loads.

use std::fmt::Write;

use super::palette::{heat_colour, Rgba, STOPS};
use crate::engine::game::notation::{column_name, format_point};
use crate::engine::{Analysis, BoardSize, Point, Position, Stone};

/// Font family of every text element; the PNG renderer embeds this font.
pub const FONT_FAMILY: &str = "DejaVu Sans";

/// Pixels between neighbouring points.
const CELL: usize = 32;
/// Room around the board for the coordinates.
const MARGIN: usize = 32;
/// Height of one legend line below the board.
const LEGEND_LINE: usize = 24;
/// Legend lines: caption, colour scale, symbols.
const LEGEND_LINES: usize = 3;
/// The narrowest picture, so the legend fits beside a 5 × 5 board.
const MIN_WIDTH: usize = 330;
/// Width of the colour scale bar.
const SCALE_WIDTH: usize = 160;
/// Radius of a heat disc: it covers the point, not the neighbouring points' wood.
const HEAT_RADIUS: usize = CELL * 7 / 16;
/// The board's wood, under the heat and the legend's scale.
const WOOD: &str = "#dcb35c";

/// The heatmap picture of `analysis` for `position`, as a standalone SVG document. Without an
/// analysis (the game is over) it shows the board alone.
#[must_use]
pub fn heatmap_svg(position: &Position, analysis: Option<&Analysis>) -> String {
    let layout = Layout::new(position.board().size());
    let mut svg = String::new();
    let _ = write!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="{FONT_FAMILY}" font-size="12">"#,
        w = layout.width,
        h = layout.height
    );
    let _ = write!(
        svg,
        r##"<rect width="{}" height="{}" fill="#f4ecd8"/>"##,
        layout.width, layout.height
    );
    layout.draw_board(&mut svg);
    if let Some(analysis) = analysis {
        layout.draw_heat(&mut svg, position, analysis);
    }
    layout.draw_grid(&mut svg);
    layout.draw_coordinates(&mut svg);
    layout.draw_stones(&mut svg, position);
    if let Some(analysis) = analysis {
        layout.draw_forbidden(&mut svg, analysis);
    }
    layout.draw_marks(&mut svg, position, analysis);
    layout.draw_legend(&mut svg, position, analysis);
    svg.push_str("</svg>\n");
    svg
}

/// Where everything goes for one board size.
struct Layout {
    size: BoardSize,
    width: usize,
    height: usize,
    /// Left edge of the board square (the board is centred when the picture is wider).
    left: usize,
}

impl Layout {
    fn new(size: BoardSize) -> Layout {
        let board_width = size.width() * CELL + 2 * MARGIN;
        let width = board_width.max(MIN_WIDTH);
        Layout {
            size,
            width,
            height: size.height() * CELL + 2 * MARGIN + LEGEND_LINES * LEGEND_LINE,
            left: (width - board_width) / 2 + MARGIN,
        }
    }

    /// Centre of a point, in pixels.
    fn centre(&self, point: Point) -> (usize, usize) {
        (
            self.left + point.col() * CELL + CELL / 2,
            MARGIN + point.row() * CELL + CELL / 2,
        )
    }

    fn draw_board(&self, svg: &mut String) {
        let _ = write!(
            svg,
            r#"<rect x="{}" y="{MARGIN}" width="{}" height="{}" fill="{WOOD}"/>"#,
            self.left,
            self.size.width() * CELL,
            self.size.height() * CELL
        );
    }

    /// The heat discs, drawn before the grid so that its lines stay on top.
    fn draw_heat(&self, svg: &mut String, position: &Position, analysis: &Analysis) {
        let values = &analysis.heatmap.values;
        svg.push_str(r#"<g class="heatmap">"#);
        for (point, value) in self.size.points().zip(values) {
            let Some(value) = value else { continue };
            let (cx, cy) = self.centre(point);
            let colour = heat_colour(*value);
            let _ = write!(
                svg,
                r#"<circle class="heat" data-point="{n}" data-value="{value:.3}" cx="{cx}" cy="{cy}" r="{r}" fill="{fill}" fill-opacity="{opacity:.3}"><title>{n}: {value:.2}</title></circle>"#,
                n = format_point(point, position.board().size()),
                r = HEAT_RADIUS,
                fill = colour.hex(),
                opacity = colour.alpha
            );
        }
        svg.push_str("</g>");
    }

    fn draw_grid(&self, svg: &mut String) {
        let (x0, y0) = self.centre(Point::new(0, 0));
        let (x1, y1) = self.centre(Point::new(self.size.width() - 1, self.size.height() - 1));
        let mut path = String::new();
        for x in 0..self.size.width() {
            let (cx, _) = self.centre(Point::new(x, 0));
            let _ = write!(path, "M{cx} {y0}V{y1}");
        }
        for y in 0..self.size.height() {
            let (_, cy) = self.centre(Point::new(0, y));
            let _ = write!(path, "M{x0} {cy}H{x1}");
        }
        let _ = write!(
            svg,
            r##"<path class="grid" d="{path}" stroke="#5a4420" stroke-width="1" fill="none"/>"##
        );
    }

    fn draw_coordinates(&self, svg: &mut String) {
        let board_right = self.left + self.size.width() * CELL;
        let board_bottom = MARGIN + self.size.height() * CELL;
        svg.push_str(r##"<g class="coordinates" fill="#3b2f1a" text-anchor="middle">"##);
        for x in 0..self.size.width() {
            let (cx, _) = self.centre(Point::new(x, 0));
            let name = column_name(x);
            let _ = write!(
                svg,
                r#"<text x="{cx}" y="{top}">{name}</text><text x="{cx}" y="{bottom}">{name}</text>"#,
                top = MARGIN - 10,
                bottom = board_bottom + 20
            );
        }
        for y in 0..self.size.height() {
            let (_, cy) = self.centre(Point::new(0, y));
            let number = self.size.height() - y;
            let _ = write!(
                svg,
                r#"<text x="{l}" y="{b}">{number}</text><text x="{r}" y="{b}">{number}</text>"#,
                l = self.left - MARGIN / 2,
                r = board_right + MARGIN / 2,
                b = cy + 4
            );
        }
        svg.push_str("</g>");
    }

    fn draw_stones(&self, svg: &mut String, position: &Position) {
        let board = position.board();
        svg.push_str(r#"<g class="stones">"#);
        for (point, stone) in board.stones() {
            let (cx, cy) = self.centre(point);
            let (fill, stroke) = stone_colours(stone);
            let _ = write!(
                svg,
                r#"<circle class="stone {name}" data-point="{n}" cx="{cx}" cy="{cy}" r="{r}" fill="{fill}" stroke="{stroke}" stroke-width="1"/>"#,
                name = stone.name(),
                n = format_point(point, board.size()),
                r = CELL * 7 / 16
            );
        }
        svg.push_str("</g>");
    }

    fn draw_forbidden(&self, svg: &mut String, analysis: &Analysis) {
        for &(point, kind) in &analysis.heatmap.forbidden {
            let (cx, cy) = self.centre(point);
            let d = CELL / 4;
            let _ = write!(
                svg,
                r##"<path class="forbidden" data-point="{n}" data-kind="{kind}" d="M{x0} {y0}L{x1} {y1}M{x0} {y1}L{x1} {y0}" stroke="#d50000" stroke-width="3" stroke-linecap="round"><title>{n}: forbidden ({kind})</title></path>"##,
                n = format_point(point, self.size),
                kind = kind.name(),
                x0 = cx - d,
                y0 = cy - d,
                x1 = cx + d,
                y1 = cy + d
            );
        }
    }

    fn draw_marks(&self, svg: &mut String, position: &Position, analysis: Option<&Analysis>) {
        if let Some(last) = position.board().last_move() {
            let (cx, cy) = self.centre(last);
            let _ = write!(
                svg,
                r##"<circle class="last-move" data-point="{n}" cx="{cx}" cy="{cy}" r="4" fill="#e53935"/>"##,
                n = format_point(last, self.size)
            );
        }
        if let Some(best) = analysis.and_then(|a| a.best) {
            let (cx, cy) = self.centre(best);
            let _ = write!(
                svg,
                r##"<circle class="ai-move" data-point="{n}" cx="{cx}" cy="{cy}" r="{r}" fill="none" stroke="#00c853" stroke-width="4"><title>AI move {n}</title></circle>"##,
                n = format_point(best, self.size),
                r = CELL * 7 / 16
            );
        }
    }

    fn draw_legend(&self, svg: &mut String, position: &Position, analysis: Option<&Analysis>) {
        let top = MARGIN * 2 + self.size.height() * CELL;
        let x = self.width / 2 - MIN_WIDTH / 2 + 10;
        let caption = caption(position, analysis);
        let _ = write!(
            svg,
            r##"<g class="legend" fill="#3b2f1a"><text x="{x}" y="{y}">{caption}</text>"##,
            y = top + 14
        );
        let bar_y = top + LEGEND_LINE + 4;
        svg.push_str(r#"<defs><linearGradient id="scale" x1="0" y1="0" x2="1" y2="0">"#);
        for stop in &STOPS {
            let _ = write!(
                svg,
                r#"<stop offset="{}" stop-color="{}" stop-opacity="{}"/>"#,
                stop.at,
                Rgba::from(stop).hex(),
                stop.alpha
            );
        }
        // The scale lies on wood, as the heat does on the board.
        let _ = write!(
            svg,
            r##"</linearGradient></defs><text x="{x}" y="{ty}">low</text><rect x="{bx}" y="{bar_y}" width="{SCALE_WIDTH}" height="12" fill="{WOOD}"/><rect class="scale" x="{bx}" y="{bar_y}" width="{SCALE_WIDTH}" height="12" fill="url(#scale)" stroke="#5a4420"/><text x="{hx}" y="{ty}">high (best)</text>"##,
            ty = bar_y + 10,
            bx = x + 30,
            hx = x + 36 + SCALE_WIDTH
        );
        let y = top + 2 * LEGEND_LINE + 8;
        let _ = write!(
            svg,
            r##"<circle cx="{c1}" cy="{y}" r="7" fill="none" stroke="#00c853" stroke-width="3"/><text x="{t1}" y="{ty}">AI move</text><circle cx="{c2}" cy="{y}" r="4" fill="#e53935"/><text x="{t2}" y="{ty}">last move</text><path d="M{c3a} {ya}L{c3b} {yb}M{c3a} {yb}L{c3b} {ya}" stroke="#d50000" stroke-width="3"/><text x="{t3}" y="{ty}">forbidden</text></g>"##,
            c1 = x + 7,
            t1 = x + 20,
            c2 = x + 107,
            t2 = x + 116,
            c3a = x + 200,
            c3b = x + 212,
            t3 = x + 220,
            ya = y - 6,
            yb = y + 6,
            ty = y + 4
        );
    }
}

/// One line saying who is to move, the AI move and its estimated chance.
fn caption(position: &Position, analysis: Option<&Analysis>) -> String {
    let mover = position.to_move().title();
    match analysis.and_then(|a| a.best.map(|best| (a, best))) {
        Some((analysis, best)) => format!(
            "{mover} to move \u{2013} AI plays {} ({:.0}% win chance)",
            format_point(best, position.board().size()),
            analysis.score.win_probability * 100.0
        ),
        None => position.verdict().to_string(),
    }
}

fn stone_colours(stone: Stone) -> (&'static str, &'static str) {
    match stone {
        Stone::Black => ("#111111", "#000000"),
        Stone::White => ("#fafafa", "#333333"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{levels, BoardInput, Difficulty, Rule, SearchRequest};
    use crate::render::testing::with_class;
    use std::time::Duration;

    fn analysed(rule: Rule, moves: &[&str]) -> (Position, Analysis) {
        let input = BoardInput::notation(15, 15, moves);
        let position = Position::parse(&input, rule, None).expect("legal position");
        let request = SearchRequest::new(Difficulty::Beginner, Duration::from_secs(5));
        let analysis = levels::analyze(&position, &request);
        (position, analysis)
    }

    #[test]
    fn the_picture_is_well_formed_with_one_element_per_stone() {
        let (position, analysis) = analysed(Rule::Freestyle, &["h8", "i9", "h9"]);
        let svg = heatmap_svg(&position, Some(&analysis));
        let doc = roxmltree::Document::parse(&svg).expect("well-formed XML");
        assert_eq!(doc.root_element().tag_name().name(), "svg");
        let stones = with_class(&doc, "stone");
        assert_eq!(stones.len(), 3);
        assert_eq!(with_class(&doc, "black").len(), 2);
        let white = with_class(&doc, "white");
        assert_eq!(white.len(), 1);
        assert_eq!(white[0].attribute("data-point"), Some("i9"));
        assert_eq!(with_class(&doc, "heat").len(), 15 * 15 - 3);
    }

    #[test]
    fn the_ai_move_and_last_move_are_marked() {
        let (position, analysis) = analysed(Rule::Freestyle, &["h8", "i9", "h9"]);
        let best = format_point(analysis.best.expect("a move"), position.board().size());
        let svg = heatmap_svg(&position, Some(&analysis));
        let doc = roxmltree::Document::parse(&svg).expect("well-formed XML");
        let marks = with_class(&doc, "ai-move");
        assert_eq!(marks.len(), 1);
        assert_eq!(marks[0].attribute("data-point"), Some(best.as_str()));
        let last = with_class(&doc, "last-move");
        assert_eq!(last[0].attribute("data-point"), Some("h9"));
        let top = with_class(&doc, "heat")
            .into_iter()
            .max_by(|a, b| {
                let value = |n: &roxmltree::Node| {
                    n.attribute("data-value")
                        .and_then(|v| v.parse::<f64>().ok())
                        .unwrap_or(-1.0)
                };
                value(a).total_cmp(&value(b))
            })
            .expect("heat cells");
        assert_eq!(top.attribute("data-point"), Some(best.as_str()));
    }

    #[test]
    fn renju_forbidden_points_are_crossed_out() {
        // Black threes h8-i8 and g9-g10 cross at g8 (a double three), with White away.
        let (position, analysis) = analysed(
            Rule::Renju,
            &["h8", "a1", "i8", "a3", "g9", "a5", "g10", "a7"],
        );
        let svg = heatmap_svg(&position, Some(&analysis));
        let doc = roxmltree::Document::parse(&svg).expect("well-formed XML");
        let crosses = with_class(&doc, "forbidden");
        assert!(!crosses.is_empty(), "no forbidden point drawn");
        assert!(crosses
            .iter()
            .any(|c| c.attribute("data-point") == Some("g8")
                && c.attribute("data-kind") == Some("double_three")));
    }

    #[test]
    fn heat_discs_lie_under_the_grid_and_fade_for_weak_points() {
        let (position, analysis) = analysed(Rule::Freestyle, &["h8", "i9", "h9"]);
        let svg = heatmap_svg(&position, Some(&analysis));
        let doc = roxmltree::Document::parse(&svg).expect("well-formed XML");
        let order = |class| {
            doc.descendants()
                .position(|n| n.attribute("class") == Some(class))
                .expect(class)
        };
        assert!(
            order("heatmap") < order("grid"),
            "the grid is drawn over the heat"
        );
        for disc in with_class(&doc, "heat") {
            let value: f64 = disc.attribute("data-value").unwrap().parse().unwrap();
            let opacity: f64 = disc.attribute("fill-opacity").unwrap().parse().unwrap();
            let expected = heat_colour(value);
            assert!((opacity - expected.alpha).abs() < 0.01);
            let fill = disc.attribute("fill").unwrap();
            for (k, want) in expected.rgb.into_iter().enumerate() {
                let got = u8::from_str_radix(&fill[1 + 2 * k..3 + 2 * k], 16).unwrap();
                assert!(got.abs_diff(want) <= 1, "{fill} for {value}");
            }
        }
    }
}
