import { inject } from 'vitest';

/**
 * The address of the shared shop this fork's browser stories use: the e2e setup starts one per fork, and vitest
 * numbers its forks from 1 (`VITEST_POOL_ID`), so the stories of one fork meet only each other's data.
 */
export function shopUrl(): string {
  const urls = inject('baseUrls');
  const fork = Number(process.env.VITEST_POOL_ID) || 1;
  return urls[(fork - 1) % urls.length]!;
}
