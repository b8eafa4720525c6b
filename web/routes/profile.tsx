import { data } from 'react-router';
import { changePasswordFormSchema, PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_TOO_BIG, profileFormSchema } from '../../contract/accounts';
import { PageLoadError } from '../components/ui/load-error';
import { toast } from '../components/ui/toast';
import { DetailsCard } from '../features/accounts/profile/details-card';
import { PasswordCard } from '../features/accounts/profile/password-card';
import { PictureCard } from '../features/accounts/profile/picture-card';
import { SideMenu } from '../features/accounts/profile/profile-parts';
import { FORM_PAGE_REFERRER } from '../lib/form-page';
import { checkForm, dispatch, done, failed, invalid, isShopError, refusal, type IntentArgs, type UploadField } from '../lib/form.server';
import { requireUser } from '../lib/guards.server';
import { LOAD_FAILURE } from '../lib/load-failure';
import { loadSection } from '../lib/load.server';
import { publicUrlOf, seo } from '../lib/seo';
import type { Route } from './+types/profile';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo({
    title: 'My Profile',
    description: 'Your Teakwood Studio profile.',
    path: '/profile',
    publicUrl: publicUrlOf(matches),
    noindex: true,
  }),
  FORM_PAGE_REFERRER,
];

/** The profile, read on the server for the signed-in user: the first HTML already shows it. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  // Read from the database, not the request's session: after a form posted without scripts, the action has
  // just changed the row in this very request.
  const loaded = await loadSection(context, 'profile', () => context.services.accounts.currentProfile(user));
  // The spec's 'Failed to fetch profile', under the page's heading (the error boundary below), answered 503.
  if (!loaded.ok) throw data(null, { status: 503 });
  const profile = loaded.data ?? context.services.accounts.profile(user);
  return { profile, googleClientId: context.services.config.googleClientId };
}

/** The one file of the profile's forms: the picture, held no further than its limit. */
const PICTURE: UploadField = { intent: 'picture', field: 'profile_picture', maxBytes: PROFILE_PICTURE_MAX_BYTES, tooLarge: PROFILE_PICTURE_TOO_BIG };

/**
 * The profile's forms, each with its intent: "details" (the personal details, a new e-mail with its proof),
 * "password" (this browser stays signed in, every other session ends) and "picture" (multipart, stored by the
 * same image code as the API, checked by its bytes).
 */
export async function action(args: Route.ActionArgs) {
  requireUser(args.request, args.context);
  return dispatch(args, { picture, password, details }, { upload: PICTURE });
}

async function picture({ request, context, formData }: IntentArgs<Route.ActionArgs>) {
  const user = requireUser(request, context);
  const file = formData.get('profile_picture');
  if (!(file instanceof File) || file.size === 0) return failed('picture', 400, 'Choose a picture to upload.', { field: 'profile_picture' });
  try {
    await context.services.setProfilePicture(user, Buffer.from(await file.arrayBuffer()));
    return done('picture', { message: 'Profile picture updated' });
  } catch (err) {
    if (!isShopError(err) || err.status >= 500) throw err;
    return failed('picture', err.status, err.detail, { field: 'profile_picture' });
  }
}

async function password({ request, context, formData }: IntentArgs<Route.ActionArgs>) {
  const user = requireUser(request, context);
  const { services } = context;
  const submission = checkForm(formData, changePasswordFormSchema);
  if (submission.status !== 'success') return invalid('password', submission);
  try {
    await services.accountPageLimits.changePassword(context.ip);
    await services.accounts.changePassword(user, submission.value.old_password, submission.value.new_password, context.sessionId);
  } catch (err) {
    return refusal('password', err, { submission });
  }
  return done('password', { message: 'Your password has been changed.', submission, reset: true });
}

async function details({ request, context, formData }: IntentArgs<Route.ActionArgs>) {
  const user = requireUser(request, context);
  const { services } = context;
  const submission = checkForm(formData, profileFormSchema(services.accounts.profile(user)));
  if (submission.status !== 'success') return invalid('details', submission);
  const { google_access_token, google_id_token, ...update } = submission.value;
  try {
    const google =
      google_access_token || google_id_token
        ? await services.verifyGoogle({ access_token: google_access_token, id_token: google_id_token })
        : undefined;
    // A wrong current password counts as a failed log-in of the account, as on the API.
    await services.loginGuard.accountPassword(user.email, (onWrongPassword) =>
      services.accounts.updateProfile(user, { ...update, gender: update.gender ?? null }, { sessionId: context.sessionId, google, onWrongPassword }),
    );
  } catch (err) {
    return refusal('details', err, { submission });
  }
  return done('details', { message: 'Profile updated successfully', submission });
}

/** The notification of a refused form, where the spec names one (the password form shows its errors only). */
const FAILED: Record<string, string> = { picture: 'Failed to upload image', details: 'Failed to update profile' };

/** Each answer of the profile's forms is announced once, as it arrives (the same change twice is two notifications). */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  const answer = await serverAction();
  if (answer.ok && answer.message) toast(answer.message);
  else if (!answer.ok && FAILED[answer.intent]) toast(FAILED[answer.intent]!, 'error');
  return answer;
}

export default function ProfilePage({ loaderData }: Route.ComponentProps) {
  const { profile, googleClientId } = loaderData;
  return (
    <div className="bg-gradient-to-b from-teak-50 to-sand">
      <div className="container-page py-10 sm:py-14">
        <p className="text-xs font-semibold tracking-[0.25em] text-teak-600 uppercase">Your account</p>
        <h1 className="mt-2 text-4xl text-teak-900 sm:text-5xl">My Profile</h1>
        <div className="mt-8 grid gap-8 lg:grid-cols-[18rem_1fr]">
          <SideMenu profile={profile} />
          <div className="space-y-8">
            <PictureCard profile={profile} />
            <DetailsCard profile={profile} googleClientId={googleClientId} />
            <PasswordCard />
          </div>
        </div>
      </div>
    </div>
  );
}

/** The profile could not be loaded (on the server, or on a visit from another page): the spec's message. */
export function ErrorBoundary() {
  return <PageLoadError title="My Profile" message={LOAD_FAILURE.profile} />;
}
