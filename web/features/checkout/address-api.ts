import type { Address, AddressInput } from '../../../contract/orders';
import { api } from '../../lib/api';

export function fetchAddresses(signal?: AbortSignal): Promise<Address[]> {
  return api<Address[]>('/api/get_user_addresses/', { signal });
}

export function createAddress(input: AddressInput): Promise<Address> {
  return api<Address>('/api/addresses/', { method: 'POST', json: input });
}

export async function deleteAddress(id: number): Promise<void> {
  await api('/api/delete_user_address/', { method: 'DELETE', json: { id } });
}
