// The layout worker, one per page, started ahead of need: loading it (cytoscape, fcose, dagre,
// d3-force) takes a second or two, which would otherwise delay the first layout.
import LayoutWorker from './layout-worker?worker';

let worker: Worker | null = null;

export function layoutWorker(): Worker {
  worker ??= new LayoutWorker();
  return worker;
}

/** Starts the worker when the browser is idle (called once the workbench is up). */
export function warmLayoutWorker(): void {
  layoutWorker();
}
