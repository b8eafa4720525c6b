import { Outlet } from 'react-router';
import { SiteShell } from '../components/layout/site-shell';
import { HeartsRoute } from '../components/ui/card-marks';
import { SiteErrorMessage } from '../components/ui/load-error';
import { useLive } from '../lib/use-hydrated';

export default function MainLayout() {
  const live = useLive();
  return (
    <SiteShell>
      <Outlet />
      {live ? <HeartsRoute /> : null}
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
