//! Helpers shared by the pictures' tests.

/// The elements of `doc` whose `class` attribute lists `class`.
pub fn with_class<'a>(
    doc: &'a roxmltree::Document<'a>,
    class: &'a str,
) -> Vec<roxmltree::Node<'a, 'a>> {
    doc.descendants()
        .filter(|n| {
            n.attribute("class")
                .is_some_and(|c| c.split(' ').any(|word| word == class))
        })
        .collect()
}
