// A line of the engine that says what to run (`ollama serve`, `ollama pull MODEL`): the
// commands as code, each with a copy button, so the person can paste them into a terminal.
import { useEffect, useState } from 'react';
import { Icon } from '../ui/icons';
import { splitCommands } from './extraction-model';

export function ProblemLine(props: { line: string; tone?: 'danger' | 'warning' | 'plain'; testId?: string }) {
  const tone = props.tone ?? 'warning';
  return (
    <div className={`problem-line ${tone}`} data-testid={props.testId ?? 'problem-line'}>
      {tone !== 'plain' && <Icon name="alert" size={14} className="problem-icon" />}
      <span className="problem-text">
        <CommandText text={props.line} />
      </span>
    </div>
  );
}

/** Text with its `commands` as copyable code. */
export function CommandText({ text }: { text: string }) {
  return (
    <>
      {splitCommands(text).map((seg, i) =>
        seg.kind === 'text' ? (
          <span key={i}>{seg.text}</span>
        ) : (
          <span key={i} className="cmd" data-testid="command">
            <code>{seg.text}</code>
            <CopyButton text={seg.text} />
          </span>
        ),
      )}
    </>
  );
}

export function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(t);
  }, [copied]);
  return (
    <button
      type="button"
      className="copy-btn"
      onClick={async (e) => {
        e.stopPropagation();
        if (await copyText(text)) setCopied(true);
      }}
      title={copied ? 'Copied' : `Copy "${text}"`}
      aria-label={`Copy ${text}`}
      data-testid="copy-command"
      data-copied={copied ? 'true' : 'false'}
    >
      <Icon name={copied ? 'check' : 'copy'} size={12} />
    </button>
  );
}

/** Copies to the clipboard; falls back to a selection copy where the async API is refused. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand('copy');
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}
