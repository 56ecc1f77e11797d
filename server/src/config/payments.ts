import { isHttpUrl } from '../lib/sanitize.ts';

export interface PaymentSettings {
  sslcommerz: { storeId: string; storePassword: string; baseUrl: string } | null;
  bkash: { username: string; password: string; appKey: string; appSecret: string; baseUrl: string } | null;
  paypal: { clientId: string; clientSecret: string; webhookId: string | null; baseUrl: string } | null;
  stripe: { secretKey: string; webhookSecret: string; baseUrl: string } | null;
  razorpay: { keyId: string; keySecret: string; webhookSecret: string; baseUrl: string } | null;
  /** Minutes an order waits for its provider's payment before it is cancelled and its stock returned. */
  pendingMinutes: number;
}

/** Each provider's API, sandbox and live; `<PROVIDER>_API_URL` overrides both (a local stand-in). */
const PAYMENT_HOSTS = {
  SSLCOMMERZ: { sandbox: 'https://sandbox.sslcommerz.com', live: 'https://securepay.sslcommerz.com' },
  BKASH: {
    sandbox: 'https://tokenized.sandbox.bka.sh/v1.2.0-beta',
    live: 'https://tokenized.pay.bka.sh/v1.2.0-beta',
  },
  PAYPAL: { sandbox: 'https://api-m.sandbox.paypal.com', live: 'https://api-m.paypal.com' },
  // Test or live is the key's own (sk_test_…, rzp_test_…): one address for both.
  STRIPE: { sandbox: 'https://api.stripe.com', live: 'https://api.stripe.com' },
  RAZORPAY: { sandbox: 'https://api.razorpay.com', live: 'https://api.razorpay.com' },
} as const;

/**
 * A provider is on when all its credentials are set; some but not all is a mistake worth stopping for.
 * `<PROVIDER>_MODE` is sandbox (default) or live.
 */
export function parsePayments(
  read: (name: string) => string | undefined,
  problems: string[],
): PaymentSettings {
  const credentials = <const K extends string>(
    prefix: keyof typeof PAYMENT_HOSTS,
    names: Record<K, string>,
  ) => {
    const values = Object.fromEntries(
      Object.entries<string>(names).map(([key, env]) => [key, read(`${prefix}_${env}`)]),
    ) as Record<K, string | undefined>;
    const given = Object.values(values).filter((value) => value !== undefined).length;
    if (given === 0) return null;
    const total = Object.keys(names).length;
    if (given < total) {
      const missing = Object.entries<string>(names)
        .filter(([key]) => values[key as K] === undefined)
        .map(([, env]) => `${prefix}_${env}`);
      problems.push(`${missing.join(', ')} must be set too, or none of the ${prefix} settings`);
      return null;
    }
    const mode = read(`${prefix}_MODE`) ?? 'sandbox';
    if (mode !== 'sandbox' && mode !== 'live') problems.push(`${prefix}_MODE must be sandbox or live`);
    const override = read(`${prefix}_API_URL`);
    if (override !== undefined && !isHttpUrl(override))
      problems.push(`${prefix}_API_URL must be an http(s) address`);
    const baseUrl = (override ?? PAYMENT_HOSTS[prefix][mode === 'live' ? 'live' : 'sandbox']).replace(
      /\/+$/,
      '',
    );
    return { ...(values as Record<K, string>), baseUrl };
  };
  const sslcommerz = credentials('SSLCOMMERZ', { storeId: 'STORE_ID', storePassword: 'STORE_PASSWORD' });
  const bkash = credentials('BKASH', {
    username: 'USERNAME',
    password: 'PASSWORD',
    appKey: 'APP_KEY',
    appSecret: 'APP_SECRET',
  });
  const paypal = credentials('PAYPAL', { clientId: 'CLIENT_ID', clientSecret: 'CLIENT_SECRET' });
  const stripe = credentials('STRIPE', { secretKey: 'SECRET_KEY', webhookSecret: 'WEBHOOK_SECRET' });
  const razorpay = credentials('RAZORPAY', {
    keyId: 'KEY_ID',
    keySecret: 'KEY_SECRET',
    webhookSecret: 'WEBHOOK_SECRET',
  });
  const pendingMinutes = Number(read('PAYMENT_PENDING_MINUTES') ?? 60);
  if (!Number.isInteger(pendingMinutes) || pendingMinutes < 5 || pendingMinutes > 7 * 24 * 60) {
    problems.push('PAYMENT_PENDING_MINUTES must be a whole number of minutes from 5 to 10080');
  }
  return {
    sslcommerz,
    bkash,
    paypal: paypal ? { ...paypal, webhookId: read('PAYPAL_WEBHOOK_ID') ?? null } : null,
    stripe,
    razorpay,
    pendingMinutes,
  };
}
