// A snapshot (and a memory image) is written to a temp file, synced, renamed over its name, and
// then its directory is synced: without that last step a crash can leave the old directory entry
// (or none) although the rename returned (issue 17: snapshots were renamed without it).
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readSnapshotFile, writeSnapshotFile } from '../../electron/node/engine/stores/graph/snapshot-file';
import { tempDir } from '../support/temp-engine';

afterEach(() => vi.restoreAllMocks());

/** The file-system calls a write makes, in order: renames, and fsyncs by the path their descriptor was opened on. */
function traceCalls(): string[] {
  const opened = new Map<number, string>();
  const calls: string[] = [];
  const open = fs.openSync;
  vi.spyOn(fs, 'openSync').mockImplementation(((p: fs.PathLike, ...rest: unknown[]) => {
    const fd = (open as (...a: unknown[]) => number)(p, ...rest);
    opened.set(fd, path.resolve(String(p)));
    return fd;
  }) as typeof fs.openSync);
  const fsync = fs.fsyncSync;
  vi.spyOn(fs, 'fsyncSync').mockImplementation((fd: number) => {
    calls.push(`fsync ${opened.get(fd) ?? fd}`);
    fsync(fd);
  });
  const rename = fs.renameSync;
  vi.spyOn(fs, 'renameSync').mockImplementation((from: fs.PathLike, to: fs.PathLike) => {
    calls.push(`rename ${path.resolve(String(from))} -> ${path.resolve(String(to))}`);
    rename(from, to);
  });
  return calls;
}

describe('durable snapshot files', () => {
  it('syncs the file before its rename and the directory after it', () => {
    const dir = tempDir();
    const file = path.join(dir, 'snapshot-7.ntg');
    const calls = traceCalls();
    writeSnapshotFile(file, 7, 1, [{ graph: 'http://ex/g', data: Buffer.from('<http://ex/a> <http://ex/p> "x" .\n') }]);
    vi.restoreAllMocks();
    expect(calls).toEqual([`fsync ${file}.tmp`, `rename ${file}.tmp -> ${file}`, `fsync ${dir}`]);
    expect(readSnapshotFile(file).sections).toHaveLength(1);
    expect(fs.readdirSync(dir)).toEqual(['snapshot-7.ntg']);
  });
});
