import { expect, it } from 'vitest';
import { missingAddressNote, papersToList } from './order-format';

it('a paid order without an address is not told the address waits on its payment', () => {
  expect(missingAddressNote({ financial_status: 'pending', delivery_pincode: null })).toBe('The address is added once the payment is confirmed.');
  for (const financial_status of ['partially_paid', 'paid', 'partially_refunded']) {
    const note = missingAddressNote({ financial_status, delivery_pincode: '600020' });
    expect(note).not.toMatch(/once the payment is confirmed/);
    expect(note).toBe('We will ask you for the full delivery address in 600020 before the piece is dispatched.');
  }
});

it('a credit note linked beside its refund line is not listed again with the order’s papers', () => {
  const documents = [{ kind: 'receipt_voucher' }, { kind: 'invoice' }, { kind: 'credit_note' }];
  expect(papersToList(documents, [{ credit_note_url: '/api/orders/5/documents/credit_note/CN-1.pdf' }]).map((d) => d.kind)).toEqual([
    'receipt_voucher',
    'invoice',
  ]);
  expect(papersToList(documents, []).map((d) => d.kind)).toEqual(['receipt_voucher', 'invoice', 'credit_note']);
});
