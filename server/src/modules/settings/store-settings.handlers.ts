import { requireStaff } from '../../auth/permissions.ts';
import type { Database } from '../../db/client.ts';
import type { DutyRuleSetting, PriceRoundingSetting, TaxRuleSetting } from '../../db/schema.ts';
import { badRequest, validationError } from '../../http/errors.ts';
import { type OperationRequest, operation } from '../../http/operation.ts';
import { toAmount, toMinor } from '../../money/money.ts';
import { staffActivity, withActivity } from '../activity/index.ts';
import {
  type ProjectDetailsRow,
  readProjectDetails,
  readStoreSettings,
  type StoreSettingsRow,
  writeProjectDetails,
  writeStoreSettings,
} from './store-settings.repository.ts';
import { publicDutyRules, publicTaxRules } from './store-settings.view.ts';

export const TWO_DECIMALS = 'Use at most two decimals.';

const toSettings = (row: StoreSettingsRow) => ({
  storeName: row.storeName,
  contactEmail: row.contactEmail,
  contactPhone: row.contactPhone,
  defaultCurrency: row.defaultCurrency as never,
  defaultShipTo: row.defaultShipTo as never,
  taxRate: row.taxBasisPoints / 100,
  freeShippingAbove: toAmount(row.freeShippingAboveUsdMinor),
  flatShipping: toAmount(row.flatShippingUsdMinor),
  deliveryPolicy: row.deliveryPolicy,
  supplierShippingMarkup: row.supplierShippingMarkupBasisPoints / 100,
  supplierFreeShipping: row.supplierFreeShipping,
  taxRules: publicTaxRules(row),
  dutyRules: publicDutyRules(row),
  priceRounding: row.priceRounding.map((entry) => ({ currency: entry.currency as never, rule: entry.rule })),
  vendorCommissionPercent: row.vendorCommissionBasisPoints / 100,
  cashOnDelivery: {
    enabled: row.codEnabled,
    countries: row.codCountries as never[],
    fee: toAmount(row.codFeeUsdMinor),
    maxOrder: row.codMaxOrderUsdMinor === null ? null : toAmount(row.codMaxOrderUsdMinor),
  },
  updatedAt: row.updatedAt.toISOString(),
});

type UpdateBody = OperationRequest<'updateStoreSettings'>['body'];

/** The tax rules as stored; 400 when a country is named twice or a rate has more than two decimals. */
function taxRulesOf(rules: NonNullable<UpdateBody['taxRules']>): TaxRuleSetting[] {
  const seen = new Set<string>();
  return rules
    .map((rule, index) => {
      if (seen.has(rule.country)) {
        throw validationError([{ path: `/taxRules/${index}/country`, message: 'is named twice' }]);
      }
      seen.add(rule.country);
      const label = rule.label.trim();
      if (label === '') throw validationError([{ path: `/taxRules/${index}/label`, message: 'is required' }]);
      return { country: rule.country, basisPoints: minorOf(rule.rate), inclusive: rule.inclusive, label };
    })
    .sort((a, b) => a.country.localeCompare(b.country));
}

/** The duty rules as stored; 400 when a country is named twice, a label is blank or an amount has more than two decimals. */
function dutyRulesOf(rules: NonNullable<UpdateBody['dutyRules']>): DutyRuleSetting[] {
  const seen = new Set<string>();
  return rules
    .map((rule, index) => {
      if (seen.has(rule.country)) {
        throw validationError([{ path: `/dutyRules/${index}/country`, message: 'is named twice' }]);
      }
      seen.add(rule.country);
      const label = rule.label.trim();
      if (label === '')
        throw validationError([{ path: `/dutyRules/${index}/label`, message: 'is required' }]);
      return {
        country: rule.country,
        basisPoints: minorOf(rule.rate),
        deMinimisUsdMinor: minorOf(rule.deMinimis),
        basis: rule.basis,
        label,
      };
    })
    .sort((a, b) => a.country.localeCompare(b.country));
}

function roundingOf(entries: NonNullable<UpdateBody['priceRounding']>): PriceRoundingSetting[] {
  const seen = new Set<string>();
  return entries.map((entry, index) => {
    if (seen.has(entry.currency)) {
      throw validationError([{ path: `/priceRounding/${index}/currency`, message: 'is named twice' }]);
    }
    seen.add(entry.currency);
    return { currency: entry.currency, rule: entry.rule };
  });
}

const toProject = (row: ProjectDetailsRow) => ({
  projectName: row.projectName,
  tagline: row.tagline,
  description: row.description,
  problem: row.problem,
  solution: row.solution,
  users: row.users,
  business: row.business,
  updatedBy: row.updatedBy,
  updatedAt: row.updatedAt.toISOString(),
});

