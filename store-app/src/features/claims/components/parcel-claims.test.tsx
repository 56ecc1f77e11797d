import type { Schemas } from '@shop/sdk/types';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { customerSession } from '../../../lib/session';
import { json, stubApi } from '../../../test/network';
import { renderApp } from '../../../test/render-app';
import { customerToken } from '../../../test/tokens';

const parcel = (number: number, status: Schemas['ShopperParcel']['status']): Schemas['ShopperParcel'] => ({
  _id: `parcel-${number}`,
  number,
  status,
  carrier: 'Cainiao',
  trackingNumber: `LP00${number}`,
  shippedAt: '2026-09-24T08:00:00.000Z',
  deliveredAt: status === 'Delivered' ? '2026-10-20T08:00:00.000Z' : null,
  promisedBy: '2026-10-30T23:59:59.000Z',
  items: [{ name: 'TWS Earbuds', quantity: 1 }],
  events: [],
});

const claim = (overrides: Partial<Schemas['ParcelClaim']>): Schemas['ParcelClaim'] => ({
  _id: 'claim-1',
  orderId: 'order-9',
  parcelId: 'parcel-1',
  parcelNumber: 1,
  kind: 'never_arrived',
  description: 'Nothing came.',
  status: 'open',
  staffNote: null,
  reshipParcelId: null,
  photos: [],
  createdAt: '2026-11-22T09:15:00.000Z',
  resolvedAt: null,
  ...overrides,
});

describe('reporting a problem with a parcel', () => {
  it('claims "never arrived" on a parcel in transit and then shows the claim', async () => {
    let claims: Schemas['ParcelClaim'][] = [];
    const { requests } = stubApi({
      'GET /order/order-9/parcels': () =>
        json(200, { success: true, data: [parcel(1, 'Shipped'), parcel(2, 'Delivered')] }),
      'GET /order/order-9/claims': () => json(200, { success: true, data: claims }),
      'POST /order/order-9/parcels/parcel-1/claims': async (incoming) => {
        const body = (await incoming.json()) as { kind: 'never_arrived'; description: string };
        claims = [claim(body)];
        return json(201, { success: true, message: 'Your claim has been sent.', data: claims[0] });
      },
    });
    customerSession.signIn(customerToken());
    renderApp('/order/order-9');

    const section = within(await screen.findByRole('region', { name: 'Problems with a parcel' }));
    const first = within(section.getByLabelText('Parcel 1'));
    await userEvent.click(first.getByRole('button', { name: 'Report a problem' }));
    const form = within(await screen.findByRole('form', { name: 'Report a problem with parcel 1' }));
    expect(form.getByRole('radio', { name: 'It arrived damaged or not as described' })).toBeDisabled();
    await userEvent.click(form.getByRole('button', { name: 'Send' }));
    expect(form.getByText('Please tell us what happened.')).toBeInTheDocument();

    await userEvent.type(form.getByRole('textbox', { name: /Tell us what happened/ }), 'Nothing came.');
    await userEvent.click(form.getByRole('button', { name: 'Send' }));
    expect(await first.findByText('We are looking into it')).toBeInTheDocument();
    expect(first.queryByRole('button', { name: 'Report a problem' })).not.toBeInTheDocument();
    const post = requests.find((sent) => sent.method === 'POST');
    expect(await post?.json()).toEqual({ kind: 'never_arrived', description: 'Nothing came.' });
  });

  it('sends a damaged claim with its photos, one upload each', async () => {
    const uploads: string[] = [];
    stubApi({
      'GET /order/order-9/parcels': () => json(200, { success: true, data: [parcel(2, 'Delivered')] }),
      'GET /order/order-9/claims': () => json(200, { success: true, data: [] }),
      'POST /order/order-9/parcels/parcel-2/claims': () =>
        json(201, { success: true, data: claim({ _id: 'claim-2', parcelId: 'parcel-2', kind: 'damaged' }) }),
      'POST /parcel-claims/claim-2/photos': async (incoming) => {
        const form = await incoming.formData();
        uploads.push((form.get('file') as File).name);
        return json(201, { success: true, data: claim({ _id: 'claim-2', kind: 'damaged' }) });
      },
    });
    customerSession.signIn(customerToken());
    renderApp('/order/order-9');

    const section = within(await screen.findByRole('region', { name: 'Problems with a parcel' }));
    await userEvent.click(section.getByRole('button', { name: 'Report a problem' }));
    const form = within(await screen.findByRole('form', { name: 'Report a problem with parcel 2' }));
    expect(form.getByRole('radio', { name: 'It arrived damaged or not as described' })).toBeChecked();
    await userEvent.type(
      form.getByRole('textbox', { name: /Tell us what happened/ }),
      'The case is crushed.',
    );
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, [
      new File(['a'], 'front.png', { type: 'image/png' }),
      new File(['b'], 'side.png', { type: 'image/png' }),
    ]);
    expect(form.getByText('front.png')).toBeInTheDocument();
    await userEvent.click(form.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(uploads).toEqual(['front.png', 'side.png']));
  });

  it('shows how a settled claim ended, with the store’s note', async () => {
    stubApi({
      'GET /order/order-9/parcels': () => json(200, { success: true, data: [parcel(1, 'Shipped')] }),
      'GET /order/order-9/claims': () =>
        json(200, {
          success: true,
          data: [
            claim({
              status: 'reshipped',
              staffNote: 'A new parcel is on its way.',
              reshipParcelId: 'parcel-3',
            }),
          ],
        }),
    });
    customerSession.signIn(customerToken());
    renderApp('/order/order-9');

    const section = within(await screen.findByRole('region', { name: 'Problems with a parcel' }));
    expect(await section.findByText('Sent again')).toBeInTheDocument();
    expect(section.getByText('We are sending the items again in a new parcel.')).toBeInTheDocument();
    expect(section.getByText("Store's answer: A new parcel is on its way.")).toBeInTheDocument();
  });
});
