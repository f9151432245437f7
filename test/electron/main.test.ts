// Electron main without the Electron binary: `electron` is replaced by a small stand-in that
// records what main asks of it. `utilityProcess.fork` starts the real engine host entry in a
// worker thread with an Electron-like parentPort (test/support/engine-host-process.ts), so the
// window's settings, the app:// protocol, the IPC channel's checks, the relay to the engine
// host, the event forwarding and a host crash are exercised for real.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiMethodNames } from '../../shared/api';

type Listener = (...args: unknown[]) => unknown;

const fake = vi.hoisted(() => {
  class FakeFrame {
    constructor(
      public url: string,
      public parent: FakeFrame | null,
    ) {}
  }
  class FakeWebContents {
    listeners: Record<string, Listener[]> = {};
    openHandler: Listener | null = null;
    sent: [string, unknown][] = [];
    mainFrame = new FakeFrame('app://engram/index.html', null);
    setWindowOpenHandler(fn: Listener) {
      this.openHandler = fn;
    }
    on(event: string, fn: Listener) {
      (this.listeners[event] ??= []).push(fn);
      return this;
    }
    send(channel: string, payload: unknown) {
      this.sent.push([channel, payload]);
    }
  }
  class FakeWindow {
    webContents = new FakeWebContents();
    url = '';
    constructor(public options: Record<string, unknown>) {
      state.windows.push(this);
      for (const fn of state.appListeners['web-contents-created'] ?? []) fn({}, this.webContents);
    }
    once() {}
    on() {}
    loadURL(url: string) {
      this.url = url;
      return Promise.resolve();
    }
    isDestroyed() {
      return false;
    }
    isMaximized() {
      return false;
    }
    isMinimized() {
      return false;
    }
    getNormalBounds() {
      return { x: 10, y: 10, width: 1200, height: 800 };
    }
  }
  const state = {
    appListeners: {} as Record<string, Listener[]>,
    ipc: {} as Record<string, Listener>,
    protocolHandler: null as null | ((req: Request) => Promise<Response> | Response),
    privileged: [] as unknown[],
    windows: [] as FakeWindow[],
    menu: null as unknown,
    permissionRequest: null as null | Listener,
    permissionCheck: null as null | Listener,
    sandboxEnabled: false,
    quit: null as null | (() => void),
    forks: [] as { modulePath: string; args: string[]; options: Record<string, unknown>; child: import('../support/engine-host-process').FakeUtilityProcess }[],
  };
  return { state, FakeWindow, FakeFrame };
});

vi.mock('electron', async () => {
  const { state, FakeWindow } = fake;
  const { FakeUtilityProcess } = await import('../support/engine-host-process');
  return {
    app: {
      isPackaged: false,
      enableSandbox: () => {
        state.sandboxEnabled = true;
      },
      requestSingleInstanceLock: () => true,
      on: (event: string, fn: Listener) => {
        (state.appListeners[event] ??= []).push(fn);
      },
      whenReady: () => Promise.resolve(),
      quit: () => state.quit?.(),
      exit: () => {},
      getVersion: () => '0.0.0-test',
    },
    BrowserWindow: FakeWindow,
    dialog: { showErrorBox: (title: string, msg: string) => console.error(title, msg), showOpenDialog: vi.fn(), showSaveDialog: vi.fn(), showMessageBox: vi.fn() },
    ipcMain: { handle: (channel: string, fn: Listener) => (state.ipc[channel] = fn) },
    Menu: { buildFromTemplate: (t: unknown) => t, setApplicationMenu: (m: unknown) => (state.menu = m) },
    nativeTheme: { shouldUseDarkColors: false },
    protocol: {
      registerSchemesAsPrivileged: (s: unknown[]) => state.privileged.push(...s),
      handle: (_scheme: string, fn: (req: Request) => Promise<Response>) => (state.protocolHandler = fn),
    },
    screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (fn: Listener) => (state.permissionRequest = fn),
        setPermissionCheckHandler: (fn: Listener) => (state.permissionCheck = fn),
      },
    },
    shell: { openPath: vi.fn() },
    utilityProcess: {
      fork: (modulePath: string, args: string[], options: Record<string, unknown>) => {
        const child = new FakeUtilityProcess();
        state.forks.push({ modulePath, args, options, child });
        return child;
      },
    },
  };
});

