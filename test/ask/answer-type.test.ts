// The pieces of offline answers from messages: what kind of answer a question expects (per part),
// the values of a kind a sentence states, and the containment score the benchmarks use.
import { describe, expect, it } from 'vitest';
import { expectedAnswer, splitParts } from '../../electron/node/engine/ask/answer-type';
import { containment, referenceItems, relativeDays } from '../../electron/node/engine/ask/containment';
import { findDates } from '../../electron/node/engine/ask/compute';
import { isFiller, ongoingSince, reportedOn, valuesOf } from '../../electron/node/engine/ask/sentences';

const kinds = (q: string) => expectedAnswer(q).parts.map((p) => p.kind);

describe('the kind of answer a question expects', () => {
  it('reads the wh-phrase: date, time, duration, amount, count, frequency, number, person, place, weekday, name, yes/no, thing', () => {
    expect(kinds('When did Caroline go to the LGBTQ support group?')).toEqual(['date']);
    expect(kinds('Which week did Tim visit the UK for the conference?')).toEqual(['date']);
    expect(kinds('During which week was the festival?')).toEqual(['date']);
    expect(kinds('What was my finish time at the charity 10K?')).toEqual(['time']);
    expect(expectedAnswer('What was my finish time at the charity 10K?').parts[0].resultTime).toBe(true);
    expect(kinds('How long is my commute?')).toEqual(['duration']);
    expect(kinds('How much did my Nightjar Parade ticket cost?')).toEqual(['amount']);
    expect(kinds('How many postcards are in my collection?')).toEqual(['count']);
    expect(kinds('How often does Melanie go to the beach with her kids?')).toEqual(['frequency']);
    expect(kinds('How far was my long run?')).toEqual(['number']);
    expect(kinds('Who looked after Pixel while I was in Porto?')).toEqual(['person']);
    expect(kinds('Where did Joanna travel to in July 2022?')).toEqual(['place']);
    expect(kinds('Which days do I run on now?')).toEqual(['weekday']);
    expect(kinds('On which evening do I go bouldering now?')).toEqual(['weekday']);
    expect(kinds('Which gym do I go to now?')).toEqual(['name']);
    expect(kinds('What book did Caroline recommend to Melanie?')).toEqual(['name']);
    expect(kinds('Did Andrew have a pet dog during March 2023?')).toEqual(['yesno']);
    expect(kinds('What did the orthopedist diagnose?')).toEqual(['thing']);
    expect(expectedAnswer('In what year did she move?').parts[0].granularity).toBe('year');
  });

  it('"my time in the race" is a result time; "how many minutes" a span; "how much was the bill" money', () => {
    expect(expectedAnswer('What was my time in the half marathon?').parts[0]).toMatchObject({ kind: 'time', resultTime: true });
    expect(expectedAnswer("What was Ana's time at the 10k?").parts[0]).toMatchObject({ kind: 'time', resultTime: true });
    // a time of day stays a time of day
    expect(expectedAnswer('What time is my dentist appointment?').parts[0].resultTime).toBeUndefined();
    expect(kinds('How many minutes a day can I study Spanish?')).toEqual(['duration']);
    expect(kinds('How many hours did the flight take?')).toEqual(['duration']);
    expect(kinds('How many days ago did I call mum?')).toEqual(['date']);
    expect(kinds('How many books did I read?')).toEqual(['count']);
    expect(kinds('How much was my heating bill in September?')).toEqual(['amount']);
    expect(kinds('How much was the concert ticket?')).toEqual(['amount']);
    expect(kinds('How much is my salary now?')).toEqual(['amount']);
    // no money in it: a number
    expect(kinds('How much did my parcel weigh?')).toEqual(['number']);
    // a measure in its unit
    expect(kinds('How many km was my long run?')).toEqual(['number']);
    expect(valuesOf('number', 'My current long run is 12 km.', '2026-09-05T07:30:00').map((v) => v.text)).toEqual(['12 km']);
  });

  it('splits a question in parts; a part without words of its own leans on the first', () => {
    expect(splitParts('What day trip did we do from Porto, and when?')).toEqual(['What day trip did we do from Porto', 'when']);
    expect(splitParts('When and where was the Nightjar Parade concert?')).toEqual(['When was the Nightjar Parade concert', 'where was the Nightjar Parade concert']);
    expect(kinds('What day trip did we do from Porto, and when?')).toEqual(['thing', 'date']);
    expect(kinds('How many physio sessions were prescribed, and where?')).toEqual(['count', 'place']);
    expect(kinds('When did my washing machine start leaking, and what did the repair cost?')).toEqual(['date', 'amount']);
    expect(expectedAnswer('What day trip did we do from Porto, and when?').parts[1].keywords).toEqual([]);
    expect(expectedAnswer('When did my washing machine start leaking, and what did the repair cost?').parts[1].keywords).toEqual(['repair']);
  });

  it('lists, the past, plans and comparisons', () => {
    expect(expectedAnswer('What books has Melanie read?').list).toBe(true);
    expect(expectedAnswer('What activities does Melanie partake in?').list).toBe(true);
    expect(expectedAnswer('What is my favourite band?').list).toBe(false);
    expect(expectedAnswer('What was Caroline’s identity?').list).toBe(false);
    expect(expectedAnswer('What did the orthopedist diagnose?').past).toBe(true);
    expect(expectedAnswer('When is Melanie planning on going camping?').future).toBe(true);
    expect(expectedAnswer('How much more per month does my new gym cost than the old one?').compare).toBe(true);
  });
});

