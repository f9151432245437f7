// Top-level categories of the Graph tab (colour and shape per category), derived from the
// ontology's class hierarchy so that every subclass lands in its family.
import { PREFIXES } from '../../../../shared/rdf';

const { schema, foaf, pcm, ob } = PREFIXES;

export const CATEGORIES = [
  { id: 'Person', roots: [`${foaf}Person`, `${schema}Person`, `${pcm}AIAssistant`] },
  { id: 'Event', roots: [`${schema}Event`] },
  { id: 'Action', roots: [`${schema}Action`, `${ob}Activity`] },
  { id: 'Place', roots: [`${schema}Place`] },
  { id: 'Product', roots: [`${schema}Product`] },
  { id: 'Preference', roots: [`${pcm}Preference`] },
  { id: 'Habit', roots: [`${ob}Habit`] },
  { id: 'Organization', roots: [`${schema}Organization`, `${foaf}Organization`] },
  { id: 'CreativeWork', roots: [`${schema}CreativeWork`] },
] as const;

export type Category = (typeof CATEGORIES)[number]['id'] | 'Message' | 'Other';

/** Maps each class to its category, given the asserted subClassOf pairs [sub, super]. */
export function categorize(subClassOf: [string, string][]): (types: string[]) => Category {
  const parents = new Map<string, string[]>();
  for (const [sub, sup] of subClassOf) parents.set(sub, [...(parents.get(sub) ?? []), sup]);
  const cache = new Map<string, Category>();
  const rootOf = new Map<string, Category>(CATEGORIES.flatMap((c) => c.roots.map((r) => [r, c.id] as [string, Category])));
  const classCategory = (cls: string): Category => {
    const hit = cache.get(cls);
    if (hit) return hit;
    // Breadth-first up the hierarchy: the nearest categorized ancestor wins.
    const seen = new Set([cls]);
    let frontier = [cls];
    let found: Category = 'Other';
    while (frontier.length && found === 'Other') {
      for (const c of frontier) {
        const direct = rootOf.get(c);
        if (direct) {
          found = direct;
          break;
        }
      }
      frontier = frontier.flatMap((c) => parents.get(c) ?? []).filter((c) => !seen.has(c) && seen.add(c));
    }
    cache.set(cls, found);
    return found;
  };
  return (types) => {
    if (types.includes(`${PREFIXES.sioc}Post`)) return 'Message';
    for (const t of types) {
      const c = classCategory(t);
      if (c !== 'Other') return c;
    }
    return 'Other';
  };
}
