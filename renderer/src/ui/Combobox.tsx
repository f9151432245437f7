// A text field with a list of suggestions under it (properties, classes, entities): typing
// filters, ↑ ↓ move, Enter or a click picks, Escape closes. Suggestions may come from a
// function that returns them at once or from the engine (a promise), debounced.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface ComboboxProps<T> {
  value: string;
  onChange(text: string): void;
  /** Suggestions for the text; a promise for engine look-ups. */
  suggest(text: string): T[] | Promise<T[]>;
  itemKey(item: T): string;
  renderItem(item: T, active: boolean): ReactNode;
  onPick(item: T): void;
  /** Enter with no suggestion highlighted (e.g. take the text as is). */
  onEnter?(text: string): void;
  onEscape?(): void;
  placeholder?: string;
  autoFocus?: boolean;
  testId?: string;
  className?: string;
  /** A note under the suggestions (e.g. "Enter: search for …"). */
  footer?: ReactNode;
  emptyText?: string;
  ariaLabel?: string;
  /** Open the list when the field gets focus, before anything is typed. */
  openOnFocus?: boolean;
}

export function Combobox<T>(props: ComboboxProps<T>) {
  const [items, setItems] = useState<T[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [loading, setLoading] = useState(false);
  const listId = useId();
  const seq = useRef(0);
  const boxRef = useRef<HTMLDivElement>(null);
  const { suggest, value } = props;

  useEffect(() => {
    if (!open) return;
    const mine = ++seq.current;
    const result = suggest(value);
    if (Array.isArray(result)) {
      setItems(result);
      setActive(0);
      return;
    }
    setLoading(true);
    const t = setTimeout(() => {
      result
        .then((r) => {
          if (seq.current !== mine) return;
          setItems(r);
          setActive(0);
        })
        .catch(() => seq.current === mine && setItems([]))
        .finally(() => seq.current === mine && setLoading(false));
    }, 0);
    return () => clearTimeout(t);
  }, [value, open, suggest]);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!boxRef.current?.contains(e.target as Node)) setOpen(false);
    };
    window.addEventListener('mousedown', onDown);
    return () => window.removeEventListener('mousedown', onDown);
  }, [open]);

  const pick = (item: T) => {
    setOpen(false);
    props.onPick(item);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive((a) => Math.min(items.length - 1, a + 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => Math.max(0, a - 1));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (open && items[active]) pick(items[active]);
      else props.onEnter?.(value);
    } else if (e.key === 'Escape') {
      if (open) {
        e.stopPropagation();
        setOpen(false);
      } else props.onEscape?.();
    } else if (e.key === 'Tab' && open && items[active]) {
      // Tab completes, as in the editors.
      e.preventDefault();
      pick(items[active]);
    }
  };

  return (
    <div className={`combobox ${props.className ?? ''}`} ref={boxRef}>
      <input
        className="text-input"
        value={value}
        placeholder={props.placeholder}
        autoFocus={props.autoFocus}
        onChange={(e) => {
          props.onChange(e.target.value);
          setOpen(true);
        }}
        onFocus={() => props.openOnFocus && setOpen(true)}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-label={props.ariaLabel ?? props.placeholder}
        data-testid={props.testId}
        spellCheck={false}
        autoComplete="off"
      />
      {open && (items.length > 0 || loading || props.emptyText || props.footer) && (
        <div className="combobox-list" role="listbox" id={listId} data-testid={props.testId ? `${props.testId}-list` : undefined}>
          {items.map((item, i) => (
            <div
              key={props.itemKey(item)}
              role="option"
              aria-selected={i === active}
              className={`combobox-item ${i === active ? 'active' : ''}`}
              // Keep the focus in the field; pick on click, once the mousedown has reached
              // outside-click handlers (a popover around this field must see it as inside).
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(item)}
              onMouseEnter={() => setActive(i)}
              data-testid="combobox-option"
            >
              {props.renderItem(item, i === active)}
            </div>
          ))}
          {items.length === 0 && !loading && props.emptyText && <div className="combobox-empty">{props.emptyText}</div>}
          {loading && items.length === 0 && (
            <div className="combobox-empty">
              <span className="spinner" />
            </div>
          )}
          {props.footer && <div className="combobox-footer">{props.footer}</div>}
        </div>
      )}
    </div>
  );
}
