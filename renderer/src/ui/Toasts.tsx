// Short notices at the bottom right (menu results, background errors, "Applied · Undo").
import { useApp } from '../state/app-store';
import { Icon } from './icons';

export function Toasts() {
  const notices = useApp((s) => s.notices);
  const dismiss = useApp((s) => s.dismiss);
  return (
    <div className="toasts" role="status" aria-live="polite">
      {notices.map((n) => (
        <div key={n.id} className={`toast ${n.tone}`}>
          <Icon name={n.tone === 'error' ? 'alert' : n.tone === 'success' ? 'check' : 'sparkles'} />
          <span style={{ flex: 1 }}>{n.text}</span>
          {n.action && (
            <button
              className="btn small"
              onClick={() => {
                n.action?.run();
                dismiss(n.id);
              }}
            >
              {n.action.label}
            </button>
          )}
          <button className="icon-btn small" onClick={() => dismiss(n.id)} aria-label="Dismiss">
            <Icon name="x" size={14} />
          </button>
        </div>
      ))}
    </div>
  );
}
