// The play page: a client of the public JSON API (POST /v1/move, POST /v1/verdict, and
// POST /v1/review with its graph, POST /v1/review.svg) and nothing else. Every position is sent as a move list, so the server judges wins, draws and
// renju fouls; this page only draws what the API answers. The game itself lives in the page's
// link (see linkQuery), so a link shared is a game handed on.
"use strict";

const $ = (id) => document.getElementById(id);

// The heatmap's colour scale: the stops of src/render/palette.rs, which the SVG and PNG
// pictures use too. The browser test checks that both colour every value alike.
const PALETTE = [
  { at: 0.0, rgb: [0x5e, 0x3c, 0x99], alpha: 0.0 },
  { at: 0.25, rgb: [0x5e, 0x3c, 0x99], alpha: 0.15 },
  { at: 0.5, rgb: [0x99, 0x34, 0xa8], alpha: 0.4 },
  { at: 0.75, rgb: [0xd0, 0x1c, 0x8b], alpha: 0.6 },
  { at: 1.0, rgb: [0xf0, 0x3b, 0x20], alpha: 0.75 },
];

// Board sides the API accepts (the width and height inputs say the same).
const MIN_SIDE = 5;
const MAX_SIDE = 32;

const state = {
  settings: null,     // {mode, colour, rule, difficulty, width, height} of the current game
  moves: [],          // [{x, y}] in play order
  view: 0,            // moves shown (replay); equals moves.length when live
  verdict: null,      // the API's verdict on the current position
  forbidden: [],      // renju-forbidden points for Black to move
  hint: null,         // the last /v1/move answer for the current position (heatmap)
  resigned: null,     // the colour that resigned
  fromLink: false,    // the game came in a link with moves: it can be reviewed before it ends
  review: null,       // {answer, graph}: the /v1/review answer and graph of the current moves
  reviewing: false,   // a review is on its way
  generation: 0,      // bumped on every change, so stale answers are dropped
  busy: false,
};

function columnName(x) {
  let name = "";
  for (let n = x + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(97 + ((n - 1) % 26)) + name;
  }
  return name;
}

function notation(p) {
  return columnName(p.x) + (state.settings.height - p.y);
}

function colourAt(index) {
  return index % 2 === 0 ? "black" : "white";
}

function toMove() {
  return colourAt(state.moves.length);
}

function aiColour() {
  return state.settings.mode === "ai"
    ? (state.settings.colour === "black" ? "white" : "black")
    : null;
}

function gameOver() {
  return state.resigned !== null || (state.verdict && state.verdict.status !== "ongoing");
}

// The colour of a heatmap value as {rgb, alpha}, as palette::heat_colour computes it.
function heatColour(value) {
  const v = Math.min(1, Math.max(0, Number.isFinite(value) ? value : 0));
  let i = PALETTE.findIndex((stop) => stop.at >= v);
  i = Math.max(1, i < 0 ? PALETTE.length - 1 : i);
  const from = PALETTE[i - 1];
  const to = PALETTE[i];
  const t = (v - from.at) / (to.at - from.at);
  const mix = (a, b) => a + (b - a) * t;
  return { rgb: from.rgb.map((c, k) => Math.round(mix(c, to.rgb[k]))), alpha: mix(from.alpha, to.alpha) };
}

function cssColour({ rgb, alpha }) {
  return `rgba(${rgb.join(", ")}, ${alpha.toFixed(3)})`;
}

// ---------------------------------------------------------------- the API

function positionBody() {
  const { width, height, rule } = state.settings;
  return { board: { width, height, moves: state.moves.map(notation) }, rule };
}

class ApiError extends Error {}

// POSTs `body` as JSON to `path` and answers the body as text; a failure is an ApiError in the
// problem document's words.
async function send(path, body, accept) {
  let response;
  try {
    response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: accept },
      body: JSON.stringify(body),
    });
  } catch (e) {
    throw new ApiError(`Cannot reach the server (${e.message}).`);
  }
  const text = await response.text();
  if (!response.ok) {
    let problem = null;
    try {
      problem = JSON.parse(text);
    } catch (_) {
      // Not a problem document: reported with the status.
    }
    if (problem && problem.title) {
      const field = problem.field ? ` [${problem.field}]` : "";
      throw new ApiError(`${response.status} ${problem.title}: ${problem.detail || ""}${field}`);
    }
    throw new ApiError(`${response.status} ${response.statusText}: ${text.slice(0, 200)}`);
  }
  return text;
}