describe('values a sentence states', () => {
  const at = '2026-11-03T19:46:00';
  it('dates at the precision the message gives, a bare weekday in the past looking back', () => {
    expect(valuesOf('date', 'We did the Douro Valley day trip on Saturday and loved it.', at).map((v) => v.text)).toEqual(['Saturday, October 31, 2026']);
    expect(findDates('I just started going to boot camps with my fam last month.', '2023-05-04T15:18:00')[0]).toMatchObject({ date: '2023-04-01', precision: 'month' });
    expect(valuesOf('date', 'A buddy of mine adopted last year.', '2023-10-13T10:31:00').map((v) => v.text)).toEqual(['2022']);
    expect(valuesOf('date', 'Max and I had a blast on our camping trip last summer.', '2023-08-11T00:10:00').map((v) => v.text)).toEqual(['summer 2022']);
    expect(valuesOf('date', 'I just joined a new LGBTQ activist group last Tues.', '2023-07-20T20:56:00').map((v) => v.text)).toEqual(['Tuesday, July 18, 2023']);
    expect(valuesOf('date', 'Now they are super happy.', at)).toEqual([]);
  });

  it('a number after a month that a unit follows is a quantity, not the month\'s year or day', () => {
    const on = '2026-09-20T11:00:00';
    expect(findDates('My heating bill for August was 64 euros and for September 92 euros.', on)).toMatchObject([
      { date: '2026-08-01', phrase: 'August', precision: 'month' },
      { date: '2026-09-01', phrase: 'September', precision: 'month' },
    ]);
    expect(findDates('In March 12 km felt long.', on)[0]).toMatchObject({ phrase: 'March', precision: 'month' });
    // a day or a year after the month is still read
    expect(findDates('We met on September 12.', on)[0]).toMatchObject({ date: '2026-09-12', precision: 'day' });
    expect(findDates('We moved in September 2019.', on)[0]).toMatchObject({ date: '2019-09-01', precision: 'month' });
  });

  it('"how much was it": an amount of money is the number', () => {
    expect(valuesOf('number', 'The bill was 92 euros.', '2026-09-20T11:00:00').map((v) => v.text)).toEqual(['€92']);
    expect(valuesOf('number', 'The parcel weighed 3 kg.', '2026-09-20T11:00:00').map((v) => v.text)).toEqual(['3 kg']);
  });

  it('reads "N weekends ago", "a few weeks back" and "early May" as chrono does not', () => {
    const on = '2023-06-14T10:00:00';
    expect(findDates('We hiked two weekends ago.', on)[0]).toMatchObject({ date: '2023-06-03', precision: 'day' });
    expect(findDates('We did it a few weeks back.', on)[0]).toMatchObject({ date: '2023-05-24', precision: 'day' });
    expect(findDates('We went there in early May.', on)[0]).toMatchObject({ date: '2023-05-01', precision: 'month' });
    expect(findDates("We'll go in late August.", on)[0]).toMatchObject({ date: '2023-08-01', precision: 'month' });
  });

  it('reads a season named relative to the day: the one just past, this one, the next one', () => {
    const season = (s: string, on: string) => valuesOf('date', s, on).map((v) => v.text);
    expect(season('Organizing a camp last summer was great.', '2023-12-26T15:35:00')).toEqual(['summer 2023']);
    expect(season('Organizing a camp last summer was great.', '2023-07-01T10:00:00')).toEqual(['summer 2022']);
    expect(season('We skied a lot last winter.', '2024-01-15T10:00:00')).toEqual(['winter 2022']);
    expect(season('We skied a lot last winter.', '2024-04-15T10:00:00')).toEqual(['winter 2023']);
    expect(season("We'll go north next winter.", '2024-03-02T10:00:00')).toEqual(['winter 2024']);
    expect(season('We are planting this spring.', '2024-02-10T10:00:00')).toEqual(['spring 2024']);
  });

  it('dates news told without a date by the day it was told; never a plan, a wish, a question or a dated sentence', () => {
    const on = '2023-01-29T16:04:00';
    expect(reportedOn('I just launched an ad campaign for my clothing store.', on)).toMatchObject({ raw: '2023-01-29', implicit: 'said' });
    expect(reportedOn('Yay! My online clothes store is open!', on)?.text).toMatch(/January 29, 2023/);
    expect(reportedOn("I've finished my screenplay and printed it.", on)).not.toBeNull();
    expect(reportedOn('I want to launch an ad campaign soon.', on)).toBeNull();
    expect(reportedOn('Have you just launched it?', on)).toBeNull();
    expect(reportedOn('I just launched it last Friday.', on)).toBeNull();
    expect(reportedOn('Dancing makes me so happy.', on)).toBeNull();
  });

  it('counts a span up to the day it is told back to when it began', () => {
    const on = '2023-12-06T17:34:00';
    expect(ongoingSince("I've been playing for about four months now and it's great.", on)).toMatchObject({ text: 'since about August 2023', implicit: 'span' });
    expect(ongoingSince('Seven years now, and I found my muses.', on)?.text).toBe('since about December 2016');
    expect(ongoingSince("We've had him for ten days.", on)?.text).toBe('since about Sunday, November 26, 2023');
    // a span that is not up to now: how long something took, or a plan
    expect(ongoingSince('The race took four hours.', on)).toBeNull();
    expect(ongoingSince('I lived in Paris for two years before moving.', on)).toBeNull();
  });

  it('times, durations in their own units, amounts, counts, days of the week', () => {
    expect(valuesOf('time', 'I did it!! Ran the 10K yesterday in 53:48.', at, new Set(), { resultTime: true }).map((v) => v.text)).toEqual(['53:48']);
    expect(valuesOf('time', 'My 5 km pace is around 5:40 per km right now.', at, new Set(), { resultTime: true })).toEqual([]);
    expect(valuesOf('duration', 'Seven years now, and I have found my muses.', at).map((v) => v.text)).toEqual(['7 years']);
    expect(valuesOf('duration', 'Pixel needs two walks a day.', at)).toEqual([]);
    expect(valuesOf('amount', 'Kiez Fitness costs €39 a month.', at).map((v) => v.text)).toEqual(['€39']);
    expect(valuesOf('count', 'No running for two weeks, and six physio sessions, starting tomorrow.', at).map((v) => v.text)).toEqual(['6']);
    expect(valuesOf('weekday', "I'm changing my running days to Tuesday, Thursday and Saturday at 7:00 instead of Monday.", at)[0].text).toBe('Tuesday, Thursday and Saturday');
  });

  it('people (not venues, titles or the people asked about), places, names given', () => {
    const asked = new Set(['who', 'went', 'with', 'me', 'to', 'the', 'concert']);
    expect(valuesOf('person', 'No, indie folk is not her thing, so I went with my colleague Jonas.', at, asked).map((v) => v.text)).toEqual(['my colleague Jonas', 'Jonas']);
    expect(valuesOf('person', 'They are playing at the Columbia Theater on Friday!', at, asked)).toEqual([]);
    expect(valuesOf('person', 'They played "Low Tide Letters" and "Paper Boats".', at, asked)).toEqual([]);
    // a relation in the possessive names what is theirs, not a person: singular or plural
    expect(valuesOf('person', "Seeing my kids' smiles at my daughter's party was the best.", at, asked)).toEqual([]);
    expect(valuesOf('person', 'I took my kids to the lake.', at, asked).map((v) => v.text)).toEqual(['my kids']);
    expect(valuesOf('place', 'I went to Woodhaven, a small town in the Midwest.', at).map((v) => v.text)).toEqual(['Woodhaven', 'town', 'Midwest']);
    expect(valuesOf('name', 'I named it Monty by the way.', at)[0]).toMatchObject({ text: 'Monty', raw: 'named' });
    // titles in quotes, single or double; an apostrophe inside a word is no quote
    expect(valuesOf('name', "It's about being brave and fighting for what's right.", at)).toEqual([]);
    expect(valuesOf('name', "We watched 'Home Alone' again, it's a classic.", at)[0]).toMatchObject({ text: 'Home Alone', phrase: "'Home Alone'" });
  });

  it('reactions say nothing', () => {
    expect(isFiller('Thanks, Caroline!')).toBe(true);
    expect(isFiller('Sounds great!')).toBe(true);
    expect(isFiller('No, no pets right now.')).toBe(false);
  });
});

