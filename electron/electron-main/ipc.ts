// The one IPC handler of the window: every call is checked for where it comes from (the app's
// own top-level frame) and validated against the typed API here, in main, before it is relayed
// to the engine host (which validates again: it is the engine's door).
// No `electron` import: main.ts adapts IpcMainInvokeEvent to `CallSender`.
import { checkCall, errorEnvelope } from '../../shared/transport/dispatch';
import type { WireResponse } from '../../shared/transport/wire';
import { isAppUrl } from './security';

export interface CallSender {
  /** URL of the frame that sent the call (null once the frame is gone). */
  frameUrl: string | null;
  /** Whether that frame is the top-level frame of the app's window. */
  isAppMainFrame: boolean;
}

/** Where validated calls go: the engine relay (or, in tests, anything that answers envelopes). */
export type RelayCall = (method: string, args: unknown) => Promise<WireResponse>;

export function createApiHandler(relay: RelayCall, opts: { devServerUrl?: string } = {}) {
  return async (sender: CallSender, method: unknown, args: unknown): Promise<WireResponse> => {
    if (!sender.isAppMainFrame || !sender.frameUrl || !isAppUrl(sender.frameUrl, opts.devServerUrl)) {
      return { ok: false, error: { code: 'refused', message: 'Refused: the call does not come from the Engram window.' } };
    }
    if (typeof method !== 'string') {
      return { ok: false, error: { code: 'bad_request', message: 'The method name must be a string.' } };
    }
    let call;
    try {
      call = checkCall(method, args);
    } catch (err) {
      return errorEnvelope(err);
    }
    return relay(call.method, call.args);
  };
}
