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

/**
 * A process's CPU from /proc/<pid>/stat: its parent, its own user + system ms, and the ms of its children it has
 * reaped (a child that ended moves its time there); undefined when it is gone.
 */
function processStat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name, which may itself hold spaces and parentheses: state, ppid, …, utime (11),
    // stime (12), cutime (13), cstime (14).
    const fields = text.slice(text.lastIndexOf(') ') + 2).split(' ');
    const ms = (ticks) => (ticks * 1000) / clockTicksPerSecond();
    return {
      parent: Number(fields[1]),
      ownMs: ms(Number(fields[11]) + Number(fields[12])),
      reapedMs: ms(Number(fields[13]) + Number(fields[14])),
    };
  } catch {
    return undefined;
  }
}

/**
 * CPU time (user + system, ms) a process has used so far, or undefined. On a shared machine it moves far less than
 * wall time: a start that waited for the CPU shows it there, not in this figure.
 */
export function processCpuMs(pid) {
  return processStat(pid)?.ownMs;
}

/** Every process now running, by pid, with its CPU (`processStat`) and command name. */
function processesStat() {
  let pids = [];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    // Not Linux: no processes to read.
  }
  const stats = new Map();
  for (const pid of pids) {
    const stat = processStat(pid);
    if (!stat) continue;
    let command = '';
    try {
      command = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    } catch {
      // Ended between the two reads.
    }
    stats.set(Number(pid), { ...stat, command });
  }
  return stats;
}

/** CPU ms of `rootPid` and every process below it (tsx runs a worker's server in a grandchild). */
export function processTreeCpuMs(rootPid) {
  const stats = processesStat();
  const inTree = (pid) => {
    for (let at = pid, depth = 0; at > 1 && depth < 64; at = stats.get(at)?.parent ?? 0, depth += 1) if (at === rootPid) return true;
    return false;
  };
  let total = 0;
  for (const [pid, stat] of stats) if (inTree(pid)) total += stat.ownMs;
  return total;
}

/**
 * CPU ms of every process whose command name starts with `command` ('postgres': the server and its backends), and of
 * those that ended: a backend that exits (pgbench's, when pgbench ends) moves its time into its parent's reaped
 * children's time, so the topmost such process (the postmaster) counts that too.
 */
export function commandCpuMs(command) {
  const stats = processesStat();
  const matches = (stat) => stat?.command.startsWith(command) ?? false;
  let total = 0;
  for (const stat of stats.values()) if (matches(stat)) total += stat.ownMs + (matches(stats.get(stat.parent)) ? 0 : stat.reapedMs);
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
      const machineAfter = machineBusyMs();
      if (machine === undefined || machineAfter === undefined || operations <= 0) return {};
      const selfUsed = process.cpuUsage(self);
      return {
        machineMs: (machineAfter - machine) / operations,
        postgresMs: (commandCpuMs('postgres') - postgres) / operations,
        serverMs: server === undefined ? undefined : (processTreeCpuMs(serverPid) - server) / operations,
        loadGeneratorMs: (selfUsed.user + selfUsed.system) / 1000 / operations,
      };
    },
  };
}
