// The automatic knowledge graph (no model) of an imported log, as a new user would see it:
// `engram import` of LoCoMo conversation 26 into a fresh folder with no Ollama, then the
// workbench: the Graph tab shows Caroline's and Melanie's entities (activities, family, places),
// the Entities tab shows their values marked "automatic" with provenance to the messages, the
// TTL tab lists the automatic graph apart, Settings says neither speaker is you. Screenshots
// go to e2e/artifacts/. The dataset lies beside the repository; without it the spec says so.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, openTab, screenshot, test } from '../support/fixtures';
import { ROOT, startServe, type Served } from '../support/serve';

const LOCOMO_26 = join(ROOT, '../shared/datasets/locomo/26.json');
const AUTO = 'https://engram.local/memory/graph/auto/';

async function openWorkbench(page: Page, served: Served) {
  await page.goto(served.url);
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
}

async function openEntity(page: Page, search: string, label: RegExp) {
  await openTab(page, 'entities');
  await page.getByTestId('entities-search').fill(search);
  const tab = page.getByTestId('entities-tab');
  await tab.getByTestId('individual-row').filter({ has: page.locator('.individual-label', { hasText: label }) }).first().click();
  await expect(tab.getByTestId('entity-title')).toHaveText(label);
}

test('an imported LoCoMo log has an automatic knowledge graph with provenance, without a model', async ({ page }) => {
  test.skip(!existsSync(LOCOMO_26), `the LoCoMo log ${LOCOMO_26} is not there (it lies beside the repository in CI)`);
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'engram-e2e-auto-'));
  // 1. The command line, as a person would run it (no Ollama anywhere).
  const out = execFileSync(process.execPath, [join(ROOT, 'bin/engram.mjs'), '--data', dataDir, 'import', LOCOMO_26], { cwd: ROOT, encoding: 'utf8' });
  expect(out).toMatch(/26\.json: imported: 419 messages/);
  expect(out).toMatch(/automatic knowledge graph: 1 source · \d+ triples/);
  const served = await startServe({ dataDir });
  try {
    const count = await served.api<{ kind: string; rows: { n: { value: string } }[] }>('sparqlQuery', {
      query: `SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s a ?t } FILTER(STRSTARTS(STR(?g), "${AUTO}")) }`,
    });
    expect(Number(count.rows[0].n.value)).toBeGreaterThan(50);

    await openWorkbench(page, served);

    // 2. The Graph tab: the two speakers and what they do, their families and places.
    await openTab(page, 'graph');
    // The tab opens on the overview of clusters; the whole graph is one click away.
    await expect(page.getByTestId('graph-timings')).toContainText('first paint', { timeout: 60_000 });
    await screenshot(page, 'auto-graph-overview');
    await page.getByTestId('graph-scope-all').click();
    await expect(page.getByTestId('graph-timings')).toContainText('layout', { timeout: 60_000 });
    await expect(page.getByTestId('graph-timings')).not.toContainText('laying out', { timeout: 60_000 });
    expect(Number(await page.getByTestId('graph-canvas').getAttribute('data-nodes'))).toBeGreaterThan(30);
    await expect(page.getByTestId('graph-top-types')).toContainText('Person');
    await page.getByTestId('graph-grow').fill('Melanie');
    await page.getByTestId('graph-grow').press('Enter');
    await expect(page.getByTestId('graph-seed-chip')).toContainText('Melanie');
    await expect(page.getByTestId('graph-timings')).not.toContainText('laying out', { timeout: 60_000 });
    await screenshot(page, 'auto-graph-melanie');

    // 3. The Entities tab: Melanie's family and pets, each value marked "automatic".
    await openEntity(page, 'Melanie', /^Melanie$/);
    const spouse = page.getByTestId('entities-tab').locator('[data-testid="property-row"][data-predicate="http://purl.org/vocab/relationship/spouseOf"]').first();
    await expect(spouse).toContainText("Melanie's husband");
    await expect(spouse.getByTestId('origin').first()).toHaveText('automatic');
    await expect(page.getByTestId('entities-tab').locator('[data-testid="property-row"][data-predicate="https://w3id.org/pcm#hasPet"]').first()).toBeVisible();
    await expect(page.getByTestId('entities-tab').locator('[data-testid="property-row"][data-predicate="https://w3id.org/pcm#hasPreference"]').first()).toBeVisible();
    await screenshot(page, 'auto-graph-melanie-entity');

    // 4. An event of Caroline's: typed, dated from the message's own date, and derived from it.
    await openEntity(page, 'counseling workshop', /^LGBTQ\+ counseling workshop$/);
    const date = page.getByTestId('entities-tab').locator('[data-testid="property-row"][data-predicate="https://schema.org/startDate"]').first();
    await expect(date).toContainText('2023-06-23');
    await expect(date.getByTestId('origin')).toHaveText('automatic');
    const derived = page.getByTestId('entities-tab').getByTestId('provenance-message').first();
    await expect(derived).toContainText('counseling workshop');
    await expect(derived).toContainText('Caroline');
    await screenshot(page, 'auto-graph-caroline-event');

    // 5. Caroline's places: the trip and home-country facts point at places.
    await openTab(page, 'entities');
    await page.getByTestId('entities-search').fill('Caroline');
    await expect(page.getByTestId('entities-tab').getByTestId('individual-row').filter({ hasText: "Caroline's grandmother" })).toBeVisible();

    // 6. The TTL tab lists the automatic graph in its own group (beside the source's topic graph).
    await openTab(page, 'ttl');
    const automatic = page.getByTestId('ttl-target').locator('optgroup[label="Automatic (no model)"] option');
    await expect(automatic.filter({ hasText: 'Automatic: 26.json' })).toHaveCount(1);

    // 7. Settings: neither speaker of this log is you.
    await page.getByTestId('open-settings').click();
    await expect(page.getByTestId('owner-settings')).toBeVisible();
    await expect(page.getByTestId('owner-source')).toContainText('26.json');
    await expect(page.getByTestId('owner-speaker')).toHaveValue('');
    await screenshot(page, 'auto-graph-owner-settings');
  } finally {
    await served.close();
  }
});
