/**
 * Readings from Linux `/proc`: a process's peak resident memory and its CPU time, and the CPU
 * time the hypervisor gave to other guests. Off Linux the readings are `undefined` and the bench
 * prints "n/a".
 */
import { readdirSync, readFileSync } from 'node:fs';
import { secondsByKind, threadKind, type ThreadTime } from './threads.ts';

/** Clock ticks per second of `/proc/<pid>/stat` times; 100 on every Linux the bench targets. */
const TICKS_PER_SECOND = 100;

function read(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * A `stat` file of a process or a thread: its command name (which may hold spaces and
 * parentheses) and the fields after it, 0-based from field 3.
 */
function readStat(file: string): { name: string; fields: string[] } | undefined {
  const text = read(file);
  if (!text) return undefined;
  const end = text.lastIndexOf(')');
  return { name: text.slice(text.indexOf('(') + 1, end), fields: text.slice(end + 2).split(' ') };
}

/** User plus system CPU seconds of a `stat` file's fields: utime and stime, fields 14 and 15. */
function cpuOf(fields: string[]): number | undefined {
  return fields.length < 13 ? undefined : (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** Peak resident set size (`VmHWM`) of a running process, in bytes. */
export function peakRssBytes(pid: number): number | undefined {
  const match = read(`/proc/${pid}/status`)?.match(/^VmHWM:\s+(\d+)\s+kB/m);
  return match?.[1] ? Number(match[1]) * 1024 : undefined;
}

/** User plus system CPU time a process has used so far, in seconds. */
export function cpuSeconds(pid: number): number | undefined {
  const stat = readStat(`/proc/${pid}/stat`);
  return stat && cpuOf(stat.fields);
}

/** CPU seconds of each live thread of a process (`/proc/<pid>/task`), by thread ID, with its kind (`threads.ts`). */
export function threadSeconds(pid: number): Map<number, ThreadTime> {
  const threads = new Map<number, ThreadTime>();
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return threads;
  }
  for (const tid of tids) {
    const stat = readStat(`/proc/${pid}/task/${tid}/stat`);
    const seconds = stat && cpuOf(stat.fields);
    // a thread that ended between the listing and the read is not there
    if (stat && seconds !== undefined)
      threads.set(Number(tid), { kind: threadKind(stat.name, Number(tid) === pid), seconds });
  }
  return threads;
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
  private readonly threadsAtStart: Map<string, Map<number, ThreadTime>>;
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
