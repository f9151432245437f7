// Opening a link outside the workbench: the desktop app asks its main process (the bridge's
// openExternal, which checks the URL again and calls shell.openExternal); a browser follows the
// link itself (target=_blank, rel=noopener noreferrer), and this returns false.
import { safeExternalUrl } from '../../../shared/transport/external-url';

export { safeExternalUrl };

/** True when the desktop app took the link (the caller then stops the browser's own navigation). */
export function openExternal(href: string): boolean {
  const url = safeExternalUrl(href);
  const bridge = typeof window !== 'undefined' ? window.engram : undefined;
  if (!url || !bridge?.openExternal) return false;
  void bridge.openExternal(url);
  return true;
}
