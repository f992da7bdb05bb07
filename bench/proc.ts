/**
 * Readings from Linux `/proc`: a process's peak resident memory and its CPU time, and the CPU
 * time the hypervisor gave to other guests. Off Linux the readings are `undefined` and the bench
 * prints "n/a".
 */
import { readFileSync } from 'node:fs';
import { TICKS_PER_SECOND, secondsByKind, threadSeconds } from './threads.ts';

function read(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** Fields of `/proc/<pid>/stat` after the command name (which may hold spaces), 0-based from field 3. */
function statFields(pid: number): string[] | undefined {
  const text = read(`/proc/${pid}/stat`);
  if (!text) return undefined;
  return text.slice(text.lastIndexOf(')') + 2).split(' ');
}

/** Peak resident set size (`VmHWM`) of a running process, in bytes. */
export function peakRssBytes(pid: number): number | undefined {
  const match = read(`/proc/${pid}/status`)?.match(/^VmHWM:\s+(\d+)\s+kB/m);
  return match?.[1] ? Number(match[1]) * 1024 : undefined;
}

/** User plus system CPU time a process has used so far, in seconds. */
export function cpuSeconds(pid: number): number | undefined {
  const fields = statFields(pid);
  // utime and stime are fields 14 and 15 of the stat line: indexes 11 and 12 here.
  if (!fields || fields.length < 13) return undefined;
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/**
 * CPU time stolen from this machine so far: time its virtual CPUs were ready to run but the
 * hypervisor ran other guests (`steal` of `/proc/stat`), summed over all CPUs, in seconds.
 */
export function stolenSeconds(): number | undefined {
  const fields = read('/proc/stat')?.split('\n', 1)[0]?.trim().split(/\s+/);
  // cpu user nice system idle iowait irq softirq steal …
  if (!fields || fields[0] !== 'cpu' || fields.length < 9) return undefined;
  return Number(fields[8]) / TICKS_PER_SECOND;
}

/**
 * CPU seconds of a set of processes, read before and after a measured span, and the seconds
 * the host stole from the machine meanwhile (`stolen`): a run the host starved is slower for
 * reasons outside the code, and says so. The processes named in `byThread` are also read by
 * kind of thread (`threads.ts`), as `<name>.<kind>`.
 */
export class CpuMeter {
  private readonly start: Map<number, number>;
  private readonly threadsAtStart: Map<string, ReturnType<typeof threadSeconds>>;
  private readonly stolenAtStart = stolenSeconds();

  constructor(
    private readonly pids: Record<string, number | undefined>,
    byThread: string[] = [],
  ) {
    this.start = new Map();
    this.threadsAtStart = new Map();
    for (const name of byThread) {
      const pid = pids[name];
      if (pid !== undefined) this.threadsAtStart.set(name, threadSeconds(pid));
    }
    for (const pid of Object.values(pids)) {
      const seconds = pid === undefined ? undefined : cpuSeconds(pid);
      if (pid !== undefined && seconds !== undefined) this.start.set(pid, seconds);
    }
  }

  /** CPU seconds each named process used since the meter was made. */
  read(): Record<string, number> {
    const used: Record<string, number> = {};
    const threadsNow = new Map([...this.threadsAtStart.keys()].map((name) => [name, threadSeconds(this.pids[name]!)]));
    for (const [name, pid] of Object.entries(this.pids)) {
      const before = pid === undefined ? undefined : this.start.get(pid);
      const now = pid === undefined ? undefined : cpuSeconds(pid);
      if (before === undefined || now === undefined) continue;
      used[name] = Math.round((now - before) * 100) / 100;
      const threadsBefore = this.threadsAtStart.get(name);
      const threadsAfter = threadsNow.get(name);
      if (!threadsBefore || !threadsAfter || threadsBefore.size === 0 || threadsAfter.size === 0) continue;
      for (const [kind, seconds] of Object.entries(secondsByKind(threadsBefore, threadsAfter, now - before)))
        used[`${name}.${kind}`] = seconds;
    }
    const stolen = stolenSeconds();
    if (stolen !== undefined && this.stolenAtStart !== undefined)
      used.stolen = Math.round((stolen - this.stolenAtStart) * 100) / 100;
    return used;
  }
}
