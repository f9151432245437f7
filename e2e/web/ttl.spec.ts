// TTL: break Turtle and see the error marked; fix and apply it (journaled, undoable); export.
import { readFileSync } from 'node:fs';
import type { GraphInfo, MessagePage } from '../../shared/types';
import { expect, openTab, screenshot, test } from '../support/fixtures';

test.use({ withDemo: true });

test('break Turtle, see the error marked, fix and apply it', async ({ workbench: page, engram }) => {
  const sample = await engram.api<MessagePage>('listMessages', { filter: {}, limit: 1 });
  const iri = sample.rows[0].iri;
  const original = await engram.api<{ turtle: string }>('getTurtle', { entity: iri });

  await openTab(page, 'ttl');
  await page.evaluate((e) => {
    location.hash = `#/ttl?entity=${encodeURIComponent(e)}`;
  }, iri);
  const editor = page.getByTestId('ttl-editor');
  await expect(page.getByTestId('ttl-target')).toContainText('Entity');
  // the entity's Turtle is in (until then the editor shows the graph the tab opened on, read-only)
  await expect(page.getByTestId('ttl-pane')).toHaveAttribute('aria-busy', 'false');
  await expect(editor.locator('.view-lines')).toContainText('sioc:Post');

  // Break it.
  await editor.locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.insertText('\n<urn:broken> <urn:p> @@@ .');
  await page.getByTestId('ttl-validate').click();
  await expect(page.getByTestId('ttl-invalid')).toBeVisible();
  await expect(editor.locator('.squiggly-error').first()).toBeVisible();
  await screenshot(page, 'ttl-error');

  // Fix it: the original description plus one comment.
  const fixed = `${original.turtle.trimEnd()}\n<${iri}> <http://www.w3.org/2000/01/rdf-schema#comment> "checked in e2e" .\n`;
  await editor.locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(fixed);
  await page.getByTestId('ttl-validate').click();
  await expect(page.getByTestId('ttl-valid')).toBeVisible();
  await expect(editor.locator('.squiggly-error')).toHaveCount(0);
  await page.getByTestId('ttl-apply').click();
  await expect(page.locator('.toast')).toContainText('Applied as edit');

  const ask = `ASK { GRAPH ?g { <${iri}> <http://www.w3.org/2000/01/rdf-schema#comment> "checked in e2e" } }`;
  expect(await engram.api('sparqlQuery', { query: ask })).toMatchObject({ value: true });
  const history = await engram.api<unknown[]>('editHistory');
  expect(history.length).toBeGreaterThan(0);

  // Undoable.
  await page.getByTestId('ttl-undo').click();
  await expect.poll(async () => ((await engram.api('sparqlQuery', { query: ask })) as { value: boolean }).value).toBe(false);
});

test('export a graph', async ({ workbench: page, engram }) => {
  // The messages graph is written right after the import; wait until the store lists it.
  let messages: GraphInfo | undefined;
  await expect
    .poll(async () => {
      messages = (await engram.api<GraphInfo[]>('listGraphs')).find((g) => g.kind === 'messages');
      return !!messages;
    })
    .toBe(true);
  if (!messages) throw new Error('no messages graph');
  await openTab(page, 'ttl');
  await page.getByTestId('ttl-target').selectOption(messages.iri);
  await expect(page.getByTestId('ttl-editor').locator('.view-lines')).toContainText('sioc');

  await page.getByTestId('ttl-export').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-graph-turtle').click()]);
  expect(download.suggestedFilename()).toMatch(/\.ttl$/);
  const turtle = readFileSync((await download.path())!, 'utf8');
  expect(turtle).toContain('sioc:Post');

  await page.getByTestId('ttl-export').click();
  const [nquads] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-store-n-quads').click()]);
  expect(nquads.suggestedFilename()).toMatch(/\.nq$/);
  const text = readFileSync((await nquads.path())!, 'utf8');
  expect(text.split('\n').filter(Boolean).length).toBeGreaterThan(100);

  await page.getByTestId('ttl-export').click();
  const [jsonld] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-graph-json-ld').click()]);
  const jsonldText = readFileSync((await jsonld.path())!, 'utf8');
  expect(() => JSON.parse(jsonldText)).not.toThrow();
});
