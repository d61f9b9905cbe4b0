//! What a request field accepts, in the API's words, read from the published schema.
//!
//! A serde error speaks Rust ("expected enum DifficultyDto", "expected i64", "invalid digit
//! found in string"). When a request does not fit, the extractors instead walk the request's
//! own JSON against the same OpenAPI schema the service publishes, find the first field whose
//! value does not fit, and say what that field takes ("one of \"beginner\", …", "an integer from
//! 5 to 32") and what it got. The schema and the message cannot drift apart: both come from
//! the wire types.

use serde_json::{json, Map, Value};

/// Schemas by component name, as in the document's `components.schemas`.
pub type Components = Map<String, Value>;

/// One step of the path to a field: an object key or a list index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// A key of an object.
    Key(String),
    /// An index into a list.
    Index(usize),
}

/// The dotted field name of `steps` (`board.moves[2]`), `body` for the whole body; `None` when
/// a key is empty and so cannot be named.
#[must_use]
pub fn field_name(steps: &[Step]) -> Option<String> {
    let mut name = String::new();
    for step in steps {
        match step {
            Step::Key(key) if key.is_empty() => return None,
            Step::Key(key) if name.is_empty() => name.push_str(key),
            Step::Key(key) => {
                name.push('.');
                name.push_str(key);
            }
            Step::Index(index) => name.push_str(&format!("[{index}]")),
        }
    }
    Some(if name.is_empty() { "body".into() } else { name })
}

/// A schema in the context of the components its references point into.
#[derive(Clone, Copy, Debug)]
pub struct Schema<'a> {
    node: &'a Value,
    components: &'a Components,
}

/// Where a value stops fitting its schema: the path to it, and what goes wrong there.
#[derive(Debug)]
pub struct Misfit {
    /// The path to the field.
    pub steps: Vec<Step>,
    /// What the field takes and what it got, in the API's words.
    pub detail: String,
}