describe('containment of a reference answer', () => {
  it('normalises case, punctuation, numbers and dates', () => {
    expect(containment('Sunday, May 7, 2023 — “I went yesterday.” (Caroline, Mon 8 May 2023 13:56)', '7 May 2023')).toBe(1);
    expect(containment('About 1,250 followers', '1250')).toBe(1);
    expect(containment('four years', '4 years')).toBe(1);
    expect(containment('Friday, January 21, 2022', 'The Friday before 23January, 2022')).toBe(1);
    expect(containment('April 2023 — “…last month.”', 'April.2023')).toBe(1);
    expect(containment('in May 2022', '2023')).toBe(0);
  });

  it('lists score the share of their items; dates relative to a date count any day they mean', () => {
    expect(referenceItems('pottery, camping, painting, and swimming')).toEqual(['pottery', 'camping', 'painting', 'swimming']);
    expect(referenceItems('27 May, 2023')).toEqual(['27 May 2023']);
    expect(containment('I did pottery and painting', 'pottery, camping, painting, swimming')).toBe(0.5);
    expect(relativeDays('The sunday before 25 May 2023')).toEqual(['2023-05-21']);
    expect(relativeDays('The week before 9 June 2023')).toHaveLength(9);
    expect(containment('Friday, June 2, 2023', 'The week before 9 June 2023')).toBe(1);
    expect(containment('Friday, June 9, 2023', 'The week before 9 June 2023')).toBe(0);
  });
});
