// End-to-end test of the play page in real headless Chromium, driven by clicks.
// Usage: node play.mjs BASE_URL SCREENSHOT_DIR PALETTE_JSON   (run by tests/browser.rs)
// PALETTE_JSON: [[value, [r, g, b], alpha], ...], the heatmap colours the Rust palette gives.
import { chromium } from "playwright-core";
import assert from "node:assert/strict";
import path from "node:path";

const [base, shots, paletteJson] = process.argv.slice(2);
assert.ok(base && shots && paletteJson, "usage: node play.mjs BASE_URL SCREENSHOT_DIR PALETTE_JSON");
const palette = JSON.parse(paletteJson);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
  ],
});
const failures = [];

// Runs in the page: picks Black's move from the stones drawn on the board.
function choose() {
  const cells = [...document.querySelectorAll("#board .cell")];
  const at = new Map(cells.map((c) => [`${c.dataset.x},${c.dataset.y}`, c]));
  const colour = (x, y) => {
    const c = at.get(`${x},${y}`);
    if (!c) return "edge";
    return c.classList.contains("black") ? "black" : c.classList.contains("white") ? "white" : "";
  };
  // Per direction: stones of `who` in a row through (x, y) if played there, and open ends.
  const shape = (x, y, who) => [[1, 0], [0, 1], [1, 1], [1, -1]].map(([dx, dy]) => {
    let run = 1;
    let open = 0;
    for (const s of [1, -1]) {
      let k = 1;
      while (colour(x + s * k * dx, y + s * k * dy) === who) k++;
      run += k - 1;
      if (colour(x + s * k * dx, y + s * k * dy) === "") open++;
    }
    return { run, open };
  });
  const value = (x, y, who) => shape(x, y, who).reduce((sum, { run, open }) => {
    if (run >= 5) return sum + 1e8;
    if (open === 0) return sum;
    return sum + (run === 4 ? (open === 2 ? 1e6 : 1e4) : run === 3 ? (open === 2 ? 5e3 : 300) : run === 2 ? (open === 2 ? 100 : 10) : 1);
  }, 0);
  let best = null;
  for (const c of cells) {
    if (c.classList.contains("black") || c.classList.contains("white")) continue;
    const x = Number(c.dataset.x);
    const y = Number(c.dataset.y);
    const score = value(x, y, "black") * 1.5 + value(x, y, "white") + (7 - Math.max(Math.abs(x - 7), Math.abs(y - 7))) * 1e-3;
    if (!best || score > best.score) best = { score, point: c.dataset.point };
  }
  return best && best.point;
}
// The RGBA pixels of a PNG, decoded by the browser itself.
async function pixels(page, png) {
  const { width, height, data } = await page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const canvas = document.createElement("canvas");
    canvas.width = img.width;
    canvas.height = img.height;
    const context = canvas.getContext("2d");
    context.drawImage(img, 0, 0);
    return { width: img.width, height: img.height, data: [...context.getImageData(0, 0, img.width, img.height).data] };
  }, png.toString("base64"));
  return { width, height, at: (x, y) => data.slice(4 * (y * width + x), 4 * (y * width + x) + 3) };
}

const luminance = ([r, g, b]) => 0.2126 * r + 0.7152 * g + 0.0722 * b;
const distance = (a, b) => Math.hypot(...a.map((c, k) => c - b[k]));
const WOOD = [0xdc, 0xb3, 0x5c];
const LINE = [0x5a, 0x44, 0x20];

async function open(url, viewport = { width: 1280, height: 800 }) {
  const page = await browser.newPage({ viewport });
  page.on("pageerror", (e) => failures.push(`page error: ${e.message}`));
  // The browser logs every 4xx/5xx (favicon, the injected 503) itself; those are not page bugs.
  page.on("console", (m) => {
    if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) failures.push(`console: ${m.text()}`);
  });
  page.setDefaultTimeout(20_000);
  await page.goto(url);
  const idle = () => page.waitForFunction(() => document.getElementById("board").dataset.busy === "false");
  await idle();
  const cell = (point) => page.locator(`#board .cell[data-point="${point}"]`);
  return {
    page,
    idle,
    cell,
    status: () => page.locator("#status").textContent(),
    error: () => page.locator("#error").textContent(),
    click: async (point) => { await cell(point).click(); await idle(); },
    stones: () => page.locator("#board .cell.black, #board .cell.white").count(),
    // Every stone as "point:colour", sorted: the position as drawn.
    position: () => page.evaluate(() => [...document.querySelectorAll("#board .cell.black, #board .cell.white")]
      .map((c) => `${c.dataset.point}:${c.classList.contains("black") ? "black" : "white"}`).sort()),
    newGame: async (settings) => {
      for (const [id, value] of Object.entries(settings)) {
        if (id === "width" || id === "height") await page.fill(`#${id}`, String(value));
        else await page.selectOption(`#${id}`, value);
      }
      await page.click("#new-game");
      await idle();
    },
  };
}

