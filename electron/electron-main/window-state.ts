// Window position and size, remembered in <data>/window-state.json. No `electron` import.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export interface WindowState {
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized: boolean;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const DEFAULT_WINDOW_STATE: WindowState = { width: 1440, height: 900, maximized: false };
export const MIN_WINDOW_SIZE = { width: 960, height: 600 };

export function readWindowState(file: string): WindowState {
  try {
    const raw = JSON.parse(readFileSync(file, 'utf8')) as Partial<WindowState>;
    const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? Math.round(v) : undefined);
    const width = num(raw.width);
    const height = num(raw.height);
    if (!width || !height) return { ...DEFAULT_WINDOW_STATE };
    return {
      x: num(raw.x),
      y: num(raw.y),
      width: Math.max(MIN_WINDOW_SIZE.width, width),
      height: Math.max(MIN_WINDOW_SIZE.height, height),
      maximized: raw.maximized === true,
    };
  } catch {
    return { ...DEFAULT_WINDOW_STATE };
  }
}

export function writeWindowState(file: string, state: WindowState): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.tmp`;
  writeFileSync(tmp, JSON.stringify(state, null, 2));
  renameSync(tmp, file); // atomic: a crash never leaves half a file
}

/**
 * Keeps a remembered window on screen: if its title bar is not on any display any more
 * (monitor unplugged), it is centred on the primary work area instead, and never larger.
 */
export function fitToDisplays(state: WindowState, workAreas: Rect[]): WindowState {
  const primary = workAreas[0];
  if (!primary) return state;
  const width = Math.min(state.width, primary.width);
  const height = Math.min(state.height, primary.height);
  if (state.x !== undefined && state.y !== undefined) {
    const titleBar = { x: state.x + 40, y: state.y + 10 };
    const visible = workAreas.some(
      (a) => titleBar.x >= a.x && titleBar.x < a.x + a.width && titleBar.y >= a.y && titleBar.y < a.y + a.height,
    );
    if (visible) return { ...state, width: Math.min(state.width, Math.max(...workAreas.map((a) => a.width))), height: Math.min(state.height, Math.max(...workAreas.map((a) => a.height))) };
  }
  return {
    ...state,
    width,
    height,
    x: Math.round(primary.x + (primary.width - width) / 2),
    y: Math.round(primary.y + (primary.height - height) / 2),
  };
}
