// The locale setting of the timeline planner: how numeric dates are written (5/11 = May 11 in
// en-US, 5 November in en-GB) and whose holidays count. Read from the locale itself (Intl), not
// from a table: a locale writes day-first when its short numeric date puts the day first.

export const DEFAULT_LOCALE = 'en-US';

export interface LocaleInfo {
  /** The locale as given, or the default when it is not one Intl knows. */
  tag: string;
  /** Numeric dates are day first (D/M/Y). */
  dayFirst: boolean;
  /** ISO 3166 country of its holidays ('US', 'GB'…). */
  country: string;
}

const cache = new Map<string, LocaleInfo>();

function read(tag: string): LocaleInfo {
  const canonical = Intl.getCanonicalLocales(tag)[0];
  const order = new Intl.DateTimeFormat(canonical, { day: 'numeric', month: 'numeric', timeZone: 'UTC' })
    .formatToParts(new Date(Date.UTC(2026, 10, 5)))
    .filter((p) => p.type === 'day' || p.type === 'month')
    .map((p) => p.type);
  const country = new Intl.Locale(canonical).maximize().region ?? 'US';
  return { tag: canonical, dayFirst: order[0] === 'day', country };
}

/** What a locale tag means for reading dates; an unknown or malformed tag reads as en-US. */
export function localeInfo(tag: string | undefined): LocaleInfo {
  const key = tag || DEFAULT_LOCALE;
  let info = cache.get(key);
  if (!info) {
    try {
      info = read(key);
    } catch {
      info = read(DEFAULT_LOCALE);
    }
    cache.set(key, info);
  }
  return info;
}
