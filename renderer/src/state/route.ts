// The workbench route in the URL hash: tab, time selection and the TTL tab's target, so that a
// view can be reloaded, bookmarked or reached by Back. Pure functions, tested in test/serve.
export const TABS = ['graph', 'entities', 'ttl', 'sparql', 'ask', 'messages'] as const;
export type TabId = (typeof TABS)[number];

export type TimeSelection =
  | { kind: 'session'; sessionId: number }
  /** Inclusive wall-clock bounds 'YYYY-MM-DDTHH:MM:SS'. */
  | { kind: 'range'; from: string; to: string };

export type TtlTarget = { kind: 'graph'; iri: string } | { kind: 'entity'; iri: string };

export interface Route {
  tab: TabId;
  selection: TimeSelection | null;
  ttlTarget: TtlTarget | null;
  /** The Entities tab's selected entity (`#/entities?entity=IRI`); only on that tab. */
  entity?: string;
}

const WALL_CLOCK = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

export function parseRoute(hash: string): Route {
  const body = hash.replace(/^#\/?/, '');
  const [path, query = ''] = body.split('?');
  const params = new URLSearchParams(query);
  const tab = (TABS as readonly string[]).includes(path) ? (path as TabId) : 'messages';
  let selection: TimeSelection | null = null;
  const session = params.get('session');
  const from = params.get('from');
  const to = params.get('to');
  if (session && /^\d+$/.test(session)) selection = { kind: 'session', sessionId: Number(session) };
  else if (from && to && WALL_CLOCK.test(from) && WALL_CLOCK.test(to) && from <= to) selection = { kind: 'range', from, to };
  let ttlTarget: TtlTarget | null = null;
  const entity = params.get('entity');
  const graph = params.get('graph');
  if (entity && tab !== 'entities') ttlTarget = { kind: 'entity', iri: entity };
  else if (graph) ttlTarget = { kind: 'graph', iri: graph };
  return { tab, selection, ttlTarget, ...(tab === 'entities' && entity ? { entity } : {}) };
}

export function formatRoute(route: Route): string {
  const params = new URLSearchParams();
  if (route.selection?.kind === 'session') params.set('session', String(route.selection.sessionId));
  if (route.selection?.kind === 'range') {
    params.set('from', route.selection.from);
    params.set('to', route.selection.to);
  }
  if (route.tab === 'ttl' && route.ttlTarget) params.set(route.ttlTarget.kind, route.ttlTarget.iri);
  if (route.tab === 'entities' && route.entity) params.set('entity', route.entity);
  const query = params.toString();
  return `#/${route.tab}${query ? `?${query}` : ''}`;
}
