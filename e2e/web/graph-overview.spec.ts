// The Graph tab's first view on the demo memory: an overview of clusters (Louvain communities,
// the owner as a hub summarised per cluster), labels that do not overlap, a click that opens a
// cluster; search and grow with a combobox over the canvas, the best hit first and Enter taking
// the highlighted one; one vocabulary for kinds (legend, header, pickers agree).
import type { Page } from '@playwright/test';
import { expect, openTab, screenshot, test } from '../support/fixtures';

test.use({ withDemo: true });

async function openOverview(page: Page) {
  await openTab(page, 'graph');
  await expect(page.getByTestId('overview-canvas')).toBeVisible();
  await expect.poll(async () => Number(await page.getByTestId('overview-canvas').getAttribute('data-clusters'))).toBeGreaterThan(5);
  await expect(page.getByTestId('graph-timings')).toContainText('first paint');
}

/** Pairs of shown labels whose boxes overlap (cytoscape's own label boxes). */
async function overlappingLabels(page: Page, which: '__engramOverview' | '__engramGraph') {
  return page.evaluate((which) => {
    const cy = (window as unknown as Record<string, { cy: import('cytoscape').Core }>)[which].cy;
    const boxes = cy
      .nodes(':visible')
      .filter((n) => !n.hasClass('label-hidden') && !!n.style('label') && n.renderedPosition().x > 0 && n.renderedPosition().x < cy.width() && n.renderedPosition().y > 0 && n.renderedPosition().y < cy.height())
      .map((n) => ({ id: n.data('label') as string, b: n.renderedBoundingBox({ includeNodes: false, includeLabels: true, includeEdges: false }) }));
    const out: string[] = [];
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i].b;
        const b = boxes[j].b;
        if (a.x1 < b.x2 - 1 && b.x1 < a.x2 - 1 && a.y1 < b.y2 - 1 && b.y1 < a.y2 - 1) out.push(`${boxes[i].id} / ${boxes[j].id}`);
      }
    return { shown: boxes.length, overlaps: out };
  }, which);
}

