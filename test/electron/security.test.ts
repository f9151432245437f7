// Desktop security settings, asserted without the Electron binary: the window's webPreferences,
// the CSP, the app scheme, the preload bridge surface and the IPC handler's checks.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiMethodNames } from '../../shared/api';
import {
  APP_ENTRY_URL,
  CONTENT_SECURITY_POLICY,
  WEB_PREFERENCES,
  appUrlToRelativePath,
  isAppUrl,
} from '../../electron/electron-main/security';
import { createApiHandler } from '../../electron/electron-main/ipc';
import { buildMenuTemplate, TAB_MENU } from '../../electron/electron-main/menu';
import { fitToDisplays, readWindowState, writeWindowState } from '../../electron/electron-main/window-state';
import { createBridge } from '../../electron/preload/bridge';
import { safeExternalUrl } from '../../shared/transport/external-url';

describe('window security settings', () => {
  it('isolates and sandboxes the renderer', () => {
    expect(WEB_PREFERENCES.contextIsolation).toBe(true);
    expect(WEB_PREFERENCES.sandbox).toBe(true);
    expect(WEB_PREFERENCES.nodeIntegration).toBe(false);
    expect(WEB_PREFERENCES.nodeIntegrationInWorker).toBe(false);
    expect(WEB_PREFERENCES.nodeIntegrationInSubFrames).toBe(false);
    expect(WEB_PREFERENCES.webSecurity).toBe(true);
    expect(WEB_PREFERENCES.allowRunningInsecureContent).toBe(false);
    expect(WEB_PREFERENCES.webviewTag).toBe(false);
    expect(WEB_PREFERENCES).not.toHaveProperty('preload'); // added at runtime, nothing else
  });

  it('has a strict CSP: nothing remote, no inline or eval scripts', () => {
    const directives = Object.fromEntries(
      CONTENT_SECURITY_POLICY.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values];
      }),
    );
    expect(directives['default-src']).toEqual(["'none'"]);
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['connect-src']).toEqual(["'self'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['base-uri']).toEqual(["'none'"]);
    for (const values of Object.values(directives) as string[][]) {
      for (const v of values) expect(v).not.toMatch(/^(https?:|\*|'unsafe-eval')/);
    }
  });

  it('serves the workbench from its own scheme only', () => {
    expect(APP_ENTRY_URL).toBe('app://engram/index.html');
    expect(isAppUrl('app://engram/index.html')).toBe(true);
    expect(isAppUrl('app://other/index.html')).toBe(false);
    expect(isAppUrl('file:///etc/passwd')).toBe(false);
    expect(isAppUrl('https://evil.example/')).toBe(false);
    expect(isAppUrl('http://localhost:5173/x', 'http://localhost:5173')).toBe(true);
    expect(isAppUrl('http://localhost:5174/x', 'http://localhost:5173')).toBe(false);
    expect(appUrlToRelativePath('app://engram/')).toBe('index.html');
    expect(appUrlToRelativePath('app://engram/assets/a.js?x=1')).toBe('assets/a.js');
    // The URL parser resolves dot segments first: what is left stays inside the folder.
    expect(appUrlToRelativePath('app://engram/%2e%2e/%2e%2e/etc/passwd')).toBe('etc/passwd');
    expect(appUrlToRelativePath('app://engram/a/..%2f..%2fsecret')).toBe(null);
    expect(appUrlToRelativePath('app://other/index.html')).toBe(null);
  });
});

describe('preload bridge', () => {
  it('exposes exactly the API methods and onEvent', async () => {
    const calls: [string, unknown][] = [];
    const bridge = createBridge(
      async (method, args) => {
        calls.push([method, args]);
        return { ok: true, result: null };
      },
      () => () => {},
    );
    expect(Object.keys(bridge).sort()).toEqual([...apiMethodNames, 'onEvent', 'openExternal'].sort());
    expect(Object.isFrozen(bridge)).toBe(true);
    await bridge.stats({});
    await (bridge.getMessage as (a: unknown, b?: unknown) => Promise<unknown>)({ id: 1 }, 'ignored');
    expect(calls).toEqual([
      ['stats', {}],
      ['getMessage', { id: 1 }],
    ]);
    expect(() => bridge.onEvent('nope' as never)).toThrow();
  });

  it('passes only a string to openExternal; main opens http(s) and mailto links only', async () => {
    const asked: string[] = [];
    const bridge = createBridge(async () => ({ ok: true, result: null }), () => () => {}, async (url) => (asked.push(url), true));
    expect(await bridge.openExternal('https://example.org/a?b=1')).toBe(true);
    expect(await bridge.openExternal({ toString: () => 'https://x' } as never)).toBe(false);
    expect(asked).toEqual(['https://example.org/a?b=1']);
    expect(safeExternalUrl('https://example.org/a b')).toBe('https://example.org/a%20b');
    expect(safeExternalUrl('mailto:someone@example.org')).toBe('mailto:someone@example.org');
    for (const bad of ['javascript:alert(1)', 'file:///etc/passwd', 'app://engram/index.html', 'data:text/html,hi', 'https://user:pw@example.org/', '/relative', '', 42]) {
      expect(safeExternalUrl(bad), String(bad)).toBe(null);
    }
  });
});

