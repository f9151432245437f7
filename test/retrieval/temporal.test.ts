import { describe, expect, it } from 'vitest';
import { asksForTime, dateWindow, hasTimeExpression, inWindow } from '../../electron/node/engine/retrieval/temporal';

describe('dateWindow', () => {
  it('reads days in both orders', () => {
    expect(dateWindow('What did Ann say on 3 June, 2023?')).toMatchObject({ from: '2023-06-03', to: '2023-06-03' });
    expect(dateWindow('What did Ann cook on October 24, 2023?')).toMatchObject({ from: '2023-10-24', to: '2023-10-24' });
    expect(dateWindow('What did Ann read on 8th December, 2023?')).toMatchObject({ from: '2023-12-08', to: '2023-12-08' });
  });

  it('reads months, bare months and years', () => {
    expect(dateWindow('What did Ann start in February 2024?')).toMatchObject({ from: '2024-02-01', to: '2024-02-29' });
    expect(dateWindow('Where did Ann go camping in June?')).toMatchObject({ month: 6 });
    expect(dateWindow('Which races did Ann run in 2022?')).toMatchObject({ from: '2022-01-01', to: '2022-12-31' });
  });

  it('shapes the window with the words before the date', () => {
    expect(dateWindow('How many pets did Ann have, as of September 2023?')).toEqual({ to: '2023-09-30', phrase: 'September 2023' });
    expect(dateWindow('Where was Ann the week before 16 November 2023?')).toMatchObject({ from: '2023-11-09', to: '2023-11-16' });
    expect(dateWindow('What did Ann plan for the Saturday after October 28, 2023?')).toMatchObject({ from: '2023-10-28', to: '2023-11-04' });
  });

  it('does not take "may" the verb for a month', () => {
    expect(dateWindow('What may Ann like to read?')).toBeNull();
  });
});

describe('time cues', () => {
  it('spots time questions', () => {
    expect(asksForTime('When did Ann move?')).toBe(true);
    expect(asksForTime('How long has Ann been painting?')).toBe(true);
    expect(asksForTime('What did Ann paint?')).toBe(false);
  });

  it('spots messages that date something', () => {
    expect(hasTimeExpression('I went there yesterday')).toBe(true);
    expect(hasTimeExpression('We moved two years ago')).toBe(true);
    expect(hasTimeExpression('I love that painting')).toBe(false);
  });

  it('tests timestamps against windows', () => {
    expect(inWindow('2023-06-03T10:00:00', { from: '2023-06-03', to: '2023-06-03', phrase: '' })).toBe(true);
    expect(inWindow('2023-06-04T00:00:00', { from: '2023-06-03', to: '2023-06-03', phrase: '' })).toBe(false);
    expect(inWindow('2021-06-30T00:00:00', { month: 6, phrase: '' })).toBe(true);
    expect(inWindow('2020-01-01T00:00:00', { to: '2023-09-30', phrase: '' })).toBe(true);
  });
});
