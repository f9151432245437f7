// Read-only Turtle with light syntax colouring, for small snippets (a message's triples)
// where a full editor would be heavy.
import { Fragment, type ReactNode } from 'react';

const TOKEN = /(#[^\n]*)|(<[^>\s]*>)|("""[\s\S]*?"""|"(?:[^"\\\n]|\\.)*")|(@prefix|@base|\bPREFIX\b|\bBASE\b|\ba\b)|(\^\^|@[a-zA-Z-]+)|([A-Za-z][\w.-]*:[\w.%-]*|:[\w.%-]+|_:[\w.-]+)|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/g;
const CLASSES = ['tok-comment', 'tok-iri', 'tok-string', 'tok-keyword', 'tok-meta', 'tok-pname', 'tok-number'];

export function TurtleView({ text, onIri }: { text: string; onIri?: (iri: string) => void }) {
  const out: ReactNode[] = [];
  let last = 0;
  let i = 0;
  for (const m of text.matchAll(TOKEN)) {
    const at = m.index ?? 0;
    if (at > last) out.push(<Fragment key={i++}>{text.slice(last, at)}</Fragment>);
    const group = m.slice(1).findIndex((g) => g !== undefined);
    const cls = CLASSES[group] ?? '';
    if (group === 1 && onIri) {
      const iri = m[0].slice(1, -1);
      out.push(
        <span key={i++} className={`${cls} tok-link`} onClick={() => onIri(iri)} title={`Open ${iri}`}>
          {m[0]}
        </span>,
      );
    } else {
      out.push(
        <span key={i++} className={cls}>
          {m[0]}
        </span>,
      );
    }
    last = at + m[0].length;
  }
  if (last < text.length) out.push(<Fragment key={i++}>{text.slice(last)}</Fragment>);
  return <pre className="turtle-view">{out}</pre>;
}

/** Drops `@prefix` / `PREFIX` lines whose prefix the rest of the text never uses (for display). */
export function withoutUnusedPrefixes(turtle: string): string {
  const lines = turtle.split('\n');
  const decl = /^\s*(?:@prefix|PREFIX)\s+([\w-]*):\s*<[^>]*>\s*\.?\s*$/i;
  const body = lines.filter((l) => !decl.test(l)).join('\n');
  const kept = lines.filter((l) => {
    const m = decl.exec(l);
    return !m || new RegExp(`(^|[^\\w-])${m[1]}:`).test(body);
  });
  return kept.join('\n').replace(/^\n+/, '');
}
