// The format-neutral keys of a message's `extra` (JSON kept with the row) that the engine reads.
// Importers map their export's own field names onto these; nothing past an importer names those.

/** The description of an image the message carries (e.g. a caption of a photo the speaker shared). */
export const IMAGE_DESCRIPTION = 'image_description';

/** The image description of a message's extra, parsed or as stored (JSON); undefined when it has none. */
export function imageDescription(extra: Record<string, unknown> | string | null | undefined): string | undefined {
  if (!extra) return undefined;
  if (typeof extra === 'string') {
    // Most rows have no description: skip the parse.
    if (!extra.includes(IMAGE_DESCRIPTION)) return undefined;
    try {
      extra = JSON.parse(extra) as Record<string, unknown>;
    } catch {
      return undefined; // an extra that is not JSON has no description
    }
    if (!extra || typeof extra !== 'object') return undefined;
  }
  const value = extra[IMAGE_DESCRIPTION];
  return typeof value === 'string' ? value : undefined;
}

/**
 * A message's text with its image description after it, as the search index and Ask read it
 * ("they made this! [image: a cup with a dog face on it]"); the text alone when it has none.
 */
export function withImageDescription(text: string, description: string | undefined, separator = ' '): string {
  return description === undefined ? text : `${text}${separator}[image: ${description}]`;
}
