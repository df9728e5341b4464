/**
 * Whether two outcomes are the same, whatever the order of their object keys: the verify page compares
 * the stored outcome with the one it recomputed. Arrays keep their order (a reel window, a Plinko path),
 * except the set of mine positions, which only the board order defines.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort()
      .map((key) => {
        const field = key === 'minePositions' && Array.isArray(record[key]) ? [...(record[key] as number[])].sort((a, b) => a - b) : record[key];
        return `${JSON.stringify(key)}:${canonicalJson(field)}`;
      })
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

export function outcomeEqual(stored: unknown, recomputed: unknown): boolean {
  return canonicalJson(stored) === canonicalJson(recomputed);
}
