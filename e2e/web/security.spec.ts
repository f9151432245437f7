// `engram serve` refuses API calls without the token, from a foreign Host (DNS rebinding) or a
// foreign Origin; the page carries the strict CSP; a page opened without a token says so.
import { request as httpRequest } from 'node:http';
import { expect, test } from '../support/fixtures';

function raw(port: number, path: string, headers: Record<string, string>, body = '{}'): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'POST', headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end(body);
  });
}

test('an API call without the token is refused', async ({ engram, request }) => {
  const none = await request.post(`${engram.origin}/api/stats`, { data: {} });
  expect(none.status()).toBe(401);
  const wrong = await request.post(`${engram.origin}/api/stats`, { data: {}, headers: { authorization: 'Bearer guessed' } });
  expect(wrong.status()).toBe(401);
  const events = await request.get(`${engram.origin}/api/events`);
  expect(events.status()).toBe(401);
  const ok = await request.post(`${engram.origin}/api/stats`, { data: {}, headers: { authorization: `Bearer ${engram.token}` } });
  expect(ok.status()).toBe(200);

  const port = Number(new URL(engram.origin).port);
  const auth = { authorization: `Bearer ${engram.token}` };
  expect(await raw(port, '/api/stats', { ...auth, host: `rebound.example:${port}` })).toBe(403);
  expect(await raw(port, '/api/stats', { ...auth, host: `127.0.0.1:${port}`, origin: 'http://evil.example' })).toBe(403);
  expect(await raw(port, '/api/stats', { ...auth, host: `localhost:${port}`, origin: `http://localhost:${port}` })).toBe(200);
});

test('the workbench is served with a strict CSP, and without a token it says what to do', async ({ engram, page }) => {
  const res = await page.goto(`${engram.origin}/`);
  const csp = res!.headers()['content-security-policy'];
  expect(csp).toContain("default-src 'none'");
  expect(csp).toContain("script-src 'self'");
  await expect(page.getByTestId('unreachable')).toContainText('no valid token');
  await expect(page.locator('.statusbar')).toContainText('no valid token');
});
