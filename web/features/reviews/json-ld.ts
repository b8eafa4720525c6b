import type { ReviewPage } from '../../../contract/reviews';

/**
 * What the product's JSON-LD says of its reviews (decision 0050): `aggregateRating` from the published reviews
 * and the reviews of the page shown, so that search engines show the stars; nothing before the first review (an
 * owner's figure is no rating of buyers).
 */
export function reviewsJsonLd(page: ReviewPage | null): object {
  if (!page || page.summary.count === 0 || page.summary.average === null) return {};
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: page.summary.average,
      bestRating: 5,
      worstRating: 1,
      ratingCount: page.summary.count,
      reviewCount: page.summary.count,
    },
    review: page.results.map((r) => ({
      '@type': 'Review',
      name: r.title,
      reviewBody: r.text,
      datePublished: r.created_at.slice(0, 10),
      author: { '@type': 'Person', name: r.author },
      reviewRating: { '@type': 'Rating', ratingValue: r.stars, bestRating: 5, worstRating: 1 },
    })),
  };
}
