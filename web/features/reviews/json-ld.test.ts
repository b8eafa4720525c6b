import { describe, expect, it } from 'vitest';
import { roundToHalf, type Review, type ReviewPage } from '../../../contract/reviews';
import { reviewsJsonLd } from './json-ld';

const review = (id: number, stars: number): Review => ({
  id,
  product: { slug: 'arjun-sofa', name: 'Arjun Sofa' },
  stars,
  title: `Review ${id}`,
  text: 'The teak grain is lovely and the joints are tight.',
  finish: null,
  room: null,
  author: 'Asha R.',
  verified_buyer: true,
  status: 'published',
  photos: [],
  helpful: 0,
  reply: null,
  replied_at: null,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
});

const page = (results: Review[]): ReviewPage => {
  const breakdown = { 5: 0, 4: 0, 3: 0, 2: 0, 1: 0 };
  for (const r of results) breakdown[r.stars as 1 | 2 | 3 | 4 | 5] += 1;
  const count = results.length;
  const average = count ? roundToHalf(results.reduce((a, r) => a + r.stars, 0) / count) : null;
  return { summary: { average, count, breakdown }, page: 1, pages: 1, sort: 'newest', results };
};

describe('the product’s JSON-LD of its reviews', () => {
  it('names the published reviews’ average, count and each review', () => {
    const ld = reviewsJsonLd(page([review(1, 5), review(2, 4)])) as { aggregateRating: object; review: object[] };
    expect(ld.aggregateRating).toMatchObject({ '@type': 'AggregateRating', ratingValue: 4.5, ratingCount: 2, bestRating: 5 });
    expect(ld.review).toHaveLength(2);
    expect(ld.review[0]).toMatchObject({ '@type': 'Review', author: { name: 'Asha R.' }, reviewRating: { ratingValue: 5 } });
  });

  it('says nothing of ratings before the first published review', () => {
    expect(reviewsJsonLd(page([]))).toEqual({});
    expect(reviewsJsonLd(null)).toEqual({});
  });

  it('rounds an average to a half', () => {
    expect([4.24, 4.25, 4.74, 4.75, 1].map(roundToHalf)).toEqual([4, 4.5, 4.5, 5, 1]);
  });
});
