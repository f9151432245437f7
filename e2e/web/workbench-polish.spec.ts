// The workbench without rough edges, on the demo memory plus a chat from three years earlier
// written in Markdown: counts in the singular and plural, the Entities tree apart from messages
// and provenance, Markdown in Messages and Ask evidence, the SPARQL tab's data-only default
// query, chart and downloads, one Undo toast at a time, the timeline's compressed gap, and
// `engram serve --open` on a machine with no desktop saying so with a clickable URL.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { PREFIXES } from '../../shared/rdf';
import type { JobInfo, SessionInfo, Stats } from '../../shared/types';
import { expect, openTab, screenshot, test } from '../support/fixtures';
import { ROOT } from '../support/serve';

test.use({ withDemo: true });

const MARKDOWN_REPLY = [
  'Here is a feeding plan for the **sourdough starter**:',
  '',
  '1. Discard all but 50 g',
  '2. Feed 50 g flour and 50 g water',
  '3. Keep it at 24 °C',
  '',
  '| day | flour |',
  '| --- | --- |',
  '| Mon | rye |',
  '| Thu | wheat |',
  '',
  '```python',
  'def feed(grams):',
  '    return grams * 2  # double it',
  '```',
  '',
  'More on [starter hydration](https://example.org/hydration). <b>not bold</b>',
].join('\n');

/** A chat from spring 2023, three years before the demo memory. */
function olderChat(): string {
  const conversations = [0, 1].map((c) => ({
    id: `old-${c}`,
    title: c ? 'Bread crust' : 'Sourdough starter',
    messages: [
      { id: `old-${c}-0`, speaker: 'Maya', role: 'user', text: c ? 'Why is my crust so pale?' : 'How do I feed my sourdough starter?', timestamp: `2023-04-0${3 + c * 4}T09:00:00+02:00` },
      { id: `old-${c}-1`, speaker: 'Assistant', role: 'assistant', text: c ? 'Bake it longer, and steam the oven for the first 15 minutes.' : MARKDOWN_REPLY, timestamp: `2023-04-0${3 + c * 4}T09:01:00+02:00` },
    ],
  }));
  return JSON.stringify({ title: 'Baking questions', conversations });
}

async function importOlderChat(engram: { api<T>(m: string, a?: unknown): Promise<T>; waitForJob(id: string): Promise<JobInfo> }) {
  const dir = mkdtempSync(join(tmpdir(), 'engram-e2e-chat-'));
  const file = join(dir, 'baking.json');
  writeFileSync(file, olderChat());
  const job = await engram.api<JobInfo>('importPaths', { paths: [file] });
  const done = await engram.waitForJob(job.id);
  expect(done.state).toBe('done');
  rmSync(dir, { recursive: true, force: true });
}

test('counts in the singular and plural; the Entities tree keeps messages and provenance apart', async ({ workbench: page }) => {
  // One source: "1 source", never "1 sources".
  const status = page.locator('.statusbar span');
  await expect(status.filter({ hasText: /^1 source$/ })).toHaveCount(1);
  await expect(status.filter({ hasText: /^1 (sources|graphs|conversations)$/ })).toHaveCount(0);
  await expect(page.getByTestId('memory-selector')).toContainText('· 1 source');
  await openTab(page, 'entities');
  const all = page.getByTestId('class-all');
  await expect(all).toContainText(/\d+/);
  const allCount = Number((await all.locator('.tree-count').textContent())!.replace(/,/g, ''));
  // No class in the entities' tree counts more than all entities (messages are not entities).
  const counts = await page.getByTestId('class-row').locator('.tree-count').allTextContents();
  for (const c of counts.filter(Boolean)) expect(Number(c.replace(/,/g, ''))).toBeLessThanOrEqual(allCount);
  // Messages and provenance have their own section, with their own counts.
  const records = page.getByTestId('class-records');
  await expect(records).toContainText('Conversation structure and provenance');
  await records.locator('summary').click();
  await expect(page.getByTestId('record-class-row').filter({ hasText: 'Message' })).toContainText('280');
  await screenshot(page, 'entities-tree-records-light');
});

