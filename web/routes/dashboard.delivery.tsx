import { parseWithZod } from '@conform-to/zod/v4';
import { exclusionInputSchema } from '../../contract/delivery';
import { SectionError, type SectionHandle } from '../features/admin/admin-panel';
import { adminLoad, idOf, intentOf, invalidAdminForm, outcome, refusedForm, savedForm, unknownIntent } from '../features/admin/admin.server';
import { DeliverySection, rateTableFormSchema } from '../features/admin/delivery-section';
import { readForm } from '../lib/form.server';
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
export async function action({ request, context }: Route.ActionArgs) {
  requireSuperuser(request, context);
  const { delivery } = context.services;
  const posted = await request.clone().formData();
  // The exclusion form carries only the contract's fields (its schema is strict): it is told by its `kind`.
  const intent = posted.has('kind') ? 'exclude' : intentOf(posted);
  if (intent === 'include') {
    const id = idOf(await request.formData());
    if (id === null) return unknownIntent();
    return outcome(() => delivery.removeExclusion(id), 'The exclusion was removed: the shop delivers there again.');
  }
  if (intent === 'exclude') {
    const submission = await readForm(request, exclusionInputSchema);
    if (submission.status !== 'success') return invalidAdminForm(submission);
    try {
      const added = await delivery.addExclusion(submission.value);
      return savedForm(submission, `The shop no longer delivers to ${added.label}.`);
    } catch (err) {
      return refusedForm(submission, err);
    }
  }
  if (intent === 'rates') {
    const submission = parseWithZod(await request.formData(), { schema: rateTableFormSchema, disableAutoCoercion: true });
    if (submission.status !== 'success') return invalidAdminForm(submission);
    try {
      await delivery.setRateTable(submission.value);
      return { result: submission.reply(), outcome: { ok: true as const, message: 'Rate table saved.' } };
    } catch (err) {
      return refusedForm(submission, err);
    }
  }
  return unknownIntent();
}

export default function DeliveryRoute({ loaderData }: Route.ComponentProps) {
  return <DeliverySection {...loaderData} />;
}

export function ErrorBoundary() {
  return <SectionError message="Error loading the delivery settings." />;
}
