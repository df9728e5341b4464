import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseOpen, paramsInlined, rowsOf, type Database } from './client.ts';

describe('paramsInlined', () => {
  it('writes each placeholder as an untyped quoted literal, doubling single quotes', () => {
    expect(paramsInlined('select $1::bigint, $2, $3', [12, "it's", true])).toBe("select '12'::bigint, 'it''s', 'true'");
    expect(paramsInlined('select $1', [null])).toBe('select NULL');
    expect(paramsInlined('select $1::timestamptz', [new Date('2026-11-23T10:00:00Z')])).toBe("select '2026-11-23T10:00:00.000Z'::timestamptz");
  });

  it('tells $1 from $10 and leaves placeholders inside strings, identifiers, dollar quotes and comments alone', () => {
    const params = Array.from({ length: 10 }, (_, i) => i + 1);
    expect(paramsInlined('select $10, $1', params)).toBe("select '10', '1'");
    expect(paramsInlined(`select '$1', "$1", $$ $1 $$, $tag$ $1 $tag$ -- $1\n, /* $1 */ $2`, [1, 2])).toBe(
      `select '$1', "$1", $$ $1 $$, $tag$ $1 $tag$ -- $1\n, /* $1 */ '2'`,
    );
  });

  it('refuses what it cannot write safely, so the statement keeps its parameters', () => {
    expect(paramsInlined('select $1', ['a\0b'])).toBeUndefined();
    expect(paramsInlined('select $1', [Number.NaN])).toBeUndefined();
    expect(paramsInlined('select $1', [{ a: 1 }])).toBeUndefined();
    expect(paramsInlined('select $2', [1])).toBeUndefined();
    expect(paramsInlined("select 'open", [])).toBeUndefined();
  });
});

describe('rowsOf on PGlite, parameters written in as literals', () => {
  let database: Database;
  beforeAll(async () => {
    database = await databaseOpen({});
  });
  afterAll(() => database?.close());

  it('gives back exactly what was sent, whatever the characters', async () => {
    const nasty = `it's a \\ back'slash; $1 -- not a comment */ "quoted" ünïcødé 🎲 '); drop table users; --`;
    const [row] = await rowsOf<{ text: string; number: string; json: unknown }>(
      database.db,
      sql`select ${nasty}::text as text, ${-12.5}::numeric::text as number, ${JSON.stringify({ q: "o'k" })}::jsonb as json`,
    );
    expect(row).toEqual({ text: nasty, number: '-12.5', json: { q: "o'k" } });
    const [users] = await rowsOf<{ count: number }>(database.db, sql`select count(*)::int as count from users`);
    expect(users?.count).toBe(0);
  });

  it("prepares a named statement once and executes it with each call's values", async () => {
    const echo = (value: string, n: number) => sql`select ${value}::text as text, ${n}::int + 1 as next`;
    const first = await rowsOf<{ text: string; next: number }>(database.db, echo("o'k $1", 1), 'test_echo');
    const second = await rowsOf<{ text: string; next: number }>(database.db, echo("'); drop table users; --", 41), 'test_echo');
    expect(first).toEqual([{ text: "o'k $1", next: 2 }]);
    expect(second).toEqual([{ text: "'); drop table users; --", next: 42 }]);
    const [prepared] = await rowsOf<{ count: number }>(database.db, sql`select count(*)::int as count from pg_prepared_statements where name = 'test_echo'`);
    expect(prepared?.count).toBe(1);
    await expect(rowsOf(database.db, echo('x', 1), 'not a name')).rejects.toThrow(/not a statement name/);
  });
});
