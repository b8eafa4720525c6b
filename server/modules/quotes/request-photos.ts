import { storeImage } from '../../lib/images';
import type { Media } from '../../lib/media';
import type { QuoteRequestForm } from '../../../contract/quotes';
import type { AccountUser } from '../accounts/accounts.service';
import type { QuotesService } from './quotes.service';

/**
 * A quote request's photos, as the pages upload them: each checked by its bytes (JPEG, PNG or WebP) and stored like every upload,
 * and let go when what it came with is refused. Built by the composition root (server/services.ts).
 */
export function quoteRequestPhotosUpload(media: Media, quotes: QuotesService) {
  return {
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
  };
}
