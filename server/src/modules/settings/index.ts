// The settings module's entry for other code; its handlers are wired in service.ts.
export {
  type CashOnDeliveryPolicy,
  type CheckoutRules,
  DEFAULT_CHECKOUT_RULES,
  type DutyRule,
} from './checkout-rules.ts';
export {
  loadCheckoutRules,
  loadRatesAndCheckoutRules,
  readStoreSettings,
  type StoreSettingsRow,
  writeStoreSettings,
} from './store-settings.repository.ts';
export { freeShippingAbove, publicTaxRules } from './store-settings.view.ts';
