// A text field with a list of suggestions (properties, classes, entities): typing filters,
// ↑ ↓ Home End move, Enter or a click picks the highlighted one, Escape closes. Suggestions may
// come from a function that returns them at once or from the engine (a promise); Enter pressed
// before the engine has answered for the text waits for that answer and takes its best hit,
// never a stale list's. With `portal`, the list is drawn over the page (fixed, under or above
// the field), so a toolbar that clips its content cannot hide it.
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

export interface ComboboxProps<T> {
  value: string;
  onChange(text: string): void;
  /** Suggestions for the text, best first; a promise for engine look-ups. */
  suggest(text: string): T[] | Promise<T[]>;
  itemKey(item: T): string;
  renderItem(item: T, active: boolean): ReactNode;
  onPick(item: T): void;
  /** Enter with no suggestion to take (e.g. take the text as is). */
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
  /** Draw the list over the page (in document.body), not inside the field's box. */
  portal?: boolean;
}

interface Place {
  left: number;
  width: number;
  top?: number;
  bottom?: number;
  maxHeight: number;
}

export function Combobox<T>(props: ComboboxProps<T>) {
  const [items, setItems] = useState<T[]>([]);
  /** The text the items were suggested for. */
  const [itemsFor, setItemsFor] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [loading, setLoading] = useState(false);
  const [place, setPlace] = useState<Place | null>(null);
  const listId = useId();
  const seq = useRef(0);
  const boxRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  /** Enter was pressed before the suggestions for the text came. */
  const enterPending = useRef(false);
  const { suggest, value } = props;
  const propsRef = useRef(props);
  propsRef.current = props;

  const pick = (item: T) => {
    enterPending.current = false;
    setOpen(false);
    propsRef.current.onPick(item);
  };

  useEffect(() => {
    if (!open) return;
    const mine = ++seq.current;
    const settle = (r: T[]) => {
      setItems(r);
      setItemsFor(value);
      setActive(0);
      if (enterPending.current) {
        enterPending.current = false;
        if (r[0]) pick(r[0]);
        else propsRef.current.onEnter?.(value);
      }
    };
    const result = suggest(value);
    if (Array.isArray(result)) {
      settle(result);
      return;
    }
    setLoading(true);
    const t = setTimeout(() => {
      result
        .then((r) => seq.current === mine && settle(r))
        .catch(() => seq.current === mine && settle([]))
        .finally(() => seq.current === mine && setLoading(false));
    }, 0);
    return () => clearTimeout(t);
  }, [value, open, suggest]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      const t = e.target as Node;
      if (!boxRef.current?.contains(t) && !listRef.current?.contains(t)) setOpen(false);
    };
    window.addEventListener('mousedown', onDown);
    return () => window.removeEventListener('mousedown', onDown);
  }, [open]);

  // Over the page: under the field, or above it when the window has no room below.
  useLayoutEffect(() => {
    if (!open || !props.portal) return;
    const measure = () => {
      const r = inputRef.current?.getBoundingClientRect();
      if (!r) return;
      const below = window.innerHeight - r.bottom - 8;
      const above = r.top - 8;
      const width = Math.max(r.width, 320);
      const left = Math.max(4, Math.min(r.left, window.innerWidth - width - 4));
      setPlace(below >= 220 || below >= above ? { left, width, top: r.bottom + 4, maxHeight: Math.min(360, below) } : { left, width, bottom: window.innerHeight - r.top + 4, maxHeight: Math.min(360, above) });
    };
    measure();
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, true);
    return () => {
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure, true);
    };
  }, [open, props.portal]);

  // The highlighted hit stays in sight.
  useEffect(() => {
    listRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  const fresh = itemsFor === value && !loading;
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive((a) => Math.min(items.length - 1, a + 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => Math.max(0, a - 1));
    } else if ((e.key === 'Home' || e.key === 'End') && open && items.length) {
      e.preventDefault();
      setActive(e.key === 'Home' ? 0 : items.length - 1);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (open && fresh && items[active]) pick(items[active]);
      else if (open && !fresh && value.trim()) enterPending.current = true;
      else props.onEnter?.(value);
    } else if (e.key === 'Escape') {
      enterPending.current = false;
      if (open) {
        e.stopPropagation();
        setOpen(false);
      } else props.onEscape?.();
    } else if (e.key === 'Tab' && open && fresh && items[active]) {
      // Tab completes, as in the editors.
      e.preventDefault();
      pick(items[active]);
    }
  };

  const showList = open && (items.length > 0 || loading || props.emptyText || props.footer);
  const optionId = (i: number) => `${listId}-o${i}`;
  const list = showList ? (
    <div
      ref={listRef}
      className={`combobox-list ${props.portal ? 'portal' : ''}`}
      role="listbox"
      id={listId}
      data-testid={props.testId ? `${props.testId}-list` : undefined}
      style={props.portal && place ? { position: 'fixed', left: place.left, width: place.width, top: place.top, bottom: place.bottom, maxHeight: place.maxHeight } : undefined}
    >
      {items.map((item, i) => (
        <div
          key={props.itemKey(item)}
          id={optionId(i)}
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
  ) : null;

  return (
    <div className={`combobox ${props.className ?? ''}`} ref={boxRef}>
      <input
        ref={inputRef}
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
        aria-expanded={!!showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && items[active] ? optionId(active) : undefined}
        aria-label={props.ariaLabel ?? props.placeholder}
        data-testid={props.testId}
        spellCheck={false}
        autoComplete="off"
      />
      {list && (props.portal ? createPortal(list, document.body) : list)}
    </div>
  );
}
