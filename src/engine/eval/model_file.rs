//! What the evaluation's and the ordering's model files share: a JSON file embedded in the
//! binary, parsed and checked once, with a format number and, per rule family, tables of one
//! 16-bit value per pattern combination.

use serde::de::DeserializeOwned;

use crate::engine::game::rules::Rule;

/// The model embedded as `text` (the file `name`), parsed and checked.
///
/// # Panics
/// When the embedded file is broken: each model's tests parse and check it, so never in a
/// built binary.
pub(crate) fn parse_embedded<T: DeserializeOwned + ModelFile>(text: &str, name: &str) -> T {
    let model: T = serde_json::from_str(text)
        .unwrap_or_else(|e| panic!("{name} is not a valid model file: {e}"));
    if let Err(problem) = model.check() {
        panic!("{name} has the wrong shape: {problem}");
    }
    model
}

/// A model file with one family of tables per rule family.
pub trait ModelFile {
    /// One rule family's tables.
    type Family;
    /// The format this build reads.
    const FORMAT: u32;

    /// The file's format.
    fn format(&self) -> u32;
    /// Freestyle's family (the standard rule's too), then renju's.
    fn families(&self) -> [&Self::Family; 2];
    /// A family's tables, each with the number of values it must hold.
    fn tables(family: &Self::Family) -> Vec<(&[i32], usize)>;

    /// The family of `rule`: the standard rule has no forbidden points and uses freestyle's.
    fn family(&self, rule: Rule) -> &Self::Family {
        let [freestyle, renju] = self.families();
        match rule {
            Rule::Freestyle | Rule::Standard => freestyle,
            Rule::Renju => renju,
        }
    }

    /// Whether the format is this build's and every table has its number of values, each
    /// within the 16 bits the cell tables store.
    ///
    /// # Errors
    /// What is wrong, in words.
    fn check(&self) -> Result<(), String> {
        if self.format() != Self::FORMAT {
            return Err(format!(
                "format {} (this build reads {})",
                self.format(),
                Self::FORMAT
            ));
        }
        for (table, len) in self.families().into_iter().flat_map(Self::tables) {
            if table.len() != len {
                return Err(format!("a table of {} values, not {len}", table.len()));
            }
            if let Some(v) = table.iter().find(|v| i16::try_from(**v).is_err()) {
                return Err(format!("value {v} does not fit 16 bits"));
            }
        }
        Ok(())
    }
}
