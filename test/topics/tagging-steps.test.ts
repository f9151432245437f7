// The automatic job runs only the wink steps it reads (extraction: sentences, negation, entities,
// tags; topics: tags). Leaving the other steps out must change nothing it reads: this checks it
// against wink's full pipeline on text with several sentences, line breaks, abbreviations,
// negations, dates, numbers and names (a wink upgrade that made tags depend on sentences fails here).
import { describe, expect, it } from 'vitest';
import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import { AUTO_NLP_STEPS } from '../../electron/node/engine/extraction/auto/nlp';
import { TOPIC_NLP_STEPS } from '../../electron/node/engine/topics/phrases';

const TEXTS = [
  'I went to a LGBTQ support group yesterday. It was so powerful!',
  "Dr. Lee said my knee is fine. I'm not going to run the marathon on Sunday, though.\n\nMaybe next year?",
  'We adopted two cats in March 2023 and paid $120 for the vet. They do not like the new sofa.',
  'Hey Mel!\nGood to see you! How have you been?   I painted a sunset with my kids last weekend.',
  'budget meeting deadline project family weekend. time trip lisbon garden tomato coffee.',
  "My sister's birthday is on the 3rd of June; I booked a pottery class (3 hours) at 5 pm.",
];

type Doc = { tokens: () => Items; sentences: () => Items; entities: () => Items };
type Items = { out: (f?: unknown) => unknown };

describe('wink steps of the automatic job', () => {
  const full = winkNLP(model);
  const its = full.its;
  const read = (nlp: ReturnType<typeof winkNLP>, text: string) => nlp.readDoc(text) as unknown as Doc;

  it('topics: tokens, tags and lemmas with the tagging step only equal the full pipeline’s', () => {
    const topics = winkNLP(model, [...TOPIC_NLP_STEPS]);
    for (const text of TEXTS) {
      const a = read(full, text).tokens();
      const b = read(topics, text).tokens();
      expect(b.out()).toEqual(a.out());
      expect(b.out(its.pos)).toEqual(a.out(its.pos));
      expect(b.out(its.lemma)).toEqual(a.out(its.lemma));
    }
  });

  it('extraction: sentences, tokens, tags, lemmas, negation and entities equal the full pipeline’s', () => {
    const auto = winkNLP(model, [...AUTO_NLP_STEPS]);
    let entities = 0;
    let negated = 0;
    for (const text of TEXTS) {
      const a = read(full, text);
      const b = read(auto, text);
      expect(b.sentences().out(its.span)).toEqual(a.sentences().out(its.span));
      expect(b.sentences().out()).toEqual(a.sentences().out());
      for (const f of [undefined, its.pos, its.lemma, its.negationFlag]) expect(b.tokens().out(f)).toEqual(a.tokens().out(f));
      expect(b.entities().out(its.detail)).toEqual(a.entities().out(its.detail));
      expect(b.entities().out(its.span)).toEqual(a.entities().out(its.span));
      entities += (a.entities().out() as string[]).length;
      negated += (a.tokens().out(its.negationFlag) as boolean[]).filter(Boolean).length;
    }
    // the texts exercise what is compared
    expect(entities).toBeGreaterThan(3);
    expect(negated).toBeGreaterThan(0);
  });
});
