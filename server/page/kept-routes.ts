import type { FastifyRequest } from 'fastify';
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';

/** How a page is kept for shoppers: per facts and stitched (`shell`), per shopper (`own`), or not at all. */
export type Kept = 'shell' | 'own' | null;

export interface KeptRoutes {
  /** How this request's page is kept for shoppers (a GET or HEAD of a document without a token), by its route's `handle`. */
  of(request: FastifyRequest): Kept;
  /** How a path is kept, if it was asked for before (undefined otherwise): for the quick path. */
  known(path: string): Kept | undefined;
}

/**
 * The routes that say how their pages are kept for shoppers: `handle.shell` (browsing pages, kept per facts and
 * stitched) and `handle.own` (the cart, kept per shopper). Remembered per path, as matching ranks every route of
 * the app each time.
 */
export function keptRoutes(build: ServerBuild): KeptRoutes {
  const routes = routeTree(build);
  const byPath = new Map<string, Kept>();
  return {
    known: (path) => byPath.get(path),
    of(request) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return null;
      if (request.headers.authorization) return null;
      const path = request.url.split('?')[0]!;
      if (path.endsWith('.data') || path.startsWith('/api/')) return null;
      let kept = byPath.get(path);
      if (kept === undefined) {
        const leaf = matchRoutes(routes, path)?.at(-1);
        const handle = leaf && (build.routes[leaf.route.id!]?.module.handle as { shell?: boolean; own?: boolean } | undefined);
        kept = handle?.shell === true ? 'shell' : handle?.own === true ? 'own' : null;
        if (byPath.size >= 5000) byPath.clear();
        byPath.set(path, kept);
      }
      return kept;
    },
  };
}

/** The app's routes as React Router matches them (the build's flat list, nested by parent). */
function routeTree(build: ServerBuild): RouteObject[] {
  const children = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const list = children.get(route.parentId) ?? [];
    list.push({ id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive });
    children.set(route.parentId, list);
  }
  const nest = (list: RouteObject[]): RouteObject[] =>
    list.map((route) => {
      const below = children.get(route.id);
      return below && !route.index ? { ...route, children: nest(below) } : route;
    });
  return nest(children.get(undefined) ?? []);
}
