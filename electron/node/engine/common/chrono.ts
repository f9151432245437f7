// chrono-node's English locale, loaded on first use. Its modules take time to load, which
// commands that read no dates in text (listing, search, statistics) should not pay; and only
// the English locale is loaded: the package's main module loads all sixteen of its locales
// (about four times the modules; 71 → 17 ms CPU bare, more through a loader hook), and every
// reading here is English. `parse`, `casual` and `strict` are the same objects the main module
// exports (it re-exports this locale's).
import { createRequire } from 'node:module';
import type * as ChronoEn from 'chrono-node/en';
import type * as Chrono from 'chrono-node';

let lib: typeof ChronoEn | null = null;

export function chrono(): typeof ChronoEn {
  return (lib ??= createRequire(import.meta.url)('chrono-node/en') as typeof ChronoEn);
}

export type { Chrono };
