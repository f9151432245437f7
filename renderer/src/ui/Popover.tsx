// A button with a popover under it; closes on outside click or Escape.
import { useEffect, useRef, useState, type ReactNode } from 'react';

export function PopoverButton(props: {
  button: (open: boolean, toggle: () => void) => ReactNode;
  children: (close: () => void) => ReactNode;
  align?: 'left' | 'right';
  width?: number;
}) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    window.addEventListener('mousedown', onDown);
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('mousedown', onDown);
      window.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return (
    <div ref={ref} style={{ position: 'relative', display: 'inline-flex' }}>
      {props.button(open, () => setOpen((o) => !o))}
      {open && (
        <div
          className="popover"
          style={{ top: 'calc(100% + 6px)', [props.align === 'right' ? 'right' : 'left']: 0, width: props.width }}
        >
          {props.children(() => setOpen(false))}
        </div>
      )}
    </div>
  );
}
