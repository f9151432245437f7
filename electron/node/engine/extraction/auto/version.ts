// The automatic extractor's version, apart from the extractor (extract.ts loads the NLP model
// and the date parser, which only a run of the extraction needs).

/** Bump when what the extractor writes changes: every source is extracted again (once). */
export const AUTO_EXTRACTOR_VERSION = 1;
