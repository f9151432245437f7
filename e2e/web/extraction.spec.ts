// Knowledge-graph extraction from the workbench, against the Ollama test double running in this
// worker: settings with the live check and the exact commands, extraction of a source, the
// timeline selection and messages, progress, failed chunks with their reasons and Re-extract,
// cancel, the pause while Ollama is away, and a derived entity opened from a message.
import type { ChunkInfo, ExtractionSettings, ExtractionStatus, JobInfo, MessagePage, SessionInfo } from '../../shared/types';
import { closedHost, expect, screenshot, test } from '../support/ollama-extraction';
import { openTab } from '../support/fixtures';
import { startServe } from '../support/serve';
import type { Page } from '@playwright/test';

test.use({ withDemo: true });

/** Screenshots in light and dark, each once the page has repainted in that scheme. */
async function shots(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor))
      .toBe(scheme === 'dark' ? 'rgb(22, 23, 26)' : 'rgb(255, 255, 255)');
    await page.waitForTimeout(700); // let every layer repaint (buttons also ease over 0.1 s)
    await screenshot(page, `${name}-${scheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Opens the settings from the header, points the host at `url`, saves. */
async function setHostThroughUi(page: Page, url: string) {
  await page.getByTestId('open-settings').click();
  const dialog = page.getByTestId('settings-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('settings-host').fill(url);
  await expect(dialog.getByTestId('ollama-check')).toHaveAttribute('data-state', /ok|problems|down/);
  await page.getByTestId('settings-save').click();
  await expect(dialog).toBeHidden();
}

test('settings: the live check says exactly what to run, and Save keeps the values', async ({ workbench: page, engram, ollama }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const wrong = await closedHost();

  await page.getByTestId('open-settings').click();
  const dialog = page.getByTestId('settings-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('settings-embed-model')).toHaveValue('nomic-embed-text');
  await expect(dialog.getByTestId('settings-temperature')).toHaveValue('0');
  await expect(dialog.getByTestId('settings-context')).toHaveValue('16384');

  // A host where nothing runs: the line to run, with a copy button.
  await dialog.getByTestId('settings-host').fill(wrong);
  const check = dialog.getByTestId('ollama-check');
  await expect(check).toHaveAttribute('data-state', 'down');
  const line = check.getByTestId('problem-line');
  await expect(line).toHaveCount(1);
  await expect(line).toHaveText(`Ollama is not running at ${wrong} — start it with ollama serve`);
  await expect(line.getByTestId('command')).toHaveText('ollama serve');
  await line.getByTestId('copy-command').click();
  await expect(line.getByTestId('copy-command')).toHaveAttribute('data-copied', 'true');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('ollama serve');
  await shots(page, 'settings-not-running');

  // The double: version and installed models; a model that is not pulled gets its pull line.
  await dialog.getByTestId('settings-host').fill(ollama.url);
  await expect(check).toHaveAttribute('data-state', 'ok');
  await expect(check.getByTestId('ollama-version')).toContainText(`Ollama 0.12.6 is running at ${ollama.url}`);
  await expect(check.getByTestId('ollama-models')).toContainText('qwen2.5:7b-instruct');
  await expect(check.getByTestId('ollama-models')).toContainText('nomic-embed-text:latest');
  await expect(dialog.getByTestId('model-installed')).toBeVisible();
  await expect(dialog.getByTestId('embedModel-installed')).toBeVisible();

  await dialog.getByTestId('settings-model').fill('llama3.1:8b');
  await expect(check).toHaveAttribute('data-state', 'problems');
  await expect(check.getByTestId('problem-line')).toHaveText('Model llama3.1:8b is not installed — run ollama pull llama3.1:8b');
  await expect(check.getByTestId('command')).toHaveText('ollama pull llama3.1:8b');
  await expect(dialog.getByTestId('model-missing')).toBeVisible();
  await dialog.getByTestId('settings-model').fill('qwen2.5:7b-instruct');
  await expect(check).toHaveAttribute('data-state', 'ok');

  // Invalid values are explained and keep Save off; a valid change is saved.
  await dialog.getByTestId('settings-context').fill('100');
  await expect(dialog).toContainText('Context length is a whole number of tokens from 512 to 1,048,576');
  await expect(page.getByTestId('settings-save')).toBeDisabled();
  await dialog.getByTestId('settings-context').fill('8192');
  await expect(dialog).toContainText('context too small');
  await dialog.getByTestId('settings-context').fill('32768');
  await dialog.getByTestId('settings-concurrency').fill('2');
  await expect(dialog).toContainText('OLLAMA_NUM_PARALLEL=2 ollama serve');
  await dialog.getByTestId('settings-include-assistant').check();
  await expect(page.getByTestId('settings-summary')).toHaveText('4 changed');
  await shots(page, 'settings');

  await page.getByTestId('settings-save').click();
  await expect(dialog).toBeHidden();
  const saved = await engram.api<ExtractionSettings>('extractionSettings');
  expect(saved).toMatchObject({ host: ollama.url, model: 'qwen2.5:7b-instruct', contextLength: 32768, concurrency: 2, includeAssistant: true, temperature: 0 });

  // Ctrl+, opens the settings again, with the saved values.
  await page.keyboard.press('Control+Comma');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('settings-host')).toHaveValue(ollama.url);
  await expect(dialog.getByTestId('settings-concurrency')).toHaveValue('2');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The header menu shows Ollama ready, and offers search vectors since the embedding model is there.
  await page.getByTestId('extraction-menu').click();
  const panel = page.getByTestId('extraction-panel');
  await expect(panel.getByTestId('extraction-ollama')).toContainText('Ollama 0.12.6');
  await expect(panel.getByTestId('build-vectors')).toBeVisible();
  await expect(panel.getByTestId('extraction-totals')).toHaveText('Not extracted yet');
  await shots(page, 'extraction-menu');
});

test('extract a source: progress, failed chunk reasons, re-extract, and a derived entity opened from a message', async ({ workbench: page, engram, ollama }) => {
  test.setTimeout(240_000);
  await setHostThroughUi(page, ollama.url);
  ollama.setDelay(250);

  await page.getByTestId('open-import').click();
  const dialog = page.getByRole('dialog', { name: 'Import' });
  const source = dialog.getByTestId('source').first();
  await expect(source.getByTestId('source-extraction-counts')).toHaveText('Not extracted yet');
  await source.getByTestId('extract-source').click();

  const job = dialog.locator('[data-testid="job"][data-kind="extract"]').first();
  await expect(job).toBeVisible();
  await expect(job).toContainText('Extract demo-memory.json');
  await expect(job.getByTestId('job-counts')).toContainText(/[1-9]\d*\/\d+ chunks · \d+ failed · \d+ triples · [\d.]+ tok\/s/, { timeout: 30_000 });
  await expect(page.getByTestId('job-indicator')).toBeVisible();
  await shots(page, 'extraction-running');
  ollama.setDelay(0);

  await expect(job).toHaveAttribute('data-state', 'done', { timeout: 180_000 });
  const end = (await engram.api<JobInfo[]>('listJobs')).find((j) => j.kind === 'extract')!;
  const result = end.result as { chunks: number; extracted: number; failed: number; triples: number };
  expect(result.failed).toBe(1);
  expect(result.extracted).toBe(result.chunks - 1);
  await expect(job.getByTestId('job-summary')).toContainText(`${result.chunks} chunks: ${result.extracted} extracted, 1 failed, 0 already done`);
  await expect(source.getByTestId('source-extraction-counts')).toContainText(`${result.chunks - 1}/${result.chunks} chunks · 1 failed`);

  // The failed chunk, with its reason and the messages it holds.
  await job.getByTestId('job-failed-link').click();
  const failed = page.getByTestId('failed-chunks');
  await expect(failed).toBeVisible();
  const chunk = failed.getByTestId('failed-chunk');
  await expect(chunk).toHaveCount(1);
  await expect(chunk.getByTestId('failed-chunk-reason')).toContainText(/Turtle syntax error at line \d+, column \d+: .*\(after 3 tries\)/);
  await chunk.getByTestId('failed-chunk-messages').click();
  await expect(chunk).toContainText('washing machine started leaking');
  await shots(page, 'extraction-failed-chunks');

  // Re-extract it once the model answers well.
  ollama.setBroken(false);
  await chunk.getByTestId('reextract-chunk').click();
  await expect(failed.getByTestId('no-failed-chunks')).toBeVisible({ timeout: 30_000 });
  // the list empties when the chunk leaves 'failed'; it is done once its new answer is stored
  await expect
    .poll(async () => (await engram.api<ExtractionStatus>('extractionStatus')).totals, { timeout: 30_000 })
    .toMatchObject({ chunks: result.chunks, done: result.chunks, failed: 0 });
  await page.keyboard.press('Escape');
  await expect(failed).toBeHidden();
  await expect(source.getByTestId('source-extraction-counts')).toContainText(`${result.chunks}/${result.chunks} chunks`);
  await page.keyboard.press('Escape');

  // A message the model learned from: its derived entity opens the Entities tab.
  await openTab(page, 'messages');
  await page.getByTestId('message-search').fill('Ostkreuz Boulders');
  const row = page.getByTestId('message-row').filter({ hasText: 'Ostkreuz Boulders' }).first();
  await row.click();
  const detail = page.getByTestId('message-detail');
  const entity = detail.getByTestId('derived-entity').filter({ hasText: 'Ostkreuz Boulders' });
  await expect(entity).toBeVisible();
  await expect(detail.getByTestId('message-extraction')).toHaveAttribute('data-status', 'done');
  await expect(detail.getByTestId('message-chunk-status')).toContainText('Extracted by qwen2.5:7b-instruct');
  await shots(page, 'extraction-message-derived');
  const iri = (await entity.getAttribute('data-iri'))!;
  expect(iri).toMatch(/^https:\/\/engram\.local\/memory\/entity\/ostkreuz-boulders/);
  await entity.click();
  await expect(page.getByTestId('tab-entities')).toHaveAttribute('aria-selected', 'true');
  expect(new URL(page.url()).hash).toBe(`#/entities?entity=${encodeURIComponent(iri)}`);
  // Back returns to the message.
  await page.goBack();
  await expect(page.getByTestId('tab-messages')).toHaveAttribute('aria-selected', 'true');

  const chunks = await engram.api<{ chunks: ChunkInfo[] }>('listChunks', { status: 'done', limit: 5000 });
  expect(chunks.chunks.every((c) => c.model === 'qwen2.5:7b-instruct')).toBe(true);

  // Search vectors: the embedding model is there, so the header menu offers them.
  await page.getByTestId('extraction-menu').click();
  const panel = page.getByTestId('extraction-panel');
  await expect(panel.getByTestId('extraction-totals')).toHaveText(new RegExp(`^${result.chunks}/${result.chunks} chunks · \\d+ triples$`));
  await expect(panel.getByTestId('vector-status')).toContainText('None yet');
  await panel.getByTestId('build-vectors').click();
  await expect
    .poll(async () => (await engram.api<JobInfo[]>('listJobs')).find((j) => j.kind === 'embed')?.state, { timeout: 60_000 })
    .toBe('done');
  await expect(panel.getByTestId('vector-status')).toContainText(/280 message and \d+ entity vectors \(nomic-embed-text\) · hybrid search is on/, { timeout: 15_000 });
  expect(ollama.double.requestsTo('/api/embed').length).toBeGreaterThan(0);
});

