import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { normalisePhone, PHONE_MESSAGE, passwordProblems, type Profile } from '../../contract/accounts';
import { Picture } from '../components/ui/picture';
import { Field, FieldErrors, FormAlert, inputClass, PasswordField, withoutField } from '../components/ui/field';
import { GoogleButton } from '../features/accounts/google-button';
import { PasswordRules } from '../features/accounts/password-rules';
import { useSession } from '../lib/session';
import { requireUser } from '../lib/guards.server';
import { Toasts, useToasts } from '../features/accounts/toasts';
import { api, ApiError } from '../lib/api';
import { publicUrlOf, seo } from '../lib/seo';
import type { Route } from './+types/profile';

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'My Profile',
    description: 'Your Teakwood Studio profile.',
    path: '/profile',
    publicUrl: publicUrlOf(matches),
    noindex: true,
  });

/** The spec's delay before the profile is read again after a new picture. */
const PICTURE_RELOAD_MS = 1000;
const PICTURE_MAX_BYTES = 5 * 1024 * 1024;
const REQUIRED = 'This field is required.';

type Draft = {
  first_name: string;
  last_name: string;
  email: string;
  gender: '' | 'male' | 'female' | 'other';
  dob: string;
  phone_number: string;
  address: string;
  city: string;
  zip_code: string;
};
type DraftField = keyof Draft;

const TEXT_FIELDS: {
  name: Exclude<DraftField, 'gender'>;
  label: string;
  type?: string;
  autoComplete: string;
  inputMode?: 'tel' | 'email' | 'numeric';
  wide?: boolean;
}[] = [
  { name: 'first_name', label: 'First name', autoComplete: 'given-name' },
  { name: 'last_name', label: 'Last name', autoComplete: 'family-name' },
  {
    name: 'email',
    label: 'Email',
    type: 'email',
    autoComplete: 'email',
    inputMode: 'email',
  },
  {
    name: 'phone_number',
    label: 'Phone number',
    type: 'tel',
    autoComplete: 'tel',
    inputMode: 'tel',
  },
  { name: 'dob', label: 'Date of birth', type: 'date', autoComplete: 'bday' },
  {
    name: 'address',
    label: 'Address',
    autoComplete: 'street-address',
    wide: true,
  },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  {
    name: 'zip_code',
    label: 'PIN code',
    autoComplete: 'postal-code',
    inputMode: 'numeric',
  },
];
const REQUIRED_FIELDS: DraftField[] = ['first_name', 'last_name', 'email', 'phone_number', 'dob', 'address', 'city', 'zip_code'];
const GENDERS = [
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
  { value: 'other', label: 'Other' },
] as const;

function draftOf(p: Profile): Draft {
  return {
    first_name: p.first_name,
    last_name: p.last_name,
    email: p.email,
    gender: p.gender ?? '',
    dob: p.dob ?? '',
    phone_number: p.phone_number,
    address: p.address,
    city: p.city,
    zip_code: p.zip_code,
  };
}

function checkDraft(d: Draft): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const name of REQUIRED_FIELDS) if (!d[name].trim()) errors[name] = [REQUIRED];
  if (!errors.phone_number && !normalisePhone(d.phone_number)) errors.phone_number = [PHONE_MESSAGE];
  if (!errors.zip_code && !/^[0-9]{6}$/.test(d.zip_code.trim())) errors.zip_code = ['Enter a 6-digit PIN code.'];
  return errors;
}

function longDate(iso: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      });
}

function displayValue(name: DraftField, profile: Profile): string {
  if (name === 'gender') return GENDERS.find((g) => g.value === profile.gender)?.label ?? '';
  if (name === 'dob') return profile.dob ? longDate(profile.dob) : '';
  return profile[name];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireUser(request, context);
  return { googleClientId: context.services.config.googleClientId };
}

export default function ProfileRoute({ loaderData }: Route.ComponentProps) {
  return <ProfilePage googleClientId={loaderData.googleClientId} />;
}

