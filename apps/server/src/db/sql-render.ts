import { SQL, StringChunk } from 'drizzle-orm';

/** A statement's text with `$n` placeholders and its parameters, as the driver takes them. */
export interface RenderedQuery {
  sql: string;
  params: unknown[];
}

/**
 * Renders a raw `sql` template the way Drizzle's PostgreSQL dialect does (`dialect.sqlToQuery`), for the chunks raw
 * statements are made of: text, nested `sql` fragments, and plain values (strings, numbers, booleans, bigints, null,
 * Dates), each value a parameter `$1`, `$2`… in order. Anything else — a table, a column, a `Param` with its encoder, a
 * list, an inlined fragment — answers undefined and the caller renders the whole statement with Drizzle.
 *
 * Why: the money statements are large trees of fragments (the ledger's and safer play's CTEs), built on every call.
 * Drizzle walks each chunk through up to a dozen `is()` checks, most of them prototype-chain walks for a nested
 * fragment, and allocates a `{sql, params}` per chunk; that was ~10 % of a placement's CPU in the server (decision 088).
 * Here one pass with `instanceof` appends to one string and one array.
 */
export function sqlRender(query: SQL): RenderedQuery | undefined {
  if (inlined(query)) return undefined;
  const rendered: RenderedQuery = { sql: '', params: [] };
  return chunksAppend(query.queryChunks, rendered) ? rendered : undefined;
}

function chunksAppend(chunks: readonly unknown[], into: RenderedQuery): boolean {
  for (const chunk of chunks) {
    if (chunk instanceof StringChunk) {
      for (const part of chunk.value) into.sql += part;
    } else if (chunk instanceof SQL) {
      if (inlined(chunk) || !chunksAppend(chunk.queryChunks, into)) return false;
    } else if (chunk === undefined) {
      // Drizzle renders an undefined chunk as nothing.
    } else if (isPlainValue(chunk)) {
      into.params.push(chunk);
      into.sql += `$${into.params.length}`;
    } else {
      return false;
    }
  }
  return true;
}

/** A fragment marked `.inlineParams()`: its values are written into the text, which Drizzle does. */
function inlined(query: SQL): boolean {
  return (query as unknown as { shouldInlineParams: boolean }).shouldInlineParams;
}

/** A value Drizzle passes to the driver as it is: no entity, no wrapper with `getSQL`, not a list. */
function isPlainValue(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'bigint':
      return true;
    case 'object':
      return value === null || (value instanceof Date && Object.getPrototypeOf(value) === Date.prototype);
    default:
      return false;
  }
}
