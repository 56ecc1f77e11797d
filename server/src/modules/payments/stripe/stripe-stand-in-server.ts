import { startStripeStandIn } from './stripe-stand-in.ts';

// The journeys' Stripe (playwright.config.ts): the API is started with STRIPE_API_URL set to the address printed
// here and the same STRIPE_* keys; the shopper types a test card on its Checkout page (4242 4242 4242 4242 pays,
// 4000 0000 0000 0002 is declined, 4000 0027 6000 3184 asks for 3-D Secure), and its webhooks go to
// STRIPE_WEBHOOK_URL (the API's /api/payments/stripe/notify) when that is set.
const port = Number(process.env.STRIPE_STAND_IN_PORT ?? 5195);
const standIn = await startStripeStandIn({
  secretKey: process.env.STRIPE_SECRET_KEY ?? 'sk_test_shop_e2e_secret',
  webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? 'whsec_shop_e2e_webhook_secret',
  ...(process.env.STRIPE_WEBHOOK_URL ? { webhookUrl: process.env.STRIPE_WEBHOOK_URL } : {}),
  port,
});
console.log(`Stripe stand-in listening at ${standIn.url}`);
