// The Graph tab on the demo memory's knowledge graph: the whole graph with a legend, counts and
// top types; layouts; the legend and filters; conversation structure (a few hundred nodes);
// growing from a search and from the timeline selection; expand and collapse by double-click;
// drawing an edge; merging two nodes; export as PNG and SVG; screenshots in light and dark.
import type { Page } from '@playwright/test';
import type cytoscape from 'cytoscape';
import { expect, openTab, screenshot, test } from '../support/fixtures';

test.use({ withDemo: true });

const count = async (page: Page, what: 'nodes' | 'edges') => Number(await page.getByTestId('graph-canvas').getAttribute(`data-${what}`));

/** Waits for the view to be laid out (the timings say so). */
async function settled(page: Page) {
  await expect(page.getByTestId('graph-timings')).toContainText('layout', { timeout: 30_000 });
  await expect(page.getByTestId('graph-timings')).not.toContainText('laying out', { timeout: 30_000 });
}

async function openGraph(page: Page) {
  await openTab(page, 'graph');
  await expect(page.getByTestId('graph-tab')).toBeVisible();
  // The tab opens on the overview (graph-overview.spec.ts); every entity and link is one click away.
  await page.getByTestId('graph-scope-all').click();
  await expect.poll(() => count(page, 'nodes')).toBeGreaterThan(100);
  await settled(page);
}

/** Centres a node and returns where it is on the page. */
async function nodePoint(page: Page, label: string) {
  const p = await page.evaluate((label) => {
    const cy = window.__engramGraph!.cy;
    const n = cy.nodes().filter((x) => x.data('label') === label).first() as cytoscape.NodeSingular;
    if (n.empty()) return null;
    cy.zoom(1.2);
    cy.center(n);
    const r = cy.container()!.getBoundingClientRect();
    const q = n.renderedPosition();
    return { x: r.left + q.x, y: r.top + q.y, id: n.id() };
  }, label);
  if (!p) throw new Error(`no node "${label}" in the view`);
  await page.waitForTimeout(150);
  return p;
}

/**
 * A point on a node that no other node covers (two nodes can overlap, and a click goes to the
 * one drawn on top), after centring it as nodePoint does.
 */
async function nodeClearPoint(page: Page, label: string) {
  const centre = await nodePoint(page, label);
  const p = await page.evaluate((id) => {
    const cy = window.__engramGraph!.cy;
    const n = cy.getElementById(id) as cytoscape.NodeSingular;
    const r = cy.container()!.getBoundingClientRect();
    const c = n.renderedPosition();
    const radius = n.renderedWidth() / 2;
    const others = cy.nodes().filter((x) => x.id() !== id).map((x) => ({ p: (x as cytoscape.NodeSingular).renderedPosition(), r: x.renderedWidth() / 2 }));
    // covered whole: moved aside first, as a person would drag it
    if (others.some((o) => Math.hypot(o.p.x - c.x, o.p.y - c.y) + radius <= o.r)) {
      n.shift({ x: (4 * radius) / cy.zoom(), y: 0 });
      c.x += 4 * radius;
    }
    let best = { x: c.x, y: c.y, clear: -Infinity };
    for (let k = 0; k <= 8; k++) {
      for (let a = 0; a < 16; a++) {
        const d = (k / 8) * radius * 0.85;
        const x = c.x + d * Math.cos((a * Math.PI) / 8);
        const y = c.y + d * Math.sin((a * Math.PI) / 8);
        const clear = Math.min(...others.map((o) => Math.hypot(o.p.x - x, o.p.y - y) - o.r));
        if (clear > best.clear) best = { x, y, clear };
      }
    }
    return { x: r.left + best.x, y: r.top + best.y };
  }, centre.id);
  return p;
}

