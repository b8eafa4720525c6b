import type { SiteImageKey } from '../../../contract/site-images';

/** The spec's fixed category icon list (title / categoryChoice). */
export const CATEGORY_ICONS = [
  { title: 'Sofas', slug: 'sofas' },
  { title: 'Beds', slug: 'beds' },
  { title: 'Tables', slug: 'tables' },
  { title: 'Book Shelf', slug: 'book-shelf' },
  { title: 'Cabinet', slug: 'cabinet' },
  { title: 'Dinning', slug: 'dinning' },
  { title: 'Bar', slug: 'bar' },
  { title: 'Pooja', slug: 'pooja' },
  { title: 'TV Units', slug: 'tv-units' },
  { title: 'Wardrobe', slug: 'wardrobe' },
  { title: 'Wall Panels', slug: 'wall-panels' },
  { title: 'Paintings', slug: 'paintings' },
] as const;

export const COLLECTIONS: { id: string; title: string; image: SiteImageKey; tagline: string }[] = [
  { id: 'collection1', title: 'Significant Essence', image: 'collection1', tagline: 'Pieces with presence, for rooms that gather people.' },
  { id: 'collection2', title: 'Elegant Reflections', image: 'collection2', tagline: 'Quiet curves and polished grain.' },
  { id: 'collection3', title: 'Modern Minimalist', image: 'collection3', tagline: 'Clean lines, honest joinery, nothing extra.' },
  { id: 'collection4', title: 'Vintage Charm', image: 'collection4', tagline: 'Carving and craft from South Indian heritage homes.' },
];

/** The collection page heading: the four named collections, any other value with hyphens as spaces. */
export function collectionTitle(id: string | null): string {
  if (!id) return 'All Products';
  return COLLECTIONS.find((c) => c.id === id)?.title ?? id.replace(/-/g, ' ');
}

/** The category page title: the category with a space before each capital. */
export function spacedTitle(name: string): string {
  return name.replace(/([a-z])([A-Z])/g, '$1 $2');
}
