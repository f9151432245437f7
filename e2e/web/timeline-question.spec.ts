// The timeline's question box: a question → the planner → the sessions light up, Messages
// shows exactly the plan's rows, and the plan (and rewrite) can be read, edited and re-run.
import type { Page } from '@playwright/test';
import type { MessagePage, SessionInfo } from '../../shared/types';
import { expect, screenshot, test } from '../support/fixtures';

test.use({ withDemo: true });

/** Sessions that start within [from, to] (wall-clock dates, inclusive). */
function sessionsBetween(sessions: SessionInfo[], from: string, to: string): SessionInfo[] {
  return sessions.filter((s) => s.start.slice(0, 10) >= from && s.start.slice(0, 10) <= to);
}

const ids = (sessions: SessionInfo[]) => sessions.map((s) => s.id).sort((a, b) => a - b).join(',');
const count = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'message' : 'messages'}`;

/** Asks as if it were another moment (the question box's clock). */
async function askAsOf(page: Page, now: string) {
  await page.getByTestId('timeline-question-now').click();
  await page.getByTestId('timeline-question-now-input').fill(now);
  await page.getByRole('button', { name: 'Done' }).click();
}

async function ask(page: Page, question: string) {
  const box = page.getByTestId('timeline-question');
  await box.fill(question);
  await box.press('Enter');
}

test('ask the timeline, see the sessions and rows, edit the plan and run it again', async ({ workbench: page, engram }) => {
  const sessions = await engram.api<SessionInfo[]>('listSessions');
  const plot = page.getByTestId('timeline-plot');
  const card = page.getByTestId('timeline-question-popover');

  // "Last week", asked as if it were Friday, November 6, 2026: Monday October 26 – Sunday November 1.
  await askAsOf(page, '2026-11-06T12:00');
  await expect(page.getByTestId('timeline-question-now')).toContainText('2026-11-06 12:00');
  await ask(page, 'what did we discuss last week?');

  const lastWeek = sessionsBetween(sessions, '2026-10-26', '2026-11-01');
  expect(lastWeek.length).toBeGreaterThan(1);
  const lastWeekMessages = lastWeek.reduce((n, s) => n + s.messageCount, 0);
  await expect(plot).toHaveAttribute('data-plan-sessions', ids(lastWeek));
  await expect(page.getByTestId('timeline-question-result')).toContainText(`${count(lastWeekMessages)} in ${lastWeek.length} sessions`);
  await expect(page.getByTestId('plan-chip')).toContainText(`${lastWeekMessages} rows`);
  await expect(page.getByTestId('message-count')).toContainText(count(lastWeekMessages));
  const badges = new Set(await page.getByTestId('message-row').locator('.badge').allTextContents());
  expect([...badges].every((b) => lastWeek.some((s) => `S${s.index}` === b))).toBe(true);

  // The plan: one step on the week, quoting the question's words, and the planner's explanation.
  await expect(card.getByTestId('plan-step')).toHaveCount(1);
  await expect(card.getByTestId('plan-step-column')).toHaveValue('Week');
  await expect(card.getByTestId('plan-step-values')).toHaveValue('2026-W44');
  await expect(card.getByTestId('plan-step-why')).toHaveText('“last week”');
  await expect(card.getByTestId('plan-explanation')).toContainText("I read 'last week' as the week of Mon Oct 26, 2026 (2026-W44)");
  await expect(card.getByTestId('plan-not-understood')).toHaveCount(0);
  await expect(card.getByTestId('plan-classification')).toHaveText('time only');
  await screenshot(page, 'timeline-question-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, 'timeline-question-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  // Add a step from the column picker: only what Lena said.
  await card.getByTestId('plan-add-column').selectOption('Speaker');
  await expect(card.getByTestId('plan-step')).toHaveCount(2);
  await card.getByTestId('plan-step-values').nth(1).fill('Lena');
  await card.getByTestId('plan-run').click();
  const lena = await engram.api<MessagePage>('listMessages', { filter: { sessionIds: lastWeek.map((s) => s.id), speakers: ['Lena'] }, limit: 100 });
  expect(lena.total).toBeGreaterThan(0);
  const lenaSessions = [...new Set(lena.rows.map((r) => r.sessionId))].sort((a, b) => a - b).join(',');
  await expect(plot).toHaveAttribute('data-plan-sessions', lenaSessions);
  await expect(card.getByTestId('plan-result')).toContainText(count(lena.total));
  await expect(page.getByTestId('message-count')).toContainText(count(lena.total));
  await expect(page.getByTestId('plan-chip')).toContainText('edited plan');
  const speakers = new Set(await page.getByTestId('message-row').locator('.speaker').allTextContents());
  expect([...speakers]).toEqual(['Lena']);
  await screenshot(page, 'timeline-question-edited');

  // A value the engine cannot read: its message, inline; nothing else changes.
  await card.getByTestId('plan-step-values').first().fill('May 8');
  await card.getByTestId('plan-run').click();
  await expect(card.getByTestId('plan-error')).toContainText("Week: 'May 8' is not an ISO week");
  await expect(page.getByTestId('message-count')).toContainText(count(lena.total));

  // The plan as JSON: "our third conversation".
  await card.getByTestId('plan-step-values').first().fill('2026-W44');
  await card.getByTestId('plan-mode-json').click();
  const json = JSON.parse(await card.getByTestId('plan-json').inputValue());
  expect(json.chain).toEqual([
    { op: 'f_value', column: 'Week', values: ['2026-W44'], why: 'last week' },
    { op: 'f_value', column: 'Speaker', values: ['Lena'] },
  ]);
  json.chain = [{ op: 'f_value', column: 'Session_Index', values: [3] }];
  await card.getByTestId('plan-json').fill(JSON.stringify(json, null, 2));
  await card.getByTestId('plan-run').click();
  const third = sessions.find((s) => s.index === 3)!;
  await expect(plot).toHaveAttribute('data-plan-sessions', String(third.id));
  await expect(page.getByTestId('message-count')).toContainText(count(third.messageCount));
  await card.getByTestId('plan-mode-steps').click();
  await expect(card.getByTestId('plan-step-column')).toHaveValue('Session_Index');

  // Reset goes back to the plan as planned.
  await card.getByTestId('plan-reset').click();
  await expect(card.getByTestId('plan-step-values')).toHaveValue('2026-W44');
  await card.getByTestId('plan-run').click();
  await expect(plot).toHaveAttribute('data-plan-sessions', ids(lastWeek));

  // Clearing the plan's rows: the highlight goes, Messages shows everything again.
  const total = await engram.api<MessagePage>('listMessages', { filter: {}, limit: 1 });
  await page.getByTestId('clear-plan').click();
  await expect(plot).not.toHaveAttribute('data-plan-sessions', /./);
  await expect(page.getByTestId('message-count')).toContainText(count(total.total));
  await expect(page.getByTestId('timeline-question-result')).toHaveCount(0);
});

test('a follow-up question takes its date from the one before, and the rewrite is shown', async ({ workbench: page, engram }) => {
  const sessions = await engram.api<SessionInfo[]>('listSessions');
  const plot = page.getByTestId('timeline-plot');
  const card = page.getByTestId('timeline-question-popover');

  await ask(page, 'what did we talk about on October 16?');
  const oct16 = sessionsBetween(sessions, '2026-10-16', '2026-10-16');
  expect(oct16.length).toBe(1);
  await expect(plot).toHaveAttribute('data-plan-sessions', ids(oct16));
  await expect(card.getByTestId('plan-step-values')).toHaveValue('2026-10-16');
  await expect(card.getByTestId('plan-rewrite')).toHaveCount(0);

  await ask(page, 'and the day before?');
  const oct15 = sessionsBetween(sessions, '2026-10-15', '2026-10-15');
  await expect(plot).toHaveAttribute('data-plan-sessions', ids(oct15));
  await expect(card.getByTestId('plan-rewrite')).toContainText('on October 16');
  await expect(card.getByTestId('plan-step-values')).toHaveValue('2026-10-15');
  await expect(page.getByTestId('message-count')).toContainText(count(oct15[0].messageCount));

  // Escape folds the plan away; the rows stay.
  await page.getByTestId('timeline-question').press('Escape');
  await expect(card).toHaveCount(0);
  await expect(plot).toHaveAttribute('data-plan-sessions', ids(oct15));
});

test('texting forms are read and said so; words that look like a time but are not read are shown', async ({ workbench: page, engram }) => {
  const sessions = await engram.api<SessionInfo[]>('listSessions');
  const plot = page.getByTestId('timeline-plot');
  const card = page.getByTestId('timeline-question-popover');
  await askAsOf(page, '2026-11-06T12:00');

  // "abt" and "wk" are read as "about" and "week": the same week as "last week", no ranking by "abt".
  await ask(page, 'what did we talk abt last wk');
  const lastWeek = sessionsBetween(sessions, '2026-10-26', '2026-11-01');
  await expect(plot).toHaveAttribute('data-plan-sessions', ids(lastWeek));
  await expect(card.getByTestId('plan-step-values')).toHaveValue('2026-W44');
  await expect(card.getByTestId('plan-explanation')).toContainText("I read 'last wk' (last week) as the week of Mon Oct 26, 2026 (2026-W44)");
  await expect(card.getByTestId('plan-classification')).toHaveText('time only');
  await expect(card.getByTestId('plan-rank')).toHaveCount(0);

  // "a while ago" is no time the planner can read: it says so, in the card and beside the result, and searches nothing for it.
  await ask(page, 'what did we discuss a while ago?');
  await expect(card.getByTestId('plan-not-understood')).toBeVisible();
  await expect(card.getByTestId('plan-not-understood-words')).toHaveText(['a while ago']);
  await expect(card.getByTestId('plan-explanation')).toContainText("Not understood as a time: 'a while ago'");
  await expect(card.getByTestId('plan-rank')).toHaveCount(0);
  await expect(page.getByTestId('timeline-question-unread')).toBeVisible();
  await screenshot(page, 'timeline-question-not-understood');
});
