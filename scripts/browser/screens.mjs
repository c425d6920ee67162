// The README's browser screenshots, taken in headless Chromium driven by playwright-core: the seed
// screen's preview as a seed is typed, a ghost race from a link, Share after a run, and How was this
// made? from a maze run's pause screen.
// Usage (scripts/screens-web.sh runs it): node screens.mjs BASE_URL OUT_DIR GHOST_CODE
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';

const [base, out, ghost] = process.argv.slice(2);
const require = createRequire(process.env.SEEDFEAST_TOOLS + '/node_modules/');
const { chromium } = require('playwright-core');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--enable-unsafe-swiftshader', '--use-angle=swiftshader', '--disable-background-networking'],
});
const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(base).origin });

// The screens the game has shown so far (the page publishes them as <pre id="screens">).
async function screens(page) {
  return page.evaluate(() => document.getElementById('screens')?.textContent ?? '');
}
async function waitFor(page, what, line, seconds = 120) {
  for (let i = 0; i < seconds * 4; i++) {
    if ((await screens(page)).split('\n').some((l) => l.startsWith(line))) return;
    await page.waitForTimeout(250);
  }
  throw new Error(`${what}: no "${line}" screen; screens: ${await screens(page)}`);
}
async function open(query) {
  const page = await context.newPage();
  page.on('console', (m) => { if (m.type() === 'error') console.error('console:', m.text()); });
  await page.goto(base + query);
  await page.locator('canvas').click();
  return page;
}
// One key a second: software WebGL draws a few frames a second, and two presses of one key
// within a frame count as one.
async function press(page, ...keys) {
  for (const key of keys) {
    await page.keyboard.press(key);
    await page.waitForTimeout(1000);
  }
}

// 1. The seed screen's preview: Play → Maze chase → type a seed.
{
  const page = await open('');
  await waitFor(page, 'title', 'Title');
  await page.waitForTimeout(1500);
  await press(page, 'Enter');
  await waitFor(page, 'modes', 'ModeSelect');
  await press(page, 'ArrowDown', 'Enter');
  await waitFor(page, 'seed screen', 'SeedSelect');
  await page.keyboard.type('pizza party', { delay: 120 });
  await page.waitForTimeout(3000);
  await page.screenshot({ path: `${out}/web-preview.png` });
  await page.close();
}

// 2. A ghost race from a link: the friend's pale flyer beside yours.
if (ghost) {
  const page = await open(`?seed=pizza+party&mode=tunnel&ghost=${ghost}`);
  await waitFor(page, 'ghost race', 'Playing tunnel');
  await page.waitForTimeout(4500);
  await page.screenshot({ path: `${out}/web-ghost-race.png` });
  await page.close();
}

// 3. Share after a Runner run nobody jumps in: the toast, and the text on the clipboard.
{
  const page = await open('?seed=pizza+party&mode=runner');
  await waitFor(page, 'runner run', 'Playing runner');
  await press(page, 'Enter');
  await waitFor(page, 'game over', 'GameOver runner', 60);
  await page.waitForTimeout(1000);
  await press(page, 'ArrowDown', 'ArrowDown', 'ArrowDown', 'Enter');
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${out}/web-share.png` });
  const text = await page.evaluate(() => navigator.clipboard.readText().catch((e) => `(clipboard: ${e})`));
  writeFileSync(`${out}/web-share.txt`, text + '\n');
  await page.close();
}

// 4. How was this made? (issue #33) from a maze run's pause screen: part-way, then the floor played.
{
  const page = await open('?seed=pizza+party&mode=maze');
  await waitFor(page, 'maze run', 'Playing maze');
  await press(page, 'Enter');
  await page.waitForTimeout(2000);
  await press(page, 'Escape', 'ArrowDown', 'ArrowDown', 'Enter');
  // It opens playing: a few seconds in, the carve is under way.
  await page.waitForTimeout(3000);
  await page.screenshot({ path: `${out}/web-how-made.png` });
  await press(page, 'ArrowDown');
  await page.waitForTimeout(2000);
  await page.screenshot({ path: `${out}/web-how-made-end.png` });
  await page.close();
}

await browser.close();
