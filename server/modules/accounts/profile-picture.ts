import { storeImage } from '../../lib/images';
import type { Media } from '../../lib/media';
import type { AccountUser, AccountsService } from './accounts.service';

/**
 * The account page's profile picture, as the pages upload them: each checked by its bytes (JPEG, PNG or WebP) and stored like every upload,
 * and let go when what it came with is refused. Built by the composition root (server/services.ts).
 */
export function profilePictureUpload(media: Media, accounts: AccountsService) {
  return {
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
  };
}
