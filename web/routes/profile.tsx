import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';
import { changePasswordFormSchema, PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_TOO_BIG, profileFormSchema } from '../../contract/accounts';
import { PageLoadError } from '../components/ui/load-error';
import { DetailsCard } from '../features/accounts/profile/details-card';
import { PasswordCard } from '../features/accounts/profile/password-card';
import { PictureCard, type PictureAnswer } from '../features/accounts/profile/picture-card';
import { SideMenu } from '../features/accounts/profile/profile-parts';
import { FORM_PAGE_REFERRER } from '../lib/form-page';
import { invalidForm, isShopError, refused } from '../lib/form.server';
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

/** A multipart body with room for the picture and the form's few fields, no more. */
const UPLOAD_MAX_BYTES = PROFILE_PICTURE_MAX_BYTES + 64 * 1024;

/**
 * The profile's forms, each with its intent: "details" (the personal details, a new e-mail with its proof),
 * "password" (this browser stays signed in, every other session ends) and "picture" (multipart, stored by the
 * same image code as the API, checked by its bytes).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const { services } = context;
  const multipart = (request.headers.get('content-type') ?? '').startsWith('multipart/form-data');
  if (multipart) {
    const length = Number(request.headers.get('content-length') ?? NaN);
    if (!Number.isFinite(length) || length > UPLOAD_MAX_BYTES) {
      return data<PictureAnswer>({ intent: 'picture', stored: false, errors: [PROFILE_PICTURE_TOO_BIG] }, { status: 413 });
    }
  }
  const formData = await request.formData();
  const intent = formData.get('intent');

  if (intent === 'picture') {
    const file = formData.get('profile_picture');
    if (!(file instanceof File) || file.size === 0) {
      return data<PictureAnswer>({ intent: 'picture', stored: false, errors: ['Choose a picture to upload.'] }, { status: 400 });
    }
    try {
      await services.setProfilePicture(user, Buffer.from(await file.arrayBuffer()));
      return { intent: 'picture', stored: true } satisfies PictureAnswer;
    } catch (err) {
      if (!isShopError(err) || err.status >= 500) throw err;
      return data<PictureAnswer>({ intent: 'picture', stored: false, errors: [err.detail] }, { status: err.status });
    }
  }

  if (intent === 'password') {
    const submission = parseWithZod(formData, { schema: changePasswordFormSchema });
    if (submission.status !== 'success') return invalidForm(submission);
    try {
      await services.accountPageLimits.changePassword(context.ip);
      await services.accounts.changePassword(user, submission.value.old_password, submission.value.new_password, context.sessionId);
    } catch (err) {
      return refused(submission, err);
    }
    return { ...submission.reply({ resetForm: true }), intent: 'password' as const, changed: true as const };
  }

  if (intent === 'details') {
    const submission = parseWithZod(formData, { schema: profileFormSchema(services.accounts.profile(user)) });
    if (submission.status !== 'success') return invalidForm(submission);
    const { google_access_token, google_id_token, ...update } = submission.value;
    try {
      const google =
        google_access_token || google_id_token
          ? await services.verifyGoogle({ access_token: google_access_token, id_token: google_id_token })
          : undefined;
      // A wrong current password counts as a failed log-in of the account, as on the API.
      await services.loginGuard.accountPassword(user.email, (onWrongPassword) =>
        services.accounts.updateProfile(
          user,
          { ...update, gender: update.gender ?? null },
          { sessionId: context.sessionId, google, onWrongPassword },
        ),
      );
    } catch (err) {
      return refused(submission, err);
    }
    return { ...submission.reply(), saved: true as const };
  }

  return data({ intent: null, detail: 'This form is not one of the profile’s.' }, { status: 400 });
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
