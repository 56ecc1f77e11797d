// The payment adapter: one interface, like the marketplace's, chosen by configuration. The default `offline`
// provider needs no network and behaves like a gateway's test mode.

export interface CardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export interface ChargeRequest {
  method: 'Credit Card' | 'PayPal';
  amountMinor: number;
  currency: string;
  /** Needed for Credit Card. */
  card?: CardDetails;
  /** The order number, kept by the gateway as its description. */
  reference: string;
}

export type ChargeResult = { status: 'paid'; gatewayRef: string } | { status: 'declined'; message: string };

export interface RefundRequest {
  gatewayRef: string;
  amountMinor: number;
  currency: string;
}

export interface PaymentProvider {
  readonly name: string;
  /** The checkout methods this provider takes. */
  readonly methods: ReadonlyArray<ChargeRequest['method']>;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Pays back part or all of a charge; answers the refund's gateway reference. */
  refund(request: RefundRequest): Promise<{ gatewayRef: string }>;
  /**
   * True for the reference of a charge this provider made. A payment staff confirmed by hand (a bank transfer's
   * reference) is paid back outside the provider, so a refund of it is not sent to the gateway.
   */
  ownsCharge(gatewayRef: string): boolean;
}
