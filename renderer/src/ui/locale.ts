// The person's locale, as the timeline reads dates with it: "5/11" is May 11 in en-US and
// 5 November in en-GB, and holidays are those of its country. The browser's (the system's) language.

const TAG = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8}){0,3}$/;

/** The locale tag to send with timeline and Ask questions; undefined when the browser gives none usable. */
export function dateLocale(): string | undefined {
  const tag = typeof navigator !== 'undefined' ? navigator.language : undefined;
  return tag && TAG.test(tag) ? tag : undefined;
}
