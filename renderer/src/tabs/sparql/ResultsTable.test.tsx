// @vitest-environment happy-dom
// SPARQL results: one row per solution with its terms shown as people read them; a click on a
// column header sorts by it (numbers as numbers, unbound values last), again reverses, a third
// time restores the engine's order.
import { fireEvent, render, screen } from '@testing-library/react';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { PREFIXES } from '../../../../shared/rdf';
import type { RdfTerm } from '../../../../shared/types';
import { giveLayout } from '../../../../test/support/dom';
import { ResultsTable } from './ResultsTable';
import { useSparql } from './sparql-store';

const undoLayout = giveLayout({ width: 900, height: 600 });
afterAll(undoLayout);

const int = (v: string): RdfTerm => ({ type: 'literal', value: v, datatype: `${PREFIXES.xsd}integer` });
const person = (name: string): RdfTerm => ({ type: 'uri', value: `${PREFIXES.pcm}${name}` });
const rows: Record<string, RdfTerm>[] = [
  { who: person('ana'), runs: int('10') },
  { who: person('ben') },
  { who: person('cleo'), runs: int('9') },
  { who: person('dan'), runs: int('100') },
];

const column = (name: string) => screen.getAllByTestId('result-column').find((b) => b.textContent?.includes(`?${name}`))!;
const runsColumn = () => screen.getAllByTestId('result-row').map((r) => r.querySelector('[data-var="runs"]')!.textContent);

describe('ResultsTable', () => {
  beforeEach(() => useSparql.setState({ sort: null }));

  it('shows every solution with prefixed IRIs and plain numbers, unbound as a dash', () => {
    render(<ResultsTable vars={['who', 'runs']} rows={rows} />);
    expect(screen.getAllByTestId('result-row')).toHaveLength(4);
    expect(screen.getAllByTestId('result-iri').map((b) => b.textContent)).toEqual(['pcm:ana', 'pcm:ben', 'pcm:cleo', 'pcm:dan']);
    expect(runsColumn()).toEqual(['10', '—', '9', '100']);
  });

  it('sorts by a column on click: ascending, descending, then the original order', () => {
    render(<ResultsTable vars={['who', 'runs']} rows={rows} />);
    fireEvent.click(column('runs'));
    expect(runsColumn()).toEqual(['9', '10', '100', '—']);
    expect(column('runs').getAttribute('aria-sort')).toBe('ascending');
    expect(column('who').getAttribute('aria-sort')).toBe('none');
    fireEvent.click(column('runs'));
    expect(runsColumn()).toEqual(['100', '10', '9', '—']);
    expect(column('runs').getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(column('runs'));
    expect(runsColumn()).toEqual(['10', '—', '9', '100']);
    // Another column starts ascending again.
    fireEvent.click(column('who'));
    expect(screen.getAllByTestId('result-iri')[0].textContent).toBe('pcm:ana');
    fireEvent.click(column('who'));
    expect(screen.getAllByTestId('result-iri')[0].textContent).toBe('pcm:dan');
  });
});
