// The desktop app, where the Electron binary exists: the window's security settings, the
// preload surface, the engine in its utility process, and first run → demo memory. Skipped,
// with the reason, where it does not.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';
// @ts-expect-error: a plain .mjs script without types
import { electronBinary, prepareElectronSqlite } from '../../scripts/start.mjs';
import { ARTIFACTS } from '../support/fixtures';
import { ROOT } from '../support/serve';

const exe: string | null = electronBinary();

const SKIP_REASON =
  'Electron binary not installed here (offline install, ELECTRON_SKIP_BINARY_DOWNLOAD): desktop e2e skipped; the web project covers the workbench.';
test.skip(!exe, SKIP_REASON);

test('desktop window: hardened, preload exposes only the API, first run → demo', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'engram-electron-'));
  const app = await electron.launch({
    executablePath: exe!,
    args: [join(ROOT, 'out/main/index.js'), '--data', dataDir],
    env: { ...process.env, ENGRAM_SQLITE_BINDING: prepareElectronSqlite() } as Record<string, string>,
  });
  try {
    const page = await app.firstWindow();
    await expect(page.locator('.app[data-ready="true"]')).toBeVisible({ timeout: 60_000 });

    // The settings themselves are asserted in test/electron/security.test.ts; here, their effect.
    expect(page.url()).toBe('app://engram/index.html');

    const surface = await page.evaluate(() => ({
      keys: Object.keys((window as unknown as { engram: object }).engram).sort(),
      require: typeof (window as unknown as { require?: unknown }).require,
      process: typeof (window as unknown as { process?: unknown }).process,
    }));
    expect(surface.require).toBe('undefined');
    expect(surface.process).toBe('undefined');
    expect(surface.keys).toContain('onEvent');
    expect(surface.keys).toContain('sparqlQuery');

    // window.open and navigation away are blocked.
    expect(await page.evaluate(() => window.open('https://example.com') === null)).toBe(true);
    expect(app.windows()).toHaveLength(1);

    // The engine runs in its own utility process, not in main (node/engine-host/relay.ts).
    const utilities = await app.evaluate(({ app: electronApp }) => electronApp.getAppMetrics().filter((m) => m.type === 'Utility').map((m) => m.name));
    expect(utilities).toContain('Engram engine');

    await page.getByTestId('import-demo').click();
    await expect(page.getByTestId('message-row').first()).toBeVisible({ timeout: 60_000 });
    await page.screenshot({ path: join(ARTIFACTS, 'electron-demo.png') });
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
