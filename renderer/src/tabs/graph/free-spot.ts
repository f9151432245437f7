// Where a node brought into the view (an expansion, a node found again) can go without covering
// another: its wanted place, or the nearest free place on a spiral around it. Nodes drawn over
// one another hide one, and a click then goes to the node on top.

export interface Disc {
  x: number;
  y: number;
  r: number;
}

/** Space kept between two nodes' edges. */
const GAP = 6;
/** Places tried on the spiral before the wanted place is taken as it is (a very crowded view). */
const TRIES = 80;

/** Discs in square cells, so a place is tested against its neighbours only (views of thousands of nodes). */
export class DiscGrid {
  private readonly cells = new Map<string, Disc[]>();
  private largest = 0;

  constructor(private readonly cell = 64) {}

  add(d: Disc): void {
    const key = this.key(d.x, d.y);
    const list = this.cells.get(key);
    if (list) list.push(d);
    else this.cells.set(key, [d]);
    this.largest = Math.max(this.largest, d.r);
  }

  /** Does a disc at (x, y) of radius r come closer than GAP to any disc kept? */
  collides(x: number, y: number, r: number): boolean {
    const reach = Math.ceil((r + this.largest + GAP) / this.cell);
    const cx = Math.floor(x / this.cell);
    const cy = Math.floor(y / this.cell);
    for (let i = cx - reach; i <= cx + reach; i++) {
      for (let j = cy - reach; j <= cy + reach; j++) {
        for (const d of this.cells.get(`${i},${j}`) ?? []) if (Math.hypot(d.x - x, d.y - y) < d.r + r + GAP) return true;
      }
    }
    return false;
  }

  private key(x: number, y: number): string {
    return `${Math.floor(x / this.cell)},${Math.floor(y / this.cell)}`;
  }
}

/** The wanted place if it is free, else the first free place on a spiral out from it; the place is then taken. */
export function freeSpot(grid: DiscGrid, wanted: { x: number; y: number }, r: number): { x: number; y: number } {
  let spot = wanted;
  for (let k = 0; grid.collides(spot.x, spot.y, r); k++) {
    if (k === TRIES) {
      spot = wanted;
      break;
    }
    // a golden-angle spiral, about a node's width further out every few tries
    const a = (k + 1) * 2.39996;
    const d = (r + GAP) * Math.sqrt(k + 1) * 1.2;
    spot = { x: wanted.x + Math.cos(a) * d, y: wanted.y + Math.sin(a) * d };
  }
  grid.add({ ...spot, r });
  return spot;
}
