import { SectionError, type SectionHandle } from '../features/admin/admin-panel';
import { adminLoad, idOf, missingItem, outcome } from '../features/admin/admin.server';
import { TestimonialsSection } from '../features/admin/testimonials-section';
import { dispatch, type IntentArgs } from '../lib/form.server';
import { requireSuperuser } from '../lib/guards.server';
import type { Route } from './+types/dashboard.testimonials';

export const handle: SectionHandle = { title: 'Testimonials' };

export function loader({ request, context }: Route.LoaderArgs) {
  return adminLoad(request, context, 'testimonials', () => context.services.content.testimonials());
}

/** Deletes a testimonial (adding and editing, with their image, go to the admin API for the upload's progress). */
export async function action(args: Route.ActionArgs) {
  requireSuperuser(args.request, args.context);
  return dispatch(args, { delete: remove });
}

async function remove({ context, formData }: IntentArgs<Route.ActionArgs>) {
  const id = idOf(formData);
  if (id === null) return missingItem('delete');
  return outcome(
    'delete',
    () => context.services.releasing(() => context.services.content.deleteTestimonial(id)),
    'Testimonial deleted successfully',
  );
}

export default function TestimonialsRoute({ loaderData }: Route.ComponentProps) {
  return <TestimonialsSection testimonials={loaderData} />;
}

export function ErrorBoundary() {
  return <SectionError message="Error loading testimonials." />;
}
