// A bounded memo over a Map: a Map iterates in insertion order, so an entry set again on every
// use keeps the least recently used first, and that one goes when the memo is full.

/** The value kept under `key`, else `make()`'s, kept; at most `max` entries, the least recently used going first. */
export function keptRecent<K, V>(kept: Map<K, V>, key: K, max: number, make: () => V): V {
  let value = kept.get(key);
  if (value !== undefined || kept.has(key)) {
    kept.delete(key);
  } else {
    value = make();
    if (kept.size >= max) kept.delete(kept.keys().next().value!);
  }
  kept.set(key, value as V);
  return value as V;
}
