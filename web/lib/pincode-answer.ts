import type { DeliveryEstimate } from '../../contract/delivery';
import type { Unchanged } from './unchanged';

/** What a page's action answers to a pincode check: the estimate, or why the pincode was not checked. */
export type PincodeAnswer =
  { intent: 'pincode'; ok: true; estimate: DeliveryEstimate } | ({ intent: 'pincode'; ok: false; pincode: string; message: string } & Unchanged);
