// Lexical checks of typed literals (the model writes "2026-09-23"^^xsd:date; a literal like
// "next Friday"^^xsd:date breaks its datatype and is rejected).
import { PREFIXES } from '../../../../shared/rdf';

const XSD = PREFIXES.xsd;
const TZ = '(Z|[+-]\\d{2}:\\d{2})?';

function validDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const days = [31, y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1];
  return d <= days;
}

function validTime(h: number, min: number, s: number): boolean {
  return (h < 24 && min < 60 && s < 60) || (h === 24 && min === 0 && s === 0);
}

const CHECKS: Record<string, (v: string) => boolean> = {
  date: (v) => {
    const m = new RegExp(`^(-?\\d{4,})-(\\d{2})-(\\d{2})${TZ}$`).exec(v);
    return !!m && validDate(+m[1], +m[2], +m[3]);
  },
  dateTime: (v) => {
    const m = new RegExp(`^(-?\\d{4,})-(\\d{2})-(\\d{2})T(\\d{2}):(\\d{2}):(\\d{2})(\\.\\d+)?${TZ}$`).exec(v);
    return !!m && validDate(+m[1], +m[2], +m[3]) && validTime(+m[4], +m[5], +m[6]);
  },
  time: (v) => {
    const m = new RegExp(`^(\\d{2}):(\\d{2}):(\\d{2})(\\.\\d+)?${TZ}$`).exec(v);
    return !!m && validTime(+m[1], +m[2], +m[3]);
  },
  gYear: (v) => new RegExp(`^-?\\d{4,}${TZ}$`).test(v),
  gYearMonth: (v) => {
    const m = new RegExp(`^-?\\d{4,}-(\\d{2})${TZ}$`).exec(v);
    return !!m && +m[1] >= 1 && +m[1] <= 12;
  },
  integer: (v) => /^[+-]?\d+$/.test(v),
  nonNegativeInteger: (v) => /^\+?\d+$/.test(v) || v === '-0',
  positiveInteger: (v) => /^\+?\d*[1-9]\d*$/.test(v),
  int: (v) => /^[+-]?\d+$/.test(v) && Math.abs(Number(v)) <= 2 ** 31,
  long: (v) => /^[+-]?\d+$/.test(v),
  decimal: (v) => /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(v),
  double: (v) => /^([+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?|[+-]?INF|NaN)$/.test(v),
  float: (v) => /^([+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?|[+-]?INF|NaN)$/.test(v),
  boolean: (v) => /^(true|false|1|0)$/.test(v),
  // ISO 8601 durations; weeks (P1W) are accepted as the prompt teaches them.
  duration: (v) => /^-?P(?=\d|T\d)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/.test(v),
  dayTimeDuration: (v) => /^-?P(?=\d|T\d)(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/.test(v),
  yearMonthDuration: (v) => /^-?P(?=\d)(\d+Y)?(\d+M)?$/.test(v),
};

const FAMILY: Record<string, string> = {
  date: 'time',
  dateTime: 'time',
  dateTimeStamp: 'time',
  time: 'time',
  gYear: 'time',
  gYearMonth: 'time',
  integer: 'number',
  nonNegativeInteger: 'number',
  positiveInteger: 'number',
  int: 'number',
  long: 'number',
  decimal: 'number',
  double: 'number',
  float: 'number',
  boolean: 'boolean',
  duration: 'duration',
  dayTimeDuration: 'duration',
  yearMonthDuration: 'duration',
};

const local = (datatype: string) => (datatype.startsWith(XSD) ? datatype.slice(XSD.length) : null);

/** True when the lexical form is valid for the datatype (datatypes not checked here pass). */
export function lexicallyValid(value: string, datatype: string): boolean {
  const name = local(datatype);
  const check = name ? CHECKS[name] : undefined;
  return check ? check(value.trim() === value ? value : '\u0000') : true;
}

export type LiteralVerdict =
  | { ok: true; retype?: string }
  | { ok: false; reason: string };

const short = (dt: string) => (dt.startsWith(XSD) ? `xsd:${dt.slice(XSD.length)}` : `<${dt}>`);

/**
 * Judges a literal object of a property with the given xsd ranges:
 * - a typed literal must be lexically valid for its own datatype;
 * - a plain string for a date / number / duration / boolean range is retyped when its form fits,
 *   otherwise rejected;
 * - a typed literal of another family than the range (a number for a date) is rejected.
 */
export function judgeLiteral(value: string, datatype: string, language: string | undefined, ranges: string[], property: string): LiteralVerdict {
  const plain = !!language || datatype === `${XSD}string`;
  const checkedRanges = ranges.filter((r) => local(r) && FAMILY[local(r)!]);
  if (!plain) {
    if (!lexicallyValid(value, datatype)) return { ok: false, reason: `"${value}" is not a valid ${short(datatype)}` };
    const fam = local(datatype) ? FAMILY[local(datatype)!] : undefined;
    if (fam && checkedRanges.length && !checkedRanges.some((r) => FAMILY[local(r)!] === fam)) {
      return { ok: false, reason: `${short(datatype)} value for ${property}, which takes ${checkedRanges.map(short).join(' or ')}` };
    }
    return { ok: true };
  }
  if (!checkedRanges.length) return { ok: true };
  for (const r of checkedRanges) if (lexicallyValid(value, r)) return { ok: true, retype: r };
  // A date range also accepts a dateTime written as a string, and the reverse.
  if (checkedRanges.some((r) => FAMILY[local(r)!] === 'time')) {
    for (const alt of ['date', 'dateTime', 'time', 'gYearMonth', 'gYear']) if (CHECKS[alt](value)) return { ok: true, retype: `${XSD}${alt}` };
  }
  return { ok: false, reason: `"${value}" is not a valid ${checkedRanges.map(short).join(' or ')} for ${property}` };
}
