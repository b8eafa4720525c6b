import { useState } from 'react';
import { useActionData, useFetcher } from 'react-router';
import { PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_TOO_BIG, type Profile } from '../../../../contract/accounts';
import { FieldErrors } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast';
import { answerTo, type Answer } from '../../../lib/answer';
import { Avatar } from './profile-parts';

/**
 * "Upload profile picture": a multipart form to the profile's action, sent as soon as a file is chosen (a
 * button does it without scripts). The control is disabled while the picture travels; the page's data is read
 * again afterwards by itself, so the new picture shows.
 */
export function PictureCard({ profile }: { profile: Profile }) {
  const fetcher = useFetcher<Answer>({ key: 'profile-picture' });
  const uploading = fetcher.state !== 'idle';
  const posted = answerTo(useActionData<Answer>(), 'picture');
  const answer = uploading ? undefined : (fetcher.data ?? posted);
  // A file too big to be worth sending is refused at once, with the action's own limit and words.
  const [tooBig, setTooBig] = useState(false);
  const errors = tooBig ? [PROFILE_PICTURE_TOO_BIG] : answer && !answer.ok && answer.message ? [answer.message] : [];

  return (
    <section
      aria-label="Profile picture"
      className="flex flex-col items-center gap-5 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-teak-200/70 sm:flex-row sm:p-8"
    >
      <Avatar profile={profile} size="h-28 w-28" />
      <div className="text-center sm:text-left">
        <p className="font-display text-2xl text-teak-900">Hello, {profile.first_name || profile.username}</p>
        <p className="mt-1 text-sm text-teak-700">A clear photo helps our team recognise you at delivery.</p>
        <fetcher.Form method="post" action="/profile" encType="multipart/form-data" aria-label="Profile picture upload">
          <input type="hidden" name="intent" value="picture" />
          <label
            className={`btn-secondary mt-4 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-teak-500 ${uploading ? 'cursor-not-allowed opacity-60' : 'cursor-pointer'}`}
          >
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp"
              name="profile_picture"
              className="sr-only"
              disabled={uploading}
              aria-describedby={errors.length ? 'picture-error' : undefined}
              onChange={(event) => {
                const input = event.currentTarget;
                const file = input.files?.[0];
                if (!file) return;
                setTooBig(file.size > PROFILE_PICTURE_MAX_BYTES);
                if (file.size > PROFILE_PICTURE_MAX_BYTES) {
                  input.value = '';
                  toast('Failed to upload image', 'error');
                  return;
                }
                void fetcher.submit(input.form, { method: 'post', action: '/profile', encType: 'multipart/form-data' }).then(() => {
                  input.value = '';
                });
              }}
            />
            {uploading ? 'Uploading…' : 'Upload profile picture'}
          </label>
          <noscript>
            <button type="submit" className="btn-primary mt-3">
              Send picture
            </button>
          </noscript>
        </fetcher.Form>
        <FieldErrors id="picture-error" errors={errors} />
      </div>
    </section>
  );
}