async function api(path, body) {
  const text = await send(path, body, "application/json");
  try {
    return JSON.parse(text);
  } catch (_) {
    throw new ApiError(`The server answered ${path} with something not JSON.`);
  }
}

// One message at a time: every action clears the last one before it runs.
function showError(error) {
  const box = $("error");
  box.textContent = error ? String(error.message || error) : "";
  box.hidden = !error;
}

// Runs `work` for the current generation; drops its effects if the game changed meanwhile.
async function guarded(work) {
  const generation = ++state.generation;
  state.busy = true;
  showError(null);
  render();
  try {
    await work(() => generation === state.generation);
  } catch (e) {
    if (generation === state.generation) showError(e);
  } finally {
    if (generation === state.generation) {
      state.busy = false;
      render();
    }
  }
}

// Judges the position, then lets the AI move or fetches the hint heatmap as needed.
function refresh() {
  state.review = null;
  return guarded(async (current) => {
    await judge(current);
    if (!gameOver() && toMove() === aiColour()) {
      const answer = await api("/v1/move", { ...positionBody(), difficulty: state.settings.difficulty });
      if (!current()) return;
      if (answer.move) {
        const live = state.view === state.moves.length;
        state.moves.push({ x: answer.move.x, y: answer.move.y });
        if (live) state.view = state.moves.length;
        showAnalysis(answer);
        await judge(current);
      }
    }
    await fetchHint(current);
  });
}

async function judge(current) {
  const answer = await api("/v1/verdict", positionBody());
  if (!current()) return;
  state.verdict = answer.verdict;
  state.forbidden = answer.forbidden || [];
  state.hint = null;
}

// With the heatmap on, asks the AI about the position a human is to play.
async function fetchHint(current) {
  if (!$("heatmap").checked || gameOver() || toMove() === aiColour()) return;
  const answer = await api("/v1/move", { ...positionBody(), difficulty: state.settings.difficulty });
  if (!current()) return;
  state.hint = answer;
  if (state.settings.mode === "humans") showAnalysis(answer);
}

// A proven result: its distance when that is proven too ("mate in 5"), else only the result.
function proven(score) {
  if (score.mate_in) return ` (mate in ${score.mate_in})`;
  if (score.win_probability === 1) return " (proven win)";
  if (score.win_probability === 0) return " (proven loss)";
  return "";
}

function showAnalysis(answer) {
  const score = answer.score;
  const mover = answer.to_move;
  $("ai-move").textContent = answer.move ? `${mover} ${answer.move.notation}` : "–";
  $("score").textContent = score ? `${score.value > 0 ? "+" : ""}${score.value} for ${mover}` + proven(score) : "–";
  $("win-probability").textContent = score ? `${(score.win_probability * 100).toFixed(1)}% for ${mover}` : "–";
  $("pv").textContent = answer.pv && answer.pv.length ? answer.pv.join(" ") : "–";
  const s = answer.stats;
  $("stats").textContent = s ? `depth ${s.depth}, ${s.nodes} nodes, ${s.time_ms} ms${s.cached ? ", cached" : ""}` : "–";
}

