// The layout test (issue #30): every screen, and each mode's HUD in play, laid out in headless
// Chromium at 640x360, 1280x720 and 3840x2160, must keep every text inside the window and no two
// texts overlapping. The page publishes each text's box in CSS px (src/web_probe.rs, #texts) and
// each menu button's (#buttons); the test walks the screens with clicks and keys as a player would.
// Usage (scripts/e2e-phone.sh runs it): node layout.mjs BASE_URL OUT_DIR
import { createRequire } from 'node:module';

const [base, out] = process.argv.slice(2);
const require = createRequire(process.env.SEEDFEAST_TOOLS + '/node_modules/');
const { chromium } = require('playwright-core');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--enable-unsafe-swiftshader', '--use-angle=swiftshader', '--disable-background-networking'],
});
const failures = [];
const fail = (message) => { console.error('layout: FAILED: ' + message); failures.push(message); };
const lines = (text) => text.split('\n').filter((l) => l.length > 0);
const published = (page, id) => page.evaluate((id) => document.getElementById(id)?.textContent ?? '', id);
async function waitFor(page, id, test, what, seconds = 60) {
  for (let i = 0; i < seconds * 4; i++) {
    const text = await published(page, id);
    if (test(text)) return text;
    await page.waitForTimeout(250);
  }
  throw new Error(`${what}: not seen in #${id}`);
}
const screenIs = (name) => (t) => lines(t).at(-1)?.startsWith(name);
async function click(page, label) {
  const text = await waitFor(page, 'buttons', (t) => lines(t).some((l) => l.startsWith(label + '|')), `button ${label}`, 30);
  const [, x, y, w, h] = lines(text).find((l) => l.startsWith(label + '|')).split('|').map(Number);
  await page.mouse.click(x + w / 2, y + h / 2);
}

// Texts outside the window, or overlapping another (by more than a pixel each way: glyph boxes
// of neighbouring lines may touch), on the screen shown now.
async function check(page, size, what) {
  // Settled: as many texts as a second before (software WebGL at 4K draws about a frame a second,
  // and the layout follows the window's scale a frame late; in play the score changes meanwhile).
  let texts = '';
  for (let i = 0; i < 15; i++) {
    await page.waitForTimeout(1000);
    const now = await published(page, 'texts');
    if (now !== '' && lines(now).length === lines(texts).length) { texts = now; break; }
    texts = now;
  }
  const boxes = lines(texts).map((l) => {
    const [x, y, w, h, ...rest] = l.split('|');
    return { x: +x, y: +y, w: +w, h: +h, text: rest.join('|') };
  });
  if (boxes.length === 0) { fail(`${size.width}x${size.height} ${what}: no text published`); return; }
  const name = (b) => `"${b.text.slice(0, 40)}" at ${b.x},${b.y} ${b.w}x${b.h}`;
  let problems = 0;
  for (const [i, b] of boxes.entries()) {
    if (b.x < -1 || b.y < -1 || b.x + b.w > size.width + 1 || b.y + b.h > size.height + 1) {
      fail(`${size.width}x${size.height} ${what}: ${name(b)} is outside the window`);
      problems++;
    }
    for (const o of boxes.slice(0, i)) {
      const dx = Math.min(b.x + b.w, o.x + o.w) - Math.max(b.x, o.x);
      const dy = Math.min(b.y + b.h, o.y + o.h) - Math.max(b.y, o.y);
      if (dx > 1 && dy > 1) {
        fail(`${size.width}x${size.height} ${what}: ${name(b)} overlaps ${name(o)}`);
        problems++;
      }
    }
  }
  const file = `${out}/layout-${size.width}x${size.height}-${what.replace(/[^a-z0-9]+/gi, '-')}.png`;
  if (size.width <= 1280) await page.screenshot({ path: file });
  console.log(`layout: ${size.width}x${size.height} ${what}: ${boxes.length} texts, ${problems ? problems + ' problems' : 'all inside, none overlapping'}`);
}

const modes = ['runner', 'maze', 'arena', 'tunnel', 'food-tunnel', 'dungeon', 'puzzle'];
for (const size of [{ width: 640, height: 360 }, { width: 1280, height: 720 }, { width: 3840, height: 2160 }]) {
  const context = await browser.newContext({ viewport: size, deviceScaleFactor: 1 });
  const page = await context.newPage();
  page.on('console', (m) => { if (m.type() === 'error') console.error('console:', m.text()); });
  try {
    await page.goto(base);
    await waitFor(page, 'screens', screenIs('Title'), 'the title');
    await check(page, size, 'title');
    await click(page, 'Settings');
    await waitFor(page, 'screens', screenIs('Settings'), 'settings');
    await check(page, size, 'settings');
    await page.keyboard.press('Escape');
    await waitFor(page, 'screens', screenIs('Title'), 'back to the title');
    await click(page, 'Play');
    await waitFor(page, 'screens', screenIs('ModeSelect'), 'the modes');
    await check(page, size, 'modes');
    await click(page, 'Runner');
    await waitFor(page, 'screens', screenIs('SeedSelect'), 'the seed screen');
    await check(page, size, 'seed screen');
  } catch (error) {
    fail(`${size.width}x${size.height} menus: ${error.message}`);
  }
  // At 4K software WebGL draws about a frame a second: there, the layout (the 1280x720 one times
  // three) is checked in the Runner and the Code puzzle, the busiest HUD, and a run is not played
  // to its end.
  const big = size.width > 1280;
  for (const mode of big ? ['runner', 'puzzle'] : modes) {
    try {
      await page.goto(`${base}?seed=pizza+party&mode=${mode}`);
      await waitFor(page, 'screens', screenIs(`Playing ${mode} `), `${mode}: the link's run`);
      await page.waitForTimeout(4000);
      await check(page, size, `${mode} in play`);
      if (mode === 'runner') {
        // Paused during the countdown, where its card once covered the pause menu: the link
        // again, and Esc at once.
        await page.goto(`${base}?seed=pizza+party&mode=runner`);
        await waitFor(page, 'screens', screenIs('Playing runner '), 'runner: the link\'s run again');
        await page.keyboard.press('Escape');
        await waitFor(page, 'screens', (t) => lines(t).at(-1) === 'Paused', 'the pause screen', 20);
        await check(page, size, 'pause');
        if (big) continue;
        await click(page, 'Resume');
        // Nobody jumps: the runner falls soon and the run ends.
        await waitFor(page, 'screens', screenIs('GameOver'), 'the game over screen', 90);
        await check(page, size, 'game over');
      }
    } catch (error) {
      fail(`${size.width}x${size.height} ${mode}: ${error.message}`);
    }
  }
  await context.close();
}
await browser.close();
if (failures.length) {
  console.error(`layout: ${failures.length} problems`);
  process.exit(1);
}
console.log('layout: every screen fits at 640x360, 1280x720 and 3840x2160, no text outside or overlapping');
