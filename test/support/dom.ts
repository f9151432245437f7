// For the workbench's component tests (files beside the renderer code that run under
// `// @vitest-environment happy-dom`): unmount after each test, give elements a layout size
// (happy-dom lays nothing out, and virtualized lists and the timeline draw only what fits), and
// stand in for the engine behind `window.engram` with the preload bridge's envelopes.
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { ApiError, apiMethodNames, type ApiMethod } from '../../shared/api';
import type { BridgeEvent, EngramBridge } from '../../shared/transport/bridge';
import { describeError } from '../../shared/transport/dispatch';

afterEach(() => cleanup());

/**
 * Every element measures `width` × `height` at the page's top left; a ResizeObserver reports
 * that size as soon as it observes. Returns the function that undoes it.
 */
export function giveLayout({ width, height }: { width: number; height: number }): () => void {
  const proto = HTMLElement.prototype;
  const sizes: Record<string, number> = { clientWidth: width, clientHeight: height, offsetWidth: width, offsetHeight: height };
  const saved = Object.keys(sizes).map((key) => [key, Object.getOwnPropertyDescriptor(proto, key)] as const);
  for (const [key, value] of Object.entries(sizes)) Object.defineProperty(proto, key, { configurable: true, get: () => value });
  const savedRect = Element.prototype.getBoundingClientRect;
  Element.prototype.getBoundingClientRect = () => ({ x: 0, y: 0, left: 0, top: 0, width, height, right: width, bottom: height, toJSON: () => ({}) }) as DOMRect;
  const savedObserver = globalThis.ResizeObserver;
  class SizedResizeObserver {
    constructor(private readonly callback: ResizeObserverCallback) {}
    observe(target: Element) {
      const contentRect = { x: 0, y: 0, left: 0, top: 0, width, height, right: width, bottom: height } as DOMRectReadOnly;
      this.callback([{ target, contentRect } as ResizeObserverEntry], this as unknown as ResizeObserver);
    }
    unobserve() {}
    disconnect() {}
  }
  globalThis.ResizeObserver = SizedResizeObserver as unknown as typeof ResizeObserver;
  // SVG at the top left too: d3's pointer() maps client coordinates through the screen CTM,
  // which happy-dom leaves unimplemented (its points cannot be transformed).
  const svgProto = SVGSVGElement.prototype as unknown as Record<string, unknown>;
  const graphicsProto = SVGGraphicsElement.prototype as unknown as Record<string, unknown>;
  const savedPoint = svgProto.createSVGPoint;
  const savedCtm = graphicsProto.getScreenCTM;
  const identity = { a: 1, b: 0, c: 0, d: 1, e: 0, f: 0, inverse: () => identity };
  svgProto.createSVGPoint = () => ({
    x: 0,
    y: 0,
    matrixTransform(m: typeof identity) {
      return { x: m.a * this.x + m.c * this.y + m.e, y: m.b * this.x + m.d * this.y + m.f };
    },
  });
  graphicsProto.getScreenCTM = () => identity;
  return () => {
    svgProto.createSVGPoint = savedPoint;
    graphicsProto.getScreenCTM = savedCtm;
    for (const [key, descriptor] of saved) {
      if (descriptor) Object.defineProperty(proto, key, descriptor);
      else delete (proto as unknown as Record<string, unknown>)[key];
    }
    Element.prototype.getBoundingClientRect = savedRect;
    globalThis.ResizeObserver = savedObserver;
  };
}

type Handler = (args: never) => unknown;

/**
 * A stand-in for the desktop preload: `window.engram` answers each API call from `handlers`
 * (an ApiError for the rest), records the calls, and lets the test push engine events.
 */
export function fakeEngram(handlers: Partial<Record<ApiMethod, Handler>> = {}) {
  const calls: { method: ApiMethod; args: unknown }[] = [];
  const listeners = new Set<(e: BridgeEvent) => void>();
  const bridge: Record<string, unknown> = {};
  for (const method of apiMethodNames) {
    bridge[method] = async (args: unknown) => {
      calls.push({ method, args });
      try {
        const handler = handlers[method];
        if (!handler) throw new ApiError('unavailable', `${method} is not answered in this test`);
        return { ok: true, result: await handler(args as never) };
      } catch (err) {
        return { ok: false, error: describeError(err) };
      }
    };
  }
  bridge.onEvent = (listener: (e: BridgeEvent) => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  (window as unknown as { engram: EngramBridge }).engram = bridge as EngramBridge;
  return { calls, handlers, emit: (e: BridgeEvent) => listeners.forEach((l) => l(e)) };
}

/** A wheel event at `clientX` (happy-dom's WheelEvent drops the mouse fields it is given). */
export function wheelAt(target: Element, init: { deltaY: number; deltaX?: number; shiftKey?: boolean; clientX: number; clientY?: number }): void {
  const event = new WheelEvent('wheel', { bubbles: true, cancelable: true, deltaY: init.deltaY, deltaX: init.deltaX ?? 0 });
  const fields = { clientX: init.clientX, clientY: init.clientY ?? 0, shiftKey: init.shiftKey ?? false, deltaX: init.deltaX ?? 0, deltaY: init.deltaY };
  for (const [key, value] of Object.entries(fields)) Object.defineProperty(event, key, { value });
  target.dispatchEvent(event);
}
