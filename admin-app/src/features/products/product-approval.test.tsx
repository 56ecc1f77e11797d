import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminSession } from '../../app/session';
import { renderApp } from '../../test/render-app';
import { makeAdminToken } from '../../test/tokens';
import { jsonResponse, listEnvelope, makeProduct, statsEnvelope, stubApi } from './testing/product-api-stub';

const LIST = 'GET /product/';
const STATS = 'GET /product/stats';

const waiting = makeProduct(1, { source: 'vendor', approval: 'pending', approvalNote: null }, 'Vendor Vase');
const turnedDown = makeProduct(
  2,
  { source: 'vendor', approval: 'rejected', approvalNote: 'The pictures are blurred.' },
  'Vendor Bowl',
);
const onSale = makeProduct(3, { approval: 'approved', approvalNote: null }, 'Catalogue Lamp');

function stubWith(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    [STATS]: () => jsonResponse(200, statsEnvelope),
    [LIST]: () => jsonResponse(200, listEnvelope([waiting, turnedDown, onSale])),
    ...extra,
  });
}

const rowOf = async (text: string) => {
  const table = await screen.findByRole('table', { name: 'Products' });
  const row = (await within(table).findByText(text)).closest('tr');
  if (!row) throw new Error(`No row holds ${text}`);
  return within(row);
};

describe('Product Management: approving vendors’ products', { timeout: 15_000 }, () => {
  beforeEach(() => {
    adminSession.login(makeAdminToken());
  });

  it("filters to 'Pending approval' on the server and keeps the filter in the URL", async () => {
    const api = stubWith();
    const { router, user } = renderApp('/manage-admin/products?page=2');
    await rowOf('Vendor Vase');
    expect(api.sentTo(LIST).at(-1)?.url.searchParams.has('approval')).toBe(false);

    await user.selectOptions(screen.getByLabelText('Approval'), 'Pending approval');

    await waitFor(() => expect(router.state.location.search).toEqual({ approval: 'pending' }));
    await waitFor(() => {
      const query = api.sentTo(LIST).at(-1)?.url.searchParams;
      expect(query?.get('approval')).toBe('pending');
      expect(query?.get('page')).toBe('1');
    });
  });

  it('opens on the pending filter from its address', async () => {
    const api = stubWith();
    renderApp('/manage-admin/products?approval=pending');
    await rowOf('Vendor Vase');
    expect(screen.getByLabelText('Approval')).toHaveValue('pending');
    expect(api.sentTo(LIST)[0]?.url.searchParams.get('approval')).toBe('pending');
  });

  it('badges rows pending or rejected, with the reason, and offers Approve and Reject only when pending', async () => {
    stubWith();
    renderApp('/manage-admin/products');

    const pending = await rowOf('Vendor Vase');
    expect(pending.getByText('Pending approval')).toBeInTheDocument();
    expect(pending.getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(pending.getByRole('button', { name: 'Reject' })).toBeInTheDocument();

    const rejected = await rowOf('Vendor Bowl');
    expect(rejected.getByText('Rejected')).toBeInTheDocument();
    expect(rejected.getByText('The pictures are blurred.')).toBeInTheDocument();
    expect(rejected.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();

    const approved = await rowOf('Catalogue Lamp');
    expect(approved.queryByText('Pending approval')).not.toBeInTheDocument();
    expect(approved.queryByText('Rejected')).not.toBeInTheDocument();
    expect(approved.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
  });

  it('approves a pending product, says so and reloads the list', async () => {
    const api = stubWith({
      'POST /products/p-1/approve': () =>
        jsonResponse(200, {
          success: true,
          message: 'Product approved.',
          data: { ...waiting, approval: 'approved', rate: 1, description: '', skus: [] },
        }),
    });
    const { user } = renderApp('/manage-admin/products');
    const listCalls = async () => {
      await rowOf('Vendor Vase');
      return api.sentTo(LIST).length;
    };
    const before = await listCalls();

    await user.click((await rowOf('Vendor Vase')).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('Product approved.')).toBeInTheDocument();
    expect(api.sentTo('POST /products/p-1/approve')).toHaveLength(1);
    await waitFor(() => expect(api.sentTo(LIST).length).toBeGreaterThan(before));
  });

  it("shows the server's message when approving fails", async () => {
    stubWith({
      'POST /products/p-1/approve': () =>
        jsonResponse(409, {
          success: false,
          code: 'CONFLICT',
          message: 'This product is not waiting for approval (it is approved).',
        }),
    });
    const { user } = renderApp('/manage-admin/products');

    await user.click((await rowOf('Vendor Vase')).getByRole('button', { name: 'Approve' }));

    expect(
      await screen.findByText('This product is not waiting for approval (it is approved).'),
    ).toBeInTheDocument();
  });

  it('rejects only with a reason, sent to the server, then closes the dialog', async () => {
    const api = stubWith({
      'POST /products/p-1/reject': () =>
        jsonResponse(200, {
          success: true,
          message: 'Product rejected.',
          data: { ...waiting, approval: 'rejected', rate: 1, description: '', skus: [] },
        }),
    });
    const { user } = renderApp('/manage-admin/products');

    await user.click((await rowOf('Vendor Vase')).getByRole('button', { name: 'Reject' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reject product' }));
    expect(dialog.getByText('Vendor Vase')).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Reject' }));
    expect(await dialog.findByText('Give the reason for rejecting the product.')).toBeInTheDocument();
    await user.type(dialog.getByRole('textbox', { name: 'Reason' }), '   ');
    await user.click(dialog.getByRole('button', { name: 'Reject' }));
    expect(await dialog.findByText('Give the reason for rejecting the product.')).toBeInTheDocument();
    expect(api.sentTo('POST /products/p-1/reject')).toHaveLength(0);

    await user.clear(dialog.getByRole('textbox', { name: 'Reason' }));
    await user.type(dialog.getByRole('textbox', { name: 'Reason' }), 'The glaze is cracked.');
    await user.click(dialog.getByRole('button', { name: 'Reject' }));

    expect(await screen.findByText('Product rejected.')).toBeInTheDocument();
    expect(api.sentTo('POST /products/p-1/reject')[0]?.body).toEqual({ reason: 'The glaze is cracked.' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("keeps the dialog open with the server's message when rejecting fails, and Cancel sends nothing", async () => {
    const api = stubWith({
      'POST /products/p-1/reject': () =>
        jsonResponse(409, {
          success: false,
          code: 'CONFLICT',
          message: 'This product is not waiting for approval (it is rejected).',
        }),
    });
    const { user } = renderApp('/manage-admin/products');

    await user.click((await rowOf('Vendor Vase')).getByRole('button', { name: 'Reject' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Reject product' }));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.sentTo('POST /products/p-1/reject')).toHaveLength(0);

    await user.click((await rowOf('Vendor Vase')).getByRole('button', { name: 'Reject' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Reject product' }));
    await user.type(dialog.getByRole('textbox', { name: 'Reason' }), 'Too late.');
    await user.click(dialog.getByRole('button', { name: 'Reject' }));

    expect(
      await dialog.findByText('This product is not waiting for approval (it is rejected).'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Reject product' })).toBeInTheDocument();
  });
});
