/**
 * Which rows of a virtualised grid to draw: the ones inside the viewport plus `overscan` rows either side.
 * Everything is in page pixels; the grid starts `gridTop` below the top of the page.
 */
export function gridWindow(input: { scrollY: number; viewportHeight: number; gridTop: number; rowHeight: number; rowCount: number; overscan: number }): {
  first: number;
  last: number;
} {
  const { scrollY, viewportHeight, gridTop, rowHeight, rowCount, overscan } = input;
  if (rowCount === 0 || rowHeight <= 0) return { first: 0, last: -1 };
  const top = scrollY - gridTop;
  const first = Math.max(0, Math.floor(top / rowHeight) - overscan);
  const last = Math.min(rowCount - 1, Math.floor((top + viewportHeight) / rowHeight) + overscan);
  return { first: Math.min(first, rowCount - 1), last: Math.max(last, -1) };
}

/** Columns for a grid `width` wide: three on a phone, more as room allows, each card at least `minCardPx`. */
export function gridColumns(width: number, minCardPx = 104, gapPx = 10): number {
  return Math.max(3, Math.floor((width + gapPx) / (minCardPx + gapPx)));
}
