// What the preload exposes as `window.engram`: exactly the API methods plus `onEvent`.
// Kept free of `electron` so that tests can check it without the binary; preload.ts wires it
// to ipcRenderer. Calls resolve with an envelope (result or {code, message}) because an
// Error crossing the context bridge loses its code.
import { apiMethodNames, type ApiArgs, type ApiMethod, type ApiResult } from '../../shared/api';
import type { EngineEvent } from '../../shared/types';
import type { WireResponse } from '../node/serve/wire';

/** Tabs of the workbench, as the native View menu names them. */
export type WorkbenchTab = 'graph' | 'entities' | 'ttl' | 'sparql' | 'ask' | 'messages';

/** A native menu command the window acts on (desktop only). */
export type MenuCommand =
  | { type: 'menu'; command: 'open-tab'; tab: WorkbenchTab }
  | { type: 'menu'; command: 'open-import' }
  | { type: 'menu'; command: 'show-shortcuts' }
  | { type: 'menu'; command: 'open-settings' }
  | { type: 'menu'; command: 'notice'; message: string };

export type BridgeEvent = EngineEvent | MenuCommand;

export type EngramBridge = {
  [M in ApiMethod]: (args: ApiArgs<M>) => Promise<WireResponse<ApiResult<M>>>;
} & {
  onEvent(listener: (event: BridgeEvent) => void): () => void;
};

export function createBridge(
  invoke: (method: ApiMethod, args: unknown) => Promise<WireResponse>,
  subscribe: (listener: (event: BridgeEvent) => void) => () => void,
): EngramBridge {
  const bridge: Record<string, unknown> = {};
  for (const method of apiMethodNames) {
    // Only the arguments cross: the renderer cannot pick a channel or pass extra parameters.
    bridge[method] = (args: unknown) => invoke(method, args);
  }
  bridge.onEvent = (listener: (event: BridgeEvent) => void) => {
    if (typeof listener !== 'function') throw new TypeError('onEvent needs a function');
    return subscribe(listener);
  };
  return Object.freeze(bridge) as EngramBridge;
}
