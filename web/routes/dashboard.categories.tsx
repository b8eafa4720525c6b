import { SectionError, type SectionHandle } from '../features/admin/admin-panel';
import { adminLoad, intentOf, outcome, textOf, unknownIntent } from '../features/admin/admin.server';
import { CategoriesPanel } from '../features/admin/taxonomy-panels';
import { requireSuperuser } from '../lib/guards.server';
import type { Route } from './+types/dashboard.categories';

export const handle: SectionHandle = { title: 'Products' };

export function loader({ request, context }: Route.LoaderArgs) {
  return adminLoad(request, context, 'categories', () => context.services.catalog.listCategories());
}

/** Deletes a category (refused, with a sentence, while it holds products); adding and editing go to the admin API for the image's progress bar. */
export async function action({ request, context }: Route.ActionArgs) {
  requireSuperuser(request, context);
  const formData = await request.formData();
  const slug = textOf(formData, 'slug');
  if (intentOf(formData) !== 'delete' || !slug) return unknownIntent();
  return outcome(() => context.services.releasing(() => context.services.catalog.deleteCategory(slug)), 'Category deleted successfully');
}

export default function CategoriesRoute({ loaderData }: Route.ComponentProps) {
  return <CategoriesPanel categories={loaderData} />;
}

export function ErrorBoundary() {
  return <SectionError message="Error loading categories." />;
}