test('the whole graph: counts, top types, legend, layouts, filters, structure', async ({ workbench: page }) => {
  test.setTimeout(180_000); // (five layouts and seven screenshots: over 90 s on a slow machine)
  await openGraph(page);
  const nodes = await count(page, 'nodes');
  await expect(page.getByTestId('graph-counts')).toContainText(`${nodes} nodes`);
  await expect(page.getByTestId('graph-top-types')).toContainText('Person');
  await expect(page.getByTestId('graph-legend')).toContainText('Person');
  await expect(page.getByTestId('graph-hidden-values')).toBeVisible();
  await screenshot(page, 'graph-demo-light');

  // The legend hides and shows a category.
  const visible = () => page.evaluate(() => window.__engramGraph!.cy.nodes(':visible').length);
  const before = await visible();
  await page.getByTestId('legend-item').filter({ hasText: 'Place' }).click();
  await expect.poll(visible).toBeLessThan(before);
  await page.getByTestId('legend-item').filter({ hasText: 'Place' }).click();
  await expect.poll(visible).toBe(before);

  // Layouts: hierarchical and concentric, then force again.
  for (const layout of ['hierarchical', 'concentric', 'force']) {
    await page.getByTestId('graph-layout').selectOption(layout);
    await settled(page);
    if (layout !== 'force') await screenshot(page, `graph-${layout}-light`);
  }

  // A class filter (with its subclasses) narrows the view.
  await page.getByTestId('graph-filters-button').click();
  await page.getByTestId('filter-class').fill('Place');
  await page.getByTestId('combobox-option').filter({ hasText: 'schema:Place' }).first().click();
  await expect.poll(() => count(page, 'nodes')).toBeLessThan(nodes);
  await expect(page.getByTestId('graph-filters-button')).toContainText('1');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect.poll(() => count(page, 'nodes')).toBe(nodes);
  await page.keyboard.press('Escape');

  // The conversation structure (messages, sessions, speakers) comes in on request: a few hundred nodes.
  await page.getByTestId('graph-structure-toggle').click();
  await expect.poll(() => count(page, 'nodes'), { timeout: 30_000 }).toBeGreaterThan(400);
  await settled(page);
  await expect(page.getByTestId('legend-item').filter({ hasText: 'Message' })).toBeVisible();
  await screenshot(page, 'graph-structure-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForTimeout(300);
  await screenshot(page, 'graph-structure-dark');
  await page.getByTestId('graph-structure-toggle').click();
  await expect.poll(() => count(page, 'nodes')).toBe(nodes);
  await settled(page);
  await screenshot(page, 'graph-demo-dark');
});

test('grow from a search, expand and collapse by double-click, draw an edge, merge two nodes', async ({ workbench: page }) => {
  await openGraph(page);
  // Grow from an entity picked by name.
  await page.getByTestId('graph-grow').fill('Pixel');
  await page.getByTestId('combobox-option').filter({ hasText: /^PixelPet$/ }).click();
  await expect(page.getByTestId('graph-seed-chip')).toContainText('Pixel');
  await expect.poll(() => count(page, 'nodes')).toBeLessThan(20);
  await settled(page);
  const small = await count(page, 'nodes');
  // The seed is selected: its page is in the side panel.
  await expect(page.getByTestId('node-panel')).toContainText('Pixel');

  // Double-click a neighbour: its neighbours come in; again: they go.
  const sitting = 'Frau Keller looks after Pixel during the Porto trip';
  const action = await nodePoint(page, sitting);
  await page.mouse.dblclick(action.x, action.y);
  await expect.poll(() => count(page, 'nodes')).toBeGreaterThan(small);
  const grown = await count(page, 'nodes');
  await expect(page.getByTestId('graph-timings')).toContainText('expand');
  const again = await nodePoint(page, sitting);
  await page.mouse.dblclick(again.x, again.y);
  await expect.poll(() => count(page, 'nodes')).toBe(small);

  // Draw an edge: from Frau Keller (brought in again) to Pixel, with a property from the ontology.
  await page.getByTestId('graph-find').fill('looks after');
  await page.getByTestId('graph-find').press('Enter');
  await page.getByTestId('node-expand').click();
  await expect.poll(() => count(page, 'nodes')).toBe(grown);
  const edges = await count(page, 'edges');
  await page.getByTestId('graph-find').fill('Frau Keller');
  await page.getByTestId('graph-find').press('Enter');
  await expect(page.getByTestId('node-panel').getByTestId('entity-title')).toHaveText('Frau Keller');
  await page.getByTestId('node-connect').click();
  await expect(page.getByTestId('connect-banner')).toBeVisible();
  // A click that lands beside a node still moving in the layout taps the background: the drawing
  // goes on (only a tap on the settled background ends it), and the click is aimed again.
  await expect(async () => {
    await expect(page.getByTestId('connect-banner')).toBeVisible({ timeout: 500 });
    const pixel = await nodeClearPoint(page, 'Pixel');
    await page.mouse.click(pixel.x, pixel.y);
    await expect(page.getByTestId('connect-property')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.locator('.connect-end').last()).toContainText('Pixel');
  await page.getByTestId('connect-property').fill('knows');
  await page.getByTestId('combobox-option').filter({ hasText: 'foaf:knows' }).first().click();
  await expect.poll(() => count(page, 'edges')).toBe(edges + 1);
  await screenshot(page, 'graph-neighbourhood-light');
  // once the view has settled, a tap on the empty background ends a drawing
  await settled(page);
  await page.getByTestId('node-connect').click();
  await expect(page.getByTestId('connect-banner')).toBeVisible();
  await page.waitForTimeout(500);
  const empty = await page.evaluate(() => {
    const cy = window.__engramGraph!.cy;
    const r = cy.container()!.getBoundingClientRect();
    // a point of the canvas farthest from every node
    let best = { x: r.left + 4, y: r.top + 4, d: -1 };
    for (let x = 4; x < r.width; x += 24) {
      for (let y = 4; y < r.height; y += 24) {
        let d = Infinity;
        cy.nodes().forEach((n) => {
          const q = n.renderedPosition();
          d = Math.min(d, Math.hypot(q.x - x, q.y - y));
        });
        if (d > best.d) best = { x: r.left + x, y: r.top + y, d };
      }
    }
    return best;
  });
  await page.mouse.click(empty.x, empty.y);
  await expect(page.getByTestId('connect-banner')).toBeHidden();

  // Merge two nodes: Monty and Monstera are one plant.
  await page.getByTestId('graph-scope-all').click();
  await expect.poll(() => count(page, 'nodes')).toBeGreaterThan(100);
  await settled(page);
  const all = await count(page, 'nodes');
  const monty = await nodePoint(page, 'Monty');
  await page.mouse.click(monty.x, monty.y);
  const monstera = await nodePoint(page, 'Monstera');
  await page.keyboard.down('Shift');
  await page.mouse.click(monstera.x, monstera.y);
  await page.keyboard.up('Shift');
  await expect(page.getByTestId('node-panel')).toContainText('2 selected');
  await page.getByTestId('nodes-merge').click();
  await page.getByTestId('merge-card').filter({ hasText: 'Monty' }).click();
  await page.getByTestId('merge-confirm').click();
  await expect.poll(() => count(page, 'nodes')).toBe(all - 1);
  await expect(page.getByTestId('node-panel')).toContainText('Merged from');
  await screenshot(page, 'graph-edited-light');
  // Undo in the Graph tab brings the two back.
  await page.getByTestId('graph-undo').click();
  await expect.poll(() => count(page, 'nodes')).toBe(all);
});

test('the timeline selection grows the graph from what its sessions said; export PNG and SVG', async ({ workbench: page, engram }) => {
  const sessions = await engram.api<{ id: number; conversationTitle: string }[]>('listSessions');
  const knee = sessions.find((s) => s.conversationTitle.startsWith('Knee'))!;
  await page.goto(`${page.url().split('#')[0]}#/graph?session=${knee.id}`);
  await expect(page.getByTestId('graph-tab')).toBeVisible();
  await page.getByTestId('graph-scope-timeline').click();
  await expect.poll(() => count(page, 'nodes')).toBeGreaterThan(3);
  await settled(page);
  const labels = await page.evaluate(() => window.__engramGraph!.cy.nodes().map((n) => n.data('label') as string));
  expect(labels).toContain('Sore right knee');
  expect(labels).not.toContain('Nightjar Parade concert');

  const png = page.waitForEvent('download');
  await page.getByTestId('graph-export').click();
  await page.getByTestId('graph-export-png').click();
  const pngFile = await png;
  expect(pngFile.suggestedFilename()).toMatch(/^engram-graph-.*\.png$/);
  const pngBytes = await readAll(await pngFile.createReadStream());
  expect(pngBytes.subarray(1, 4).toString()).toBe('PNG');

  const svg = page.waitForEvent('download');
  await page.getByTestId('graph-export').click();
  await page.getByTestId('graph-export-svg').click();
  const svgFile = await svg;
  expect(svgFile.suggestedFilename()).toMatch(/\.svg$/);
  const text = (await readAll(await svgFile.createReadStream())).toString();
  expect(text).toContain('<svg');
  expect(text).toContain('Sore right knee');
});

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
}
