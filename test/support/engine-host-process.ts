// The engine host's real entry (electron/node/engine-host/engine-host.ts) in stand-ins for Electron's
// utility process: a worker thread that is given an Electron-like `process.parentPort` (so the
// entry takes its Electron path), or a child process under child_process.fork.
import { fork, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

const root = path.resolve(import.meta.dirname, '../..');
export const HOST_ENTRY = path.join(root, 'electron/node/engine-host/engine-host.ts');
export const BUILT_HOST_ENTRY = path.join(root, 'out/main/engine-host.js');

/**
 * What `utilityProcess.fork` returns, as far as main uses it: postMessage, kill, and the
 * 'message' / 'exit' events. Runs the entry in a worker thread whose `process.parentPort`
 * behaves like Electron's (messages arrive as `{ data, ports }`); messages go through it only.
 */
export class FakeUtilityProcess extends EventEmitter {
  readonly worker: Worker;
  readonly posted: unknown[] = [];
  killed = false;

  constructor(entry = HOST_ENTRY) {
    super();
    const tsxDir = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
    const tsxApi = pathToFileURL(path.join(tsxDir, 'dist', 'esm', 'api', 'index.mjs')).href;
    const bootstrap = `
      import('node:worker_threads').then(async ({ parentPort }) => {
        const listeners = new Map();
        process.parentPort = {
          on(event, fn) {
            const h = (m) => { if (m && m.viaParentPort) fn({ data: m.viaParentPort, ports: [] }); };
            listeners.set(fn, h);
            parentPort.on(event, h);
          },
          off(event, fn) { parentPort.off(event, listeners.get(fn)); },
          postMessage(message) { parentPort.postMessage({ viaParentPort: message }); },
        };
        const tsx = await import(${JSON.stringify(tsxApi)});
        tsx.register();
        await import(${JSON.stringify(pathToFileURL(entry).href)});
      });`;
    this.worker = new Worker(bootstrap, { eval: true, stdout: false, stderr: false });
    // Wrapped both ways, so that only the entry's Electron path (process.parentPort) can talk.
    this.worker.on('message', (m: { viaParentPort?: unknown }) => {
      if (m && m.viaParentPort) this.emit('message', m.viaParentPort);
    });
    this.worker.on('error', (err) => this.emit('worker-error', err));
    this.worker.on('exit', (code) => this.emit('exit', code));
  }

  postMessage(message: unknown): void {
    this.posted.push(message);
    this.worker.postMessage({ viaParentPort: message });
  }

  kill(): boolean {
    this.killed = true;
    void this.worker.terminate();
    return true;
  }
}

/** The entry under child_process.fork (advanced serialization, so bytes cross as bytes). */
export function forkHost(entry: string, opts: { viaTsx: boolean }): ChildProcess {
  return fork(entry, [], {
    execArgv: opts.viaTsx ? ['--import', 'tsx'] : [],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    cwd: root,
  });
}
