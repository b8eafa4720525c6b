import { SectionError, type SectionHandle } from '../features/admin/admin-panel';
import { adminLoad, intentOf, outcome, textOf, unknownIntent } from '../features/admin/admin.server';
import { SubcategoriesPanel } from '../features/admin/taxonomy-panels';
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
export async function action({ request, context }: Route.ActionArgs) {
  requireSuperuser(request, context);
  const formData = await request.formData();
  const slug = textOf(formData, 'slug');
  if (intentOf(formData) !== 'delete' || !slug) return unknownIntent();
  return outcome(() => context.services.releasing(() => context.services.catalog.deleteSubcategory(slug)), 'Subcategory deleted successfully');
}

export default function SubcategoriesRoute({ loaderData }: Route.ComponentProps) {
  return <SubcategoriesPanel categories={loaderData.categories} subcategories={loaderData.subcategories} />;
}

export function ErrorBoundary() {
  return <SectionError message="Error loading categories." />;
}
