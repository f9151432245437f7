// The shared date toolkit: calendar arithmetic on 'YYYY-MM-DD' strings, ISO weeks at year
// boundaries, names, formats; the same answers whatever the machine's time zone.
import { UTCDate } from '@date-fns/utc';
import { getDaysInMonth } from 'date-fns/getDaysInMonth';
import { afterEach, describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  addWeeks,
  dayName,
  dayNameOf,
  daysBetween,
  daysInMonth,
  endOfDay,
  endOfIsoWeek,
  endOfMonth,
  isDate,
  isoWeekLabel,
  isoWeekRange,
  isValidDate,
  longDate,
  spanWords,
  mediumDate,
  monthNumber,
  monthRange,
  shiftMonth,
  shortStamp,
  startOfDay,
  startOfIsoWeek,
  startOfMonth,
  weekdayAfter,
  weekdayBefore,
  weekdayOf,
} from '../../shared/dates/calendar';
import { msToWall, parseIsoWallClock, tableColumnsOf, wallToMs } from '../../shared/dates/wall-clock';

const zone = process.env.TZ;
afterEach(() => {
  process.env.TZ = zone;
});

describe('ISO weeks', () => {
  it('at year boundaries: the week belongs to the year of its Thursday', () => {
    expect(isoWeekLabel('2020-12-31')).toBe('2020-W53');
    expect(isoWeekLabel('2021-01-03')).toBe('2020-W53');
    expect(isoWeekLabel('2021-01-04')).toBe('2021-W01');
    expect(isoWeekLabel('2024-12-30')).toBe('2025-W01');
    expect(isoWeekLabel('2026-12-31')).toBe('2026-W53');
    expect(isoWeekLabel('2027-01-01')).toBe('2026-W53');
    expect(isoWeekLabel('2026-11-24T23:59:59')).toBe('2026-W48');
  });

  it('ranges: Monday to Sunday, none for a week the year does not have', () => {
    expect(isoWeekRange('2026-W53')).toEqual(['2026-12-28', '2027-01-03']);
    expect(isoWeekRange('2020-W53')).toEqual(['2020-12-28', '2021-01-03']);
    expect(isoWeekRange('2025-W01')).toEqual(['2024-12-30', '2025-01-05']);
    expect(isoWeekRange('2025-W53')).toBeNull();
    expect(isoWeekRange('2025-W00')).toBeNull();
    expect(isoWeekRange('2025-13')).toBeNull();
    expect(startOfIsoWeek('2026-11-29')).toBe('2026-11-23');
    expect(endOfIsoWeek('2026-11-23')).toBe('2026-11-29');
  });
});

