import type { MetaDescriptor } from 'react-router';

/**
 * The head tag of a page whose form is posted to the page itself without scripts. The shop's referrer policy
 * (no-referrer) makes the browser send `Origin: null` with a form post, which React Router refuses as a
 * cross-site action; on these pages the origin is sent to the shop itself, and still to no one else.
 */
export const FORM_PAGE_REFERRER: MetaDescriptor = { name: 'referrer', content: 'same-origin' };
