import type { DeliveryEstimate } from '../../contract/delivery';
import type { Answer } from './answer';

/**
 * What a page's action answers to a pincode check (intent "pincode"): the pincode as typed, and its estimate,
 * or (not `ok`) the sentence saying why the pincode was not checked.
 */
export type PincodeAnswer = Answer<{ pincode: string; estimate: DeliveryEstimate | null }>;
