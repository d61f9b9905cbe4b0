//! The heatmap's colour scale, one definition for every picture of it: the SVG (and so the
//! PNG rasterised from it) and the play page's overlay, whose script repeats these stops (the
//! browser test checks that the page colours every value as `heat_colour` does).
//!
//! Colours are translucent and laid over the wooden board under the grid lines: weak points
//! fade into the wood instead of muddying it, strong ones glow, and the grid stays visible.

/// One stop of the scale: at heatmap value `at`, the colour `rgb` with opacity `alpha`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Stop {
    /// The heatmap value, 0 (worst) to 1 (best).
    pub at: f64,
    /// Red, green, blue.
    pub rgb: [u8; 3],
    /// Opacity over the board, 0 (invisible) to 1.
    pub alpha: f64,
}

/// The scale, low to high, interpolated linearly between stops. Most points of a position rate
/// about 0.1, so weak points leave the wood nearly bare (a cool tint there would only grey it);
/// promising ones glow violet, the best orange-red. No yellow, which would vanish on the wood,
/// and no colour as dark as the grid lines, which stay visible over the best points.
pub const STOPS: [Stop; 5] = [
    stop(0.0, [0x5e, 0x3c, 0x99], 0.0),
    stop(0.25, [0x5e, 0x3c, 0x99], 0.15),
    stop(0.5, [0x99, 0x34, 0xa8], 0.4),
    stop(0.75, [0xd0, 0x1c, 0x8b], 0.6),
    stop(1.0, [0xf0, 0x3b, 0x20], 0.75),
];

const fn stop(at: f64, rgb: [u8; 3], alpha: f64) -> Stop {
    Stop { at, rgb, alpha }
}

/// A colour with opacity.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rgba {
    /// Red, green, blue.
    pub rgb: [u8; 3],
    /// Opacity, 0 to 1.
    pub alpha: f64,
}

impl Rgba {
    /// The colour without its opacity as `#rrggbb`.
    #[must_use]
    pub fn hex(&self) -> String {
        let [r, g, b] = self.rgb;
        format!("#{r:02x}{g:02x}{b:02x}")
    }
}

impl From<&Stop> for Rgba {
    fn from(stop: &Stop) -> Rgba {
        Rgba {
            rgb: stop.rgb,
            alpha: stop.alpha,
        }
    }
}

/// The colour of heatmap value `value`, clamped to 0..=1 (not a number counts as 0).
#[must_use]
pub fn heat_colour(value: f64) -> Rgba {
    let v = if value.is_finite() {
        value.clamp(0.0, 1.0)
    } else {
        0.0
    };
    let upper = STOPS
        .iter()
        .position(|s| s.at >= v)
        .unwrap_or(STOPS.len() - 1)
        .max(1);
    let (from, to) = (&STOPS[upper - 1], &STOPS[upper]);
    let t = (v - from.at) / (to.at - from.at);
    let mix = |a: f64, b: f64| a + (b - a) * t;
    Rgba {
        rgb: std::array::from_fn(|k| {
            mix(f64::from(from.rgb[k]), f64::from(to.rgb[k])).round() as u8
        }),
        alpha: mix(from.alpha, to.alpha),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stops_are_the_colours_at_their_values() {
        for stop in &STOPS {
            assert_eq!(heat_colour(stop.at), Rgba::from(stop));
        }
    }

    #[test]
    fn values_outside_the_scale_are_clamped() {
        assert_eq!(heat_colour(2.0), heat_colour(1.0));
        assert_eq!(heat_colour(-1.0), heat_colour(0.0));
        assert_eq!(heat_colour(f64::NAN), heat_colour(0.0));
    }

    #[test]
    fn better_points_are_more_opaque() {
        let alphas: Vec<f64> = (0..=20)
            .map(|i| heat_colour(f64::from(i) / 20.0).alpha)
            .collect();
        assert!(alphas.windows(2).all(|w| w[0] < w[1]), "{alphas:?}");
        assert_eq!(
            heat_colour(0.0).alpha,
            0.0,
            "the worst points leave the wood bare"
        );
    }

    #[test]
    fn between_stops_the_colour_is_interpolated() {
        let mid = heat_colour(0.625);
        assert_eq!(mid.hex(), "#b5289a");
        assert!((mid.alpha - 0.5).abs() < 1e-9);
    }
}
