import path from 'node:path';
import { defineConfig } from '@playwright/test';

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
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // This machine's network is closed: no background connections, no sandbox as root.
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
    },
  },
});
