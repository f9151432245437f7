// Markdown (react-markdown, GFM, highlight.js grammars) is a large part of the page's code and only
// shows once a message is opened: loaded then (or once the first screen is idle), the plain text
// standing in for the moment it takes.
import { lazy, Suspense } from 'react';
import type { MarkdownProps } from './Markdown';

const loadMarkdown = () => import('./Markdown');
const Markdown = lazy(() => loadMarkdown().then((m) => ({ default: m.Markdown })));

/** Starts loading the Markdown renderer ahead of its first use. */
export function preloadMarkdown(): void {
  void loadMarkdown();
}

export function LazyMarkdown(props: MarkdownProps) {
  return (
    <Suspense fallback={<div className={props.className} style={{ whiteSpace: 'pre-wrap' }}>{props.text}</div>}>
      <Markdown {...props} />
    </Suspense>
  );
}
