// Labels from IRIs. (Text normalisation and content words are the shared text toolkit's:
// shared/text/words.ts, shared/text/stop-words.ts.)

/** A label from an IRI's local name: `trip-to-porto-2026-10` → `Trip to porto 2026 10`. */
export function labelFromLocalName(local: string): string {
  let s = decodeURIComponent(local).replace(/[-_]+/g, ' ');
  s = s.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/\s+/g, ' ').trim();
  return s ? s[0].toUpperCase() + s.slice(1) : local;
}
