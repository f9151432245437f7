// One API call arriving over a transport (HTTP, Electron IPC, the engine host's port): check
// the method name, validate the arguments against the typed API, call the engine, and shape the
// outcome as an envelope. Every transport goes through here so that they cannot drift apart.
// Common code: no Node or DOM API (it runs in Electron main, the engine host and `engram serve`).
import { ApiError, isApiMethod, parseApiArgs, type ApiArgs, type ApiErrorCode, type ApiMethod, type EngramApi } from '../api';
import type { WireResponse } from './wire';

/** A call whose method exists and whose arguments passed the API's schema. */
export interface CheckedCall<M extends ApiMethod = ApiMethod> {
  method: M;
  args: ApiArgs<M>;
}

/** Validates a call from outside; throws ApiError (not_found, bad_request) on bad input. */
export function checkCall(method: string, rawArgs: unknown): CheckedCall {
  if (!isApiMethod(method)) throw new ApiError('not_found', `Unknown API method: ${method.slice(0, 100)}`);
  return { method, args: parseApiArgs(method, rawArgs) };
}

export async function dispatchApiCall(api: EngramApi, method: string, rawArgs: unknown): Promise<unknown> {
  const call = checkCall(method, rawArgs);
  const fn = api[call.method] as (a: unknown) => Promise<unknown>;
  if (typeof fn !== 'function') throw new ApiError('unavailable', `${call.method} is not available in this engine`);
  return fn.call(api, call.args);
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

/** The envelope of a failed call. */
export function errorEnvelope(err: unknown): WireResponse<never> {
  return { ok: false, error: describeError(err) };
}

/** Calls and wraps the outcome, never throwing: what every transport sends back. */
export async function callToEnvelope(api: EngramApi, method: string, rawArgs: unknown): Promise<WireResponse> {
  try {
    return { ok: true, result: await dispatchApiCall(api, method, rawArgs) };
  } catch (err) {
    return errorEnvelope(err);
  }
}

export { unwrapEnvelope } from './wire';
