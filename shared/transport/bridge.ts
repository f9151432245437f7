// What the desktop window sees of the preload (`window.engram`): exactly the API methods, each
// answering with an envelope (an Error crossing the context bridge loses its code), plus
// `onEvent` for engine events and the native menu's commands. Types only: the preload builds
// it (electron/preload/bridge.ts), the renderer reads it (renderer/src/api/preload-client.ts).
import type { ApiArgs, ApiMethod, ApiResult } from '../api';
import type { EngineEvent } from '../types';
import type { WireResponse } from './wire';

/** Tabs of the workbench, as the native View menu names them. */
export type WorkbenchTab = 'graph' | 'entities' | 'ttl' | 'sparql' | 'ask' | 'messages';

/** A native menu command or desktop notice the window acts on (desktop only). */
export type MenuCommand =
  | { type: 'menu'; command: 'open-tab'; tab: WorkbenchTab }
  | { type: 'menu'; command: 'open-import' }
  | { type: 'menu'; command: 'show-shortcuts' }
  | { type: 'menu'; command: 'open-settings' }
  | { type: 'menu'; command: 'notice'; message: string; tone?: 'success' | 'error' };

export type BridgeEvent = EngineEvent | MenuCommand;

export type EngramBridge = {
  [M in ApiMethod]: (args: ApiArgs<M>) => Promise<WireResponse<ApiResult<M>>>;
} & {
  onEvent(listener: (event: BridgeEvent) => void): () => void;
  /** Opens an http(s) or mailto link in the system browser (main checks it again); false when refused. */
  openExternal(url: string): Promise<boolean>;
};
