// @vitest-environment happy-dom
// An entity's values: the label first, each value marked with where it comes from (the
// person's edits apart from what a model extracted), provenance kept out of the table, links
// that open the entity, and removal as one edit sent to the engine.
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PREFIXES } from '../../../../shared/rdf';
import type { EntityDetail } from '../../../../shared/types';
import { fakeEngram } from '../../../../test/support/dom';
import { useApp } from '../../state/app-store';
import { PropertyTable } from './PropertyTable';

const { rdfs, schema, prov, pcm, xsd, mem } = PREFIXES;
const engine = fakeEngram({ editTriples: () => ({ seq: 12, label: 'Removed', at: '2026-11-24T10:00:00Z', added: 0, removed: 1 }) });

const ana = `${mem}entity/ana`;
const detail: EntityDetail = {
  iri: ana,
  label: 'Ana',
  comment: null,
  category: 'person',
  types: [{ iri: `${schema}Person`, label: 'Person', origins: ['extraction'] }],
  properties: [
    { predicate: `${schema}knows`, label: 'knows', values: [{ term: { type: 'uri', value: `${mem}entity/ben` }, label: 'Ben', origins: ['extraction'] }] },
    { predicate: `${prov}wasDerivedFrom`, label: 'was derived from', values: [{ term: { type: 'uri', value: `${mem}post/4` }, origins: ['extraction'] }] },
    { predicate: `${schema}birthDate`, label: 'birth date', values: [{ term: { type: 'literal', value: '1990-04-02', datatype: `${xsd}date` }, origins: ['extraction', 'person'] }] },
    { predicate: `${rdfs}label`, label: 'label', values: [{ term: { type: 'literal', value: 'Ana' }, origins: ['person'] }, { term: { type: 'literal', value: 'Ana M.' }, origins: ['extraction'] }] },
    { predicate: `${pcm}mergedFrom`, label: 'merged from', values: [{ term: { type: 'uri', value: `${mem}entity/ana-2` }, origins: ['person'] }] },
  ],
  usage: [],
  usageTruncated: false,
  provenance: [],
  mergedFrom: [],
};

const originsOf = (value: HTMLElement) => within(value).queryAllByTestId('origin').map((o) => o.dataset.origin);

describe('PropertyTable', () => {
  it('lists the label first and leaves provenance and merge traces to their own sections', () => {
    render(<PropertyTable detail={detail} onNavigate={() => {}} />);
    expect(screen.getAllByTestId('property-row').map((r) => r.dataset.predicate)).toEqual([`${rdfs}label`, `${schema}knows`, `${schema}birthDate`]);
  });

  it("marks each value's origins: the person's edits apart from extraction", () => {
    render(<PropertyTable detail={detail} onNavigate={() => {}} />);
    const values = screen.getAllByTestId('value-row');
    const byValue = Object.fromEntries(values.map((v) => [v.dataset.value, originsOf(v)]));
    expect(byValue).toEqual({
      Ana: ['person'],
      'Ana M.': ['extraction'],
      [`${mem}entity/ben`]: ['extraction'],
      '1990-04-02': ['extraction', 'person'],
    });
    const yours = values.find((v) => v.dataset.value === 'Ana')!;
    expect(within(yours).getByTestId('origin').textContent).toBe('yours');
    expect(within(yours).getByTestId('origin').getAttribute('title')).toMatch(/kept over extraction/);
    // A typed literal says its datatype; a link shows the entity's label.
    expect(values.find((v) => v.dataset.value === '1990-04-02')!.textContent).toMatch(/date/);
    expect(screen.getByTestId('value-link').textContent).toBe('Ben');
  });

  it('opens a linked entity, and removes a value as one edit', async () => {
    const onNavigate = vi.fn();
    render(<PropertyTable detail={detail} onNavigate={onNavigate} />);
    fireEvent.click(screen.getByTestId('value-link'));
    expect(onNavigate).toHaveBeenCalledWith(`${mem}entity/ben`);

    fireEvent.click(screen.getByRole('button', { name: 'Remove label Ana M.' }));
    await vi.waitFor(() => expect(engine.calls.map((c) => c.method)).toContain('editTriples'));
    expect(engine.calls.find((c) => c.method === 'editTriples')!.args).toEqual({
      label: 'Removed label from “Ana”',
      remove: [{ s: ana, p: `${rdfs}label`, o: { type: 'literal', value: 'Ana M.' } }],
      add: [],
    });
    // The edit is confirmed with an Undo.
    await vi.waitFor(() => expect(useApp.getState().notices.at(-1)).toMatchObject({ tone: 'success', text: 'Removed label from “Ana”', action: { label: 'Undo' } }));
  });
});
