// Small guards for reading untyped JSON exports.

export type Obj = Record<string, unknown>;

export function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

export function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** An array of objects, or one object taken as a list of one. */
export function listOf(data: unknown): Obj[] | null {
  if (Array.isArray(data)) return data.every(isObj) ? (data as Obj[]) : null;
  return isObj(data) ? [data] : null;
}

/** True when the first few items of a list all satisfy `test` (exports are homogeneous). */
export function sampleAll(list: unknown, test: (o: Obj) => boolean): boolean {
  if (!Array.isArray(list) || list.length === 0) return false;
  return list.slice(0, 5).every((o) => isObj(o) && test(o));
}
