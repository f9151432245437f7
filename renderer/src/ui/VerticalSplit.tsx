// Two panes stacked, with a draggable divider; the top height is remembered per `id`.
import { useRef, useState, type ReactNode } from 'react';
import { loadJson, saveJson } from './persist';

export function VerticalSplit(props: { id: string; top: ReactNode; bottom: ReactNode; initial?: number }) {
  const key = `engram.split.${props.id}`;
  const [ratio, setRatio] = useState(() => loadJson(key, props.initial ?? 0.45));
  const [dragging, setDragging] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  return (
    <div ref={box} className="pane" style={{ flex: 1 }}>
      <div className="pane" style={{ flex: `0 0 ${ratio * 100}%` }}>
        {props.top}
      </div>
      <div
        className={`resizer ${dragging ? 'dragging' : ''}`}
        onPointerDown={(e) => {
          (e.target as HTMLElement).setPointerCapture(e.pointerId);
          setDragging(true);
        }}
        onPointerMove={(e) => {
          if (!dragging || !box.current) return;
          const rect = box.current.getBoundingClientRect();
          setRatio(Math.max(0.15, Math.min(0.85, (e.clientY - rect.top) / rect.height)));
        }}
        onPointerUp={() => {
          setDragging(false);
          saveJson(key, ratio);
        }}
        role="separator"
        aria-orientation="horizontal"
      />
      <div className="pane" style={{ flex: 1 }}>
        {props.bottom}
      </div>
    </div>
  );
}
