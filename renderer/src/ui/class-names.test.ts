// One vocabulary: a class's name, and the kind an entity is shown as (its category, else its most
// specific class), the same in the legend, the header, the Entities tree and the pickers.
import { describe, expect, it } from 'vitest';
import { className, countKinds, humanize, kindOf, type ClassIndex } from './class-names';

const PCM = 'https://w3id.org/pcm#';
const classes: ClassIndex = new Map([
  [`${PCM}Pet`, { label: 'Pet', parents: [`${PCM}Animal`] }],
  [`${PCM}Animal`, { label: 'Animal', parents: [] }],
  ['http://schema.org/CreativeWork', { label: 'CreativeWork', parents: [] }],
]);

describe('class names and kinds', () => {
  it('names a class by its label, else by its local name made readable', () => {
    expect(className(`${PCM}Pet`, classes)).toBe('Pet');
    expect(className('http://schema.org/CreativeWork', classes)).toBe('Creative work');
    expect(className(`${PCM}AIAssistant`, classes)).toBe('AI assistant');
    expect(humanize('SocialMediaAccount')).toBe('Social media account');
  });
  it('shows an entity as its category, or as its most specific class, never a bare "Other"', () => {
    expect(kindOf(['http://xmlns.com/foaf/0.1/Person'], 'Person', classes)).toEqual({ key: 'Person', label: 'Person', category: 'Person' });
    expect(kindOf([`${PCM}Animal`, `${PCM}Pet`], 'Other', classes)).toEqual({ key: `class:${PCM}Pet`, label: 'Pet', category: 'Other' });
    expect(kindOf([], 'Other', classes).label).toBe('Untyped');
    expect(kindOf([], 'CreativeWork', classes).label).toBe('Creative work');
  });
  it('counts kinds, most first', () => {
    const counts = countKinds(
      [
        { types: [`${PCM}Pet`], category: 'Other' },
        { types: ['x'], category: 'Place' },
        { types: ['y'], category: 'Place' },
      ],
      classes,
    );
    expect(counts.map((c) => `${c.kind.label} ${c.count}`)).toEqual(['Place 2', 'Pet 1']);
  });
});
