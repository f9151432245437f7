// Packages loaded on first use, not when the engine's modules load: a command that reads no
// words (search, stats, sources) should not pay for the NLP model, the holiday tables or the
// SPARQL parser (chrono.ts loads chrono-node's English locale this way).
import { createRequire } from 'node:module';

const load = createRequire(import.meta.url);

/** A function that loads the package `name` the first time it is called and returns its exports. */
export function lazyModule<T>(name: string): () => T {
  let exports: T | undefined;
  return () => (exports ??= load(name) as T);
}
