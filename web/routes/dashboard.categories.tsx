import { SectionError, type SectionHandle } from '../features/admin/admin-panel';
import { adminLoad, missingItem, outcome, textOf } from '../features/admin/admin.server';
import { CategoriesPanel } from '../features/admin/taxonomy-panels';
import { dispatch, type IntentArgs } from '../lib/form.server';
import { requireSuperuser } from '../lib/guards.server';
import type { Route } from './+types/dashboard.categories';

export const handle: SectionHandle = { title: 'Products' };

export function loader({ request, context }: Route.LoaderArgs) {
  return adminLoad(request, context, 'categories', () => context.services.catalog.listCategories());
}

/** Deletes a category (refused, with a sentence, while it holds products); adding and editing go to the admin API for the image's progress bar. */
export async function action(args: Route.ActionArgs) {
  requireSuperuser(args.request, args.context);
  return dispatch(args, { delete: remove });
}

async function remove({ context, formData }: IntentArgs<Route.ActionArgs>) {
  const slug = textOf(formData, 'slug');
  if (!slug) return missingItem('delete');
  return outcome('delete', () => context.services.releasing(() => context.services.catalog.deleteCategory(slug)), 'Category deleted successfully');
}

export default function CategoriesRoute({ loaderData }: Route.ComponentProps) {
  return <CategoriesPanel categories={loaderData} />;
}

export function ErrorBoundary() {
  return <SectionError message="Error loading categories." />;
}
