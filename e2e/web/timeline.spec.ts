// The timeline selection filters Messages and lives in the URL.
import type { MessagePage, SessionInfo, Stats } from '../../shared/types';
import { expect, screenshot, test } from '../support/fixtures';

test.use({ withDemo: true });

test('select a session on the timeline and see Messages filtered', async ({ workbench: page, engram }) => {
  const stats = await engram.api<Stats>('stats');
  const sessions = await engram.api<SessionInfo[]>('listSessions');
  const total = `${stats.messages.toLocaleString('en-US')} messages`;
  await expect(page.getByTestId('message-count')).toContainText(total);

  // Sweep the session lane until the hover card shows a session, then click it.
  const plot = page.getByTestId('timeline-plot');
  const box = (await plot.boundingBox())!;
  const laneY = box.y + box.height - 12;
  let found = false;
  for (let x = box.x + 4; x < box.x + box.width - 4; x += 3) {
    await page.mouse.move(x, laneY);
    if (await page.getByTestId('session-hover').isVisible()) {
      found = true;
      break;
    }
  }
  expect(found, 'a session under the pointer somewhere on the timeline').toBe(true);
  await expect(page.getByTestId('session-hover')).toContainText('Session');
  await screenshot(page, 'timeline-hover');
  await page.mouse.down();
  await page.mouse.up();

  await expect(page).toHaveURL(/session=\d+/);
  const sessionId = Number(/session=(\d+)/.exec(page.url())![1]);
  const session = sessions.find((s) => s.id === sessionId)!;
  await expect(page.getByTestId('selection-chip')).toContainText(`Session ${session.index}`);
  await expect(page.getByTestId('message-count')).toContainText(`${session.messageCount.toLocaleString('en-US')} message`);
  const badges = await page.getByTestId('message-row').locator('.badge').allTextContents();
  expect(badges.length).toBeGreaterThan(0);
  expect(new Set(badges)).toEqual(new Set([`S${session.index}`]));
  await screenshot(page, 'timeline-session-selected');

  // The selection survives a reload: it lives in the URL.
  await page.reload();
  await expect(page.getByTestId('message-count')).toContainText(`${session.messageCount.toLocaleString('en-US')} message`);

  // Brushing a range selects it instead.
  await page.mouse.move(box.x + box.width * 0.1, box.y + 20);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.3, box.y + 20, { steps: 5 });
  await page.mouse.move(box.x + box.width * 0.45, box.y + 20, { steps: 5 });
  await page.mouse.up();
  await expect(page).toHaveURL(/from=.*&to=/);
  const url = new URL(page.url());
  const params = new URLSearchParams(url.hash.split('?')[1]);
  const ranged = await engram.api<MessagePage>('listMessages', { filter: { from: params.get('from'), to: params.get('to') }, limit: 1 });
  await expect(page.getByTestId('message-count')).toContainText(`${ranged.total.toLocaleString('en-US')} message`);

  await page.getByTestId('clear-selection').click();
  await expect(page.getByTestId('message-count')).toContainText(total);
  await expect(page).not.toHaveURL(/session=|from=/);
});

test('the timeline zooms from the whole memory down to hours', async ({ workbench: page }) => {
  const head = page.locator('.timeline-head');
  const whole = await head.textContent();
  const plot = page.getByTestId('timeline-plot');
  const box = (await plot.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.2, box.y + 20);
  for (let i = 0; i < 40; i++) await page.mouse.wheel(0, -400);
  await expect(head).not.toHaveText(whole!);
  // At the closest zoom the axis counts hours (d3's ticks read like "03 PM" or ":30").
  await expect(page.locator('.timeline-axis .tick').first()).toHaveText(/\d{2} (AM|PM)|:\d{2}/);
  await screenshot(page, 'timeline-zoomed');
  await page.getByRole('button', { name: 'Fit' }).click();
  await expect(head).toHaveText(whole!);
});
