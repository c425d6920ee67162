// The browser's frame time (issue #34): each mode opened from a link in headless Chromium at
// 1280x720 (software WebGL, SwiftShader), the countdown skipped, then the intervals between
// animation frames timed for a few seconds. Nobody plays: the Runner runs until its first gap,
// the flyer hovers, the others stand; everything on screen is drawn and animated meanwhile.
// Usage (scripts/frames.sh web runs it): node frames.mjs BASE_URL
import { createRequire } from 'node:module';

const [base] = process.argv.slice(2);
const require = createRequire(process.env.SEEDFEAST_TOOLS + '/node_modules/');
const { chromium } = require('playwright-core');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--enable-unsafe-swiftshader', '--use-angle=swiftshader', '--disable-background-networking'],
});
const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });

async function screens(page) {
  return page.evaluate(() => document.getElementById('screens')?.textContent ?? '');
}

for (const mode of ['runner', 'maze', 'arena', 'tunnel', 'food-tunnel', 'dungeon', 'puzzle']) {
  const page = await context.newPage();
  await page.goto(`${base}?seed=pizza%20party&mode=${mode}`);
  for (let i = 0; i < 480 && !(await screens(page)).includes('Playing'); i++) await page.waitForTimeout(250);
  await page.locator('canvas').click();
  await page.keyboard.press('Enter'); // past the countdown
  await page.waitForTimeout(2000);
  const times = await page.evaluate(
    () =>
      new Promise((done) => {
        const times = [];
        let last = performance.now();
        const end = last + 4000;
        const tick = (now) => {
          times.push(now - last);
          last = now;
          if (now < end) requestAnimationFrame(tick);
          else done(times);
        };
        requestAnimationFrame(tick);
      }),
  );
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.round((times.length - 1) * q)].toFixed(1);
  console.log(`frames: ${mode}: ${times.length} frames in 4 s, median ${at(0.5)} ms, p95 ${at(0.95)} ms`);
  await page.close();
}
await browser.close();
