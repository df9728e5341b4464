import * as z from 'zod/mini';

/**
 * The contract is written with zod's "mini" build: the same validation, a fraction of the bytes in the web
 * app's first load (about 7 KB gzip instead of 24 KB). `described` attaches the field's meaning.
 */
export { z };

/**
 * Attaches the field's meaning to the schema itself, in zod's global registry (what `z.describe` does), without
 * zod's `.check(z.describe(…))`: that clones the schema — a second construction of every described field at module
 * load, a third of the contract's cost in the web app's boot (decision 079) — and leaves a no-op check that runs on
 * every parse. Validation is the same. Nothing reads the descriptions at run time; a schema described twice keeps the
 * last description (the contract describes fresh schemas).
 */
export function described<T extends z.ZodMiniType>(schema: T, description: string): T {
  z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), description });
  return schema;
}

/** A string of at most `max` characters. */
export function text(max: number, description: string) {
  return described(z.string().check(z.maxLength(max)), description);
}

/** An integer, optionally bounded. */
export function integer(description: string, bounds: { min?: number; max?: number } = {}) {
  const checks = [...(bounds.min === undefined ? [] : [z.minimum(bounds.min)]), ...(bounds.max === undefined ? [] : [z.maximum(bounds.max)])];
  return described(checks.length === 0 ? z.int() : z.int().check(...checks), description);
}
