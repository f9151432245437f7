// Electron main: one window, one validated IPC channel, native menus. Thin on purpose: the
// engine runs in a utility process (the engine host, out/main/engine-host.js) so that SQLite,
// LanceDB and the Ask code never block this process's event loop; main only relays calls to it
// and its events back to the window (node/engine-host/relay.ts).
import { readFile, writeFile } from 'node:fs/promises';
import { join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  nativeTheme,
  protocol,
  screen,
  session,
  shell,
  utilityProcess,
  type IpcMainInvokeEvent,
} from 'electron';
import { defaultDataDir } from '../node/engine/paths';
import { ENGINE_ALLOCATOR_ENV } from '../node/engine/common/allocator-env';
import { mimeTypeOf } from '../node/serve/mime';
import type { RdfFormat } from '../../shared/types';
import type { BridgeEvent } from '../../shared/transport/bridge';
import { safeExternalUrl } from '../../shared/transport/external-url';
import { EngineRelay, type HostProcess } from '../node/engine-host/relay';
import { createApiHandler } from './ipc';
import { buildMenuTemplate } from './menu';
import {
  API_CHANNEL,
  OPEN_EXTERNAL_CHANNEL,
  APP_ENTRY_URL,
  APP_SCHEME,
  APP_SCHEME_PRIVILEGES,
  EVENT_CHANNEL,
  SECURITY_HEADERS,
  WEB_PREFERENCES,
  appUrlToRelativePath,
  isAppUrl,
} from './security';
import { fitToDisplays, MIN_WINDOW_SIZE, readWindowState, writeWindowState, type WindowState } from './window-state';

const here = fileURLToPath(new URL('.', import.meta.url));
const rendererDir = normalize(join(here, '../renderer'));
const preloadPath = join(here, '../preload/preload.cjs');
const engineHostPath = join(here, 'engine-host.js');
// electron-vite passes its dev server here during `npm run dev`; never set in a built app.
const devServerUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined;

const EXPORT_FORMATS: { format: RdfFormat; name: string; extensions: string[] }[] = [
  { format: 'turtle', name: 'Turtle', extensions: ['ttl'] },
  { format: 'n-quads', name: 'N-Quads', extensions: ['nq'] },
  { format: 'trig', name: 'TriG', extensions: ['trig'] },
  { format: 'n-triples', name: 'N-Triples', extensions: ['nt'] },
  { format: 'json-ld', name: 'JSON-LD', extensions: ['jsonld'] },
];

protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: APP_SCHEME_PRIVILEGES }]);
app.enableSandbox();
// A packaged app carries resources/ (ontology, prompts, demo) beside itself (electron-builder.yml).
if (app.isPackaged && !process.env.ENGRAM_RESOURCES) process.env.ENGRAM_RESOURCES = join(process.resourcesPath, 'resources');


function dataDirFromArgs(): string {
  const i = process.argv.indexOf('--data');
  if (i > 0 && process.argv[i + 1]) return process.argv[i + 1];
  return process.env.ENGRAM_DATA_DIR || defaultDataDir();
}

let relay: EngineRelay | null = null;
let win: BrowserWindow | null = null;
const dataDir = dataDirFromArgs();
const windowStateFile = join(dataDir, 'window-state.json');

function send(event: BridgeEvent) {
  if (win && !win.isDestroyed()) win.webContents.send(EVENT_CHANNEL, event);
}

/** Every web contents: no new windows, no navigation away, no webviews, no permissions but the clipboard. */
function hardenWebContents() {
  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
    contents.on('will-navigate', (event, url) => {
      if (!(devServerUrl && isAppUrl(url, devServerUrl) && url.startsWith(devServerUrl))) event.preventDefault();
    });
    contents.on('will-redirect', (event) => event.preventDefault());
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });
  // Only writing to the clipboard (Copy in the editors); no camera, location, notifications…
  session.defaultSession.setPermissionRequestHandler((_wc, permission, callback) => callback(permission === 'clipboard-sanitized-write'));
  session.defaultSession.setPermissionCheckHandler((_wc, permission) => permission === 'clipboard-sanitized-write');
}

