// Temp folders for a test, removed once its file is done (test/support/remove-temp-dirs.ts). A
// module of its own, so that the setup file every test file loads does not load the engine.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The folders `tempDir` made in this test file. */
export const madeTempDirs = new Set<string>();

export function tempDir(prefix = 'engram-test-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  madeTempDirs.add(dir);
  return dir;
}
