// A small hand-made chat history for retrieval tests: two people, three sessions on known
// dates, with the patterns retrieval has to handle (answers in replies, relative dates,
// a question that names a date, greetings that mention names).
import type { RetrievalDoc } from '../../electron/node/engine/retrieval/types';

type Line = [speaker: string, text: string];

const SESSIONS: { start: string; lines: Line[] }[] = [
  {
    start: '2023-05-08T13:56:00',
    lines: [
      ['Ava', 'Hey Ben! Good to see you. How have you been?'],
      ['Ben', 'Hi Ava! Busy with work. I started a pottery class yesterday, it was so relaxing.'],
      ['Ava', 'Pottery sounds fun! What did you make?'],
      ['Ben', 'A lopsided bowl, but I love it anyway.'],
      ['Ava', 'I went to a climbing gym with my sister last week and got hooked.'],
      ['Ben', 'Nice, climbing is a great workout. Talk soon, Ava!'],
    ],
  },
  {
    start: '2023-06-12T18:20:00',
    lines: [
      ['Ben', 'Ava, guess what: I got promoted at work!'],
      ['Ava', 'Congrats on the promotion! What is the new role?'],
      ['Ben', 'Team lead of the design group, starting next month.'],
      ['Ava', 'I adopted a cat named Miso two days ago.'],
      ['Ben', 'Miso is a cute name! How is the cat settling in?'],
      ['Ava', 'She hides under the sofa all day, but she purrs at night.'],
    ],
  },
  {
    start: '2023-07-03T09:05:00',
    lines: [
      ['Ava', 'Morning Ben! I ran my first half marathon on Sunday.'],
      ['Ben', 'Wow, how long did it take you?'],
      ['Ava', 'Two hours and ten minutes, slower than I hoped.'],
      ['Ben', 'I read a novel about a lighthouse keeper this weekend, loved it.'],
      ['Ava', 'Send me the title, I need a new book.'],
      ['Ben', 'It is called The Keeper of the Light.'],
    ],
  },
];

export function fixtureDocs(sourceId = 1): RetrievalDoc[] {
  const docs: RetrievalDoc[] = [];
  let id = 1;
  SESSIONS.forEach((s, si) => {
    s.lines.forEach(([speaker, text], i) => {
      const t = new Date(s.start + 'Z');
      t.setUTCSeconds(t.getUTCSeconds() + 30 * i);
      docs.push({ id: id++, sourceId, sessionId: si + 1, turnIndex: i, speaker, role: 'other', text, timestamp: t.toISOString().slice(0, 19) });
    });
  });
  return docs;
}

/** The id of the fixture message whose text contains `needle`. */
export function idOf(docs: RetrievalDoc[], needle: string): number {
  const d = docs.find((x) => x.text.includes(needle));
  if (!d) throw new Error(`no fixture message contains ${needle}`);
  return d.id;
}