function ProfilePage({ googleClientId }: { googleClientId: string | null }) {
  const session = useSession();
  const { toasts, show, dismiss } = useToasts();
  const [profile, setProfile] = useState<Profile | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);

  const load = useCallback(async () => {
    try {
      setProfile(await api<Profile>('/api/profile/'));
      setLoadFailed(false);
    } catch {
      setLoadFailed(true);
      show('Failed to fetch profile', 'error');
    }
  }, [show]);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <div className="bg-gradient-to-b from-teak-50 to-sand">
      <Toasts toasts={toasts} onDismiss={dismiss} />
      <div className="container-page py-10 sm:py-14">
        <p className="text-xs font-semibold tracking-[0.25em] text-teak-600 uppercase">Your account</p>
        <h1 className="mt-2 text-4xl text-teak-900 sm:text-5xl">My Profile</h1>
        <div className="mt-8 grid gap-8 lg:grid-cols-[18rem_1fr]">
          <SideMenu profile={profile} onLogout={() => void session.logout()} />
          <div className="space-y-8">
            {profile ? (
              <>
                <PictureCard
                  profile={profile}
                  onUploaded={() => {
                    show('Profile picture updated');
                    setTimeout(() => {
                      void load();
                      void session.reload();
                    }, PICTURE_RELOAD_MS);
                  }}
                  onFailed={() => show('Failed to upload image', 'error')}
                />
                <DetailsCard
                  profile={profile}
                  googleClientId={googleClientId}
                  onSaved={(p) => {
                    setProfile(p);
                    show('Profile updated successfully');
                    void session.reload();
                  }}
                  onFailed={() => show('Failed to update profile', 'error')}
                />
                <PasswordCard onChanged={() => show('Your password has been changed.')} />
              </>
            ) : loadFailed ? (
              <div className="rounded-3xl bg-white p-8 ring-1 ring-teak-200/70">
                <p className="text-teak-900">We could not load your profile.</p>
                <button type="button" className="btn-primary mt-4" onClick={() => void load()}>
                  Try again
                </button>
              </div>
            ) : (
              <div role="status" className="rounded-3xl bg-white p-8 text-teak-800 ring-1 ring-teak-200/70">
                Loading…
              </div>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}

function Avatar({ profile, size, text = 'text-3xl' }: { profile: Profile; size: string; text?: string }) {
  const initials = (profile.first_name || profile.username).slice(0, 1).toUpperCase() + (profile.last_name.slice(0, 1).toUpperCase() || '');
  if (profile.profile_picture) {
    return (
      <Picture
        src={profile.profile_picture}
        alt="Your profile picture"
        sizes="160px"
        className={`${size} rounded-full object-cover ring-4 ring-white`}
      />
    );
  }
  return (
    <span aria-hidden className={`${size} grid place-items-center rounded-full bg-teak-200 font-display ${text} text-teak-800 ring-4 ring-white`}>
      {initials}
    </span>
  );
}

function SideMenu({ profile, onLogout }: { profile: Profile | null; onLogout: () => void }) {
  const link = 'flex items-center justify-between rounded-xl px-4 py-3 font-medium text-teak-900 transition-colors hover:bg-teak-100';
  return (
    <aside className="h-fit rounded-3xl bg-white p-4 shadow-sm ring-1 ring-teak-200/70 lg:sticky lg:top-24">
      {profile ? (
        <div className="flex items-center gap-3 border-b border-teak-100 px-2 pt-2 pb-4">
          <Avatar profile={profile} size="h-12 w-12" text="text-base" />
          <div className="min-w-0">
            <p className="truncate font-semibold text-teak-900">
              {[profile.first_name, profile.last_name].filter(Boolean).join(' ') || profile.username}
            </p>
            <p className="truncate text-sm text-teak-700">{profile.email}</p>
          </div>
        </div>
      ) : null}
      <nav aria-label="Account" className="mt-2 flex flex-col">
        <Link to="/login" className={link}>
          Login &amp; Password <span aria-hidden>›</span>
        </Link>
        <Link to="/cart" className={link}>
          My Cart <span aria-hidden>›</span>
        </Link>
        <Link to="/orderdetails" className={link}>
          My Orders <span aria-hidden>›</span>
        </Link>
        <button type="button" onClick={onLogout} className={`${link} text-left text-red-800 hover:bg-red-50`}>
          Logout
        </button>
      </nav>
    </aside>
  );
}

function Card({ title, action, children, id }: { title: string; action?: React.ReactNode; children: React.ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-teak-200/70 sm:p-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-2xl text-teak-900">
          {title}
        </h2>
        {action}
      </div>
      <div className="mt-6">{children}</div>
    </section>
  );
}

function PictureCard({ profile, onUploaded, onFailed }: { profile: Profile; onUploaded: () => void; onFailed: () => void }) {
  const [uploading, setUploading] = useState(false);
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string[]>([]);
  const input = useRef<HTMLInputElement>(null);

  async function upload(file: File) {
    setError([]);
    if (!file.type.startsWith('image/')) {
      setError(['Choose an image file (JPEG, PNG or WebP).']);
      onFailed();
      return;
    }
    if (file.size > PICTURE_MAX_BYTES) {
      setError(['Choose a picture under 5 MB.']);
      onFailed();
      return;
    }
    const form = new FormData();
    form.append('profile_picture', file);
    setUploading(true);
    setProgress(0);
    try {
      await api<Profile>('/api/profile/', {
        method: 'PATCH',
        form,
        onUploadProgress: setProgress,
      });
      onUploaded();
    } catch (err) {
      setError([err instanceof ApiError ? (err.errors.profile_picture?.[0] ?? err.detail) : 'Please try again.']);
      onFailed();
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <section
      aria-label="Profile picture"
      className="flex flex-col items-center gap-5 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-teak-200/70 sm:flex-row sm:p-8"
    >
      <Avatar profile={profile} size="h-28 w-28" />
      <div className="text-center sm:text-left">
        <p className="font-display text-2xl text-teak-900">Hello, {profile.first_name || profile.username}</p>
        <p className="mt-1 text-sm text-teak-700">A clear photo helps our team recognise you at delivery.</p>
        <label
          className={`btn mt-4 border border-teak-300 bg-white text-teak-800 hover:bg-teak-50 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-teak-500 ${uploading ? 'cursor-not-allowed opacity-60' : 'cursor-pointer'}`}
        >
          <input
            ref={input}
            type="file"
            accept="image/*"
            name="profile_picture"
            className="sr-only"
            disabled={uploading}
            aria-describedby={error.length ? 'picture-error' : undefined}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void upload(file);
            }}
          />
          {uploading ? `Uploading… ${Math.round(progress * 100)}%` : 'Upload profile picture'}
        </label>
        <FieldErrors id="picture-error" errors={error} />
      </div>
    </section>
  );
}

