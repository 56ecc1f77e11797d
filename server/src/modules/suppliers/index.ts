// The suppliers module's entry: who supplies each variant (with backups and per-country rows) and the supply
// chain's alerts, for forwarding, tracking and the screens.
export { type AlertInput, closeAlert, type DropshipAlertRow, raiseAlert } from './suppliers.alerts.ts';
export { type SupplierDecision, switchToBackup } from './suppliers.decisions.ts';
export { checkSuppliers, supplierHealthJob } from './suppliers.health.ts';
export {
  belowMarginFloor,
  linkExpiryOf,
  marginFloorOf,
  primarySuppliersOf,
  readSupplierSettings,
} from './suppliers.mapping.ts';
export { type ResolvedSupplier, resolveSupplier } from './suppliers.resolve.ts';
