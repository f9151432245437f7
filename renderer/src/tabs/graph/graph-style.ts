// The Graph tab's cytoscape stylesheet: nodes coloured and shaped by top-level category and
// sized by degree, labels that disappear when too small to read, edge labels (prefixed names)
// only where they help (small graphs, the selected or hovered node's edges), light and dark.
import type cytoscape from 'cytoscape';
import { CATEGORY_IDS, CATEGORY_STYLE } from '../../ui/categories';
import { cssVar } from '../../ui/use-color-scheme';
import { UI_FONT_STACK } from '../../ui/fonts';

export interface StyleOptions {
  scheme: 'light' | 'dark';
  /** Many elements: straight edges and cheaper labels. */
  big: boolean;
  /** Show every edge's label (small views). */
  edgeLabels: boolean;
  /** Very many edges: haystack edges (the fastest, no arrows) except around the selection. */
  huge?: boolean;
  /** The factor on label sizes for the current zoom (label-declutter.ts, labelScale). */
  fontScale?: () => number;
}

export function graphStylesheet(o: StyleOptions): cytoscape.StylesheetJson {
  const text = cssVar('--text') || (o.scheme === 'dark' ? '#e7e7ea' : '#1b1b22');
  const muted = cssVar('--text-muted') || '#5f5f6b';
  const bg = cssVar('--bg') || (o.scheme === 'dark' ? '#16171a' : '#ffffff');
  const accent = cssVar('--accent') || '#5b5bd6';
  const edge = o.scheme === 'dark' ? 'rgba(190, 195, 210, 0.28)' : 'rgba(70, 75, 95, 0.28)';
  const edgeStrong = o.scheme === 'dark' ? 'rgba(220, 225, 240, 0.75)' : 'rgba(50, 55, 75, 0.7)';
  const sheet: cytoscape.StylesheetJson = [
    {
      selector: 'node',
      style: {
        width: 'data(size)',
        height: 'data(size)',
        'background-color': CATEGORY_STYLE.Other[o.scheme],
        'border-width': 1.5,
        'border-color': bg,
        'border-opacity': 0.9,
        label: 'data(label)',
        color: text,
        'font-family': UI_FONT_STACK,
        'font-size': o.fontScale ? () => 10 * o.fontScale!() : 10,
        'font-weight': 500,
        'text-valign': 'bottom',
        'text-halign': 'center',
        'text-margin-y': 3,
        'text-wrap': 'ellipsis',
        'text-max-width': o.fontScale ? () => `${Math.round(130 * o.fontScale!())}px` : '130px',
        'min-zoomed-font-size': o.big ? 9 : 6,
        'text-outline-color': bg,
        'text-outline-width': o.big ? 0 : 2,
        'text-outline-opacity': 0.9,
        'overlay-opacity': 0,
        'transition-property': 'none',
      },
    },
    ...CATEGORY_IDS.map((id) => ({
      selector: `node[category = "${id}"]`,
      style: { 'background-color': CATEGORY_STYLE[id][o.scheme], shape: CATEGORY_STYLE[id].shape },
    })),
    { selector: 'node[?hub]', style: { 'font-size': o.fontScale ? () => 13 * o.fontScale!() : 13, 'font-weight': 650, 'min-zoomed-font-size': 3, 'text-outline-width': 2.5 } },
    {
      selector: 'edge',
      style: {
        width: 1,
        'line-color': edge,
        'curve-style': o.huge ? 'haystack' : o.big ? 'straight' : 'bezier',
        'haystack-radius': 0,
        'target-arrow-shape': o.huge ? 'none' : 'triangle',
        'target-arrow-color': edge,
        'arrow-scale': 0.6,
        'overlay-opacity': 0,
        label: o.edgeLabels ? 'data(label)' : '',
        'font-size': 8.5,
        color: muted,
        'text-rotation': 'autorotate',
        'min-zoomed-font-size': 8,
        'text-background-color': bg,
        'text-background-opacity': 0.85,
        'text-background-padding': '1px',
      },
    },
    { selector: 'edge.labelled', style: { label: 'data(label)', 'min-zoomed-font-size': 6 } },
    {
      selector: 'edge.near',
      style: { 'line-color': edgeStrong, 'target-arrow-color': edgeStrong, width: 1.5, 'z-index': 5, 'curve-style': o.big ? 'straight' : 'bezier', 'target-arrow-shape': 'triangle' },
    },
    { selector: '.faded', style: { opacity: 0.16 } },
    { selector: 'node.expanded', style: { 'border-width': 3, 'border-style': 'double', 'border-color': text, 'border-opacity': 0.55 } },
    { selector: 'node:selected', style: { 'border-width': 3, 'border-color': accent, 'border-opacity': 1, 'z-index': 10 } },
    { selector: 'node.connect-source', style: { 'border-width': 3, 'border-style': 'dashed', 'border-color': accent, 'border-opacity': 1 } },
    { selector: 'node.search-hit', style: { 'underlay-color': accent, 'underlay-opacity': 0.25, 'underlay-padding': 6, 'underlay-shape': 'ellipse' } },
    { selector: 'node.label-hidden', style: { label: '' } },
    { selector: 'node.label-hidden:selected, node.label-hidden.search-hit', style: { label: 'data(label)', 'z-index': 20 } },
    { selector: '.hidden-category', style: { display: 'none' } },
  ];
  return sheet;
}

/** Node diameter from its degree: hubs stand out, leaves stay small. */
export function nodeSize(degree: number, many = false): number {
  return many ? Math.round(10 + Math.min(26, Math.sqrt(degree) * 3)) : Math.round(16 + Math.min(34, Math.sqrt(degree) * 4.2));
}