/** Serves out/renderer on app://engram/ with the strict CSP. */
function registerAppProtocol() {
  protocol.handle(APP_SCHEME, async (request) => {
    const rel = appUrlToRelativePath(request.url);
    const file = rel ? normalize(join(rendererDir, rel)) : null;
    if (!file || !file.startsWith(rendererDir + sep)) return new Response('Not found', { status: 404 });
    try {
      const body = await readFile(file);
      return new Response(body, { headers: { ...SECURITY_HEADERS, 'Content-Type': mimeTypeOf(file) } });
    } catch {
      return new Response('Not found', { status: 404 });
    }
  });
}

/** The engine host in a utility process, as the relay sees it. */
function spawnEngineHost(): HostProcess {
  const child = utilityProcess.fork(engineHostPath, [], { serviceName: 'Engram engine', stdio: 'inherit', env: { ...process.env, ...ENGINE_ALLOCATOR_ENV } });
  // Nothing is posted to, or killed in, a process that has gone.
  let alive = true;
  child.once('exit', () => {
    alive = false;
  });
  return {
    post: (message) => {
      if (alive) child.postMessage(message);
    },
    onMessage: (listener) => child.on('message', listener),
    onExit: (listener) => child.once('exit', listener),
    kill: () => {
      if (alive) child.kill();
    },
  };
}

function registerIpc(engine: EngineRelay) {
  const handle = createApiHandler((method, args) => engine.call(method, args), { devServerUrl });
  // Links in messages: the system browser, for http(s) and mailto only, asked by the app's own window.
  ipcMain.handle(OPEN_EXTERNAL_CHANNEL, async (event: IpcMainInvokeEvent, url: unknown) => {
    const frame = event.senderFrame;
    const fromApp = !!win && !win.isDestroyed() && event.sender === win.webContents && !!frame && frame.parent === null && isAppUrl(frame.url, devServerUrl);
    const safe = fromApp ? safeExternalUrl(url) : null;
    if (!safe) return false;
    await shell.openExternal(safe);
    return true;
  });
  ipcMain.handle(API_CHANNEL, (event: IpcMainInvokeEvent, method: unknown, args: unknown) => {
    const frame = event.senderFrame;
    return handle(
      {
        frameUrl: frame?.url ?? null,
        isAppMainFrame: !!win && !win.isDestroyed() && event.sender === win.webContents && !!frame && frame.parent === null,
      },
      method,
      args,
    );
  });
}

function createWindow() {
  const workAreas = screen.getAllDisplays().map((d) => d.workArea);
  const state = fitToDisplays(readWindowState(windowStateFile), workAreas);
  win = new BrowserWindow({
    x: state.x,
    y: state.y,
    width: state.width,
    height: state.height,
    minWidth: MIN_WINDOW_SIZE.width,
    minHeight: MIN_WINDOW_SIZE.height,
    show: false,
    title: 'Engram',
    backgroundColor: nativeTheme.shouldUseDarkColors ? '#17181b' : '#ffffff',
    webPreferences: { ...WEB_PREFERENCES, preload: preloadPath },
  });
  win.once('ready-to-show', () => {
    if (state.maximized) win?.maximize();
    win?.show();
  });
  rememberWindowState(win);
  void win.loadURL(devServerUrl ?? APP_ENTRY_URL);
  win.on('closed', () => {
    win = null;
  });
}

function rememberWindowState(window: BrowserWindow) {
  let timer: NodeJS.Timeout | null = null;
  const save = () => {
    if (window.isDestroyed()) return;
    const bounds = window.getNormalBounds();
    const state: WindowState = { ...bounds, maximized: window.isMaximized() };
    try {
      writeWindowState(windowStateFile, state);
    } catch {
      // A read-only data folder must not stop the app.
    }
  };
  const later = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(save, 500);
  };
  window.on('resize', later);
  window.on('move', later);
  window.on('close', () => {
    if (timer) clearTimeout(timer);
    save();
  });
}

