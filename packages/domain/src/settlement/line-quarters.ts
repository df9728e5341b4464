/**
 * Handicap and total lines as integer quarters (−0.75 → −3, 2.5 → 10), so settlement compares integers and a
 * quarter line is simply an odd number of quarters.
 */
export type LineQuarters = number & { readonly __brand: 'LineQuarters' };

export function lineQuarters(value: number): LineQuarters {
  if (!Number.isSafeInteger(value)) throw new RangeError(`a line in quarters must be an integer, got ${value}`);
  return value as LineQuarters;
}

const DECIMAL = String.raw`\d+(?:\.\d{1,2})?`;
const LINE_TEXT = new RegExp(`^([+\\-\u2212]?)(${DECIMAL})(?:/(${DECIMAL}))?$`);

/**
 * Reads a feed line `li`: a decimal ("2.5", "-0.75", "+1") or the split Asian form ("0.5/1" = 0.75,
 * "-1/1.5" = −1.25), whose sign applies to both halves. A split must be two lines half a goal apart.
 */
export function lineQuartersParse(text: string): { ok: true; lineQuarters: LineQuarters } | { ok: false; code: 'LINE_INVALID' } {
  const match = LINE_TEXT.exec(text.trim());
  if (!match) return { ok: false, code: 'LINE_INVALID' };
  const sign = match[1] === '-' || match[1] === '\u2212' ? -1 : 1;
  const first = quartersOf(match[2] ?? '');
  if (first === null) return { ok: false, code: 'LINE_INVALID' };
  if (match[3] === undefined) return { ok: true, lineQuarters: lineQuarters(sign * first + 0) };
  const second = quartersOf(match[3]);
  // Each half of a split line is a whole or half line (an even number of quarters), half a goal from the other.
  if (second === null || first % 2 !== 0 || second % 2 !== 0 || Math.abs(second - first) !== 2) return { ok: false, code: 'LINE_INVALID' };
  return { ok: true, lineQuarters: lineQuarters(sign * ((first + second) / 2) + 0) };
}

/** "1.75" → 7; null when the text is not a whole number of quarters. Works on the digits, never on floats. */
function quartersOf(text: string): number | null {
  const [whole = '', fraction = ''] = text.split('.');
  const hundredths = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (hundredths % 25 !== 0) return null;
  return hundredths / 25;
}
