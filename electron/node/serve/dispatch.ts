// One API call arriving over a transport (HTTP or Electron IPC): check the method name,
// validate the arguments against the typed API, call the engine, and shape the outcome as an
// envelope. Both transports go through here so that they cannot drift apart.
import { ApiError, isApiMethod, parseApiArgs, type ApiErrorCode, type EngramApi } from '../../../shared/api';
import type { WireResponse } from './wire';

export async function dispatchApiCall(api: EngramApi, method: string, rawArgs: unknown): Promise<unknown> {
  if (!isApiMethod(method)) throw new ApiError('not_found', `Unknown API method: ${method.slice(0, 100)}`);
  const args = parseApiArgs(method, rawArgs);
  const fn = api[method] as (a: unknown) => Promise<unknown>;
  if (typeof fn !== 'function') throw new ApiError('unavailable', `${method} is not available in this engine`);
  return fn.call(api, args);
}

/** The person-facing code and message of any error thrown by a call. */
export function describeError(err: unknown): { code: ApiErrorCode; message: string } {
  if (err instanceof ApiError) return { code: err.code, message: err.message };
  // An ApiError from another copy of shared/api (bundles) still carries its code.
  if (err && typeof err === 'object' && (err as { name?: unknown }).name === 'ApiError') {
    const e = err as { code?: unknown; message?: unknown };
    if (typeof e.code === 'string' && typeof e.message === 'string') {
      return { code: e.code as ApiErrorCode, message: e.message };
    }
  }
  const message = err instanceof Error ? err.message : String(err);
  return { code: 'internal', message: message.split('\n')[0].slice(0, 2000) || 'Internal error' };
}

/** Calls and wraps the outcome, never throwing: what both transports send back. */
export async function callToEnvelope(api: EngramApi, method: string, rawArgs: unknown): Promise<WireResponse> {
  try {
    return { ok: true, result: await dispatchApiCall(api, method, rawArgs) };
  } catch (err) {
    return { ok: false, error: describeError(err) };
  }
}

export const HTTP_STATUS: Record<ApiErrorCode, number> = {
  bad_request: 400,
  not_found: 404,
  conflict: 409,
  refused: 403,
  unavailable: 503,
  internal: 500,
};
