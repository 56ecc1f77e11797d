/** The payment provider could not do what was asked (an unknown charge, a gateway outage); not a decline. */
export class PaymentError extends Error {
  override readonly name = 'PaymentError';
}
