import type { Config } from '../../config';
import { localStorage } from './local';
import { s3Storage } from './s3';
import type { ObjectStorage } from './storage';

export { contentTypeOf, isMediaKey, type ObjectStorage, type StoredObject } from './storage';
export { localStorage } from './local';

/** The storage the configuration names: `DATA_DIR/media` by default, an S3-compatible bucket with MEDIA_STORAGE=s3. */
export function createStorage(config: Pick<Config, 'mediaDir' | 'media'>): ObjectStorage {
  return config.media.s3 ? s3Storage(config.media.s3) : localStorage(config.mediaDir);
}
