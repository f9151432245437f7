// The Entities tab on the demo memory's knowledge graph: open an entity from a SPARQL result,
// edit a literal, add a link with completion, merge two duplicate people, undo and redo,
// restart the server and find the edits; delete a machine triple, re-apply the machine graph
// (import the demo again) and see it stay deleted; provenance into Messages; screenshots.
import type { Page } from '@playwright/test';
import { expect, openTab, screenshot, test } from '../support/fixtures';
import { startServe } from '../support/serve';

test.use({ withDemo: true });

const SCHEMA = 'https://schema.org/';
const PCM = 'https://w3id.org/pcm#';
const ENTITY = 'https://engram.local/memory/entity/';

const row = (page: Page, predicate: string) => page.locator(`[data-testid="property-row"][data-predicate="${predicate}"]`);

async function openSparqlWith(page: Page, query: string) {
  await page.evaluate((q) => localStorage.setItem('engram.sparql.query', JSON.stringify(q)), query);
  await openTab(page, 'sparql');
  await expect(page.getByTestId('sparql-editor').locator('.view-lines')).toContainText(query.split('\n')[0].slice(0, 20));
}

async function openEntity(page: Page, search: string, label: string) {
  await openTab(page, 'entities');
  await page.getByTestId('entities-search').fill(search);
  const exact = new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  await page.getByTestId('individual-row').filter({ has: page.locator('.individual-label', { hasText: exact }) }).first().click();
  await expect(page.getByTestId('entity-title')).toHaveText(label);
}

