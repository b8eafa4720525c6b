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
  collection1: { width: 1200, height: 900 },
  collection2: { width: 1200, height: 900 },
  collection3: { width: 1200, height: 900 },
  collection4: { width: 1200, height: 900 },
  featureBeds: { width: 1200, height: 900 },
  featureSofas: { width: 1200, height: 900 },
  featureDinning: { width: 1200, height: 900 },
  workshop: { width: 1600, height: 900 },
  workshop2: { width: 1600, height: 900 },
  banner: { width: 1600, height: 900 },
} as const;

export type SiteImageKey = keyof typeof SITE_IMAGES;

export function siteImageUrl(key: SiteImageKey): string {
  const { width, height } = SITE_IMAGES[key];
  return `/media/site/${key}-${width}x${height}.jpg`;
}
