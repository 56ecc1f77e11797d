import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { StaffAuth } from '../../auth/auth-context.ts';
import { requireStaff } from '../../auth/permissions.ts';
import type { Database } from '../../db/client.ts';
import { countryPricing, currencyRates } from '../../db/schema.ts';
import { badGateway, badRequest, conflict, notFound } from '../../http/errors.ts';
import { operation } from '../../http/operation.ts';
import type { OutboundClient } from '../../http/outbound.ts';
import { BASE_CURRENCY, loadRates, toAmount, toMinor } from '../../money/money.ts';
import { staffActivity, withActivity } from '../activity/index.ts';
import { CurrencyProviderError, refreshRates } from './currency-rates.ts';
import type { PriceSortKeeper } from './price-sort-keys.ts';
import {
  listCountryRules,
  listOverrides,
  OVERRIDE_LOG_PAGE_SIZE,
  priceContextFor,
  readPricingRules,
  repriceImported,
  writePricingRules,
} from './pricing.repository.ts';
import { type CountryRule, type PricingRules, previewPrice } from './pricing.rules.ts';

export const MANUAL_MODE_ONLY = 'Rates are set by hand only in manual conversion mode.';
export const AUTO_MODE_ONLY = 'Rates are fetched only in auto conversion mode; switch it on first.';
export const NO_COUNTRY_RULE = 'That country has no price rule.';

const decimal = (value: number) => value.toFixed(2);
const rulesView = (rules: PricingRules) => ({
  ...rules,
  markupValue: Number(rules.markupValue),
  minMarginPercent: Number(rules.minMarginPercent),
  b2bDiscountPercent: Number(rules.b2bDiscountPercent),
});
const countryView = (rule: CountryRule) => ({ ...rule, value: Number(rule.value) });

