// Security settings of the desktop window, kept free of any `electron` import so that a unit
// test can assert them without the Electron binary (test/electron/security.test.ts).
import { CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from '../node/serve/csp';

export { CONTENT_SECURITY_POLICY, SECURITY_HEADERS };

/** The workbench is served from its own privileged scheme, never file://: 'self' then means the app. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'engram';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/** Scheme privileges: standard + secure so that fetch, workers (Monaco) and CSP 'self' behave as on https. */
export const APP_SCHEME_PRIVILEGES = {
  standard: true,
  secure: true,
  supportFetchAPI: true,
  codeCache: true,
} as const;

/** webPreferences of the one BrowserWindow (the preload path is added at runtime). */
export const WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  experimentalFeatures: false,
  navigateOnDragDrop: false,
  safeDialogs: true,
  spellcheck: false,
} as const;

/** IPC channels: one for every API call, one for events to the window. */
export const API_CHANNEL = 'engram:api';
export const EVENT_CHANNEL = 'engram:event';
/** A link from the page to open in the system browser (checked by safeExternalUrl in main). */
export const OPEN_EXTERNAL_CHANNEL = 'engram:open-external';

/**
 * Whether a frame's URL belongs to the app: the packaged scheme, or the electron-vite dev server
 * when one is running (its URL is passed by electron-vite in ELECTRON_RENDERER_URL).
 */
export function isAppUrl(url: string, devServerUrl?: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST) return true;
  if (devServerUrl) {
    try {
      return parsed.origin === new URL(devServerUrl).origin;
    } catch {
      return false;
    }
  }
  return false;
}

/** Maps a request URL on the app scheme to a file path relative to the renderer folder, or null. */
export function appUrlToRelativePath(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== APP_HOST) return null;
  let path: string;
  try {
    path = decodeURIComponent(parsed.pathname);
  } catch {
    return null;
  }
  if (path.includes('\0') || path.split('/').some((seg) => seg === '..')) return null;
  path = path.replace(/^\/+/, '');
  return path === '' ? 'index.html' : path;
}
