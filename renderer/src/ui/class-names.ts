// One vocabulary for kinds of things: how a class is named in the UI (the Graph tab's legend
// and header, the Entities tree, badges, pickers), and what kind an entity is shown as. Every
// place that names a class or an entity's kind goes through here, so that they agree.
import { compactIri, localName } from '../../../shared/rdf';
import type { ClassNode } from '../../../shared/types';
import { CATEGORY_STYLE, categoryOf } from './categories';

export type ClassIndex = Map<string, Pick<ClassNode, 'label' | 'parents'>>;

/** "CreativeWork" → "Creative work", "AIAssistant" → "AI assistant". */
export function humanize(name: string): string {
  const words = name
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim()
    .split(/\s+/);
  return words.map((w, i) => (i === 0 || /^[A-Z0-9]{2,}$/.test(w) ? w : w.toLowerCase())).join(' ');
}

/** The name of a class: its label in the ontology, else its local name made readable. */
export function className(iri: string, classes: ClassIndex): string {
  const label = classes.get(iri)?.label;
  if (label && label !== localName(iri)) return label;
  const local = localName(iri);
  return local ? humanize(local) : compactIri(iri);
}

/** How many classes lie above `iri` (the most specific of several types has the most). */
function depthOf(iri: string, classes: ClassIndex, seen = new Set<string>()): number {
  if (seen.has(iri)) return 0;
  seen.add(iri);
  const parents = classes.get(iri)?.parents ?? [];
  return parents.length ? 1 + Math.max(...parents.map((p) => depthOf(p, classes, seen))) : 0;
}

export interface Kind {
  /** Stable key: the category, or `class:<iri>` for things outside every category. */
  key: string;
  label: string;
  category: string;
}

/**
 * What an entity is shown as: its top-level category ("Person", "Place") when it has one, else
 * its most specific class ("Pet", "Concept"), never a bare "Other" when a class is known.
 */
export function kindOf(types: string[], category: string, classes: ClassIndex): Kind {
  const cat = categoryOf(category);
  if (cat !== 'Other') return { key: cat, label: CATEGORY_STYLE[cat].label, category: cat };
  const specific = [...types].sort((a, b) => depthOf(b, classes) - depthOf(a, classes) || a.localeCompare(b))[0];
  if (!specific) return { key: 'Other', label: 'Untyped', category: 'Other' };
  return { key: `class:${specific}`, label: className(specific, classes), category: 'Other' };
}

/** Counts per kind, most first (the legend and the header share this). */
export function countKinds(nodes: { types: string[]; category: string }[], classes: ClassIndex): { kind: Kind; count: number }[] {
  const out = new Map<string, { kind: Kind; count: number }>();
  for (const n of nodes) {
    const kind = kindOf(n.types, n.category, classes);
    const entry = out.get(kind.key);
    if (entry) entry.count++;
    else out.set(kind.key, { kind, count: 1 });
  }
  return [...out.values()].sort((a, b) => b.count - a.count || a.kind.label.localeCompare(b.kind.label));
}
