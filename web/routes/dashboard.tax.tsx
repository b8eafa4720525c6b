import { quarterOfMonth, type Gstr1Summary } from '../../contract/gstr1';
import { istMonth } from '../../contract/india';
import { SectionError, type SectionHandle } from '../features/admin/admin-panel';
import { adminLoad } from '../features/admin/admin.server';
import { TaxSection } from '../features/admin/tax-section';
import type { Route } from './+types/dashboard.tax';

export const handle: SectionHandle = { title: 'Tax and invoices' };

/**
 * The seller printed on the invoices (read from configuration), this financial year's series, and GSTR-1 of the
 * month (or quarter) in `?period=`, this month by default: a period the shop refuses is shown with its sentence.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return adminLoad(request, context, 'tax', async () => {
    const details = await context.services.invoices.taxDetails();
    // A quarterly filer (GSTR1_QUARTERLY) is shown this quarter by default; any month or quarter may be asked for.
    const period =
      new URL(request.url).searchParams.get('period')?.trim() || (details.gstr1Quarterly ? quarterOfMonth(details.month) : istMonth(new Date()));
    let gstr1: Gstr1Summary | null = null;
    let periodError: string | null = null;
    try {
      gstr1 = (await context.services.invoices.gstr1(period)).summary;
    } catch (err) {
      const detail = (err as { code?: string; detail?: string }).code === 'invalid' ? (err as { detail?: string }).detail : undefined;
      if (!detail) throw err;
      periodError = detail;
    }
    return { details, period, gstr1, periodError };
  });
}

export default function TaxRoute({ loaderData }: Route.ComponentProps) {
  return <TaxSection details={loaderData.details} period={loaderData.period} gstr1={loaderData.gstr1} periodError={loaderData.periodError} />;
}

export function ErrorBoundary() {
  return <SectionError message="Error loading the tax settings." />;
}
