import { setFlagsFromString } from 'node:v8';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';

/**
 * PostgreSQL's command line for every embedded database: PGlite's own, with 32 MB of shared buffers instead of
 * initdb's 128 MB. PGlite zero-fills its shared memory when PostgreSQL starts, and the first touch of each page of a
 * new WebAssembly memory is a page fault: 128 MB cost ~0.4 s of every start on this machine kind (a third of a
 * restart) and ~100 MB more memory per open database (decision 087). The embedded database is small and its files sit in
 * the operating system's cache behind PGlite's file system, so pages outside the buffers are a read away.
 */
export const PGLITE_START_PARAMS: readonly string[] = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/**
 * V8 compiles PostgreSQL's WebAssembly quickly (Liftoff) and recompiles a function with its optimising compiler once it
 * has run a budget's worth of code; PostgreSQL's start runs enough of the catalogue code to recompile much of it, ~0.25 s
 * of CPU beside the server's own start on two cores. Ten times the default budget leaves that to the functions a
 * running server keeps calling (a minute of placements reaches it many times over): a restart's first page ~0.2 s
 * sooner, placements the same (decision 087). Process-wide, set (again: the same value) before each PGlite compiles;
 * nothing else of ours runs WebAssembly.
 */
const WASM_TIERING_BUDGET = '--wasm-tiering-budget=18000000';

/** Options for every `new PGlite(...)` of the server, its template and its tests. */
export function pgliteOptions(options: PGliteOptions = {}): PGliteOptions {
  setFlagsFromString(WASM_TIERING_BUDGET);
  return { ...options, startParams: [...PGLITE_START_PARAMS] };
}
