// SPARQL: run a SELECT, sort the results, open an IRI; syntax errors are marked in the editor.
import { expect, openTab, screenshot, test } from '../support/fixtures';
import type { Page } from '@playwright/test';

test.use({ withDemo: true });

const POSTS_QUERY = `PREFIX sioc: <http://rdfs.org/sioc/ns#>
PREFIX dcterms: <http://purl.org/dc/terms/>
SELECT ?post ?created WHERE {
  ?post a sioc:Post ;
        dcterms:created ?created .
}
LIMIT 40`;

/** Puts a query in the editor: the SPARQL tab starts from the last query of this browser. */
async function openSparqlWith(page: Page, query: string) {
  await page.evaluate((q) => localStorage.setItem('engram.sparql.query', JSON.stringify(q)), query);
  await openTab(page, 'sparql');
  await expect(page.getByTestId('sparql-editor').locator('.view-lines')).toContainText(query.split('\n')[0].slice(0, 20));
}

test('run a SPARQL SELECT, sort the results and open an IRI', async ({ workbench: page }) => {
  await openSparqlWith(page, POSTS_QUERY);
  await page.getByTestId('sparql-editor').locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(page.getByTestId('sparql-row-count')).toHaveText('40 rows');
  await expect(page.getByTestId('sparql-elapsed')).toHaveText(/\d+(\.\d+)? (ms|s)/);

  const ids = () => page.getByTestId('result-row').locator('[data-var="created"]').allTextContents();
  const idHeader = page.getByTestId('result-column').filter({ hasText: '?created' });
  await idHeader.click();
  await expect(idHeader).toHaveAttribute('aria-sort', 'ascending');
  const asc = await ids();
  expect(asc.length).toBeGreaterThan(5);
  expect(asc).toEqual([...asc].sort((a, b) => a.localeCompare(b, undefined, { numeric: true })));
  await idHeader.click();
  await expect(idHeader).toHaveAttribute('aria-sort', 'descending');
  const desc = await ids();
  expect(desc).toEqual([...desc].sort((a, b) => b.localeCompare(a, undefined, { numeric: true })));
  expect(desc[0]).not.toBe(asc[0]);
  await screenshot(page, 'sparql-sorted');

  // An IRI in the results opens the entity (its description as Turtle).
  const firstIri = page.getByTestId('result-row').first().getByTestId('result-iri');
  const iri = (await firstIri.getAttribute('title'))!;
  await firstIri.click();
  await expect(page.getByTestId('ttl-tab')).toBeVisible();
  await expect(page.getByTestId('ttl-target')).toContainText('Entity');
  await expect(page).toHaveURL(new RegExp(`entity=${encodeURIComponent(iri).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  await expect(page.getByTestId('ttl-editor').locator('.view-lines')).toContainText('sioc:Post');
});

test('a SPARQL syntax error is marked in the editor', async ({ workbench: page }) => {
  await openSparqlWith(page, 'SELECT ?s WHERE {\n  ?s ?p\n}');
  await page.getByTestId('sparql-run').click();
  await expect(page.getByTestId('sparql-error')).toBeVisible();
  await expect(page.getByTestId('sparql-editor').locator('.squiggly-error').first()).toBeVisible();
  await screenshot(page, 'sparql-error');
});

test('a SPARQL UPDATE runs only after a confirm, and can be undone', async ({ workbench: page, engram }) => {
  const update = 'INSERT DATA { GRAPH <https://engram.local/memory/graph/user> { <https://engram.local/memory/e2e> <http://www.w3.org/2000/01/rdf-schema#label> "from e2e" } }';
  await openSparqlWith(page, update);
  await page.getByTestId('sparql-run').click();
  await page.getByRole('dialog', { name: 'Confirm update' }).getByRole('button', { name: 'Cancel' }).click();
  const ask = 'ASK { GRAPH ?g { <https://engram.local/memory/e2e> ?p "from e2e" } }';
  expect(await engram.api('sparqlQuery', { query: ask })).toMatchObject({ value: false });
  await page.getByTestId('sparql-run').click();
  await page.getByTestId('confirm-update').click();
  await expect(page.locator('.toast')).toContainText('Update applied as edit');
  expect(await engram.api('sparqlQuery', { query: ask })).toMatchObject({ value: true });
  await page.locator('.toast').getByRole('button', { name: 'Undo' }).click();
  await expect.poll(async () => ((await engram.api('sparqlQuery', { query: ask })) as { value: boolean }).value).toBe(false);
});

test('completion offers the classes and properties known to the store', async ({ workbench: page }) => {
  await openSparqlWith(page, 'PREFIX sioc: <http://rdfs.org/sioc/ns#>\nSELECT ?s WHERE {\n  ?s a ');
  await page.getByTestId('sparql-editor').locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('sioc:P');
  const suggest = page.locator('.suggest-widget');
  await expect(suggest).toBeVisible();
  await expect(suggest).toContainText('sioc:Post');
  await screenshot(page, 'sparql-completion');
});
