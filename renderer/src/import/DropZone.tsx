// Drop files here or pick them: both end in importUpload, in the desktop app and the browser.
import { useRef, useState } from 'react';
import { Icon } from '../ui/icons';
import { useImport } from './import-store';

export const ACCEPTED_FILES = '.json,.jsonl,.ndjson,.csv,.zip,.txt,.md,.markdown,.html';

export function DropZone(props: { compact?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const uploadFiles = useImport((s) => s.uploadFiles);
  const sending = useImport((s) => s.sending);
  return (
    <div
      className={`dropzone ${over ? 'over' : ''} ${props.compact ? 'compact' : ''}`}
      onDragOver={(e) => {
        e.preventDefault();
        e.stopPropagation();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        e.stopPropagation();
        setOver(false);
        const files = Array.from(e.dataTransfer.files);
        if (files.length) void uploadFiles(files);
      }}
      data-testid="dropzone"
    >
      <div className="dropzone-icon">
        <Icon name="upload" size={20} />
      </div>
      <div>
        <div className="dropzone-title">Drop conversation exports here</div>
        <div className="muted" style={{ fontSize: 12 }}>
          ChatGPT, Claude, Gemini, Grok, DeepSeek, Open WebUI, LibreChat, SillyTavern, chatbot-ui exports, Markdown transcripts, or your own JSON, JSONL and CSV
        </div>
      </div>
      <button className="btn" onClick={() => input.current?.click()} disabled={sending.length > 0}>
        {sending.length > 0 ? <span className="spinner" /> : <Icon name="folder" size={14} />}
        {sending.length > 0 ? `Sending ${sending[0]}…` : 'Choose files…'}
      </button>
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPTED_FILES}
        hidden
        data-testid="import-file-input"
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = '';
          if (files.length) void uploadFiles(files);
        }}
      />
    </div>
  );
}
