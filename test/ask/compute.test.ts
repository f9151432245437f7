// Values Ask computes in code: date differences, ISO 8601 durations, sums, the latest value of
// a fact that changed, the n-th of a series; dates, durations and amounts read from text.
import { describe, expect, it } from 'vitest';
import {
  dayDifference,
  findAmounts,
  findDates,
  findDurations,
  humanDuration,
  latestValue,
  nth,
  parseIsoDuration,
  readableValue,
  sumAmounts,
} from '../../electron/node/engine/ask/compute';
import { longDate } from '../../shared/dates/calendar';

describe('dates', () => {
  it('differences in whole calendar days, whichever comes first, across months and DST', () => {
    expect(dayDifference('2026-09-23', '2026-10-11')).toMatchObject({ days: 18, value: '18 days', detail: '2026-10-11 − 2026-09-23 = 18 days' });
    expect(dayDifference('2026-10-11T09:00:00', '2026-09-23')).toMatchObject({ days: 18 });
    expect(dayDifference('2026-10-20', '2026-11-03').value).toBe('14 days (2 weeks)');
    expect(dayDifference('2024-02-28', '2024-03-01').days).toBe(2);
    expect(dayDifference('2026-10-25', '2026-10-26').days).toBe(1);
  });

  it('spells dates out', () => {
    expect(longDate('2026-10-11')).toBe('Sunday, October 11, 2026');
    expect(longDate('2026-10-20T08:30:00')).toBe('Tuesday, October 20, 2026, 08:30');
  });

  it('reads dates in a sentence against the time of the message that says them', () => {
    expect(findDates('I bought new running shoes last Wednesday.', '2026-09-29T19:41:00')[0]).toMatchObject({ date: '2026-09-23', explicit: false });
    expect(findDates('I just signed up for the Spree Charity 10K on Sunday October 11.', '2026-09-14T20:05:00')[0]).toMatchObject({ date: '2026-10-11', explicit: true });
    // future tense: the weekday ahead
    expect(findDates('I booked an orthopedist for Tuesday at 8:30.', '2026-10-15T07:42:00')[0].date).toBe('2026-10-20T08:30');
    expect(findDates('I went to a support group yesterday.', '2023-05-08T13:56:00')[0].date).toBe('2023-05-07');
    // months are counted as calendar months from the message's month, also from a month's last day
    expect(findDates('Planning a trip there next month.', '2023-08-31T14:52:00')).toMatchObject([{ date: '2023-09-01', precision: 'month' }]);
    // a bare month said of what someone wants or hopes to do is the next one; of what they did, the last one
    expect(findDates('I want to run my first marathon in October.', '2024-03-15T10:20:31')).toMatchObject([{ date: '2024-10-01', precision: 'month' }]);
    expect(findDates("I'd love to visit Kyoto in April.", '2024-06-02T09:00:00')).toMatchObject([{ date: '2025-04-01', precision: 'month' }]);
    expect(findDates('I ran my first marathon in October.', '2024-03-15T10:20:31')).toMatchObject([{ date: '2023-10-01', precision: 'month' }]);
    expect(findDates('We moved here two months ago.', '2023-05-31T10:00:00')).toMatchObject([{ date: '2023-03-01', precision: 'month' }]);
    expect(findDates('I quit my job last month.', '2024-01-15T10:00:00')).toMatchObject([{ date: '2023-12-01', precision: 'month' }]);
    // "for four years" is how long, not when
    expect(findDates('We were teammates for four years in high school.', '2023-08-26T18:59:00')).toEqual([]);
    // durations and counted offsets are not dates
    expect(findDates('I ran 10 km in 57 minutes.', '2026-09-29T19:40:00')).toEqual([]);
    expect(findDates('My knee still hurts four days after the charity run.', '2026-10-15T07:40:00')).toEqual([]);
  });
});

