// Holidays as people name them ("on Christmas", "NYE", "over the holidays", "Labor Day"), for the
// country of the locale setting. The calendar is date-holidays' (maintained, rule-based: Easter,
// Thanksgiving and Labour Day move every year); the lexicon adds other names ("xmas", "easter"),
// the fixed days every English locale knows when a country's calendar lacks them (Halloween,
// Valentine's Day, Christmas Eve in GB) and named periods ("the holidays"). Built once per country.
import type Holidays from 'date-holidays';
import { lazyModule } from '../common/lazy-module';
import { isValidDate, ymd, type Ymd } from '../../../../shared/dates/calendar';
import { normalizeApostrophes } from '../../../../shared/text/words';
import { alternation, lexicon } from './lexicon';

export interface HolidayCalendar {
  country: string;
  /** Regular-expression source (no group) for every name of a holiday or period, lower case. */
  pattern: string;
  /** Canonical name of a holiday for the words that named it (any case), or null. */
  holidayOf(words: string): string | null;
  /** A named period ("the holidays"): the holidays it runs from and to. */
  periodOf(words: string): { from: string; to: string } | null;
  /** The day of a holiday in a year (null when the country does not keep it that year). */
  dayOf(name: string, year: number): Ymd | null;
}

const key = (words: string) => normalizeApostrophes(words).toLowerCase().replace(/\s+/g, ' ').trim();

/** "Valentine's Day" → valentine's day, valentines day, valentine's, valentines. */
function namesOf(name: string): string[] {
  const k = key(name);
  const out = new Set([k, k.replace(/'s\b/g, 's'), k.replace(/'s\b/g, '')]);
  if (/'s day$/.test(k)) {
    const bare = k.replace(/ day$/, '');
    out.add(bare);
    out.add(bare.replace(/'s$/, 's'));
  }
  if (/^st\. /.test(k)) for (const n of [...out]) out.add(n.replace(/^st\. /, 'st ')).add(n.replace(/^st\. /, 'saint '));
  return [...out].filter((n) => n.length > 3);
}

const calendars = new Map<string, HolidayCalendar>();
const holidaysLib = lazyModule<typeof Holidays>('date-holidays');

function build(country: string): HolidayCalendar {
  const lex = lexicon().file.holidays;
  let hd: InstanceType<typeof Holidays> | null = null;
  try {
    hd = new (holidaysLib())(country, { languages: ['en'] });
  } catch {
    hd = null;
  }
  const byYear = new Map<number, Map<string, Ymd>>();
  const daysIn = (year: number): Map<string, Ymd> => {
    let days = byYear.get(year);
    if (!days) {
      days = new Map();
      for (const h of hd?.getHolidays(year, 'en') ?? []) {
        const name = key(h.name);
        if (!days.has(name)) days.set(name, h.date.slice(0, 10));
      }
      for (const f of lex.fixed) if (!days.has(key(f.name)) && isValidDate(year, f.month, f.day)) days.set(key(f.name), ymd(year, f.month, f.day));
      byYear.set(year, days);
    }
    return days;
  };
  const thisYear = new Date().getFullYear();
  const canonical = new Map<string, string>();
  for (const y of [thisYear - 1, thisYear]) for (const name of daysIn(y).keys()) for (const n of namesOf(name)) if (!canonical.has(n)) canonical.set(n, name);
  for (const [alias, name] of Object.entries(lex.aliases)) {
    const target = key(name);
    if ([thisYear - 1, thisYear].some((y) => daysIn(y).has(target))) canonical.set(key(alias), target);
  }
  const periods = new Map<string, { from: string; to: string }>();
  for (const p of lex.periods) for (const n of p.names) periods.set(key(n), { from: key(p.from), to: key(p.to) });
  const pattern = alternation([...canonical.keys(), ...periods.keys()]);
  return {
    country,
    pattern,
    holidayOf: (words) => canonical.get(key(words)) ?? null,
    periodOf: (words) => periods.get(key(words)) ?? null,
    dayOf: (name, year) => daysIn(year).get(key(name)) ?? null,
  };
}

/** The holidays of a country (ISO 3166 code), built on first use. */
export function holidayCalendar(country: string): HolidayCalendar {
  let c = calendars.get(country);
  if (!c) calendars.set(country, (c = build(country)));
  return c;
}
