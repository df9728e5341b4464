import fc from 'fast-check';
import { SQL, sql, StringChunk } from 'drizzle-orm';
import { bigint, integer, PgDialect, pgTable, text } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { sqlRender } from './sql-render.ts';

const dialect = new PgDialect();
const drizzleRendered = (query: SQL) => {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { sql: text, params };
};

describe('sqlRender', () => {
  it('renders nested fragments and plain values as Drizzle does: the same text, the same $n, the same values in order', () => {
    const at = new Date('2026-12-01T10:00:00Z');
    const live = sql`select 1 from sessions s where s.id = ${42} and s.expires_at > ${at}`;
    const guard = sql`, g as (select ${"it's"}::text as note, ${null}::text as none, ${true} as yes, ${12n}::bigint as big)`;
    const statements = [
      sql`select 1`,
      sql``,
      sql.empty(),
      sql`with live as (${live})${guard} select ${7}, ${undefined}${sql``} from live where ${sql.raw('true')}`,
      sql.join([sql`a = ${1}`, sql`b = ${2}`, sql`c = ${3}`], sql` and `),
      sql`${sql`${sql`${'deep'}`}`} || ${'er'}`,
      sql`insert into t values (${-0.5}, ${Number.MAX_SAFE_INTEGER}, ${''}, ${at})`,
      new SQL([new StringChunk(['select ', 'count(*) ', 'where n = ']), 3, new StringChunk('')]),
    ];
    for (const statement of statements) expect(sqlRender(statement)).toEqual(drizzleRendered(statement));
  });

  it('renders any tree of text, values and fragments as Drizzle does', () => {
    const value = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double({ noNaN: true }),
      fc.boolean(),
      fc.constant(null),
      fc.bigInt(),
      fc.date({ noInvalidDate: true }),
    );
    const { tree } = fc.letrec<{ tree: SQL; part: unknown }>((of) => ({
      tree: fc.array(fc.tuple(fc.string(), of('part')), { maxLength: 5 }).map((parts) => {
        const strings = ['', ...parts.map(([text]) => text)];
        return sql(Object.assign(strings, { raw: strings }) as TemplateStringsArray, ...parts.map(([, part]) => part));
      }),
      part: fc.oneof({ depthSize: 'small', withCrossShrink: true }, value, of('tree'), fc.constant(undefined)),
    }));
    fc.assert(
      fc.property(tree, (statement) => {
        expect(sqlRender(statement)).toEqual(drizzleRendered(statement));
      }),
      { numRuns: 500 },
    );
  });

  it('answers undefined for what only Drizzle renders — tables, columns, encoded params, lists, inlined fragments — so the caller asks Drizzle', () => {
    const accounts = pgTable('accounts', { id: integer('id'), name: text('name'), cents: bigint('cents', { mode: 'number' }) });
    const inlined = sql`select ${'x'}`.inlineParams();
    for (const statement of [
      sql`select * from ${accounts}`,
      sql`select ${accounts.name} from accounts`,
      sql`select ${sql.param(5, accounts.cents)}`,
      sql`select 1 where id in ${[1, 2, 3]}`,
      sql`select 1 where ${sql.identifier('name')} = ${'n'}`,
      inlined,
      sql`with a as (${inlined}) select 1`,
      sql`select ${{ json: true }}`,
    ]) {
      expect(sqlRender(statement)).toBeUndefined();
      // What the fallback gives: Drizzle's own rendering (and what it would have been on any path).
      expect(drizzleRendered(statement).sql.length).toBeGreaterThan(0);
    }
  });
});
