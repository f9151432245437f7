import { describe, expect, it } from 'vitest';
import { DiscGrid, freeSpot } from './free-spot';

const apart = (a: { x: number; y: number }, ra: number, b: { x: number; y: number }, rb: number) => Math.hypot(a.x - b.x, a.y - b.y) >= ra + rb;

describe('a free spot for a node brought into the view', () => {
  it('keeps the wanted place when nothing is there', () => {
    const grid = new DiscGrid();
    grid.add({ x: 0, y: 0, r: 20 });
    expect(freeSpot(grid, { x: 200, y: 0 }, 10)).toEqual({ x: 200, y: 0 });
  });

  it('moves off a node under the wanted place, to the nearest place clear of every node', () => {
    const grid = new DiscGrid();
    const placed = [{ x: 0, y: 0, r: 20 }, { x: 30, y: 0, r: 12 }, { x: 0, y: 35, r: 15 }];
    for (const d of placed) grid.add(d);
    const spot = freeSpot(grid, { x: 2, y: 1 }, 12);
    for (const d of placed) expect(apart(spot, 12, d, d.r)).toBe(true);
    expect(Math.hypot(spot.x - 2, spot.y - 1)).toBeLessThan(120);
  });

  it('takes the place it gives: nodes placed one after another do not cover each other', () => {
    const grid = new DiscGrid();
    grid.add({ x: 0, y: 0, r: 25 });
    const spots = Array.from({ length: 12 }, () => freeSpot(grid, { x: 0, y: 0 }, 10));
    for (let i = 0; i < spots.length; i++) {
      expect(apart(spots[i], 10, { x: 0, y: 0 }, 25)).toBe(true);
      for (let j = 0; j < i; j++) expect(apart(spots[i], 10, spots[j], 10)).toBe(true);
    }
  });

  it('finds the neighbours of a large node across cells', () => {
    const grid = new DiscGrid(10);
    grid.add({ x: 0, y: 0, r: 50 });
    expect(grid.collides(45, 0, 5)).toBe(true);
    expect(grid.collides(70, 0, 5)).toBe(false);
  });
});
