// The wire format of the transports: the result envelope (every transport), and the JSON
// coding of the HTTP transport, shared by the server and the browser client.
//
// JSON has no bytes, and `importUpload` carries a file's bytes: they travel as
// `{ "$bytes": "<base64>" }` and are turned back into a Uint8Array before validation.
// This module must stay free of Node and DOM specifics: it runs on both sides.
import { ApiError, type ApiErrorCode } from '../api-names';

export const BYTES_MARKER = '$bytes';

/**
 * Result envelope: a call either returns its result or an ApiError's code and message. `bytes`
 * says the result carries bytes markers: only then must the receiver walk it (`decodeWire`), so
 * a large plain result (a page of messages, the timeline's marks) is used as JSON.parse built it.
 */
export type WireResponse<T = unknown> =
  | { ok: true; result: T; bytes?: true }
  | { ok: false; error: { code: ApiErrorCode | 'unauthorized' | 'forbidden'; message: string } };

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_INDEX = new Int16Array(128).fill(-1);
for (let i = 0; i < B64.length; i++) B64_INDEX[B64.charCodeAt(i)] = i;

export function bytesToBase64(bytes: Uint8Array): string {
  // Chunked so that a file of hundreds of MB does not build one giant intermediate array.
  const parts: string[] = [];
  const CHUNK = 3 * 16384;
  for (let start = 0; start < bytes.length; start += CHUNK) {
    const end = Math.min(start + CHUNK, bytes.length);
    let out = '';
    let i = start;
    for (; i + 2 < end; i += 3) {
      const n = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
      out += B64[n >> 18] + B64[(n >> 12) & 63] + B64[(n >> 6) & 63] + B64[n & 63];
    }
    const rest = end - i;
    if (rest === 1) {
      const n = bytes[i] << 16;
      out += B64[n >> 18] + B64[(n >> 12) & 63] + '==';
    } else if (rest === 2) {
      const n = (bytes[i] << 16) | (bytes[i + 1] << 8);
      out += B64[n >> 18] + B64[(n >> 12) & 63] + B64[(n >> 6) & 63] + '=';
    }
    parts.push(out);
  }
  return parts.join('');
}

export function base64ToBytes(text: string): Uint8Array {
  const clean = text.replace(/[\s=]+$/g, '');
  if (!/^[A-Za-z0-9+/]*$/.test(clean)) throw new Error('invalid base64');
  const out = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let o = 0;
  let i = 0;
  for (; i + 3 < clean.length; i += 4) {
    const n =
      (B64_INDEX[clean.charCodeAt(i)] << 18) |
      (B64_INDEX[clean.charCodeAt(i + 1)] << 12) |
      (B64_INDEX[clean.charCodeAt(i + 2)] << 6) |
      B64_INDEX[clean.charCodeAt(i + 3)];
    out[o++] = n >> 16;
    out[o++] = (n >> 8) & 255;
    out[o++] = n & 255;
  }
  const rest = clean.length - i;
  if (rest === 1) throw new Error('invalid base64 length');
  if (rest >= 2) {
    const n = (B64_INDEX[clean.charCodeAt(i)] << 18) | (B64_INDEX[clean.charCodeAt(i + 1)] << 12) |
      (rest === 3 ? B64_INDEX[clean.charCodeAt(i + 2)] << 6 : 0);
    out[o++] = n >> 16;
    if (rest === 3) out[o++] = (n >> 8) & 255;
  }
  return out.subarray(0, o);
}

/** Headers of a raw-bytes call: the body is the bytes of one top-level argument. */
export const BYTES_FIELD_HEADER = 'x-engram-bytes-field';
export const ARGS_HEADER = 'x-engram-args';

/**
 * The one top-level Uint8Array argument of a call, if any: such calls (importUpload) send the
 * bytes as the raw body, so a large export file is never inflated into a base64 string.
 */
export function splitBytesArg(args: unknown): { field: string; bytes: Uint8Array; rest: Record<string, unknown> } | null {
  if (!args || typeof args !== 'object' || Array.isArray(args)) return null;
  const fields = Object.entries(args).filter(([, v]) => v instanceof Uint8Array);
  if (fields.length !== 1) return null;
  const [field, bytes] = fields[0] as [string, Uint8Array];
  const rest: Record<string, unknown> = { ...(args as Record<string, unknown>) };
  delete rest[field];
  return { field, bytes, rest };
}

/** Replaces every Uint8Array in a value by the bytes marker (for JSON.stringify). */
export function encodeWire(value: unknown): unknown {
  if (value instanceof Uint8Array) return { [BYTES_MARKER]: bytesToBase64(value) };
  if (Array.isArray(value)) return value.map(encodeWire);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = encodeWire(v);
    return out;
  }
  return value;
}

/** A plain result or an ApiError with its code again, from an envelope (the clients' side). */
export function unwrapEnvelope<T>(envelope: WireResponse<T>): T {
  if (envelope.ok) return envelope.result;
  throw new ApiError(envelope.error.code as ApiErrorCode, envelope.error.message);
}

/** Whether a value holds a Uint8Array anywhere (looked for without copying anything). */
export function containsBytes(value: unknown): boolean {
  if (value instanceof Uint8Array) return true;
  if (Array.isArray(value)) {
    for (const v of value) if (v !== null && typeof v === 'object' && containsBytes(v)) return true;
    return false;
  }
  if (value && typeof value === 'object') {
    for (const k in value) {
      const v = (value as Record<string, unknown>)[k];
      if (v !== null && typeof v === 'object' && containsBytes(v)) return true;
    }
  }
  return false;
}

/** A call's result as it goes on the wire: encoded (and flagged) only when it carries bytes. */
export function resultEnvelope<T>(result: T): WireResponse<unknown> {
  return containsBytes(result) ? { ok: true, result: encodeWire(result), bytes: true } : { ok: true, result };
}

/** The result of an envelope that arrived: bytes markers decoded when the sender flagged some. */
export function resultOf(envelope: { result: unknown; bytes?: true }): unknown {
  return envelope.bytes ? decodeWire(envelope.result) : envelope.result;
}

/** Turns every bytes marker back into a Uint8Array (after JSON.parse). */
export function decodeWire(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decodeWire);
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 1 && entries[0][0] === BYTES_MARKER && typeof entries[0][1] === 'string') {
      return base64ToBytes(entries[0][1]);
    }
    const out: Record<string, unknown> = {};
    // defineProperty keeps a '__proto__' key an own (and so rejected) property instead of a prototype.
    for (const [k, v] of entries) Object.defineProperty(out, k, { value: decodeWire(v), enumerable: true, writable: true, configurable: true });
    return out;
  }
  return value;
}
