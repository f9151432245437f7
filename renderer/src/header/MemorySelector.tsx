// The memory selector: which memory this is (its sources), and the way to manage them.
import { connection } from '../api/connection';
import { useApp } from '../state/app-store';
import { formatCompact, formatRange, nounFor, plural } from '../ui/format';
import { Icon } from '../ui/icons';
import { PopoverButton } from '../ui/Popover';

export function MemorySelector() {
  const sources = useApp((s) => s.sources);
  const setImportOpen = useApp((s) => s.setImportOpen);
  const info = useApp((s) => s.memoryInfo);
  const transport = connection().transport;
  const folder = info ? info.dataDir.split(/[\\/]/).filter(Boolean).pop() : null;
  return (
    <PopoverButton
      width={340}
      button={(open, toggle) => (
        <button className={`btn ghost ${open ? 'active' : ''}`} onClick={toggle} data-testid="memory-selector" style={{ color: 'var(--text)' }}>
          <Icon name="database" size={14} />
          <span title={info?.dataDir}>{folder ?? 'My memory'}</span>
          <span className="faint">· {plural(sources.length, 'source')}</span>
          <Icon name="chevronDown" size={13} />
        </button>
      )}
    >
      {(close) => (
        <div>
          {info && (
            <>
              <div className="menu-label">Data folder</div>
              <div className="menu-item" style={{ cursor: 'default' }} data-testid="data-folder">
                <Icon name="folder" size={14} />
                <span className="mono truncate" title={info.dataDir} style={{ fontSize: 11.5 }}>
                  {info.dataDir}
                </span>
              </div>
            </>
          )}
          <div className="menu-label">Sources</div>
          {sources.length === 0 && <div className="menu-item muted">No sources yet</div>}
          <div style={{ maxHeight: 320, overflow: 'auto' }}>
          {sources.map((s) => (
            <div key={s.id} className="menu-item" style={{ cursor: 'default' }} title={s.path ?? s.name}>
              <Icon name="file" size={14} />
              <div style={{ minWidth: 0, flex: 1 }}>
                <div className="truncate">{s.name}</div>
                <div className="faint" style={{ fontSize: 11.5 }}>
                  {s.format} · {formatCompact(s.messages)} {nounFor(s.messages, 'message')} · {formatRange(s.firstAt, s.lastAt)}
                </div>
              </div>
            </div>
          ))}
          </div>
          <div style={{ height: 1, background: 'var(--border)', margin: '4px 0' }} />
          <button
            className="menu-item"
            onClick={() => {
              close();
              setImportOpen(true);
            }}
          >
            <Icon name="upload" size={14} /> Import or manage sources…
          </button>
          <div className="menu-item faint" style={{ cursor: 'default', fontSize: 11.5 }}>
            <Icon name={transport === 'desktop' ? 'layers' : 'graph'} size={14} />
            {transport === 'desktop' ? 'Desktop app' : 'Browser · served from this computer only'}
            {info ? ` · Engram ${info.version}` : ''}
          </div>
        </div>
      )}
    </PopoverButton>
  );
}
