/**
 * When each step of a start ended, in ms since the process began (performance.now() counts from Node's start), and
 * the CPU time the process had used by then (on a shared machine wall time waits for the CPU, CPU time does not):
 * logged once the start finished, so a slow start says where its time went (docs/decisions/076-cold-start.md).
 */
export interface StartPhases {
  /** Records that `name` has just ended. */
  mark(name: string): void;
  /** Every mark so far, in order: wall ms and CPU ms since the process began. */
  marks(): { wallMs: Record<string, number>; cpuMs: Record<string, number> };
}

export function startPhasesCreate(): StartPhases {
  const marks: [name: string, wallMs: number, cpuMs: number][] = [];
  return {
    mark(name) {
      const cpu = process.cpuUsage();
      marks.push([name, Math.round(performance.now()), Math.round((cpu.user + cpu.system) / 1000)]);
    },
    marks: () => ({
      wallMs: Object.fromEntries(marks.map(([name, wallMs]) => [name, wallMs])),
      cpuMs: Object.fromEntries(marks.map(([name, , cpuMs]) => [name, cpuMs])),
    }),
  };
}

/** The process's own record: server.ts and buildApp mark it, and server.ts logs it. */
export const startPhases = startPhasesCreate();
