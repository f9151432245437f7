// Full-text search with highlighted hits, and a message's detail with its sioc:Post triples.
import type { MessagePage, Stats } from '../../shared/types';
import { expect, screenshot, test } from '../support/fixtures';

test.use({ withDemo: true });

test('search messages', async ({ workbench: page, engram }) => {
  const stats = await engram.api<Stats>('stats');
  // A distinctive word from the memory itself, so the test does not depend on the demo's wording.
  const sample = await engram.api<MessagePage>('listMessages', { filter: {}, offset: 7, limit: 1 });
  const word = sample.rows[0].text
    .split(/[^\p{L}]+/u)
    .filter((w) => w.length >= 6)
    .sort((a, b) => b.length - a.length)[0];
  expect(word).toBeTruthy();
  const expected = await engram.api<MessagePage>('listMessages', { filter: { text: word }, limit: 1 });

  await page.getByTestId('message-search').fill(word);
  await expect(page.getByTestId('message-count')).toContainText(`${expected.total.toLocaleString('en-US')} message`);
  expect(expected.total).toBeLessThan(stats.messages);
  const marks = page.getByTestId('message-row').locator('mark');
  await expect(marks.first()).toBeVisible();
  expect((await marks.first().textContent())!.toLowerCase()).toBe(word.toLowerCase());

  await page.getByTestId('message-row').first().click();
  const detail = page.getByTestId('message-detail');
  await expect(detail).toBeVisible();
  await expect(detail).toContainText('sioc:Post');
  await expect(detail.locator('.turtle-view')).toContainText('sioc:');
  await expect(detail.locator('mark').first()).toBeVisible();
  await screenshot(page, 'messages-search');

  await page.getByTestId('message-search').fill('');
  await expect(page.getByTestId('message-count')).toContainText(`${stats.messages.toLocaleString('en-US')} messages`);
});
