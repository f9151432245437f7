// Message text as Markdown (what assistants write): paragraphs, lists, tables (GFM), code blocks
// highlighted (highlight.js grammars through rehype-highlight), links. No raw HTML: react-markdown
// without rehype-raw turns HTML in the text into plain text, and builds React elements, never
// innerHTML. Links open outside the workbench: in the desktop app through the main process (the
// bridge's openExternal, which checks the URL), in a browser in a new tab without an opener.
// Search terms are marked inside the rendered text (a small rehype step over text nodes).
import type { Element, ElementContent, Root, RootContent, Text } from 'hast';
import { memo, type AnchorHTMLAttributes, type ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import remarkGfm from 'remark-gfm';
import '../styles/markdown.css';
import { openExternal, safeExternalUrl } from './external-link';

export interface MarkdownProps {
  text: string;
  /** Marks its matches (search terms) in the text. */
  pattern?: RegExp | null;
  className?: string;
  testId?: string;
  /** 'text': links drawn as text (inside something clickable already, as an Ask evidence card). */
  links?: 'open' | 'text';
}

const REMARK = [remarkGfm];
/** Fenced blocks with a language are highlighted; no guessing (slow, and often wrong on chat text). */
const HIGHLIGHT = [rehypeHighlight, { detect: false, plainText: ['text', 'txt', 'plain', 'plaintext'] }] as const;

/** Wraps the pattern's matches in <mark> in every text node (code included). */
export function rehypeMark(pattern: RegExp | null | undefined) {
  return () => (tree: Root) => {
    if (!pattern) return;
    const visit = (node: Root | Element) => {
      const out: (RootContent | ElementContent)[] = [];
      for (const child of node.children) {
        if (child.type === 'text') out.push(...markText(child, pattern));
        else {
          if (child.type === 'element') visit(child);
          out.push(child);
        }
      }
      node.children = out as typeof node.children;
    };
    visit(tree);
  };
}

function markText(node: Text, pattern: RegExp): (Text | Element)[] {
  const re = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
  const out: (Text | Element)[] = [];
  let last = 0;
  for (const m of node.value.matchAll(re)) {
    if (!m[0]) continue;
    const at = m.index ?? 0;
    if (at > last) out.push({ type: 'text', value: node.value.slice(last, at) });
    out.push({ type: 'element', tagName: 'mark', properties: {}, children: [{ type: 'text', value: m[0] }] });
    last = at + m[0].length;
  }
  if (last === 0) return [node];
  if (last < node.value.length) out.push({ type: 'text', value: node.value.slice(last) });
  return out;
}

function ExternalAnchor({ href, children, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { node?: unknown; children?: ReactNode }) {
  delete (rest as { node?: unknown }).node;
  const url = safeExternalUrl(href);
  if (!url) return <span className="md-link-off" title="Not a web link">{children}</span>;
  return (
    <a
      {...rest}
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      title={url}
      onClick={(e) => {
        // The desktop app: the system browser, through the main process. A browser: the new tab above.
        if (openExternal(url)) e.preventDefault();
      }}
    >
      {children}
    </a>
  );
}

const TEXT_LINKS: Components = {
  a: ({ children, href }) => (
    <span className="md-link-text" title={typeof href === 'string' ? href : undefined}>
      {children}
    </span>
  ),
  img: ({ alt }) => <span>{alt}</span>,
};

const COMPONENTS: Components = {
  a: ExternalAnchor,
  // Images would be fetched from anywhere: shown as their link instead (the CSP blocks them anyway).
  img: ({ src, alt }) => {
    const url = typeof src === 'string' ? safeExternalUrl(src) : null;
    return url ? <ExternalAnchor href={url}>{alt || url}</ExternalAnchor> : <span>{alt}</span>;
  },
};

export const Markdown = memo(function Markdown({ text, pattern, className, testId, links = 'open' }: MarkdownProps) {
  return (
    <div className={`markdown ${className ?? ''}`} data-testid={testId}>
      <ReactMarkdown remarkPlugins={REMARK} rehypePlugins={[HIGHLIGHT as never, rehypeMark(pattern)]} components={links === 'text' ? TEXT_LINKS : COMPONENTS} skipHtml={false}>
        {text}
      </ReactMarkdown>
    </div>
  );
});
