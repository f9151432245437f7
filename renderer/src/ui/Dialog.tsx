// A modal dialog: Escape or a click on the backdrop closes it; focus moves into it on open.
import { useEffect, useRef, type ReactNode } from 'react';
import { Icon } from './icons';

export function Dialog(props: {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'small' | 'normal';
  label?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const { onClose } = props;
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const first = ref.current?.querySelector<HTMLElement>('[data-autofocus], button, input, select');
    first?.focus();
    const onKey = (e: KeyboardEvent) => {
      // Only the topmost dialog (the last one in the page) closes when dialogs are stacked.
      const dialogs = document.querySelectorAll('.dialog');
      if (dialogs[dialogs.length - 1] !== ref.current) return;
      if (e.key === 'Escape') {
        e.stopPropagation();
        onClose();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      previous?.focus?.();
    };
  }, [onClose]);
  return (
    <div className="modal-overlay" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={ref} className={`dialog ${props.size === 'small' ? 'small' : ''}`} role="dialog" aria-modal="true" aria-label={props.label}>
        <div className="dialog-header">
          <h2>{props.title}</h2>
          <span className="spacer" />
          <button className="icon-btn" onClick={onClose} aria-label="Close">
            <Icon name="x" />
          </button>
        </div>
        <div className="dialog-body">{props.children}</div>
        {props.footer && <div className="dialog-footer">{props.footer}</div>}
      </div>
    </div>
  );
}
