//! Which optional parts a response carries: the search's own view of the request's `include`,
//! so the search and cache layers import nothing from the wire format.

/// Optional response parts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResponseParts {
    /// Include the per-cell heatmap.
    pub heatmap: bool,
    /// Include the principal variation.
    pub pv: bool,
}
