import { describe, expect, it } from 'vitest';
import { COMMON_PARAM_NAMES, commonParamsSchema, commonTimestampSchema } from './common-params.ts';
import * as contract from './index.ts';
import { deferred } from './schema.ts';
import * as z from 'zod/mini';

interface LazyInternals {
  _zod: { def: { type: string; _cachedInner?: unknown } };
}

function isSchema(value: unknown): value is LazyInternals {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

describe('records built on first use (decision 091)', () => {
  it('builds a deferred record at its first parse, once, and validates as the record itself', () => {
    let builds = 0;
    const record = deferred(() => {
      builds += 1;
      return z.object({ id: z.int(), name: z.optional(z.string()) });
    });
    const around = z.object({ list: z.array(record) });
    expect(builds).toBe(0);
    expect(around.parse({ list: [{ id: 1 }, { id: 2, name: 'x' }] })).toEqual({ list: [{ id: 1 }, { id: 2, name: 'x' }] });
    const refused = around.safeParse({ list: [{ id: 'one' }] });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.path).toEqual(['list', 0, 'id']);
    expect(record.safeParse({ id: 3 }).success).toBe(true);
    expect(builds).toBe(1);
  });

  it('builds none of the records the contract exports when its modules load (a page evaluates them all)', () => {
    const records = Object.entries(contract as Record<string, unknown>)
      .filter((entry): entry is [string, LazyInternals] => isSchema(entry[1]))
      .map(([name, schema]) => ({ name, type: schema._zod.def.type, built: schema._zod.def._cachedInner !== undefined }));
    expect(records.length).toBeGreaterThan(100);
    expect(records.filter((record) => record.type !== 'lazy' || record.built)).toEqual([]);
  });

  it('names every common parameter, in the order of the schema, without building it', () => {
    expect((commonParamsSchema._zod.def as LazyInternals['_zod']['def'])._cachedInner).toBeUndefined();
    const shape = (commonParamsSchema._zod.innerType as z.ZodMiniObject)._zod.def.shape;
    expect(COMMON_PARAM_NAMES).toEqual(Object.keys(shape));
  });

  it('checks the client timestamp alone as the common parameters check it', () => {
    for (const value of ['1733000000000', '', 'x'.repeat(32), 'x'.repeat(33), 17, undefined]) {
      expect(commonTimestampSchema.safeParse(value).success).toBe(commonParamsSchema.safeParse({ _t: value }).success);
    }
    expect(commonTimestampSchema.safeParse('x'.repeat(33)).success).toBe(false);
  });
});
