import { expect } from 'vitest';
import { ownAddress } from './addresses';

export { ownAddress };

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
