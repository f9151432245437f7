// The HTTP wire format: bytes survive the trip, other values are untouched.
import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64, containsBytes, decodeWire, encodeWire, resultEnvelope, resultOf, splitBytesArg } from '../../shared/transport/wire';

describe('wire codec', () => {
  it('round-trips bytes through base64 at every length', () => {
    for (let n = 0; n < 70; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 37 + n) % 256);
      const b64 = bytesToBase64(bytes);
      expect(b64).toBe(Buffer.from(bytes).toString('base64'));
      expect(Array.from(base64ToBytes(b64))).toEqual(Array.from(bytes));
    }
    const big = Uint8Array.from({ length: 200_001 }, (_, i) => i % 251);
    expect(Buffer.from(base64ToBytes(bytesToBase64(big))).equals(Buffer.from(big))).toBe(true);
    expect(() => base64ToBytes('not base64!')).toThrow();
  });

  it('encodes nested bytes as markers and decodes them back', () => {
    const value = { name: 'a.json', bytes: new Uint8Array([1, 2, 3]), nested: [{ b: new Uint8Array([255]) }], n: 1, s: 'x', z: null };
    const json = JSON.parse(JSON.stringify(encodeWire(value)));
    expect(json.bytes).toEqual({ $bytes: 'AQID' });
    const back = decodeWire(json) as typeof value;
    expect(back.bytes).toBeInstanceOf(Uint8Array);
    expect(Array.from(back.bytes)).toEqual([1, 2, 3]);
    expect(Array.from(back.nested[0].b)).toEqual([255]);
    expect(back).toMatchObject({ name: 'a.json', n: 1, s: 'x', z: null });
  });

  it('flags only results that carry bytes, and leaves the others as they are', () => {
    const plain = { rows: [{ id: 1, text: 'hi', parts: [{ kind: 'text' }] }], total: 1, none: null };
    const env = resultEnvelope(plain);
    expect(env).toEqual({ ok: true, result: plain });
    expect('bytes' in env).toBe(false);
    expect(containsBytes([1, 'a', null, { a: [{ b: {} }] }])).toBe(false);
    expect(containsBytes({ a: [{ b: new Uint8Array(1) }] })).toBe(true);
    const withBytes = JSON.parse(JSON.stringify(resultEnvelope({ file: { data: new Uint8Array([7, 8]) } })));
    expect(withBytes.bytes).toBe(true);
    expect(withBytes.result.file.data).toEqual({ $bytes: 'Bwg=' });
    const back = resultOf(withBytes) as { file: { data: Uint8Array } };
    expect(Array.from(back.file.data)).toEqual([7, 8]);
    // unflagged: the parsed JSON itself, a marker-looking value included (not turned into bytes)
    const parsed = JSON.parse('{"ok":true,"result":{"note":{"$bytes":"AQ=="}}}');
    expect(resultOf(parsed)).toBe(parsed.result);
  });

  it('keeps a __proto__ key as an own property instead of a prototype', () => {
    const decoded = decodeWire(JSON.parse('{"__proto__":{"polluted":true}}')) as Record<string, unknown>;
    expect(Object.keys(decoded)).toEqual(['__proto__']);
    expect((decoded as { polluted?: boolean }).polluted).toBeUndefined();
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it('splits the one top-level bytes argument of a raw upload', () => {
    const split = splitBytesArg({ name: 'x.json', bytes: new Uint8Array([9]) });
    expect(split?.field).toBe('bytes');
    expect(split?.rest).toEqual({ name: 'x.json' });
    expect(splitBytesArg({ name: 'x' })).toBeNull();
    expect(splitBytesArg({ a: new Uint8Array(), b: new Uint8Array() })).toBeNull();
  });
});
