import { useRouteLoaderData } from 'react-router';

export interface SocialLink {
  name: string;
  href: string;
}

/**
 * The shop's pages on social networks, as configured on the server (SOCIAL_*_URL); the root loader hands them to
 * every page. Empty when none is set: the links are then not shown at all.
 */
export function useSocialLinks(): SocialLink[] {
  const root = useRouteLoaderData<{ social?: SocialLink[] }>('root');
  return root?.social ?? [];
}
