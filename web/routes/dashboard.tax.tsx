import { SectionError, type SectionHandle } from '../features/admin/admin-panel';
import { adminLoad } from '../features/admin/admin.server';
import { TaxSection } from '../features/admin/tax-section';
import type { Route } from './+types/dashboard.tax';

export const handle: SectionHandle = { title: 'Tax and invoices' };

/** The seller printed on the invoices (read from configuration) and this financial year's series. */
export function loader({ request, context }: Route.LoaderArgs) {
  return adminLoad(request, context, 'tax', () => context.services.invoices.taxDetails());
}

export default function TaxRoute({ loaderData }: Route.ComponentProps) {
  return <TaxSection details={loaderData} />;
}

export function ErrorBoundary() {
  return <SectionError message="Error loading the tax settings." />;
}
