// Sandboxed preload: exposes `window.engram` (the typed API + onEvent) and nothing else.
// No Node API reaches the page; main validates every call again.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { API_CHANNEL, EVENT_CHANNEL, OPEN_EXTERNAL_CHANNEL } from '../electron-main/security';
import type { BridgeEvent } from '../../shared/transport/bridge';
import { createBridge } from './bridge';

const bridge = createBridge(
  (method, args) => ipcRenderer.invoke(API_CHANNEL, method, args),
  (listener) => {
    const handler = (_event: IpcRendererEvent, payload: BridgeEvent) => listener(payload);
    ipcRenderer.on(EVENT_CHANNEL, handler);
    return () => {
      ipcRenderer.removeListener(EVENT_CHANNEL, handler);
    };
  },
  (url) => ipcRenderer.invoke(OPEN_EXTERNAL_CHANNEL, url) as Promise<boolean>,
);

contextBridge.exposeInMainWorld('engram', bridge);
