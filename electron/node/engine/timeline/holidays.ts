// Holidays as people name them ("on Christmas", "NYE", "over the holidays", "Labor Day"), for the
// country of the locale setting. The calendar is date-holidays' (maintained, rule-based: Easter,
// Thanksgiving and Labour Day move every year); the lexicon adds other names ("xmas", "easter"),
// the fixed days every English locale knows when a country's calendar lacks them (Halloween,
// Valentine's Day, Christmas Eve in GB) and named periods ("the holidays"). Built once per country.
//
// Loading date-holidays (all countries' rules, moment-timezone) costs more than reading a
// question, and most questions name no holiday. So a country's names are kept in the memory's
// folder, keyed by the library's version, the year and the lexicon: a later process reads its
// holiday pattern from there, and loads the library only to date a holiday a question names.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
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

/** The file the names are kept in (see `keepHolidayNamesIn`), or null. */
let namesFile: string | null = null;

/** Keeps each country's holiday names in `dir` (the memory's folder) between runs; null: not kept. */
export function keepHolidayNamesIn(dir: string | null): void {
  namesFile = dir ? path.join(dir, 'holiday-names.json') : null;
}

/** Forgets the calendars built in this process (tests: a new process's first question). */
export function forgetHolidayCalendars(): void {
  calendars.clear();
}

/** What a country's kept names were computed from: the library's version, the year, the lexicon. */
function namesKey(country: string, year: number): string {
  // (read as a file, not required: nothing of the library is loaded)
  const manifest = createRequire(import.meta.url).resolve('date-holidays/package.json');
  const version = (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version?: string }).version ?? '';
  return digest(JSON.stringify([version, country, year, lexicon().file.holidays]));
}

/** A country's names as kept: `sum` is the digest of `canonical`, so a damaged file is not read. */
type KeptNames = Record<string, { key: string; canonical: [string, string][]; sum: string }>;

const digest = (text: string) => createHash('sha256').update(text).digest('hex');

function readKeptNames(): KeptNames {
  if (!namesFile) return {};
  try {
    const kept = JSON.parse(fs.readFileSync(namesFile, 'utf8')) as unknown;
    return kept && typeof kept === 'object' && !Array.isArray(kept) ? (kept as KeptNames) : {};
  } catch {
    return {}; // none yet, or unreadable: computed again
  }
}

function keptCanonical(country: string, key: string): Map<string, string> | null {
  const entry = readKeptNames()[country];
  if (entry?.key !== key || !Array.isArray(entry.canonical) || entry.sum !== digest(JSON.stringify(entry.canonical))) return null;
  if (!entry.canonical.every((p) => Array.isArray(p) && p.length === 2 && typeof p[0] === 'string' && typeof p[1] === 'string')) return null;
  return new Map(entry.canonical);
}

function keepCanonical(country: string, key: string, canonical: Map<string, string>): void {
  if (!namesFile) return;
  try {
    const kept = readKeptNames();
    const list = [...canonical];
    kept[country] = { key, canonical: list, sum: digest(JSON.stringify(list)) };
    // written whole, then renamed: a reader never sees half a file
    const tmp = `${namesFile}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(kept));
    fs.renameSync(tmp, namesFile);
  } catch {
    // a folder that cannot be written: the names are computed again next time
  }
}

function build(country: string): HolidayCalendar {
  const lex = lexicon().file.holidays;
  let hd: InstanceType<typeof Holidays> | null | undefined; // undefined: not loaded yet
  const library = (): InstanceType<typeof Holidays> | null => {
    if (hd === undefined) {
      try {
        hd = new (holidaysLib())(country, { languages: ['en'] });
      } catch {
        hd = null;
      }
    }
    return hd;
  };
  const byYear = new Map<number, Map<string, Ymd>>();
  const daysIn = (year: number): Map<string, Ymd> => {
    let days = byYear.get(year);
    if (!days) {
      days = new Map();
      for (const h of library()?.getHolidays(year, 'en') ?? []) {
        const name = key(h.name);
        if (!days.has(name)) days.set(name, h.date.slice(0, 10));
      }
      for (const f of lex.fixed) if (!days.has(key(f.name)) && isValidDate(year, f.month, f.day)) days.set(key(f.name), ymd(year, f.month, f.day));
      byYear.set(year, days);
    }
    return days;
  };
  const thisYear = new Date().getFullYear();
  const keptKey = namesKey(country, thisYear);
  let canonical = keptCanonical(country, keptKey);
  if (!canonical) {
    canonical = new Map<string, string>();
    for (const y of [thisYear - 1, thisYear]) for (const name of daysIn(y).keys()) for (const n of namesOf(name)) if (!canonical.has(n)) canonical.set(n, name);
    for (const [alias, name] of Object.entries(lex.aliases)) {
      const target = key(name);
      if ([thisYear - 1, thisYear].some((y) => daysIn(y).has(target))) canonical.set(key(alias), target);
    }
    keepCanonical(country, keptKey, canonical);
  }
  const names = canonical;
  const periods = new Map<string, { from: string; to: string }>();
  for (const p of lex.periods) for (const n of p.names) periods.set(key(n), { from: key(p.from), to: key(p.to) });
  const pattern = alternation([...canonical.keys(), ...periods.keys()]);
  return {
    country,
    pattern,
    holidayOf: (words) => names.get(key(words)) ?? null,
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
