// The phone test (issue #30): headless Chromium emulating a phone (touch, mobile viewport, device
// pixel ratio 3) opens level links and plays each mode by touch events only: taps, swipes, a
// held stick and the on-screen buttons. Each run must start from the link, take the gestures as
// its input (the page's summary of the paused run counts them), pause from the on-screen button,
// put the level's link on the clipboard from the pause menu's Copy link, and resume. Hiding the
// page pauses a run. The Code puzzle's first three steps are written, run and walked out of by
// taps alone. A new release put on the server is offered by the page and taken by a tap.
// Screenshots of each mode in play go to OUT_DIR.
// Usage (scripts/e2e-phone.sh runs it): node phone.mjs BASE_URL OUT_DIR
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';

const [base, out] = process.argv.slice(2);
const require = createRequire(process.env.SEEDFEAST_TOOLS + '/node_modules/');
const { chromium } = require('playwright-core');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--enable-unsafe-swiftshader', '--use-angle=swiftshader', '--disable-background-networking'],
});
const failures = [];
const fail = (message) => { console.error('phone: FAILED: ' + message); failures.push(message); };
// A browser call with no timeout of its own (an evaluate, a context's close) that never settles
// fails the test, naming the part it was in, instead of holding CI until its limit: the whole
// test takes about 7 minutes on 2 cores.
let part = 'starting the browser';
const WATCHDOG_MINUTES = 25;
setTimeout(() => {
  console.error(`phone: FAILED: still running after ${WATCHDOG_MINUTES} minutes, in ${part}`);
  process.exit(1);
}, WATCHDOG_MINUTES * 60_000).unref();

// A page function's value, or undefined while the page is navigating: a reload the page makes
// itself (taking a new release) can destroy the context mid-read, and polling reads again.
async function evaluateAcrossReload(page, fn, arg) {
  try {
    return await page.evaluate(fn, arg);
  } catch (error) {
    if (/Execution context was destroyed|navigat|Target closed/i.test(error.message)) return undefined;
    throw error;
  }
}
async function published(page, id) {
  return (await evaluateAcrossReload(page, (id) => document.getElementById(id)?.textContent ?? '', id)) ?? '';
}
async function waitFor(page, id, test, what, seconds = 90) {
  for (let i = 0; i < seconds * 4; i++) {
    const text = await published(page, id);
    if (test(text)) return text;
    await page.waitForTimeout(250);
  }
  throw new Error(`${what}: not seen in #${id}: ${await published(page, id)}`);
}
const lines = (text) => text.split('\n');

// A menu button's centre, from the places the game publishes (`label|x|y|w|h`, CSS px).
// The rect is read until it holds still: on a touch screen a new screen's card grows towards
// finger size over its first frames (src/ui/fit.rs), and a finger taps a button where it is
// once it is there, not where it was a frame ago. A button off the screen (a tall menu scrolls
// on a touch screen, src/ui/scroll.rs) is brought into view by dragging the menu, as a finger
// would.
async function buttonAt(page, label) {
  const rect = async () => {
    const text = await waitFor(page, 'buttons', (t) => lines(t).some((l) => l.startsWith(label + '|')), `button ${label}`, 30);
    return lines(text).find((l) => l.startsWith(label + '|'));
  };
  // Still over two looks in a row: on a loaded machine two looks 400 ms apart can both fall
  // between frames of a card that is still growing (a dungeon's Copy link was once read at
  // 110x15 and the tap missed it).
  const settled = async () => {
    let line = await rect();
    let still = 0;
    for (let i = 0; i < 30 && still < 2; i++) {
      await page.waitForTimeout(400);
      const again = await rect();
      still = again === line ? still + 1 : 0;
      line = again;
    }
    return line.split('|').slice(1).map(Number);
  };
  const { width, height } = page.viewportSize();
  let [x, y, w, h] = await settled();
  for (let drags = 0; drags < 8 && (y < 0 || y + h > height); drags++) {
    // Up to half a screen at a time, the way that brings the button in.
    const way = y + h > height ? -1 : 1;
    const by = Math.min(height * 0.5, way < 0 ? y + h - height + 40 : 40 - y);
    await drag(page, [width / 2, height / 2 - (way * by) / 2], [width / 2, height / 2 + (way * by) / 2]);
    [x, y, w, h] = await settled();
  }
  if (y < 0 || y + h > height) throw new Error(`button ${label}: still off the screen at ${x},${y} after dragging the menu`);
  // On a phone held sideways, the way the game is played, every button is finger-sized (46 CSS
  // px at the touch scale, src/ui/fit.rs); upright, where the game asks to be turned, the wide
  // menus are width-bound and smaller: reported, not failed.
  if (w < 44 || h < 44) {
    const message = `the ${label} button is ${w}x${h} CSS px, under 44`;
    if (width > height) fail(message); else console.log(`phone: note: ${message} (upright)`);
  }
  return { x: x + w / 2, y: y + h / 2 };
}