describe('Electron main (with a stand-in for electron)', () => {
  const { state, FakeFrame } = fake;
  let dataDir: string;
  let win: (typeof state.windows)[number];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'engram-main-'));
    process.env.ENGRAM_DATA_DIR = dataDir;
    await import('../../electron/electron-main/main');
    for (let i = 0; i < 300 && state.windows.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    win = state.windows[0];
  }, 60_000);

  afterAll(async () => {
    // Quit as the app would: main closes the engine, then quits.
    const quitted = new Promise<void>((r) => (state.quit = r));
    for (const fn of state.appListeners['before-quit'] ?? []) fn({ preventDefault: () => {} });
    await quitted;
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('opens one hardened window on the app scheme', () => {
    expect(state.sandboxEnabled).toBe(true);
    expect(state.windows).toHaveLength(1);
    const prefs = win.options.webPreferences as Record<string, unknown>;
    expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true, webviewTag: false });
    expect(String(prefs.preload)).toMatch(/preload[\\/]preload\.cjs$/);
    expect(win.url).toBe('app://engram/index.html');
    expect(state.privileged).toEqual([{ scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) }]);
    expect(state.menu).toBeTruthy();
  });

  it('runs the engine in a utility process, not in main', () => {
    expect(state.forks).toHaveLength(1);
    const [{ modulePath, options, child }] = state.forks;
    // Built next to main (electron.vite.config.ts), named in the app's process metrics.
    expect(modulePath).toMatch(/[\\/]engine-host\.js$/);
    expect(options).toMatchObject({ serviceName: 'Engram engine' });
    expect(child.posted[0]).toEqual({ type: 'open', options: { dataDir, sqliteNativeBinding: undefined } });
  });

  it('blocks new windows, navigation, webviews and permissions', () => {
    const wc = win.webContents;
    expect(wc.openHandler?.({ url: 'https://example.com' })).toEqual({ action: 'deny' });
    let prevented = 0;
    const event = { preventDefault: () => prevented++ };
    for (const fn of wc.listeners['will-navigate'] ?? []) fn(event, 'https://example.com/');
    for (const fn of wc.listeners['will-attach-webview'] ?? []) fn(event);
    expect(prevented).toBe(2);
    let granted: boolean | null = null;
    state.permissionRequest?.(wc, 'geolocation', (ok: boolean) => (granted = ok));
    expect(granted).toBe(false);
    expect(state.permissionCheck?.(wc, 'media')).toBe(false);
  });

  it('serves the renderer with the CSP and nothing outside it', async () => {
    const outside = await state.protocolHandler!(new Request('app://engram/%2e%2e/%2e%2e/package.json'));
    expect(outside.status).toBe(404);
    const index = await state.protocolHandler!(new Request('app://engram/index.html'));
    if (index.status === 200) {
      // Present once `npm run build` has run (npm test builds after the unit tests).
      expect(index.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(index.headers.get('content-type')).toContain('text/html');
    } else {
      expect(index.status).toBe(404);
    }
  });

  it('answers the window over the one IPC channel, validated', async () => {
    const handle = state.ipc['engram:api'];
    // The API's one channel, and the checked request to open a link in the system browser.
    expect(Object.keys(state.ipc).sort()).toEqual(['engram:api', 'engram:open-external']);
    const fromApp = { sender: win.webContents, senderFrame: win.webContents.mainFrame };
    const stats = (await handle(fromApp, 'stats', {})) as { ok: boolean; result: { messages: number } };
    expect(stats.ok).toBe(true);
    expect(stats.result.messages).toBe(0);
    expect(await handle(fromApp, 'stats', { extra: 1 })).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect(await handle(fromApp, 'dropEverything', {})).toMatchObject({ ok: false, error: { code: 'not_found' } });
    // A subframe, another web contents, or another origin is refused.
    const sub = { sender: win.webContents, senderFrame: new FakeFrame('app://engram/index.html', win.webContents.mainFrame) };
    expect(await handle(sub, 'stats', {})).toMatchObject({ ok: false, error: { code: 'refused' } });
    const other = { sender: {}, senderFrame: new FakeFrame('app://engram/index.html', null) };
    expect(await handle(other, 'stats', {})).toMatchObject({ ok: false, error: { code: 'refused' } });
    const foreign = { sender: win.webContents, senderFrame: new FakeFrame('https://evil.example/', null) };
    expect(await handle(foreign, 'stats', {})).toMatchObject({ ok: false, error: { code: 'refused' } });
    expect(apiMethodNames).toContain('stats');
  });

  it('forwards engine events to the window', async () => {
    const handle = state.ipc['engram:api'];
    const fromApp = { sender: win.webContents, senderFrame: win.webContents.mainFrame };
    const job = (await handle(fromApp, 'importDemo', {})) as { ok: boolean; result: { id: string } };
    expect(job.ok).toBe(true);
    for (let i = 0; i < 400; i++) {
      const done = win.webContents.sent.some(
        ([ch, e]) => ch === 'engram:event' && (e as { type: string; job?: { id: string; state: string } }).job?.id === job.result.id && (e as { job: { state: string } }).job.state !== 'running',
      );
      if (done) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const states = win.webContents.sent
      .filter(([ch, e]) => ch === 'engram:event' && (e as { type: string }).type === 'job' && (e as { job: { id: string } }).job.id === job.result.id)
      .map(([, e]) => (e as { job: { state: string } }).job.state);
    expect(states[0]).toBe('running');
    expect(states.at(-1)).toBe('done');
    expect(win.webContents.sent.some(([, e]) => (e as { type: string }).type === 'changed')).toBe(true);
    // The call went to the engine host.
    expect(state.forks[0].child.posted).toContainEqual(expect.objectContaining({ type: 'call', method: 'importDemo' }));
  }, 60_000);

  it('tells the window when the engine host dies, starts it again, and answers again', async () => {
    const handle = state.ipc['engram:api'];
    const fromApp = { sender: win.webContents, senderFrame: win.webContents.mainFrame };
    const before = ((await handle(fromApp, 'stats', {})) as { result: { messages: number } }).result.messages;
    expect(before).toBeGreaterThan(0);
    const notices = () => win.webContents.sent.filter(([, e]) => (e as { command?: string }).command === 'notice').map(([, e]) => e as { message: string; tone: string });
    await state.forks[0].child.worker.terminate();
    for (let i = 0; i < 100 && notices().length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(notices().at(-1)).toMatchObject({ tone: 'error', message: expect.stringMatching(/engine stopped unexpectedly/) });
    for (let i = 0; i < 600 && state.forks.length < 2; i++) await new Promise((r) => setTimeout(r, 50));
    expect(state.forks).toHaveLength(2);
    // Calls made while it restarts wait for it; the memory is the same one.
    const after = (await handle(fromApp, 'stats', {})) as { ok: boolean; result: { messages: number } };
    expect(after).toMatchObject({ ok: true, result: { messages: before } });
    expect(notices().at(-1)).toMatchObject({ tone: 'success', message: 'The engine is running again.' });
  }, 60_000);
});
