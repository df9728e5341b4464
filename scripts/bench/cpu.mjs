import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time from /proc (Linux): what a row costs the machine, beside what it achieved. On a 2-core machine where the
 * load generator, the server and PostgreSQL share the cores, a rate is bounded by the CPU one operation costs all of
 * them together; these readings make that bound a figure (issue 24, decision 104). Elsewhere every reading is
 * undefined and the rows say nothing about CPU.
 */

let clockTicks;
function clockTicksPerSecond() {
  if (clockTicks === undefined) {
    try {
      clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      clockTicks = 100;
    }
  }
  return clockTicks;
}

/** A process's /proc stat fields after its command name (field 3 onwards), or undefined when it is gone. */
function statFields(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(') ') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/**
 * CPU time (user + system, ms) a process has used so far, or undefined. On a shared machine it moves far less than
 * wall time: a start that waited for the CPU shows it there, not in this figure.
 */
export function processCpuMs(pid) {
  const fields = statFields(pid);
  return fields ? ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicksPerSecond() : undefined;
}

function processesListed() {
  try {
    return readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
}

function commandOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

/** CPU ms of `rootPid` and every process below it (tsx runs a worker's server in a grandchild). */
export function processTreeCpuMs(rootPid) {
  const parentOf = new Map();
  for (const pid of processesListed()) {
    const fields = statFields(pid);
    if (fields) parentOf.set(Number(pid), Number(fields[1]));
  }
  const inTree = (pid) => {
    for (let at = pid, depth = 0; at > 1 && depth < 64; at = parentOf.get(at) ?? 0, depth += 1) if (at === rootPid) return true;
    return false;
  };
  let total = 0;
  for (const pid of parentOf.keys()) if (inTree(pid)) total += processCpuMs(pid) ?? 0;
  return total;
}

/**
 * CPU ms of every process whose command name starts with `command` ('postgres': the server and its backends), and of
 * those that ended: a backend that exits (pgbench's, when pgbench ends) moves its time into its parent's reaped
 * children's time, so the topmost such process (the postmaster) counts that too.
 */
export function commandCpuMs(command) {
  const matching = new Set(processesListed().filter((pid) => commandOf(pid).startsWith(command)));
  let total = 0;
  for (const pid of matching) {
    const fields = statFields(pid);
    if (!fields) continue;
    const own = Number(fields[11]) + Number(fields[12]);
    const reaped = matching.has(fields[1]) ? 0 : Number(fields[13]) + Number(fields[14]);
    total += ((own + reaped) * 1000) / clockTicksPerSecond();
  }
  return total;
}

/** Busy CPU ms of the whole machine (every core: all but idle and iowait), or undefined. */
export function machineBusyMs() {
  try {
    const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    // user nice system idle iowait irq softirq steal (guest time is already inside user and nice).
    const ticks = values.slice(0, 8).map(Number);
    const busy = ticks.reduce((sum, value) => sum + value, 0) - ticks[3] - ticks[4];
    return (busy * 1000) / clockTicksPerSecond();
  } catch {
    return undefined;
  }
}

/**
 * Starts a meter: `stop(operations)` answers the CPU ms per operation since the start — the whole machine, PostgreSQL's
 * processes, the process tree of `serverPid` (when given) and this process (the load generator, when it runs here) —
 * or undefined figures where /proc is not there.
 */
export function cpuMeterStart({ serverPid } = {}) {
  const machine = machineBusyMs();
  const postgres = commandCpuMs('postgres');
  const server = serverPid === undefined ? undefined : processTreeCpuMs(serverPid);
  const self = process.cpuUsage();
  return {
    stop(operations) {
      const per = (before, after) => (before === undefined || after === undefined || operations <= 0 ? undefined : (after - before) / operations);
      const selfUsed = process.cpuUsage(self);
      const machineMs = per(machine, machineBusyMs());
      return {
        machineMs,
        postgresMs: machineMs === undefined ? undefined : per(postgres, commandCpuMs('postgres')),
        serverMs: machineMs === undefined || serverPid === undefined ? undefined : per(server, processTreeCpuMs(serverPid)),
        loadGeneratorMs: machineMs === undefined ? undefined : (selfUsed.user + selfUsed.system) / 1000 / operations,
      };
    },
  };
}
