/**
 * `npm test`: install what is missing (Chromium too), then lint, type-check, and run every suite:
 * domain, contract, web units, the server on PGlite (and on PostgreSQL when DATABASE_URL is set),
 * and the browser journeys against a production build. Stops after the first group with a failing step.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { chromiumEnsure, dependenciesEnsure } from './lib/ensure.mjs';
import { groupsRun } from './lib/steps.mjs';

dependenciesEnsure();
chromiumEnsure();

const reports = mkdtempSync(join(tmpdir(), 'piranha-test-'));
const totals = { passed: 0, failed: 0 };

function vitest(name, project, env = {}, files = [], flags = []) {
  const output = join(reports, `${name.replace(/\W+/g, '-')}.json`);
  return {
    name,
    command: ['npx', ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${output}`, ...flags, ...files]],
    env,
    output,
  };
}

/** Redis for the two-node stage: REDIS_URL, else the machine's own Redis when one answers on 127.0.0.1:6379. */
async function redisUrlOf() {
  if (process.env.REDIS_URL) return process.env.REDIS_URL;
  const answers = await new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: 6379, timeout: 1000 });
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
  return answers ? 'redis://127.0.0.1:6379' : '';
}

/**
 * The money journeys and the socket journey again, against two server nodes on the PostgreSQL of DATABASE_URL behind a
 * round-robin front (decision 042): sign-up, deposit, withdraw, casino (and Orca Games calling the wallet through the
 * front, decision 072), the real-time socket. Betting is held back until a whole two-node run of it is green on a quiet
 * machine (decision 058).
 */
const TWO_NODE_JOURNEYS = [
  'e2e/accounts.spec.ts',
  'e2e/payments.spec.ts',
  'e2e/casino.spec.ts',
  'e2e/casino-provider.spec.ts',
  'e2e/realtime.spec.ts',
  'e2e/betting.spec.ts',
];

/**
 * Groups run one after the other; the steps inside a group run at the same time (this machine kind has 2 cores: the
 * checks are single-threaded, the PostgreSQL suite waits on its server while the PGlite one computes). The browser
 * journeys run two files at a time (vitest.config.ts), alone, so a loaded machine does not make them flaky.
 */
const groups = [
  [
    { name: 'lint', command: ['npx', ['eslint', '--max-warnings', '0', '.']] },
    { name: 'format', command: ['npx', ['prettier', '--check', '.']] },
    { name: 'typecheck', command: ['npm', ['run', 'typecheck', '--silent']] },
  ],
  [vitest('domain', 'domain'), vitest('contract', 'contract'), vitest('web', 'web'), vitest('provider', 'provider')],
  [
    vitest('server (PGlite)', 'server', { TEST_DATABASE_URL: '' }),
    ...(process.env.DATABASE_URL ? [vitest('server (PostgreSQL)', 'server', { TEST_DATABASE_URL: process.env.DATABASE_URL })] : []),
  ],
  [{ name: 'build', command: ['npm', ['run', 'build', '--silent']] }],
  [vitest('browser journeys', 'e2e', {}, [], ['--maxWorkers=2'])],
  ...(process.env.DATABASE_URL ? [[vitest('browser journeys (two nodes)', 'e2e', { E2E_NODES: '2', REDIS_URL: await redisUrlOf() }, TWO_NODE_JOURNEYS)]] : []),
];

/** The files that took longest in a step, so a log shows where CI's time goes before it nears its limit. */
function slowestFiles(result, count = 8) {
  return (result.testResults ?? [])
    .map((file) => ({ name: relative(process.cwd(), file.name), seconds: Math.round(((file.endTime ?? 0) - (file.startTime ?? 0)) / 1000) }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count)
    .map((file) => `${file.name} ${file.seconds} s`)
    .join(', ');
}

/**
 * The failing tests of a step with the first lines of their errors. Printed again after every step ended, because a CI
 * log is often read from its tail and a step that failed early has its report far above the last step's output.
 */
function failuresOf(stepName, result) {
  const failures = [];
  for (const file of result.testResults ?? []) {
    const tests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of tests) {
      const first = (test.failureMessages ?? []).join('\n').split('\n').slice(0, 6).join('\n    ');
      failures.push(`[${stepName}] ${relative(process.cwd(), file.name)} › ${test.fullName ?? test.title}\n    ${first}`);
    }
    if (tests.length === 0 && file.status === 'failed')
      failures.push(`[${stepName}] ${relative(process.cwd(), file.name)}: ${(file.message ?? '').split('\n').slice(0, 6).join('\n    ')}`);
  }
  return failures;
}

const failures = [];
const failed = await groupsRun(groups, (step) => {
  if (!step.output || !existsSync(step.output)) return;
  const result = JSON.parse(readFileSync(step.output, 'utf8'));
  totals.passed += result.numPassedTests ?? 0;
  totals.failed += result.numFailedTests ?? 0;
  failures.push(...failuresOf(step.name, result));
  console.log(`[${step.name}] slowest files: ${slowestFiles(result)}`);
});
rmSync(reports, { recursive: true, force: true });

if (failures.length > 0) console.log(`\nfailed tests:\n${failures.join('\n')}`);
console.log(failed.length > 0 ? `\n✗ npm test stopped at: ${failed.join(', ')}` : '\n✓ every step passed');
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(failed.length > 0 ? 1 : 0);
