import { describe, expect, it } from 'vitest';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import type { AppLoadContext } from 'react-router';
import { isKeptLoader } from '../server/page/kept-context';
import { keptLoader } from './lib/kept.server';
import routes from './routes';

type RouteModule = { handle?: unknown; loader?: unknown };

/**
 * The loaders that run for a page kept for shoppers (its route's `handle.shell`, as server/page/kept-routes.ts
 * reads it) but are not made with `keptLoader`: the page's own and every layout's above it, the root's first.
 * Each is a sentence naming the file; none is the rule kept (decision 0056).
 */
async function unkeptLoaders(
  tree: RouteConfigEntry[],
  load: (file: string) => Promise<RouteModule>,
  above: string[] = ['root.tsx'],
): Promise<string[]> {
  const problems = new Set<string>();
  for (const entry of tree) {
    const chain = [...above, entry.file];
    const module = await load(entry.file);
    if ((module.handle as { shell?: unknown } | undefined)?.shell === true) {
      for (const file of chain) {
        const { loader } = await load(file);
        if (loader && !isKeptLoader(loader)) {
          problems.add(`${file} runs for the kept page of ${entry.file} but its loader is not made with keptLoader (web/lib/kept.server.ts)`);
        }
      }
    }
    for (const problem of await unkeptLoaders(entry.children ?? [], load, chain)) problems.add(problem);
  }
  return [...problems];
}

const appModule = (file: string) => import(/* @vite-ignore */ `./${file}`) as Promise<RouteModule>;

describe('the loaders of the pages kept for shoppers', () => {
  it('are all made with keptLoader, from the root down, so that none of them can read the user', async () => {
    const modules = new Map<string, RouteModule>();
    const load = async (file: string) => modules.get(file) ?? modules.set(file, await appModule(file)).get(file)!;
    expect(await unkeptLoaders(routes, load)).toEqual([]);
    // The check saw the routes it guards: the root's loader and the kept pages' with theirs.
    expect(isKeptLoader((await load('root.tsx')).loader)).toBe(true);
    const kept = [...modules].filter(([, module]) => (module.handle as { shell?: boolean } | undefined)?.shell === true);
    expect(kept.length).toBeGreaterThanOrEqual(15);
    expect(kept.filter(([, module]) => module.loader).map(([file]) => file)).toContain('routes/product.tsx');
    // It compiles every route module of the app on its first import: a minute and more on a busy machine (CI runs it
    // beside the browser stories), a speed and not a rule.
  }, 180_000);

  it('refuses a kept page whose loader is a plain one, and a plain loader of a layout above a kept page', async () => {
    const plain = async (_args: { context: AppLoadContext }) => ({ user: _args.context.user });
    const kept = keptLoader(async () => ({}));
    const samples: Record<string, RouteModule> = {
      'root.tsx': { loader: kept },
      'routes/layout.tsx': { loader: plain },
      'routes/bad.tsx': { handle: { shell: true }, loader: plain },
      'routes/good.tsx': { handle: { shell: true }, loader: kept },
      'routes/no-loader.tsx': { handle: { shell: true } },
      'routes/not-kept.tsx': { handle: { own: true }, loader: plain },
    };
    const load = async (file: string) => samples[file]!;
    expect(
      await unkeptLoaders(
        [
          { id: 'bad', file: 'routes/bad.tsx' },
          { id: 'n', file: 'routes/not-kept.tsx' },
        ],
        load,
      ),
    ).toEqual(['routes/bad.tsx runs for the kept page of routes/bad.tsx but its loader is not made with keptLoader (web/lib/kept.server.ts)']);
    const underLayout = [
      {
        id: 'l',
        file: 'routes/layout.tsx',
        children: [
          { id: 'g', file: 'routes/good.tsx' },
          { id: 'x', file: 'routes/no-loader.tsx' },
        ],
      },
    ];
    expect(await unkeptLoaders(underLayout, load)).toEqual([
      'routes/layout.tsx runs for the kept page of routes/good.tsx but its loader is not made with keptLoader (web/lib/kept.server.ts)',
      'routes/layout.tsx runs for the kept page of routes/no-loader.tsx but its loader is not made with keptLoader (web/lib/kept.server.ts)',
    ]);
    // A root with a plain loader is refused for every kept page under it.
    samples['root.tsx'] = { loader: plain };
    expect(await unkeptLoaders([{ id: 'g', file: 'routes/good.tsx' }], load)).toEqual([
      'root.tsx runs for the kept page of routes/good.tsx but its loader is not made with keptLoader (web/lib/kept.server.ts)',
    ]);
  });
});