impl<'a> Schema<'a> {
    /// The schema at `node` (a schema object or a `$ref` to one of `components`).
    #[must_use]
    pub fn new(node: &'a Value, components: &'a Components) -> Schema<'a> {
        Schema { node, components }.resolved()
    }

    /// A reference schema to the component `name`.
    #[must_use]
    pub fn reference(name: &str) -> Value {
        json!({ "$ref": format!("#/components/schemas/{name}") })
    }

    fn resolved(self) -> Schema<'a> {
        let target = self
            .node
            .get("$ref")
            .and_then(Value::as_str)
            .and_then(|r| r.strip_prefix("#/components/schemas/"))
            .and_then(|name| self.components.get(name));
        match target {
            Some(node) => Schema::new(node, self.components),
            None => self,
        }
    }

    fn with(self, node: &'a Value) -> Schema<'a> {
        Schema::new(node, self.components)
    }

    /// The alternatives of a `oneOf`/`anyOf` as written (a `$ref` keeps its own description),
    /// without the `null` that marks an optional field.
    fn alternative_nodes(self) -> Option<Vec<&'a Value>> {
        let list = self.node.get("oneOf").or_else(|| self.node.get("anyOf"))?;
        Some(
            list.as_array()?
                .iter()
                .filter(|alt| alt.get("type") != Some(&json!("null")))
                .collect(),
        )
    }

    /// The alternatives of a `oneOf`/`anyOf`, resolved.
    fn alternatives(self) -> Option<Vec<Schema<'a>>> {
        Some(
            self.alternative_nodes()?
                .into_iter()
                .map(|alt| self.with(alt))
                .collect(),
        )
    }

    /// Whether `null` fits: an optional field (`"type": [..., "null"]` or a `null` alternative).
    fn nullable(self) -> bool {
        let null = json!("null");
        let listed = |list: Option<&Value>| {
            list.and_then(Value::as_array)
                .is_some_and(|list| list.iter().any(|alt| alt.get("type") == Some(&null)))
        };
        match self.node.get("type") {
            Some(Value::Array(types)) => types.contains(&null),
            Some(single) => single == &null,
            None => listed(self.node.get("oneOf")) || listed(self.node.get("anyOf")),
        }
    }

    /// The JSON types the schema allows, `null` aside.
    fn types(self) -> Vec<&'a str> {
        match self.node.get("type") {
            Some(Value::String(name)) => vec![name.as_str()],
            Some(Value::Array(names)) => names
                .iter()
                .filter_map(Value::as_str)
                .filter(|name| *name != "null")
                .collect(),
            _ => Vec::new(),
        }
    }

    fn number(self, keyword: &str) -> Option<f64> {
        self.node.get(keyword).and_then(Value::as_f64)
    }

    fn count(self, keyword: &str) -> Option<u64> {
        self.node.get(keyword).and_then(Value::as_u64)
    }

    /// Whether `value` fits this schema at this level: its type, enum, range, length and
    /// required keys (deeper levels have their own path and are checked there).
    #[must_use]
    pub fn admits(self, value: &Value) -> bool {
        if value.is_null() {
            return self.nullable();
        }
        if let Some(alternatives) = self.alternatives() {
            return alternatives.iter().any(|alt| alt.admits(value));
        }
        if let Some(Value::Array(allowed)) = self.node.get("enum") {
            return allowed.contains(value);
        }
        let types = self.types();
        types.is_empty() || types.iter().any(|t| self.admits_as(t, value))
    }

    fn admits_as(self, json_type: &str, value: &Value) -> bool {
        let in_range = |n: f64| {
            self.number("minimum").is_none_or(|min| n >= min)
                && self.number("maximum").is_none_or(|max| n <= max)
        };
        match (json_type, value) {
            ("integer", Value::Number(n)) => {
                (n.is_i64() || n.is_u64()) && n.as_f64().is_some_and(in_range)
            }
            ("number", Value::Number(n)) => n.as_f64().is_some_and(in_range),
            ("string", Value::String(_)) | ("boolean", Value::Bool(_)) => true,
            ("array", Value::Array(items)) => {
                let len = items.len() as u64;
                self.count("minItems").is_none_or(|min| len >= min)
                    && self.count("maxItems").is_none_or(|max| len <= max)
            }
            ("object", Value::Object(object)) => {
                self.required().iter().all(|key| object.contains_key(*key))
            }
            _ => false,
        }
    }

    fn required(self) -> Vec<&'a str> {
        self.node
            .get("required")
            .and_then(Value::as_array)
            .map(|keys| keys.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default()
    }

    /// The schema of the field `step` below `value` (which this schema admits), if it has one.
    fn child(self, step: &Step, value: &Value) -> Option<Schema<'a>> {
        if let Some(alternatives) = self.alternatives() {
            return alternatives
                .into_iter()
                .filter(|alt| alt.admits(value))
                .find_map(|alt| alt.child(step, value));
        }
        let node = match step {
            Step::Key(key) => self.node.get("properties")?.get(key)?,
            Step::Index(_) => self.node.get("items")?,
        };
        Some(self.with(node))
    }

    /// Follows `steps` from this schema through `value`: the first field whose value does not
    /// fit, or else the schema and value where the path ends (or leaves the schema) and how many
    /// steps led there.
    pub fn walk<'v>(
        self,
        value: &'v Value,
        steps: &[Step],
    ) -> Result<(Schema<'a>, &'v Value, usize), Misfit> {
        let (mut schema, mut value) = (self, value);
        for (depth, step) in steps.iter().enumerate() {
            if !schema.admits(value) {
                return Err(schema.misfit(&steps[..depth], &describe_value(value)));
            }
            let next = match step {
                Step::Key(key) => value.get(key),
                Step::Index(index) => value.get(index),
            };
            match (schema.child(step, value), next) {
                (Some(child), Some(next)) => (schema, value) = (child, next),
                _ => return Ok((schema, value, depth)),
            }
        }
        if schema.admits(value) {
            Ok((schema, value, steps.len()))
        } else {
            Err(schema.misfit(steps, &describe_value(value)))
        }
    }

    /// The misfit of a field at `steps` whose value is described as `got`.
    #[must_use]
    pub fn misfit(self, steps: &[Step], got: &str) -> Misfit {
        let field = field_name(steps).unwrap_or_else(|| "the field".into());
        Misfit {
            steps: steps.to_vec(),
            detail: format!("{field} must be {}; got {got}", self.describe()),
        }
    }

    /// What the schema accepts, in words: "one of \"black\", \"white\"", "an integer from 5 to
    /// 32", "an object with `moves` (a move list) or …".
    #[must_use]
    pub fn describe(self) -> String {
        if let Some(alternatives) = self.alternative_nodes() {
            let labelled = alternatives.len() > 1;
            let words: Vec<String> = alternatives
                .into_iter()
                .map(|alt| {
                    let words = self.with(alt).describe();
                    match alt_description(alt).filter(|_| labelled) {
                        Some(label) => format!("{words} ({label})"),
                        None => words,
                    }
                })
                .collect();
            return join_or(&words);
        }
        if let Some(Value::Array(allowed)) = self.node.get("enum") {
            let names: Vec<String> = allowed.iter().map(Value::to_string).collect();
            return format!("one of {}", names.join(", "));
        }
        let words: Vec<String> = self.types().iter().map(|t| self.describe_as(t)).collect();
        if words.is_empty() {
            "a value as the API documentation at /docs shows".into()
        } else {
            join_or(&words)
        }
    }

    fn describe_as(self, json_type: &str) -> String {
        match json_type {
            "integer" => format!(
                "an integer{}",
                self.range("minimum", "maximum", " from", "")
            ),
            "number" => format!("a number{}", self.range("minimum", "maximum", " from", "")),
            "string" => "a string".into(),
            "boolean" => "true or false".into(),
            "array" => format!(
                "a list{}",
                self.range("minItems", "maxItems", " of", " items")
            ),
            "object" => match self.required().as_slice() {
                [] => "an object".into(),
                keys => {
                    let keys: Vec<String> = keys.iter().map(|k| format!("`{k}`")).collect();
                    format!("an object with {}", keys.join(" and "))
                }
            },
            other => format!("a JSON {other}"),
        }
    }

    /// The bounds `low` and `high` in words: "{between} 5 to 32{unit}", " of at least 1{unit}".
    fn range(self, low: &str, high: &str, between: &str, unit: &str) -> String {
        match (self.number(low), self.number(high)) {
            (Some(min), Some(max)) => format!("{between} {min} to {max}{unit}"),
            (Some(min), None) => format!(" of at least {min}{unit}"),
            (None, Some(max)) => format!(" of at most {max}{unit}"),
            (None, None) => String::new(),
        }
    }
}

