// Files dragged anywhere over the window can be dropped to import them.
import { useEffect, useState } from 'react';
import { Icon } from '../ui/icons';
import { useImport } from './import-store';

export function WindowDrop() {
  const [active, setActive] = useState(false);
  const uploadFiles = useImport((s) => s.uploadFiles);
  useEffect(() => {
    let depth = 0;
    const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files');
    const enter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth++;
      setActive(true);
    };
    const leave = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setActive(false);
    };
    const over = (e: DragEvent) => {
      if (hasFiles(e)) e.preventDefault();
    };
    const drop = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      // Never let the browser navigate to a dropped file.
      e.preventDefault();
      depth = 0;
      setActive(false);
      const files = Array.from(e.dataTransfer?.files ?? []);
      if (files.length) void uploadFiles(files);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragleave', leave);
    window.addEventListener('dragover', over);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
    };
  }, [uploadFiles]);
  if (!active) return null;
  return (
    <div className="window-drop">
      <div>
        <Icon name="upload" size={28} />
        <div>Drop to import</div>
      </div>
    </div>
  );
}
