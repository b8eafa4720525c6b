import { SectionError, type SectionHandle } from '../features/admin/admin-panel';
import { ProductCsvPanel } from '../features/admin/product-csv-panel';
import { requireSuperuser } from '../lib/guards.server';
import type { Route } from './+types/dashboard.import-export';

export const handle: SectionHandle = { title: 'Products' };

/** Nothing to read: the export is a download from the admin API, the import an upload to it (with its progress bar). */
export function loader({ request, context }: Route.LoaderArgs) {
  requireSuperuser(request, context);
  return null;
}

export default function ImportExportRoute() {
  return <ProductCsvPanel />;
}

export function ErrorBoundary() {
  return <SectionError message="An error occurred. Please try again." />;
}
