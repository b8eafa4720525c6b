import { Outlet } from 'react-router';
import { SiteShell } from '../components/layout/site-shell';
import { SiteErrorMessage } from '../components/ui/load-error';

export default function MainLayout() {
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}

/** Errors of the pages inside the layout keep the header and footer around them. */
export function ErrorBoundary() {
  return (
    <SiteShell>
      <SiteErrorMessage />
    </SiteShell>
  );
}