// A finger dragged from one point to another through the DevTools protocol, then lifted.
async function drag(page, from, to) {
  const cdp = await page.context().newCDPSession(page);
  await touch(cdp, 'touchStart', [from]);
  for (let i = 1; i <= 6; i++) {
    await touch(cdp, 'touchMove', [[from[0] + ((to[0] - from[0]) * i) / 6, from[1] + ((to[1] - from[1]) * i) / 6]]);
  }
  await touch(cdp, 'touchEnd', []);
  await cdp.detach();
  await page.waitForTimeout(500);
}

// Raw touch events through the DevTools protocol, as a phone's screen sends them.
async function touch(cdp, type, points) {
  await cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map(([x, y], id) => ({ x, y, id })) });
}
async function swipe(page, cdp, from, to) {
  await touch(cdp, 'touchStart', [from]);
  for (let i = 1; i <= 4; i++) {
    await touch(cdp, 'touchMove', [[from[0] + ((to[0] - from[0]) * i) / 4, from[1] + ((to[1] - from[1]) * i) / 4]]);
  }
  await touch(cdp, 'touchEnd', []);
  await page.waitForTimeout(700);
}

// What each mode is played with, and what the paused run's summary must then show.
const plays = {
  runner: { expect: /jumps [1-9]/, async play(page, cdp, w, h) {
    // Few: a runner that jumps at random soon falls, and the run must still be on to pause.
    for (let i = 0; i < 3; i++) { await page.touchscreen.tap(w * 0.3, h * 0.6); await page.waitForTimeout(300); }
  } },
  // One flap, then the pause at once (no picture first): the flyer falls after a flap and must
  // still be flying when the test pauses; it waits for its first flap, so it can't fall before.
  tunnel: { expect: /jumps [1-9]/, quick: true, async play(page, cdp, w, h) {
    await page.touchscreen.tap(w * 0.3, h * 0.6);
  } },
  // The Food Tunnel is played as the Flying tunnel is.
  'food-tunnel': { expect: /jumps [1-9]/, quick: true, async play(page, cdp, w, h) {
    await page.touchscreen.tap(w * 0.3, h * 0.6);
  } },
  // Four swipes, then three taps on the D-pad's arms (src/touch/layout.rs: 60 px arms around a hub
  // 16 + 90 px from the bottom left corner): more than four turns means the D-pad turned too.
  maze: { expect: /turns ([5-9]|[1-9][0-9])/, async play(page, cdp, w, h) {
    const c = [w / 2, h * 0.6];
    for (const [dx, dy] of [[0, -80], [-80, 0], [0, 80], [80, 0]]) await swipe(page, cdp, c, [c[0] + dx, c[1] + dy]);
    const hub = [16 + 90, h - 16 - 90];
    for (const [dx, dy] of [[0, -60], [-60, 0], [0, 60]]) {
      await page.touchscreen.tap(hub[0] + dx, hub[1] + dy);
      await page.waitForTimeout(700);
    }
  } },
  arena: { expect: /moving [1-9]/, async play(page, cdp, w, h) {
    const c = [w * 0.3, h * 0.7];
    await touch(cdp, 'touchStart', [c]);
    await touch(cdp, 'touchMove', [[c[0] + 50, c[1]]]);
    await page.waitForTimeout(1500);
    await touch(cdp, 'touchMove', [[c[0] + 50, c[1] - 50]]);
    await page.waitForTimeout(1500);
    await touch(cdp, 'touchEnd', []);
  } },
  dungeon: { expect: /moving [1-9].*uses [1-9]/, async play(page, cdp, w, h) {
    const c = [w * 0.3, h * 0.7];
    await touch(cdp, 'touchStart', [c]);
    await touch(cdp, 'touchMove', [[c[0] + 50, c[1]]]);
    await page.waitForTimeout(1500);
    await touch(cdp, 'touchEnd', []);
    // The USE button, in the bottom right corner (src/touch/layout.rs: 84 px, 16 px from the edges).
    await page.touchscreen.tap(w - 16 - 42, h - 16 - 42);
    await page.waitForTimeout(700);
  } },
};

