// Edits a literal: its text, its datatype, or its language. The lexical form is checked
// against the datatype before anything is written (a price must be a number, a date a date).
import { useState } from 'react';
import { PREFIXES } from '../../../../shared/rdf';
import type { RdfTerm } from '../../../../shared/types';
import { Icon } from '../../ui/icons';

const { xsd, rdf } = PREFIXES;

export const DATATYPES: { iri: string; label: string; placeholder?: string }[] = [
  { iri: `${xsd}string`, label: 'text' },
  { iri: `${rdf}langString`, label: 'text with language' },
  { iri: `${xsd}integer`, label: 'integer', placeholder: '42' },
  { iri: `${xsd}decimal`, label: 'decimal', placeholder: '12.50' },
  { iri: `${xsd}double`, label: 'double', placeholder: '1.5e3' },
  { iri: `${xsd}boolean`, label: 'boolean', placeholder: 'true' },
  { iri: `${xsd}date`, label: 'date', placeholder: '2026-10-11' },
  { iri: `${xsd}dateTime`, label: 'date and time', placeholder: '2026-10-20T08:30:00' },
  { iri: `${xsd}time`, label: 'time', placeholder: '06:30:00' },
  { iri: `${xsd}duration`, label: 'duration', placeholder: 'PT35M' },
  { iri: `${xsd}gYear`, label: 'year', placeholder: '2026' },
  { iri: `${xsd}anyURI`, label: 'URL', placeholder: 'https://…' },
];

const CHECKS: Record<string, [RegExp, string]> = {
  [`${xsd}integer`]: [/^[+-]?\d+$/, 'a whole number, e.g. 42'],
  [`${xsd}decimal`]: [/^[+-]?(\d+(\.\d*)?|\.\d+)$/, 'a number, e.g. 12.50'],
  [`${xsd}double`]: [/^[+-]?((\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?|INF|NaN)$/, 'a number, e.g. 1.5e3'],
  [`${xsd}boolean`]: [/^(true|false|1|0)$/, 'true or false'],
  [`${xsd}date`]: [/^-?\d{4,}-\d{2}-\d{2}(Z|[+-]\d{2}:\d{2})?$/, 'a date as YYYY-MM-DD'],
  [`${xsd}dateTime`]: [/^-?\d{4,}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/, 'YYYY-MM-DDTHH:MM:SS'],
  [`${xsd}time`]: [/^\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/, 'HH:MM:SS'],
  [`${xsd}duration`]: [/^-?P(?=\d|T\d)(\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/, 'an ISO duration, e.g. PT35M or P1W'],
  [`${xsd}gYear`]: [/^-?\d{4,}$/, 'a year, e.g. 2026'],
};

/** The datatype of a literal as the editor shows it (language-tagged text has its own entry). */
export function datatypeOfTerm(t: RdfTerm | null): string {
  if (!t || t.type !== 'literal') return `${xsd}string`;
  if (t.lang) return `${rdf}langString`;
  return t.datatype ?? `${xsd}string`;
}

/** Checks a lexical form; returns the problem, or null when it is fine. */
export function checkLiteral(value: string, datatype: string, lang: string): string | null {
  if (datatype === `${rdf}langString`) {
    if (!/^[a-z]{1,8}(-[a-z0-9]{1,8})*$/i.test(lang.trim())) return 'Give a language tag, e.g. en or de-CH.';
    return null;
  }
  const check = CHECKS[datatype];
  if (check && !check[0].test(value.trim())) return `Expected ${check[1]}.`;
  return null;
}

/** The term the editor's fields make. */
export function makeLiteral(value: string, datatype: string, lang: string): RdfTerm {
  if (datatype === `${rdf}langString`) return { type: 'literal', value, lang: lang.trim().toLowerCase() };
  const v = CHECKS[datatype] ? value.trim() : value;
  if (datatype === `${xsd}string`) return { type: 'literal', value: v };
  return { type: 'literal', value: v, datatype };
}

export function LiteralEditor(props: {
  initial: RdfTerm | null;
  /** The datatype to start with when there is no initial value (from the property's range). */
  datatype?: string;
  onSave(term: RdfTerm): void;
  onCancel(): void;
  saveLabel?: string;
  testId?: string;
}) {
  const init = props.initial?.type === 'literal' ? props.initial : null;
  const [value, setValue] = useState(init?.value ?? '');
  const [datatype, setDatatype] = useState(init ? datatypeOfTerm(init) : (props.datatype ?? `${xsd}string`));
  const [lang, setLang] = useState(init?.lang ?? 'en');
  const [tried, setTried] = useState(false);
  const problem = checkLiteral(value, datatype, lang);
  const known = DATATYPES.some((d) => d.iri === datatype);
  const long = value.length > 60 || value.includes('\n');
  const unchanged = init !== null && init.value === value && datatypeOfTerm(init) === datatype && (init.lang ?? '') === (datatype === `${rdf}langString` ? lang : '');

  const save = () => {
    setTried(true);
    if (problem || unchanged) return;
    props.onSave(makeLiteral(value, datatype, lang));
  };

  const onKey = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      props.onCancel();
    }
    if (e.key === 'Enter' && (!long || e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      save();
    }
  };

  return (
    <div className="literal-editor" data-testid={props.testId ?? 'literal-editor'} onKeyDown={onKey}>
      {long ? (
        <textarea className="text-input" value={value} onChange={(e) => setValue(e.target.value)} autoFocus rows={3} data-testid="literal-value" />
      ) : (
        <input
          className="text-input"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          autoFocus
          placeholder={DATATYPES.find((d) => d.iri === datatype)?.placeholder ?? 'value'}
          data-testid="literal-value"
          spellCheck={false}
        />
      )}
      <div className="row literal-editor-row">
        <select className="select" value={datatype} onChange={(e) => setDatatype(e.target.value)} aria-label="Datatype" data-testid="literal-datatype">
          {!known && <option value={datatype}>{datatype.replace(xsd, 'xsd:')}</option>}
          {DATATYPES.map((d) => (
            <option key={d.iri} value={d.iri}>
              {d.label}
            </option>
          ))}
        </select>
        {datatype === `${rdf}langString` && (
          <input className="text-input" style={{ width: 64 }} value={lang} onChange={(e) => setLang(e.target.value)} aria-label="Language" placeholder="en" data-testid="literal-lang" />
        )}
        <span className="spacer" />
        <button className="btn small ghost" onClick={props.onCancel}>
          Cancel
        </button>
        <button className="btn small primary" onClick={save} disabled={unchanged || (tried && !!problem)} data-testid="literal-save">
          <Icon name="check" size={12} /> {props.saveLabel ?? 'Save'}
        </button>
      </div>
      {tried && problem && <div className="field-error">{problem}</div>}
    </div>
  );
}
