// Text with search hits wrapped in <mark>.
import { useMemo } from 'react';
import { escapeRegExp } from '../../../shared/text/words';

export function useHighlighter(terms: string[]): RegExp | null {
  return useMemo(() => {
    const clean = terms.map((t) => t.trim()).filter((t) => t.length > 0);
    if (clean.length === 0) return null;
    clean.sort((a, b) => b.length - a.length);
    return new RegExp(`(${clean.map(escapeRegExp).join('|')})`, 'gi');
  }, [terms.join('\u0000')]); // eslint-disable-line react-hooks/exhaustive-deps
}

export function Highlighted({ text, pattern }: { text: string; pattern: RegExp | null }) {
  if (!pattern) return <>{text}</>;
  const parts = text.split(pattern);
  return (
    <>
      {parts.map((part, i) => (i % 2 === 1 ? <mark key={i}>{part}</mark> : part))}
    </>
  );
}
