// First run: an empty memory offers Import and the bundled demo; the demo fills the workbench.
import type { Stats } from '../../shared/types';
import { expect, expectPopulated, screenshot, test } from '../support/fixtures';

test('first run → demo memory', async ({ workbench: page, engram }) => {
  // The token travels in the URL once, then leaves the address bar.
  await expect.poll(() => page.url(), { timeout: 2_000 }).not.toContain('token=');
  await expect(page.getByTestId('welcome')).toBeVisible();
  await expect(page.getByTestId('dropzone')).toBeVisible();
  await expect(page.getByTestId('import-demo')).toBeEnabled();
  await screenshot(page, 'first-run-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, 'first-run-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  await page.getByTestId('import-demo').click();
  await expectPopulated(page);
  const stats = await engram.api<Stats>('stats');
  expect(stats.messages).toBeGreaterThan(0);
  await expect(page.getByTestId('message-count')).toContainText(`${stats.messages.toLocaleString('en-US')} messages`);
  await expect(page.getByTestId('timeline')).toBeVisible();
  await expect(page.getByTestId('stats')).toHaveText(new RegExp(`${stats.sessions}\\s*sessions`));
  await screenshot(page, 'demo-loaded');
});
