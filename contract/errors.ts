/**
 * The machine codes of the API's error envelope (`{detail, code, errors?}`, API.md) and their HTTP statuses: the
 * one list the server throws from and the pages act on. A code names what a client may do about it; the sentence
 * in `detail` is for the person.
 */
export const ERROR_STATUS = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  /** The cart was paid already (another tab, another device): the order that paid it comes along (contract/checkout-refusals.ts). */
  cart_paid: 409,
  /** The total sent is not what the cart costs now: the new figures come along (contract/checkout-refusals.ts). */
  price_changed: 409,
  /** The delivery method asked for is not offered at the address's pincode: the method that is, and its total (contract/checkout-refusals.ts). */
  method_not_offered: 409,
  too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  upstream_error: 502,
  upstream_unavailable: 503,
  unavailable: 503,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const isErrorCode = (value: unknown): value is ErrorCode => typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
