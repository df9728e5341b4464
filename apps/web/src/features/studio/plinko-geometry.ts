/**
 * Where the Plinko ball is after each peg row for a left/right path: it starts above the middle and moves
 * half a peg gap left or right per row, ending over bin `sum(path)`. Pure so the renderer and the tests agree.
 */
export function plinkoBallPoints(path: readonly number[], board: { width: number; gap: number; top: number }): { x: number; y: number }[] {
  const rows = path.length;
  const rowHeight = board.gap * 0.9;
  const points = [{ x: board.width / 2, y: board.top - rowHeight }];
  let offset = 0;
  path.forEach((step, row) => {
    offset += step === 1 ? 0.5 : -0.5;
    points.push({ x: board.width / 2 + offset * board.gap, y: board.top + row * rowHeight + rowHeight * 0.55 });
  });
  points.push({ x: board.width / 2 + offset * board.gap, y: board.top + rows * rowHeight + 18 });
  return points;
}
