// Messages between the Graph tab and its layout worker.
export interface LayoutRequest {
  id: number;
  name: 'force' | 'hierarchical' | 'concentric';
  nodes: { id: string; size: number }[];
  /** Edges as [source index, target index] into `nodes`. */
  edges: [number, number][];
}

export interface LayoutResponse {
  id: number;
  /** x, y of node i at [2i], [2i+1]. */
  positions?: Float64Array;
  /** False while a force layout is still settling (intermediate positions). */
  done: boolean;
  ms: number;
  engine: string;
  error?: string;
}