async function playMode(context, orientation, mode, { width, height }) {
  const page = await context.newPage();
  page.on('console', (m) => { if (m.type() === 'error') console.error('console:', m.text()); });
  const cdp = await context.newCDPSession(page);
  const started = Date.now();
  await page.goto(`${base}?seed=pizza+party&mode=${mode}`);
  await waitFor(page, 'screens', (t) => lines(t).some((l) => l.startsWith(`Playing ${mode} `)), `${mode}: the link's run`);
  console.log(`phone: ${orientation} ${mode}: the link started its run in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await page.waitForTimeout(1500);
  // The first tap ends the countdown (and shows the touch controls).
  await page.touchscreen.tap(width * 0.3, height * 0.6);
  await page.waitForTimeout(1000);
  await plays[mode].play(page, cdp, width, height);
  if (!plays[mode].quick) await page.screenshot({ path: `${out}/phone-${orientation}-${mode}.png` });
  // The on-screen pause button, at the top centre (src/touch/layout.rs: 56 px, 16 px down).
  await page.touchscreen.tap(width / 2, 16 + 28);
  await waitFor(page, 'screens', (t) => lines(t).at(-1) === 'Paused', `${mode}: paused by the on-screen button`, 30);
  const summary = await waitFor(page, 'last-run', (t) => t.startsWith('steps'), `${mode}: the paused run's summary`, 10);
  console.log(`phone: ${orientation} ${mode}: paused by touch; the run so far: ${summary}`);
  if (!plays[mode].expect.test(summary)) fail(`${orientation} ${mode}: the touches did not reach the run: ${summary}`);
  const copy = await buttonAt(page, 'Copy link');
  await page.touchscreen.tap(copy.x, copy.y);
  await page.waitForTimeout(1500);
  const link = await page.evaluate(() => navigator.clipboard.readText());
  if (!link.includes(`mode=${mode}`) || !link.includes('seed=')) fail(`${orientation} ${mode}: Copy link put "${link}" on the clipboard`);
  if (mode === 'maze') await howMadeByTouch(page, orientation);
  const resume = await buttonAt(page, 'Resume');
  await page.touchscreen.tap(resume.x, resume.y);
  await waitFor(page, 'screens', (t) => lines(t).at(-1) === 'Running', `${mode}: resumed by a tap`, 30);
  return page;
}

// How was this made? (issue #33) by taps, from the Maze's pause screen (the Maze is played upright
// here): it opens playing, End shows the finished level (its step line reads "Step N of N"),
// Close leaves the run paused.
async function howMadeByTouch(page, orientation) {
  const open = await buttonAt(page, 'How was this made?');
  await page.touchscreen.tap(open.x, open.y);
  const end = await buttonAt(page, 'End');
  await page.screenshot({ path: `${out}/phone-${orientation}-how-made.png` });
  await page.touchscreen.tap(end.x, end.y);
  const last = /^Step (\d+) of \1 ·/;
  await waitFor(page, 'texts', (t) => lines(t).some((l) => last.test(l.split('|').slice(4).join('|'))), `${orientation}: End by a tap`, 30);
  const close = await buttonAt(page, 'Close');
  await page.touchscreen.tap(close.x, close.y);
  await waitFor(page, 'buttons', (t) => !lines(t).some((l) => l.startsWith('Close|')), `${orientation}: Close by a tap`, 30);
  if (lines(await waitFor(page, 'screens', () => true, 'screens', 5)).at(-1) !== 'Paused') fail(`${orientation}: closing it resumed the run`);
  console.log(`phone: ${orientation} maze: How was this made? opened, ended and closed by taps`);
}

// Upright, on the game-over screen, the line asking to turn the phone keeps clear of every button
// (issue #45: it once covered the card's first one): a Runner nobody jumps in soon ends, and the
// line's box, published with the texts (src/web_probe.rs), meets no published button's box.
async function turnLineClearOfButtons(context) {
  part = 'the turn line on the game-over card';
  const page = await context.newPage();
  try {
    const { width, height } = page.viewportSize();
    await page.goto(`${base}?seed=pizza+party&mode=runner`);
    await waitFor(page, 'screens', (t) => lines(t).some((l) => l.startsWith('Playing runner ')), 'runner: the link\'s run');
    await page.waitForTimeout(1500);
    // The tap that ends the countdown; then nobody jumps.
    await page.touchscreen.tap(width * 0.3, height * 0.6);
    await waitFor(page, 'screens', (t) => lines(t).at(-1)?.startsWith('GameOver'), 'runner: the game-over card', 90);
    await buttonAt(page, 'Retry this seed');
    // Read together, and again until they hold still (the card grows to finger size at first).
    const boxes = async () => [await published(page, 'texts'), await published(page, 'buttons')];
    let [texts, buttons] = await boxes();
    for (let i = 0; i < 10; i++) {
      await page.waitForTimeout(400);
      const [t, b] = await boxes();
      if (t === texts && b === buttons) break;
      [texts, buttons] = [t, b];
    }
    await page.screenshot({ path: `${out}/phone-portrait-game-over.png` });
    const turn = lines(texts).map((l) => l.split('|')).find((f) => f.slice(4).join('|').startsWith('Turn your phone'));
    if (!turn) throw new Error('upright, the game-over screen shows no line asking to turn the phone');
    const [tx, ty, tw, th] = turn.slice(0, 4).map(Number);
    if (tx < -1 || ty < -1 || tx + tw > width + 1 || ty + th > height + 1) fail(`upright: the line to turn the phone, at ${tx},${ty} ${tw}x${th}, leaves the window`);
    let buttonsSeen = 0;
    for (const line of lines(buttons).filter((l) => l.length > 0)) {
      const fields = line.split('|');
      const [x, y, w, h] = fields.slice(-4).map(Number);
      const label = fields.slice(0, -4).join('|');
      buttonsSeen++;
      const dx = Math.min(tx + tw, x + w) - Math.max(tx, x);
      const dy = Math.min(ty + th, y + h) - Math.max(ty, y);
      if (dx > 1 && dy > 1) fail(`upright game over: the line to turn the phone (${tx},${ty} ${tw}x${th}) covers the ${label} button (${x},${y} ${w}x${h})`);
    }
    if (buttonsSeen === 0) throw new Error('upright game over: no button published');
    console.log(`phone: upright game over: the line to turn the phone at ${tx},${ty} ${tw}x${th} clears all ${buttonsSeen} buttons`);
  } finally {
    await page.close();
  }
}

// Installable and offline, and how long a link takes to play on a phone's network: Chromium's
// "Fast 4G" (9 Mbit/s down, 1.5 up, 165 ms), a first visit and a repeat one (from the service
// worker's cache), then a reload and another level link with the network cut.
{
  part = 'installable and offline';
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false, latency: 165, downloadThroughput: (9e6 / 8) * 0.9, uploadThroughput: (1.5e6 / 8) * 0.9,
  });
  const timeToPlay = async (link, mode, what) => {
    const started = Date.now();
    await page.goto(link);
    await waitFor(page, 'screens', (t) => lines(t).some((l) => l.startsWith(`Playing ${mode} `)), what, 180);
    return ((Date.now() - started) / 1000).toFixed(1);
  };
  try {
    const link = `${base}?seed=pizza+party&mode=runner`;
    const first = await timeToPlay(link, 'runner', 'first visit on Fast 4G');
    const manifest = await page.evaluate(() => document.querySelector('link[rel=manifest]')?.href ?? '');
    if (!manifest) fail('the page names no web app manifest');
    await page.evaluate(() => navigator.serviceWorker.ready);
    // The worker fills its cache while installing; it is ready once that is whole.
    await page.waitForFunction(async () => (await caches.keys()).some((k) => k.startsWith('seedfeast-')), null, { timeout: 120000 });
    const repeat = await timeToPlay(link, 'runner', 'repeat visit on Fast 4G');
    console.log(`phone: link to first playable frame on emulated Fast 4G (uncompressed server): first visit ${first} s, repeat visit ${repeat} s`);
    await context.setOffline(true);
    await page.reload();
    await waitFor(page, 'screens', (t) => lines(t).some((l) => l.startsWith('Playing runner ')), 'a reload offline', 120);
    await timeToPlay(`${base}?seed=offline+picnic&mode=maze`, 'maze', 'another level link offline');
    console.log('phone: offline, a reload and another level link both started their runs');
    // A new release on the server (the served worker's build hash changed, as scripts/web.sh
    // stamps it): the page offers it once it has installed whole, and a tap reloads into it.
    await context.setOffline(false);
    const worker = `${process.env.SEEDFEAST_WEB_DIR || 'dist/web'}/sw.js`;
    const served = readFileSync(worker, 'utf8');
    const build = served.match(/const BUILD = "([^"]+)"/)?.[1];
    try {
      writeFileSync(worker, served.replace(`const BUILD = "${build}"`, `const BUILD = "${build}-next"`));
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
      // Never offered over a run being played: it waits for the pause screen (the on-screen
      // pause button, at the top centre).
      await page.waitForFunction(() => navigator.serviceWorker.getRegistration().then((r) => r?.waiting != null), null, { timeout: 120000 });
      await page.waitForTimeout(1500);
      if (await page.isVisible('#update')) fail('a new release was offered over a run being played');
      await page.touchscreen.tap(390 / 2, 16 + 28);
      await waitFor(page, 'screens', (t) => lines(t).at(-1) === 'Paused', 'paused for the offer', 30);
      await page.waitForSelector('#update:not([hidden])', { timeout: 30000 });
      const offer = await page.textContent('#update');
      await page.tap('#update');
      // The page reloads itself into the new release meanwhile: each read may meet a navigation.
      const onlyNext = (next) => caches.keys().then((keys) => keys.includes(`seedfeast-${next}`) && keys.length === 1);
      let swapped = false;
      for (let i = 0; i < 240 && !swapped; i++) {
        swapped = (await evaluateAcrossReload(page, onlyNext, `${build}-next`)) === true;
        if (!swapped) await page.waitForTimeout(250);
      }
      if (!swapped) throw new Error('the old release\'s cache was not replaced by the new one within 60 s');
      await waitFor(page, 'screens', (t) => lines(t).some((l) => l.startsWith('Playing maze ')), 'the level after taking the new release', 120);
      console.log(`phone: a new release was offered ("${offer}"); a tap took it and reloaded into it, the old cache gone`);
    } finally {
      writeFileSync(worker, served);
    }
  } catch (error) {
    fail(`installable and offline: ${error.message}`);
  }
  await context.close();
}

