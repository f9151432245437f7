// What the job after an import (the automatic graph, then topics) reads of each message that
// depends only on its text: the extraction's tagged statements (extract.ts analyseStatements) and
// the topics' tagged noun phrases (topics/phrases.ts taggedPhrases). This is most of the job's
// CPU (wink-nlp's tagging), so it runs in a worker thread (analysis-worker.ts), while the file is
// still being imported; the passes then apply what needs the memory (speakers, names, the owner).
// Sent and kept as text (a few strings per message, not thousands of small objects): the phrases
// in a compact form (topics/phrases.ts `encodePhrases`), the statements as JSON.
import { encodePhrases, taggedPhrases } from '../../topics/phrases';
import { analyseStatements, unreadable, type SkipReason } from './extract';

/** A message as the analysis reads it. */
export interface AnalysisInput {
  id: number;
  role: string;
  text: string;
}

/** A message's analysis as sent by the worker and kept until the passes read it. */
export interface EncodedAnalysis {
  id: number;
  /** The text's length: an analysis is used only for the text it was made of. */
  length: number;
  /** The tagged phrases (topics/phrases.ts `encodePhrases`); null for system messages (topics leave them out). */
  phrases: string | null;
  /** Why the extraction does not read a message of the person's (too long, not text, not English), else null. */
  unreadable: SkipReason | null;
  /** JSON of the extraction's tagged statements; null when it reads none (not the person's, unreadable, no statement). */
  statements: string | null;
}

export function analyseMessage(m: AnalysisInput): EncodedAnalysis {
  const phrases = m.role === 'system' ? null : encodePhrases(taggedPhrases(m.text));
  const person = m.role !== 'assistant' && m.role !== 'system';
  const why = person ? unreadable(m.text) : null;
  const statements = person && !why ? analyseStatements(m.text) : null;
  return { id: m.id, length: m.text.length, phrases, unreadable: why, statements: statements ? JSON.stringify(statements) : null };
}

