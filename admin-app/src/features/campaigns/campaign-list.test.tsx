import type { Schemas } from '@shop/sdk/types';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminSession } from '../../app/session';
import { renderApp } from '../../test/render-app';
import { makeAdminToken } from '../../test/tokens';
import { errorEnvelope, jsonResponse, stubApi } from '../orders/testing/order-api-stub';

type Campaign = Schemas['Campaign'];
type Entry = Schemas['ActivityLog'];

const LIST = 'GET /campaigns';
const LOG = 'GET /campaigns/log';
const CREATE = 'POST /campaigns';
const ID = '7d1f0c2a-3b4c-4d5e-8f90-1a2b3c4d5e6f';
const PATH = '/manage-admin/campaigns';

function makeCampaign(overrides: Partial<Campaign> = {}): Campaign {
  return {
    _id: ID,
    name: 'Winter Sale',
    type: 'percentage',
    status: 'Active',
    startsAt: '2026-12-01T00:00:00.000Z',
    endsAt: '2027-01-01T00:00:00.000Z',
    rules: '10% off Electronics, on orders of $50.00 or more; 1 use per shopper, 500 uses in all.',
    value: 10,
    minOrder: 50,
    products: [],
    categories: ['Electronics'],
    usageLimitTotal: 500,
    usageLimitPerShopper: 1,
    storeId: null,
    coupons: [{ _id: 'c-1', code: 'WINTER10', redemptions: 3, createdAt: '2026-11-20T10:00:00.000Z' }],
    results: { orders: 3, discount: 12.5, revenue: 1_234.5, currency: 'USD' },
    createdBy: 'Store Admin',
    createdAt: '2026-11-20T09:00:00.000Z',
    ...overrides,
  };
}

function makeEntry(n: number, overrides: Partial<Entry> = {}): Entry {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    admin: 'Store Admin',
    adminId: null,
    email: 'admin@example.com',
    action: 'campaign.create',
    details: `name: Campaign ${n}; type: percentage`,
    ip: '127.0.0.1',
    userAgent: null,
    location: null,
    timestamp: '2026-11-20T09:00:00.000Z',
    status: 'success',
    sessionDuration: null,
    target: `campaign:${ID}`,
    changes: null,
    ...overrides,
  };
}

const listEnvelope = (campaigns: Campaign[], total = campaigns.length) => ({
  success: true,
  data: campaigns,
  meta: { page: 1, limit: 10, total },
});
const logEnvelope = (entries: Entry[], total = entries.length, page = 1) => ({
  success: true,
  data: entries,
  meta: { page, limit: 3, total },
});

/** The list with one campaign and an empty log, plus the routes a test adds. */
function serve(routes: Parameters<typeof stubApi>[0] = {}, campaigns = [makeCampaign()]) {
  return stubApi({
    [LIST]: () => jsonResponse(200, listEnvelope(campaigns)),
    [LOG]: () => jsonResponse(200, logEnvelope([])),
    ...routes,
  });
}

const campaignsTable = () => screen.findByRole('table', { name: 'Campaigns' });
const rowOf = async (text: string) => {
  const cell = await within(await campaignsTable()).findByText(text);
  const row = cell.closest('tr');
  if (!row) throw new Error(`No row holds ${text}`);
  return within(row);
};