/** Pricing & Profit Management: the rules the server prices the storefront with, and the tools around them. */
export function createPricingHandlers(deps: {
  db: Database;
  ratesUrl?: string | null;
  outbound: OutboundClient;
  priceSortKeys?: PriceSortKeeper;
}) {
  const { db } = deps;
  const ratesWritten = () => deps.priceSortKeys?.poke();
  const settings = async (repriced = 0) => ({
    success: true as const,
    data: {
      rules: rulesView(await readPricingRules(db)),
      countries: (await listCountryRules(db)).map(countryView),
      repriced,
    },
  });
  /** A staff change and its activity entry (the change's result as details), stored in one transaction. */
  const logged = <T extends Record<string, unknown>>(
    request: FastifyRequest,
    staff: StaffAuth,
    entry: { action: string; target: string },
    change: (tx: Database) => Promise<T>,
  ) => withActivity(db, change, (details) => staffActivity(request, staff, { ...entry, details }));

  return {
    getPricingRules: operation('getPricingRules', async (request) => {
      requireStaff(request);
      return settings();
    }),

    updatePricingRules: operation('updatePricingRules', async (request) => {
      const staff = requireStaff(request);
      const body = request.body;
      if (body.markupType === 'fixed' && body.markupValue > 10_000) {
        throw badRequest('A fixed markup is at most 10,000 USD.');
      }
      const rules: PricingRules = {
        markupType: body.markupType,
        markupValue: decimal(body.markupValue),
        minMarginPercent: decimal(body.minMarginPercent),
        compareAtMode: body.compareAtMode,
        compareAtPercent: body.compareAtPercent,
        b2bEnabled: body.b2bEnabled,
        b2bDiscountPercent: decimal(body.b2bDiscountPercent),
        currencyMode: body.currencyMode,
      };
      const { repriced } = await logged(
        request,
        staff,
        { action: 'pricing.rules', target: 'settings:pricing' },
        async (tx) => {
          const before = await readPricingRules(tx);
          await writePricingRules(tx, rules);
          return { before, after: rules, repriced: await repriceImported(tx, rules, await loadRates(tx)) };
        },
      );
      return settings(repriced);
    }),

    setCountryPricing: operation('setCountryPricing', async (request) => {
      const staff = requireStaff(request);
      const { adjustmentType, value } = request.body;
      if (adjustmentType === 'percentage' && (value < -90 || value > 500)) {
        throw badRequest('A country percent is between -90 and 500.');
      }
      if (toMinor(value) === null) throw badRequest('Give the value with at most 2 decimals.');
      const country = request.params.country;
      const row = { country, adjustmentType, value: decimal(value) };
      await logged(
        request,
        staff,
        { action: 'pricing.country', target: `country:${country}` },
        async (tx) => {
          await tx
            .insert(countryPricing)
            .values(row)
            .onConflictDoUpdate({
              target: countryPricing.country,
              set: { adjustmentType, value: row.value, updatedAt: new Date() },
            });
          return row;
        },
      );
      return settings();
    }),

    deleteCountryPricing: operation('deleteCountryPricing', async (request) => {
      const staff = requireStaff(request);
      const country = request.params.country;
      await logged(
        request,
        staff,
        { action: 'pricing.country.delete', target: `country:${country}` },
        async (tx) => {
          const removed = await tx
            .delete(countryPricing)
            .where(eq(countryPricing.country, country))
            .returning();
          if (removed.length === 0) throw notFound(NO_COUNTRY_RULE);
          return { country };
        },
      );
      return settings();
    }),

    previewPricing: operation('previewPricing', async (request) => {
      requireStaff(request);
      const cost = toMinor(request.body.cost);
      if (cost === null) throw badRequest('Give the cost with at most 2 decimals.');
      const context = await priceContextFor(db, { country: request.body.country ?? null });
      const preview = previewPrice(cost, { ...context, business: false });
      return {
        success: true,
        data: {
          cost: toAmount(cost),
          price: toAmount(preview.priceMinor),
          margin: toAmount(preview.marginMinor),
          profitPercent: preview.profitPercent,
          currency: BASE_CURRENCY,
        },
      };
    }),

    listPriceOverrides: operation('listPriceOverrides', async (request) => {
      requireStaff(request);
      const page = request.query.page ?? 1;
      const limit = request.query.limit ?? OVERRIDE_LOG_PAGE_SIZE;
      const { rows, total } = await listOverrides(db, page, limit);
      return {
        success: true,
        data: rows.map((row) => ({
          id: row.id,
          productId: row.productId,
          message: row.message,
          by: row.by,
          timestamp: row.at.toISOString(),
        })),
        meta: { page, limit, total },
      };
    }),

    updateCurrencyRate: operation('updateCurrencyRate', async (request) => {
      const staff = requireStaff(request);
      const { code } = request.params;
      if ((await readPricingRules(db)).currencyMode !== 'manual') throw conflict(MANUAL_MODE_ONLY);
      if (code === BASE_CURRENCY) throw conflict('USD is the base currency: its rate is always 1.');
      const rate = request.body.rate;
      if (!/^\d+(\.\d{1,6})?$/.test(String(rate))) throw badRequest('Give the rate with at most 6 decimals.');
      const row = await withActivity(
        db,
        async (tx) => {
          const [updated] = await tx
            .update(currencyRates)
            .set({ rate: String(rate), updatedAt: new Date() })
            .where(eq(currencyRates.code, code))
            .returning();
          if (!updated) throw notFound(`The store has no currency ${code}.`);
          return updated;
        },
        (updated) =>
          staffActivity(request, staff, {
            action: 'pricing.currency',
            target: `currency:${code}`,
            details: { rate: updated.rate },
          }),
      );
      ratesWritten();
      return {
        success: true,
        data: {
          code: row.code,
          rate: Number(row.rate),
          symbol: row.symbol,
          updatedAt: row.updatedAt.toISOString(),
        },
      };
    }),

    refreshCurrencyRates: operation('refreshCurrencyRates', async (request) => {
      const staff = requireStaff(request);
      if ((await readPricingRules(db)).currencyMode !== 'auto') throw conflict(AUTO_MODE_ONLY);
      try {
        // The provider is asked first; the rates it gave are stored with their entry, in one transaction.
        const result = await refreshRates(db, deps.ratesUrl ?? null, deps.outbound, (details) =>
          staffActivity(request, staff, {
            action: 'pricing.currency.refresh',
            target: 'currencies',
            details: { ...details },
          }),
        );
        ratesWritten();
        return {
          success: true,
          message:
            result.source === 'offline'
              ? 'No rates provider is configured: the stored rates stay as they are.'
              : `${result.updated} rates updated from the provider.`,
          data: result,
        };
      } catch (error) {
        if (error instanceof CurrencyProviderError) throw badGateway(error.message);
        throw error;
      }
    }),
  };
}
