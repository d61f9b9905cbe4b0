//! Fitting the evaluation's weights to positions labelled with a win probability.
//!
//! The evaluation of a position is linear in its cells: for each candidate cell, the worth
//! of the mover's pattern combination to the mover minus the worth of the opponent's
//! combination to the opponent, plus the mover's tempo and the worth of the threats the two
//! sides hold (`threat_mask`). A position labelled `p` (the mover's
//! chance to win, e.g. a stronger engine's evaluation turned into a win rate) is predicted
//! as `σ(v / scale)`, and the weights minimise the mean cross-entropy, in two stages:
//!
//! 1. **Structure**: a combination's worth is the sum of its four patterns' weights plus a
//!    weight for its threat class, and a threat mask's worth is the sum of a weight per
//!    group a side holds and a weight per pair of groups, one the mover's and one the
//!    opponent's; these few weights are fitted exactly by Newton's method.
//! 2. **Residuals**: each combination and each mask then gets its own correction, fitted by
//!    full-batch Adam with an L2 penalty, so one seen rarely keeps its structural worth.
//!
//! Each rule family gets one model, shared by both colours. Everything is deterministic: the
//! same samples give the same weights.

use super::threat_mask::{ThreatMask, MASKS, SIDE_BITS};
use super::weights::{self, combination, combinations, Family, COMBOS, PATTERNS};
use super::{is_legal, order_value, CellReader, Threat};
use crate::engine::game::area::Area;
use crate::engine::game::board::Board;
use crate::engine::game::geometry::Point;
use crate::engine::game::patterns::Pattern;

/// Number of threat classes.
const THREATS: usize = 8;
/// Structural weights per table: one per pattern, one per threat class.
const STRUCTURE: usize = PATTERNS + THREATS;
/// Structural weights of the threat masks: one per group of each side, one per pair of a
/// mover's group and an opponent's.
const MASK_STRUCTURE: usize = 2 * SIDE_BITS as usize + (SIDE_BITS * SIDE_BITS) as usize;
/// Newton steps at most for the structural stage (the loss is convex: a few converge).
const NEWTON_STEPS: usize = 30;
/// Ridge on the structural weights: some are collinear (every cell has four patterns and
/// one class), and the ridge picks the smallest of the equivalent fits.
const NEWTON_RIDGE: f64 = 1e-3;
/// Adam's steps, step size (in evaluation units) and moment decay rates for the residuals.
const ADAM_STEPS: usize = 400;
const ADAM_RATE: f64 = 0.5;
const ADAM_DECAY: (f64, f64) = (0.9, 0.999);

/// What the fit needs of one position.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// `(combination, count)` of the mover's patterns over the candidate cells it may play.
    pub mover_cells: Vec<(u16, u16)>,
    /// `(combination, count)` of the opponent's patterns over the candidate cells it may play.
    pub opponent_cells: Vec<(u16, u16)>,
    /// The index of the position's `ThreatMask`.
    pub threats: u16,
    /// The mover's chance to win, the label.
    pub target: f64,
}

impl Sample {
    /// The sample of `board` labelled `target`, or `None` when the position is decided by a
    /// move: the mover has a five or a winning four, or the opponent has a five point (the
    /// search never evaluates those statically).
    #[must_use]
    pub fn of(board: &Board, target: f64) -> Option<Sample> {
        let me = board.to_move();
        let reader = CellReader::new(board);
        let mut mover = vec![0u16; COMBOS];
        let mut opponent = vec![0u16; COMBOS];
        let mut threats = ThreatMask::default();
        for p in Area::new(board).candidates(board) {
            let (own, theirs) = (
                board.patterns_at(p, me),
                board.patterns_at(p, me.opponent()),
            );
            if decides(board, p, own, theirs) {
                return None;
            }
            if let Some(info) = reader.info(p, me) {
                mover[combination(own)] += 1;
                threats.add_own(info.threat);
            }
            if let Some(info) = reader.info(p, me.opponent()) {
                opponent[combination(theirs)] += 1;
                threats.add_theirs(info.threat);
            }
        }
        Some(Sample {
            mover_cells: sparse(&mover),
            opponent_cells: sparse(&opponent),
            threats: u16::try_from(threats.index()).expect("masks fit 16 bits"),
            target,
        })
    }
}

