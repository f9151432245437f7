// A screenshot of every tab, in light and dark, kept under e2e/artifacts/.
import { expect, screenshot, test } from '../support/fixtures';

test.use({ withDemo: true });

const TABS = ['messages', 'sparql', 'ttl', 'graph', 'entities', 'ask'] as const;

for (const scheme of ['light', 'dark'] as const) {
  test(`every tab, ${scheme}`, async ({ workbench: page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    for (const tab of TABS) {
      await page.getByTestId(`tab-${tab}`).click();
      await expect(page.getByTestId(`${tab}-tab`)).toBeVisible();
      if (tab === 'messages') {
        await page.getByTestId('message-row').nth(3).click();
        await expect(page.getByTestId('message-detail')).toBeVisible();
      }
      if (tab === 'sparql') {
        await page.getByTestId('sparql-run').click();
        await expect(page.getByTestId('result-row').first()).toBeVisible();
      }
      if (tab === 'ttl') await expect(page.getByTestId('ttl-editor').locator('.view-lines')).toContainText('@prefix');
      await screenshot(page, `tab-${tab}-${scheme}`);
    }
    await page.getByTestId('open-import').click();
    await expect(page.getByTestId('source-list')).toBeVisible();
    await screenshot(page, `import-panel-${scheme}`);
  });
}
