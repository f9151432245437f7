// The card shown while hovering a session on the timeline: when, how long, and its first lines.
import { useEffect, useState } from 'react';
import type { MessageRow } from '../../../shared/types';
import { api } from '../api/connection';
import { formatRange, plural } from '../ui/format';
import type { SessionMark } from './timeline-model';

const previews = new Map<number, MessageRow[]>();

export function SessionHoverCard({ mark, x, width }: { mark: SessionMark; x: number; width: number }) {
  const s = mark.session;
  const [lines, setLines] = useState<MessageRow[] | null>(previews.get(s.id) ?? null);
  useEffect(() => {
    const cached = previews.get(s.id);
    if (cached) {
      setLines(cached);
      return;
    }
    setLines(null);
    let live = true;
    // A short delay so that sweeping across the timeline does not fire a call per session.
    const t = setTimeout(() => {
      api()
        .sessionPreview({ sessionId: s.id, lines: 3 })
        .then((rows) => {
          previews.set(s.id, rows);
          if (live) setLines(rows);
        })
        .catch(() => live && setLines([]));
    }, 120);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [s.id]);
  const cardWidth = 340;
  const left = Math.max(4, Math.min(width - cardWidth - 4, x + 12));
  return (
    <div className="hover-card" style={{ left, width: cardWidth }} data-testid="session-hover">
      <div className="hover-card-title truncate">{s.conversationTitle || 'Untitled conversation'}</div>
      <div className="faint tnum" style={{ fontSize: 11.5 }}>
        Session {s.index} · {formatRange(s.start, s.end)} · {plural(s.messageCount, 'message')}
      </div>
      <div className="hover-card-lines">
        {lines === null && <div className="faint">Loading…</div>}
        {lines?.map((m) => (
          <div key={m.id} className="hover-line">
            <span className={`speaker role-${m.role}`}>{m.speaker}</span>
            <span className="muted">{m.text.length > 140 ? `${m.text.slice(0, 140)}…` : m.text}</span>
          </div>
        ))}
      </div>
    </div>
  );
}
