// First run: nothing imported yet. Offer the person's own exports, or the bundled demo memory.
import { runningJobs, useApp } from '../state/app-store';
import { Icon, Logo } from '../ui/icons';
import { DropZone } from './DropZone';
import { useImport } from './import-store';
import { JobList } from './JobList';

export function Welcome() {
  const importDemo = useImport((s) => s.importDemo);
  const demoStarting = useImport((s) => s.demoStarting);
  const busy = useApp((s) => runningJobs(s.jobs).length > 0);
  return (
    <div className="welcome" data-testid="welcome">
      <div className="welcome-inner">
        <div className="welcome-head">
          <Logo size={44} />
          <h1>Welcome to Engram</h1>
          <p className="muted">
            Engram turns your conversations with AI assistants into a memory you can browse, query and correct. Everything stays on
            this computer.
          </p>
        </div>
        <div className="welcome-cards">
          <section className="welcome-card">
            <h2>
              <Icon name="upload" size={16} /> Import your conversations
            </h2>
            <DropZone compact />
          </section>
          <section className="welcome-card">
            <h2>
              <Icon name="sparkles" size={16} /> Explore the demo memory
            </h2>
            <p className="muted">A few months of a fictional person's chats, ready to explore on the timeline, in Messages and with SPARQL.</p>
            <button className="btn primary large" onClick={() => void importDemo()} disabled={demoStarting || busy} data-testid="import-demo">
              {demoStarting ? <span className="spinner" /> : <Icon name="play" size={14} />}
              Open the demo memory
            </button>
          </section>
        </div>
        <JobList limit={4} />
      </div>
    </div>
  );
}
