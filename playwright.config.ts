// e2e: the web workbench against `engram serve` in Chromium, and the desktop app in Electron
// where its binary exists. Chromium: $ENGRAM_CHROMIUM or $CHROMIUM_PATH, else Debian's
// /usr/bin/chromium, else Playwright's own browser.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

/** The Electron binary, where `npm install` could fetch it (never here: offline installs). */
function electronInstalled(): boolean {
  const dir = join(import.meta.dirname, 'node_modules', 'electron');
  const pathFile = join(dir, 'path.txt');
  return existsSync(pathFile) && existsSync(join(dir, 'dist', readFileSync(pathFile, 'utf8').trim()));
}

// Said once, by the runner (workers load this file too): the desktop project's fate.
if (!process.env.TEST_WORKER_INDEX && !electronInstalled()) {
  process.stdout.write('e2e: the Electron binary is not installed (offline install); the electron project is skipped, the web project runs.\n');
}

function chromiumPath(): string | undefined {
  for (const p of [process.env.ENGRAM_CHROMIUM, process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (p && existsSync(p)) return p;
  }
  return undefined;
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: true,
  // Each test starts its own `engram serve` and browser page; two cores here.
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  use: {
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'web',
      testMatch: /web\/.*\.spec\.ts/,
      use: {
        browserName: 'chromium',
        acceptDownloads: true,
        launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
      },
    },
    {
      name: 'electron',
      testMatch: /electron\/.*\.spec\.ts/,
    },
  ],
});