test('the tabs stay where they first appear while the topic lane loads after the first screen', async ({ page, engram }) => {
  // The page is opened here (not through the workbench fixture) to see the tabs from their first
  // frame; the lane is held back a moment, as a large memory's takes a while.
  await page.route('**/api/topicLane', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  // The topics are ranked by the automatic job after the import: once they exist, the memory's
  // overview says how many rows the lane will have (until then the page cannot know).
  await expect.poll(async () => (await engram.api<Stats>('stats')).topics, { timeout: 60_000 }).toBeGreaterThan(0);
  await page.goto(engram.url);
  const graphTab = page.getByTestId('tab-graph');
  await expect(graphTab).toBeVisible();
  const first = await graphTab.boundingBox();
  await expect(page.getByTestId('topic-row').first()).toBeVisible();
  expect(await graphTab.boundingBox()).toEqual(first);
  // a single click takes, at once
  await graphTab.click();
  await expect(graphTab).toHaveAttribute('aria-selected', 'true', { timeout: 1_000 });
});

test('Markdown in Messages and in Ask evidence; the timeline compresses the three empty years', async ({ workbench: page, engram }) => {
  await importOlderChat(engram);
  // The timeline: two periods with room each, a visible break between them.
  await expect(page.getByTestId('timeline-break')).toHaveCount(1);
  await expect(page.getByTestId('timeline-break')).toContainText(/3(\.\d)? years/);
  const sessions = await engram.api<SessionInfo[]>('listSessions');
  const old = sessions.filter((s) => s.start.startsWith('2023'));
  expect(old).toHaveLength(2);
  // Each period gets a fair share of the width (the gap is three years, the periods weeks).
  const ticks = await page.getByTestId('timeline-axis').locator('.tick:not(.timeline-break)').evaluateAll((els) => els.map((e) => ({ x: (e as HTMLElement).offsetLeft, year: new Date(Number(e.getAttribute('data-time'))).getUTCFullYear() })));
  const plot = (await page.getByTestId('timeline-plot').boundingBox())!;
  const brk = (await page.getByTestId('timeline-break').boundingBox())!;
  expect(ticks.some((t) => t.year === 2023)).toBe(true);
  expect(ticks.some((t) => t.year === 2026)).toBe(true);
  expect(brk.x - plot.x).toBeGreaterThan(plot.width * 0.1);
  expect(brk.x - plot.x).toBeLessThan(plot.width * 0.6);
  await screenshot(page, 'timeline-compressed-gap-light');
  // A brush across the break selects real times: from 2023 to 2026.
  await page.mouse.move(plot.x + 5, plot.y + 20);
  await page.mouse.down();
  await page.mouse.move(plot.x + plot.width - 5, plot.y + 20, { steps: 8 });
  await page.mouse.up();
  await expect(page.getByTestId('timeline')).toContainText(/2023/);

  // Messages: the assistant's Markdown as lists, a table, highlighted code; raw HTML as text.
  await openTab(page, 'messages');
  await page.getByTestId('message-search').fill('feeding plan');
  await page.getByTestId('message-row').filter({ hasText: 'feeding plan' }).first().click();
  const md = page.getByTestId('message-markdown');
  await expect(md.locator('ol > li')).toHaveCount(3);
  await expect(md.locator('table td').first()).toHaveText('Mon');
  await expect(md.locator('pre code .hljs-keyword').first()).toHaveText('def');
  await expect(md.locator('pre code .hljs-comment')).toHaveText('# double it');
  await expect(md.locator('b')).toHaveCount(0);
  await expect(md).toContainText('<b>not bold</b>');
  const link = md.getByRole('link', { name: 'starter hydration' });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await screenshot(page, 'messages-markdown-light');

  // Ask: the evidence shows the same message as Markdown (links as text inside the card).
  await openTab(page, 'ask');
  await page.getByTestId('ask-input').fill('How do I feed my sourdough starter?');
  await page.getByTestId('ask-input').press('Enter');
  await expect(page.getByTestId('ask-pending')).toHaveCount(0, { timeout: 60_000 });
  const evidence = page.getByTestId('evidence-markdown').filter({ hasText: 'feeding plan' }).first();
  await expect(evidence).toBeVisible();
  await expect(evidence.locator('ol > li').first()).toHaveText('Discard all but 50 g');
  await screenshot(page, 'ask-evidence-markdown-light');
});

test('SPARQL: the default query counts data only; completion closes on run; chart and downloads', async ({ workbench: page }) => {
  await page.evaluate(() => localStorage.removeItem('engram.sparql.query'));
  await openTab(page, 'sparql');
  const editor = page.getByTestId('sparql-editor');
  await expect(editor.locator('.view-lines')).toContainText('Your data only');
  // Type something that opens completion, then run with the list open.
  await editor.locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('\n# rdf');
  await page.keyboard.press('Control+Space');
  await page.getByTestId('sparql-run').click();
  await expect(page.getByTestId('result-row').first()).toBeVisible();
  await expect(page.locator('.suggest-widget.visible')).toHaveCount(0);
  // Data only: no owl:Class, no ontology properties; messages are there.
  const types = await page.getByTestId('result-row').locator('[data-var="type"]').allTextContents();
  expect(types.join(' ')).toContain('Post');
  expect(types.join(' ')).not.toMatch(/owl:(Class|ObjectProperty|DatatypeProperty)/);
  await screenshot(page, 'sparql-default-light');

  // The grouped counts as a bar chart.
  await page.getByTestId('results-view-chart').click();
  await expect(page.getByTestId('results-chart')).toHaveAttribute('data-kind', 'bar');
  await expect.poll(() => page.getByTestId('chart-bar').count()).toBeGreaterThan(5); // (the bars are drawn after the chart's frame)
  await screenshot(page, 'sparql-chart-light');

  // Downloads: CSV and the SPARQL JSON results format.
  const csv = page.waitForEvent('download');
  await page.getByTestId('results-download-csv').click();
  const csvFile = await csv;
  expect(csvFile.suggestedFilename()).toMatch(/\.csv$/);
  const csvText = await readText(page, await csvFile.path());
  expect(csvText.split('\n')[0]).toBe('type,count');
  const json = page.waitForEvent('download');
  await page.getByTestId('results-download-json').click();
  const body = JSON.parse(await readText(page, await (await json).path()));
  expect(body.head.vars).toEqual(['type', 'count']);
  expect(body.results.bindings[0].count.datatype).toBe('http://www.w3.org/2001/XMLSchema#integer');
});

test('one Undo toast at a time: the newest edit', async ({ workbench: page }) => {
  await openTab(page, 'entities');
  await page.getByTestId('entities-search').fill('Bought Asics');
  // the row the search finds (the unfiltered list's first row may still be on screen for a moment)
  await page.getByTestId('individual-row').filter({ hasText: 'Bought Asics' }).first().click();
  await expect(page.getByTestId('entity-title')).toContainText('Bought Asics');
  const price = page.locator(`[data-testid="property-row"][data-predicate="${PREFIXES.schema}price"]`).getByTestId('value-literal');
  // Two edits in a row; the toasts of both would still be on screen (they last five seconds).
  const undoToasts = page.locator('.toast').filter({ has: page.getByRole('button', { name: 'Undo' }) });
  for (const value of ['121', '122']) {
    await price.first().click();
    await page.getByTestId('literal-value').fill(value);
    await page.getByTestId('literal-save').click();
    await expect(page.locator(`[data-testid="property-row"][data-predicate="${PREFIXES.schema}price"]`).getByTestId('value-row')).toHaveAttribute('data-value', value);
    await expect(undoToasts).toHaveCount(1);
    if (value === '122') await screenshot(page, 'toast-one-undo-light');
  }
  // Its Undo undoes the newest edit: the price goes back to 121, not to the extracted 120.
  await undoToasts.getByRole('button', { name: 'Undo' }).click();
  await expect(page.locator(`[data-testid="property-row"][data-predicate="${PREFIXES.schema}price"]`).getByTestId('value-row')).toHaveAttribute('data-value', '121');
  await expect(undoToasts).toHaveCount(0);
});

test('engram serve --open without a desktop: the URL as a terminal link, and says no browser opened', async ({ page }) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'engram-e2e-open-'));
  // A terminal (util-linux `script` gives the command a pty), no display.
  const env = { ...process.env, TERM: 'xterm-256color', DISPLAY: '', WAYLAND_DISPLAY: '', CI: '', BROWSER: '' };
  const cmd = `${process.execPath} ${join(ROOT, 'bin/engram.mjs')} --data ${dataDir} serve --port 0 --open`;
  const child = spawn('script', ['-qfec', cmd, '/dev/null'], { cwd: ROOT, env, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  try {
    await expect.poll(() => out, { timeout: 60_000 }).toContain('No browser could be opened');
    const url = /Engram workbench: .*?(http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+)/.exec(out)![1];
    // The URL is a terminal hyperlink (OSC 8) around the plain URL.
    expect(out).toContain(`\u001b]8;;${url}\u001b\\${url}\u001b]8;;\u001b\\`);
    expect(out).toMatch(/no desktop session/);
    // What the terminal shows, as a page, to look at; and the URL opens the workbench.
    const shown = out.replace(/\u001b]8;;([^\u001b]*)\u001b\\([^\u001b]*)\u001b]8;;\u001b\\/g, '<a href="$1">$2</a>').replace(/\r/g, '');
    await page.setContent(`<body style="background:#1e1e1e;color:#ddd;font:14px monospace;padding:16px"><pre>$ engram serve --open\n${shown}</pre></body>`);
    await screenshot(page, 'serve-open-terminal');
    await page.goto(url);
    await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
  } finally {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    rmSync(dataDir, { recursive: true, force: true });
  }
});

async function readText(page: Page, path: string): Promise<string> {
  void page;
  const { readFile } = await import('node:fs/promises');
  return readFile(path, 'utf8');
}
