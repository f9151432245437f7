import { extractSource } from './electron/node/engine/extraction/auto/extract.ts';
import { loadOntology } from './electron/node/engine/extraction/ontology.ts';
import { analyse } from './electron/node/engine/extraction/auto/nlp.ts';
for (const text of ['We adopted a 2-year-old tabby cat named Pepper.', "I love Thai food but I don't like olives.", 'My favourite band is The Lumens.', "I'm going to visit Kraków next Saturday.", "We're going to cook paella instead."]) {
  console.log(analyse(text).map(s => s.tokens.map(t => `${t.text}/${t.pos}/${t.lemma}`).join(' ')).join(' | '));
  const r = extractSource({ sourceKey: 's', ownerSpeaker: 'Sam', messages: [{ id: 1, iri: 'https://engram.local/memory/post/x', speaker: 'Sam', role: 'user', text, timestamp: '2026-03-11T10:00:00' }] }, loadOntology());
  console.log(r.triples.filter(t => !t.line.includes('wasDerived')).map(t => t.line.replace(/https:\/\/[^>]*\//g, '')).join('\n'), r.report.dropped);
}
