import { SectionError, type SectionHandle } from '../features/admin/admin-panel';
import { adminLoad, idOf, intentOf, outcome, unknownIntent } from '../features/admin/admin.server';
import { BlogsSection } from '../features/admin/blogs-section';
import { requireSuperuser } from '../lib/guards.server';
import type { Route } from './+types/dashboard.blogs';

export const handle: SectionHandle = { title: 'Blogs' };

export function loader({ request, context }: Route.LoaderArgs) {
  return adminLoad(request, context, 'blogs', () => context.services.content.blogs());
}

/** Deletes a blog (adding and editing, with their image, go to the admin API for the upload's progress). */
export async function action({ request, context }: Route.ActionArgs) {
  requireSuperuser(request, context);
  const formData = await request.formData();
  const id = idOf(formData);
  if (intentOf(formData) !== 'delete' || id === null) return unknownIntent();
  return outcome(() => context.services.releasing(() => context.services.content.deleteBlog(id)), 'Blog deleted successfully');
}

export default function BlogsRoute({ loaderData }: Route.ComponentProps) {
  return <BlogsSection blogs={loaderData} />;
}

export function ErrorBoundary() {
  return <SectionError message="Error loading blogs." />;
}
