// A ChatGPT export with one broken conversation: the rest is imported and the skipped one is
// listed (position, title, id, reason) in the import dialog; "All or nothing" refuses the file.
import { join } from 'node:path';
import { ROOT } from '../support/serve';
import { expect, screenshot, test } from '../support/fixtures';

const BROKEN = join(ROOT, 'test', 'fixtures', 'formats', 'chatgpt-broken.json');

test('a broken conversation is skipped and listed; the rest is imported', async ({ workbench: page }) => {
  await page.getByTestId('open-import').click();
  const dialog = page.getByRole('dialog', { name: 'Import' });
  await dialog.getByTestId('import-file-input').setInputFiles(BROKEN);
  const job = dialog.getByTestId('job').filter({ hasText: 'chatgpt-broken.json' });
  await expect(job).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
  await expect(job.getByTestId('job-counts')).toContainText('7 / 7 messages');
  const report = job.getByTestId('import-report');
  await expect(report).toContainText('1 conversation skipped, the rest imported');
  await expect(report.getByTestId('import-skipped')).toHaveText('Conversation 2 “Broken: no mapping” (cg-2): it has no mapping (its messages are missing from the export)');
  await expect(report.getByTestId('import-warning')).toContainText('Conversation 3 “Dangling current node” (cg-3): its current_node gone is not in its mapping');
  await expect(dialog.getByTestId('source').filter({ hasText: 'chatgpt-broken.json' }).getByTestId('source-skipped')).toHaveText('1 skipped');
  await screenshot(page, 'import-skipped-conversation');
});

test('"All or nothing" refuses the file and names the conversation', async ({ workbench: page }) => {
  await page.getByTestId('open-import').click();
  const dialog = page.getByRole('dialog', { name: 'Import' });
  await dialog.getByTestId('import-strict').check();
  await dialog.getByTestId('import-file-input').setInputFiles(BROKEN);
  const job = dialog.getByTestId('job').filter({ hasText: 'chatgpt-broken.json' });
  await expect(job).toHaveAttribute('data-state', 'failed', { timeout: 60_000 });
  await expect(job.getByTestId('job-error')).toContainText('conversation 2 "Broken: no mapping" (cg-2) cannot be read');
  await expect(dialog.getByTestId('source').filter({ hasText: 'chatgpt-broken.json' })).toHaveCount(0);
  await screenshot(page, 'import-strict-refused');
});
