import { closeSync, existsSync, linkSync, openSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';

/**
 * PGlite is one PostgreSQL backend in one process: two processes on one data directory can damage it (a tool that
 * opened it beside a running server aborted about one time in three). So whoever opens a data directory holds a lock
 * file beside it, and a second opener stops at once with a message naming the holder. The tools (`db:audit`,
 * `demo:player`) ask the running server through its local socket instead (apps/server/src/ops-socket.ts,
 * docs/decisions/022-operating-it.md).
 *
 * The lock is a file created with O_EXCL holding the owner's pid, the pid's start time and its port. A kill -9 leaves
 * the file behind: a lock whose pid is gone (or is now another process, told by its start time) is stale and taken over.
 */

export interface PgliteLockOwner {
  /** What holds it, as a person would name it: "the Piranha server", "npm run db:audit". */
  role: string;
  /** The HTTP port a server listens on. */
  port?: number;
}

export interface PgliteLockHolder extends PgliteLockOwner {
  pid: number;
  /** The pid's start time as the kernel counts it (Linux /proc); tells a reused pid from the holder. */
  procStart?: string;
}

export interface PgliteLock {
  release: () => void;
}

/** A second process tried to open a data directory another live process holds. */
export class PgliteLockedError extends Error {
  readonly holder: PgliteLockHolder;
  constructor(dataDir: string, holder: PgliteLockHolder) {
    const port = holder.port === undefined ? '' : `, port ${holder.port}`;
    super(
      `the embedded database in ${dataDir} is in use by ${holder.role} (pid ${holder.pid}${port}). ` +
        'Two processes on one PGlite directory can damage it: stop that process first. ' +
        '`npm run db:audit` and `npm run demo:player` go through a running server by themselves.',
    );
    this.name = 'PgliteLockedError';
    this.holder = holder;
  }
}

export function pgliteLockPath(dataDir: string): string {
  return `${dataDir}.lock`;
}

/** The running server's operator socket for this data directory (apps/server/src/ops-socket.ts). */
export function pgliteSocketPath(dataDir: string): string {
  return `${dataDir}.sock`;
}

/** Field 22 of /proc/<pid>/stat (start time in clock ticks since boot), or undefined off Linux or for no such pid. */
function procStartOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its closing parenthesis.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the pid exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the process that wrote this lock still runs (not merely a process that got its pid later). */
function holderAlive(holder: PgliteLockHolder): boolean {
  if (!Number.isInteger(holder.pid) || holder.pid <= 0 || !pidAlive(holder.pid)) return false;
  if (holder.procStart === undefined) return true;
  const now = procStartOf(holder.pid);
  return now === undefined || now === holder.procStart;
}

function holderRead(lockPath: string): PgliteLockHolder | undefined {
  try {
    return JSON.parse(readFileSync(lockPath, 'utf8')) as PgliteLockHolder;
  } catch {
    return undefined;
  }
}

/** The live process holding `dataDir`, if any (a stale lock answers undefined). */
export function pgliteLockHolder(dataDir: string): PgliteLockHolder | undefined {
  const holder = holderRead(pgliteLockPath(dataDir));
  return holder && holderAlive(holder) ? holder : undefined;
}

/** Creates the lock file only if none exists; false when one does. */
function lockCreate(lockPath: string, holder: PgliteLockHolder): boolean {
  let fd: number;
  try {
    fd = openSync(lockPath, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeFileSync(fd, JSON.stringify(holder));
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * Takes the lock on `dataDir` for this process, or throws PgliteLockedError naming the live holder. A stale lock is
 * moved aside under a name of our own first (a rename only one process can win), so two starters racing over a stale
 * lock never both take it.
 */
export function pgliteLockAcquire(dataDir: string, owner: PgliteLockOwner): PgliteLock {
  const lockPath = pgliteLockPath(dataDir);
  const procStart = procStartOf(process.pid);
  const me: PgliteLockHolder = { ...owner, pid: process.pid, ...(procStart === undefined ? {} : { procStart }) };
  for (let attempt = 0; attempt < 5; attempt += 1) {
    if (lockCreate(lockPath, me)) return lockHeld(lockPath);
    const holder = holderRead(lockPath);
    // A lock being written this instant reads as empty: look again.
    if (holder === undefined && existsSync(lockPath) && attempt < 4) continue;
    if (holder && holderAlive(holder)) throw new PgliteLockedError(dataDir, holder);
    const aside = `${lockPath}.stale-${process.pid}`;
    try {
      renameSync(lockPath, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      continue;
    }
    // Another starter may have taken the stale lock between our read and the rename: give a live lock back.
    const movedAside = holderRead(aside);
    if (movedAside && holderAlive(movedAside)) linkBack(aside, lockPath);
    rmSync(aside, { force: true });
  }
  const holder = holderRead(lockPath);
  throw new PgliteLockedError(dataDir, holder ?? { role: 'another process', pid: 0 });
}

/** Puts a live lock moved aside by mistake back in place, unless a new one is there already. */
function linkBack(aside: string, lockPath: string): void {
  try {
    linkSync(aside, lockPath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

/** The release of a lock this process holds: removes the file only while it is still ours. */
function lockHeld(lockPath: string): PgliteLock {
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.off('exit', release);
    if (holderRead(lockPath)?.pid !== process.pid) return;
    try {
      unlinkSync(lockPath);
    } catch {
      // Already gone: nothing to release.
    }
  };
  // A process that exits without closing the database (process.exit after an error) leaves no lock behind.
  process.on('exit', release);
  return { release };
}
