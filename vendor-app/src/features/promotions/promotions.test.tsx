import type { Schemas } from '@shop/sdk/types';
import { toLocalInput } from '@shop/ui/discount.schema';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeVendorProfile } from '../../test/fixtures';
import { fetchStub, jsonResponse, type RouteHandler, routeStub, sentRoutes } from '../../test/network';
import { renderApp } from '../../test/render-app';

type VendorCoupon = Schemas['VendorCoupon'];

const ID = '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d';
const PATH = '/manage-vandor/promotions';

function makeCoupon(overrides: Partial<VendorCoupon> = {}): VendorCoupon {
  return {
    _id: ID,
    code: 'SPRING10',
    type: 'percentage',
    value: 10,
    startsAt: '2026-12-01T00:00:00.000Z',
    endsAt: '2026-12-31T00:00:00.000Z',
    usageLimit: 100,
    minOrder: 25,
    currency: 'USD',
    status: 'Active',
    uses: 3,
    createdAt: '2026-11-20T09:00:00.000Z',
    ...overrides,
  };
}

const list = (coupons: VendorCoupon[], total = coupons.length) =>
  jsonResponse(200, { success: true, data: coupons, meta: { page: 1, limit: 10, total } });

function serve(routes: Record<string, RouteHandler>) {
  routeStub({
    'GET /vendor/me': () => jsonResponse(200, { success: true, data: makeVendorProfile() }),
    ...routes,
  });
}

/** The JSON body of the last request sent with `method`. */
async function lastBody(method: string): Promise<unknown> {
  const calls = fetchStub.mock.calls
    .map(([input, init]) => new Request(input, init))
    .filter((request) => request.method === method);
  const last = calls.at(-1);
  if (!last) throw new Error(`No ${method} was sent`);
  return last.json();
}

