/**
 * What a visitor reads when a section of a page could not be loaded: the spec's texts (storefront spec,
 * section 8), never the error itself, which may hold SQL or other internals and is logged on the server.
 */
export const LOAD_FAILURE = {
  /** The category page's subcategory cards: 'Error loading subcategories: {message}'. */
  subcategories: 'Error loading subcategories: please try again in a moment.',
  /** Product lists and carousels (Subcategory, Room 'New In', Shop, search). */
  products: 'Error loading products',
  /** The collection page: 'Error: {message}', the product list's message being 'Failed to fetch products'. */
  collection: 'Error: Failed to fetch products',
  categories: 'Error loading categories.',
  /** Blog detail: a failed load is silent and 'Loading...' stays (the page tries again by itself). */
  blog: 'Loading...',
  /** The profile page (accounts spec, messages): its loader could not read the profile. */
  profile: 'Failed to fetch profile',
  /** A page none of the above covers. */
  page: 'This page could not be loaded just now. Please try again in a moment.',
  /** The browser could not reach the shop at all (offline, or the server is down). */
  unreachable: 'We could not reach the shop. Please check your connection and try again.',
} as const;

export type LoadSection = keyof typeof LOAD_FAILURE;
