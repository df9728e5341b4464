export type CalcOperator = '+' | '-' | '*' | '/';

function decimalsOf(value: number): number {
  const text = String(value);
  if (text.includes('e-')) return Number(text.split('e-')[1]) + (text.split('.')[1]?.split('e')[0]?.length ?? 0);
  return text.split('.')[1]?.length ?? 0;
}

/**
 * The number helper of spec §8: decimal-safe arithmetic on display numbers (0.1 + 0.2 is 0.3).
 * Division by zero and an operator it does not know throw, so a broken caller fails loudly.
 */
export function numberCalc(left: number, operator: string, right: number): number {
  if (!Number.isFinite(left) || !Number.isFinite(right)) throw new RangeError('numberCalc takes finite numbers');
  const scale = 10 ** Math.max(decimalsOf(left), decimalsOf(right));
  const a = Math.round(left * scale);
  const b = Math.round(right * scale);
  switch (operator) {
    case '+':
      return (a + b) / scale;
    case '-':
      return (a - b) / scale;
    case '*':
      return (a * b) / (scale * scale);
    case '/':
      if (b === 0) throw new RangeError('numberCalc: division by zero');
      return a / b;
    default:
      throw new TypeError(`numberCalc: unsupported operator "${operator}"`);
  }
}