test('when Ollama is missing, extraction says what to run; mid-job it pauses and goes on; cancel keeps the chunks done', async ({ workbench: page, engram, ollama }) => {
  test.setTimeout(240_000);
  const wrong = await closedHost();
  await engram.api('setExtractionSettings', { host: wrong });
  await page.reload();
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();

  // The timeline selection: a session, then Extract next to its chip.
  const sessions = await engram.api<SessionInfo[]>('listSessions');
  const session = sessions.find((s) => s.messageCount >= 10)!;
  await page.evaluate((id) => (window.location.hash = `#/messages?session=${id}`), session.id);
  await expect(page.getByTestId('selection-chip')).toContainText(`Session ${session.index}`);
  await page.getByTestId('extract-selection').click();

  // Nothing runs; the dialog says exactly what to run.
  const needs = page.getByTestId('ollama-needed');
  await expect(needs).toBeVisible();
  await expect(needs.getByTestId('problem-line')).toHaveText(`Ollama is not running at ${wrong} — start it with ollama serve`);
  await expect(needs.getByTestId('command')).toHaveText('ollama serve');
  await shots(page, 'extraction-needs-ollama');
  expect((await engram.api<JobInfo[]>('listJobs')).filter((j) => j.kind === 'extract')).toHaveLength(0);

  // Fix the host in the settings, Check again: the extraction starts.
  await page.getByTestId('needs-open-settings').click();
  await page.getByTestId('settings-host').fill(ollama.url);
  await expect(page.getByTestId('ollama-check')).toHaveAttribute('data-state', 'ok');
  await page.getByTestId('settings-save').click();
  await expect(needs).toBeVisible();
  await page.getByTestId('needs-check-again').click();
  await expect(needs).toBeHidden();
  await expect
    .poll(async () => (await engram.api<JobInfo[]>('listJobs')).find((j) => j.kind === 'extract')?.state, { timeout: 30_000 })
    .toBe('done');
  await expect(page.getByTestId('extract-selection')).toHaveAttribute('data-state', /done|failed/);
  const afterSession = await engram.api<ExtractionStatus>('extractionStatus', { sessionIds: [session.id] });
  expect(afterSession.sessions[0].done).toBeGreaterThan(0);

  // Messages tab: extract the messages a search shows.
  await page.getByTestId('clear-selection').click();
  await page.getByTestId('message-search').fill('knee');
  const knee = await engram.api<MessagePage>('listMessages', { filter: { text: 'knee' }, limit: 1 });
  await expect(page.getByTestId('message-count')).toContainText(`${knee.total} message`);
  await page.getByTestId('extract-messages').click();
  await page.getByTestId('extract-shown-messages').click();
  await expect
    .poll(async () => (await engram.api<JobInfo[]>('listJobs')).filter((j) => j.kind === 'extract').length, { timeout: 15_000 })
    .toBe(2);
  await expect
    .poll(async () => (await engram.api<JobInfo[]>('listJobs')).every((j) => j.state !== 'running'), { timeout: 60_000 })
    .toBe(true);
  await page.getByTestId('message-search').fill('');

  // Everything, slowly: Cancel keeps what is done.
  ollama.setDelay(700);
  await page.getByTestId('extraction-menu').click();
  await page.getByTestId('extract-everything').click();
  await page.getByTestId('open-import').click();
  const dialog = page.getByRole('dialog', { name: 'Import' });
  const running = dialog.locator('[data-testid="job"][data-kind="extract"][data-state="running"]');
  await expect(running.getByTestId('job-counts')).toContainText(/chunks · /, { timeout: 30_000 });
  const before = (await engram.api<ExtractionStatus>('extractionStatus')).totals.done;
  await expect.poll(async () => (await engram.api<ExtractionStatus>('extractionStatus')).totals.done, { timeout: 30_000 }).toBeGreaterThan(before);
  await running.getByTestId('job-cancel').click();
  const cancelled = dialog.locator('[data-testid="job"][data-kind="extract"][data-state="cancelled"]');
  await expect(cancelled).toBeVisible({ timeout: 30_000 });
  await expect(cancelled).toContainText('finished chunks are kept');
  const kept = await engram.api<ExtractionStatus>('extractionStatus');
  expect(kept.totals.done).toBeGreaterThan(before);
  expect(kept.totals.running).toBe(0);
  await page.keyboard.press('Escape');

  // Again, and Ollama goes away mid-job: the job pauses with the line to run, then goes on.
  await page.getByTestId('extraction-menu').click();
  await expect(page.getByTestId('extract-everything')).toHaveText(/Continue extraction/);
  await page.getByTestId('extract-everything').click();
  await page.keyboard.press('Escape');
  await page.getByTestId('open-import').click();
  await expect(running.getByTestId('job-counts')).toContainText(/chunks · /, { timeout: 30_000 });
  await ollama.double.close();
  const paused = dialog.locator('[data-testid="job"][data-kind="extract"][data-paused="true"]');
  await expect(paused).toBeVisible({ timeout: 30_000 });
  await expect(paused.getByTestId('job-paused').getByTestId('problem-line')).toHaveText(`Ollama is not running at ${ollama.url} — start it with ollama serve`);
  await expect(page.getByTestId('job-indicator-paused')).toBeVisible();
  await shots(page, 'extraction-paused');
  ollama.setDelay(0);
  await ollama.double.restart();
  await expect(paused).toBeHidden({ timeout: 60_000 });
  const finished = dialog.locator('[data-testid="job"][data-kind="extract"]').first();
  await expect(finished).toHaveAttribute('data-state', 'done', { timeout: 120_000 });
  await expect(finished.getByTestId('job-summary')).toContainText('paused once while Ollama was away');
  const end = await engram.api<ExtractionStatus>('extractionStatus');
  expect(end.totals.pending + end.totals.running).toBe(0);
});

