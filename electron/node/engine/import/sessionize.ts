// Splits a conversation's messages into sessions where the source gives none: a new
// session starts after a silence longer than the gap (20 minutes by default, as in the
// temporal-memory study).
import { epochMsOf } from '../../../../shared/dates/wall-clock';
import type { ParsedMessage, ParsedSession } from './parsed';

export const DEFAULT_SESSION_GAP_MINUTES = 20;

/** Orders messages by time, keeping the source's order among equal times. */
export function inTimeOrder(messages: ParsedMessage[]): ParsedMessage[] {
  return messages
    .map((m, i) => ({ m, i, t: epochMsOf(m.time) }))
    .sort((a, b) => a.t - b.t || a.i - b.i)
    .map((x) => x.m);
}

/**
 * Sessions of time-ordered messages. `previousEndMs` is the time of the conversation's last
 * stored message when appending: the first new messages continue that session (returned
 * with `continuesPrevious`) if they follow it within the gap.
 */
export function sessionize(
  messages: ParsedMessage[],
  gapMinutes = DEFAULT_SESSION_GAP_MINUTES,
  previousEndMs: number | null = null,
): { sessions: ParsedSession[]; continuesPrevious: boolean } {
  const gapMs = gapMinutes * 60_000;
  const sessions: ParsedSession[] = [];
  let lastMs = previousEndMs;
  let continuesPrevious = false;
  for (const m of messages) {
    const t = epochMsOf(m.time);
    const afterGap = lastMs === null || t - lastMs > gapMs;
    if (sessions.length === 0) {
      // The first group continues the stored session when it follows it closely.
      continuesPrevious = previousEndMs !== null && !afterGap;
      sessions.push({ messages: [] });
    } else if (afterGap) {
      sessions.push({ messages: [] });
    }
    sessions[sessions.length - 1].messages.push(m);
    lastMs = t;
  }
  return { sessions, continuesPrevious };
}
