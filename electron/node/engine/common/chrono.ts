// chrono-node, loaded on first use: its modules take ~0.3 s to load, which commands that read
// no dates in text (listing, search, statistics) should not pay.
import { createRequire } from 'node:module';
import type * as Chrono from 'chrono-node';

let lib: typeof Chrono | null = null;

export function chrono(): typeof Chrono {
  return (lib ??= createRequire(import.meta.url)('chrono-node') as typeof Chrono);
}

export type { Chrono };
