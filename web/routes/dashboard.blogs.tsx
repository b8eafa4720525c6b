import { SectionError, type SectionHandle } from '../features/admin/admin-panel';
import { adminLoad, idOf, missingItem, outcome } from '../features/admin/admin.server';
import { BlogsSection } from '../features/admin/blogs-section';
import { dispatch, type IntentArgs } from '../lib/form.server';
import { requireSuperuser } from '../lib/guards.server';
import type { Route } from './+types/dashboard.blogs';

export const handle: SectionHandle = { title: 'Blogs' };

export function loader({ request, context }: Route.LoaderArgs) {
  return adminLoad(request, context, 'blogs', () => context.services.content.blogs());
}

/** Deletes a blog (adding and editing, with their image, go to the admin API for the upload's progress). */
export async function action(args: Route.ActionArgs) {
  requireSuperuser(args.request, args.context);
  return dispatch(args, { delete: remove });
}

async function remove({ context, formData }: IntentArgs<Route.ActionArgs>) {
  const id = idOf(formData);
  if (id === null) return missingItem('delete');
  return outcome('delete', () => context.services.releasing(() => context.services.content.deleteBlog(id)), 'Blog deleted successfully');
}

export default function BlogsRoute({ loaderData }: Route.ComponentProps) {
  return <BlogsSection blogs={loaderData} />;
}

export function ErrorBoundary() {
  return <SectionError message="Error loading blogs." />;
}
