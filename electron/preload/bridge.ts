// Builds what the preload exposes as `window.engram` (its type: shared/transport/bridge.ts).
// Kept free of `electron` so that tests can check it without the binary; preload.ts wires it
// to ipcRenderer.
import { apiMethodNames, type ApiMethod } from '../../shared/api';
import type { BridgeEvent, EngramBridge } from '../../shared/transport/bridge';
import type { WireResponse } from '../../shared/transport/wire';

export function createBridge(
  invoke: (method: ApiMethod, args: unknown) => Promise<WireResponse>,
  subscribe: (listener: (event: BridgeEvent) => void) => () => void,
  openExternal: (url: string) => Promise<boolean> = async () => false,
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
  // A string only; the main process parses and checks it before anything opens.
  bridge.openExternal = (url: unknown) => (typeof url === 'string' && url.length <= 4000 ? openExternal(url) : Promise.resolve(false));
  return Object.freeze(bridge) as EngramBridge;
}
