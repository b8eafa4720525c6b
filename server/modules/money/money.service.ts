/**
 * The money module's public face (decision 0037): the ledger of charges and refunds, the one function that
 * moves an order's payment status, and the refunder that asks the provider for the refunds written down.
 * Other modules import money only from this file.
 */
export {
  recordCharge,
  isCharged,
  recordRefund,
  recordRefundRow,
  refundOrderAmount,
  orderMoney,
  moneyOfOrders,
  orderCharges,
  keptPaymentId,
  keptPaymentIds,
  paymentsOf,
  summariesOf,
  summaryOf,
  type PaymentRow,
  type ChargeInput,
  type RefundInput,
} from './ledger';
export { movePayment, canMovePayment, type PaymentChanges } from './payment-state';
export { createRefunder, REFUND_MAX_ATTEMPTS, type Refunder, type RefunderDeps } from './refunds';
