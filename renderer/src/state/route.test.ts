// The workbench route in the URL hash: tab, timeline selection, TTL target.
import { describe, expect, it } from 'vitest';
import { formatRoute, parseRoute } from './route';

describe('route', () => {
  it('round-trips tab, selection and target', () => {
    const routes = [
      { tab: 'messages', selection: null, ttlTarget: null },
      { tab: 'messages', selection: { kind: 'session', sessionId: 12 }, ttlTarget: null },
      { tab: 'sparql', selection: { kind: 'range', from: '2024-03-01T00:00:00', to: '2024-03-09T23:59:59' }, ttlTarget: null },
      { tab: 'ttl', selection: null, ttlTarget: { kind: 'entity', iri: 'https://engram.local/memory/post/a#b?c' } },
      { tab: 'ttl', selection: null, ttlTarget: { kind: 'graph', iri: 'https://engram.local/memory/graph/user' } },
    ] as const;
    for (const r of routes) expect(parseRoute(formatRoute(r))).toEqual(r);
  });

  it('ignores what it does not understand', () => {
    expect(parseRoute('')).toEqual({ tab: 'messages', selection: null, ttlTarget: null });
    expect(parseRoute('#/nope?session=abc').tab).toBe('messages');
    expect(parseRoute('#/messages?session=abc').selection).toBeNull();
    expect(parseRoute('#/messages?from=2024-01-02T00:00:00&to=2024-01-01T00:00:00').selection).toBeNull();
    expect(parseRoute('#/messages?from=yesterday&to=today').selection).toBeNull();
  });
});
