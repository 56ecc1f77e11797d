import { startPayPalStandIn } from './paypal-stand-in.ts';

// The journeys' PayPal (playwright.config.ts): the API is started with PAYPAL_API_URL set to the address printed
// here and the same PAYPAL_* credentials; the shopper presses Pay, Fail or Cancel on its approval page, and its
// webhooks go to PAYPAL_WEBHOOK_URL (the API's /api/payments/paypal/notify) when that is set.
const port = Number(process.env.PAYPAL_STAND_IN_PORT ?? 5196);
const standIn = await startPayPalStandIn({
  clientId: process.env.PAYPAL_CLIENT_ID ?? 'shop-e2e-paypal-client',
  clientSecret: process.env.PAYPAL_CLIENT_SECRET ?? 'shop-e2e-paypal-secret',
  webhookId: process.env.PAYPAL_WEBHOOK_ID ?? 'SHOPE2EWEBHOOK01',
  ...(process.env.PAYPAL_WEBHOOK_URL ? { webhookUrl: process.env.PAYPAL_WEBHOOK_URL } : {}),
  port,
});
console.log(`PayPal stand-in listening at ${standIn.url}`);
