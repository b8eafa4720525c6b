// The CPU of a process and every process under it, read from /proc without asking the process anything (a scrape of
// /metrics costs the shop a few ms of CPU of its own, which a single request's figure would carry).
// Each thread's time on a CPU is read from /proc/<pid>/task/<tid>/schedstat, in nanoseconds; where the kernel keeps no
// schedstat, from /proc/<pid>/stat in clock ticks (10 ms), good for many requests and not for one.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** Every process whose ancestry reaches rootPid: rootPid first, then the processes under it. */
export function processTree(rootPid) {
  const parents = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(text.slice(text.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // A process that ended while the list was read.
    }
  }
  const tree = new Set([rootPid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, ppid] of parents) if (!tree.has(pid) && tree.has(ppid)) (tree.add(pid), (grew = true));
  }
  return [...tree];
}

function threadsNs(pid) {
  let ns = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // A thread that ended while the list was read.
    }
  }
  return ns;
}

function ticksMs(pid) {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * (1000 / CLOCK_TICKS);
}

let schedstat;
/** The CPU so far, in ms, of rootPid and the processes under it (user and system, every thread). */
export function processTreeCpuMs(rootPid) {
  schedstat ??= (() => {
    try {
      return Number(readFileSync(`/proc/${process.pid}/schedstat`, 'utf8').split(' ')[0]) > 0;
    } catch {
      return false;
    }
  })();
  let ms = 0;
  for (const pid of processTree(rootPid)) {
    try {
      ms += schedstat ? threadsNs(pid) / 1e6 : ticksMs(pid);
    } catch {
      // A process that ended while it was read.
    }
  }
  return ms;
}

/** Whether the figures are precise to the nanosecond (schedstat) or to the clock tick. */
export const cpuSource = () => (processTreeCpuMs(process.pid), schedstat ? 'schedstat, ns' : `stat, ${1000 / CLOCK_TICKS} ms ticks`);
