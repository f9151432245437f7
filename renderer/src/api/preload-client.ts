// The API in the desktop app: `window.engram` from the preload, unwrapped into plain results
// and ApiErrors (the bridge sends envelopes, since errors lose their code across it).
import type { EngramClient } from '../../../shared/api';
import { API_METHOD_NAMES } from '../../../shared/api-names';
import type { EngineEvent } from '../../../shared/types';
import type { BridgeEvent, EngramBridge, MenuCommand } from '../../../shared/transport/bridge';
import { unwrapEnvelope, type WireResponse } from '../../../shared/transport/wire';

export function createPreloadClient(bridge: EngramBridge): { client: EngramClient; onMenu: (listener: (cmd: MenuCommand) => void) => () => void } {
  const client: Record<string, unknown> = {};
  for (const method of API_METHOD_NAMES) {
    const call = bridge[method] as (args: unknown) => Promise<WireResponse>;
    client[method] = async (args: unknown) => unwrapEnvelope(await call(args ?? {}));
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