describe('calendar arithmetic', () => {
  it('days, weeks, months (clamped to the month end), between', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2023-02-28', 1)).toBe('2023-03-01');
    expect(addDays('2026-11-24T10:00:00', -30)).toBe('2026-10-25');
    expect(addWeeks('2026-12-28', 1)).toBe('2027-01-04');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(shiftMonth(2026, 1, -1)).toEqual([2025, 12]);
    expect(shiftMonth(2026, 11, 14)).toEqual([2028, 1]);
    expect(daysBetween('2026-09-23', '2026-10-11')).toBe(18);
    expect(daysBetween('2026-10-11', '2026-09-23')).toBe(-18);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(monthRange(2026, 2)).toEqual(['2026-02-01', '2026-02-28']);
    expect(startOfMonth('2026-02-17')).toBe('2026-02-01');
    expect(endOfMonth('2026-04-03')).toBe('2026-04-30');
    expect(startOfDay('2026-04-03')).toBe('2026-04-03T00:00:00');
    expect(endOfDay('2026-04-03')).toBe('2026-04-03T23:59:59');
    expect(endOfDay('2026-04-03T12:00:00')).toBe('2026-04-03T12:00:00');
  });

  it('days in a month: the Gregorian rule, as date-fns counts them, for every month of years 0–3000', () => {
    expect([1900, 2000, 2023, 2024, 2100].map((y) => daysInMonth(y, 2))).toEqual([28, 29, 28, 29, 28]);
    const counted = (y: number, m: number) => {
      const d = new UTCDate(2000, 0, 1);
      d.setUTCFullYear(y, m - 1, 1);
      return getDaysInMonth(d);
    };
    const differ: string[] = [];
    for (let y = 0; y <= 3000; y++) for (let m = 1; m <= 12; m++) if (daysInMonth(y, m) !== counted(y, m)) differ.push(`${y}-${m}`);
    expect(differ).toEqual([]);
    // outside a calendar month: date-fns's rollover, as before
    expect(daysInMonth(2026, 14)).toBe(28);
  });

  it('the nearest day of the week before or after a date (relative phrases)', () => {
    // 2026-11-24 is a Tuesday
    expect(weekdayBefore('2026-11-24', 5)).toBe('2026-11-20'); // last Friday
    expect(weekdayBefore('2026-11-24', 2)).toBe('2026-11-17'); // strictly before: a week back
    expect(weekdayBefore('2026-11-24', 5, 1)).toBe('2026-11-13'); // two Fridays ago
    expect(weekdayBefore('2023-05-25', 0)).toBe('2023-05-21'); // the Sunday before 25 May 2023
    expect(weekdayAfter('2026-11-24', 6)).toBe('2026-11-28');
    expect(weekdayAfter('2026-12-31', 5)).toBe('2027-01-01');
  });

  it('validity and names', () => {
    expect(isValidDate(2026, 2, 29)).toBe(false);
    expect(isDate('2024-02-29')).toBe(true);
    expect(isDate('2026-02-30')).toBe(false);
    expect(isDate('May 3')).toBe(false);
    expect(weekdayOf('2026-11-24')).toBe(2);
    expect(dayName('2026-11-24T08:00:00')).toBe('Tuesday');
    expect(dayNameOf('Tues')).toBe('Tuesday');
    expect(dayNameOf('weds')).toBe('Wednesday');
    expect(dayNameOf('thurs')).toBe('Thursday');
    expect(dayNameOf('today')).toBeNull();
    expect(monthNumber('Sept.')).toBe(9);
    expect(monthNumber('june')).toBe(6);
    expect(monthNumber('ma')).toBeNull();
  });

  it('formats', () => {
    expect(longDate('2026-10-11')).toBe('Sunday, October 11, 2026');
    expect(longDate('2026-10-20T08:30:00')).toBe('Tuesday, October 20, 2026, 08:30');
    expect(longDate('2026-10-20T00:00:00')).toBe('Tuesday, October 20, 2026');
    expect(longDate('soon')).toBe('soon');
    expect(mediumDate('2026-05-03')).toBe('Sun May 3, 2026');
    expect(shortStamp('2026-09-14T20:05:00')).toBe('Mon 14 Sep 2026 20:05');
    // a span: one day, a whole month, a whole year, or its two ends
    expect(spanWords('2025-05-01', '2025-05-31T23:59:59')).toBe('May 2025');
    expect(spanWords('2024-02-01', '2024-02-29')).toBe('February 2024');
    expect(spanWords('2025-01-01', '2025-12-31')).toBe('2025');
    expect(spanWords('2026-10-11T00:00:00', '2026-10-11T23:59:59')).toBe('Sunday, October 11, 2026');
    expect(spanWords('2025-05-01', '2025-06-03')).toBe('May 1, 2025 – June 3, 2025');
  });

  it('gives the same days in any time zone, across DST changes and a skipped day', () => {
    const cases = () => [
      addDays('2026-03-28', 1), // Europe: clocks go forward on the 29th
      addDays('2026-03-29', 1),
      addDays('2018-11-03', 1), // São Paulo: midnight of the 4th did not exist
      addDays('2011-12-29', 1), // Samoa skipped the 30th
      daysBetween('2026-03-01', '2026-04-01'),
      daysBetween('2026-10-01', '2026-11-01'),
      isoWeekLabel('2026-03-29'),
      dayName('2011-12-30'),
      addMonths('2026-10-25', 1),
    ];
    const expected = ['2026-03-29', '2026-03-30', '2018-11-04', '2011-12-30', 31, 31, '2026-W13', 'Friday', '2026-11-25'];
    for (const tz of ['UTC', 'Europe/Berlin', 'America/Sao_Paulo', 'Pacific/Apia', 'Australia/Lord_Howe']) {
      process.env.TZ = tz;
      expect(cases(), tz).toEqual(expected);
    }
  });
});

describe('wall clocks', () => {
  it('milliseconds on a zone-free axis and back', () => {
    expect(msToWall(wallToMs('2024-03-01T09:05:07'))).toBe('2024-03-01T09:05:07');
    expect(wallToMs('2024-03-31T03:00:00') - wallToMs('2024-03-31T01:00:00')).toBe(2 * 3_600_000);
    expect(wallToMs('2024-03-01')).toBe(wallToMs('2024-03-01T00:00:00'));
    expect(Number.isNaN(wallToMs('March'))).toBe(true);
    // the stored form is read by position, the others by pattern: the same instants
    expect(wallToMs('2024-03-01T09:05:07')).toBe(Date.UTC(2024, 2, 1, 9, 5, 7));
    expect(wallToMs('2024-03-01 09:05:07')).toBe(wallToMs('2024-03-01T09:05:07'));
    expect(wallToMs('2024-03-01T09:05:0x')).toBe(Date.UTC(2024, 2, 1, 9, 5));
  });

  it('the chat table columns of a wall clock', () => {
    process.env.TZ = 'America/Sao_Paulo';
    expect(tableColumnsOf('2021-01-03T23:30:00')).toEqual({ dayName: 'Sunday', week: '2020-W53', date: '2021-01-03', time: '23:30:00', month: '2021-01', year: 2021 });
    expect(parseIsoWallClock('2026-02-30T10:00:00')).toBeNull();
    expect(parseIsoWallClock('2026-11-24T10:00:00+01:00')).toEqual({ local: '2026-11-24T10:00:00', offsetMin: 60 });
  });
});