// Text on a phone (issues #30, #31): Settings' Name row, tapped, opens a real text input with the
// focus (what brings up a phone's keyboard); what is typed there and Enter become the setting.
{
  part = 'text on a phone';
  const context = await browser.newContext({ viewport: { width: 844, height: 390 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  try {
    await page.goto(base);
    // A tap on a button, again if the screen it opens hasn't come (the first frames lay the menu
    // out at the page's size, so an early tap can land where the button no longer is).
    const tapThrough = async (label, next) => {
      for (let attempt = 0; attempt < 3; attempt++) {
        const at = await buttonAt(page, label);
        await page.touchscreen.tap(at.x, at.y);
        try {
          return await waitFor(page, 'buttons', (t) => lines(t).some((l) => l.startsWith(next + '|')), next, 5);
        } catch (error) {
          if (attempt === 2) throw error;
        }
      }
    };
    await page.waitForTimeout(1000);
    await tapThrough('Settings', 'Name: not set');
    const name = await buttonAt(page, 'Name: not set');
    await page.touchscreen.tap(name.x, name.y);
    await page.waitForFunction(() => document.activeElement?.id === 'seedfeast-text', null, { timeout: 10000 });
    await page.keyboard.type('Phone May');
    await page.keyboard.press('Enter');
    await buttonAt(page, 'Name: Phone May');
    await page.screenshot({ path: `${out}/phone-landscape-name.png` });
    console.log('phone: the Name row opened a real text input; typing there set the name');
    // Fullscreen, where the browser allows it: Settings' row, tapped, takes the page fullscreen
    // (winit asks the browser within the tap's user activation). The seed below is then typed in
    // fullscreen, where the page must still let its input take the focus (web/index.html).
    const full = await buttonAt(page, 'Fullscreen: off');
    await page.touchscreen.tap(full.x, full.y);
    await page.waitForFunction(() => document.fullscreenElement !== null, null, { timeout: 10000 });
    await buttonAt(page, 'Fullscreen: on');
    console.log('phone: Settings\' Fullscreen row, tapped, took the page fullscreen');
    // A seed typed the same way: Back, Play, the Runner, then *Type a seed*.
    await tapThrough('Back', 'Play');
    await tapThrough('Play', 'Runner');
    await tapThrough('Runner', 'Type a seed');
    const type = await buttonAt(page, 'Type a seed');
    await page.touchscreen.tap(type.x, type.y);
    await page.waitForFunction(() => document.activeElement?.id === 'seedfeast-text', null, { timeout: 10000 });
    await page.keyboard.type('phone picnic');
    await page.keyboard.press('Enter');
    await waitFor(page, 'screens', (t) => lines(t).some((l) => l.startsWith('Playing runner ')), 'a seed typed on a phone', 30);
    console.log('phone: Type a seed opened the input; the typed words started a run');
  } catch (error) {
    fail(`text on a phone: ${error.message}`);
  }
  await context.close();
}

// The Code puzzle by taps alone (issue #30), on a phone on its side: the stick walks to the coding
// tile (one flick a tile), the chip pad writes each step's program (the object's chip, then its
// call's) and RUN runs it, and the stick walks out of the opened exit; three curriculum steps. The
// page publishes the way to go and the chips' places (src/modes/puzzle/probe.rs).
{
  part = 'the Code puzzle by taps';
  const context = await browser.newContext({ viewport: { width: 844, height: 390 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(base).origin });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const probe = async () => Object.fromEntries(lines(await published(page, 'puzzle')).filter((l) => !l.startsWith('chip ')).map((l) => {
    const at = l.indexOf(' ');
    return [l.slice(0, at), l.slice(at + 1)];
  }));
  // Read until it holds still, as buttonAt does: the pad lays itself out again after each chip.
  const chipAt = async (label) => {
    const rect = async () => {
      const text = await waitFor(page, 'puzzle', (t) => lines(t).some((l) => l.startsWith(`chip ${label}|`)), `the chip ${label}`, 10);
      return lines(text).find((l) => l.startsWith(`chip ${label}|`));
    };
    let line = await rect();
    for (let i = 0; i < 10; i++) {
      await page.waitForTimeout(300);
      const again = await rect();
      if (again === line) break;
      line = again;
    }
    const [, x, y, w, h] = line.split('|').map(Number);
    if (w < 44 || h < 44) fail(`puzzle: the chip ${label} is ${w}x${h} CSS px, under 44`);
    return [x + w / 2, y + h / 2];
  };
  const flick = async (way) => {
    const c = [844 * 0.3, 390 * 0.55];
    const d = { up: [0, -30], down: [0, 30], left: [-30, 0], right: [30, 0] }[way];
    await touch(cdp, 'touchStart', [c]);
    await touch(cdp, 'touchMove', [[c[0] + d[0], c[1] + d[1]]]);
    await touch(cdp, 'touchEnd', []);
  };
  // Walks by flicks until `done` holds of the probe.
  const walk = async (done, what) => {
    for (let i = 0; i < 80; i++) {
      const state = await probe();
      if (done(state)) return state;
      if (state.way !== 'none' && state.panel === 'closed') await flick(state.way);
      await page.waitForTimeout(450);
    }
    throw new Error(`${what}: never got there (${JSON.stringify(await probe())})`);
  };
  try {
    await page.goto(`${base}?seed=pizza+party&mode=puzzle`);
    await waitFor(page, 'screens', (t) => lines(t).some((l) => l.startsWith('Playing puzzle ')), 'puzzle: the link\'s run');
    await page.waitForTimeout(1500);
    await page.touchscreen.tap(844 * 0.3, 390 * 0.55);
    await waitFor(page, 'puzzle', (t) => t.startsWith('step 0'), 'puzzle: the first step', 30);
    for (let step = 0; step < 3; step++) {
      const state = await walk((s) => s.panel === 'open', `puzzle step ${step}: the coding tile`);
      const [, object, call] = state.solution.match(/^(\w+)(\.[^;]+);$/) ?? [];
      if (!object) throw new Error(`step ${step}: a solution of one call was expected: ${state.solution}`);
      for (const label of [object, call]) {
        const [x, y] = await chipAt(label);
        await page.touchscreen.tap(x, y);
        await page.waitForTimeout(400);
      }
      if (step === 0) await page.screenshot({ path: `${out}/phone-landscape-puzzle.png` });
      const [x, y] = await chipAt('RUN');
      await page.touchscreen.tap(x, y);
      await waitFor(page, 'puzzle', (t) => t.includes('\npanel closed'), `puzzle step ${step}: the program ran and the panel closed`, 30);
      await walk((s) => Number(s.step) === step + 1, `puzzle step ${step}: out of the exit`);
      console.log(`phone: puzzle step ${step} solved by taps: ${state.solution}`);
    }
    // Its pause, as every mode's: the on-screen button, then Copy link and Resume by taps.
    await page.touchscreen.tap(844 / 2, 16 + 28);
    await waitFor(page, 'screens', (t) => lines(t).at(-1) === 'Paused', 'puzzle: paused by the on-screen button', 30);
    const copy = await buttonAt(page, 'Copy link');
    await page.touchscreen.tap(copy.x, copy.y);
    await page.waitForTimeout(1500);
    const link = await page.evaluate(() => navigator.clipboard.readText());
    if (!link.includes('mode=puzzle') || !link.includes('seed=')) fail(`puzzle: Copy link put "${link}" on the clipboard`);
    const resume = await buttonAt(page, 'Resume');
    await page.touchscreen.tap(resume.x, resume.y);
    await waitFor(page, 'screens', (t) => lines(t).at(-1) === 'Running', 'puzzle: resumed by a tap', 30);
    console.log('phone: the puzzle paused by its on-screen button; Copy link and Resume by taps');
    // A step with two worlds (issue #32): the WORLD chip shows the other one, and again back.
    await page.goto(`${base}?seed=pizza+party&mode=puzzle&level=14`);
    await waitFor(page, 'screens', (t) => lines(t).some((l) => l.startsWith('Playing puzzle ')), 'puzzle: the step 15 link');
    await page.waitForTimeout(1500);
    await page.touchscreen.tap(844 * 0.3, 390 * 0.55);
    await waitFor(page, 'puzzle', (t) => t.startsWith('step 14') && t.includes('\nworld 1/2'), 'puzzle: step 15 with two worlds', 30);
    await walk((s) => s.panel === 'open', 'puzzle step 14: the coding tile');
    for (const [label, next] of [['WORLD 1/2', 'world 2/2'], ['WORLD 2/2', 'world 1/2']]) {
      const [x, y] = await chipAt(label);
      await page.touchscreen.tap(x, y);
      await waitFor(page, 'puzzle', (t) => t.includes(`\n${next}`), `puzzle: a tap on ${label} shows ${next}`, 10);
      if (next === 'world 2/2') await page.screenshot({ path: `${out}/phone-landscape-worlds.png` });
    }
    console.log('phone: the WORLD chip shows a condition step\'s other world and back');
  } catch (error) {
    fail(`the Code puzzle by taps: ${error.message}`);
  }
  await context.close();
}

for (const [orientation, viewport, modes] of [
  ['portrait', { width: 390, height: 844 }, ['runner', 'maze', 'arena', 'tunnel', 'food-tunnel', 'dungeon']],
  ['landscape', { width: 844, height: 390 }, ['runner', 'arena']],
]) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(base).origin });
  if (orientation === 'portrait') {
    try {
      await turnLineClearOfButtons(context);
    } catch (error) {
      fail(`portrait game over: ${error.message}`);
    }
  }
  for (const mode of modes) {
    part = `${orientation} ${mode}`;
    try {
      const page = await playMode(context, orientation, mode, viewport);
      if (orientation === 'portrait' && mode === 'runner') {
        // Hiding the page (another tab, the phone locked) pauses the run.
        await page.evaluate(() => {
          Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
          Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
          document.dispatchEvent(new Event('visibilitychange'));
        });
        await waitFor(page, 'screens', (t) => lines(t).at(-1) === 'Paused', 'runner: paused when the page was hidden', 30);
        console.log('phone: hiding the page paused the run');
      }
      await page.close();
    } catch (error) {
      fail(`${orientation} ${mode}: ${error.message}`);
    }
  }
  await context.close();
}
await browser.close();
if (failures.length) {
  console.error(`phone: ${failures.length} failed`);
  process.exit(1);
}
console.log('phone: every mode played by touch');
