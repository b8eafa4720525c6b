/** Every process whose ancestry reaches rootPid: rootPid first, then the processes under it. */
export function processTree(rootPid: number): number[];
/** The CPU of rootPid and every process under it so far, in ms. */
export function processTreeCpuMs(rootPid: number): number;
/** Where the figures are read from: 'schedstat, ns' or the clock ticks of /proc/<pid>/stat. */
export function cpuSource(): string;