/** An amount with at most two decimals, in minor units; 400 naming the field otherwise. */
function minorOf(amount: number): number {
  const minor = toMinor(amount);
  if (minor === null) throw badRequest(TWO_DECIMALS);
  return minor;
}

/** System Settings and the Work Update screen's project details. */
export function createStoreSettingsHandlers(deps: { db: Database }) {
  const { db } = deps;
  return {
    getStoreSettings: operation('getStoreSettings', async (request) => {
      requireStaff(request);
      return { success: true, data: toSettings(await readStoreSettings(db)) };
    }),

    updateStoreSettings: operation('updateStoreSettings', async (request) => {
      const staff = requireStaff(request);
      const body = request.body;
      const changes: Parameters<typeof writeStoreSettings>[1] = {};
      if (body.storeName !== undefined) changes.storeName = body.storeName.trim() || 'Shop';
      if (body.contactEmail !== undefined) changes.contactEmail = body.contactEmail.trim().toLowerCase();
      if (body.contactPhone !== undefined) changes.contactPhone = body.contactPhone.trim();
      if (body.defaultCurrency !== undefined) changes.defaultCurrency = body.defaultCurrency;
      if (body.defaultShipTo !== undefined) changes.defaultShipTo = body.defaultShipTo;
      if (body.taxRate !== undefined) changes.taxBasisPoints = minorOf(body.taxRate);
      if (body.freeShippingAbove !== undefined)
        changes.freeShippingAboveUsdMinor = minorOf(body.freeShippingAbove);
      if (body.flatShipping !== undefined) changes.flatShippingUsdMinor = minorOf(body.flatShipping);
      if (body.deliveryPolicy !== undefined) changes.deliveryPolicy = body.deliveryPolicy;
      if (body.supplierShippingMarkup !== undefined)
        changes.supplierShippingMarkupBasisPoints = minorOf(body.supplierShippingMarkup);
      if (body.supplierFreeShipping !== undefined) changes.supplierFreeShipping = body.supplierFreeShipping;
      if (body.taxRules !== undefined) changes.taxRules = taxRulesOf(body.taxRules);
      if (body.dutyRules !== undefined) changes.dutyRules = dutyRulesOf(body.dutyRules);
      if (body.priceRounding !== undefined) changes.priceRounding = roundingOf(body.priceRounding);
      if (body.vendorCommissionPercent !== undefined)
        changes.vendorCommissionBasisPoints = minorOf(body.vendorCommissionPercent);
      if (body.cashOnDelivery !== undefined) {
        const cod = body.cashOnDelivery;
        if (cod.enabled && cod.countries.length === 0) {
          throw validationError([
            { path: '/cashOnDelivery/countries', message: 'name at least one country to offer it in' },
          ]);
        }
        changes.codEnabled = cod.enabled;
        changes.codCountries = [...cod.countries].sort();
        changes.codFeeUsdMinor = minorOf(cod.fee);
        changes.codMaxOrderUsdMinor = cod.maxOrder === null ? null : minorOf(cod.maxOrder);
      }
      const { after } = await withActivity(
        db,
        async (tx) => ({
          before: toSettings(await readStoreSettings(tx)),
          after: toSettings(await writeStoreSettings(tx, changes)),
        }),
        (change) =>
          staffActivity(request, staff, {
            action: 'settings.update',
            target: 'settings:store',
            details: change,
          }),
      );
      return { success: true, message: 'Settings saved.', data: after };
    }),

    getProjectDetails: operation('getProjectDetails', async (request) => {
      requireStaff(request);
      return { success: true, data: toProject(await readProjectDetails(db)) };
    }),

    updateProjectDetails: operation('updateProjectDetails', async (request) => {
      const staff = requireStaff(request);
      const body = request.body;
      const { after } = await withActivity(
        db,
        async (tx) => ({
          before: toProject(await readProjectDetails(tx)),
          after: toProject(
            await writeProjectDetails(tx, {
              projectName: body.projectName.trim(),
              tagline: body.tagline.trim(),
              description: body.description.trim(),
              problem: body.problem.trim(),
              solution: body.solution.trim(),
              users: body.users.trim(),
              business: body.business.trim(),
              updatedBy: staff.name,
            }),
          ),
        }),
        (change) =>
          staffActivity(request, staff, {
            action: 'project.update',
            target: 'settings:project',
            details: change,
          }),
      );
      return { success: true, message: 'Project details saved.', data: after };
    }),
  };
}
