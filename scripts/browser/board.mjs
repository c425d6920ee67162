// The browser's *Submit to board* (issue #31): headless Chromium opens the web game from a link
// that names a local board (`&board=`), flaps once so a Flying tunnel run soon ends, chooses *Submit
// to board* with the mouse, types a name into the prompt the game asks with, and must see the
// rank the board gave after re-playing the run. The board's API must then list that name, with
// the score the server's re-play produced. A screenshot of the answer goes to OUT_DIR.
// Usage (scripts/e2e-board.sh runs it): node board.mjs GAME_URL BOARD_URL SEED OUT_DIR
import { createRequire } from 'node:module';

const [game, board, seed, out] = process.argv.slice(2);
const require = createRequire(process.env.SEEDFEAST_TOOLS + '/node_modules/');
const { chromium } = require('playwright-core');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--enable-unsafe-swiftshader', '--use-angle=swiftshader', '--disable-background-networking'],
});
const published = (page, id) => page.evaluate((id) => document.getElementById(id)?.textContent ?? '', id);
async function waitFor(page, id, test, what, seconds = 120) {
  for (let i = 0; i < seconds * 4; i++) {
    const text = await published(page, id);
    if (test(text)) return text;
    await page.waitForTimeout(250);
  }
  throw new Error(`${what}: not seen in #${id}: ${await published(page, id)}`);
}

let failed = false;
try {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
  page.on('console', (message) => { if (message.type() === 'error') console.log('board: console: ' + message.text()); });
  await page.goto(`${game}?seed=${seed}&mode=tunnel&board=${encodeURIComponent(board)}`);
  await waitFor(page, 'screens', (t) => t.includes('Playing tunnel'), "the link's run starting");
  // The flyer waits for its first flap (after the countdown): one, and it soon falls to the end.
  for (let i = 0; i < 6 && !(await published(page, 'screens')).includes('GameOver'); i++) {
    await page.keyboard.press('Space');
    await page.waitForTimeout(1500);
  }
  await waitFor(page, 'screens', (t) => t.includes('GameOver tunnel'), 'the run ending');
  const buttons = await waitFor(page, 'buttons', (t) => t.includes('Submit to board|'), 'the Submit to board button', 30);
  const [, x, y, w, h] = buttons.split('\n').find((l) => l.startsWith('Submit to board|')).split('|').map(Number);
  await page.mouse.click(x + w / 2, y + h / 2);
  // No name yet: the game asks for one, in the page's own text input (which has the focus).
  await page.waitForFunction(() => document.activeElement?.id === 'seedfeast-text', null, { timeout: 10000 });
  await page.keyboard.type('Web May');
  await page.keyboard.press('Enter');
  const answer = await waitFor(page, 'board', (t) => /^Rank \d+ on the board/.test(t), 'the rank from the board');
  console.log('board: the game says: ' + answer.split('\n')[0]);
  await page.screenshot({ path: `${out}/board-submitted.png` });
  const listed = await (await fetch(`${board}/api/v1/boards/tunnel/${seed}?limit=10`)).json();
  const mine = listed.entries.find((e) => e.name === 'Web May');
  if (!mine) throw new Error(`the board doesn't list Web May: ${JSON.stringify(listed.entries)}`);
  if (!answer.includes(`Rank ${mine.rank} `)) throw new Error(`the game said ${answer}, the board ranks Web May ${mine.rank}`);
  console.log(`board: the board lists Web May at rank ${mine.rank} with ${mine.score} (re-played, ${mine.steps} steps)`);
} catch (error) {
  console.error('board: FAILED: ' + error.message);
  failed = true;
}
await browser.close();
process.exit(failed ? 1 : 0);
