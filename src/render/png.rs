//! The pictures as PNG: the SVG of `svg::heatmap_svg` or `graph::review_svg` rasterised by
//! resvg.
//!
//! Text needs a font, and servers and CI machines may have none installed, so the renderer
//! never looks at system fonts: it loads the DejaVu Sans font embedded in the binary (by the
//! `dejavu` crate), the family the SVG asks for.

use std::sync::{Arc, LazyLock};

use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg::{self, fontdb};

use super::graph::review_svg;
use super::svg::{heatmap_svg, FONT_FAMILY};
use crate::engine::review::Review;
use crate::engine::{Analysis, Position};

/// Why a picture could not be rasterised. Our own SVG always parses, so these mean a bug or
/// an out-of-memory picture, never bad client input.
#[derive(Debug, thiserror::Error)]
pub enum PngError {
    /// The SVG did not parse.
    #[error("the SVG could not be read: {0}")]
    Svg(#[from] usvg::Error),
    /// The picture has no area or is too large to allocate.
    #[error("cannot allocate a {width} x {height} picture")]
    Size {
        /// Width in pixels.
        width: u32,
        /// Height in pixels.
        height: u32,
    },
    /// PNG encoding failed.
    #[error("PNG encoding failed: {0}")]
    Encode(String),
}

/// The font database holding only the embedded font, built once.
static FONTS: LazyLock<Arc<fontdb::Database>> = LazyLock::new(|| {
    let mut fonts = fontdb::Database::new();
    fonts.load_font_data(dejavu::sans::regular().to_vec());
    fonts.set_sans_serif_family(FONT_FAMILY);
    Arc::new(fonts)
});

/// The heatmap picture of `analysis` for `position` (see `heatmap_svg`) as PNG bytes, at the
/// SVG's pixel size.
pub fn heatmap_png(position: &Position, analysis: Option<&Analysis>) -> Result<Vec<u8>, PngError> {
    svg_to_png(&heatmap_svg(position, analysis))
}

/// The review graph of `review` as a PNG image.
pub fn review_png(review: &Review) -> Result<Vec<u8>, PngError> {
    svg_to_png(&review_svg(review))
}

/// Rasterises an SVG document at its own size with the embedded font.
pub fn svg_to_png(svg: &str) -> Result<Vec<u8>, PngError> {
    let options = usvg::Options {
        font_family: FONT_FAMILY.to_string(),
        fontdb: Arc::clone(&FONTS),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &options)?;
    let size = tree.size().to_int_size();
    let mut pixmap = Pixmap::new(size.width(), size.height()).ok_or(PngError::Size {
        width: size.width(),
        height: size.height(),
    })?;
    resvg::render(&tree, Transform::identity(), &mut pixmap.as_mut());
    pixmap
        .encode_png()
        .map_err(|e| PngError::Encode(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{levels, BoardInput, Difficulty, Rule, SearchRequest};
    use std::time::Duration;

    fn decode(bytes: &[u8]) -> (png::OutputInfo, Vec<u8>) {
        let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
        let mut reader = decoder.read_info().expect("PNG header");
        let mut pixels = vec![0; reader.output_buffer_size().expect("buffer size")];
        let info = reader.next_frame(&mut pixels).expect("PNG frame");
        pixels.truncate(info.buffer_size());
        (info, pixels)
    }

    fn picture(width: i64, height: i64, moves: &[&str]) -> Vec<u8> {
        let input = BoardInput::notation(width, height, moves);
        let position = Position::parse(&input, Rule::Freestyle, None).expect("legal position");
        let request = SearchRequest::new(Difficulty::Beginner, Duration::from_secs(5));
        let analysis = levels::analyze(&position, &request);
        heatmap_png(&position, Some(&analysis)).expect("renders")
    }

    #[test]
    fn the_png_decodes_at_the_svg_size() {
        let (info, _) = decode(&picture(15, 15, &["h8", "i9"]));
        // 15 points of 32 px, 32 px margins; three 24 px legend lines below.
        assert_eq!((info.width, info.height), (544, 544 + 72));
    }

    #[test]
    fn small_rectangular_boards_keep_room_for_the_legend() {
        let (info, _) = decode(&picture(7, 5, &["d3"]));
        assert_eq!((info.width, info.height), (330, 5 * 32 + 64 + 72));
    }

    #[test]
    fn text_is_drawn_with_the_embedded_font() {
        // The same picture with and without its text must differ: if the font were missing,
        // resvg would silently drop every text element.
        let input = BoardInput::Rows(vec![".....".into(); 5]);
        let position = Position::parse(&input, Rule::Freestyle, None).expect("legal position");
        let request = SearchRequest::new(Difficulty::Beginner, Duration::from_secs(5));
        let svg = heatmap_svg(&position, Some(&levels::analyze(&position, &request)));
        let without_text = strip_text(&svg);
        let (_, with) = decode(&svg_to_png(&svg).expect("renders"));
        let (_, without) = decode(&svg_to_png(&without_text).expect("renders"));
        assert_ne!(with, without);
    }

    /// The SVG with every `<text>…</text>` element removed.
    fn strip_text(svg: &str) -> String {
        let mut out = String::new();
        let mut rest = svg;
        while let Some(start) = rest.find("<text") {
            out.push_str(&rest[..start]);
            let end = rest[start..].find("</text>").expect("closed text") + start;
            rest = &rest[end + "</text>".len()..];
        }
        out.push_str(rest);
        out
    }
}