function installMenu() {
  const template = buildMenuTemplate(
    {
      importFiles: () => void importFiles(),
      exportGraph: () => void exportGraph(),
      openTab: (tab) => send({ type: 'menu', command: 'open-tab', tab }),
      openDataFolder: () => void shell.openPath(dataDir),
      showShortcuts: () => send({ type: 'menu', command: 'show-shortcuts' }),
      openSettings: () => send({ type: 'menu', command: 'open-settings' }),
      about: () =>
        void dialog.showMessageBox({
          type: 'info',
          title: 'About Engram',
          message: `Engram ${app.getVersion()}`,
          detail: `A memory explorer for your conversations with AI assistants.\n\nData folder: ${dataDir}`,
        }),
    },
    { platform: process.platform, appName: 'Engram', isDev: !app.isPackaged },
  );
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}

async function importFiles() {
  if (!relay || !win) return;
  const picked = await dialog.showOpenDialog(win, {
    title: 'Import conversations',
    properties: ['openFile', 'multiSelections'],
    filters: [
      { name: 'Conversation exports', extensions: ['json', 'jsonl', 'csv', 'zip'] },
      { name: 'All files', extensions: ['*'] },
    ],
  });
  if (picked.canceled || picked.filePaths.length === 0) return;
  send({ type: 'menu', command: 'open-import' });
  try {
    await relay.request('importPaths', { paths: picked.filePaths });
  } catch (err) {
    send({ type: 'menu', command: 'notice', message: `Import failed: ${err instanceof Error ? err.message : String(err)}` });
  }
}

async function exportGraph() {
  if (!relay || !win) return;
  const picked = await dialog.showSaveDialog(win, {
    title: 'Export the whole graph',
    defaultPath: 'engram-memory.ttl',
    filters: EXPORT_FORMATS.map(({ name, extensions }) => ({ name, extensions })),
  });
  if (picked.canceled || !picked.filePath) return;
  const ext = picked.filePath.split('.').pop()?.toLowerCase() ?? 'ttl';
  const format = EXPORT_FORMATS.find((f) => f.extensions.includes(ext))?.format ?? 'turtle';
  try {
    const out = await relay.request('exportGraph', { format });
    await writeFile(picked.filePath, out.data, 'utf8');
    send({ type: 'menu', command: 'notice', message: `Exported the graph to ${picked.filePath}` });
  } catch (err) {
    send({ type: 'menu', command: 'notice', message: `Export failed: ${err instanceof Error ? err.message : String(err)}` });
  }
}

async function start() {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  app.on('second-instance', () => {
    if (win) {
      if (win.isMinimized()) win.restore();
      win.focus();
    }
  });
  await app.whenReady();
  hardenWebContents();
  registerAppProtocol();
  relay = new EngineRelay({
    spawn: spawnEngineHost,
    // better-sqlite3 in node_modules is built for Node (CLI, tests); scripts/start.mjs prepares an
    // Electron build and names it here; the utility process has Electron's ABI too. A packaged
    // app is rebuilt by electron-builder instead.
    host: { dataDir, sqliteNativeBinding: process.env.ENGRAM_SQLITE_BINDING || undefined },
    send,
  });
  try {
    await relay.start();
  } catch (err) {
    dialog.showErrorBox('Engram could not open its memory', `${err instanceof Error ? err.message : String(err)}\n\nData folder: ${dataDir}`);
    relay = null;
    app.exit(1);
    return;
  }
  registerIpc(relay);
  installMenu();
  createWindow();
}

let closing = false;
app.on('before-quit', (event) => {
  if (!relay || closing) return;
  // The engine host closes the engine (journal flushed) before this process ends.
  event.preventDefault();
  closing = true;
  void relay.close().finally(() => {
    relay = null;
    app.quit();
  });
});
app.on('window-all-closed', () => app.quit());

void start();
