import { existsSync, statfsSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/** The size of /dev/shm in bytes; 0 where there is none. */
function devShmBytes(): number {
  try {
    const { blocks, bsize } = statfsSync('/dev/shm');
    return blocks * bsize;
  } catch {
    return 0;
  }
}

/**
 * Chromium keeps its renderers' shared memory in /dev/shm; a container's default one (64 MB) runs
 * out and tabs crash, so there it uses /tmp instead (`--disable-dev-shm-usage`, which Playwright
 * passes by default), which is slower. Only there: where /dev/shm is large, the default is dropped.
 */
const SMALL_DEV_SHM = devShmBytes() < 1024 ** 3;

/**
 * Debian's Chromium: CHROMIUM_PATH if set, else its headless shell where the machine has it
 * (`apt-get install chromium-headless-shell`: the same build without the desktop browser around it,
 * what Playwright itself runs headless, about a fifth less time a story here), else the browser.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: __dirname,
  testMatch: '*.e2e.ts',
  workers: 2,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  retries: 0,
  outputDir: path.join(__dirname, '../test-results'),
  reporter: [['list'], ['json', { outputFile: path.join(__dirname, '../.tmp/e2e.json') }]],
  use: {
    headless: true,
    locale: 'ru-RU',
    // A user who asked for less motion: the cabinet then turns antd's animations off, so a click never
    // lands on a dialog still zooming in (signedIn's contexts ask the same).
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      // This machine's network is closed: no background connections, no sandbox as root.
      // V8 without its optimizing compilers (Maglev, TurboFan): a story's pages live seconds, and
      // optimizing their code cost more CPU than it saved (about a fifth of Chromium's time, measured
      // on a story's mix of cold loads, screens and axe-core runs). The same JavaScript, the same results.
      // One renderer per browser context (`--renderer-process-limit=1`): a story's new tab joins the
      // renderer its worker's kept context already has, with the portal's code compiled (fixtures.ts).
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--js-flags=--no-opt --no-maglev', '--renderer-process-limit=1'],
      ignoreDefaultArgs: SMALL_DEV_SHM ? [] : ['--disable-dev-shm-usage'],
    },
  },
});
