// Setup file of every test file: the temp folders its tests made with `tempDir` are removed once
// the file is done (the file's own after-hooks, which close its engines, run before this one:
// vitest runs after-hooks in the reverse order of registration). Without it every run left its
// memories in the system's temp folder (gigabytes after a few runs).
import fs from 'node:fs';
import { afterAll } from 'vitest';
import { madeTempDirs } from './temp-dirs';

afterAll(() => {
  for (const dir of madeTempDirs) {
    try {
      fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    } catch {
      // still in use (a child process not yet gone): the system's temp cleaning takes it later
    }
  }
  madeTempDirs.clear();
});
