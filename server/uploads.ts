import type { BookingInput } from '../contract/consultations';
import type { ReturnReportInput } from '../contract/after-sale';
import type { QuoteRequestForm } from '../contract/quotes';
import type { ReviewInput, ReviewPatch } from '../contract/reviews';
import { storeImage } from './lib/images';
import type { Media } from './lib/media';
import type { AccountUser, AccountsService } from './modules/accounts/accounts.service';
import type { AfterSaleService } from './modules/after-sale/after-sale.service';
import type { ConsultationsService } from './modules/consultations/consultations.service';
import type { QuotesService } from './modules/quotes/quotes.service';
import type { ReviewsService } from './modules/reviews/reviews.service';

/**
 * The pages' uploads, each a workflow over one module's service and the media: every photo checked by its bytes
 * (JPEG, PNG or WebP) and stored like every upload, the module's own checks first where they can refuse before a
 * photo is stored, and the photos of a refused request let go.
 */
export function createUploads({
  media,
  accounts,
  consultations,
  afterSale,
  quotes,
  reviews,
}: {
  media: Media;
  accounts: AccountsService;
  consultations: ConsultationsService;
  afterSale: AfterSaleService;
  quotes: QuotesService;
  reviews: ReviewsService;
}) {
  return {
    /** Stores an uploaded profile picture (checked by its bytes: JPEG, PNG or WebP) and answers its URL. */
    /**
     * Stores a new profile picture (checked by its bytes) and sets it; the picture it replaces is removed unless
     * still shown elsewhere, and a picture that could not be set is not left behind.
     */
    async setProfilePicture(user: AccountUser, bytes: Buffer) {
      const stored = await storeImage(media.storage, bytes, { folder: 'profiles', maxWidth: 800 });
      try {
        const profile = await accounts.updateProfile(user, { profile_picture: stored });
        await media.release([user.profilePicture]);
        return profile;
      } catch (err) {
        await media.release([stored]);
        throw err;
      }
    },
    /**
     * Books a consultation from the booking page, with the visitor's photo (checked by its bytes and stored
     * like every upload); a photo whose booking was refused (the slot was just taken) is not left behind.
     */
    async bookConsultation(input: BookingInput, photo?: Buffer) {
      const stored = photo ? await storeImage(media.storage, photo, { folder: 'consultations', maxWidth: 1600 }) : null;
      try {
        return await consultations.book(input, { photo: stored });
      } catch (err) {
        if (stored) await media.release([stored]);
        throw err;
      }
    },
    /**
     * The order page's "Report a problem" (decision 0038): the window and the order checked first, then each photo
     * through the shop's image checks and stored like every upload; photos of a refused report are not left behind.
     */
    async reportReturn(userId: number, orderId: number, input: ReturnReportInput, photos: Buffer[]) {
      await afterSale.checkReportable(userId, orderId);
      const stored: string[] = [];
      try {
        for (const bytes of photos) stored.push(await storeImage(media.storage, bytes, { folder: 'returns', maxWidth: 1600 }));
        return await afterSale.reportReturn(userId, orderId, input, stored);
      } catch (err) {
        await media.release(stored);
        throw err;
      }
    },
    /**
     * A buyer's request for a piece in their size from the request page (decision 0039): its photos checked by
     * their bytes and stored like every upload; photos of a request refused (a size out of range) are not left behind.
     */
    async requestQuote(user: AccountUser, input: QuoteRequestForm, photos: Buffer[]) {
      const stored: string[] = [];
      try {
        for (const bytes of photos) stored.push(await storeImage(media.storage, bytes, { folder: 'quotes', maxWidth: 1600 }));
        return await quotes.createRequest(user, input, stored);
      } catch (err) {
        await media.release(stored);
        throw err;
      }
    },
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
