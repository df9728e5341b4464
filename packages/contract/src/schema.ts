import * as z from 'zod/mini';

/**
 * The contract is written with zod's "mini" build: the same validation, a fraction of the bytes in the web
 * app's first load (about 7 KB gzip instead of 24 KB). `described` attaches the field's meaning. Every module imports
 * it itself (`import * as z from 'zod/mini'`), never through the contract: a namespace a module exports is a whole
 * object to esbuild, which then bundles all of zod mini with every locale's messages (550 KB in the server's start,
 * decision 103).
 */

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

/**
 * A shared record built when a parse (or a schema around it) first needs it, not when its module loads. The web app's
 * first chunk imports a few contract modules, and building their records was two thirds of the chunk's evaluation, in
 * the boot's long task (decision 091; endpoints are built on first use since decision 079). It is zod's own `lazy`:
 * validation, issues and inferred types are the record's, and it is built once. A record whose `.shape` another
 * spreads keeps its fields in a function instead (`loginInfoShape`), which both call.
 */
// Calling it has no effect but the schema it answers: a bundle drops a record nothing uses (the web app's first chunk).
/* @__NO_SIDE_EFFECTS__ */
export function deferred<T extends z.ZodMiniType>(build: () => T): z.ZodMiniLazy<T> {
  return z.lazy(build);
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
