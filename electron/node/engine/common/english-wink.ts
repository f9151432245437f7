// wink-nlp with its English model, made on first use: decoding the model takes a tenth of a
// second that most commands never need. Each caller keeps an instance of its own, running only
// the pipeline steps it reads.
import type WinkNLP from 'wink-nlp';
import type WinkModel from 'wink-eng-lite-web-model';
import { lazyModule } from './lazy-module';

const winkNLP = lazyModule<typeof WinkNLP>('wink-nlp');
const englishModel = lazyModule<typeof WinkModel>('wink-eng-lite-web-model');

/** A function that makes (once) and returns a wink instance running these steps. */
export function englishWink(steps: readonly string[]): () => ReturnType<typeof WinkNLP> {
  let instance: ReturnType<typeof WinkNLP> | undefined;
  return () => (instance ??= winkNLP()(englishModel(), [...steps] as Parameters<typeof WinkNLP>[1]));
}