try {
  const tab = await open(base);
  const { page, idle, cell, status, click, stones, newGame } = tab;
  assert.equal(await page.title(), "gomoku-ai — play");

  // 1. A game against beginner, won by clicking. The human's moves come from a small
  // threat-first player (win, block a win, make or block an open four, then the best shape).
  await newGame({ mode: "ai", colour: "black", rule: "freestyle", difficulty: "beginner", width: 15, height: 15 });
  assert.equal(await status(), "Your move (Black).");
  let won = false;
  for (let turn = 0; turn < 60 && !won; turn++) {
    const point = await page.evaluate(choose);
    assert.ok(point, `no move at turn ${turn}: ${await status()}`);
    await click(point);
    won = (await status()).startsWith("Black won");
    if (!won) assert.equal(await status(), "Your move (Black).", "the game ended without a Black win");
  }
  assert.ok(won, "no win within 60 moves");
  assert.match(await status(), /Black won with five in a row/);
  assert.equal(await page.locator("#board .cell.win").count() >= 5, true, "winning line highlighted");
  const played = await stones();

  // 1b. The finished game is offered a review: every move gets its label in the move list, the
  // win-probability graph is shown, and a move in the list jumps to its position.
  const reviewButton = page.locator("#review");
  assert.equal(await reviewButton.isVisible(), true, "Review offered after the game");
  await reviewButton.click();
  await idle();
  const graph = page.locator("#review-graph");
  await graph.waitFor();
  const labels = await page.locator("#moves .judged").allTextContents();
  assert.equal(labels.length, played, `every move labelled: ${labels.join(" ")}`);
  const known = ["best", "excellent", "good", "inaccuracy", "mistake", "blunder", "forced"];
  assert.ok(labels.every((l) => known.includes(l)), labels.join(" "));
  assert.equal(labels[labels.length - 1], "best", "the winning move is best");
  assert.equal(await graph.evaluate((img) => img.complete && img.naturalWidth), 720, "the graph is drawn");
  assert.match(await page.locator("#review-note").textContent(), /^Accuracy: Black \d+\.\d%, White \d+\.\d%\. Reviewed by master\.$/);
  assert.equal(await reviewButton.isDisabled(), true, "one review per game");
  await page.screenshot({ path: path.join(shots, "play-review.png"), fullPage: true });
  await page.locator("#moves li button").nth(2).click();
  assert.equal(await page.locator("#replay-pos").textContent(), `3 / ${played}`);
  assert.equal(await stones(), 3);
  await page.click("#last");
  assert.equal(await stones(), played);

  // 2. Undo takes the winning move back (and the review of the game with it).
  await page.click("#undo");
  await idle();
  assert.equal(await stones(), played - 1);
  assert.equal(await page.locator("#moves .judged").count(), 0, "the review went with the game");
  assert.equal(await page.locator("#review-box").isVisible(), false);
  assert.equal(await reviewButton.isVisible(), false, "no review while the game goes on");
  assert.equal(await page.locator("#board .cell.win").count(), 0);
  assert.equal(await status(), "Your move (Black).");

  // 3. Replay goes back and forth without changing the game.
  await page.click("#first");
  assert.equal(await stones(), 0);
  await page.click("#next");
  assert.equal(await stones(), 1);
  await page.click("#last");
  assert.equal(await stones(), played - 1);

  // 4. The heatmap lays translucent discs on empty points, coloured as the Rust palette
  // colours them, with the value on hover and its legend; the grid stays visible under it.
  const legend = page.locator("#legend");
  assert.equal(await legend.isVisible(), false, "legend hidden while the heatmap is off");
  for (const [value, rgb, alpha] of palette) {
    const colour = await page.evaluate((v) => heatColour(v), value);
    assert.deepEqual(colour.rgb, rgb, `page colour of ${value}`);
    assert.ok(Math.abs(colour.alpha - alpha) < 1e-9, `page opacity of ${value}: ${colour.alpha} vs ${alpha}`);
  }
  await page.check("#heatmap");
  await idle();
  assert.equal(await legend.isVisible(), true, "legend shown with the heatmap");
  const heat = page.locator("#board .cell.heat");
  assert.ok((await heat.count()) > 0, "heatmap cells");
  assert.equal(await page.locator("#board .cell.heat.black, #board .cell.heat.white").count(), 0, "heat on empty points only");
  assert.match(await heat.first().evaluate((el) => el.style.getPropertyValue("--heat")), /^rgba\(/);
  assert.match(await heat.first().getAttribute("title"), /: \d\.\d\d$/);
  assert.ok(await page.locator("#board .cell.hint").count() === 1, "the suggested move is marked");
  assert.notEqual(await page.locator("#win-probability").textContent(), "–");
  // The hottest inner point: its disc is the most opaque (the suggestion's ring lies outside
  // the pixels looked at).
  const [hottest, hottestValue] = await page.evaluate(() => {
    const cells = [...document.querySelectorAll("#board .cell.heat:not(.top):not(.bottom):not(.left):not(.right)")];
    cells.sort((a, b) => Number(b.dataset.value) - Number(a.dataset.value));
    return [cells[0].dataset.point, Number(cells[0].dataset.value)];
  });
  assert.ok(hottestValue >= 0.5, `the hottest point ${hottest} rates only ${hottestValue}`);
  const shot = await pixels(page, await cell(hottest).screenshot());
  const off = [Math.round(shot.width * 0.3), Math.round(shot.height * 0.3)];
  const disc = shot.at(...off);
  assert.ok(distance(disc, WOOD) > 30, `no heat drawn at ${hottest}: ${disc}`);
  // The horizontal grid line crosses the disc at mid-height: the darkest of the middle rows.
  const middle = Math.floor(shot.height / 2);
  const line = [middle - 2, middle - 1, middle, middle + 1, middle + 2]
    .map((y) => shot.at(off[0], y))
    .reduce((a, b) => (luminance(a) < luminance(b) ? a : b));
  assert.ok(luminance(disc) - luminance(line) > 30, `grid line hidden by the heat at ${hottest}: line ${line}, heat ${disc}`);
  assert.ok(distance(line, LINE) < 40, `grid line at ${hottest} drawn as ${line}, not in its own colour over the heat`);
  await page.uncheck("#heatmap");
  assert.equal(await heat.count(), 0);
  assert.equal(await legend.isVisible(), false, "legend hidden again");

  // 5. Move numbers: the last move is ringed, not dotted, so its number stays readable.
  await page.check("#numbers");
  const last = page.locator("#board .cell.last");
  assert.equal(await last.locator(".number").textContent(), String(played - 1));
  const mark = await last.evaluate((el) => {
    const after = getComputedStyle(el, "::after");
    return { background: after.backgroundColor, border: after.borderTopWidth };
  });
  assert.equal(mark.background, "rgba(0, 0, 0, 0)", "no dot under the number");
  assert.notEqual(mark.border, "0px", "the last move is ringed");
  await page.uncheck("#numbers");

  // 6. Renju: two humans build a double three for Black; its point is marked forbidden.
  await newGame({ mode: "humans", rule: "renju", width: 15, height: 15 });
  assert.equal(await status(), "Black to move.");
  for (const point of ["h8", "a1", "i8", "a3", "g9", "a5", "g10", "a7"]) await click(point);
  const foul = cell("g8");
  assert.match(await foul.getAttribute("class"), /\bforbidden\b/);
  assert.match(await foul.getAttribute("title"), /double three/);
  await click("g8");
  assert.match(await tab.error(), /g8 is forbidden/);
  await page.check("#heatmap");
  await idle();
  await page.screenshot({ path: path.join(shots, "play-page.png"), fullPage: true });

  // 7. A board side out of range: one clear message replaces the stale one, and the game stays.
  const before = await tab.position();
  await newGame({ width: 40 });
  assert.equal(await tab.error(), "Width must be a whole number from 5 to 32, not 40.");
  assert.deepEqual(await tab.position(), before, "the game is kept");
  assert.equal(await page.locator("#width").getAttribute("aria-invalid"), "true");
  await page.fill("#width", "15");
  await page.uncheck("#heatmap");

  // 8. The link carries the game: opened elsewhere, it shows the same position, and play goes
  // on there (correspondence play with a stateless server).
  const link = page.url();
  assert.match(link, /\?rule=renju&size=15&mode=humans&difficulty=\w+&moves=h8,a1,i8,a3,g9,a5,g10,a7$/);
  await page.click("#copy-link");
  // The note comes once the clipboard has answered, which is asynchronous: wait for it.
  await page.locator("#link-note", { hasText: /plays on from this position/ }).waitFor();
  const friend = await open(link);
  assert.deepEqual(await friend.position(), await tab.position());
  assert.equal(await friend.status(), "Black to move.");
  assert.equal(await friend.page.locator("#review").isVisible(), true, "a shared game can be reviewed");
  assert.equal(await friend.page.locator("#rule").inputValue(), "renju");
  assert.match(await friend.cell("g8").getAttribute("class"), /\bforbidden\b/, "the rule came along");
  await friend.click("j9");
  assert.equal(await friend.stones(), 9);
  assert.equal(await friend.status(), "White to move.");
  assert.match(friend.page.url(), /moves=h8,a1,i8,a3,g9,a5,g10,a7,j9$/, "the link follows the game");

  // 9. The replayed position is in the link too.
  await friend.page.click("#prev");
  await friend.page.click("#prev");
  assert.match(friend.page.url(), /&ply=7$/);
  const replayed = await open(friend.page.url());
  assert.equal(await replayed.page.locator("#replay-pos").textContent(), "7 / 9");
  assert.equal(await replayed.stones(), 7);
  assert.equal(await replayed.status(), "Replay: move 7 of 9.");
  await replayed.page.click("#last");
  await friend.page.click("#last");
  assert.deepEqual(await replayed.position(), await friend.position());
  assert.equal(replayed.page.url(), friend.page.url(), "back at the latest move, the link drops ply");
  await Promise.all([friend.page.close(), replayed.page.close()]);

  // 10. A broken link says what is wrong and starts a fresh game that works.
  for (const [query, problem] of [
    ["?size=15&moves=h8,zz99", /move 2 \(“zz99”\) is not a point of the 15x15 board/],
    ["?size=15&moves=h8,h8", /move 2 \(“h8”\) is on a stone already played/],
    ["?size=99", /size 99x99 is outside 5 to 32/],
    ["?rule=chess", /rule must be one of freestyle, standard, renju/],
    ["?moves=h8,i9&ply=5", /ply must be a move number from 0 to 2/],
  ]) {
    const broken = await open(base + query);
    assert.match(await broken.error(), /^This link does not hold a game: /);
    assert.match(await broken.error(), problem);
    assert.equal(await broken.stones(), 0);
    assert.equal(await broken.status(), "Your move (Black).");
    if (query.includes("zz99")) {
      await broken.click("h8");
      assert.equal(await broken.stones(), 2, "the AI answered in the fresh game");
      assert.equal(await broken.page.locator("#error").isVisible(), false, "the message goes with the next move");
    }
    await broken.page.close();
  }

  // 11. API errors are shown, not swallowed.
  await page.route("**/v1/verdict", (route) => route.fulfill({
    status: 503,
    contentType: "application/problem+json",
    body: JSON.stringify({ type: "about:blank", title: "Service overloaded", status: 503, detail: "retry shortly" }),
  }));
  await click("j9");
  assert.match(await tab.error(), /503 Service overloaded: retry shortly/);
  await page.unroute("**/v1/verdict");

  // 12. Phone width: the page fits without sideways scrolling, with readable coordinates.
  await page.setViewportSize({ width: 390, height: 844 });
  await newGame({ mode: "ai", colour: "white", difficulty: "beginner", width: 19, height: 19 });
  assert.equal(await stones(), 1, "the AI opened as Black");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `page wider than the phone by ${overflow}px`);
  const coordinates = await page.locator("#board .label").first().evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  assert.ok(coordinates >= 10, `coordinates of ${coordinates}px on a phone`);
  await page.screenshot({ path: path.join(shots, "play-page-phone.png"), fullPage: true });
} finally {
  await browser.close();
}
assert.deepEqual(failures, [], "no page errors");
console.log("browser test passed");
