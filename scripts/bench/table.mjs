/** Prints the bench rows as one aligned table. A row without a figure is a skipped or failed measurement. */

const COLUMNS = [
  ['name', 'measurement'],
  ['figure', 'figure'],
  ['unit', 'unit'],
  ['ceiling', 'ceiling'],
  ['ratio', 'ratio'],
  ['note', 'note'],
];

function figureText(value) {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'string') return value;
  return value >= 100 ? Math.round(value).toLocaleString('en-US') : value.toLocaleString('en-US', { maximumFractionDigits: 1 });
}

/** @param {{ name: string, figure?: number, unit?: string, ceiling?: string, ratio?: number, note?: string }[]} rows */
export function tablePrint(rows, write = (line) => process.stdout.write(`${line}\n`)) {
  const cells = rows.map((row) => ({
    name: row.name,
    figure: figureText(row.figure),
    unit: row.unit ?? '',
    ceiling: row.ceiling ?? '',
    ratio: row.ratio === undefined ? '' : `${row.ratio.toFixed(2)}×`,
    note: row.note ?? '',
  }));
  const widths = COLUMNS.map(([key, title]) => Math.max(title.length, ...cells.map((cell) => cell[key].length)));
  const line = (cell) =>
    COLUMNS.map(([key], index) => {
      const text = cell[key];
      // Numbers read best right-aligned; the note is last and left ragged.
      if (key === 'note') return text;
      return key === 'figure' || key === 'ratio' ? text.padStart(widths[index]) : text.padEnd(widths[index]);
    })
      .join('  ')
      .trimEnd();
  write(line(Object.fromEntries(COLUMNS.map(([key, title]) => [key, title]))));
  write(widths.map((width, index) => (COLUMNS[index][0] === 'note' ? '----' : '-'.repeat(width))).join('  '));
  for (const cell of cells) write(line(cell));
}
