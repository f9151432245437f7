// An archive member is read only up to a sane expanded size and compression ratio: a zip bomb
// is refused fast, naming the member, whether the archive declares its sizes or streams them,
// and the same holds for the bytes of an upload (which go through the same reader).
import fs from 'node:fs';
import path from 'node:path';
import { Zip, ZipDeflate, zipSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ImportError } from '../../electron/node/engine/import/parsed';
import { decodeUtf8, readInputBytes, readInputPath, ZIP_LIMITS } from '../../electron/node/engine/import/read-input';
import { tempDir } from '../support/temp-engine';

const ZERO_MB = new Uint8Array(1 << 20);

/** A zip whose one member is `mb` MB of zeros, written the way a streaming zipper does (sizes after the data). */
function streamedZip(member: string, mb: number): Uint8Array {
  const parts: Uint8Array[] = [];
  const zip = new Zip((err, chunk) => {
    if (err) throw err;
    parts.push(chunk);
  });
  const file = new ZipDeflate(member, { level: 1 });
  zip.add(file);
  for (let i = 0; i < mb; i++) file.push(ZERO_MB, i === mb - 1);
  zip.end();
  return Buffer.concat(parts);
}

async function readAll(open: () => AsyncIterable<Uint8Array>): Promise<number> {
  let n = 0;
  for await (const chunk of open()) n += chunk.byteLength;
  return n;
}

describe('zip limits', () => {
  it('refuses a member that declares a bomb before inflating anything, naming it', async () => {
    const zip = zipSync({ 'conversations.json': new Uint8Array(48 << 20) }, { level: 1 });
    expect(zip.byteLength).toBeLessThan(256 << 10);
    const t0 = performance.now();
    await expect(readInputBytes('export.zip', zip)).rejects.toThrow(
      /^export\.zip: the zip entry 'conversations\.json' says it expands to 48\.0 MB from 0\.\d MB \(\d+× compression, at most 200× is read\); refused as a likely zip bomb$/,
    );
    expect(performance.now() - t0).toBeLessThan(2000);
  });

  it('stops a streamed member (sizes not declared) as soon as it expands past the ratio, with little memory', async () => {
    const zip = streamedZip('conversations.json', 64);
    const dir = tempDir();
    const file = path.join(dir, 'export.zip');
    fs.writeFileSync(file, zip);
    const input = await readInputPath(file);
    const rssBefore = process.memoryUsage().rss;
    const t0 = performance.now();
    const err = await readAll(input.open).catch((e: Error) => e);
    expect(err).toBeInstanceOf(ImportError);
    expect((err as Error).message).toMatch(/^export\.zip: the zip entry 'conversations\.json' expands to more than \d+\.\d MB from \d+\.\d MB .*refused as a likely zip bomb$/);
    expect(performance.now() - t0).toBeLessThan(5000);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(200 << 20);
  });

  it('reads an ordinary export whole (text compresses far below the limits)', async () => {
    const text = JSON.stringify(Array.from({ length: 2000 }, (_, i) => ({ title: `chat ${i}`, mapping: {}, note: 'the same words again and again '.repeat(20) })));
    const zip = zipSync({ 'conversations.json': strToU8(text) });
    expect(text.length / zip.byteLength).toBeLessThan(ZIP_LIMITS.maxRatio);
    const input = await readInputBytes('export.zip', zip);
    let decoded = '';
    for await (const t of decodeUtf8(input.label, input.open())) decoded += t;
    expect(decoded).toBe(text);
  });

  it('the upload path refuses the same bomb through the engine, as a failed import naming the entry', async () => {
    const { openEngine } = await import('../support/temp-engine');
    const engine = await openEngine();
    try {
      const job = await engine.importUpload({ name: 'bomb.zip', bytes: zipSync({ 'conversations.json': new Uint8Array(48 << 20) }, { level: 1 }) });
      await engine.jobs.idle();
      const end = engine.jobs.list().find((j) => j.id === job.id)!;
      expect(end.state).toBe('failed');
      expect(end.error).toMatch(/^bomb\.zip: the zip entry 'conversations\.json' says it expands to 48\.0 MB/);
      expect((await engine.stats()).messages).toBe(0);
    } finally {
      await engine.close();
    }
  });
});