function DetailsCard({
  profile,
  googleClientId,
  onSaved,
  onFailed,
}: {
  profile: Profile;
  googleClientId: string | null;
  onSaved: (p: Profile) => void;
  onFailed: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<Draft>(() => draftOf(profile));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [saving, setSaving] = useState(false);
  const [currentPassword, setCurrentPassword] = useState('');
  const [passwordShown, setPasswordShown] = useState(false);
  const firstInput = useRef<HTMLDivElement>(null);
  // A new e-mail address needs the current password: an open session alone must not hand the account over.
  const emailChanges = draft.email.trim().toLowerCase() !== profile.email.toLowerCase();

  useEffect(() => {
    if (!editing) setDraft(draftOf(profile));
  }, [profile, editing]);

  useEffect(() => {
    if (editing) firstInput.current?.querySelector('input')?.focus();
  }, [editing]);

  const set = (name: DraftField, value: string) => {
    setDraft((d) => ({ ...d, [name]: value }));
    setErrors((e) => withoutField(e, name));
  };

  function discard() {
    setCurrentPassword('');
    setDraft(draftOf(profile));
    setErrors({});
    setEditing(false);
  }

  async function save(event: FormEvent<HTMLFormElement> | null, googleAccessToken?: string) {
    event?.preventDefault();
    const found = checkDraft(draft);
    if (emailChanges && profile.has_password && !currentPassword)
      found.current_password = ['Enter your current password to change your e-mail address.'];
    if (emailChanges && !profile.has_password && !googleAccessToken)
      found.google_id_token = ['Sign in with Google again to change your e-mail address.'];
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      const updated = await api<Profile>('/api/profile/', {
        method: 'PATCH',
        json: {
          first_name: draft.first_name.trim(),
          last_name: draft.last_name.trim(),
          ...(emailChanges
            ? {
                email: draft.email.trim(),
                ...(googleAccessToken ? { google_access_token: googleAccessToken } : { current_password: currentPassword }),
              }
            : {}),
          gender: draft.gender || null,
          dob: draft.dob,
          phone_number: draft.phone_number.trim(),
          address: draft.address.trim(),
          city: draft.city.trim(),
          zip_code: draft.zip_code.trim(),
        },
      });
      setEditing(false);
      setErrors({});
      setCurrentPassword('');
      onSaved(updated);
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.errors);
      onFailed();
    } finally {
      setSaving(false);
    }
  }

  if (!editing) {
    return (
      <Card
        id="details-title"
        title="Personal details"
        action={
          <button type="button" className="btn-primary" onClick={() => setEditing(true)}>
            Edit profile
          </button>
        }
      >
        <dl className="grid gap-x-8 gap-y-5 sm:grid-cols-2">
          <div>
            <dt className="text-xs font-semibold tracking-wider text-teak-600 uppercase">Username</dt>
            <dd className="mt-1 text-teak-900">{profile.username}</dd>
          </div>
          {[...TEXT_FIELDS.slice(0, 4), { name: 'gender' as const, label: 'Gender', wide: false }, ...TEXT_FIELDS.slice(4)].map((f) => (
            <div key={f.name} className={f.wide ? 'sm:col-span-2' : undefined}>
              <dt className="text-xs font-semibold tracking-wider text-teak-600 uppercase">{f.label}</dt>
              <dd className="mt-1 break-words text-teak-900">
                {displayValue(f.name, profile) || <span className="text-teak-400">Not added yet</span>}
              </dd>
            </div>
          ))}
        </dl>
      </Card>
    );
  }

  return (
    <Card id="details-title" title="Personal details">
      <form noValidate onSubmit={(e) => void save(e)} aria-label="Personal details" className="grid gap-5 sm:grid-cols-2">
        <div ref={firstInput} className="contents">
          {TEXT_FIELDS.slice(0, 4).map((f) => (
            <Field
              key={f.name}
              label={f.label}
              name={f.name}
              type={f.type ?? 'text'}
              autoComplete={f.autoComplete}
              inputMode={f.inputMode}
              value={draft[f.name]}
              onChange={(e) => set(f.name, e.target.value)}
              errors={errors[f.name]}
              className={f.wide ? 'sm:col-span-2' : undefined}
            />
          ))}
        </div>
        {emailChanges && !profile.has_password ? (
          <div className="sm:col-span-2">
            <p className="text-sm text-teak-700">You sign in with Google: confirm with Google to save a new e-mail address.</p>
            {googleClientId ? (
              <div className="mt-2 max-w-sm">
                <GoogleButton
                  clientId={googleClientId}
                  mode="confirm"
                  onAccessToken={(token) => save(null, token)}
                  onError={(message) => setErrors((found) => ({ ...found, google_id_token: [message] }))}
                  disabled={saving}
                />
              </div>
            ) : null}
            <FieldErrors id="google-proof-error" errors={errors.google_id_token ?? []} />
          </div>
        ) : null}
        {emailChanges && profile.has_password ? (
          <PasswordField
            label="Current password"
            name="current_password"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(e) => {
              setCurrentPassword(e.target.value);
              setErrors((found) => withoutField(found, 'current_password'));
            }}
            errors={errors.current_password}
            hint={<span className="text-sm text-teak-600">A new e-mail address needs your current password.</span>}
            shown={passwordShown}
            onToggle={() => setPasswordShown((v) => !v)}
            className="sm:col-span-2"
          />
        ) : null}
        <div>
          <label htmlFor="profile-gender" className="block text-sm font-semibold text-teak-900">
            Gender
          </label>
          <select
            id="profile-gender"
            name="gender"
            value={draft.gender}
            onChange={(e) => set('gender', e.target.value)}
            aria-invalid={Boolean(errors.gender)}
            className={`${inputClass} mt-1.5 border-teak-200`}
          >
            <option value="">Prefer not to say</option>
            {GENDERS.map((g) => (
              <option key={g.value} value={g.value}>
                {g.label}
              </option>
            ))}
          </select>
          <FieldErrors id="gender-error" errors={errors.gender ?? []} />
        </div>
        {TEXT_FIELDS.slice(4).map((f) => (
          <Field
            key={f.name}
            label={f.label}
            name={f.name}
            type={f.type ?? 'text'}
            autoComplete={f.autoComplete}
            inputMode={f.inputMode}
            value={draft[f.name]}
            max={f.name === 'dob' ? new Date().toISOString().slice(0, 10) : undefined}
            onChange={(e) => set(f.name, e.target.value)}
            errors={errors[f.name]}
            className={f.wide ? 'sm:col-span-2' : undefined}
          />
        ))}
        <div className="flex flex-wrap gap-3 sm:col-span-2">
          <button type="submit" className="btn-primary min-w-32" disabled={saving}>
            {saving ? 'Saving…' : 'Save'}
          </button>
          <button type="button" className="btn border border-teak-300 bg-white text-teak-800 hover:bg-teak-50" onClick={discard} disabled={saving}>
            Discard
          </button>
        </div>
      </form>
    </Card>
  );
}

