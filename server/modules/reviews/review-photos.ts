import { storeImage } from '../../lib/images';
import type { Media } from '../../lib/media';
import type { ReviewInput, ReviewPatch } from '../../../contract/reviews';
import type { ReviewsService } from './reviews.service';

/**
 * A review's photos, as the pages upload them: each checked by its bytes (JPEG, PNG or WebP) and stored like every upload,
 * and let go when what it came with is refused. Built by the composition root (server/services.ts).
 */
export function reviewPhotosUpload(media: Media, reviews: ReviewsService) {
  return {
    /**
     * A verified buyer's review with its photos, each through the shop's image checks and stored like every
     * upload: the right to review is checked before any photo is stored; photos of a refused review are not left behind.
     */
    async writeReview(userId: number, slug: string, input: ReviewInput, photos: Buffer[]) {
      await reviews.checkReviewable(userId, slug);
      const stored: string[] = [];
      try {
        for (const bytes of photos) stored.push(await storeImage(media.storage, bytes, { folder: 'reviews', maxWidth: 1600 }));
        return await reviews.create(userId, slug, input, stored);
      } catch (err) {
        await media.release(stored);
        throw err;
      }
    },
    /** A buyer's edit of her own review from its page: new photos (checked and stored) replace the old, which are let go. */
    async editReview(userId: number, reviewId: number, patch: ReviewPatch, photos: Buffer[] | null) {
      const stored: string[] = [];
      try {
        for (const bytes of photos ?? []) stored.push(await storeImage(media.storage, bytes, { folder: 'reviews', maxWidth: 1600 }));
        const { review, dropped } = await reviews.update(userId, reviewId, patch, photos ? stored : null);
        await media.release(dropped);
        return review;
      } catch (err) {
        await media.release(stored);
        throw err;
      }
    },
  };
}
