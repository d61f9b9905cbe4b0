// End-to-end test of the play page in real headless Chromium, driven by clicks.
// Usage: node play.mjs BASE_URL SCREENSHOT_DIR   (run by tests/browser.rs)
import { chromium } from "playwright-core";
import assert from "node:assert/strict";
import path from "node:path";

const [base, shots] = process.argv.slice(2);
assert.ok(base && shots, "usage: node play.mjs BASE_URL SCREENSHOT_DIR");

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
try {
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  page.on("pageerror", (e) => failures.push(`page error: ${e.message}`));
  // The browser logs every 4xx/5xx (favicon, the injected 503) itself; those are not page bugs.
  page.on("console", (m) => {
    if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) failures.push(`console: ${m.text()}`);
  });
  page.setDefaultTimeout(20_000);

  const idle = () => page.waitForFunction(() => document.getElementById("board").dataset.busy === "false");
  const status = () => page.locator("#status").textContent();
  const cell = (point) => page.locator(`#board .cell[data-point="${point}"]`);
  const newGame = async (settings) => {
    for (const [id, value] of Object.entries(settings)) {
      if (id === "width" || id === "height") await page.fill(`#${id}`, String(value));
      else await page.selectOption(`#${id}`, value);
    }
    await page.click("#new-game");
    await idle();
  };
  const click = async (point) => { await cell(point).click(); await idle(); };
  const stones = () => page.locator("#board .cell.black, #board .cell.white").count();

  await page.goto(base);
  assert.equal(await page.title(), "gomoku-ai — play");

  // 1. A game against beginner, won by clicking. The human's moves come from a small
  // threat-first player (win, block a win, make or block an open four, then the best shape).
  await newGame({ mode: "ai", colour: "black", rule: "freestyle", difficulty: "beginner", width: 15, height: 15 });
  let won = false;
  for (let turn = 0; turn < 60 && !won; turn++) {
    const point = await page.evaluate(choose);
    assert.ok(point, `no move at turn ${turn}: ${await status()}`);
    await click(point);
    won = (await status()).startsWith("Black won");
    if (!won) assert.match(await status(), /You are to move/, "the game ended without a Black win");
  }
  assert.ok(won, "no win within 60 moves");
  assert.match(await status(), /Black won with five in a row/);
  assert.equal(await page.locator("#board .cell.win").count() >= 5, true, "winning line highlighted");
  const played = await stones();

  // 2. Undo takes the winning move back.
  await page.click("#undo");
  await idle();
  assert.equal(await stones(), played - 1);
  assert.equal(await page.locator("#board .cell.win").count(), 0);
  assert.match(await status(), /You are to move/);

  // 3. Replay goes back and forth without changing the game.
  await page.click("#first");
  assert.equal(await stones(), 0);
  await page.click("#next");
  assert.equal(await stones(), 1);
  await page.click("#last");
  assert.equal(await stones(), played - 1);

  // 4. The heatmap colours empty cells, with the value on hover.
  await page.check("#heatmap");
  await idle();
  const heat = page.locator("#board .cell.heat");
  assert.ok((await heat.count()) > 0, "heatmap cells");
  const sample = heat.first();
  assert.match(await sample.evaluate((el) => el.style.backgroundColor), /^rgb\(/);
  assert.match(await sample.getAttribute("title"), /: \d\.\d\d$/);
  assert.ok(await page.locator("#board .cell.hint").count() === 1, "the suggested move is marked");
  assert.notEqual(await page.locator("#win-probability").textContent(), "–");
  await page.uncheck("#heatmap");
  assert.equal(await heat.count(), 0);

  // 5. Renju: two humans build a double three for Black; its point is marked forbidden.
  await newGame({ mode: "humans", rule: "renju", width: 15, height: 15 });
  for (const point of ["h8", "a1", "i8", "a3", "g9", "a5", "g10", "a7"]) await click(point);
  const foul = cell("g8");
  assert.match(await foul.getAttribute("class"), /\bforbidden\b/);
  assert.match(await foul.getAttribute("title"), /double three/);
  await click("g8");
  assert.match(await page.locator("#error").textContent(), /g8 is forbidden/);
  await page.check("#heatmap");
  await idle();
  await page.screenshot({ path: path.join(shots, "play-page.png"), fullPage: true });

  // 6. API errors are shown, not swallowed.
  await page.route("**/v1/verdict", (route) => route.fulfill({
    status: 503,
    contentType: "application/problem+json",
    body: JSON.stringify({ type: "about:blank", title: "Service overloaded", status: 503, detail: "retry shortly" }),
  }));
  await click("j9");
  assert.match(await page.locator("#error").textContent(), /503 Service overloaded: retry shortly/);
  await page.unroute("**/v1/verdict");

  // 7. Phone width: the page fits without sideways scrolling.
  await page.setViewportSize({ width: 375, height: 800 });
  await newGame({ mode: "ai", colour: "white", difficulty: "beginner", width: 19, height: 19 });
  assert.equal(await stones(), 1, "the AI opened as Black");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `page wider than the phone by ${overflow}px`);
  await page.screenshot({ path: path.join(shots, "play-page-phone.png"), fullPage: true });
} finally {
  await browser.close();
}
assert.deepEqual(failures, [], "no page errors");
console.log("browser test passed");
