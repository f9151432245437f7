// Ask on the person's own data, as a new user meets it: a fresh memory (no demo) with a LoCoMo log
// and a ChatGPT export imported, no model. The suggested questions are made from this memory, not
// the demo's, and each one is answered (status "Answer", with evidence) when clicked.
import { join } from 'node:path';
import type { JobInfo } from '../../shared/types';
import { expect, openTab, screenshot, test } from '../support/fixtures';
import { ROOT } from '../support/serve';

test.use({ withDemo: false });

test('the suggested questions come from the imported memory and are each answered', async ({ workbench: page, engram }) => {
  for (const file of [join(ROOT, 'test/fixtures/locomo/mini.json'), join(ROOT, 'test/fixtures/chatgpt/conversations.json')]) {
    const job = await engram.api<{ id: string }>('importPaths', { paths: [file] });
    expect((await engram.waitForJob(job.id, 120_000)).state).toBe('done');
  }
  // the automatic graph and the topic pass run after each import
  await expect.poll(async () => (await engram.api<JobInfo[]>('listJobs')).filter((j) => j.state === 'running').length, { timeout: 120_000 }).toBe(0);

  const suggested = await engram.api<string[]>('askSuggestions', {});
  expect(suggested.length).toBeGreaterThan(0);
  // nothing of the demo is suggested for a memory that has none of it
  expect(suggested).not.toContain('How much did I spend on my last trip?');

  await page.reload();
  await openTab(page, 'ask');
  await expect(page.getByTestId('ask-example').first()).toBeVisible({ timeout: 30_000 });
  const shown = await page.getByTestId('ask-example').allTextContents();
  expect(shown).toEqual(suggested);
  await screenshot(page, 'ask-own-data-suggestions');

  let first = true;
  for (const question of shown) {
    if (!first) await page.getByTestId('ask-new').click();
    first = false;
    const before = await page.getByTestId('ask-turn').count();
    await page.getByTestId('ask-example').filter({ hasText: question }).click();
    await expect(page.getByTestId('ask-turn')).toHaveCount(before + 1, { timeout: 60_000 }); // an answer can take seconds on a loaded machine
    await expect(page.getByTestId('ask-pending')).toHaveCount(0);
    const turn = page.getByTestId('ask-turn').last();
    await expect(turn.getByTestId('ask-status'), question).toHaveAttribute('data-status', 'answered');
    await expect(turn.getByTestId('ask-answer')).not.toBeEmpty();
  }
  await screenshot(page, 'ask-own-data-answered');
});
