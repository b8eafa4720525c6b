import { useEffect, useSyncExternalStore } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { Profile } from '../../contract/accounts';
import type { DeliveryEstimate } from '../../contract/delivery';
import type { ShellKind } from '../load-context';

/** What a page holds of one shopper: who is signed in, the cart's count and, on a product page, its own lines. */
export interface Personal {
  user: Profile | null;
  cartCount: number;
  /** On a product page: the finishes already in the cart and the remembered pincode's delivery window. */
  product?: { slug: string; finishesInCart: string[]; delivery: DeliveryEstimate | null };
}

/** The root loader's part of it: the values, or the shell the page was served from (filled in by the browser). */
export interface RootPersonal {
  user: Profile | null;
  cartCount: number;
  shell: ShellKind | null;
}

/** The address of a page's personal answer (web/routes/personal.ts). */
export function personalUrl(pathname: string): string {
  return `/personal?path=${encodeURIComponent(pathname)}`;
}

// The personal answer of the page the browser loaded, asked for once (its preload starts with the page).
let answer: Personal | undefined;
let asked: string | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function ask(pathname: string): void {
  if (asked) return;
  asked = pathname;
  void (async () => {
    // Two tries: a dropped connection should not leave the header without the account's links.
    for (let attempt = 0; attempt < 2 && !answer; attempt++) {
      try {
        const response = await fetch(personalUrl(pathname), { headers: { accept: 'application/json' } });
        if (!response.ok) continue;
        answer = (await response.json()) as Personal;
        for (const listener of listeners) listener();
      } catch {
        // The shop out of reach: the shell keeps its neutral header, and the next page reads it again.
      }
    }
  })();
}

/**
 * The shopper's own parts of the page: from the root loader when the page was rendered for them (and after
 * every action, which reads the root loader again), from `/personal` when it was served from a shell. While
 * that answer is on its way, `ready` is false: a member's header shows neither Log in nor a name.
 */
export function usePersonal(): Personal & { ready: boolean; shell: ShellKind | null } {
  const root = useRouteLoaderData<RootPersonal>('root');
  const shell = root?.shell ?? null;
  const fetched = useSyncExternalStore(
    subscribe,
    () => answer,
    () => undefined,
  );
  useEffect(() => {
    if (shell) ask(window.location.pathname);
  }, [shell]);
  if (!shell) return { user: root?.user ?? null, cartCount: root?.cartCount ?? 0, ready: true, shell };
  if (!fetched) return { user: null, cartCount: 0, ready: false, shell };
  return { ...fetched, ready: true, shell };
}
