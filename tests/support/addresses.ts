// Without vitest's own imports: the browser stories' global setup loads it too (through ./browser).

/**
 * This process's block of client addresses (a /16 of 100.64.0.0/10, shared address space) and how many it gave.
 * Kept on the process rather than the module: vitest loads the modules afresh for each test file, and the browser
 * stories' files run one after another in one process.
 */
const state = ((globalThis as { ownAddresses?: { block: string; made: number } }).ownAddresses ??= {
  block: `100.${64 + Math.floor(Math.random() * 64)}`,
  made: 0,
});

/**
 * A client address of its own, never given twice in a process: the shared shop trusts its proxy header
 * (X-Forwarded-For), and limits such as sign-ups or log-ins per address then count only the requests of the
 * story that asked for it, whatever ran before it.
 */
export function ownAddress(): string {
  state.made += 1;
  return `${state.block}.${Math.floor(state.made / 254) % 256}.${(state.made % 254) + 1}`;
}
