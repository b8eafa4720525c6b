import { data } from 'react-router';
import { expectedDeliveryUpdateSchema } from '../../contract/orders';
import { SectionError, type SectionHandle } from '../features/admin/admin-panel';
import { adminLoad } from '../features/admin/admin.server';
import { OrderDetail } from '../features/admin/orders-section';
import { checkForm, dispatch, done, invalid, refusal, type IntentArgs } from '../lib/form.server';
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
export async function action(args: Route.ActionArgs) {
  requireSuperuser(args.request, args.context);
  orderId(args.params);
  return dispatch(args, { 'expected-delivery': reviseExpectedDelivery }, { fallback: 'expected-delivery' });
}

async function reviseExpectedDelivery({ context, params, formData }: IntentArgs<Route.ActionArgs>) {
  const submission = checkForm(formData, expectedDeliveryUpdateSchema);
  if (submission.status !== 'success') return invalid('expected-delivery', submission);
  try {
    await context.services.orders.reviseExpectedDelivery(orderId(params), submission.value);
  } catch (err) {
    return refusal('expected-delivery', err, { submission });
  }
  return done('expected-delivery', { message: 'Expected delivery revised. The buyer has been told by e-mail.', submission, reset: true });
}

export default function OrderRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <OrderDetail order={loaderData} answer={actionData} />;
}

export function ErrorBoundary() {
  return <SectionError message="Error loading the order." />;
}
