import { renderToStaticMarkup } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, NavLink, StaticRouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isActiveLink } from './site-header';

/** Whether React Router's own NavLink marks a link to `to` as the page's, on the page at `pathname`. */
async function navLinkSays(pathname: string, to: string): Promise<boolean> {
  const routes = [
    {
      path: '*',
      Component: () => (
        <NavLink to={to} end={to === '/'} className="nav-link">
          x
        </NavLink>
      ),
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://shop.test${pathname}`));
  if (context instanceof Response) throw new Error('a redirect');
  const html = renderToStaticMarkup(
    <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />,
  );
  return /class="nav-link active"/.test(html);
}

describe('the header’s links', () => {
  it('mark the page shown as NavLink would, for every link of the header on pages in and outside their sections', async () => {
    const links = ['/', '/shop', '/RDship', '/design_solution', '/Bfurniture', '/profile', '/saved', '/login', '/cart'];
    const pages = [
      '/',
      '/shop',
      '/shop/',
      '/shopping',
      '/rdship',
      '/RDship/x',
      '/Bfurniture',
      '/bfurniture/teak',
      '/profile/orders',
      '/saved',
      '/cart',
      '/login',
      '/product/teak-bed',
    ];
    const differences: string[] = [];
    for (const to of links)
      for (const page of pages) {
        const ours = isActiveLink(page, to);
        if (ours !== (await navLinkSays(page, to))) differences.push(`${to} on ${page}: ours ${ours}`);
      }
    expect(differences).toEqual([]);
    // And what the comparison covers: a section's own pages, another section's, and Home only itself.
    expect(isActiveLink('/RDship/x', '/RDship')).toBe(true);
    expect(isActiveLink('/shopping', '/shop')).toBe(false);
    expect(isActiveLink('/shop', '/')).toBe(false);
  });
});
