/**
 * Fixed imagery of the storefront (hero slides, rooms, collections…). The server draws these once
 * into /media/site/ at start; pages refer to them by key.
 */
export const SITE_IMAGES = {
  hero1: { width: 1600, height: 900 },
  hero2: { width: 1600, height: 900 },
  hero3: { width: 1600, height: 900 },
  hero4: { width: 1600, height: 900 },
  roomTv: { width: 1200, height: 800 },
  roomKitchen: { width: 1200, height: 800 },
  roomBedroom: { width: 1200, height: 800 },
  roomStudy: { width: 1200, height: 800 },
  roomLiving: { width: 1200, height: 800 },
  roomDining: { width: 1200, height: 800 },
  bedroom1: { width: 1200, height: 800 },
  bedroom2: { width: 1200, height: 800 },
  bedroom3: { width: 1200, height: 800 },
  bedroom4: { width: 1200, height: 800 },
  collection1: { width: 1200, height: 900 },
  collection2: { width: 1200, height: 900 },
  collection3: { width: 1200, height: 900 },
  collection4: { width: 1200, height: 900 },
  featureBeds: { width: 1200, height: 900 },
  featureSofas: { width: 1200, height: 900 },
  featureDinning: { width: 1200, height: 900 },
  workshop: { width: 1600, height: 900 },
  workshop2: { width: 1600, height: 900 },
  design: { width: 1600, height: 900 },
  banner: { width: 1600, height: 900 },
} as const;

export type SiteImageKey = keyof typeof SITE_IMAGES;

/** The Room page's 'Featured Bedrooms' slides: bedrooms only (the spec's carousel shows up to five at once). */
export const FEATURED_BEDROOMS = ['roomBedroom', 'bedroom1', 'bedroom2', 'bedroom3', 'bedroom4'] as const satisfies readonly SiteImageKey[];

/** The picture a product card shows for a product that has none yet (the spec's fallback image). */
export const PRODUCT_FALLBACK_IMAGE: SiteImageKey = 'workshop';

export function siteImageUrl(key: SiteImageKey): string {
  const { width, height } = SITE_IMAGES[key];
  return `/media/site/${key}-${width}x${height}.jpg`;
}