test('the Graph tab opens on an overview of clusters; a click opens one; labels never overlap', async ({ workbench: page }) => {
  test.setTimeout(180_000);
  await openOverview(page);
  await expect(page.getByTestId('graph-scope-overview')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('graph-counts')).toContainText(/\d+ entities in \d+ clusters/);
  await expect(page.getByTestId('graph-hubs')).toContainText('1 hub: Maya');
  await expect(page.getByTestId('graph-legend')).toContainText('Person');
  // The owner is drawn once, its links summed per cluster (one edge per cluster, not 117).
  const shape = await page.evaluate(() => {
    const cy = window.__engramOverview!.cy;
    const hub = cy.nodes('[?hub]');
    return { hubs: hub.length, hubEdges: hub.connectedEdges().length, clusters: cy.nodes('[!hub]').length, weights: hub.connectedEdges().map((e) => e.data('weight') as number) };
  });
  expect(shape.hubs).toBe(1);
  expect(shape.hubEdges).toBeLessThanOrEqual(shape.clusters);
  expect(shape.weights.reduce((a, b) => a + b, 0)).toBeGreaterThan(shape.hubEdges);
  const labels = await overlappingLabels(page, '__engramOverview');
  expect(labels.shown).toBeGreaterThan(3);
  expect(labels.overlaps).toEqual([]);
  await screenshot(page, 'graph-overview-light');

  // Zoomed out, fewer labels; still none overlapping.
  await page.evaluate(() => window.__engramOverview!.cy.zoom({ level: window.__engramOverview!.cy.zoom() * 0.45, renderedPosition: { x: 500, y: 350 } }));
  await page.waitForTimeout(200);
  const far = await overlappingLabels(page, '__engramOverview');
  expect(far.overlaps).toEqual([]);
  // Fewer names far out, the most important kept: the hub and the biggest clusters.
  expect(far.shown).toBeLessThan(labels.shown);
  expect(far.shown).toBeGreaterThanOrEqual(3);
  await screenshot(page, 'graph-overview-zoomed-out-light');
  await page.getByTestId('graph-fit').click();

  // Hover tells what is in a cluster; a click opens it: its members and their links, the owner with them.
  const pixel = await page.evaluate(() => {
    const cy = window.__engramOverview!.cy;
    cy.fit(undefined, 30);
    const n = cy.nodes().filter((x) => /Pixel/.test(String(x.data('label')))).first() as import('cytoscape').NodeSingular;
    const r = cy.container()!.getBoundingClientRect();
    const p = n.renderedPosition();
    return { x: r.left + p.x, y: r.top + p.y, label: n.data('label') as string };
  });
  await page.mouse.move(pixel.x, pixel.y);
  await expect(page.getByTestId('overview-hover')).toContainText('Frau Keller');
  await page.mouse.click(pixel.x, pixel.y);
  await expect(page.getByTestId('graph-seed-chip')).toContainText('Pixel');
  await expect(page.getByTestId('graph-canvas')).toBeVisible();
  await expect.poll(async () => page.evaluate(() => window.__engramGraph?.cy.nodes().map((n) => n.data('label') as string) ?? [])).toEqual(expect.arrayContaining(['Pixel', 'Frau Keller', 'Maya']));
  await expect(page.getByTestId('graph-timings')).not.toContainText('laying out', { timeout: 30_000 });
  const opened = await overlappingLabels(page, '__engramGraph');
  expect(opened.overlaps).toEqual([]);
  // One vocabulary: Pixel is a "Pet" in the legend and in the header, not "Other".
  await expect(page.getByTestId('legend-item').filter({ hasText: 'Pet' })).toBeVisible();
  await expect(page.getByTestId('graph-top-types')).not.toContainText('Other');
  await screenshot(page, 'graph-cluster-opened-light');
  await page.getByRole('button', { name: 'Back to the overview' }).click();
  await expect(page.getByTestId('overview-canvas')).toBeVisible();
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForTimeout(300);
  await screenshot(page, 'graph-overview-dark');
});

test('search and grow: the list is over the canvas, best match first with its kind; Enter takes the highlighted hit', async ({ workbench: page }) => {
  await openOverview(page);
  const grow = page.getByTestId('graph-grow');
  await grow.fill('Pixel');
  const options = page.getByTestId('combobox-option');
  await expect(options.first()).toContainText('Pixel');
  // Best match first: the entity named exactly so, shown with its kind.
  await expect(options.first()).toContainText('Pet');
  await expect(options.nth(1)).toContainText('Pixel');
  // Visible: the option under its own centre is the option itself (not the toolbar, not the canvas).
  const box = (await options.first().boundingBox())!;
  const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('[role="option"]')?.textContent ?? null, { x: box.x + box.width / 2, y: box.y + box.height / 2 });
  expect(hit).toContain('Pixel');
  await screenshot(page, 'graph-grow-combobox-light');
  // ↓ then Enter: the second hit, not the first text match.
  const second = (await options.nth(1).locator('.pick-label').textContent())!;
  await grow.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await grow.press('Enter');
  const secondLabel = second.replace(/ · also .*$/, '').trim();
  await expect(page.getByTestId('graph-seed-chip')).toContainText(secondLabel.slice(0, 20));

  // An alias finds its entity: "coriander" is Cilantro (after anything named exactly so, such as a topic).
  await grow.fill('coriander');
  await expect(options.filter({ hasText: 'Cilantro' })).toHaveCount(1);
  await expect(options.filter({ hasText: 'Cilantro' })).toContainText('also “coriander”');
  // Typed fast and Enter at once: the fresh best hit, whatever the list showed before.
  await grow.fill('Frau Kel');
  await grow.press('Enter');
  await expect(page.getByTestId('graph-seed-chip')).toContainText('Frau Keller');
  await expect(page.getByTestId('node-panel')).toContainText('Frau Keller');
});
