// The native menu bar, built as a plain template so that a test can check it without Electron.
import type { MenuItemConstructorOptions } from 'electron';
import type { WorkbenchTab } from '../../shared/transport/bridge';

export interface MenuActions {
  importFiles(): void;
  exportGraph(): void;
  openTab(tab: WorkbenchTab): void;
  openDataFolder(): void;
  showShortcuts(): void;
  openSettings(): void;
  about(): void;
}

export const TAB_MENU: { tab: WorkbenchTab; label: string }[] = [
  { tab: 'graph', label: 'Graph' },
  { tab: 'entities', label: 'Entities' },
  { tab: 'ttl', label: 'TTL' },
  { tab: 'sparql', label: 'SPARQL' },
  { tab: 'ask', label: 'Ask' },
  { tab: 'messages', label: 'Messages' },
];

export function buildMenuTemplate(
  actions: MenuActions,
  opts: { platform: string; appName: string; isDev: boolean },
): MenuItemConstructorOptions[] {
  const mac = opts.platform === 'darwin';
  const template: MenuItemConstructorOptions[] = [];
  if (mac) {
    template.push({
      label: opts.appName,
      submenu: [
        { label: `About ${opts.appName}`, click: () => actions.about() },
        { type: 'separator' },
        { role: 'services' },
        { type: 'separator' },
        { role: 'hide' },
        { role: 'hideOthers' },
        { role: 'unhide' },
        { type: 'separator' },
        { role: 'quit' },
      ],
    });
  }
  template.push({
    label: 'File',
    submenu: [
      { id: 'import', label: 'Import…', accelerator: 'CmdOrCtrl+O', click: () => actions.importFiles() },
      { id: 'export-graph', label: 'Export graph…', accelerator: 'CmdOrCtrl+Shift+E', click: () => actions.exportGraph() },
      { type: 'separator' },
      { id: 'open-data-folder', label: 'Show data folder', click: () => actions.openDataFolder() },
      { id: 'settings', label: 'Settings…', accelerator: 'CmdOrCtrl+,', click: () => actions.openSettings() },
      { type: 'separator' },
      mac ? { role: 'close' } : { role: 'quit' },
    ],
  });
  template.push({ role: 'editMenu' });
  template.push({
    label: 'View',
    submenu: [
      ...TAB_MENU.map(
        ({ tab, label }, i): MenuItemConstructorOptions => ({
          id: `tab-${tab}`,
          label,
          accelerator: `CmdOrCtrl+${i + 1}`,
          click: () => actions.openTab(tab),
        }),
      ),
      { type: 'separator' },
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
      ...(opts.isDev ? ([{ type: 'separator' }, { role: 'reload' }, { role: 'toggleDevTools' }] as MenuItemConstructorOptions[]) : []),
    ],
  });
  template.push({ role: 'windowMenu' });
  template.push({
    role: 'help',
    submenu: [
      { id: 'shortcuts', label: 'Keyboard shortcuts', accelerator: 'CmdOrCtrl+/', click: () => actions.showShortcuts() },
      { id: 'show-data', label: 'Show data folder', click: () => actions.openDataFolder() },
      ...(mac ? [] : ([{ type: 'separator' }, { label: `About ${opts.appName}`, click: () => actions.about() }] as MenuItemConstructorOptions[])),
    ],
  });
  return template;
}