/// The description an alternative carries, as a lower-case phrase without the final stop.
fn alt_description(node: &Value) -> Option<String> {
    let text = node
        .get("description")?
        .as_str()?
        .trim()
        .trim_end_matches('.');
    let mut chars = text.chars();
    let first = chars.next()?;
    Some(first.to_lowercase().chain(chars).collect())
}

fn join_or(words: &[String]) -> String {
    match words {
        [] => String::new(),
        [only] => only.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// A JSON value in words: "the number 3", "the string \"abc\"", "a list of 2 items", "null".
#[must_use]
pub fn describe_value(value: &Value) -> String {
    match value {
        Value::Null => "null".into(),
        Value::Bool(b) => format!("`{b}`"),
        Value::Number(n) => format!("the number {n}"),
        Value::String(s) => format!("the string {}", quoted(s)),
        Value::Array(items) if items.len() == 1 => "a list of 1 item".into(),
        Value::Array(items) => format!("a list of {} items", items.len()),
        Value::Object(_) => "an object".into(),
    }
}

/// `text` as a JSON string, cut short so a long value does not flood the message.
#[must_use]
pub fn quoted(text: &str) -> String {
    const LONGEST: usize = 40;
    match text.char_indices().nth(LONGEST) {
        Some((cut, _)) => format!("{}…", Value::from(&text[..cut])),
        None => Value::from(text).to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn components() -> Components {
        let mut components = Map::new();
        components.insert(
            "Level".into(),
            json!({"type": "string", "enum": ["easy", "hard"]}),
        );
        components.insert(
            "Body".into(),
            json!({"type": "object", "required": ["size"], "properties": {
                "size": {"type": ["integer", "null"], "minimum": 5, "maximum": 32},
                "level": {"oneOf": [{"type": "null"}, {"$ref": "#/components/schemas/Level"}]},
                "moves": {"type": "array", "items": {"oneOf": [
                    {"type": "string", "description": "Notation, e.g. `h8`."},
                    {"type": "array", "items": {"type": "integer"}, "description": "A pair."}
                ]}}
            }}),
        );
        components
    }

    fn misfit(value: Value, steps: &[Step]) -> Option<Misfit> {
        let components = components();
        let root = Schema::reference("Body");
        Schema::new(&root, &components).walk(&value, steps).err()
    }

    #[test]
    fn a_wrong_enum_value_names_the_field_and_the_names() {
        let found = misfit(
            json!({"size": 15, "level": 3}),
            &[Step::Key("level".into())],
        )
        .unwrap();
        assert_eq!(field_name(&found.steps).unwrap(), "level");
        assert_eq!(
            found.detail,
            r#"level must be one of "easy", "hard"; got the number 3"#
        );
    }

    #[test]
    fn the_shallowest_misfit_is_reported() {
        // serde reports the first element of a board given as a list; the field is the board.
        let found = misfit(json!([[0, 1]]), &[Step::Index(0)]).unwrap();
        assert_eq!(field_name(&found.steps).unwrap(), "body");
        assert!(
            found.detail.contains("an object with `size`"),
            "{}",
            found.detail
        );
    }

    #[test]
    fn alternatives_are_listed_with_their_descriptions() {
        let steps = [Step::Key("moves".into()), Step::Index(0)];
        let found = misfit(json!({"size": 15, "moves": [{"x": 7}]}), &steps).unwrap();
        assert_eq!(field_name(&found.steps).unwrap(), "moves[0]");
        assert_eq!(
            found.detail,
            "moves[0] must be a string (notation, e.g. `h8`) or a list (a pair); got an object"
        );
    }

    #[test]
    fn ranges_are_checked_and_described() {
        let found = misfit(json!({"size": 40}), &[Step::Key("size".into())]).unwrap();
        assert_eq!(
            found.detail,
            "size must be an integer from 5 to 32; got the number 40"
        );
        assert!(misfit(json!({"size": 15}), &[Step::Key("size".into())]).is_none());
    }

    #[test]
    fn an_empty_key_cannot_be_named() {
        assert_eq!(field_name(&[Step::Key(String::new())]), None);
        assert_eq!(field_name(&[]).as_deref(), Some("body"));
    }
}