async function fill(form: ReturnType<typeof within>, values: Record<string, string>) {
  const user = userEvent.setup();
  for (const [label, value] of Object.entries(values)) {
    const input = form.getByLabelText(new RegExp(`^${label}`));
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

describe('promotion & coupons', () => {
  it('lists the vendor’s coupons with type, value, dates, status and uses against the limit', async () => {
    serve({
      'GET /vendor/coupons': () =>
        list([
          makeCoupon(),
          makeCoupon({
            _id: 'c-2',
            code: 'FIVEOFF',
            type: 'fixed',
            value: 5,
            usageLimit: null,
            minOrder: 0,
            status: 'Scheduled',
            uses: 0,
          }),
        ]),
    });
    renderApp(PATH, { signedIn: true });

    expect(await screen.findByRole('heading', { name: 'Promotion & Coupons' })).toBeInTheDocument();
    const first = within(await screen.findByRole('row', { name: /SPRING10/ }));
    expect(first.getByText('Percentage')).toBeInTheDocument();
    expect(first.getByText('10%')).toBeInTheDocument();
    expect(first.getByText('$25.00')).toBeInTheDocument();
    expect(first.getByText('Dec 1, 2026')).toBeInTheDocument();
    expect(first.getByText('Active')).toBeInTheDocument();
    expect(first.getByText('3 / 100')).toBeInTheDocument();
    const second = within(screen.getByRole('row', { name: /FIVEOFF/ }));
    expect(second.getByText('$5.00')).toBeInTheDocument();
    expect(second.getByText('Scheduled')).toBeInTheDocument();
    expect(second.getByText('0 (no limit)')).toBeInTheDocument();
    expect(second.getByText('None')).toBeInTheDocument();
  });

  it('says so when there are no coupons yet', async () => {
    serve({ 'GET /vendor/coupons': () => list([]) });
    renderApp(PATH, { signedIn: true });
    expect(await screen.findByText('No coupons yet.')).toBeInTheDocument();
  });

  it('checks the form as the server does before creating a coupon', async () => {
    const user = userEvent.setup();
    serve({ 'GET /vendor/coupons': () => list([]) });
    renderApp(PATH, { signedIn: true });

    await user.click(await screen.findByRole('button', { name: 'New Coupon' }));
    const form = within(await screen.findByRole('form', { name: 'New coupon' }));
    await fill(form, {
      Code: 'no!',
      'Percent Off': '150',
      Start: '2026-12-10T10:00',
      End: '2026-12-01T10:00',
    });
    await user.click(form.getByRole('button', { name: 'Create Coupon' }));

    expect(await form.findByText('A code is 3 to 32 letters A-Z, digits and dashes.')).toBeInTheDocument();
    expect(form.getByText('A percentage must be from 1 to 100.')).toBeInTheDocument();
    expect(form.getByText('The end must be after the start.')).toBeInTheDocument();
    expect(sentRoutes()).not.toContain('POST /vendor/coupons');
  });

  it('creates a coupon and shows it in the list', async () => {
    const user = userEvent.setup();
    let created: VendorCoupon | null = null;
    serve({
      'GET /vendor/coupons': () => list(created ? [created] : []),
      'POST /vendor/coupons': () => {
        created = makeCoupon({
          code: 'WINTER-5',
          type: 'fixed',
          value: 5,
          usageLimit: 50,
          minOrder: 20,
          uses: 0,
        });
        return jsonResponse(201, { success: true, message: 'Coupon WINTER-5 created.', data: created });
      },
    });
    renderApp(PATH, { signedIn: true });

    await user.click(await screen.findByRole('button', { name: 'New Coupon' }));
    const form = within(await screen.findByRole('form', { name: 'New coupon' }));
    await user.click(form.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Fixed Amount (USD)', hidden: true }));
    await fill(form, {
      Code: 'winter-5',
      'Amount Off': '5',
      Start: '2026-12-01T00:00',
      End: '2026-12-31T00:00',
      'Usage Limit': '50',
      'Minimum Order': '20',
    });
    await user.click(form.getByRole('button', { name: 'Create Coupon' }));

    expect(await screen.findByText('Coupon WINTER-5 created.')).toBeInTheDocument();
    expect(await lastBody('POST')).toEqual({
      code: 'WINTER-5',
      type: 'fixed',
      value: 5,
      startsAt: new Date('2026-12-01T00:00').toISOString(),
      endsAt: new Date('2026-12-31T00:00').toISOString(),
      usageLimit: 50,
      minOrder: 20,
    });
    expect(await screen.findByRole('row', { name: /WINTER-5/ })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New coupon' })).not.toBeInTheDocument());
  });

  it('edits a coupon, showing the server’s refusal beside the field', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    serve({
      'GET /vendor/coupons': () => list([makeCoupon()]),
      'PUT /vendor/coupons/:id': () => {
        attempts += 1;
        return attempts === 1
          ? jsonResponse(409, {
              success: false,
              code: 'CONFLICT',
              message: 'The code TAKEN-1 is already in use.',
            })
          : jsonResponse(200, {
              success: true,
              message: 'Coupon SPRING10 saved.',
              data: makeCoupon({ value: 15 }),
            });
      },
    });
    renderApp(PATH, { signedIn: true });

    await user.click(await screen.findByRole('button', { name: 'Edit SPRING10' }));
    const form = within(await screen.findByRole('form', { name: 'Edit coupon' }));
    expect(form.getByLabelText(/^Code/)).toHaveValue('SPRING10');
    expect(form.getByLabelText(/^Start/)).toHaveValue(toLocalInput('2026-12-01T00:00:00.000Z'));
    expect(form.getByLabelText(/^Usage Limit/)).toHaveValue('100');

    await fill(form, { Code: 'TAKEN-1' });
    await user.click(form.getByRole('button', { name: 'Save Coupon' }));
    expect(await form.findByRole('alert')).toHaveTextContent('The code TAKEN-1 is already in use.');

    await fill(form, { Code: 'SPRING10', 'Percent Off': '15' });
    await user.click(form.getByRole('button', { name: 'Save Coupon' }));
    expect(await screen.findByText('Coupon SPRING10 saved.')).toBeInTheDocument();
    expect(await lastBody('PUT')).toMatchObject({
      code: 'SPRING10',
      value: 15,
      usageLimit: 100,
      minOrder: 25,
    });
    const put = sentRoutes().filter((route) => route.startsWith('PUT'));
    expect(put.at(-1)).toBe(`PUT /vendor/coupons/${ID}`);
  });

  it('deletes a coupon only after confirming, and shows why a used one cannot go', async () => {
    const user = userEvent.setup();
    let deleted = false;
    serve({
      'GET /vendor/coupons': () =>
        list(
          deleted
            ? [makeCoupon({ _id: 'c-2', code: 'USED-1' })]
            : [makeCoupon(), makeCoupon({ _id: 'c-2', code: 'USED-1' })],
        ),
      [`DELETE /vendor/coupons/${ID}`]: () => {
        deleted = true;
        return jsonResponse(200, { success: true, message: 'Coupon SPRING10 deleted.' });
      },
      'DELETE /vendor/coupons/c-2': () =>
        jsonResponse(409, {
          success: false,
          code: 'CONFLICT',
          message:
            'Orders have used this coupon, so it cannot be deleted: move its end date to stop it instead.',
        }),
    });
    renderApp(PATH, { signedIn: true });

    await user.click(await screen.findByRole('button', { name: 'Delete SPRING10' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Delete Coupon' }));
    expect(dialog.getByText('Are you sure you want to delete the coupon SPRING10?')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(sentRoutes().some((route) => route.startsWith('DELETE'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete SPRING10' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Delete Coupon' }));
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Coupon SPRING10 deleted.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('row', { name: /SPRING10/ })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Delete USED-1' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Delete Coupon' }));
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Orders have used this coupon');
    expect(screen.getByRole('row', { name: /USED-1/ })).toBeInTheDocument();
  });
});
