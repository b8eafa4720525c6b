import { exclusionInputSchema } from '../../contract/delivery';
import { SectionError, type SectionHandle } from '../features/admin/admin-panel';
import { adminLoad, idOf, missingItem, outcome } from '../features/admin/admin.server';
import { DeliverySection, rateTableFormSchema } from '../features/admin/delivery-section';
import { checkForm, dispatch, done, invalid, refusal, type IntentArgs } from '../lib/form.server';
import { requireSuperuser } from '../lib/guards.server';
import type { Route } from './+types/dashboard.delivery';

export const handle: SectionHandle = { title: 'Delivery' };

/** Where the shop does not deliver, the rate table, the pincodes buyers asked for in vain, and India Post's places. */
export function loader({ request, context }: Route.LoaderArgs) {
  return adminLoad(request, context, 'delivery', async () => {
    const { delivery } = context.services;
    const [exclusions, rates, unserved, places] = await Promise.all([
      delivery.listExclusions(),
      delivery.getRateTable(),
      delivery.listUnserved(),
      delivery.places(),
    ]);
    return { exclusions, rates, unserved, places };
  });
}

/**
 * An exclusion (the form with a `kind`): a state, a district or a pincode range stops being served; `include`: an exclusion removed;
 * `rates`: the whole rate table saved. The superuser only, each form checked with its contract schema.
 */
export async function action(args: Route.ActionArgs) {
  requireSuperuser(args.request, args.context);
  // The exclusion form carries only the contract's fields (its schema is strict): it is the form without an intent.
  return dispatch(args, { exclude, include, rates }, { fallback: 'exclude' });
}

async function exclude({ context, formData }: IntentArgs<Route.ActionArgs>) {
  const submission = checkForm(formData, exclusionInputSchema);
  if (submission.status !== 'success') return invalid('exclude', submission);
  try {
    const added = await context.services.delivery.addExclusion(submission.value);
    return done('exclude', { message: `The shop no longer delivers to ${added.label}.`, submission, reset: true });
  } catch (err) {
    return refusal('exclude', err, { submission });
  }
}

function include({ context, formData }: IntentArgs<Route.ActionArgs>) {
  const id = idOf(formData);
  if (id === null) return missingItem('include');
  return outcome('include', () => context.services.delivery.removeExclusion(id), 'The exclusion was removed: the shop delivers there again.');
}

async function rates({ context, formData }: IntentArgs<Route.ActionArgs>) {
  const submission = checkForm(formData, rateTableFormSchema, { disableAutoCoercion: true });
  if (submission.status !== 'success') return invalid('rates', submission);
  try {
    await context.services.delivery.setRateTable(submission.value);
  } catch (err) {
    return refusal('rates', err, { submission });
  }
  return done('rates', { message: 'Rate table saved.', submission });
}

export default function DeliveryRoute({ loaderData }: Route.ComponentProps) {
  return <DeliverySection {...loaderData} />;
}

export function ErrorBoundary() {
  return <SectionError message="Error loading the delivery settings." />;
}