test('an extraction stopped by a shutdown is offered for Resume and does not redo finished chunks', async ({ workbench: page, engram, ollama }) => {
  test.setTimeout(240_000);
  ollama.setBroken(false);
  ollama.setDelay(400);
  await engram.api('setExtractionSettings', { host: ollama.url });
  await page.reload();
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
  await page.getByTestId('extraction-menu').click();
  await expect(page.getByTestId('extraction-ollama')).toContainText('Ollama 0.12.6');
  await page.getByTestId('extract-everything').click();
  await expect.poll(async () => (await engram.api<ExtractionStatus>('extractionStatus')).totals.done, { timeout: 30_000 }).toBeGreaterThanOrEqual(3);

  // Engram closes mid-job (a clean shutdown here; a crash is covered by the engine's tests).
  await engram.close({ keepData: true });
  const again = await startServe({ dataDir: engram.dataDir });
  try {
    const before = await again.api<ExtractionStatus>('extractionStatus');
    expect(before.interruptedJobs).toHaveLength(1);
    const doneBefore = before.totals.done;
    const asked = ollama.double.requestsTo('/api/chat').length;
    ollama.setDelay(0);

    await page.goto(again.url);
    await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
    await expect(page.getByTestId('extraction-menu')).toContainText('Resume');
    await page.getByTestId('extraction-menu').click();
    await expect(page.locator('.toast')).toContainText(/"Extract demo-memory\.json \(\d+ chunks\)" stopped when Engram closed\. Finished chunks are kept\./);
    const interrupted = page.getByTestId('interrupted-jobs');
    await expect(interrupted).toContainText('Extract demo-memory.json');
    await expect(interrupted).toContainText('Finished chunks are kept');
    await shots(page, 'extraction-resume');
    await interrupted.getByTestId('resume-jobs').click();
    await expect(interrupted).toBeHidden({ timeout: 15_000 });
    await expect
      .poll(async () => (await again.api<JobInfo[]>('listJobs')).some((j) => j.kind === 'extract' && j.state === 'done'), { timeout: 120_000 })
      .toBe(true);
    const after = await again.api<ExtractionStatus>('extractionStatus');
    expect(after.totals).toMatchObject({ done: after.totals.chunks, failed: 0, pending: 0 });
    // Only the chunks not done before the shutdown were asked again.
    const askedAfter = ollama.double.requestsTo('/api/chat').length - asked;
    expect(askedAfter).toBe(after.totals.chunks - doneBefore);
  } finally {
    await again.close({ keepData: true });
  }
});
