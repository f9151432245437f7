// The workbench: header, timeline, tabs, status bar; the first-run screen while the memory is empty.
import { lazy, Suspense, useEffect, useState } from 'react';
import { connection } from './api/connection';
import { Header } from './header/Header';
import { ImportDialog } from './import/ImportDialog';
import { Welcome } from './import/Welcome';
import { WindowDrop } from './import/WindowDrop';
import { ExtractionRoot } from './extraction/ExtractionRoot';
import { useExtraction } from './extraction/extraction-store';
import { ShortcutsDialog, useGlobalKeys } from './Shortcuts';
import { StatusBar } from './StatusBar';
import { useApp } from './state/app-store';
import { afterFirstScreen, firstScreenShown } from './state/first-screen';
import { startMemorySync } from './state/memory';
import { startIntegrityCheck } from './state/integrity';
import type { TabId } from './state/route';
import { startUrlSync } from './state/url-sync';
import { useMessages } from './tabs/messages/messages-store';
import { MessagesTab } from './tabs/messages/MessagesTab';
import { TabBar } from './tabs/TabBar';
import { Timeline } from './timeline/Timeline';
import { EmptyState } from './ui/EmptyState';
import { Toasts } from './ui/Toasts';

// The editor tabs carry Monaco: loaded when first opened, not at start.
const SparqlTab = lazy(() => import('./tabs/sparql/SparqlTab').then((m) => ({ default: m.SparqlTab })));
const TtlTab = lazy(() => import('./tabs/ttl/TtlTab').then((m) => ({ default: m.TtlTab })));
// The graph and entity tabs carry cytoscape and the editors: loaded when first opened.
const GraphTab = lazy(() => import('./tabs/graph/GraphTab').then((m) => ({ default: m.GraphTab })));
const EntitiesTab = lazy(() => import('./tabs/entities/EntitiesTab').then((m) => ({ default: m.EntitiesTab })));
// Ask shows generated SPARQL in Monaco: loaded when first opened.
const AskTab = lazy(() => import('./tabs/ask/AskTab').then((m) => ({ default: m.AskTab })));

export function App() {
  const tab = useApp((s) => s.tab);
  const memoryLoaded = useApp((s) => s.memoryLoaded);
  const isEmpty = useApp((s) => (s.stats?.messages ?? 0) === 0 && s.sources.length === 0);
  const importOpen = useApp((s) => s.importOpen);
  const shortcutsOpen = useApp((s) => s.shortcutsOpen);
  const unreachable = useApp((s) => (s.memoryLoaded && !s.stats ? s.memoryError : null));

  useEffect(() => {
    const stopUrl = startUrlSync();
    const stopMemory = startMemorySync();
    const stopIntegrity = startIntegrityCheck();
    const stopMenu = connection().onMenu((cmd) => {
      const app = useApp.getState();
      if (cmd.command === 'open-tab') app.setTab(cmd.tab);
      if (cmd.command === 'open-import') app.setImportOpen(true);
      if (cmd.command === 'show-shortcuts') app.setShortcutsOpen(true);
      if (cmd.command === 'open-settings') useExtraction.getState().setSettingsOpen(true);
      if (cmd.command === 'notice') app.notify({ tone: cmd.tone ?? (/failed/i.test(cmd.message) ? 'error' : 'success'), text: cmd.message });
    });
    return () => {
      stopUrl();
      stopMemory();
      stopIntegrity();
      stopMenu();
    };
  }, []);
  useGlobalKeys();
  // The Graph tab's layout worker takes a moment to load: start it once the first screen is up.
  useEffect(() => afterFirstScreen(() => void import('./tabs/graph/layout-pool').then((m) => m.warmLayoutWorker())), []);

  // Tabs stay mounted once visited, so an editor keeps its cursor and scroll position.
  const [visited, setVisited] = useState<Set<TabId>>(() => new Set([tab]));
  useEffect(() => setVisited((v) => (v.has(tab) ? v : new Set(v).add(tab))), [tab]);

  const firstRun = memoryLoaded && isEmpty && !unreachable;
  // The first screen is up once the memory is known and the tab shown has its first rows (the
  // Messages tab's first page; other tabs load their own content once drawn).
  const messagesSettled = useMessages((s) => s.total !== null || s.error !== null);
  const firstScreen = memoryLoaded && (firstRun || unreachable !== null || tab !== 'messages' || messagesSettled);
  useEffect(() => {
    if (firstScreen) firstScreenShown();
  }, [firstScreen]);
  return (
    <div className="app" data-ready={memoryLoaded ? 'true' : 'false'}>
      <Header />
      {firstRun || unreachable ? null : <Timeline />}
      {/* (the tabs appear with the memory: the timeline above them takes its final height then) */}
      {firstRun || unreachable || !memoryLoaded ? null : <TabBar />}
      <main className="app-main">
        {!memoryLoaded ? (
          <div className="empty-state">
            <span className="spinner" />
          </div>
        ) : unreachable ? (
          <EmptyState icon="alert" title="Engram cannot open your memory" testId="unreachable">
            <p>{unreachable}</p>
          </EmptyState>
        ) : firstRun ? (
          <Welcome />
        ) : (
          <Suspense
            fallback={
              <div className="empty-state">
                <span className="spinner" />
              </div>
            }
          >
            {[...visited].map((id) => (
              <div key={id} className="tab-host" hidden={id !== tab} role="tabpanel">
                <TabContent id={id} />
              </div>
            ))}
          </Suspense>
        )}
      </main>
      <StatusBar />
      {importOpen && <ImportDialog />}
      {shortcutsOpen && <ShortcutsDialog />}
      <ExtractionRoot />
      <WindowDrop />
      <Toasts />
    </div>
  );
}

function TabContent({ id }: { id: TabId }) {
  switch (id) {
    case 'messages':
      return <MessagesTab />;
    case 'sparql':
      return <SparqlTab />;
    case 'ttl':
      return <TtlTab />;
    case 'graph':
      return <GraphTab />;
    case 'entities':
      return <EntitiesTab />;
    case 'ask':
      return <AskTab />;
  }
}
