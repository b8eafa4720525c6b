import type { Order } from '../../../contract/orders';
import { api } from '../../lib/api';

export function fetchOrder(id: string | number, signal?: AbortSignal): Promise<Order> {
  return api<Order>(`/api/orders/${encodeURIComponent(String(id))}/`, { signal });
}

export function fetchMyOrders(signal?: AbortSignal): Promise<Order[]> {
  return api<Order[]>('/api/user/orders/', { signal });
}
