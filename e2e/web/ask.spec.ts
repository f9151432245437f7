// Ask on the demo memory: a time, a content and an entity question answered with the true
// answers (resources/demo/demo-questions.jsonl), follow-ups, the generated SPARQL edited and
// re-run, evidence into Messages and Entities, conversations kept by the engine.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import type { SessionInfo } from '../../shared/types';
import { expect, openTab, screenshot, test } from '../support/fixtures';
import { ROOT } from '../support/serve';

test.use({ withDemo: true });

const TRUE_ANSWERS = new Map(
  readFileSync(join(ROOT, 'resources/demo/demo-questions.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as { question: string; answer: string; kind: string })
    .map((q) => [q.question, q]),
);

/** A demo question with the parts of its true answer the answer on screen must say. */
function demoQuestion(question: string, kind: string, parts: string[]) {
  const truth = TRUE_ANSWERS.get(question);
  expect(truth, `"${question}" is a demo question`).toBeTruthy();
  expect(truth!.kind).toBe(kind);
  for (const part of parts) expect(truth!.answer).toContain(part);
  return { question, parts };
}

const TIME = demoQuestion('When was my appointment with the orthopedist?', 'time', ['Tuesday, October 20, 2026']);
const CONTENT = demoQuestion('How much did I pay for my new running shoes?', 'content', ['€120']);
const ENTITY = demoQuestion('Who went with me to the Nightjar Parade concert?', 'entity', ['Jonas']);

async function ask(page: Page, question: string): Promise<Locator> {
  const before = await page.getByTestId('ask-turn').count();
  await page.getByTestId('ask-input').fill(question);
  await page.getByTestId('ask-input').press('Enter');
  await expect(page.getByTestId('ask-turn')).toHaveCount(before + 1, { timeout: 60_000 }); // an answer can take seconds on a loaded machine
  await expect(page.getByTestId('ask-pending')).toHaveCount(0);
  // The turn by its id: later turns must not move the locator.
  const id = await page.getByTestId('ask-turn').last().getAttribute('data-turn-id');
  return page.locator(`[data-testid="ask-turn"][data-turn-id="${id}"]`);
}

test('ask time, content and entity questions; follow-ups; evidence opens in Messages and Entities', async ({ workbench: page, engram }) => {
  const sessions = await engram.api<SessionInfo[]>('listSessions');
  await openTab(page, 'ask');
  await expect(page.getByTestId('ask-tab')).toBeVisible();
  await expect(page.getByTestId('ask-example').first()).toBeVisible();

  // A time question answered from the graph, with its date.
  let turn = await ask(page, TIME.question);
  for (const part of TIME.parts) await expect(turn.getByTestId('ask-answer')).toContainText(part);
  await expect(turn.getByTestId('ask-route')).toHaveText('Graph');
  await expect(turn.getByTestId('evidence-triple').first()).toBeVisible();

  // A question about a day goes to the timeline planner: its plan in the turn, its sessions lit up.
  turn = await ask(page, 'What did we talk about on October 16?');
  await expect(turn.getByTestId('ask-route')).toHaveText('Timeline');
  const oct16 = sessions.filter((s) => s.start.startsWith('2026-10-16'));
  await expect(turn.getByTestId('ask-answer')).toContainText(oct16[0].conversationTitle);
  await expect(turn.getByTestId('ask-timeline-plan').getByTestId('plan-step-values')).toHaveValue('2026-10-16');
  await expect(page.getByTestId('timeline-plot')).toHaveAttribute('data-plan-sessions', String(oct16[0].id));
  // …and a follow-up takes the day from it.
  turn = await ask(page, 'and the day before?');
  await expect(turn.getByTestId('ask-rewrite')).toContainText('October 16');
  const oct15 = sessions.filter((s) => s.start.startsWith('2026-10-15'));
  await expect(turn.getByTestId('ask-answer')).toContainText(oct15[0].conversationTitle);
  await expect(page.getByTestId('timeline-plot')).toHaveAttribute('data-plan-sessions', String(oct15[0].id));
  await expect(page.getByTestId('plan-chip')).toContainText(`${oct15[0].messageCount} rows`);
  await screenshot(page, 'ask-timeline-turn');
  // The turn's plan is the timeline's plan card: edited and run, the turn is answered again with
  // it (rerunAskPlan) — its rows, evidence and answer follow — and its rows go to the timeline and Messages.
  const plan = turn.getByTestId('ask-timeline-plan');
  await plan.getByTestId('plan-step-values').fill('2026-10-16');
  await plan.getByTestId('plan-run').click();
  await expect(turn.getByTestId('ask-answer')).toContainText(oct16[0].conversationTitle);
  await expect(turn.getByTestId('ask-answer')).not.toContainText(oct15[0].conversationTitle);
  await expect(page.getByTestId('timeline-plot')).toHaveAttribute('data-plan-sessions', String(oct16[0].id));
  await expect(page.getByTestId('plan-chip')).toContainText('edited plan');
  await expect(plan.getByTestId('plan-result')).toContainText(`${oct16[0].messageCount} messages in 1 session`);
  await expect(plan.locator('.badge', { hasText: 'edited' })).toBeVisible();
  // Back to the plan as planned: the day before again, and its answer.
  await plan.getByTestId('ask-plan-back').click();
  await expect(turn.getByTestId('ask-answer')).toContainText(oct15[0].conversationTitle);
  await expect(plan.getByTestId('plan-step-values')).toHaveValue('2026-10-15');
  await expect(plan.getByTestId('ask-plan-back')).toHaveCount(0);

  // A new conversation: a content question, then an entity question and a follow-up.
  await page.getByTestId('ask-new').click();
  await expect(page.getByTestId('ask-turn')).toHaveCount(0);
  turn = await ask(page, CONTENT.question);
  for (const part of CONTENT.parts) await expect(turn.getByTestId('ask-answer')).toContainText(part);

  turn = await ask(page, ENTITY.question);
  for (const part of ENTITY.parts) await expect(turn.getByTestId('ask-answer')).toContainText(part);
  await expect(turn.getByTestId('ask-route')).toHaveText('Graph');
  await expect(turn.getByTestId('ask-sparql-editor').locator('.view-lines')).toContainText('SELECT');
  await screenshot(page, 'ask-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, 'ask-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  const followUp = await ask(page, 'who else was there?');
  await expect(followUp.getByTestId('ask-rewrite')).toContainText('Nightjar Parade');
  await expect(page.getByTestId('ask-conversation')).toHaveCount(2);

  // Evidence: a message opens in Messages…
  const evidence = turn.getByTestId('evidence-message').first();
  const messageId = await evidence.getAttribute('data-message-id');
  const text = (await evidence.locator('.ev-text').textContent())!;
  await evidence.click();
  await expect(page.getByTestId('messages-tab')).toBeVisible();
  await expect(page.getByTestId('message-detail')).toContainText(text.slice(0, 60));
  await expect(page.locator(`[data-testid="message-row"][data-message-id="${messageId}"]`)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('selection-chip')).toBeVisible();

  // …and an entity of a triple in Entities.
  await openTab(page, 'ask');
  const entity = turn.getByTestId('evidence-entity').first();
  const iri = (await entity.getAttribute('data-iri'))!;
  const label = (await entity.textContent())!;
  await entity.click();
  await expect(page).toHaveURL(new RegExp(`#/entities\\?(.*&)?entity=${encodeURIComponent(iri).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  await expect(page.getByTestId('entity-view')).toHaveAttribute('data-iri', iri);
  await expect(page.getByTestId('entity-title')).toHaveText(label);

  // The conversations are the engine's: after a reload the last one is back, with its turns.
  await openTab(page, 'ask');
  await page.reload();
  await expect(page.getByTestId('ask-tab')).toBeVisible();
  await expect(page.getByTestId('ask-conversation')).toHaveCount(2);
  await expect(page.getByTestId('ask-turn')).toHaveCount(3);
  await expect(page.getByTestId('ask-question').first()).toHaveText(CONTENT.question);

  // Deleting a conversation asks first.
  await page.getByTestId('ask-conversation').nth(1).hover();
  await page.getByTestId('ask-conversation-delete').nth(1).click();
  await page.getByTestId('ask-confirm-delete').click();
  await expect(page.getByTestId('ask-conversation')).toHaveCount(1);
  expect((await engram.api<unknown[]>('listAskConversations')).length).toBe(1);
});

test('edit the generated SPARQL and re-run it: the rows and the answer change; back to generated; open in the SPARQL tab', async ({ workbench: page }) => {
  await openTab(page, 'ask');
  const turn = await ask(page, ENTITY.question);
  await expect(turn.getByTestId('ask-answer')).toContainText('Jonas');
  const rowsBefore = await turn.getByTestId('ask-result-row').count();
  expect(rowsBefore).toBeGreaterThan(0);
  const editor = turn.getByTestId('ask-sparql-editor');

  // Another query in place of the template's: everything labelled with Lena.
  await editor.locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText('PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#> SELECT ?x ?label WHERE { ?x rdfs:label ?label . FILTER(REGEX(STR(?label), "Lena", "i")) }');
  await turn.getByTestId('ask-sparql-run').click();
  await expect(turn.getByTestId('ask-answer')).toContainText('Lena');
  await expect(turn.getByTestId('ask-answer')).not.toContainText('Jonas');
  await expect(turn.getByTestId('ask-result-row').first()).toContainText('Lena');
  await expect(turn.locator('.badge', { hasText: 'your query' })).toBeVisible();
  await expect(turn.getByTestId('ask-result-row')).not.toHaveCount(rowsBefore);
  await screenshot(page, 'ask-sparql-edited');

  // A query that is not read-only is refused, calmly, in the turn.
  await editor.locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText('DELETE WHERE { ?s ?p ?o }');
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(turn.getByTestId('ask-sparql-error')).toContainText('Only read-only queries');
  await expect(turn.getByTestId('ask-warnings')).toContainText('Only read-only queries');

  // Back to the generated query: its answer again.
  await turn.getByTestId('ask-sparql-back').click();
  await expect(turn.getByTestId('ask-answer')).toContainText('Jonas');
  await expect(turn.getByTestId('ask-sparql-error')).toHaveCount(0);
  await expect(turn.getByTestId('ask-sparql-back')).toHaveCount(0);
  await expect(turn.getByTestId('ask-result-row')).toHaveCount(rowsBefore);

  // Open in the SPARQL tab: the query goes along.
  await turn.getByTestId('ask-sparql-open').click();
  await expect(page.getByTestId('sparql-tab')).toBeVisible();
  await expect(page.getByTestId('sparql-editor').locator('.view-lines')).toContainText('Who took part in events');
  await page.getByTestId('sparql-run').click();
  await expect(page.getByTestId('result-row').first()).toContainText('Jonas');
});
