// Touch = keys, to the bit, in the page (issue #30): the reference bot's first 20 s of the Runner,
// the Maze and the Arena, recorded natively (`seedfeast replay record --bot`), are played again in
// headless Chromium as touch events only (CDP), each step's input made as a finger makes it: a
// tap to jump, a flick to turn, a held stick moved to the bot's direction. The page runs in
// lockstep (`?lockstep`, src/web_lockstep.rs): its clock takes one fixed step when the test allows
// it, so each touch lands on its step. The run's replay code in the page (inputs, score and final
// state hash) must equal the native one.
// Usage (scripts/e2e-phone.sh runs it): node touch-keys.mjs BASE_URL MODE=CODE ...
import { createRequire } from 'node:module';

const [base, ...pairs] = process.argv.slice(2);
const require = createRequire(process.env.SEEDFEAST_TOOLS + '/node_modules/');
const { chromium } = require('playwright-core');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--enable-unsafe-swiftshader', '--use-angle=swiftshader', '--disable-background-networking'],
});
const failures = [];
const fail = (message) => { console.error('touch-keys: FAILED: ' + message); failures.push(message); };

// A small landscape window: the rules don't depend on its size, and software rendering is quicker.
const viewport = { width: 640, height: 360 };
// Where the fingers touch the playfield: clear of the pause button (top centre) and the Maze's
// D-pad (bottom left).
const field = [viewport.width * 0.6, viewport.height * 0.45];
const stickId = 7;

async function touch(cdp, type, points) {
  await cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map(([x, y, id]) => ({ x, y, id })) });
}

// A packed step input (src/replay/step.rs): jump, act, alt, the steer (0 none, then up, down,
// left, right) and the held axis in base 3.
function unpack(word) {
  const axis = (word >> 6) & 0b1111;
  return { jump: (word & 1) === 1, steer: (word >> 3) & 0b111, x: Math.floor(axis / 3) - 1, y: (axis % 3) - 1 };
}
const screenWay = { 1: [0, -1], 2: [0, 1], 3: [-1, 0], 4: [1, 0] };

async function published(page, id) {
  return page.evaluate((id) => document.getElementById(id)?.textContent ?? '', id);
}

async function playByTouch(mode, nativeCode) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  page.on('console', (m) => { if (m.type() === 'error') console.error('console:', m.text()); });
  const cdp = await context.newCDPSession(page);
  await page.goto(`${base}?seed=pizza+party&mode=${mode}&lockstep`);
  await page.waitForFunction((mode) => (document.getElementById('screens')?.textContent ?? '').split('\n').some((l) => l.startsWith(`Playing ${mode} `)), mode, { timeout: 120000 });
  // The page decodes the native code: the test needs no decoder of its own.
  await page.evaluate((code) => { window.seedfeastScript = code; }, nativeCode);
  await page.waitForFunction(() => document.getElementById('script')?.textContent, null, { timeout: 30000 });
  const script = await published(page, 'script');
  if (script.startsWith('error')) throw new Error(`the page could not read the native code: ${script}`);
  const words = script.split(',').map(Number);
  // A tap ends the countdown (once the level has settled) and does not jump.
  await touch(cdp, 'touchStart', [[...field, 1]]);
  await touch(cdp, 'touchEnd', []);
  await page.waitForFunction(() => document.getElementById('lockstep')?.textContent === 'steps 0', null, { timeout: 60000 });
  // Whether a step needs a finger: a jump, a turn, or (the Arena) the held direction changing.
  const acts = (step) => {
    const input = unpack(words[step]);
    if (mode === 'runner') return input.jump;
    if (mode === 'maze') return input.steer !== 0;
    if (step === 0) return true;
    const before = unpack(words[step - 1]);
    return input.x !== before.x || input.y !== before.y;
  };
  const started = Date.now();
  let step = 0;
  while (step < words.length) {
    const input = unpack(words[step]);
    const id = 100 + step;
    if (mode === 'runner' && input.jump) {
      await touch(cdp, 'touchStart', [[...field, id]]);
      await touch(cdp, 'touchEnd', []);
    } else if (mode === 'maze' && input.steer) {
      // A flick: down, 40 px the way to turn, up.
      const [dx, dy] = screenWay[input.steer];
      await touch(cdp, 'touchStart', [[...field, id]]);
      await touch(cdp, 'touchMove', [[field[0] + dx * 40, field[1] + dy * 40, id]]);
      await touch(cdp, 'touchEnd', []);
    } else if (mode === 'arena' && acts(step)) {
      // The thumb held 30 px off the stick's centre the way the bot holds (inside its radius, so
      // the base stays put), or back on the centre for none.
      if (step === 0) await touch(cdp, 'touchStart', [[...field, stickId]]);
      await touch(cdp, 'touchMove', [[field[0] + input.x * 30, field[1] - input.y * 30, stickId]]);
    }
    // On to the next step that needs a finger: the steps between take none (a held stick stays).
    let next = step + 1;
    while (next < words.length && !acts(next)) next++;
    // Allowed and waited for in one round trip: each call into a page that is drawing a frame
    // waits for the frame, and software rendering draws the Maze at a few frames a second.
    const reached = await page.evaluate((n) => new Promise((resolve) => {
      window.seedfeastSteps = n;
      const started = performance.now();
      const look = () => {
        if (document.getElementById('lockstep')?.textContent === `steps ${n}`) resolve(true);
        else if (performance.now() - started > 60000) resolve(false);
        else requestAnimationFrame(look);
      };
      look();
    }), next);
    if (!reached) throw new Error(`step ${next} was not reached within a minute`);
    step = next;
  }
  await page.evaluate(() => { window.seedfeastWantCode = true; });
  await page.waitForFunction(() => (document.getElementById('lockstep')?.textContent ?? '').includes('\ncode '), null, { timeout: 30000 });
  const code = (await published(page, 'lockstep')).split('\ncode ')[1].trim();
  console.log(`touch-keys: ${mode}: ${words.length} steps played by touch in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (code === nativeCode) {
    console.log(`touch-keys: ${mode}: the page's replay code is the native one (${code.length} characters: inputs, score, final state hash)`);
  } else {
    fail(`${mode}: the touch run's code differs from the native bot's\n  native: ${nativeCode}\n  page:   ${code}`);
  }
  await context.close();
}

for (const pair of pairs) {
  const [mode, code] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
  try {
    await playByTouch(mode, code);
  } catch (error) {
    fail(`${mode}: ${error.message}`);
  }
}
await browser.close();
if (failures.length) {
  console.error(`touch-keys: ${failures.length} failed`);
  process.exit(1);
}
console.log('touch-keys: touch = keys, to the bit, in the page');
