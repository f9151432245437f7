// Topics and stances over time in the workbench (issue 19), on the demo memory and on an imported
// LoCoMo log: the timeline's topic lane (a row selects its topic's sessions in Messages), a
// topic's page in the Entities tab (its sessions, messages and related entities), and a person's
// stance history (the current stance, then the history one click away, with validity). What the
// workbench shows is checked against what the API returns for the same memory. Screenshots go to
// e2e/artifacts/. The LoCoMo log lies beside the repository (imported by path, never copied);
// without it that test says so and is skipped.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { GraphInfo, JobInfo, SessionInfo, StanceHistory, Stats, TopicDetail, TopicLane } from '../../shared/types';
import { expect, screenshot, test } from '../support/fixtures';
import { ROOT, startServe, type Served } from '../support/serve';

// Conversation 42: the automatic extraction finds a preference of Nate's that changed (the
// stance history needs one; in 26, 30 and 41 it finds none that changed).
const LOCOMO_42 = join(ROOT, '../shared/datasets/locomo/42.json');

/** Polls the API until the topic pass has labelled sessions (it runs with the automatic graph). */
async function topicLaneOf(served: Served): Promise<TopicLane> {
  let lane: TopicLane = { topics: [], cells: [] };
  await expect
    .poll(async () => (lane = await served.api<TopicLane>('topicLane', {})).topics.length, { timeout: 90_000, message: 'the topic pass labels sessions after the import' })
    .toBeGreaterThan(0);
  return lane;
}

/** The topic lane: rows are the top topics; a row selects its sessions (Messages shows only them). */
async function checkLane(page: Page, served: Served, lane: TopicLane, name: string) {
  const rows = page.getByTestId('topic-lane').getByTestId('topic-row');
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  const shown = await rows.count();
  expect(shown).toBeGreaterThan(0);
  expect(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-topic')))).toEqual(lane.topics.slice(0, shown).map((t) => t.label));
  await page.waitForFunction(() => (window.__engramTopicLane?.marks ?? 0) > 0);
  await screenshot(page, `topics-${name}-lane`);

  // the first row selects its topic's sessions
  const sessions = await served.api<SessionInfo[]>('listSessions', {});
  const ids = new Set(lane.cells.filter((c) => c.topic === 0).map((c) => c.sessionId));
  const badges = new Set(sessions.filter((s) => ids.has(s.id)).map((s) => `S${s.index}`));
  expect(badges.size).toBe(lane.topics[0].sessions);
  await rows.first().click();
  await expect(rows.first().locator('xpath=..')).toHaveClass(/selected/);
  const expectedCount = sessions.filter((s) => ids.has(s.id)).reduce((n, s) => n + s.messageCount, 0);
  await expect(page.getByTestId('message-count')).toContainText(`${expectedCount.toLocaleString('en-US')} message`);
  const seen = new Set(await page.getByTestId('message-row').locator('.badge').allTextContents());
  expect(seen.size).toBeGreaterThan(0);
  for (const b of seen) expect(badges, `message badge ${b} belongs to a session of "${lane.topics[0].label}"`).toContain(b);
  await screenshot(page, `topics-${name}-lane-selected`);
}

/** A topic's page, opened from the lane's arrow: its sessions, messages and related entities. */
async function checkTopicPage(page: Page, served: Served, lane: TopicLane, name: string) {
  const topic = lane.topics[0];
  const detail = (await served.api<TopicDetail | null>('getTopic', { iri: topic.iri }))!;
  expect(detail.sessions.length).toBe(topic.sessions);
  await page.getByTestId('topic-lane').getByTestId('topic-open').first().click();
  const view = page.getByTestId('topic-page');
  await expect(view).toBeVisible();
  await expect(page.getByTestId('entities-tab').getByTestId('entity-title')).toHaveText(topic.label);
  await expect(view.getByTestId('topic-summary')).toContainText(`${topic.sessions} session`);
  await expect(view.getByTestId('topic-session')).toHaveCount(detail.sessions.length);
  expect(detail.messages.length).toBeGreaterThan(0);
  await expect(view.getByTestId('provenance-message').first()).toBeVisible();
  if (detail.related.length) await expect(view.getByTestId('topic-related').locator('.chip')).toHaveCount(detail.related.length);
  await screenshot(page, `topics-${name}-topic-page`);

  // a session of the topic selects it on the timeline
  await view.getByTestId('topic-session').first().click();
  await expect(page).toHaveURL(new RegExp(`session=${detail.sessions[0].session.id}\\b`));
}

/** A person's stances: the current one, then the history with validity one click away. */
async function checkStanceHistory(page: Page, served: Served, name: string) {
  const changed = await served.api<StanceHistory[]>('stances', { changedOnly: true });
  expect(changed.length, 'a stance that changed over time').toBeGreaterThan(0);
  const h = changed.sort((a, b) => b.history.length - a.history.length)[0];
  expect(h.history.length).toBeGreaterThan(1);
  await page.goto(`${served.url}#/entities?entity=${encodeURIComponent(h.person.iri)}`);
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
  const section = page.getByTestId('person-stances');
  await expect(section).toBeVisible({ timeout: 30_000 });
  const row = section.locator(`[data-testid="stance"][data-subject="${h.subject.replace(/"/g, '\\"')}"]`).first();
  await expect(row).toContainText(h.current.label);
  await expect(row.getByTestId('stance-history')).toHaveCount(0);
  await row.getByTestId('stance-history-toggle').click();
  const items = row.getByTestId('stance-history').locator('li');
  await expect(items).toHaveCount(h.history.length);
  for (let i = 0; i < h.history.length; i++) await expect(items.nth(i)).toContainText(h.history[i].label);
  // the earlier stance ends where a later one begins; the current one holds until now
  expect(h.history[0].validUntil).not.toBeNull();
  expect(h.history[0].supersededBy).not.toBeNull();
  await expect(items.first()).toHaveClass(/past/);
  await expect(items.last()).toHaveClass(/current/);
  await expect(items.last()).toContainText('now');
  await screenshot(page, `topics-${name}-stance-history`);
}

test.describe('demo memory', () => {
  test.use({ withDemo: true });

  test('topic lane, a topic page and a stance history', async ({ workbench: page, engram }) => {
    test.setTimeout(180_000);
    const lane = await topicLaneOf(engram);
    await page.reload();
    await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
    await checkLane(page, engram, lane, 'demo');
    await checkTopicPage(page, engram, lane, 'demo');
    await checkStanceHistory(page, engram, 'demo');
  });
});

test('an imported LoCoMo log: topic lane, a topic page and a stance history', async ({ page }) => {
  test.skip(!existsSync(LOCOMO_42), `the LoCoMo log ${LOCOMO_42} is not there (it lies beside the repository, in ../shared/datasets): nothing to import`);
  test.setTimeout(240_000);
  const served = await startServe();
  try {
    await expect.poll(async () => (await served.api<Stats>('stats')).graphReady, { timeout: 30_000 }).toBe(true);
    await expect.poll(async () => (await served.api<GraphInfo[]>('listGraphs')).some((g) => g.kind === 'ontology'), { timeout: 30_000 }).toBe(true);
    const job = await served.api<JobInfo>('importPaths', { paths: [LOCOMO_42] });
    expect((await served.waitForJob(job.id, 120_000)).state).toBe('done');
    const lane = await topicLaneOf(served);
    await page.goto(served.url);
    await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
    await checkLane(page, served, lane, 'locomo');
    await checkTopicPage(page, served, lane, 'locomo');
    await checkStanceHistory(page, served, 'locomo');
  } finally {
    await served.close();
  }
});
