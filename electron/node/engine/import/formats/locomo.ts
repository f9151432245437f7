// LoCoMo logs and the Zyphra temporal-memory logs built on them.
//
// Both hold `speaker_a`, `speaker_b` and `session_K` lists of turns. LoCoMo dates each
// session (`session_K_date_time`, minute precision); temporal-memory dates each response
// (`date_time`, second precision) and numbers it across the log (`response_number`).
// Sessions that have a date but no turns (LoCoMo pads the date list) are skipped.
import { createHash } from 'node:crypto';
import { parseDateValue } from '../parse-date';
import { ImportError, outcomesOf, type ParsedMessage, type ParsedSession, type ParsedSource } from '../parsed';
import { isObj, str, type Obj } from './shape';
import { IMAGE_DESCRIPTION } from '../../stores/chat/message-extra';

/** LoCoMo's field for the caption of a photo a turn shares. */
const LOCOMO_CAPTION = 'blip_caption';

const SESSION_KEY = /^session_(\d+)$/;

export function looksLikeLocomo(data: unknown): boolean {
  if (!isObj(data) || typeof data.speaker_a !== 'string') return false;
  return Object.keys(data).some((k) => SESSION_KEY.test(k));
}

export function parseLocomo(name: string, data: unknown): ParsedSource[] {
  const log = data as Obj;
  const sessionKeys = Object.keys(log)
    .filter((k) => SESSION_KEY.test(k) && Array.isArray(log[k]))
    .sort((a, b) => Number(SESSION_KEY.exec(a)![1]) - Number(SESSION_KEY.exec(b)![1]));
  const perResponseTimes = sessionKeys.some((k) => (log[k] as unknown[]).some((t) => isObj(t) && 'date_time' in t));
  const format = perResponseTimes ? 'temporal-memory' : 'locomo';
  const sessions: ParsedSession[] = [];
  for (const key of sessionKeys) {
    const turns = (log[key] as unknown[]).filter(isObj);
    if (turns.length === 0) continue;
    const sessionDate = str(log[`${key}_date_time`]);
    const sessionTime = sessionDate ? parseDateValue(sessionDate) : null;
    const messages: ParsedMessage[] = turns.map((t, i) => {
      const where = `${name}: ${key}[${i}]`;
      const text = str(t.text);
      if (text === undefined) throw new ImportError(`${where}.text is missing`);
      const speaker = str(t.speaker);
      if (!speaker) throw new ImportError(`${where}.speaker is missing`);
      const own = str(t.date_time);
      const time = own ? parseDateValue(own) : sessionTime;
      if (!time) {
        throw new ImportError(
          own ? `${where}.date_time '${own}' is not a date` : `${name}: ${key}_date_time ${sessionDate ? `'${sessionDate}' is not a date` : 'is missing'}`,
        );
      }
      const extra: Record<string, unknown> = {};
      // The photo's caption under the engine's neutral key (message-extra.ts), in the same place.
      for (const k of ['response_number', 'img_url', LOCOMO_CAPTION, 'query', 're-download'] as const) {
        if (t[k] !== undefined) extra[k === LOCOMO_CAPTION ? IMAGE_DESCRIPTION : k] = t[k];
      }
      return {
        externalId: str(t.dia_id) ?? (t.response_number !== undefined ? String(t.response_number) : undefined),
        speaker,
        role: 'user',
        text,
        time,
        extra: Object.keys(extra).length ? extra : undefined,
      };
    });
    sessions.push({ externalId: key, messages });
  }
  if (!sessions.length) throw new ImportError(`${name}: the log has no session with turns`);
  const speakerA = str(log.speaker_a)!;
  const speakerB = str(log.speaker_b) ?? '';
  const first = sessions[0].messages[0];
  // The files carry no id of their own; the speakers and the first turn identify the log.
  const externalId =
    str(log.sample_id) ??
    createHash('sha256').update(`${speakerA}\u0000${speakerB}\u0000${first.time.local}\u0000${first.text}`).digest('hex').slice(0, 24);
  return [
    {
      format,
      name,
      conversations: outcomesOf([{ family: format, externalId, title: speakerB ? `${speakerA} & ${speakerB}` : speakerA, sessions }]),
    },
  ];
}
