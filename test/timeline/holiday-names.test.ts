// A country's holiday names are kept in the memory's folder, so that a later process reads its
// holiday pattern without loading date-holidays. The calendar must be the same with kept names,
// without them, and with a kept file that is damaged or was made by another library or year.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetHolidayCalendars, holidayCalendar, keepHolidayNamesIn } from '../../electron/node/engine/timeline/holidays';

const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'engram-holiday-names-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  keepHolidayNamesIn(null);
  forgetHolidayCalendars();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A calendar as a first question of a new process builds it. */
function fresh(country: string) {
  forgetHolidayCalendars();
  const c = holidayCalendar(country);
  const year = new Date().getFullYear();
  return {
    pattern: c.pattern,
    names: ['xmas', 'Thanksgiving', "new year's day", 'the holidays', 'Boxing Day', 'Tuesday'].map((w) => [c.holidayOf(w), c.periodOf(w)]),
    days: ['christmas day', 'thanksgiving day', 'easter sunday'].map((n) => c.dayOf(n, year - 3)),
  };
}

describe('holiday names kept with the memory', () => {
  it('gives the same calendar from kept names as from the library, and keeps each country once', () => {
    keepHolidayNamesIn(null);
    const us = fresh('US');
    const gb = fresh('GB');
    expect(us.names[0][0]).toBe('christmas day');
    expect(us.days[0]).toBe(`${new Date().getFullYear() - 3}-12-25`);

    const dir = tempDir();
    keepHolidayNamesIn(dir);
    expect(fresh('US')).toEqual(us); // computed, then written
    expect(fresh('GB')).toEqual(gb);
    const kept = JSON.parse(fs.readFileSync(path.join(dir, 'holiday-names.json'), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(kept).sort()).toEqual(['GB', 'US']);
    expect(fresh('US')).toEqual(us); // read back: the pattern from the file, the days from the library
    expect(fresh('GB')).toEqual(gb);
    expect(fs.readdirSync(dir)).toEqual(['holiday-names.json']); // no temporary file left
  });

  it('reads names only under its own key: another library, year or lexicon, and a damaged file, are computed again', () => {
    keepHolidayNamesIn(null);
    const us = fresh('US');
    const dir = tempDir();
    const file = path.join(dir, 'holiday-names.json');
    keepHolidayNamesIn(dir);
    fs.writeFileSync(file, JSON.stringify({ US: { key: 'another version', canonical: [['tuesday', 'christmas day']] } }));
    expect(fresh('US')).toEqual(us);
    expect(fresh('US').names[5]).toEqual([null, null]); // the stale entry ("tuesday") was not read
    for (const damaged of ['{"US": {"key"', '[1,2]', 'null', JSON.stringify({ US: { key: 'x', canonical: 'christmas' } })]) {
      fs.writeFileSync(file, damaged);
      expect(fresh('US')).toEqual(us);
    }
    // its own key, and a name changed in the file (one character, the JSON still valid): not read
    const good = fs.readFileSync(file, 'utf8');
    expect(good).toContain('"christmas day"');
    fs.writeFileSync(file, good.replace('"christmas day"', '"christmas dab"'));
    expect(fresh('US')).toEqual(us);
    expect(fs.readFileSync(file, 'utf8')).toBe(good); // and written again whole
  });
});