// Reviews the game: every move labelled in the move list, the win-probability graph and each
// side's accuracy; the moves jump to their position when clicked.
function reviewGame() {
  state.reviewing = true;
  return guarded(async (current) => {
    try {
      const body = positionBody();
      const answer = await api("/v1/review", body);
      // Every position is in the server's cache now: the graph costs no search.
      const svg = await send("/v1/review.svg", body, "image/svg+xml");
      if (!current()) return;
      state.review = { answer, graph: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` };
    } finally {
      state.reviewing = false;
    }
  });
}

function reviewable() {
  return state.moves.length > 0 && (gameOver() || state.fromLink);
}

function showReview() {
  const answer = state.review && state.review.answer;
  $("review").hidden = !reviewable();
  $("review").disabled = state.busy || Boolean(answer);
  $("review-box").hidden = !answer && !state.reviewing;
  $("review-graph").hidden = !answer;
  if (!answer) {
    $("review-note").textContent = state.reviewing ? "Reviewing every move…" : "";
    $("review-summary").replaceChildren();
    return;
  }
  const { black, white } = answer.summary;
  const accuracy = (side) => (side.accuracy === null ? "–" : `${side.accuracy.toFixed(1)}%`);
  $("review-note").textContent =
    `Accuracy: Black ${accuracy(black)}, White ${accuracy(white)}. Reviewed by ${answer.difficulty}.`;
  const graph = $("review-graph");
  if (graph.getAttribute("src") !== state.review.graph) graph.src = state.review.graph;
  const lines = ["black", "white"].map((side) => {
    const labels = answer.summary[side].labels;
    const bad = ["blunder", "mistake", "inaccuracy"].filter((label) => labels[label] > 0);
    return `${capitalise(side)}: ${bad.length ? bad.map((label) => `${labels[label]} ${label}`).join(", ") : "no inaccuracy"}.`;
  });
  for (const turn of answer.turning_points) {
    const what = turn.kind === "win_appeared" ? "forced win appeared" : "forced win missed";
    lines.push(`Move ${turn.ply + 1} (${turn.move.notation}): ${capitalise(turn.side)}'s ${what}: ${turn.line.join(" ")}`);
  }
  $("review-summary").replaceChildren(...lines.map((text) => {
    const li = document.createElement("li");
    li.textContent = text;
    return li;
  }));
}

// ---------------------------------------------------------------- links

// A game travels as its page's link, e.g. /?rule=renju&size=15&mode=humans&moves=h8,i9,j10&ply=2
// (size 15x13 for a rectangle; ply only while replaying). The server keeps no games: whoever
// opens the link gets the same position and plays on from it.
function linkQuery() {
  const { rule, width, height, mode, colour, difficulty } = state.settings;
  const params = [["rule", rule], ["size", width === height ? width : `${width}x${height}`], ["mode", mode]];
  if (mode === "ai") params.push(["colour", colour]);
  params.push(["difficulty", difficulty]);
  if (state.moves.length > 0) params.push(["moves", state.moves.map(notation).join(",")]);
  if (state.view !== state.moves.length) params.push(["ply", state.view]);
  return "?" + params.map(([key, value]) => `${key}=${value}`).join("&");
}

function updateLink() {
  const query = linkQuery();
  if (location.search !== query) history.replaceState(null, "", query);
}

class LinkError extends Error {}

// The game a query string holds: {settings, moves, ply}, or null for none. Throws LinkError
// naming what is wrong; never trusts the link further than the form would.
function readLink(search) {
  const params = new URLSearchParams(search);
  if ([...params.keys()].length === 0) return null;
  const choice = (id) => {
    const value = params.get(id);
    const options = [...$(id).options].map((o) => o.value);
    if (value === null) return $(id).value;
    if (!options.includes(value)) throw new LinkError(`${id} must be one of ${options.join(", ")}, not “${value}”`);
    return value;
  };
  const size = (params.get("size") ?? "15").match(/^(\d{1,2})(?:x(\d{1,2}))?$/);
  if (!size) throw new LinkError(`size must be a number like 15, or 15x13 for a rectangle, not “${params.get("size")}”`);
  const width = Number(size[1]);
  const height = Number(size[2] ?? size[1]);
  if ([width, height].some((n) => n < MIN_SIDE || n > MAX_SIDE)) {
    throw new LinkError(`size ${width}x${height} is outside ${MIN_SIDE} to ${MAX_SIDE}`);
  }
  const moves = readMoves(params.get("moves") ?? "", width, height);
  const ply = params.has("ply") ? Number(params.get("ply")) : moves.length;
  if (!/^\d+$/.test(params.get("ply") ?? "0") || ply > moves.length) {
    throw new LinkError(`ply must be a move number from 0 to ${moves.length}, not “${params.get("ply")}”`);
  }
  const settings = {
    mode: choice("mode"), colour: choice("colour"), rule: choice("rule"), difficulty: choice("difficulty"), width, height,
  };
  return { settings, moves, ply };
}

function readMoves(text, width, height) {
  const moves = [];
  const taken = new Set();
  for (const name of text.split(",").filter((m) => m !== "")) {
    const point = parsePoint(name.toLowerCase(), width, height);
    const which = `move ${moves.length + 1} (“${name}”)`;
    if (!point) throw new LinkError(`${which} is not a point of the ${width}x${height} board`);
    const key = `${point.x},${point.y}`;
    if (taken.has(key)) throw new LinkError(`${which} is on a stone already played`);
    taken.add(key);
    moves.push(point);
  }
  return moves;
}

// "h8" to {x, y} on a board of `height` rows (row 1 at the bottom); null off the board.
function parsePoint(name, width, height) {
  const match = name.match(/^([a-z]{1,2})(\d{1,2})$/);
  if (!match) return null;
  const x = [...match[1]].reduce((n, c) => n * 26 + c.charCodeAt(0) - 96, 0) - 1;
  const row = Number(match[2]);
  if (x >= width || row < 1 || row > height) return null;
  return { x, y: height - row };
}

// Opens the game in the page's link, or a new game when there is none or it is unreadable.
function openLink() {
  let game = null;
  let problem = null;
  try {
    game = readLink(location.search);
  } catch (e) {
    if (!(e instanceof LinkError)) throw e;
    problem = e;
  }
  if (game) {
    for (const [id, value] of Object.entries(game.settings)) $(id).value = value;
    start(game.settings, game.moves, game.ply);
    state.fromLink = game.moves.length > 0;
  } else {
    $("settings").reset();
    start(readSettings(), [], 0);
  }
  if (problem) showError(new Error(`This link does not hold a game: ${problem.message}. A new game was started instead.`));
}

async function copyLink() {
  const note = $("link-note");
  try {
    await navigator.clipboard.writeText(location.href);
    note.textContent = "Link copied: whoever opens it plays on from this position.";
  } catch (_) {
    note.textContent = "Copy the address bar: whoever opens it plays on from this position.";
  }
}

// ---------------------------------------------------------------- actions

class SettingsError extends Error {}

// The settings form as a game's settings; throws SettingsError for a board side out of range
// (the form does not validate itself, so that one message replaces the last).
function readSettings() {
  const side = (id, name) => {
    const input = $(id);
    const text = input.value.trim();
    const n = Number(text);
    const ok = /^\d+$/.test(text) && n >= MIN_SIDE && n <= MAX_SIDE;
    input.setAttribute("aria-invalid", String(!ok));
    if (!ok) {
      input.focus();
      throw new SettingsError(`${name} must be a whole number from ${MIN_SIDE} to ${MAX_SIDE}${text ? `, not ${text}` : ""}.`);
    }
    return n;
  };
  return {
    mode: $("mode").value,
    colour: $("colour").value,
    rule: $("rule").value,
    difficulty: $("difficulty").value,
    width: side("width", "Width"),
    height: side("height", "Height"),
  };
}

function newGame(event) {
  if (event) event.preventDefault();
  let settings;
  try {
    settings = readSettings();
  } catch (e) {
    if (!(e instanceof SettingsError)) throw e;
    showError(e);
    return;
  }
  start(settings, [], 0);
}

// Starts a game with `settings` from `moves`, showing the position after `view` of them.
function start(settings, moves, view) {
  state.settings = settings;
  state.moves = moves;
  state.view = view;
  state.verdict = null;
  state.forbidden = [];
  state.hint = null;
  state.resigned = null;
  state.fromLink = false;
  ["ai-move", "score", "win-probability", "pv", "stats"].forEach((id) => { $(id).textContent = "–"; });
  $("link-note").textContent = "";
  buildBoard();
  refresh();
}

function play(x, y) {
  if (state.busy || gameOver() || state.view !== state.moves.length) return;
  if (toMove() === aiColour()) return;
  if (state.moves.some((m) => m.x === x && m.y === y)) return;
  const foul = state.forbidden.find((f) => f.x === x && f.y === y);
  if (foul) {
    showError(new Error(`${foul.notation} is forbidden for Black under renju (${foul.kind.replace("_", " ")}).`));
    return;
  }
  state.moves.push({ x, y });
  state.view = state.moves.length;
  refresh();
}

function undo() {
  if (state.moves.length === 0) return;
  state.resigned = null;
  state.moves.pop();
  // Against the AI, take back its reply too so the human is to move again.
  while (state.moves.length > 0 && toMove() === aiColour()) state.moves.pop();
  state.view = state.moves.length;
  refresh();
}

function resign() {
  if (gameOver()) return;
  state.resigned = aiColour() ? state.settings.colour : toMove();
  state.generation++;
  state.busy = false;
  render();
}

function replay(to) {
  state.view = Math.min(state.moves.length, Math.max(0, to));
  render();
}

// ---------------------------------------------------------------- drawing

function buildBoard() {
  const { width, height } = state.settings;
  const board = $("board");
  board.replaceChildren();
  board.style.gridTemplateColumns = `repeat(${width + 1}, minmax(0, 1fr))`;
  board.style.setProperty("--columns", width + 1);
  board.style.setProperty("--rows", height + 1);
  document.documentElement.style.setProperty("--aspect", (width + 1) / (height + 1));
  for (let y = 0; y < height; y++) {
    board.append(label(String(height - y)));
    for (let x = 0; x < width; x++) {
      const cell = document.createElement("button");
      cell.type = "button";
      cell.className = "cell";
      if (y === 0) cell.classList.add("top");
      if (y === height - 1) cell.classList.add("bottom");
      if (x === 0) cell.classList.add("left");
      if (x === width - 1) cell.classList.add("right");
      cell.dataset.x = x;
      cell.dataset.y = y;
      cell.dataset.point = columnName(x) + (height - y);
      cell.addEventListener("click", () => play(x, y));
      board.append(cell);
    }
  }
  board.append(label(""));
  for (let x = 0; x < width; x++) board.append(label(columnName(x)));
}

function label(text) {
  const span = document.createElement("span");
  span.className = "label";
  span.textContent = text;
  return span;
}

function render() {
  if (!state.settings) return;
  const live = state.view === state.moves.length;
  const shown = state.moves.slice(0, state.view);
  const stones = new Map(shown.map((m, i) => [`${m.x},${m.y}`, i]));
  const winLine = new Set(live && state.verdict ? state.verdict.line.map((p) => `${p.x},${p.y}`) : []);
  const forbidden = new Map(live && !gameOver() ? state.forbidden.map((f) => [`${f.x},${f.y}`, f]) : []);
  const hint = live && $("heatmap").checked && state.hint ? state.hint : null;
  const numbers = $("numbers").checked;

  for (const cell of document.querySelectorAll("#board .cell")) {
    const x = Number(cell.dataset.x);
    const y = Number(cell.dataset.y);
    const key = `${x},${y}`;
    const index = stones.get(key);
    cell.className = cell.className.split(" ").filter((c) => ["cell", "top", "bottom", "left", "right"].includes(c)).join(" ");
    cell.style.removeProperty("--heat");
    cell.replaceChildren();
    let title = cell.dataset.point;
    if (index !== undefined) {
      cell.classList.add(colourAt(index));
      if (index === shown.length - 1) cell.classList.add("last");
      if (winLine.has(key)) cell.classList.add("win");
      if (numbers) {
        cell.classList.add("numbered");
        const n = document.createElement("span");
        n.className = "number";
        n.textContent = index + 1;
        cell.append(n);
      }
      title += ` (${colourAt(index)}, move ${index + 1})`;
    } else {
      const foul = forbidden.get(key);
      if (foul) {
        cell.classList.add("forbidden");
        title += `: forbidden for Black (${foul.kind.replace("_", " ")})`;
      }
      const value = hint && hint.heatmap ? hint.heatmap.values[y][x] : null;
      if (value !== null && value !== undefined) {
        cell.classList.add("heat");
        cell.dataset.value = value.toFixed(3);
        cell.style.setProperty("--heat", cssColour(heatColour(value)));
        title += `: ${value.toFixed(2)}`;
      }
      if (hint && hint.move && hint.move.x === x && hint.move.y === y) cell.classList.add("hint");
    }
    if (winLine.has(key) && index === undefined) cell.classList.add("win");
    cell.title = title;
    cell.setAttribute("aria-label", title);
    cell.disabled = !live || state.busy || gameOver() || index !== undefined || toMove() === aiColour();
  }

  $("board").dataset.busy = String(state.busy);
  $("status").textContent = statusText(live);
  $("status").classList.toggle("over", gameOver() && live);
  $("legend").hidden = !hint;
  $("replay-pos").textContent = `${state.view} / ${state.moves.length}`;
  $("undo").disabled = state.moves.length === 0;
  $("resign").disabled = gameOver();
  $("first").disabled = $("prev").disabled = state.view === 0;
  $("next").disabled = $("last").disabled = live;
  const judged = state.review ? state.review.answer.moves : [];
  $("moves").replaceChildren(...state.moves.map((m, i) => {
    const li = document.createElement("li");
    const jump = document.createElement("button");
    jump.type = "button";
    jump.textContent = notation(m);
    jump.title = `Show the position after move ${i + 1}`;
    jump.addEventListener("click", () => replay(i + 1));
    li.append(jump);
    if (judged[i]) {
      const tag = document.createElement("span");
      tag.className = `judged ${judged[i].label}`;
      tag.textContent = judged[i].label;
      li.dataset.label = judged[i].label;
      li.append(tag);
    }
    if (i === state.view - 1) li.style.fontWeight = "700";
    return li;
  }));
  showReview();
  $("colour").disabled = $("mode").value !== "ai";
  updateLink();
}

function statusText(live) {
  if (!live) return `Replay: move ${state.view} of ${state.moves.length}.`;
  if (state.resigned) {
    const winner = state.resigned === "black" ? "White" : "Black";
    return `${capitalise(state.resigned)} resigned: ${winner} wins.`;
  }
  if (state.verdict && state.verdict.status !== "ongoing") return verdictText(state.verdict);
  if (state.busy && toMove() === aiColour()) return `The AI (${capitalise(toMove())}) is thinking…`;
  if (!state.verdict) return state.busy ? "Loading…" : "The position could not be judged.";
  return aiColour() ? `Your move (${capitalise(toMove())}).` : `${capitalise(toMove())} to move.`;
}

function verdictText(verdict) {
  const winner = verdict.winner ? capitalise(verdict.winner) : null;
  switch (verdict.reason) {
    case "five": return `${winner} won with five in a row: ${verdict.line.map((p) => p.notation).join(" ")}.`;
    case "board_full": return "Draw: the board is full.";
    default:
      if (verdict.reason && verdict.reason.startsWith("forbidden")) {
        return `${winner} won: Black played a forbidden move (${verdict.reason.replace("forbidden_", "").replace("_", " ")}).`;
      }
      return winner ? `${winner} won.` : "The game is over.";
  }
}

function capitalise(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// ---------------------------------------------------------------- wiring

// The legend shows the scale as it looks on the board: over the wood.
$("legend").querySelector(".scale").style.background =
  `linear-gradient(to right, ${PALETTE.map((stop) => `${cssColour(stop)} ${stop.at * 100}%`).join(", ")}), var(--wood)`;
$("settings").addEventListener("submit", newGame);
$("mode").addEventListener("change", render);
$("undo").addEventListener("click", undo);
$("resign").addEventListener("click", resign);
$("heatmap").addEventListener("change", () => {
  if ($("heatmap").checked && !state.hint) {
    guarded(fetchHint);
  } else {
    render();
  }
});
$("numbers").addEventListener("change", render);
$("first").addEventListener("click", () => replay(0));
$("prev").addEventListener("click", () => replay(state.view - 1));
$("next").addEventListener("click", () => replay(state.view + 1));
$("last").addEventListener("click", () => replay(state.moves.length));
$("copy-link").addEventListener("click", copyLink);
$("review").addEventListener("click", reviewGame);
openLink();
