import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub, data } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ErrorBoundary } from './profile';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the profile page when its profile cannot be read', () => {
  it('keeps its heading and says the spec’s "Failed to fetch profile"', () => {
    const Stub = createRoutesStub([{ id: 'profile', path: '/profile', Component: () => null, ErrorBoundary }]);
    // The loader's answer when the profile could not be read: a 503 (web/routes/profile.tsx).
    const failed = data(null, { status: 503 });
    const html = renderToStaticMarkup(
      <Stub
        initialEntries={['/profile']}
        hydrationData={{ errors: { profile: { status: 503, statusText: 'Service Unavailable', internal: false, data: failed.data } } }}
      />,
    );
    expect(text(html)).toContain('My Profile');
    expect(text(html)).toContain('Failed to fetch profile');
  });
});
