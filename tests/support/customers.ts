import { expect } from 'vitest';

let made = 0;
/** This test process's block of client addresses (100.64.0.0/10, shared address space): one per sign-up. */
const block = `100.${64 + Math.floor(Math.random() * 64)}.${Math.floor(Math.random() * 256)}`;

/**
 * A client address of its own for one request: the shared shop trusts its proxy header (X-Forwarded-For), and
 * limits such as sign-ups per address then count only this story's requests.
 */
export function ownAddress(): string {
  made += 1;
  return `${block}.${made % 254 || 254}`;
}

export interface Customer {
  username: string;
  email: string;
  password: string;
}

/**
 * A customer of the story's own, signed up over HTTP from an address of its own: no other story's cart, orders
 * or saved addresses get in the way, whatever ran before or runs alongside.
 */
export async function newCustomer(baseUrl: string, name = 'shopper', password = 'Teak#Shop2026'): Promise<Customer> {
  const username = `${name}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const customer = { username, email: `${username}@example.in`, password };
  const res = await fetch(`${baseUrl}/api/user/register/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ownAddress() },
    body: JSON.stringify({ ...customer, password2: password }),
  });
  expect(res.status, await res.text()).toBe(201);
  return customer;
}
