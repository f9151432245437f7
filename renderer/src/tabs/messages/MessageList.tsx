// The virtualized message list: fixed-height rows, pages fetched as they scroll into view.
import { useEffect, useRef } from 'react';
import type { MessageRow } from '../../../../shared/types';
import { MESSAGE_PREVIEW_CHARS } from '../../../../shared/transport/first-screen';
import { formatDateTime } from '../../ui/format';
import { Highlighted, useHighlighter } from '../../ui/Highlighted';
import { useRowWindow } from '../../ui/use-row-window';
import { rowAt, useMessages } from './messages-store';

const ROW_HEIGHT = 74;

export function MessageList() {
  const total = useMessages((s) => s.total) ?? 0;
  const pages = useMessages((s) => s.pages);
  const queryId = useMessages((s) => s.queryId);
  const highlight = useMessages((s) => s.highlight);
  const selectedId = useMessages((s) => s.selectedId);
  const ensureRows = useMessages((s) => s.ensureRows);
  const selectMessage = useMessages((s) => s.selectMessage);
  const pattern = useHighlighter(highlight);

  const scrollRef = useRef<HTMLDivElement>(null);
  const rowWindow = useRowWindow(scrollRef, total, ROW_HEIGHT, 12);
  const first = rowWindow.first;
  const last = Math.max(first, rowWindow.last);
  const indexes: number[] = [];
  for (let i = rowWindow.first; i <= rowWindow.last; i++) indexes.push(i);

  // Fetch the pages on screen once scrolling pauses: a fling through 100,000 rows must not
  // queue a request for every page it passes.
  useEffect(() => {
    if (total <= 0) return;
    const t = setTimeout(() => ensureRows(first, last), 60);
    return () => clearTimeout(t);
  }, [first, last, total, queryId, ensureRows]);

  // A new query starts at the top.
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [queryId]);

  const move = (delta: number) => {
    let index = 0;
    if (selectedId !== null) {
      for (let i = first; i <= last; i++) if (rowAt(pages, i)?.id === selectedId) index = i + delta;
    }
    index = Math.max(0, Math.min(total - 1, index));
    const row = rowAt(pages, index);
    if (row) {
      void selectMessage(row.id);
      rowWindow.scrollToIndex(index);
    }
  };

  return (
    <div
      ref={scrollRef}
      className="message-list"
      tabIndex={0}
      role="listbox"
      aria-label="Messages"
      data-testid="message-list"
      onKeyDown={(e) => {
        if (e.key === 'ArrowDown') {
          e.preventDefault();
          move(1);
        } else if (e.key === 'ArrowUp') {
          e.preventDefault();
          move(-1);
        }
      }}
    >
      <div style={{ height: rowWindow.totalHeight, position: 'relative' }}>
        {indexes.map((index) => {
          const row = rowAt(pages, index);
          return (
            <div
              key={index}
              className="message-row-slot"
              style={{ transform: `translateY(${index * ROW_HEIGHT}px)`, height: ROW_HEIGHT }}
            >
              {row ? (
                <MessageRowView row={row} pattern={pattern} selected={row.id === selectedId} onSelect={() => void selectMessage(row.id)} />
              ) : (
                <div className="message-row placeholder">
                  <div className="skeleton" style={{ width: '40%' }} />
                  <div className="skeleton" style={{ width: '85%' }} />
                </div>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}

function MessageRowView(props: { row: MessageRow; pattern: RegExp | null; selected: boolean; onSelect: () => void }) {
  const { row } = props;
  return (
    <div
      className={`message-row ${props.selected ? 'selected' : ''}`}
      role="option"
      aria-selected={props.selected}
      onClick={props.onSelect}
      data-testid="message-row"
      data-message-id={row.id}
    >
      <div className="message-meta">
        <span className={`speaker role-${row.role}`}>{row.speaker}</span>
        <span className="faint tnum">{formatDateTime(row.timestamp)}</span>
        <span className="badge tnum" title={`Session ${row.sessionIndex}`}>
          S{row.sessionIndex}
        </span>
        <span className="faint truncate">{row.conversationTitle}</span>
      </div>
      <div className="message-text">
        <Highlighted text={row.textCut || row.text.length > MESSAGE_PREVIEW_CHARS ? `${row.text.slice(0, MESSAGE_PREVIEW_CHARS)}…` : row.text} pattern={props.pattern} />
      </div>
    </div>
  );
}
