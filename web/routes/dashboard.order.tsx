import { data } from 'react-router';
import { expectedDeliveryUpdateSchema } from '../../contract/orders';
import { SectionError, type SectionHandle } from '../features/admin/admin-panel';
import { adminLoad, invalidAdminForm, refusedForm, savedForm } from '../features/admin/admin.server';
import { OrderDetail } from '../features/admin/orders-section';
import { readForm } from '../lib/form.server';
import { requireSuperuser } from '../lib/guards.server';
import type { Route } from './+types/dashboard.order';

export const handle: SectionHandle = { title: 'Orders' };

function orderId(params: { id: string }): number {
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) throw data(null, { status: 404 });
  return id;
}

export function loader({ request, context, params }: Route.LoaderArgs) {
  const id = orderId(params);
  return adminLoad(request, context, 'order', () => context.services.orders.adminGet(id));
}

/**
 * Revises the expected delivery (with its reason; the buyer is told by e-mail). Moving the order to its next
 * stage, with its photos, goes to the admin API for the upload's progress bar.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  requireSuperuser(request, context);
  const id = orderId(params);
  const submission = await readForm(request, expectedDeliveryUpdateSchema);
  if (submission.status !== 'success') return invalidAdminForm(submission);
  try {
    await context.services.orders.reviseExpectedDelivery(id, submission.value);
    return savedForm(submission, 'Expected delivery revised. The buyer has been told by e-mail.');
  } catch (err) {
    return refusedForm(submission, err);
  }
}

export default function OrderRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <OrderDetail order={loaderData} answer={actionData} />;
}

export function ErrorBoundary() {
  return <SectionError message="Error loading the order." />;
}
