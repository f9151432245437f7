// Test fixtures: every test gets its own `engram serve` (own data folder and port) and a page
// on the workbench; `withDemo` imports the bundled demo memory first.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import type { GraphInfo, JobInfo, Stats } from '../../shared/types';
import { ROOT, startServe, type Served } from './serve';

export const ARTIFACTS = join(ROOT, 'e2e', 'artifacts');

export const test = base.extend<{ withDemo: boolean; clock: string | null | undefined; engram: Served; workbench: Page }>({
  withDemo: [false, { option: true }],
  /** The engine's clock (ENGRAM_CLOCK): undefined = the demo's own dates; null = the system's clock. */
  clock: [undefined, { option: true }],
  engram: async ({ withDemo, clock }, use) => {
    const served = await startServe({ clock });
    if (withDemo) {
      // Let the engine finish its start-up reconciliation first (graph loaded, ontology in):
      // an import racing it can lose its messages graph (docs/ui-needs.md, item 6).
      await waitFor(async () => (await served.api<Stats>('stats')).graphReady);
      await waitFor(async () => (await served.api<GraphInfo[]>('listGraphs')).some((g) => g.kind === 'ontology'));
      const job = await served.api<JobInfo>('importDemo');
      const done = await served.waitForJob(job.id);
      if (done.state !== 'done') throw new Error(`demo import ${done.state}: ${done.error}`);
    }
    await use(served);
    await served.close();
  },
  workbench: async ({ page, engram }, use) => {
    const problems: string[] = [];
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    // The strict CSP must hold everything the workbench loads (Monaco, its worker, fonts).
    page.on('console', (msg) => {
      if (msg.type() === 'error' && /Content Security Policy|Refused to/i.test(msg.text())) problems.push(`CSP: ${msg.text()}`);
    });
    await page.goto(engram.url);
    await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
    await use(page);
    expect(problems, 'page errors and CSP violations').toEqual([]);
  },
});

export { expect };

/** Saves a screenshot under e2e/artifacts/ (kept as a test artifact) and attaches it to the report. */
export async function screenshot(page: Page, name: string) {
  mkdirSync(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path });
  await test.info().attach(name, { path, contentType: 'image/png' });
}

/** Waits until the workbench shows the demo memory's messages. */
export async function expectPopulated(page: Page) {
  await expect(page.getByTestId('message-row').first()).toBeVisible();
  await expect(page.getByTestId('stats')).toContainText('messages');
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('the engine did not become ready');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Opens a workbench tab and waits until it is the selected one. A click that lands while the
 * workbench is still settling its first screen can be lost; it is clicked again until it takes.
 */
export async function openTab(page: Page, tab: 'graph' | 'entities' | 'ttl' | 'sparql' | 'ask' | 'messages') {
  const button = page.getByTestId(`tab-${tab}`);
  await expect(async () => {
    if ((await button.getAttribute('aria-selected')) !== 'true') await button.click();
    await expect(button).toHaveAttribute('aria-selected', 'true', { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}
