// The one IPC handler of the window: every call is checked for where it comes from (the app's
// own top-level frame), then validated and dispatched exactly like an HTTP call.
// No `electron` import: main.ts adapts IpcMainInvokeEvent to `CallSender`.
import type { EngramApi } from '../../shared/api';
import { callToEnvelope } from '../node/serve/dispatch';
import type { WireResponse } from '../node/serve/wire';
import { isAppUrl } from './security';

export interface CallSender {
  /** URL of the frame that sent the call (null once the frame is gone). */
  frameUrl: string | null;
  /** Whether that frame is the top-level frame of the app's window. */
  isAppMainFrame: boolean;
}

export function createApiHandler(api: EngramApi, opts: { devServerUrl?: string } = {}) {
  return async (sender: CallSender, method: unknown, args: unknown): Promise<WireResponse> => {
    if (!sender.isAppMainFrame || !sender.frameUrl || !isAppUrl(sender.frameUrl, opts.devServerUrl)) {
      return { ok: false, error: { code: 'refused', message: 'Refused: the call does not come from the Engram window.' } };
    }
    if (typeof method !== 'string') {
      return { ok: false, error: { code: 'bad_request', message: 'The method name must be a string.' } };
    }
    return callToEnvelope(api, method, args);
  };
}
