import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminSession } from '../../app/session';
import { renderApp } from '../../test/render-app';
import { makeAdminToken } from '../../test/tokens';
import { dataEnvelope, errorEnvelope, jsonResponse, stubApi } from '../orders/testing/order-api-stub';
import { uuid } from './testing/marketing-api-stub';

const unavailable = () => jsonResponse(500, errorEnvelope('unavailable', 'INTERNAL_ERROR'));
const coupons = [
  { _id: uuid(1), code: 'COMEBACK10', campaign: 'Come back offer' },
  { _id: uuid(2), code: 'WINTER15', campaign: 'Winter sale' },
];

describe('Marketing & Content: cart recovery', { timeout: 20_000 }, () => {
  beforeEach(() => {
    adminSession.login(makeAdminToken());
  });

  it('turns reminders on or off and chooses the second reminder’s coupon from the store’s coupons', async () => {
    let saved = {
      enabled: true,
      couponId: null as string | null,
      couponCode: null as string | null,
      coupons,
    };
    const api = stubApi({
      'GET /admin/me': unavailable,
      'GET /cart/recovery-settings': () => jsonResponse(200, dataEnvelope(saved)),
      'PUT /cart/recovery-settings': (request) => {
        const body = request.body as { enabled: boolean; couponId: string | null };
        saved = {
          ...saved,
          ...body,
          couponCode: coupons.find((coupon) => coupon._id === body.couponId)?.code ?? null,
        };
        return jsonResponse(200, { ...dataEnvelope(saved), message: 'Settings saved.' });
      },
    });
    const { user } = renderApp('/manage-admin/marketing?tab=cart-recovery');
    const form = within(await screen.findByRole('form', { name: 'Cart recovery' }));
    const reminders = form.getByRole('switch', { name: 'Send cart reminders' });
    expect(reminders).toBeChecked();
    const coupon = form.getByRole('combobox', { name: /Coupon in the second reminder/ });
    expect(
      within(coupon)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['No coupon', 'COMEBACK10 (Come back offer)', 'WINTER15 (Winter sale)']);

    await user.selectOptions(coupon, 'COMEBACK10 (Come back offer)');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Cart recovery saved.')).toBeInTheDocument();
    expect(api.sentTo('PUT /cart/recovery-settings')[0]?.body).toEqual({ enabled: true, couponId: uuid(1) });

    const again = within(await screen.findByRole('form', { name: 'Cart recovery' }));
    await user.click(again.getByRole('switch', { name: 'Send cart reminders' }));
    await user.selectOptions(
      again.getByRole('combobox', { name: /Coupon in the second reminder/ }),
      'No coupon',
    );
    await user.click(again.getByRole('button', { name: 'Save' }));
    await expect.poll(() => api.sentTo('PUT /cart/recovery-settings')).toHaveLength(2);
    expect(api.sentTo('PUT /cart/recovery-settings')[1]?.body).toEqual({ enabled: false, couponId: null });
  });

  it('says so when the settings cannot be saved', async () => {
    stubApi({
      'GET /admin/me': unavailable,
      'GET /cart/recovery-settings': () =>
        jsonResponse(200, dataEnvelope({ enabled: true, couponId: null, couponCode: null, coupons })),
      'PUT /cart/recovery-settings': () =>
        jsonResponse(422, errorEnvelope('Choose one of the store’s coupons.', 'UNPROCESSABLE')),
    });
    const { user } = renderApp('/manage-admin/marketing?tab=cart-recovery');
    const form = within(await screen.findByRole('form', { name: 'Cart recovery' }));
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose one of the store’s coupons.')).toBeInTheDocument();
  });
});
