// LongMemEval instance files: a list of instances, each one person's history of sessions.
//
// Each instance becomes its own source (its `question_id` is the source's part) so that
// retrieval can be restricted to one history; each haystack session becomes a conversation
// with one session, keyed by its session id so retrieval can be scored by session.
import type { Role } from '../../../../../shared/types';
import { parseDateValue } from '../parse-date';
import { ImportError, outcomesOf, type ParsedConversation, type ParsedSource } from '../parsed';
import { isObj, listOf, sampleAll, str, type Obj } from './shape';

export function looksLikeLongMemEval(data: unknown): boolean {
  const list = Array.isArray(data) ? data : [data];
  return sampleAll(list, (o) => Array.isArray(o.haystack_sessions) && Array.isArray(o.haystack_dates));
}

export function parseLongMemEval(name: string, data: unknown): ParsedSource[] {
  const instances = listOf(data) ?? [];
  return instances.map((inst, i) => parseInstance(name, inst, i));
}

function parseInstance(name: string, inst: Obj, i: number): ParsedSource {
  const where = `${name}: [${i}]`;
  const qid = str(inst.question_id);
  if (!qid) throw new ImportError(`${where}.question_id is missing`);
  const sessions = inst.haystack_sessions as unknown[];
  const dates = inst.haystack_dates as unknown[];
  const ids = Array.isArray(inst.haystack_session_ids) ? (inst.haystack_session_ids as unknown[]) : [];
  if (dates.length !== sessions.length) {
    throw new ImportError(`${where}.haystack_dates has ${dates.length} dates for ${sessions.length} sessions`);
  }
  const conversations: ParsedConversation[] = [];
  sessions.forEach((turns, s) => {
    const time = parseDateValue(dates[s]);
    if (!time) throw new ImportError(`${where}.haystack_dates[${s}] '${String(dates[s])}' is not a date`);
    if (!Array.isArray(turns)) throw new ImportError(`${where}.haystack_sessions[${s}] is not a list of turns`);
    const sessionId = str(ids[s]) ?? `session-${s + 1}`;
    const messages = turns.filter(isObj).map((t, k) => {
      const role = str(t.role);
      if (role !== 'user' && role !== 'assistant') {
        throw new ImportError(`${where}.haystack_sessions[${s}][${k}].role must be user or assistant`);
      }
      const content = str(t.content);
      if (content === undefined) throw new ImportError(`${where}.haystack_sessions[${s}][${k}].content is missing`);
      return {
        externalId: `${sessionId}:${k}`,
        speaker: role === 'user' ? 'User' : 'Assistant',
        role: role as Role,
        text: content,
        time,
        extra: t.has_answer === true ? { has_answer: true } : undefined,
      };
    });
    if (messages.length) {
      // Instances share sessions from one pool; the family keeps each instance's copy apart.
      conversations.push({
        family: `longmemeval/${qid}`,
        externalId: sessionId,
        title: `Session ${sessionId}`,
        sessions: [{ externalId: sessionId, messages }],
      });
    }
  });
  return { format: 'longmemeval', name: `${name} · ${qid}`, part: qid, conversations: outcomesOf(conversations) };
}
