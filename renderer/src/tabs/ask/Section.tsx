// A collapsible part of an Ask turn (how it was read, the plan, SPARQL).
import { useState, type ReactNode } from 'react';
import { Icon } from '../../ui/icons';

export function Section(props: { title: string; summary?: string | null; defaultOpen?: boolean; testId?: string; children: ReactNode; actions?: ReactNode }) {
  const [open, setOpen] = useState(!!props.defaultOpen);
  return (
    <section className={`ask-section ${open ? 'open' : ''}`} data-testid={props.testId}>
      <div className="ask-section-head">
        <button className="ask-section-toggle" onClick={() => setOpen(!open)} aria-expanded={open}>
          <Icon name={open ? 'chevronDown' : 'chevronRight'} size={13} />
          <span className="ask-part-title">{props.title}</span>
          {props.summary && <span className="faint truncate">{props.summary}</span>}
        </button>
        {open && props.actions}
      </div>
      {open && <div className="ask-section-body">{props.children}</div>}
    </section>
  );
}
