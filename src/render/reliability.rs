//! The reliability diagram of a win model as an SVG picture: predicted probability across,
//! observed frequency up, one dot per bin (its area by how many positions it holds), and the
//! diagonal a perfectly calibrated model would follow.

use std::fmt::Write;

use super::svg::FONT_FAMILY;
use crate::engine::levels::win_model::fit::ReliabilityBin;

/// Side of the square plot area, in pixels.
const PLOT: f64 = 320.0;
/// Room around the plot for the axes' labels and the title.
const MARGIN: f64 = 48.0;
/// Radius of the dot of the fullest bin.
const MAX_DOT: f64 = 12.0;

/// The diagram of `bins` under `title` (e.g. the rule and the Brier scores).
#[must_use]
pub fn reliability_svg(title: &str, bins: &[ReliabilityBin]) -> String {
    let side = PLOT + 2.0 * MARGIN;
    let x = |p: f64| MARGIN + p * PLOT;
    let y = |p: f64| MARGIN + (1.0 - p) * PLOT;
    let mut svg = String::new();
    let _ = write!(
        svg,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{side}" height="{side}" viewBox="0 0 {side} {side}" font-family="{FONT_FAMILY}" font-size="12"><rect width="{side}" height="{side}" fill="#ffffff"/>"##
    );
    let _ = write!(
        svg,
        r##"<text x="{}" y="24" text-anchor="middle" font-size="14">{}</text>"##,
        side / 2.0,
        escape(title)
    );
    for tick in 0..=10 {
        let p = f64::from(tick) / 10.0;
        let _ = write!(
            svg,
            r##"<line x1="{x0}" y1="{yp}" x2="{x1}" y2="{yp}" stroke="#e0e0e0"/><line x1="{xp}" y1="{y0}" x2="{xp}" y2="{y1}" stroke="#e0e0e0"/>"##,
            x0 = x(0.0),
            x1 = x(1.0),
            y0 = y(0.0),
            y1 = y(1.0),
            xp = x(p),
            yp = y(p),
        );
        if tick % 2 == 0 {
            let _ = write!(
                svg,
                r##"<text x="{}" y="{}" text-anchor="middle">{p:.1}</text><text x="{}" y="{}" text-anchor="end">{p:.1}</text>"##,
                x(p),
                y(0.0) + 16.0,
                x(0.0) - 6.0,
                y(p) + 4.0
            );
        }
    }
    let _ = write!(
        svg,
        r##"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#888888" stroke-dasharray="4 4"/>"##,
        x(0.0),
        y(0.0),
        x(1.0),
        y(1.0)
    );
    let _ = write!(
        svg,
        r##"<text x="{}" y="{}" text-anchor="middle">predicted win probability (Black)</text><text x="14" y="{}" text-anchor="middle" transform="rotate(-90 14 {})">observed Black score</text>"##,
        side / 2.0,
        side - 10.0,
        side / 2.0,
        side / 2.0
    );
    let fullest = bins.iter().map(|b| b.count).max().unwrap_or(1).max(1) as f64;
    let points: Vec<String> = bins
        .iter()
        .map(|b| format!("{:.1},{:.1}", x(b.predicted), y(b.observed)))
        .collect();
    let _ = write!(
        svg,
        r##"<polyline points="{}" fill="none" stroke="#1f6feb" stroke-width="1.5"/>"##,
        points.join(" ")
    );
    for bin in bins {
        let radius = MAX_DOT * (bin.count as f64 / fullest).sqrt();
        let _ = write!(
            svg,
            r##"<circle cx="{:.1}" cy="{:.1}" r="{:.1}" fill="#1f6feb" fill-opacity="0.6"><title>{} positions: predicted {:.3}, observed {:.3}</title></circle>"##,
            x(bin.predicted),
            y(bin.observed),
            radius.max(2.0),
            bin.count,
            bin.predicted,
            bin.observed
        );
    }
    svg.push_str("</svg>");
    svg
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bin_is_drawn_where_it_belongs() {
        let bins = [
            ReliabilityBin {
                predicted: 0.0,
                observed: 0.0,
                count: 10,
            },
            ReliabilityBin {
                predicted: 1.0,
                observed: 0.5,
                count: 40,
            },
        ];
        let svg = reliability_svg("freestyle <test>", &bins);
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
        assert_eq!(svg.matches("<circle").count(), 2);
        assert!(svg.contains(r#"cx="48.0" cy="368.0""#), "{svg}");
        assert!(svg.contains(r#"cx="368.0" cy="208.0" r="12.0""#), "{svg}");
        assert!(svg.contains("freestyle &lt;test&gt;"));
    }
}
