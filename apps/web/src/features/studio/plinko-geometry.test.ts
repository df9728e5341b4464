import { describe, expect, it } from 'vitest';
import { plinkoBallPoints } from './plinko-geometry.ts';

const board = { width: 360, gap: 20, top: 24 };

describe('plinkoBallPoints', () => {
  it('ends over the bin counted by the rights in the path', () => {
    const path = [1, 1, 0, 1, 0, 1, 1, 1];
    const points = plinkoBallPoints(path, board);
    const bin = path.reduce((sum, step) => sum + step, 0);
    const binCentre = board.width / 2 + (bin - path.length / 2) * board.gap;
    expect(points).toHaveLength(path.length + 2);
    expect(points.at(-1)!.x).toBeCloseTo(binCentre, 9);
  });

  it('moves half a peg gap sideways and always downwards at each row', () => {
    const points = plinkoBallPoints([0, 1, 1, 0], board);
    for (let index = 1; index < points.length - 1; index += 1) {
      expect(Math.abs(points[index]!.x - points[index - 1]!.x)).toBeCloseTo(board.gap / 2, 9);
      expect(points[index]!.y).toBeGreaterThan(points[index - 1]!.y);
    }
  });
});
