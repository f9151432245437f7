// Two-way binding between the app store's route and the URL hash.
import { useApp } from './app-store';
import { formatRoute, parseRoute } from './route';

export function startUrlSync(): () => void {
  const apply = () => {
    const route = parseRoute(window.location.hash);
    useApp.setState({
      tab: route.tab,
      selection: route.selection,
      ttlTarget: route.ttlTarget ?? useApp.getState().ttlTarget,
      entity: route.tab === 'entities' ? (route.entity ?? null) : useApp.getState().entity,
    });
  };
  apply();
  let last = window.location.hash;
  const unsubscribe = useApp.subscribe((s, prev) => {
    if (s.tab === prev.tab && s.selection === prev.selection && s.ttlTarget === prev.ttlTarget && s.entity === prev.entity) return;
    const hash = formatRoute({ tab: s.tab, selection: s.selection, ttlTarget: s.ttlTarget, entity: s.entity ?? undefined });
    if (hash === last) return;
    last = hash;
    const url = window.location.pathname + window.location.search + hash;
    // A new tab, TTL target or entity is a step Back can undo; selection changes replace the entry.
    if (s.tab !== prev.tab || s.ttlTarget !== prev.ttlTarget || s.entity !== prev.entity) window.history.pushState(null, '', url);
    else window.history.replaceState(null, '', url);
  });
  const onPop = () => {
    last = window.location.hash;
    apply();
  };
  window.addEventListener('popstate', onPop);
  return () => {
    unsubscribe();
    window.removeEventListener('popstate', onPop);
  };
}
