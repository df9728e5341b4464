/**
 * `npm test`'s step runner: a step is one command; a group's steps run at the same time, each line of their output
 * printed as it comes with the step's name in front; groups run one after the other. Every step's time is printed, so
 * a slow stage shows in CI's log.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Writes each whole line of a stream with `prefix` in front; a partial last line waits for its end. */
function linesPrefixed(stream, prefix, out) {
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) out.write(`${prefix}${line}\n`);
  });
  stream.on('end', () => {
    if (pending) out.write(`${prefix}${pending}\n`);
  });
}

/** Runs one step; answers its exit status (1 when it could not start or was killed). */
function stepRun(step, prefixed) {
  return new Promise((resolve) => {
    const [command, args] = step.command;
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, ...(step.env ?? {}) },
      stdio: prefixed ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    if (prefixed) {
      const prefix = `[${step.name}] `;
      linesPrefixed(child.stdout, prefix, process.stdout);
      linesPrefixed(child.stderr, prefix, process.stderr);
    }
    child.once('error', (error) => {
      console.error(`[${step.name}] could not start: ${error.message}`);
      resolve(1);
    });
    child.once('close', (code) => resolve(code ?? 1));
  });
}

const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

/**
 * Runs the groups in order, the steps of a group together (a one-step group writes straight to the terminal). Stops
 * after the first group with a failed step, once all of that group's steps have ended. Answers the failed steps' names.
 */
export async function groupsRun(groups, onStepEnd = () => {}) {
  const started = Date.now();
  for (const group of groups) {
    const prefixed = group.length > 1;
    console.log(`\n▶ ${group.map((step) => step.name).join(' ∥ ')}`);
    const statuses = await Promise.all(
      group.map(async (step) => {
        const since = Date.now();
        const status = await stepRun(step, prefixed);
        onStepEnd(step);
        console.log(`${status === 0 ? '✓' : '✗'} ${step.name}: ${seconds(since)} (${seconds(started)} since npm test began)`);
        return status;
      }),
    );
    const failed = group.filter((_, index) => statuses[index] !== 0).map((step) => step.name);
    if (failed.length > 0) return failed;
  }
  return [];
}
