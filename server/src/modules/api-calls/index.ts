// The log of calls to outside services (marketplace, couriers, currency rates), below the modules that make them.
export { loggedCall, loggedMarketplace, recordApiCall } from './api-call-log.ts';
