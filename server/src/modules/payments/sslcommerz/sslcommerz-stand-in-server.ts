import { startSslcommerzStandIn } from './sslcommerz-stand-in.ts';

// The journeys' SSLCommerz: the API is started with SSLCOMMERZ_API_URL pointing here and the same store
// credentials, and the shopper clicks Pay, Fail or Cancel on its hosted page.
const standIn = await startSslcommerzStandIn({
  storeId: process.env.SSLCOMMERZ_STORE_ID ?? 'shope2e0000000001',
  storePassword: process.env.SSLCOMMERZ_STORE_PASSWORD ?? 'shope2e0000000001@ssl',
  port: Number(process.env.SSLCOMMERZ_STAND_IN_PORT ?? 5197),
});
console.log(`SSLCommerz stand-in listening at ${standIn.url}`);
