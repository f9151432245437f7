// chrono-node's English locale, loaded on first use. Its modules take time to load, which
// commands that read no dates in text (listing, search, statistics) should not pay; and only
// the English locale is loaded: the package's main module loads all sixteen of its locales
// (about four times the modules; 71 → 17 ms CPU bare, more through a loader hook), and every
// reading here is English. `parse`, `casual` and `strict` are the same objects the main module
// exports (it re-exports this locale's).
import type * as ChronoEn from 'chrono-node/en';
import type * as Chrono from 'chrono-node';
import { lazyModule } from './lazy-module';

export const chrono = lazyModule<typeof ChronoEn>('chrono-node/en');

export type { Chrono };
