// The API in the desktop app: `window.engram` from the preload, unwrapped into plain results
// and ApiErrors (the bridge sends envelopes, since errors lose their code across it).
import { ApiError, apiMethodNames, type ApiErrorCode, type EngramClient } from '../../../shared/api';
import type { EngineEvent } from '../../../shared/types';
import type { BridgeEvent, EngramBridge, MenuCommand } from '../../../electron/preload/bridge';
import type { WireResponse } from '../../../electron/node/serve/wire';

export function createPreloadClient(bridge: EngramBridge): { client: EngramClient; onMenu: (listener: (cmd: MenuCommand) => void) => () => void } {
  const client: Record<string, unknown> = {};
  for (const method of apiMethodNames) {
    const call = bridge[method] as (args: unknown) => Promise<WireResponse>;
    client[method] = async (args: unknown) => {
      const envelope = await call(args ?? {});
      if (envelope.ok) return envelope.result;
      throw new ApiError(envelope.error.code as ApiErrorCode, envelope.error.message);
    };
  }
  client.onEvent = (listener: (event: EngineEvent) => void) =>
    bridge.onEvent((event: BridgeEvent) => {
      if (event.type !== 'menu') listener(event);
    });
  const onMenu = (listener: (cmd: MenuCommand) => void) =>
    bridge.onEvent((event: BridgeEvent) => {
      if (event.type === 'menu') listener(event);
    });
  return { client: client as unknown as EngramClient, onMenu };
}
