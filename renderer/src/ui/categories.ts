// The top-level categories of the knowledge graph (electron/node/engine/entities/categories.ts)
// with their colour and shape: the same in the Graph tab, its legend and export, and the
// Entities tab's dots, so that a kind of thing looks alike everywhere.
export const CATEGORY_IDS = [
  'Person',
  'Organization',
  'Place',
  'Event',
  'Action',
  'Product',
  'Preference',
  'Habit',
  'CreativeWork',
  'Message',
  'Other',
] as const;

export type CategoryId = (typeof CATEGORY_IDS)[number];

/** Cytoscape node shapes (also drawn by the SVG export and the legend). */
export type NodeShape =
  | 'ellipse'
  | 'round-rectangle'
  | 'round-pentagon'
  | 'round-diamond'
  | 'round-triangle'
  | 'barrel'
  | 'star'
  | 'round-hexagon'
  | 'round-tag';

export interface CategoryStyle {
  label: string;
  shape: NodeShape;
  light: string;
  dark: string;
}

export const CATEGORY_STYLE: Record<CategoryId, CategoryStyle> = {
  Person: { label: 'Person', shape: 'ellipse', light: '#3b7ddd', dark: '#5f9bf0' },
  Organization: { label: 'Organization', shape: 'round-rectangle', light: '#8257d8', dark: '#a585f0' },
  Place: { label: 'Place', shape: 'round-pentagon', light: '#15965f', dark: '#3cc48a' },
  Event: { label: 'Event', shape: 'round-diamond', light: '#e5731a', dark: '#f49547' },
  Action: { label: 'Action', shape: 'round-triangle', light: '#d9434a', dark: '#f06e74' },
  Product: { label: 'Product', shape: 'barrel', light: '#0e9bb0', dark: '#37c3d6' },
  Preference: { label: 'Preference', shape: 'star', light: '#d6469b', dark: '#ee74b8' },
  Habit: { label: 'Habit', shape: 'round-hexagon', light: '#6b9a13', dark: '#95c43d' },
  CreativeWork: { label: 'Creative work', shape: 'round-tag', light: '#c18f00', dark: '#e6b42e' },
  Message: { label: 'Message', shape: 'round-rectangle', light: '#9aa1ad', dark: '#6f7682' },
  Other: { label: 'Other', shape: 'ellipse', light: '#7b8190', dark: '#8f95a3' },
};

export function categoryOf(id: string | null | undefined): CategoryId {
  return (CATEGORY_IDS as readonly string[]).includes(id ?? '') ? (id as CategoryId) : 'Other';
}

/** Points of a shape on a unit box (-1…1), for SVG: polygons and the few curved shapes. */
export function shapePath(shape: NodeShape, cx: number, cy: number, w: number, h: number): string {
  const rx = w / 2;
  const ry = h / 2;
  const poly = (pts: [number, number][]) => `M${pts.map(([x, y]) => `${(cx + x * rx).toFixed(1)},${(cy + y * ry).toFixed(1)}`).join('L')}Z`;
  const regular = (n: number, rot = -Math.PI / 2) =>
    poly(Array.from({ length: n }, (_, i) => [Math.cos(rot + (i * 2 * Math.PI) / n), Math.sin(rot + (i * 2 * Math.PI) / n)] as [number, number]));
  switch (shape) {
    case 'ellipse':
      return `M${cx - rx},${cy}a${rx},${ry} 0 1,0 ${w},0a${rx},${ry} 0 1,0 ${-w},0Z`;
    case 'round-rectangle':
    case 'barrel': {
      const r = Math.min(rx, ry) * (shape === 'barrel' ? 0.5 : 0.35);
      return `M${cx - rx + r},${cy - ry}H${cx + rx - r}Q${cx + rx},${cy - ry} ${cx + rx},${cy - ry + r}V${cy + ry - r}Q${cx + rx},${cy + ry} ${cx + rx - r},${cy + ry}H${cx - rx + r}Q${cx - rx},${cy + ry} ${cx - rx},${cy + ry - r}V${cy - ry + r}Q${cx - rx},${cy - ry} ${cx - rx + r},${cy - ry}Z`;
    }
    case 'round-pentagon':
      return regular(5);
    case 'round-diamond':
      return poly([[0, -1], [1, 0], [0, 1], [-1, 0]]);
    case 'round-triangle':
      return poly([[0, -1], [1, 1], [-1, 1]]);
    case 'round-hexagon':
      return regular(6, 0);
    case 'round-tag':
      return poly([[-1, -1], [0.5, -1], [1, 0], [0.5, 1], [-1, 1]]);
    case 'star': {
      const pts: [number, number][] = [];
      for (let i = 0; i < 10; i++) {
        const a = -Math.PI / 2 + (i * Math.PI) / 5;
        const r = i % 2 === 0 ? 1 : 0.45;
        pts.push([Math.cos(a) * r, Math.sin(a) * r]);
      }
      return poly(pts);
    }
  }
}
