// Providers whose shopper pays on the provider's own page (SSLCommerz, bKash, PayPal): the order is placed unpaid,
// the shopper is sent to the provider, and the order is paid only when the provider itself confirms it (a
// notification checked with the provider, or a server-side query/execute/capture), never from the redirect alone.

export type HostedProviderName = 'sslcommerz' | 'bkash' | 'paypal' | 'stripe' | 'razorpay';

/** The checkout method shoppers pick for each provider (Stripe takes cards on its own page, 3-D Secure included). */
export type HostedMethod = 'SSLCommerz' | 'bKash' | 'PayPal' | 'Credit Card' | 'Razorpay';

export interface HostedCheckoutRequest {
  /** Our `payments` row id; also in `returnUrl`. Providers that keep custom fields keep it too. */
  paymentId: string;
  /** The order number (`ORD-...`): the provider's transaction / invoice reference. */
  reference: string;
  amountMinor: number;
  /** ISO 4217; what the provider supports is in `currencies`. */
  currency: string;
  customer: {
    name: string;
    email: string;
    phone: string | null;
    address: string;
    city: string;
    postalCode: string;
    /** ISO 3166-1 alpha-2. */
    country: string;
  };
  /** A short description of what is bought ("2 items from Shop"). */
  description: string;
  /** Where the provider sends the shopper's browser back, success or not (GET or form POST). */
  returnUrl: string;
  /** Where the provider sends its server-to-server notification (IPN, webhook), when it has one. */
  notifyUrl: string;
}

export interface HostedCheckoutStart {
  /** The provider's page the shopper's browser goes to. */
  redirectUrl: string;
  /** The provider's id of this checkout (session key, paymentID, PayPal order id), when it gives one. */
  providerRef: string | null;
}

/** A payment waiting for the provider's answer, as our `payments` row keeps it. */
export interface PendingPayment {
  id: string;
  reference: string;
  providerRef: string | null;
  amountMinor: number;
  currency: string;
}

/** What came back from the provider: the browser's return, or the provider's own notification. */
export interface ProviderMessage {
  kind: 'return' | 'notify';
  /** Query and form fields together (a JSON body's top-level fields as strings for JSON webhooks). */
  fields: Record<string, string>;
  headers: Record<string, string | undefined>;
  /** The body exactly as received (webhook signatures are computed on it). */
  rawBody: string;
}

/**
 * The provider's verdict on a message, after checking it with the provider. `rejected`: the message could not be
 * verified (forged, for another payment, amounts that do not match) and changes nothing. Each verdict that moves
 * money names a provider event id, so a message that arrives twice is applied once.
 */
export type ProviderVerdict =
  | { status: 'paid'; eventId: string; providerRef: string; amountMinor: number; currency: string }
  | { status: 'failed'; eventId: string | null; message: string }
  | { status: 'cancelled'; eventId: string | null; message: string }
  | { status: 'pending' }
  | { status: 'rejected'; message: string };

export interface HostedPaymentProvider {
  readonly name: HostedProviderName;
  readonly method: HostedMethod;
  /** Currencies the provider takes (SSLCommerz and bKash: BDT). */
  readonly currencies: readonly string[];
  /** Ship-to countries it is offered for; null: any. */
  readonly countries: readonly string[] | null;
  /** Opens the provider's checkout for a payment. Throws PaymentError when the provider cannot be reached or refuses. */
  start(request: HostedCheckoutRequest): Promise<HostedCheckoutStart>;
  /** Which payment a notification is about, from its own fields; null when it names none. */
  identify(message: ProviderMessage): { paymentId?: string; reference?: string; providerRef?: string } | null;
  /** Checks a return or notification with the provider and says what happened to the payment. */
  confirm(message: ProviderMessage, payment: PendingPayment): Promise<ProviderVerdict>;
  /** Pays back part or all of a confirmed payment; answers the provider's refund reference. */
  refund(request: {
    providerRef: string;
    amountMinor: number;
    currency: string;
    reference: string;
  }): Promise<{ gatewayRef: string }>;
}
