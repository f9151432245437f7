// One process per data folder: the graph lives in memory, so two processes writing the same
// folder would each miss the other's changes.
import fs from 'node:fs';
import path from 'node:path';
import { ApiError } from '../../../../shared/api';

export interface DataLock {
  release(): void;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function lockDataDir(dataDir: string): DataLock {
  const file = path.join(dataDir, 'engram.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return {
        release: () => {
          try {
            if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.rmSync(file);
          } catch {
            /* already gone */
          }
        },
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number(fs.readFileSync(file, 'utf8'));
      if (pid && pid !== process.pid && alive(pid)) {
        throw new ApiError('conflict', `${dataDir} is in use by another Engram process (pid ${pid}); close it or choose another --data folder`);
      }
      fs.rmSync(file, { force: true }); // left by a process that died
    }
  }
  throw new ApiError('conflict', `could not lock ${dataDir}`);
}
