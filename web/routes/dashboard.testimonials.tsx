import { SectionError, type SectionHandle } from '../features/admin/admin-panel';
import { adminLoad, idOf, intentOf, outcome, unknownIntent } from '../features/admin/admin.server';
import { TestimonialsSection } from '../features/admin/testimonials-section';
import { requireSuperuser } from '../lib/guards.server';
import type { Route } from './+types/dashboard.testimonials';

export const handle: SectionHandle = { title: 'Testimonials' };

export function loader({ request, context }: Route.LoaderArgs) {
  return adminLoad(request, context, 'testimonials', () => context.services.content.testimonials());
}

/** Deletes a testimonial (adding and editing, with their image, go to the admin API for the upload's progress). */
export async function action({ request, context }: Route.ActionArgs) {
  requireSuperuser(request, context);
  const formData = await request.formData();
  const id = idOf(formData);
  if (intentOf(formData) !== 'delete' || id === null) return unknownIntent();
  return outcome(() => context.services.releasing(() => context.services.content.deleteTestimonial(id)), 'Testimonial deleted successfully');
}

export default function TestimonialsRoute({ loaderData }: Route.ComponentProps) {
  return <TestimonialsSection testimonials={loaderData} />;
}

export function ErrorBoundary() {
  return <SectionError message="Error loading testimonials." />;
}
