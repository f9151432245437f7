// Top bar: brand, memory selector, memory stats, running jobs and Import.
import { ExtractionMenu, SettingsButton } from '../extraction/ExtractionMenu';
import { useApp } from '../state/app-store';
import { Icon, Logo } from '../ui/icons';
import { JobIndicator } from './JobIndicator';
import { MemorySelector } from './MemorySelector';
import { StatsBar } from './StatsBar';

export function Header() {
  const setImportOpen = useApp((s) => s.setImportOpen);
  const hasData = useApp((s) => (s.stats?.messages ?? 0) > 0);
  return (
    <header className="app-header">
      <div className="brand">
        <Logo size={22} />
        <span>Engram</span>
      </div>
      <div className="header-sep" />
      <MemorySelector />
      {hasData && <StatsBar />}
      <span className="spacer" />
      <JobIndicator />
      {hasData && <ExtractionMenu />}
      <button className="btn" onClick={() => setImportOpen(true)} data-testid="open-import">
        <Icon name="upload" size={14} />
        Import
      </button>
      <SettingsButton />
    </header>
  );
}