test("the person's edits: from a SPARQL result to a restart", async ({ workbench: page, engram }) => {
  // 1. A SPARQL result opens its entity in the Entities tab.
  await openSparqlWith(
    page,
    `PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
SELECT ?entity ?label WHERE { ?entity rdfs:label ?label FILTER(STRSTARTS(?label, "Bought Asics")) }`,
  );
  await page.getByTestId('sparql-editor').locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+Enter');
  const result = page.getByTestId('result-row').first();
  await expect(result).toContainText('Bought Asics');
  await result.hover();
  await result.locator('[data-var="entity"]').getByTestId('result-iri-entities').click();
  await expect(page.getByTestId('entities-tab')).toBeVisible();
  await expect(page.getByTestId('entity-title')).toHaveText('Bought Asics Novablast 4 running shoes');
  await expect(page).toHaveURL(/#\/entities\?entity=https%3A%2F%2Fengram\.local%2Fmemory%2Fentity%2Fbuy-running-shoes/);
  const shoes = `${ENTITY}buy-running-shoes`;
  // Its values say where they come from: all extracted so far.
  await expect(row(page, `${SCHEMA}price`).getByTestId('origin')).toHaveText('extracted');
  // …and the messages it was derived from, with speaker and time.
  await expect(page.getByTestId('provenance-message').first()).toContainText('Asics Novablast 4, paid €120');

  // 2. Edit a literal (the price), keeping its datatype.
  await row(page, `${SCHEMA}price`).getByTestId('value-literal').click();
  await expect(page.getByTestId('literal-datatype')).toHaveValue('http://www.w3.org/2001/XMLSchema#decimal');
  await page.getByTestId('literal-value').fill('12x');
  await page.getByTestId('literal-save').click();
  await expect(page.locator('.field-error')).toContainText('Expected a number');
  await page.getByTestId('literal-value').fill('125.50');
  await page.getByTestId('literal-save').click();
  const price = row(page, `${SCHEMA}price`).getByTestId('value-row');
  await expect(price).toHaveCount(1);
  await expect(price).toHaveAttribute('data-value', '125.5');
  await expect(price.getByTestId('origin')).toHaveText('yours');

  // 3. Add a link with completion of the property (from the ontology) and of the entity.
  await page.getByTestId('add-value-button').click();
  await page.getByTestId('property-picker').fill('locat');
  await expect(page.getByTestId('property-picker-list')).toContainText('schema:location');
  await page.getByTestId('combobox-option').filter({ hasText: 'schema:location' }).first().click();
  await page.getByTestId('link-target').fill('Berl');
  await page.getByTestId('combobox-option').filter({ hasText: 'Berlin' }).first().click();
  const location = row(page, `${SCHEMA}location`).getByTestId('value-row');
  await expect(location.getByTestId('value-link')).toHaveText('Berlin');
  await expect(location.getByTestId('origin')).toHaveText('yours');
  // Each edit was one SPARQL UPDATE, in the history.
  await page.getByTestId('entities-history').click();
  await expect(page.getByTestId('edit-history')).toContainText('Added location to');
  await page.getByTestId('edit-history').locator('.menu-item').first().click();
  await expect(page.locator('.history-sparql')).toContainText('INSERT DATA');
  await page.keyboard.press('Escape');
  await screenshot(page, 'entity-edited-light');

  // 4. Merge two duplicate people: "Dr. Aydin" is "Dr. Selin Aydin".
  await openEntity(page, 'aydin', 'Dr. Aydin');
  await expect(page.getByTestId('duplicate-hints')).toContainText('Dr. Selin Aydin');
  await page.getByTestId('duplicate-merge').first().click();
  await page.getByTestId('merge-card').filter({ hasText: 'Dr. Selin Aydin' }).click();
  await expect(page.getByTestId('merge-confirm')).toContainText('Merge into “Dr. Selin Aydin”');
  await screenshot(page, 'entity-merge-dialog');
  await page.getByTestId('merge-confirm').click();
  await expect(page.getByTestId('entity-title')).toHaveText(/Dr\. (Selin )?Aydin/);
  await expect(page).toHaveURL(/dr-selin-aydin/);
  await expect(page.getByTestId('merged-from')).toContainText('dr-aydin');
  await expect(page.getByTestId('provenance-message')).toHaveCount(3);
  await expect(page.getByTestId('usage')).toContainText('Runner');

  // 5. Undo the merge, then redo it.
  await page.getByTestId('entities-undo').click();
  await expect(page.getByTestId('merged-from')).toHaveCount(0);
  await expect(page.getByTestId('provenance-message')).toHaveCount(1);
  await page.getByTestId('entities-redo').click();
  await expect(page.getByTestId('merged-from')).toBeVisible();
  await expect(page.getByTestId('provenance-message')).toHaveCount(3);
  await screenshot(page, 'entity-merged-light');

  // 6. Restart the server on the same data folder: every edit is still there.
  const dataDir = engram.dataDir;
  await engram.close({ keepData: true });
  const again = await startServe({ dataDir });
  try {
    await page.goto(`${again.url}#/entities?entity=${encodeURIComponent(shoes)}`);
    await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
    await expect(page.getByTestId('entity-title')).toHaveText('Bought Asics Novablast 4 running shoes');
    await expect(row(page, `${SCHEMA}price`).getByTestId('value-row')).toHaveAttribute('data-value', '125.5');
    await expect(row(page, `${SCHEMA}location`).getByTestId('value-link')).toHaveText('Berlin');
    await page.goto(`${again.url.split('?')[0]}#/entities?entity=${encodeURIComponent(`${ENTITY}dr-selin-aydin`)}`);
    await expect(page.getByTestId('merged-from')).toContainText('dr-aydin');
    await expect(page.getByTestId('provenance-message')).toHaveCount(3);
  } finally {
    await again.close();
  }
});

test('a deleted machine triple stays deleted when the machine graph is applied again', async ({ workbench: page, engram }) => {
  await openEntity(page, 'pixel', 'Pixel');
  const breed = row(page, `${PCM}petBreed`);
  await expect(breed.getByTestId('value-row')).toHaveAttribute('data-value', 'beagle');
  await expect(breed.getByTestId('origin')).toHaveText('extracted');
  await breed.getByTestId('value-row').hover();
  await breed.getByTestId('value-remove').click();
  await expect(breed).toHaveCount(0);

  // Importing the demo again re-applies its (machine) knowledge graph, as a re-extraction would.
  const job = await engram.api<{ id: string }>('importDemo');
  const done = await engram.waitForJob(job.id);
  expect(done.state).toBe('done');
  const ask = async () =>
    (await engram.api<{ kind: string; value: boolean }>('sparqlQuery', { query: `ASK { <${ENTITY}pixel> <${PCM}petBreed> ?b }` })).value;
  expect(await ask()).toBe(false);
  await page.reload();
  await expect(page.getByTestId('entity-title')).toHaveText('Pixel');
  await expect(row(page, `${PCM}petSpecies`).getByTestId('value-row')).toHaveAttribute('data-value', 'dog');
  await expect(row(page, `${PCM}petBreed`)).toHaveCount(0);

  // Undo brings it back (it was one journaled edit).
  await page.getByTestId('entities-undo').click();
  await expect(row(page, `${PCM}petBreed`).getByTestId('value-row')).toHaveAttribute('data-value', 'beagle');
  expect(await ask()).toBe(true);
});

test('types, rename, create and delete; provenance opens the message', async ({ workbench: page }) => {
  await openEntity(page, 'monty', 'Monty');
  // Rename in place.
  await page.getByTestId('entity-rename').click();
  await page.getByTestId('entity-rename-input').fill('Monty the monstera');
  await page.getByTestId('entity-rename-input').press('Enter');
  await expect(page.getByTestId('entity-title')).toHaveText('Monty the monstera');
  // Add a type with class completion.
  await page.getByTestId('add-type').click();
  await page.getByTestId('type-picker').fill('Produ');
  await page.getByTestId('combobox-option').filter({ hasText: 'schema:Product' }).first().click();
  await expect(page.getByTestId('type-chip').filter({ hasText: 'Product' })).toContainText('yours');
  // Remove it again.
  await page.getByTestId('type-chip').filter({ hasText: 'Product' }).getByRole('button', { name: /Remove type/ }).click();
  await expect(page.getByTestId('type-chip').filter({ hasText: 'Product' })).toHaveCount(0);

  // Create an entity of the selected class.
  await page.getByTestId('entities-new').click();
  await page.getByTestId('new-entity-label').fill('Aloe vera');
  await page.getByTestId('new-entity-class').fill('Plant');
  await page.getByTestId('combobox-option').filter({ hasText: 'pcm:Plant' }).first().click();
  await page.getByTestId('new-entity-create').click();
  await expect(page.getByTestId('entity-title')).toHaveText('Aloe vera');
  await expect(page.getByTestId('type-chip')).toContainText('Plant');
  // Delete it.
  await page.getByTestId('entity-delete').click();
  await page.getByTestId('delete-confirm').click();
  await expect(page.getByTestId('entity-view')).toHaveCount(0);

  // The class tree counts individuals through subclasses; a class lists its members.
  await page.getByTestId('entities-search').fill('');
  await page.getByTestId('class-filter').fill('plant');
  await page.getByTestId('class-row').filter({ hasText: 'Plant' }).first().locator('.tree-label').click();
  await expect(page.getByTestId('individual-count')).toHaveText('4');

  // Provenance: a message opens in Messages.
  await page.getByTestId('individual-row').filter({ hasText: 'Monty' }).click();
  await page.getByTestId('provenance-message').first().click();
  await expect(page.getByTestId('messages-tab')).toBeVisible();
  await expect(page.getByTestId('message-detail')).toContainText('Repotted the monstera');
  await expect(page.getByTestId('selection-chip')).toBeVisible();
});

for (const scheme of ['light', 'dark'] as const) {
  test(`an entity page, ${scheme}`, async ({ workbench: page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await openEntity(page, 'porto with', 'Long weekend in Porto with Lena');
    await expect(page.getByTestId('provenance-message').first()).toBeVisible();
    await screenshot(page, `entity-page-${scheme}`);
  });
}
