// Picks the transport once, at start: the preload bridge in the desktop app, HTTP in a browser.
// Everything else in the workbench only sees an EngramClient, so no feature differs.
import type { EngramClient } from '../../../shared/api';
import type { EngramBridge, MenuCommand } from '../../../shared/transport/bridge';
import { createHttpClient } from './http-client';
import { createPreloadClient } from './preload-client';

export type Transport = 'desktop' | 'web';

export interface Connection {
  client: EngramClient;
  transport: Transport;
  /** Native menu commands (desktop only; never fires in a browser). */
  onMenu(listener: (cmd: MenuCommand) => void): () => void;
}

declare global {
  interface Window {
    engram?: EngramBridge;
  }
}

const TOKEN_KEY = 'engram.token';

/**
 * The serve token: taken from `?token=` on first load, kept in sessionStorage (this tab only)
 * and removed from the visible URL so that it is not copied, bookmarked or shown on screen.
 * Both right after the task that takes it: each waits on the browser process (a fresh page's
 * first storage access is a synchronous round trip), which the first screen need not wait for.
 * Until then a reload still finds the token in the URL.
 */
export function takeToken(): string | null {
  const fromUrl = new URL(window.location.href).searchParams.get('token');
  if (fromUrl) {
    setTimeout(() => keepToken(fromUrl), 0);
    return fromUrl;
  }
  return sessionStorage.getItem(TOKEN_KEY);
}

function keepToken(token: string): void {
  sessionStorage.setItem(TOKEN_KEY, token);
  // the URL as it is now (the route may have changed since), without the token
  const url = new URL(window.location.href);
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
}

export function connect(): Connection {
  if (window.engram) {
    const { client, onMenu } = createPreloadClient(window.engram);
    return { client, transport: 'desktop', onMenu };
  }
  const token = takeToken() ?? '';
  return {
    client: createHttpClient({ baseUrl: window.location.origin, token }),
    transport: 'web',
    onMenu: () => () => {},
  };
}

let current: Connection | null = null;

/** The connection of this page (created on first use). */
export function connection(): Connection {
  current ??= connect();
  return current;
}

/** Shorthand for the client: `api().listSources({})`. */
export function api(): EngramClient {
  return connection().client;
}