describe('durations', () => {
  it('parses ISO 8601 durations and says them in words', () => {
    expect(parseIsoDuration('PT35M')).toMatchObject({ minutes: 35, hours: 0 });
    expect(humanDuration(parseIsoDuration('PT1H30M')!)).toBe('1 hour 30 minutes');
    expect(humanDuration(parseIsoDuration('P1W')!)).toBe('1 week');
    expect(humanDuration(parseIsoDuration('P1DT2H')!)).toBe('1 day 2 hours');
    expect(parseIsoDuration('PT0.5H')).toMatchObject({ hours: 0.5 });
    for (const bad of ['P', 'PT', '35 minutes', 'P1H']) expect(parseIsoDuration(bad), bad).toBeNull();
    expect(readableValue('PT35M', 'http://www.w3.org/2001/XMLSchema#duration')).toBe('35 minutes');
    expect(readableValue('2026-10-11', 'http://www.w3.org/2001/XMLSchema#date')).toBe('Sunday, October 11, 2026');
  });

  it('finds durations in text', () => {
    expect(findDurations('It took me 57 minutes.')[0]).toMatchObject({ minutes: 57 });
    expect(findDurations('35 minutes door to door')[0].minutes).toBe(35);
    expect(findDurations('an hour and a half by train')[0].minutes).toBe(90);
    expect(findDurations('two hours')[0].minutes).toBe(120);
  });
});

describe('amounts, counts and sums', () => {
  it('finds money in text, with the currency', () => {
    expect(findAmounts('paid €120 at Laufhaus and 35 euros entry')).toEqual([
      { amount: 120, currency: 'EUR', phrase: '€120' },
      { amount: 35, currency: 'EUR', phrase: '35 euros' },
    ]);
    expect(findAmounts('$1,200.50 for the flight')[0]).toMatchObject({ amount: 1200.5, currency: 'USD' });
    // the symbol after the number, with European separators
    expect(findAmounts('a workshop voucher (about 70 €)')).toEqual([{ amount: 70, currency: 'EUR', phrase: '70 €' }]);
    expect(findAmounts('It was 12,50€ in the end; the sofa 1.250 €.').map((a) => a.amount)).toEqual([12.5, 1250]);
    expect(findAmounts('€35 and 120 euros').map((a) => a.phrase)).toEqual(['€35', '120 euros']);
  });

  it('sums per currency and shows the arithmetic', () => {
    expect(sumAmounts([{ amount: 164, currency: 'EUR' }, { amount: 170, currency: 'EUR' }, { amount: 79, currency: 'EUR' }])).toMatchObject({ value: '€413', detail: '€164 + €170 + €79 = €413' });
    expect(sumAmounts([{ amount: 10, currency: 'EUR' }, { amount: 5, currency: 'USD' }]).value).toBe('€10 + $5');
  });
});

describe('the latest value and the n-th', () => {
  it('drops superseded values and values whose validity ended, then takes the most recent', () => {
    const r = latestValue(
      [
        { value: 'a', label: 'Kiez Fitness', since: '2025-01-01', until: '2026-10-31', superseded: true },
        { value: 'b', label: 'Ostkreuz Boulders', since: '2026-10-01', superseded: false },
        { value: 'c', label: 'Old club', since: '2020-01-01', until: '2021-01-01', superseded: false },
      ],
      '2026-11-22',
    );
    expect(r.current?.label).toBe('Ostkreuz Boulders');
    expect(r.ordered.map((x) => x.label)).toEqual(['Ostkreuz Boulders', 'Kiez Fitness', 'Old club']);
    expect(r.detail).toBe('3 values, 2 replaced or ended; the most recent (since 2026-10-01) is Ostkreuz Boulders');
  });

  it('knowledge update without validity: the most recently stated value wins', () => {
    const r = latestValue(
      [
        { value: '1180', label: '1180', since: '2026-09-15', superseded: false },
        { value: '1250', label: '1250', since: '2026-10-03', superseded: false },
      ],
      '2026-11-22',
    );
    expect(r.current?.label).toBe('1250');
  });

  it('the n-th in date order (1-based, −1 = last), undated rows left out', () => {
    const rows = [{ date: '2026-10-23', n: 'b' }, { date: '2026-09-05', n: 'a' }, { n: 'x' }, { date: '2026-11-01', n: 'c' }];
    expect(nth(rows, 1)?.n).toBe('a');
    expect(nth(rows, 3)?.n).toBe('c');
    expect(nth(rows, -1)?.n).toBe('c');
    expect(nth(rows, 4)).toBeNull();
  });
});
