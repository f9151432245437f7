// Which links may leave the workbench for the system browser: http(s) and mail only, parsed
// and written back by the URL parser (no javascript:, file:, app: or custom schemes). Checked
// in the renderer before a link is drawn and again in Electron's main process before
// shell.openExternal: the main process never trusts the page.
const ALLOWED = new Set(['http:', 'https:', 'mailto:']);

export function safeExternalUrl(href: unknown): string | null {
  if (typeof href !== 'string' || href.length === 0 || href.length > 4000) return null;
  let url: URL;
  try {
    url = new URL(href.trim());
  } catch {
    return null;
  }
  if (!ALLOWED.has(url.protocol)) return null;
  if (url.protocol !== 'mailto:' && !url.hostname) return null;
  // Credentials in a link are a phishing device; nothing Engram shows needs them.
  if (url.username || url.password) return null;
  return url.href;
}
