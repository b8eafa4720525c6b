import { storeImage } from '../../lib/images';
import type { Media } from '../../lib/media';
import type { BookingInput } from '../../../contract/consultations';
import type { ConsultationsService } from './consultations.service';

/**
 * The booking page's photo, as the pages upload them: each checked by its bytes (JPEG, PNG or WebP) and stored like every upload,
 * and let go when what it came with is refused. Built by the composition root (server/services.ts).
 */
export function bookingPhotoUpload(media: Media, consultations: ConsultationsService) {
  return {
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
  };
}
