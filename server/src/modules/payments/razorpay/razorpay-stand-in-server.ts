import { startRazorpayStandIn } from './razorpay-stand-in.ts';

// The journeys' Razorpay (playwright.config.ts): the API is started with RAZORPAY_API_URL set to the address printed
// here and the same RAZORPAY_* keys; the shopper presses Pay with UPI, Pay by card, Fail or Cancel on the link's
// page, and its webhooks go to RAZORPAY_WEBHOOK_URL (the API's /api/payments/razorpay/notify) when that is set.
const port = Number(process.env.RAZORPAY_STAND_IN_PORT ?? 5194);
const standIn = await startRazorpayStandIn({
  keyId: process.env.RAZORPAY_KEY_ID ?? 'rzp_test_shope2e00000001',
  keySecret: process.env.RAZORPAY_KEY_SECRET ?? 'shop-e2e-razorpay-secret',
  webhookSecret: process.env.RAZORPAY_WEBHOOK_SECRET ?? 'shop-e2e-razorpay-webhook-secret',
  ...(process.env.RAZORPAY_WEBHOOK_URL ? { webhookUrl: process.env.RAZORPAY_WEBHOOK_URL } : {}),
  port,
});
console.log(`Razorpay stand-in listening at ${standIn.url}`);