describe('Campaigns & Discounts', { timeout: 20_000 }, () => {
  beforeEach(() => {
    adminSession.login(makeAdminToken());
  });

  it('lists each campaign with its type, status, dates, rules and results', async () => {
    const api = serve();
    renderApp(PATH);

    expect(await screen.findByRole('heading', { name: 'Campaigns & Discounts' })).toBeInTheDocument();
    const table = within(await campaignsTable());
    for (const header of [
      'Name',
      'Type',
      'Status',
      'Start',
      'End',
      'Rules',
      'Orders',
      'Discount Given',
      'Revenue',
    ]) {
      expect(table.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const row = await rowOf('Winter Sale');
    expect(row.getByText('WINTER10')).toBeInTheDocument();
    expect(row.getByText('Percentage')).toBeInTheDocument();
    expect(row.getByText('Active')).toBeInTheDocument();
    expect(row.getByText(/^Dec 1, 2026/)).toBeInTheDocument();
    expect(row.getByText(/^Jan 1, 2027/)).toBeInTheDocument();
    expect(
      row.getByText('10% off Electronics, on orders of $50.00 or more; 1 use per shopper, 500 uses in all.'),
    ).toBeInTheDocument();
    expect(row.getByText('3')).toBeInTheDocument();
    expect(row.getByText('$12.50')).toBeInTheDocument();
    expect(row.getByText('$1,234.50')).toBeInTheDocument();
    expect(Object.fromEntries(api.sentTo(LIST)[0]?.url.searchParams ?? [])).toEqual({
      page: '1',
      limit: '10',
    });
  });

  it('shows the campaign log 3 a page and keeps its page in the URL', async () => {
    const api = serve({
      [LOG]: ({ url }) => {
        const page = Number(url.searchParams.get('page'));
        return jsonResponse(
          200,
          page === 1
            ? logEnvelope([makeEntry(1, { action: 'campaign.end' }), makeEntry(2), makeEntry(3)], 7)
            : logEnvelope(
                [makeEntry(4, { details: 'code: WINTER10', action: 'campaign.coupon.add' })],
                7,
                page,
              ),
        );
      },
    });
    const { user, router } = renderApp(PATH);

    const log = within(await screen.findByRole('region', { name: 'Campaign Log' }));
    const table = within(log.getByRole('table', { name: 'Campaign log' }));
    expect(await table.findByText('Ended')).toBeInTheDocument();
    expect(table.getAllByRole('row')).toHaveLength(4);
    expect(log.getByText('Showing 1 to 3 of 7 results')).toBeInTheDocument();
    expect(Object.fromEntries(api.sentTo(LOG)[0]?.url.searchParams ?? [])).toEqual({ page: '1', limit: '3' });

    await user.click(log.getByRole('button', { name: 'Page 2' }));
    expect(await table.findByText('Code added')).toBeInTheDocument();
    expect(table.getByText('code: WINTER10')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toMatchObject({ logPage: 2 }));
  });

  it('filters by status through the URL', async () => {
    const api = serve();
    const { user, router } = renderApp(PATH);
    await rowOf('Winter Sale');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Scheduled');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ status: 'Scheduled' }));
    await waitFor(() =>
      expect(Object.fromEntries(api.sentTo(LIST).at(-1)?.url.searchParams ?? [])).toEqual({
        page: '1',
        limit: '10',
        status: 'Scheduled',
      }),
    );
  });

  describe('New Campaign', () => {
    it('names each missing or invalid field and sends nothing', async () => {
      const api = serve();
      const { user } = renderApp(PATH);
      await user.click(await screen.findByRole('button', { name: 'New Campaign' }));
      const form = within(await screen.findByRole('form', { name: 'New campaign' }));
      await user.click(form.getByRole('button', { name: 'Create Campaign' }));
      expect(await form.findByText('Name is required.')).toBeInTheDocument();
      expect(form.getByText('Choose when the campaign starts.')).toBeInTheDocument();
      expect(form.getByText('Choose when the campaign ends.')).toBeInTheDocument();
      expect(form.getByText('A percentage must be from 1 to 100.')).toBeInTheDocument();

      await user.type(form.getByRole('textbox', { name: /Percent Off/ }), '150');
      fireEvent.change(form.getByLabelText(/^Start/), { target: { value: '2026-12-10T09:00' } });
      fireEvent.change(form.getByLabelText(/^End/), { target: { value: '2026-12-01T09:00' } });
      await user.type(form.getByRole('textbox', { name: /Usage Limit \(Total\)/ }), '0');
      await user.click(form.getByRole('button', { name: 'Create Campaign' }));
      expect(await form.findByText('The end must be after the start.')).toBeInTheDocument();
      expect(form.getByText('A percentage must be from 1 to 100.')).toBeInTheDocument();
      expect(form.getByText('A limit must be at least 1.')).toBeInTheDocument();

      await user.click(form.getByRole('combobox', { name: 'Type' }));
      await user.click(screen.getByRole('option', { name: 'Fixed Amount', hidden: true }));
      await user.clear(form.getByRole('textbox', { name: /Amount Off \(USD\)/ }));
      await user.type(form.getByRole('textbox', { name: /Amount Off \(USD\)/ }), '0');
      await user.click(form.getByRole('button', { name: 'Create Campaign' }));
      expect(await form.findByText('A fixed amount must be more than 0.')).toBeInTheDocument();
      expect(api.sentTo(CREATE)).toHaveLength(0);
    });

    it('sends the campaign with its products and categories, and shows the server’s field errors', async () => {
      let answered = 0;
      const api = serve({
        'GET /product/': () =>
          jsonResponse(200, {
            success: true,
            data: [
              { _id: 'p-9', name: 'Wireless Earbuds', productId: '1005', price: 18.99, currency: 'USD' },
            ],
            meta: { page: 1, limit: 8, total: 1 },
          }),
        [CREATE]: () => {
          answered += 1;
          return answered === 1
            ? jsonResponse(
                400,
                errorEnvelope('A chosen product is no longer in the catalogue.', 'VALIDATION_ERROR', [
                  { path: '/name', message: 'Name is required.' },
                ]),
              )
            : jsonResponse(201, { success: true, message: 'Flash Friday created.', data: makeCampaign() });
        },
      });
      const { user } = renderApp(PATH);
      await user.click(await screen.findByRole('button', { name: 'New Campaign' }));
      const form = within(await screen.findByRole('form', { name: 'New campaign' }));
      await user.type(form.getByRole('textbox', { name: /^Name/ }), 'Flash Friday');
      await user.type(form.getByRole('textbox', { name: /Percent Off/ }), '15');
      fireEvent.change(form.getByLabelText(/^Start/), { target: { value: '2026-12-01T09:00' } });
      fireEvent.change(form.getByLabelText(/^End/), { target: { value: '2026-12-02T09:00' } });
      await user.type(form.getByRole('textbox', { name: /Minimum Order/ }), '50');
      await user.type(form.getByRole('textbox', { name: /Usage Limit per Shopper/ }), '1');
      await user.click(form.getByRole('combobox', { name: 'Categories' }));
      await user.click(screen.getByRole('option', { name: 'Books', hidden: true }));
      await user.type(form.getByRole('searchbox', { name: 'Find products' }), 'earbuds');
      await user.click(await form.findByRole('button', { name: 'Add Wireless Earbuds' }));
      expect(
        within(form.getByRole('list', { name: 'Chosen products' })).getByText('Wireless Earbuds'),
      ).toBeVisible();

      await user.click(form.getByRole('button', { name: 'Create Campaign' }));
      expect(await form.findByRole('alert')).toHaveTextContent(
        'A chosen product is no longer in the catalogue.',
      );
      expect(form.getByText('Name is required.')).toBeInTheDocument();
      expect(api.sentTo(CREATE)[0]?.body).toEqual({
        name: 'Flash Friday',
        type: 'percentage',
        value: 15,
        startsAt: new Date('2026-12-01T09:00').toISOString(),
        endsAt: new Date('2026-12-02T09:00').toISOString(),
        minOrder: 50,
        productIds: ['p-9'],
        categories: ['Books'],
        usageLimitTotal: null,
        usageLimitPerShopper: 1,
      });

      await user.click(form.getByRole('button', { name: 'Create Campaign' }));
      expect(await screen.findByText('Flash Friday created.')).toBeInTheDocument();
      await waitFor(() =>
        expect(screen.queryByRole('form', { name: 'New campaign' })).not.toBeInTheDocument(),
      );
    });

    it('edits a campaign with its saved values', async () => {
      const api = serve({
        [`PUT /campaigns/${ID}`]: () =>
          jsonResponse(200, { success: true, message: 'Campaign saved.', data: makeCampaign() }),
      });
      const { user } = renderApp(PATH);
      await user.click((await rowOf('Winter Sale')).getByRole('button', { name: 'Edit Winter Sale' }));
      const form = within(await screen.findByRole('form', { name: 'Edit campaign' }));
      expect(form.getByRole('textbox', { name: /^Name/ })).toHaveValue('Winter Sale');
      await user.click(form.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Campaign saved.')).toBeInTheDocument();
      expect(api.sentTo(`PUT /campaigns/${ID}`)[0]?.body).toMatchObject({
        name: 'Winter Sale',
        value: 10,
        startsAt: '2026-12-01T00:00:00.000Z',
        categories: ['Electronics'],
        usageLimitTotal: 500,
      });
    });
  });

  describe('coupon codes', () => {
    it('adds a typed code in capitals, generates one, refuses a malformed or taken code, removes one', async () => {
      const withCode = makeCampaign();
      let answers = 0;
      const api = serve({
        [`POST /campaigns/${ID}/coupons`]: () => {
          answers += 1;
          return answers === 2
            ? jsonResponse(409, errorEnvelope('The code SPRING is already in use.'))
            : jsonResponse(201, { success: true, message: 'Code added.', data: withCode });
        },
        [`DELETE /campaigns/${ID}/coupons/c-1`]: () =>
          jsonResponse(200, { success: true, message: 'Code WINTER10 removed.', data: withCode }),
      });
      const { user } = renderApp(PATH);
      await user.click((await rowOf('Winter Sale')).getByRole('button', { name: 'Codes of Winter Sale' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Coupon codes of Winter Sale' }));
      expect(
        within(dialog.getByRole('table', { name: 'Coupon codes' })).getByText('WINTER10'),
      ).toBeInTheDocument();

      await user.type(dialog.getByRole('textbox', { name: 'New code' }), 'ab');
      await user.click(dialog.getByRole('button', { name: 'Add Code' }));
      expect(dialog.getByText('A code is 3 to 32 letters A-Z, digits and dashes.')).toBeInTheDocument();
      expect(api.sentTo(`POST /campaigns/${ID}/coupons`)).toHaveLength(0);

      await user.clear(dialog.getByRole('textbox', { name: 'New code' }));
      await user.type(dialog.getByRole('textbox', { name: 'New code' }), 'winter-25');
      await user.click(dialog.getByRole('button', { name: 'Add Code' }));
      expect(await screen.findByText('Code added.')).toBeInTheDocument();
      expect(api.sentTo(`POST /campaigns/${ID}/coupons`)[0]?.body).toEqual({ code: 'WINTER-25' });

      await user.type(dialog.getByRole('textbox', { name: 'New code' }), 'spring');
      await user.click(dialog.getByRole('button', { name: 'Add Code' }));
      expect(await dialog.findByText('The code SPRING is already in use.')).toBeInTheDocument();

      await user.click(dialog.getByRole('button', { name: 'Generate Code' }));
      await waitFor(() => expect(api.sentTo(`POST /campaigns/${ID}/coupons`)).toHaveLength(3));
      expect(api.sentTo(`POST /campaigns/${ID}/coupons`)[2]?.body).toEqual({});

      await user.click(dialog.getByRole('button', { name: 'Remove WINTER10' }));
      expect(await screen.findByText('Code WINTER10 removed.')).toBeInTheDocument();
      expect(api.sentTo(`DELETE /campaigns/${ID}/coupons/c-1`)).toHaveLength(1);
    });
  });

  it('ends a campaign now after asking, and shows why a used campaign cannot be deleted', async () => {
    const api = serve({
      [`POST /campaigns/${ID}/end`]: () =>
        jsonResponse(200, {
          success: true,
          message: 'Winter Sale has ended: its codes no longer apply.',
          data: makeCampaign({ status: 'Ended' }),
        }),
      [`DELETE /campaigns/${ID}`]: () =>
        jsonResponse(
          409,
          errorEnvelope(
            'Orders have used this campaign’s codes, so it cannot be deleted: end it instead to keep its results.',
          ),
        ),
    });
    const { user } = renderApp(PATH);
    await user.click((await rowOf('Winter Sale')).getByRole('button', { name: 'End Winter Sale now' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'End this campaign now?' }));
    await user.click(confirm.getByRole('button', { name: 'End Now' }));
    expect(await screen.findByText('Winter Sale has ended: its codes no longer apply.')).toBeInTheDocument();
    expect(api.sentTo(`POST /campaigns/${ID}/end`)).toHaveLength(1);

    await user.click((await rowOf('Winter Sale')).getByRole('button', { name: 'Delete Winter Sale' }));
    const ask = within(await screen.findByRole('dialog', { name: 'Delete this campaign?' }));
    await user.click(ask.getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText(
        'Orders have used this campaign’s codes, so it cannot be deleted: end it instead to keep its results.',
      ),
    ).toBeInTheDocument();
  });
});