/// Whether a move at `p` decides the position for the side to move, whose patterns there are
/// `own` and the opponent's `theirs`: the mover makes a five or a legal winning four, or must
/// block the opponent's five. The search orders and evaluates nothing at such a node, so
/// the fits leave it out.
pub(crate) fn decides(board: &Board, p: Point, own: [Pattern; 4], theirs: [Pattern; 4]) -> bool {
    let own_threat = Threat::of(own);
    own_threat == Threat::Five
        || own_threat.is_winning_four() && is_legal(board, p, board.to_move())
        || Threat::of(theirs) == Threat::Five
}

/// The non-zero counts of a dense count vector.
fn sparse(counts: &[u16]) -> Vec<(u16, u16)> {
    counts
        .iter()
        .enumerate()
        .filter(|(_, &n)| n > 0)
        .map(|(i, &n)| (u16::try_from(i).expect("combinations fit 16 bits"), n))
        .collect()
}

/// The logistic function.
#[must_use]
pub fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Where a parameter lives in a model: the mover's table, the opponent's, the threat masks'
/// values, then the tempo.
const MOVER: usize = 0;
const OPPONENT: usize = COMBOS;
const THREATS_AT: usize = 2 * COMBOS;
const TEMPO: usize = THREATS_AT + MASKS;
const PARAMETERS: usize = TEMPO + 1;

/// One family's weights in floating point while they are fitted: what each combination is
/// worth to the mover and to the opponent, and the mover's tempo. Both colours share them:
/// a cell's patterns already follow its colour's rule (a renju overline is no five for
/// Black), and tables of their own for each renju colour lost to shared ones in play
/// (decision 0041).
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    values: Vec<f64>,
}

impl Model {
    /// The hand-set evaluation the fitted one replaced, as a model: a cell's ordering value
    /// times 0.3 for the mover and 0.25 for the opponent, tempo 20.
    #[must_use]
    pub fn hand_set() -> Model {
        let mut values = vec![0.0; PARAMETERS];
        for (combo, patterns) in combinations().iter().enumerate() {
            let value = f64::from(order_value(*patterns));
            values[MOVER + combo] = value * 0.3;
            values[OPPONENT + combo] = value * 0.25;
        }
        values[TEMPO] = 20.0;
        Model { values }
    }

    /// Shifts both tables so an opponent's cell with no line to five is worth 0. They count
    /// the same cells, so moving both by one amount changes no evaluation; this one makes
    /// the numbers readable as worths.
    fn normalise(&mut self) {
        let shift = self.values[OPPONENT + combination([Pattern::Dead; 4])];
        for combo in 0..COMBOS {
            self.values[MOVER + combo] -= shift;
            self.values[OPPONENT + combo] -= shift;
        }
    }

    /// The static evaluation of a sample for its mover.
    #[must_use]
    pub fn evaluate(&self, sample: &Sample) -> f64 {
        let mut value = 0.0;
        for_each_feature(sample, |index, count| value += self.values[index] * count);
        value
    }

    /// The model as a weights family, rounded to whole units.
    #[must_use]
    pub fn family(&self) -> Family {
        let table = |start: usize| {
            self.values[start..start + COMBOS]
                .iter()
                .map(|v| v.round() as i32)
                .collect()
        };
        Family {
            tempo: self.values[TEMPO].round() as i32,
            as_mover: table(MOVER),
            as_opponent: table(OPPONENT),
            threats: self.values[THREATS_AT..TEMPO]
                .iter()
                .map(|v| v.round() as i32)
                .collect(),
        }
    }
}

/// Calls `f(parameter, signed count)` for every parameter a sample's evaluation uses.
fn for_each_feature(sample: &Sample, mut f: impl FnMut(usize, f64)) {
    for &(combo, count) in &sample.mover_cells {
        f(MOVER + usize::from(combo), f64::from(count));
    }
    for &(combo, count) in &sample.opponent_cells {
        f(OPPONENT + usize::from(combo), -f64::from(count));
    }
    f(THREATS_AT + usize::from(sample.threats), 1.0);
    f(TEMPO, 1.0);
}

