// Import through the file picker: progress to the end, the source listed, errors inline.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, screenshot, test } from '../support/fixtures';

/** A generic JSONL chat log: `conversations` × `perConversation` messages, an hour apart per chat. */
function chatFixture(conversations: number, perConversation: number): string {
  const lines: string[] = [];
  for (let c = 0; c < conversations; c++) {
    for (let m = 0; m < perConversation; m++) {
      const day = new Date(Date.UTC(2025, 0, 1 + c * 3, 9, 0, 0) + m * 45_000);
      const user = m % 2 === 0;
      lines.push(
        JSON.stringify({
          conversation_id: `chat-${c}`,
          title: `Planning chat ${c + 1}`,
          speaker: user ? 'Robin' : 'Assistant',
          role: user ? 'user' : 'assistant',
          text: user ? `Question ${m} about the garden project, week ${c}.` : `Answer ${m}: water the tomatoes early and mulch the beds.`,
          timestamp: day.toISOString(),
        }),
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

test('import a fixture through the file picker and watch the progress bar finish', async ({ workbench: page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'engram-fixture-'));
  const file = join(dir, 'garden-chats.jsonl');
  writeFileSync(file, chatFixture(40, 100)); // 4,000 messages
  const broken = join(dir, 'notes.json');
  writeFileSync(broken, 'this is not a chat export');

  await page.getByTestId('open-import').click();
  const dialog = page.getByRole('dialog', { name: 'Import' });
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('import-file-input').setInputFiles(file);

  const job = dialog.getByTestId('job').filter({ hasText: 'garden-chats.jsonl' });
  await expect(job).toBeVisible();
  await expect(job).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
  await expect(job.getByTestId('job-counts')).toContainText('4,000 / 4,000 messages');
  await expect(job.getByTestId('job-elapsed')).toHaveText(/\d/);
  await expect(dialog.getByTestId('source').filter({ hasText: 'garden-chats.jsonl' })).toBeVisible();
  await screenshot(page, 'import-done');

  // A file the engine cannot read: its name and the reason, inline.
  await dialog.getByTestId('import-file-input').setInputFiles(broken);
  const failed = dialog.getByTestId('job').filter({ hasText: 'notes.json' });
  await expect(failed).toHaveAttribute('data-state', 'failed', { timeout: 60_000 });
  await expect(failed.getByTestId('job-error')).toContainText('notes.json');
  await expect(failed.getByTestId('job-error')).toContainText(/format/i);

  await page.keyboard.press('Escape');
  await expect(page.getByTestId('message-count')).toContainText('4,000 messages');
});

test('a source can be deleted from the import panel', async ({ workbench: page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'engram-fixture-'));
  const file = join(dir, 'small.jsonl');
  writeFileSync(file, chatFixture(2, 10));
  await page.getByTestId('open-import').click();
  await page.getByRole('dialog', { name: 'Import' }).getByTestId('import-file-input').setInputFiles(file);
  const source = page.getByTestId('source').filter({ hasText: 'small.jsonl' });
  await expect(source).toBeVisible();
  await source.getByRole('button', { name: 'Delete small.jsonl' }).click();
  await page.getByTestId('confirm-delete-source').click();
  await expect(source).toHaveCount(0);
});

test('a running import can be cancelled', async ({ workbench: page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'engram-fixture-'));
  const file = join(dir, 'long-history.jsonl');
  writeFileSync(file, chatFixture(300, 100)); // 30,000 messages: long enough to cancel
  await page.getByTestId('open-import').click();
  const dialog = page.getByRole('dialog', { name: 'Import' });
  await dialog.getByTestId('import-file-input').setInputFiles(file);
  const job = dialog.getByTestId('job').filter({ hasText: 'long-history.jsonl' });
  await expect(job).toHaveAttribute('data-state', 'running');
  await expect(job.getByRole('progressbar')).toBeVisible();
  await screenshot(page, 'import-running');
  await job.getByTestId('job-cancel').click();
  await expect(job).toHaveAttribute('data-state', 'cancelled', { timeout: 60_000 });
  await expect(job.getByTestId('job-counts')).toContainText('cancelled');
  await expect(dialog.getByTestId('source').filter({ hasText: 'long-history.jsonl' })).toHaveCount(0);
});
