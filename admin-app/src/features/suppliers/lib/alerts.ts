import type { Schemas } from '@shop/sdk/types';

export type SupplierAlert = Schemas['SupplierAlert'];
export type Decision = 'switch_to_backup' | 'hide_variant' | 'zero_stock';

/** What the server attached to a supplier alert (`details.decision`), read defensively: details are free-form. */
export interface AlertDecision {
  choices: Decision[];
  marginAfterSwitchPercent: number | null;
  backupName: string | null;
}

const DECISIONS: readonly string[] = ['switch_to_backup', 'hide_variant', 'zero_stock'];

export function decisionOf(alert: SupplierAlert): AlertDecision {
  const decision = alert.details.decision as Record<string, unknown> | undefined;
  const choices = Array.isArray(decision?.choices)
    ? (decision.choices.filter((c) => typeof c === 'string' && DECISIONS.includes(c)) as Decision[])
    : [];
  const backup = decision?.backup as Record<string, unknown> | null | undefined;
  const margin = backup?.marginAfterSwitchPercent;
  const name = backup?.supplierName ?? backup?.aeProductId;
  return {
    choices,
    marginAfterSwitchPercent: typeof margin === 'number' ? margin : null,
    backupName: typeof name === 'string' ? name : null,
  };
}

export const KIND_LABELS: Record<string, string> = {
  'supplier.sku_gone': 'SKU gone',
  'supplier.no_delivery': 'No delivery',
  'supplier.low_stock': 'Low stock',
  'supplier.cost_above_floor': 'Cost above floor',
  'supplier.link_expiring': 'Link lapsing',
  'supplier.stock_short': 'Stock short for open orders',
  'parcel.no_tracking': 'No tracking number',
  'parcel.no_update': 'No tracking news',
  'parcel.late': 'Delivered late',
};

/** Worst first: what the product table's health column shows when a product has several open alerts. */
const SEVERITY = Object.keys(KIND_LABELS);

export function worstAlert(alerts: readonly SupplierAlert[]): SupplierAlert | null {
  let worst: SupplierAlert | null = null;
  for (const alert of alerts) {
    if (!alert.kind.startsWith('supplier.')) continue;
    const rank = (a: SupplierAlert) => {
      const index = SEVERITY.indexOf(a.kind);
      return index < 0 ? SEVERITY.length : index;
    };
    if (!worst || rank(alert) < rank(worst)) worst = alert;
  }
  return worst;
}
