import { startBkashStandIn } from './bkash-stand-in.ts';

// The journeys' bKash (playwright.config.ts): the API is started with BKASH_API_URL set to the address printed
// here and the same BKASH_* credentials; the shopper presses Pay, Fail or Cancel on its page.
const port = Number(process.env.BKASH_STAND_IN_PORT ?? 5197);
const standIn = await startBkashStandIn(
  {
    username: process.env.BKASH_USERNAME ?? 'shop-e2e-bkash',
    password: process.env.BKASH_PASSWORD ?? 'shop-e2e-bkash-password',
    appKey: process.env.BKASH_APP_KEY ?? 'shop-e2e-bkash-app-key',
    appSecret: process.env.BKASH_APP_SECRET ?? 'shop-e2e-bkash-app-secret',
  },
  { port },
);
console.log(`Bkash stand-in listening at ${standIn.url}`);
