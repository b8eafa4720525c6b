import { Form, Link } from 'react-router';
import type { Profile } from '../../../../contract/accounts';
import { Picture } from '../../../components/ui/picture';

/** The shopper's picture, or their initials on a teak disc. */
export function Avatar({ profile, size, text = 'text-3xl' }: { profile: Profile; size: string; text?: string }) {
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

/** The spec's side links: Login & Password, My Cart, My Orders, and Logout (a form: it works without scripts). */
export function SideMenu({ profile }: { profile: Profile }) {
  const link = 'flex w-full items-center justify-between rounded-xl px-4 py-3 font-medium text-teak-900 transition-colors hover:bg-teak-100';
  return (
    <aside className="h-fit rounded-3xl bg-white p-4 shadow-sm ring-1 ring-teak-200/70 lg:sticky lg:top-24">
      <div className="flex items-center gap-3 border-b border-teak-100 px-2 pt-2 pb-4">
        <Avatar profile={profile} size="h-12 w-12" text="text-base" />
        <div className="min-w-0">
          <p className="truncate font-semibold text-teak-900">
            {[profile.first_name, profile.last_name].filter(Boolean).join(' ') || profile.username}
          </p>
          <p className="truncate text-sm text-teak-700">{profile.email}</p>
        </div>
      </div>
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
        <Link to="/quotes" className={link}>
          My Quotes <span aria-hidden>›</span>
        </Link>
        <Form method="post" action="/logout">
          <button type="submit" className={`${link} text-left text-red-800 hover:bg-red-50`}>
            Logout
          </button>
        </Form>
      </nav>
    </aside>
  );
}

/** One of the profile's cards: a titled section, with an optional button beside the title. */
export function Card({ title, action, children, id }: { title: string; action?: React.ReactNode; children: React.ReactNode; id: string }) {
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
