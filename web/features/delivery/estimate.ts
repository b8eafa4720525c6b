// Provisional shapes of the delivery contract (issue 16's API answer), replaced by contract/delivery.ts at merge.
import { z } from 'zod';

export const pincodeSchema = z
  .string({ message: 'Enter a 6-digit pincode.' })
  .trim()
  .regex(/^[1-9][0-9]{5}$/, 'Enter a 6-digit pincode.');

export interface DeliveryMethodEstimate {
  code: 'standard' | 'express';
  name: string;
  price: number;
  days_min: number;
  days_max: number;
  date_from: string;
  date_to: string;
}

export interface DeliveryEstimate {
  pincode: string;
  serviceable: boolean;
  city: string | null;
  state: string | null;
  methods: DeliveryMethodEstimate[];
  message: string | null;
}
