//! Shapes: the best thing one stone makes across its four lines, the vocabulary of the
//! classic evaluators (five, open four, double four, four-three, double three, four, open
//! three, …), ranked weakest first.

use crate::engine::game::patterns::Pattern;

/// What a stone on an empty point makes for one colour, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Shape {
    /// Nothing that can ever become a five.
    Nothing,
    /// A lone stone with room to grow.
    One,
    /// A closed two.
    Two,
    /// An open two.
    OpenTwo,
    /// A closed three.
    Three,
    /// Two open twos at once.
    DoubleTwo,
    /// An open three (one move from an open four).
    OpenThree,
    /// A four with one completion point.
    Four,
    /// Two open threes at once.
    DoubleThree,
    /// A four and an open three at once.
    FourThree,
    /// Two fours at once.
    DoubleFour,
    /// An open four: two completion points.
    OpenFour,
    /// Five in a row: the game is won.
    Five,
}

impl Shape {
    /// The best shape made by a stone whose four line patterns are `lines`.
    #[must_use]
    pub fn of(lines: [Pattern; 4]) -> Shape {
        let count = |p: Pattern| lines.iter().filter(|&&q| q == p).count();
        let best = lines.iter().copied().max().unwrap_or_default();
        let (fours, threes, twos) = (
            count(Pattern::Block4),
            count(Pattern::Flex3),
            count(Pattern::Flex2),
        );
        match best {
            Pattern::Five => Shape::Five,
            Pattern::Flex4 => Shape::OpenFour,
            _ if fours >= 2 => Shape::DoubleFour,
            _ if fours == 1 && threes >= 1 => Shape::FourThree,
            _ if threes >= 2 => Shape::DoubleThree,
            Pattern::Block4 => Shape::Four,
            Pattern::Flex3 => Shape::OpenThree,
            _ if twos >= 2 => Shape::DoubleTwo,
            Pattern::Block3 => Shape::Three,
            Pattern::Flex2 => Shape::OpenTwo,
            Pattern::Block2 => Shape::Two,
            Pattern::Flex1 | Pattern::Block1 => Shape::One,
            Pattern::Dead | Pattern::Overline => Shape::Nothing,
        }
    }

    /// Rank 0 (nothing) ..= 12 (five).
    #[must_use]
    pub fn rank(self) -> u32 {
        self as u32
    }

    /// A weight on a scale where each shape is worth several of the one below it; used to
    /// order moves and to weigh attack against defence.
    #[must_use]
    pub fn weight(self) -> f64 {
        match self {
            Shape::Nothing => 0.0,
            Shape::One => 1.0,
            Shape::Two => 4.0,
            Shape::OpenTwo => 10.0,
            Shape::Three => 12.0,
            Shape::DoubleTwo => 30.0,
            Shape::OpenThree => 50.0,
            Shape::Four => 60.0,
            Shape::DoubleThree => 400.0,
            Shape::FourThree => 800.0,
            Shape::DoubleFour => 1_000.0,
            Shape::OpenFour => 2_000.0,
            Shape::Five => 100_000.0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Pattern::*;

    #[test]
    fn combinations_outrank_their_parts() {
        assert_eq!(Shape::of([Five, Dead, Dead, Dead]), Shape::Five);
        assert_eq!(Shape::of([Block4, Flex4, Dead, Dead]), Shape::OpenFour);
        assert_eq!(Shape::of([Block4, Block4, Dead, Dead]), Shape::DoubleFour);
        assert_eq!(Shape::of([Flex3, Block4, Dead, Dead]), Shape::FourThree);
        assert_eq!(Shape::of([Flex3, Flex1, Flex3, Dead]), Shape::DoubleThree);
        assert_eq!(Shape::of([Block4, Flex2, Dead, Dead]), Shape::Four);
        assert_eq!(Shape::of([Flex3, Block3, Dead, Dead]), Shape::OpenThree);
        assert_eq!(Shape::of([Flex2, Flex2, Block3, Dead]), Shape::DoubleTwo);
        assert_eq!(Shape::of([Block3, Flex1, Dead, Dead]), Shape::Three);
        assert_eq!(Shape::of([Flex1, Overline, Dead, Dead]), Shape::One);
        assert_eq!(Shape::of([Overline, Dead, Dead, Dead]), Shape::Nothing);
    }

    #[test]
    fn weights_follow_ranks() {
        let shapes = [
            Shape::Nothing,
            Shape::One,
            Shape::Two,
            Shape::OpenTwo,
            Shape::Three,
            Shape::DoubleTwo,
            Shape::OpenThree,
            Shape::Four,
            Shape::DoubleThree,
            Shape::FourThree,
            Shape::DoubleFour,
            Shape::OpenFour,
            Shape::Five,
        ];
        for pair in shapes.windows(2) {
            assert!(pair[0] < pair[1]);
            assert!(pair[0].weight() < pair[1].weight());
            assert_eq!(pair[0].rank() + 1, pair[1].rank());
        }
    }
}
