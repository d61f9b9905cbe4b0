// The play page: a client of the public JSON API (POST /v1/move, POST /v1/verdict) and
// nothing else. Every position is sent as a move list, so the server judges wins, draws and
// renju fouls; this page only draws what the API answers.
"use strict";

const $ = (id) => document.getElementById(id);

// Same colour stops as the SVG heatmap (src/render/svg.rs).
const SCALE = [
  [0.0, [0x31, 0x36, 0x95]],
  [0.25, [0x45, 0x75, 0xb4]],
  [0.5, [0xfe, 0xe0, 0x90]],
  [0.75, [0xf4, 0x6d, 0x43]],
  [1.0, [0xa5, 0x00, 0x26]],
];

const state = {
  settings: null,     // {mode, colour, rule, difficulty, width, height} of the current game
  moves: [],          // [{x, y}] in play order
  view: 0,            // moves shown (replay); equals moves.length when live
  verdict: null,      // the API's verdict on the current position
  forbidden: [],      // renju-forbidden points for Black to move
  hint: null,         // the last /v1/move answer for the current position (heatmap)
  resigned: null,     // the colour that resigned
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

function scaleColour(value) {
  const v = Math.min(1, Math.max(0, Number.isFinite(value) ? value : 0));
  let i = SCALE.findIndex(([at]) => at >= v);
  i = Math.max(1, i < 0 ? SCALE.length - 1 : i);
  const [a, from] = SCALE[i - 1];
  const [b, to] = SCALE[i];
  const t = (v - a) / (b - a);
  const mix = from.map((c, k) => Math.round(c + (to[k] - c) * t));
  return `rgb(${mix.join(", ")})`;
}

// ---------------------------------------------------------------- the API

function positionBody() {
  const { width, height, rule } = state.settings;
  return { board: { width, height, moves: state.moves.map(notation) }, rule };
}

class ApiError extends Error {}

async function api(path, body) {
  let response;
  try {
    response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    });
  } catch (e) {
    throw new ApiError(`Cannot reach the server (${e.message}).`);
  }
  const text = await response.text();
  let data = null;
  try {
    data = JSON.parse(text);
  } catch (_) {
    // Not JSON: reported below with the status.
  }
  if (!response.ok) {
    if (data && data.title) {
      const field = data.field ? ` [${data.field}]` : "";
      throw new ApiError(`${response.status} ${data.title}: ${data.detail || ""}${field}`);
    }
    throw new ApiError(`${response.status} ${response.statusText}: ${text.slice(0, 200)}`);
  }
  if (data === null) throw new ApiError(`The server answered ${path} with something not JSON.`);
  return data;
}

function showError(error) {
  const box = $("error");
  box.textContent = error ? String(error.message || error) : "";
  box.hidden = !error;
}

// Runs `work` for the current generation; drops its effects if the game changed meanwhile.
async function guarded(work) {
  const generation = ++state.generation;
  state.busy = true;
  render();
  try {
    await work(() => generation === state.generation);
    showError(null);
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
  return guarded(async (current) => {
    await judge(current);
    if (!gameOver() && toMove() === aiColour()) {
      const answer = await api("/v1/move", { ...positionBody(), difficulty: state.settings.difficulty });
      if (!current()) return;
      if (answer.move) {
        state.moves.push({ x: answer.move.x, y: answer.move.y });
        state.view = state.moves.length;
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

function showAnalysis(answer) {
  const score = answer.score;
  const mover = answer.to_move;
  $("ai-move").textContent = answer.move ? `${mover} ${answer.move.notation}` : "–";
  $("score").textContent = score
    ? `${score.value > 0 ? "+" : ""}${score.value} for ${mover}` + (score.mate_in ? ` (mate in ${score.mate_in})` : "")
    : "–";
  $("win-probability").textContent = score ? `${(score.win_probability * 100).toFixed(1)}% for ${mover}` : "–";
  $("pv").textContent = answer.pv && answer.pv.length ? answer.pv.join(" ") : "–";
  const s = answer.stats;
  $("stats").textContent = s ? `depth ${s.depth}, ${s.nodes} nodes, ${s.time_ms} ms${s.cached ? ", cached" : ""}` : "–";
}

// ---------------------------------------------------------------- actions

function readSettings() {
  const size = (id) => Math.min(32, Math.max(5, parseInt($(id).value, 10) || 15));
  return {
    mode: $("mode").value,
    colour: $("colour").value,
    rule: $("rule").value,
    difficulty: $("difficulty").value,
    width: size("width"),
    height: size("height"),
  };
}

function newGame(event) {
  if (event) event.preventDefault();
  state.settings = readSettings();
  state.moves = [];
  state.view = 0;
  state.verdict = null;
  state.forbidden = [];
  state.hint = null;
  state.resigned = null;
  ["ai-move", "score", "win-probability", "pv", "stats"].forEach((id) => { $(id).textContent = "–"; });
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
    cell.style.backgroundColor = "";
    cell.replaceChildren();
    let title = cell.dataset.point;
    if (index !== undefined) {
      cell.classList.add(colourAt(index));
      if (index === shown.length - 1) cell.classList.add("last");
      if (winLine.has(key)) cell.classList.add("win");
      if (numbers) {
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
        cell.style.backgroundColor = scaleColour(value);
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
  $("moves").replaceChildren(...state.moves.map((m, i) => {
    const li = document.createElement("li");
    li.textContent = notation(m);
    if (i === state.view - 1) li.style.fontWeight = "700";
    return li;
  }));
  $("colour").disabled = $("mode").value !== "ai";
}

function statusText(live) {
  if (!live) return `Replay: move ${state.view} of ${state.moves.length}.`;
  if (state.resigned) {
    const winner = state.resigned === "black" ? "White" : "Black";
    return `${capitalise(state.resigned)} resigned: ${winner} wins.`;
  }
  if (state.verdict && state.verdict.status !== "ongoing") return verdictText(state.verdict);
  if (state.busy && toMove() === aiColour()) return `The AI (${toMove()}) is thinking…`;
  if (!state.verdict) return "Loading…";
  const who = aiColour() ? "You are" : `${capitalise(toMove())} is`;
  return `${who} to move (${toMove()}).`;
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
newGame();
