import { storeImage } from '../../lib/images';
import type { Media } from '../../lib/media';
import type { ReturnReportInput } from '../../../contract/after-sale';
import type { AfterSaleService } from './after-sale.service';

/**
 * A return report's photos, as the pages upload them: each checked by its bytes (JPEG, PNG or WebP) and stored like every upload,
 * and let go when what it came with is refused. Built by the composition root (server/services.ts).
 */
export function returnPhotosUpload(media: Media, afterSale: AfterSaleService) {
  return {
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
  };
}