/// Mean cross-entropy of `model`'s predictions at `scale` against the samples' targets.
#[must_use]
pub fn cross_entropy(model: &Model, samples: &[Sample], scale: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let q = sigmoid(model.evaluate(s) / scale).clamp(1e-12, 1.0 - 1e-12);
            -(s.target * q.ln() + (1.0 - s.target) * (1.0 - q).ln())
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// The scale at which `model` predicts the samples best (a golden-section search over the
/// scale's logarithm between 1 and 10,000 evaluation units per unit of log-odds).
#[must_use]
pub fn best_scale(model: &Model, samples: &[Sample]) -> f64 {
    let loss = |log_scale: f64| cross_entropy(model, samples, log_scale.exp());
    golden_minimum(loss, 0.0, 10_000f64.ln()).exp()
}

/// Where the unimodal `loss` is least between `lo` and `hi` (a golden-section search).
pub(crate) fn golden_minimum(loss: impl Fn(f64) -> f64, mut lo: f64, mut hi: f64) -> f64 {
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let (a, b) = (hi - ratio * (hi - lo), lo + ratio * (hi - lo));
        if loss(a) < loss(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// Full-batch Adam: its moment estimates over a vector of parameters.
pub(crate) struct Adam {
    first: Vec<f64>,
    second: Vec<f64>,
    steps: i32,
    rate: f64,
}

impl Adam {
    /// Moments of `parameters` values, stepping `rate` at most per step.
    pub(crate) fn new(parameters: usize, rate: f64) -> Adam {
        Adam {
            first: vec![0.0; parameters],
            second: vec![0.0; parameters],
            steps: 0,
            rate,
        }
    }

    /// One step of `values` against their `gradient`.
    pub(crate) fn step(&mut self, values: &mut [f64], gradient: &[f64]) {
        self.steps += 1;
        let (b1, b2) = ADAM_DECAY;
        let (c1, c2) = (1.0 - b1.powi(self.steps), 1.0 - b2.powi(self.steps));
        for (i, value) in values.iter_mut().enumerate() {
            self.first[i] = b1 * self.first[i] + (1.0 - b1) * gradient[i];
            self.second[i] = b2 * self.second[i] + (1.0 - b2) * gradient[i].powi(2);
            *value -= self.rate * (self.first[i] / c1) / ((self.second[i] / c2).sqrt() + 1e-12);
        }
    }
}

/// Options of a fit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FitOptions {
    /// Evaluation units per unit of log-odds.
    pub scale: f64,
    /// L2 penalty on each combination's correction (per sample, in log-odds² per unit²).
    pub residual_penalty: f64,
}

/// The model that predicts the samples best: the structure first, then the per-combination
/// corrections.
#[must_use]
pub fn fit(samples: &[Sample], options: FitOptions) -> Model {
    let structure = fit_structure(samples, options.scale);
    let mut model = fit_residuals(structure, samples, options);
    model.normalise();
    model
}

/// The structural features of each combination: its patterns (with multiplicity) and its
/// threat class, as indices into one table's `STRUCTURE` weights.
fn structure_of(combo: usize) -> [usize; 5] {
    let patterns = combinations()[combo];
    [
        patterns[0] as usize,
        patterns[1] as usize,
        patterns[2] as usize,
        patterns[3] as usize,
        PATTERNS + Threat::of(patterns) as usize,
    ]
}

/// The structural features of a threat mask, as indices into the masks' `MASK_STRUCTURE`
/// weights: each group the mover holds, each the opponent holds, each pair of the two.
fn mask_structure(mask: usize) -> impl Iterator<Item = usize> {
    let side = SIDE_BITS as usize;
    let held = move |bits: usize| (0..side).filter(move |&i| bits >> i & 1 == 1);
    let (own, theirs) = (mask & ((1 << side) - 1), mask >> side);
    held(own)
        .chain(held(theirs).map(move |j| side + j))
        .chain(held(own).flat_map(move |i| held(theirs).map(move |j| 2 * side + i * side + j)))
}

/// Stage 1: Newton's method over the structural weights (the mover's, the opponent's, the
/// masks', the tempo), returned expanded to a model.
fn fit_structure(samples: &[Sample], scale: f64) -> Model {
    const MASKS_FROM: usize = 2 * STRUCTURE;
    const TEMPO_FROM: usize = MASKS_FROM + MASK_STRUCTURE;
    const DIMENSION: usize = TEMPO_FROM + 1;
    // Cell features are divided by the scale and the others are 0 or 1, so every weight is
    // fitted in log-odds (the masks' and the tempo's scaled back below): a well conditioned
    // Hessian.
    let features = |sample: &Sample| {
        let mut x = [0.0; DIMENSION];
        for_each_feature(sample, |index, count| {
            if index == TEMPO {
                x[TEMPO_FROM] += count;
            } else if index >= THREATS_AT {
                for s in mask_structure(index - THREATS_AT) {
                    x[MASKS_FROM + s] += count;
                }
            } else {
                let table = index / COMBOS;
                for s in structure_of(index % COMBOS) {
                    x[table * STRUCTURE + s] += count / scale;
                }
            }
        });
        x
    };
    let dense: Vec<[f64; DIMENSION]> = samples.iter().map(features).collect();
    let mut w = vec![0.0; DIMENSION];
    for _ in 0..NEWTON_STEPS {
        let mut gradient: Vec<f64> = w.iter().map(|v| -NEWTON_RIDGE * v).collect();
        let mut hessian = vec![0.0; DIMENSION * DIMENSION];
        for i in 0..DIMENSION {
            hessian[i * DIMENSION + i] = NEWTON_RIDGE;
        }
        for (x, sample) in dense.iter().zip(samples) {
            let q = sigmoid(dot(&w, x));
            let curvature = q * (1.0 - q);
            for (i, &xi) in x.iter().enumerate().filter(|(_, &xi)| xi != 0.0) {
                gradient[i] += (sample.target - q) * xi;
                let row = &mut hessian[i * DIMENSION..(i + 1) * DIMENSION];
                for (h, &xj) in row.iter_mut().zip(x) {
                    *h += curvature * xi * xj;
                }
            }
        }
        let step = solve(hessian, gradient, DIMENSION);
        let size: f64 = step.iter().map(|s| s.abs()).sum();
        w.iter_mut().zip(&step).for_each(|(v, s)| *v += s);
        if size < 1e-9 {
            break;
        }
    }
    let mut values = vec![0.0; PARAMETERS];
    for table in 0..2 {
        for combo in 0..COMBOS {
            values[table * COMBOS + combo] = structure_of(combo)
                .iter()
                .map(|&s| w[table * STRUCTURE + s])
                .sum();
        }
    }
    for mask in 0..MASKS {
        values[THREATS_AT + mask] = mask_structure(mask)
            .map(|s| w[MASKS_FROM + s] * scale)
            .sum();
    }
    values[TEMPO] = w[TEMPO_FROM] * scale;
    Model { values }
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// Solves `a · x = b` for a symmetric positive definite `a` (row-major, `n`×`n`) by Cholesky.
fn solve(mut a: Vec<f64>, mut b: Vec<f64>, n: usize) -> Vec<f64> {
    for j in 0..n {
        let pivot = (a[j * n + j] - (0..j).map(|k| a[j * n + k].powi(2)).sum::<f64>()).sqrt();
        a[j * n + j] = pivot;
        for i in j + 1..n {
            let sum: f64 = (0..j).map(|k| a[i * n + k] * a[j * n + k]).sum();
            a[i * n + j] = (a[i * n + j] - sum) / pivot;
        }
    }
    for i in 0..n {
        let sum: f64 = (0..i).map(|k| a[i * n + k] * b[k]).sum();
        b[i] = (b[i] - sum) / a[i * n + i];
    }
    for i in (0..n).rev() {
        let sum: f64 = (i + 1..n).map(|k| a[k * n + i] * b[k]).sum();
        b[i] = (b[i] - sum) / a[i * n + i];
    }
    b
}

/// Stage 2: full-batch Adam over a correction of every table entry, penalised towards none.
fn fit_residuals(structure: Model, samples: &[Sample], options: FitOptions) -> Model {
    // The tables' and the masks' entries come first; the tempo stays as the structure
    // fitted it.
    let cells = TEMPO;
    let mut model = structure.clone();
    let mut adam = Adam::new(cells, ADAM_RATE);
    let n = samples.len().max(1) as f64;
    for _ in 0..ADAM_STEPS {
        let mut gradient: Vec<f64> = (0..cells)
            .map(|i| options.residual_penalty * (model.values[i] - structure.values[i]))
            .collect();
        for sample in samples {
            let q = sigmoid(model.evaluate(sample) / options.scale);
            let error = (q - sample.target) / options.scale / n;
            for_each_feature(sample, |index, count| {
                if index < cells {
                    gradient[index] += error * count;
                }
            });
        }
        adam.step(&mut model.values[..cells], &gradient);
    }
    model
}

/// A weights file from fitted freestyle and renju models.
#[must_use]
pub fn weights(
    freestyle: &Model,
    renju: &Model,
    scale: f64,
    provenance: weights::Provenance,
) -> weights::Weights {
    weights::Weights {
        format: weights::FORMAT,
        scale,
        provenance,
        freestyle: freestyle.family(),
        renju: renju.family(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::position::drawn_board;
    use crate::engine::{Rule, Stone};

    /// Samples labelled by a known model, so a fit must recover its predictions.
    fn labelled_by(truth: &Model, scale: f64) -> Vec<Sample> {
        let rows = [
            [
                ".......", ".xo....", "..x....", "...o...", ".......", ".......", ".......",
            ],
            [
                ".......", ".xx.o..", "..o....", "...x...", "....o..", ".......", ".......",
            ],
            [
                ".......", "..xxo..", ".......", ".o.x...", "...x...", "..o....", ".......",
            ],
            [
                ".......", ".......", "..xo...", "..xo...", "..x....", "...o...", ".......",
            ],
            [
                ".......", "o......", ".x.x...", "..o.x..", "...o...", ".......", ".......",
            ],
            [
                ".......", "...x...", "..o.o..", "...x...", "..x.o..", ".......", ".......",
            ],
        ];
        let mut samples = Vec::new();
        for r in rows {
            for mover in [Stone::Black, Stone::White] {
                let board = drawn_board(&r, Rule::Freestyle, mover);
                if let Some(mut sample) = Sample::of(&board, 0.5) {
                    sample.target = sigmoid(truth.evaluate(&sample) / scale);
                    samples.push(sample);
                }
            }
        }
        assert!(samples.len() >= 8, "most of the positions are quiet");
        samples
    }

    /// A 7×7 freestyle board drawn by rows, `mover` to move.
    fn freestyle(rows: &[&str; 7], mover: Stone) -> Board {
        drawn_board(rows, Rule::Freestyle, mover)
    }

    #[test]
    fn samples_count_every_candidate_cell_and_skip_decided_positions() {
        let board = freestyle(
            &[
                ".......", "..x....", "...o...", ".......", ".......", ".......", ".......",
            ],
            Stone::Black,
        );
        let sample = Sample::of(&board, 0.7).expect("quiet");
        let cells = Area::new(&board).candidates(&board).count();
        let total = |c: &[(u16, u16)]| c.iter().map(|&(_, n)| usize::from(n)).sum::<usize>();
        assert_eq!(total(&sample.mover_cells), cells);
        assert_eq!(total(&sample.opponent_cells), cells);
        let four = freestyle(
            &[
                ".......", ".xxxx..", "..ooo..", ".......", ".......", ".......", ".......",
            ],
            Stone::White,
        );
        assert!(Sample::of(&four, 0.1).is_none(), "White must block a five");
    }

    #[test]
    fn samples_leave_renju_fouls_out() {
        // Black at (4, 3) makes two open threes: a foul under renju, a threat in freestyle.
        let rows = [
            ".......", "....x..", "....x..", "..xx...", ".......", ".......", ".......",
        ];
        let foul = Point::new(4, 3);
        let total = |c: &[(u16, u16)]| c.iter().map(|&(_, n)| usize::from(n)).sum::<usize>();
        let sample = |rule| {
            let board = drawn_board(&rows, rule, Stone::White);
            let black = combination(board.patterns_at(foul, Stone::Black));
            let sample = Sample::of(&board, 0.5).expect("quiet");
            let of_foul = sample
                .opponent_cells
                .iter()
                .find(|c| usize::from(c.0) == black);
            let cells = Area::new(&board).candidates(&board).count();
            (sample.clone(), of_foul.map_or(0, |c| c.1), cells)
        };
        let (free, free_fouls, cells) = sample(Rule::Freestyle);
        let (renju, renju_fouls, _) = sample(Rule::Renju);
        assert_eq!(renju_fouls + 1, free_fouls);
        assert_eq!(total(&free.opponent_cells), cells);
        assert_eq!(total(&renju.opponent_cells), cells - 1);
        assert_eq!(
            total(&renju.mover_cells),
            cells,
            "White may play everywhere"
        );
        let double_three = ThreatMask::holding(&[], &[Threat::DoubleThree]).index();
        assert_eq!(usize::from(free.threats) & double_three, double_three);
        assert_eq!(usize::from(renju.threats) & double_three, 0);
    }

    #[test]
    fn the_hand_set_model_prefers_more_shape() {
        let board = freestyle(
            &[
                ".......", ".xx....", ".......", "...o...", ".......", ".......", ".......",
            ],
            Stone::Black,
        );
        let model = Model::hand_set();
        assert!(model.evaluate(&Sample::of(&board, 0.5).unwrap()) > 50.0);
    }

    /// The hand-set model, with the threats the two sides hold worth something: each group
    /// of the mover 25 a bit, each of the opponent's −15 a bit.
    fn with_threat_worths() -> Model {
        let mut model = Model::hand_set();
        for mask in 0..MASKS {
            let (own, theirs) = (mask & ((1 << SIDE_BITS) - 1), mask >> SIDE_BITS);
            model.values[THREATS_AT + mask] =
                25.0 * own.count_ones() as f64 - 15.0 * theirs.count_ones() as f64;
        }
        model
    }

    #[test]
    fn samples_record_the_threats_each_side_holds() {
        let board = freestyle(
            &[
                ".......", ".xx....", "..oo...", ".......", ".......", ".......", ".......",
            ],
            Stone::Black,
        );
        let sample = Sample::of(&board, 0.5).expect("quiet");
        let both_threes = ThreatMask::holding(&[Threat::Three], &[Threat::Three]);
        assert_eq!(usize::from(sample.threats), both_threes.index());
    }

    #[test]
    fn a_fit_reproduces_the_predictions_of_the_model_that_labelled_the_data() {
        let scale = 40.0;
        let truth = with_threat_worths();
        let samples = labelled_by(&truth, scale);
        let masks: std::collections::HashSet<u16> = samples.iter().map(|s| s.threats).collect();
        assert!(masks.len() >= 3, "the threats held vary: {masks:?}");
        let options = FitOptions {
            scale,
            residual_penalty: 1e-6,
        };
        let fitted = fit(&samples, options);
        let start = Model {
            values: vec![0.0; PARAMETERS],
        };
        let (before, after) = (
            cross_entropy(&start, &samples, scale),
            cross_entropy(&fitted, &samples, scale),
        );
        let floor = cross_entropy(&truth, &samples, scale);
        assert!(
            after - floor < 0.05 * (before - floor),
            "{before} {after} {floor}"
        );
        let scale_found = best_scale(&truth, &samples);
        assert!((scale_found - scale).abs() < 1.0, "{scale_found}");
    }

    #[test]
    fn normalising_changes_no_evaluation() {
        let mut model = Model::hand_set();
        model
            .values
            .iter_mut()
            .enumerate()
            .for_each(|(i, v)| *v += (i % 7) as f64);
        let samples = labelled_by(&model, 40.0);
        let before: Vec<f64> = samples.iter().map(|s| model.evaluate(s)).collect();
        model.normalise();
        for (sample, old) in samples.iter().zip(before) {
            assert!((model.evaluate(sample) - old).abs() < 1e-9);
        }
        assert_eq!(
            model.values[OPPONENT + combination([Pattern::Dead; 4])],
            0.0
        );
    }

    #[test]
    fn cholesky_solves_a_small_system() {
        let a = vec![4.0, 2.0, 0.6, 2.0, 5.0, 1.0, 0.6, 1.0, 3.0];
        let x = solve(a.clone(), vec![1.0, 2.0, 3.0], 3);
        for i in 0..3 {
            let row: f64 = (0..3).map(|j| a[i * 3 + j] * x[j]).sum();
            assert!((row - [1.0, 2.0, 3.0][i]).abs() < 1e-12);
        }
    }
}