describe('IPC handler', () => {
  // What reaches the engine relay: only calls that passed every check.
  const relayed: [string, unknown][] = [];
  const handle = createApiHandler(async (method, args) => {
    relayed.push([method, args]);
    return { ok: true, result: { messages: 3 } };
  });
  const app = { frameUrl: 'app://engram/index.html', isAppMainFrame: true };

  it('answers the app window with a validated call', async () => {
    expect(await handle(app, 'stats', {})).toEqual({ ok: true, result: { messages: 3 } });
    // Refused and invalid calls (below) never get this far.
    await handle(app, 'listMessages', { filter: {} });
    expect(relayed.map(([m]) => m)).toEqual(['stats', 'listMessages']);
  });

  it('refuses calls from other frames or origins', async () => {
    for (const sender of [
      { frameUrl: 'https://evil.example/', isAppMainFrame: true },
      { frameUrl: 'app://engram/index.html', isAppMainFrame: false },
      { frameUrl: null, isAppMainFrame: true },
      { frameUrl: 'file:///tmp/x.html', isAppMainFrame: true },
    ]) {
      const res = await handle(sender, 'stats', {});
      expect(res.ok).toBe(false);
      if (!res.ok) expect(res.error.code).toBe('refused');
    }
  });

  it('validates method names and arguments', async () => {
    const unknown = await handle(app, 'constructor', {});
    expect(unknown.ok || unknown.error.code).toBe('not_found');
    const proto = await handle(app, '__proto__', {});
    expect(proto.ok).toBe(false);
    const bad = await handle(app, 'stats', { extra: 1 });
    expect(bad.ok || bad.error.code).toBe('bad_request');
    const notString = await handle(app, 42, {});
    expect(notString.ok || notString.error.code).toBe('bad_request');
    // None of these reached the engine.
    expect(relayed.map(([m]) => m)).toEqual(['stats', 'listMessages']);
  });
});

describe('native menu', () => {
  const actions = {
    importFiles: () => {},
    exportGraph: () => {},
    openTab: () => {},
    openDataFolder: () => {},
    showShortcuts: () => {},
    openSettings: () => {},
    about: () => {},
  };
  it('has File → Import…, Export graph…, View → tabs, Help', () => {
    const template = buildMenuTemplate(actions, { platform: 'linux', appName: 'Engram', isDev: false });
    const file = template.find((m) => m.label === 'File')!;
    const labels = (m: typeof file) => (m.submenu as { label?: string }[]).map((i) => i.label).filter(Boolean);
    expect(labels(file)).toEqual(expect.arrayContaining(['Import…', 'Export graph…', 'Settings…']));
    const view = template.find((m) => m.label === 'View')!;
    expect(labels(view)).toEqual(expect.arrayContaining(TAB_MENU.map((t) => t.label)));
    expect(template.some((m) => m.role === 'help')).toBe(true);
    expect(JSON.stringify(template)).not.toContain('toggleDevTools');
  });
});

describe('window state', () => {
  it('is remembered in the data folder and kept on screen', () => {
    const dir = mkdtempSync(join(tmpdir(), 'engram-ws-'));
    const file = join(dir, 'window-state.json');
    expect(readWindowState(file)).toEqual({ width: 1440, height: 900, maximized: false });
    writeWindowState(file, { x: 100, y: 50, width: 1200, height: 800, maximized: true });
    expect(readWindowState(file)).toEqual({ x: 100, y: 50, width: 1200, height: 800, maximized: true });
    writeFileSync(file, '{broken');
    expect(readWindowState(file).width).toBe(1440);
    const screen = [{ x: 0, y: 0, width: 1920, height: 1080 }];
    expect(fitToDisplays({ x: 100, y: 50, width: 1200, height: 800, maximized: false }, screen)).toMatchObject({ x: 100, y: 50 });
    // A window left on a monitor that is gone comes back centred on the primary one.
    expect(fitToDisplays({ x: 3000, y: 50, width: 1200, height: 800, maximized: false }, screen)).toMatchObject({ x: 360, y: 140 });
    rmSync(dir, { recursive: true, force: true });
  });
});