function PasswordCard({ onChanged }: { onChanged: () => void }) {
  const [values, setValues] = useState({
    old_password: '',
    new_password: '',
    new_password2: '',
  });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState(false);

  const change = (name: keyof typeof values) => (event: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [name]: event.target.value }));
    setErrors((e) => withoutField(e, name));
    setAlert(null);
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Record<string, string[]> = {};
    if (!values.old_password) found.old_password = [REQUIRED];
    if (!values.new_password) found.new_password = [REQUIRED];
    else if (passwordProblems(values.new_password).length) found.new_password = passwordProblems(values.new_password);
    if (!values.new_password2) found.new_password2 = [REQUIRED];
    else if (values.new_password && values.new_password !== values.new_password2) found.new_password2 = ['Passwords do not match!'];
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await api('/api/change-password/', {
        method: 'POST',
        json: {
          old_password: values.old_password,
          new_password: values.new_password,
        },
      });
      // The server ends every other session of the account; this browser's stays signed in.
      setValues({ old_password: '', new_password: '', new_password2: '' });
      onChanged();
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.errors).length) setErrors(err.errors);
      else setAlert(err instanceof ApiError ? err.detail : 'Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card id="password-title" title="Change password">
      <form noValidate onSubmit={(e) => void onSubmit(e)} aria-label="Change password" className="grid gap-5 sm:grid-cols-2">
        <FormAlert message={alert} />
        <PasswordField
          label="Current password"
          name="old_password"
          autoComplete="current-password"
          value={values.old_password}
          onChange={change('old_password')}
          errors={errors.old_password}
          shown={shown}
          onToggle={() => setShown((s) => !s)}
          className="sm:col-span-2"
        />
        <PasswordField
          label="New password"
          name="new_password"
          autoComplete="new-password"
          value={values.new_password}
          onChange={change('new_password')}
          errors={errors.new_password}
          hint={<PasswordRules password={values.new_password} />}
          shown={shown}
          onToggle={() => setShown((s) => !s)}
        />
        <PasswordField
          label="Re-enter new password"
          name="new_password2"
          autoComplete="new-password"
          value={values.new_password2}
          onChange={change('new_password2')}
          errors={errors.new_password2}
          shown={shown}
          onToggle={() => setShown((s) => !s)}
        />
        <div className="sm:col-span-2">
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? 'Changing…' : 'Change password'}
          </button>
        </div>
      </form>
    </Card>
  );
}
