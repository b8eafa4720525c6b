import type { MetaDescriptor } from 'react-router';

export const SITE_NAME = 'Teakwood Studio';

interface SeoInput {
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. /product/kaveri-sofa. */
  path: string;
  publicUrl: string;
  image?: string | null;
  type?: 'website' | 'product' | 'article';
  jsonLd?: object[];
  noindex?: boolean;
}

/** Title, description, canonical URL, Open Graph and JSON-LD for a page. */
export function seo({ title, description, path, publicUrl, image, type = 'website', jsonLd = [], noindex }: SeoInput): MetaDescriptor[] {
  const url = `${publicUrl}${path}`;
  const fullTitle = title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:type', content: type },
    { property: 'og:locale', content: 'en_IN' },
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
  ];
  if (image) tags.push({ property: 'og:image', content: `${publicUrl}${image}` });
  if (noindex) tags.push({ name: 'robots', content: 'noindex' });
  for (const data of jsonLd) tags.push({ 'script:ld+json': data });
  return tags;
}

export function breadcrumbs(publicUrl: string, items: { name: string; path: string }[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      item: `${publicUrl}${item.path}`,
    })),
  };
}

/** The shop's public origin (from the root loader), for canonical URLs in page meta. */
export function publicUrlOf(matches: readonly ({ id: string; data?: unknown } | undefined)[]): string {
  const root = matches.find((m) => m?.id === 'root')?.data as { publicUrl?: string } | undefined;
  return root?.publicUrl ?? '';
}
