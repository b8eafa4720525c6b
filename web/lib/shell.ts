import type { Profile } from '../../contract/accounts';

/**
 * What a shopper's page may show of her when it is rendered once for every shopper with the same facts and kept
 * (server/stitch.ts, decision 0042): the render has no cookie at all, and its loaders read these instead. Every
 * fact here is part of the kept page's key, but for the account's words, which are marks the host replaces with
 * this shopper's own on the way out.
 */
export interface ShellFacts {
  /** The signed-in account, its text fields as marks; `is_superuser` as it is (the header differs by it). */
  user: Profile | null;
  /** The header's cart badge. */
  cartCount: number;
  /** The pincode the visitor last checked (a product page shows its delivery window). */
  pincode: string | null;
  /** On a product page: the finishes of that product already in the cart (ADDED TO CART). */
  finishesInCart: string[];
}
