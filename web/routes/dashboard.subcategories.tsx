import { SectionError, type SectionHandle } from '../features/admin/admin-panel';
import { adminLoad, missingItem, outcome, textOf } from '../features/admin/admin.server';
import { SubcategoriesPanel } from '../features/admin/taxonomy-panels';
import { dispatch, type IntentArgs } from '../lib/form.server';
import { requireSuperuser } from '../lib/guards.server';
import type { Route } from './+types/dashboard.subcategories';

export const handle: SectionHandle = { title: 'Products' };

/** Every category (for the form and the filter) and the subcategories of the one chosen in the address (?category=…). */
export function loader({ request, context }: Route.LoaderArgs) {
  return adminLoad(request, context, 'subcategories', async () => {
    const { catalog } = context.services;
    const category = new URL(request.url).searchParams.get('category')?.trim().slice(0, 100) || undefined;
    const [categories, subcategories] = await Promise.all([catalog.listCategories(), catalog.listSubcategories(category)]);
    return { categories, subcategories };
  });
}

/** Deletes a subcategory (its products stay in their category); adding and editing go to the admin API. */
export async function action(args: Route.ActionArgs) {
  requireSuperuser(args.request, args.context);
  return dispatch(args, { delete: remove });
}

async function remove({ context, formData }: IntentArgs<Route.ActionArgs>) {
  const slug = textOf(formData, 'slug');
  if (!slug) return missingItem('delete');
  return outcome(
    'delete',
    () => context.services.releasing(() => context.services.catalog.deleteSubcategory(slug)),
    'Subcategory deleted successfully',
  );
}

export default function SubcategoriesRoute({ loaderData }: Route.ComponentProps) {
  return <SubcategoriesPanel categories={loaderData.categories} subcategories={loaderData.subcategories} />;
}

export function ErrorBoundary() {
  return <SectionError message="Error loading categories." />;
}
