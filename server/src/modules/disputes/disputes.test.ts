import type { components } from '@shop/sdk/types';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, disputeEvidence, disputeMessages, disputes, orders, refunds } from '../../db/schema.ts';
import type { OperationId } from '../../http/contract-types.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import { multipartForm as form } from '../../test/multipart.ts';
import { bearer, limitedStaffToken, type RegisteredShopper, registerShopper } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertTestOrder } from '../refunds/refunds.fixtures.ts';
import { countDisputesWaitingOver, countUnreadSupportMessages } from './disputes.repository.ts';
import { HOUR_MS } from './disputes.workflow.ts';

type Dispute = components['schemas']['Dispute'];
type Method = 'GET' | 'POST' | 'PUT';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe('disputes', () => {
  let t: TestApp;
  let alice: RegisteredShopper;
  let bob: RegisteredShopper;
  let desk: string;
  let ordersOnly: string;
  let aliceOrder: { id: string; orderNumber: string };
  let bobOrder: { id: string; orderNumber: string };

  beforeAll(async () => {
    t = await createTestApp();
    alice = await registerShopper(t.app, { name: 'Alice Rahman' });
    bob = await registerShopper(t.app, { name: 'Bob Karim' });
    desk = await limitedStaffToken(t.app, t.db, ['disputes'], 'Support');
    ordersOnly = await limitedStaffToken(t.app, t.db, ['orders', 'refunds'], 'Support');
    aliceOrder = await insertTestOrder(t.db, { customerId: alice.id, totalMinor: 100_00 });
    bobOrder = await insertTestOrder(t.db, { customerId: bob.id, totalMinor: 50_00 });
  });
  afterAll(() => t.close());

  async function call(
    opId: OperationId,
    method: Method,
    url: string,
    token: string | null,
    payload?: object,
  ) {
    const response = await t.app.inject({
      method,
      url: `/api${url}`,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });
    assertMatchesContract(opId, response);
    return response;
  }

  const create = (token: string | null, payload: object) =>
    call('createDispute', 'POST', '/dispute', token, payload);
  const read = (id: string, token: string) => call('getDispute', 'GET', `/dispute/${id}`, token);
  const post = (id: string, token: string, payload: object) =>
    call('addDisputeMessage', 'POST', `/dispute/${id}/messages`, token, payload);
  const escalate = (id: string, token: string) =>
    call('escalateDispute', 'POST', `/dispute/${id}/escalate`, token);
  const setStatus = (id: string, payload: object, token = desk) =>
    call('updateDisputeStatus', 'PUT', `/dispute/${id}/status`, token, payload);
  const listAll = (query: string, token = desk) =>
    call('listAllDisputes', 'GET', `/dispute/admin/all${query}`, token);

  async function upload(file: { name: string; type: string; bytes: Buffer }, token: string | null) {
    const { payload, headers } = form(file);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/dispute/evidence',
      payload,
      headers: { ...headers, ...(token ? bearer(token) : {}) },
    });
    assertMatchesContract('uploadDisputeEvidence', response);
    return response;
  }

  async function newDispute(shopper: RegisteredShopper, extra: object = {}): Promise<Dispute> {
    const response = await create(shopper.token, {
      subject: 'Case arrived cracked',
      category: 'product_quality',
      description: 'The charging case lid snapped off on arrival.',
      ...extra,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ data: Dispute }>().data;
  }

  async function stored(id: string) {
    const [row] = await t.db.select().from(disputes).where(eq(disputes.id, id));
    if (!row) throw new Error('no such dispute');
    const [messages] = await t.db
      .select({ n: count() })
      .from(disputeMessages)
      .where(eq(disputeMessages.disputeId, id));
    return { ...row, messageCount: messages?.n ?? 0 };
  }

  describe('POST /dispute/evidence', () => {
    it('stores a picture or a PDF of the shopper and serves it', async () => {
      for (const [file, contentType] of [
        [{ name: 'lid.png', type: 'image/png', bytes: PNG }, 'image/png'],
        [{ name: 'receipt.pdf', type: 'application/pdf', bytes: PDF }, 'application/pdf'],
      ] as const) {
        const response = await upload(file, alice.token);
        expect(response.statusCode, response.body).toBe(201);
        const { data } = response.json();
        expect(data).toEqual({
          url: expect.stringMatching(/^http:\/\/localhost:3000\/media\/uploads\/[0-9a-f-]{36}\.(png|pdf)$/),
          name: file.name,
          size: file.bytes.length,
          contentType,
        });
        const served = await t.app.inject({ method: 'GET', url: new URL(data.url).pathname });
        expect(served.statusCode).toBe(200);
        expect(served.rawPayload.equals(file.bytes)).toBe(true);
      }
    });

    it('judges the type by the bytes, not the name, and refuses files over 10 MB', async () => {
      const text = await upload(
        { name: 'fake.png', type: 'image/png', bytes: Buffer.from('<svg></svg>') },
        alice.token,
      );
      expect(text.statusCode).toBe(415);
      expect(text.json().message).toBe('Only PNG, JPG, GIF or WebP images or PDF files can be uploaded.');

      const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
      const tooLarge = await upload({ name: 'huge.png', type: 'image/png', bytes: big }, alice.token);
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json().message).toBe('The file is larger than 10 MB.');
    });

    it('is for signed-in shoppers only', async () => {
      const file = { name: 'lid.png', type: 'image/png', bytes: PNG };
      expect((await upload(file, null)).statusCode).toBe(401);
      expect((await upload(file, desk)).statusCode).toBe(403);
    });
  });

  describe('POST /dispute', () => {
    it('opens an open, medium dispute on one of the shopper’s orders with their evidence', async () => {
      const photo = (await upload({ name: 'lid.png', type: 'image/png', bytes: PNG }, alice.token)).json()
        .data;
      const response = await create(alice.token, {
        subject: '  Case arrived cracked  ',
        orderId: `#${aliceOrder.orderNumber}`,
        description: 'The lid snapped off.',
        evidence: [photo.url],
        // A shopper cannot choose these: the server sets them.
        status: 'resolved',
        priority: 'urgent',
      });
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json<{ message: string; data: Dispute }>();
      expect(body.message).toBe('Your dispute has been submitted successfully.');
      expect(body.data).toMatchObject({
        subject: 'Case arrived cracked',
        category: 'general_complaint',
        status: 'open',
        priority: 'medium',
        user: { _id: alice.id, name: 'Alice Rahman' },
        order: { _id: aliceOrder.id, orderNumber: aliceOrder.orderNumber },
        evidence: [photo.url],
        resolution: null,
        waitingHours: 0,
        unreadMessages: 1,
      });
      expect(body.data.waitingSince).toBe(body.data.createdAt);
      expect(body.data.messages).toEqual([
        expect.objectContaining({ sender: 'user', message: 'The lid snapped off.', readByStaffAt: null }),
      ]);
      const [claimed] = await t.db
        .select()
        .from(disputeEvidence)
        .where(eq(disputeEvidence.disputeId, body.data._id));
      expect(claimed?.customerId).toBe(alice.id);
    });

    it('accepts the order’s _id, and an empty order id as no order', async () => {
      expect((await newDispute(alice, { orderId: aliceOrder.id })).order?._id).toBe(aliceOrder.id);
      const none = await newDispute(alice, { orderId: '' });
      expect(none.order).toBeNull();
      expect(none.orderId).toBeNull();
    });

    it('answers 404 for an order that is not the shopper’s own, and opens nothing', async () => {
      const [before] = await t.db.select({ n: count() }).from(disputes);
      for (const orderId of [bobOrder.orderNumber, bobOrder.id, 'ORD-NO-SUCH']) {
        const response = await create(alice.token, { subject: 'X', description: 'Y', orderId });
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toBe('Order not found.');
      }
      const [after] = await t.db.select({ n: count() }).from(disputes);
      expect(after?.n).toBe(before?.n);
    });

    it('refuses blank fields with field errors', async () => {
      const blank = await create(alice.token, { subject: '   ', description: '\t\n' });
      expect(blank.statusCode).toBe(400);
      const paths = blank.json<{ errors: { path: string }[] }>().errors.map((e) => e.path);
      expect(paths).toEqual(expect.arrayContaining(['/subject', '/description']));
      expect((await create(alice.token, { subject: 'Only a subject' })).statusCode).toBe(400);
      expect(
        (await create(alice.token, { subject: 'S', description: 'D', category: 'lost' })).statusCode,
      ).toBe(400);
    });

    it('refuses evidence that is not the shopper’s own unattached upload', async () => {
      const bobs = (await upload({ name: 'b.png', type: 'image/png', bytes: PNG }, bob.token)).json().data
        .url;
      const [before] = await t.db.select({ n: count() }).from(disputes);
      for (const url of [
        bobs,
        'https://elsewhere.example/lid.png',
        'http://localhost:3000/media/uploads/../x.png',
      ]) {
        const response = await create(alice.token, { subject: 'S', description: 'D', evidence: [url] });
        expect(response.statusCode, url).toBe(400);
        expect(response.json().message).toBe('Attach only files you uploaded for this dispute.');
      }
      const mine = (await upload({ name: 'a.png', type: 'image/png', bytes: PNG }, alice.token)).json().data
        .url;
      await newDispute(alice, { evidence: [mine] });
      const reused = await create(alice.token, { subject: 'S', description: 'D', evidence: [mine] });
      expect(reused.statusCode).toBe(400);
      const [after] = await t.db.select({ n: count() }).from(disputes);
      expect(after?.n).toBe((before?.n ?? 0) + 1);
    });

    it('is for shoppers only', async () => {
      expect((await create(null, { subject: 'S', description: 'D' })).statusCode).toBe(401);
      expect((await create(desk, { subject: 'S', description: 'D' })).statusCode).toBe(403);
    });
  });

  describe('reading', () => {
    it('lists the shopper’s own disputes, newest first', async () => {
      const first = await newDispute(bob, { subject: 'First' });
      const second = await newDispute(bob, { subject: 'Second' });
      const response = await call('listMyDisputes', 'GET', '/dispute/user', bob.token);
      expect(response.statusCode).toBe(200);
      const list = response.json<{ data: Dispute[] }>().data;
      expect(list.every((d) => d.user._id === bob.id)).toBe(true);
      expect(list.map((d) => d._id).indexOf(second._id)).toBeLessThan(
        list.map((d) => d._id).indexOf(first._id),
      );
      expect((await call('listMyDisputes', 'GET', '/dispute/user', desk)).statusCode).toBe(403);
    });

    it('shows a dispute to its owner and staff, and 404 to another shopper', async () => {
      const dispute = await newDispute(alice);
      expect((await read(dispute._id, alice.token)).statusCode).toBe(200);
      const other = await read(dispute._id, bob.token);
      expect(other.statusCode).toBe(404);
      expect(other.json().message).toBe('Dispute not found.');
      expect((await read('not-a-uuid', alice.token)).statusCode).toBe(404);
      expect((await read('not-a-uuid', desk)).statusCode).toBe(404);
      expect((await read('00000000-0000-4000-8000-000000000000', desk)).statusCode).toBe(404);
      expect((await read(dispute._id, ordersOnly)).statusCode).toBe(403);
    });

    it('marks the shopper’s messages read when staff open the dispute', async () => {
      const dispute = await newDispute(alice);
      const unreadBefore = await countUnreadSupportMessages(t.db);
      // The owner reading it changes nothing.
      expect((await read(dispute._id, alice.token)).json().data.unreadMessages).toBe(1);
      expect(await countUnreadSupportMessages(t.db)).toBe(unreadBefore);

      const staffView = (await read(dispute._id, desk)).json<{ data: Dispute }>().data;
      expect(staffView.unreadMessages).toBe(0);
      expect(staffView.messages[0]?.readByStaffAt).toEqual(expect.any(String));
      expect(await countUnreadSupportMessages(t.db)).toBe(unreadBefore - 1);

      await post(dispute._id, alice.token, { message: 'Any news?' });
      expect(await countUnreadSupportMessages(t.db)).toBe(unreadBefore);
    });

    it('counts disputes by status; the figures add up', async () => {
      const shopper = await registerShopper(t.app);
      const a = await newDispute(shopper);
      await newDispute(shopper);
      const c = await newDispute(shopper);
      expect((await escalate(a._id, shopper.token)).statusCode).toBe(200);
      expect((await setStatus(c._id, { status: 'closed' })).statusCode).toBe(200);

      const mine = (await call('getDisputeStats', 'GET', '/dispute/stats', shopper.token)).json().data;
      expect(mine.total).toBe(3);
      expect(mine.open).toBe(1);
      expect(mine.byStatus).toEqual(
        expect.arrayContaining([
          { _id: 'open', count: 1 },
          { _id: 'escalated', count: 1 },
          { _id: 'closed', count: 1 },
        ]),
      );

      const all = (await call('getDisputeStats', 'GET', '/dispute/stats', desk)).json().data;
      const [inDb] = await t.db.select({ n: count() }).from(disputes);
      const [openInDb] = await t.db.select({ n: count() }).from(disputes).where(eq(disputes.status, 'open'));
      expect(all.total).toBe(inDb?.n);
      expect(all.open).toBe(openInDb?.n);
      expect(all.byStatus.reduce((sum: number, row: { count: number }) => sum + row.count, 0)).toBe(
        all.total,
      );
    });
  });

  describe('messages', () => {
    it('posts the owner’s message as user, whatever sender the body claims', async () => {
      const dispute = await newDispute(alice);
      const response = await post(dispute._id, alice.token, {
        message: '  Photo attached.  ',
        sender: 'support',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toBe('Message sent.');
      const thread = response.json<{ data: Dispute }>().data.messages;
      expect(thread.at(-1)).toMatchObject({ sender: 'user', message: 'Photo attached.' });
      const rows = await t.db
        .select({ sender: disputeMessages.sender })
        .from(disputeMessages)
        .where(eq(disputeMessages.disputeId, dispute._id));
      expect(rows.every((row) => row.sender === 'user')).toBe(true);
    });

    it('posts staff replies as the support side, stopping the clock and logging the reply', async () => {
      const dispute = await newDispute(alice);
      const response = await post(dispute._id, desk, {
        message: 'Sorry about that. Could you send a photo?',
      });
      expect(response.statusCode, response.body).toBe(200);
      const data = response.json<{ data: Dispute }>().data;
      expect(data.messages.at(-1)).toMatchObject({ sender: 'admin', readByStaffAt: null });
      expect(data.messages[0]?.readByStaffAt).toEqual(expect.any(String));
      expect(data).toMatchObject({ waitingSince: null, waitingHours: null, unreadMessages: 0 });
      const logged = await t.db
        .select()
        .from(activityLog)
        .where(
          and(eq(activityLog.action, 'dispute.message'), eq(activityLog.target, `dispute:${dispute._id}`)),
        );
      expect(logged).toHaveLength(1);
    });

    it('lets nobody else post, and changes nothing', async () => {
      const dispute = await newDispute(alice);
      const before = await stored(dispute._id);
      const response = await post(dispute._id, bob.token, { message: 'Let me in' });
      expect(response.statusCode).toBe(404);
      expect((await post(dispute._id, ordersOnly, { message: 'Hello' })).statusCode).toBe(403);
      expect(await stored(dispute._id)).toEqual(before);
    });

    it('refuses blank messages and messages on a closed dispute', async () => {
      const dispute = await newDispute(alice);
      expect((await post(dispute._id, alice.token, { message: '   ' })).statusCode).toBe(400);
      expect((await post(dispute._id, alice.token, {})).statusCode).toBe(400);
      await setStatus(dispute._id, { status: 'closed' });
      const closed = await post(dispute._id, alice.token, { message: 'Still broken' });
      expect(closed.statusCode).toBe(409);
      expect((await post(dispute._id, desk, { message: 'Noted' })).statusCode).toBe(409);
    });
  });

  describe('escalation', () => {
    it('lets the owner escalate an open or under-review dispute, raising its priority', async () => {
      const dispute = await newDispute(alice);
      const response = await escalate(dispute._id, alice.token);
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toBe('Dispute escalated.');
      expect(response.json().data).toMatchObject({ status: 'escalated', priority: 'high' });
      expect((await escalate(dispute._id, alice.token)).statusCode).toBe(409);

      const reviewed = await newDispute(alice);
      await call('setDisputePriority', 'PUT', `/dispute/${reviewed._id}/priority`, desk, {
        priority: 'urgent',
      });
      await setStatus(reviewed._id, { status: 'under_review' });
      const urgent = await escalate(reviewed._id, alice.token);
      expect(urgent.json().data).toMatchObject({ status: 'escalated', priority: 'urgent' });
    });

    it('refuses resolved and closed disputes', async () => {
      const dispute = await newDispute(alice);
      await setStatus(dispute._id, {
        status: 'resolved',
        resolution: { action: 'no_action', notes: 'Works as described.' },
      });
      expect((await escalate(dispute._id, alice.token)).statusCode).toBe(409);
      await setStatus(dispute._id, { status: 'closed' });
      expect((await escalate(dispute._id, alice.token)).statusCode).toBe(409);
    });

    it('lets nobody else escalate, and changes nothing', async () => {
      const dispute = await newDispute(alice);
      const before = await stored(dispute._id);
      expect((await escalate(dispute._id, bob.token)).statusCode).toBe(404);
      expect((await escalate(dispute._id, desk)).statusCode).toBe(403);
      expect(await stored(dispute._id)).toEqual(before);
    });
  });

  describe('the staff list', () => {
    let tagged: Dispute;
    beforeAll(async () => {
      tagged = await newDispute(bob, {
        subject: 'Parcel 100% missing_tag',
        category: 'delivery_problem',
        orderId: bobOrder.orderNumber,
      });
    });

    it('searches subject, description, customer name and order number in the database', async () => {
      for (const q of ['100% missing_tag', 'BOB KARIM', bobOrder.orderNumber]) {
        const response = await listAll(`?q=${encodeURIComponent(q)}`);
        expect(response.statusCode).toBe(200);
        expect(
          response.json<{ data: Dispute[] }>().data.map((d) => d._id),
          q,
        ).toContain(tagged._id);
      }
      // % and _ are literal characters, not wildcards.
      const wildcard = await listAll(`?q=${encodeURIComponent('0%m')}`);
      expect(wildcard.json<{ data: Dispute[] }>().data.map((d) => d._id)).not.toContain(tagged._id);
    });

    it('filters by status, category and priority, and pages', async () => {
      const filtered = (await listAll('?status=open&category=delivery_problem&priority=medium')).json<{
        data: Dispute[];
      }>().data;
      expect(filtered.map((d) => d._id)).toContain(tagged._id);
      expect(filtered.every((d) => d.status === 'open' && d.category === 'delivery_problem')).toBe(true);
      expect((await listAll('?category=appeal')).json().data).toEqual([]);

      const [inDb] = await t.db.select({ n: count() }).from(disputes);
      const page = await listAll('?page=2&limit=3');
      expect(page.json().meta).toEqual({ page: 2, limit: 3, total: inDb?.n });
      expect(page.json().data).toHaveLength(3);
      expect((await listAll('?status=escalated_by_me')).statusCode).toBe(400);
    });

    it('sorts the longest waiting first', async () => {
      const old = await newDispute(alice, { subject: 'Waiting since last week' });
      await t.db
        .update(disputes)
        .set({ waitingSince: new Date(Date.now() - 7 * 24 * HOUR_MS) })
        .where(eq(disputes.id, old._id));
      const first = (await listAll('?sort=longest_waiting&limit=1')).json<{ data: Dispute[] }>().data[0];
      expect(first?._id).toBe(old._id);
      expect(first?.waitingHours).toBeGreaterThanOrEqual(7 * 24);
    });

    it('sorts urgent first', async () => {
      const urgent = await newDispute(bob, { subject: 'Urgent one' });
      await call('setDisputePriority', 'PUT', `/dispute/${urgent._id}/priority`, desk, {
        priority: 'urgent',
      });
      const list = (await listAll('?sort=priority&limit=100')).json<{ data: Dispute[] }>().data;
      expect(list[0]?.priority).toBe('urgent');
      const ranks = list.map((d) => ['urgent', 'high', 'medium', 'low'].indexOf(d.priority));
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    });
  });

  describe('status changes', () => {
    it('never sets escalated, and follows the table of moves', async () => {
      const dispute = await newDispute(alice);
      expect((await setStatus(dispute._id, { status: 'escalated' })).statusCode).toBe(400);
      const same = await setStatus(dispute._id, { status: 'open' });
      expect(same.statusCode).toBe(409);
      expect(same.json().message).toBe('The dispute is already open.');

      const review = await setStatus(dispute._id, { status: 'under_review' });
      expect(review.statusCode).toBe(200);
      expect(review.json().message).toBe('Dispute status updated.');
      expect((await setStatus(dispute._id, { status: 'closed' })).statusCode).toBe(200);
      const reopen = await setStatus(dispute._id, { status: 'open' });
      expect(reopen.statusCode).toBe(409);
      expect(reopen.json().message).toBe('A dispute that is closed cannot be moved to open.');
      expect((await stored(dispute._id)).status).toBe('closed');

      const moves = await t.db
        .select()
        .from(activityLog)
        .where(
          and(eq(activityLog.action, 'dispute.status'), eq(activityLog.target, `dispute:${dispute._id}`)),
        );
      expect(moves.map((m) => m.outcome).sort()).toEqual(['failed', 'failed', 'success', 'success']);
    });

    it('refuses resolving without an action, an amount, a currency or notes', async () => {
      const dispute = await newDispute(alice);
      expect((await setStatus(dispute._id, { status: 'resolved' })).statusCode).toBe(400);
      const noAction = await setStatus(dispute._id, { status: 'resolved', resolution: { amount: 5 } });
      expect(noAction.statusCode).toBe(400);
      const incomplete = await setStatus(dispute._id, {
        status: 'resolved',
        resolution: { action: 'refund' },
      });
      expect(incomplete.statusCode).toBe(400);
      expect(
        incomplete
          .json<{ errors: { path: string }[] }>()
          .errors.map((e) => e.path)
          .sort(),
      ).toEqual(['/resolution/amount', '/resolution/currency', '/resolution/notes']);
      const cents = await setStatus(dispute._id, {
        status: 'resolved',
        resolution: { action: 'compensation', amount: 1.005, currency: 'USD', notes: 'Voucher' },
      });
      expect(cents.statusCode).toBe(400);
      const notResolving = await setStatus(dispute._id, {
        status: 'under_review',
        resolution: { action: 'no_action', notes: 'Nothing' },
      });
      expect(notResolving.statusCode).toBe(400);
      expect((await stored(dispute._id)).status).toBe('open');
    });

    it('resolves with a partial refund that records a refund on the order, within what was paid', async () => {
      const dispute = await newDispute(alice, { orderId: aliceOrder.orderNumber });
      await setStatus(dispute._id, { status: 'under_review' });
      const response = await setStatus(dispute._id, {
        status: 'resolved',
        resolution: { action: 'partial_refund', amount: 30, currency: 'USD', notes: 'Half the case.' },
      });
      expect(response.statusCode, response.body).toBe(200);
      const data = response.json<{ data: Dispute }>().data;
      expect(data.status).toBe('resolved');
      expect(data.waitingSince).toBeNull();
      expect(data.resolution).toMatchObject({
        action: 'partial_refund',
        amount: 30,
        currency: 'USD',
        notes: 'Half the case.',
        refundId: expect.stringMatching(/^RF-\d{6}$/),
      });
      const orderRefunds = await t.db.select().from(refunds).where(eq(refunds.orderId, aliceOrder.id));
      expect(orderRefunds.map((r) => [r.amountMinor, r.status])).toEqual([[30_00, 'Pending']]);
      // The order counts what was actually paid back: nothing until staff process the refund.
      const [order] = await t.db.select().from(orders).where(eq(orders.id, aliceOrder.id));
      expect(order?.refundedMinor).toBe(0);

      // A second dispute on the same order may not refund more than the 70.00 left.
      const second = await newDispute(alice, { orderId: aliceOrder.id });
      const before = await stored(second._id);
      const over = await setStatus(second._id, {
        status: 'resolved',
        resolution: { action: 'refund', amount: 70.01, currency: 'USD', notes: 'Everything.' },
      });
      expect(over.statusCode).toBe(409);
      expect(over.json().message).toBe(
        'The refund cannot exceed the amount paid minus earlier refunds (70.00 USD left).',
      );
      expect(await stored(second._id)).toEqual(before);
      expect(await t.db.select().from(refunds).where(eq(refunds.orderId, aliceOrder.id))).toHaveLength(1);

      const exact = await setStatus(second._id, {
        status: 'resolved',
        resolution: { action: 'refund', amount: 70, currency: 'USD', notes: 'The rest.' },
      });
      expect(exact.statusCode).toBe(200);
    });

    it('refunds in the order’s currency: it is the default, and another currency is refused', async () => {
      const order = await insertTestOrder(t.db, {
        customerId: alice.id,
        currency: 'BDT',
        rate: '121.5',
        totalMinor: 5000_00,
      });
      const dispute = await newDispute(alice, { orderId: order.orderNumber });
      expect(dispute.order).toMatchObject({ orderNumber: order.orderNumber, currency: 'BDT' });
      const before = await stored(dispute._id);

      const inUsd = await setStatus(dispute._id, {
        status: 'resolved',
        resolution: { action: 'partial_refund', amount: 10.01, currency: 'USD', notes: 'Dented box.' },
      });
      expect(inUsd.statusCode).toBe(400);
      expect(inUsd.json().errors).toEqual([
        { path: '/resolution/currency', message: "A refund is paid in the order's currency (BDT)." },
      ]);
      expect(await stored(dispute._id)).toEqual(before);
      expect(await t.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toHaveLength(0);

      const byDefault = await setStatus(dispute._id, {
        status: 'resolved',
        resolution: { action: 'partial_refund', amount: 1216.22, notes: 'Dented box.' },
      });
      expect(byDefault.statusCode, byDefault.body).toBe(200);
      expect(byDefault.json<{ data: Dispute }>().data.resolution).toMatchObject({
        amount: 1216.22,
        currency: 'BDT',
      });
      const [refund] = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
      expect(refund).toMatchObject({ amountMinor: 1216_22, currency: 'BDT' });
    });

    it('refuses a refund on an unpaid order and leaves the dispute as it was', async () => {
      const order = await insertTestOrder(t.db, { customerId: alice.id, totalMinor: 20_00, isPaid: false });
      const dispute = await newDispute(alice, { orderId: order.id });
      const before = await stored(dispute._id);
      const response = await setStatus(dispute._id, {
        status: 'resolved',
        resolution: { action: 'refund', amount: 20, currency: 'USD', notes: 'Refund' },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe('Only paid orders can be refunded.');
      expect(await stored(dispute._id)).toEqual(before);
    });

    it('changes priority, logged', async () => {
      const dispute = await newDispute(alice);
      const response = await call('setDisputePriority', 'PUT', `/dispute/${dispute._id}/priority`, desk, {
        priority: 'low',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.priority).toBe('low');
      const bad = await call('setDisputePriority', 'PUT', `/dispute/${dispute._id}/priority`, desk, {
        priority: 'critical',
      });
      expect(bad.statusCode).toBe(400);
      const [entry] = await t.db
        .select()
        .from(activityLog)
        .where(
          and(eq(activityLog.action, 'dispute.priority'), eq(activityLog.target, `dispute:${dispute._id}`)),
        );
      expect(entry?.details).toEqual({ from: 'medium', to: 'low' });
    });
  });

  describe('the response clock', () => {
    it('runs while the shopper waits and stops when staff reply or settle the dispute', async () => {
      const dispute = await newDispute(alice);
      expect((await stored(dispute._id)).waitingSince).toEqual(new Date(dispute.createdAt));

      await post(dispute._id, desk, { message: 'Looking into it.' });
      expect((await stored(dispute._id)).waitingSince).toBeNull();

      const asked = (await post(dispute._id, alice.token, { message: 'Any news?' })).json<{ data: Dispute }>()
        .data;
      expect(asked.waitingSince).toBe(asked.messages.at(-1)?.timestamp);
      // A second shopper message keeps the original start.
      const again = (await post(dispute._id, alice.token, { message: 'Hello?' })).json<{ data: Dispute }>()
        .data;
      expect(again.waitingSince).toBe(asked.waitingSince);

      await setStatus(dispute._id, { status: 'closed' });
      expect((await stored(dispute._id)).waitingSince).toBeNull();
    });

    it('counts the disputes waiting more than 48 hours, not settled ones', async () => {
      const before = await countDisputesWaitingOver(t.db, 48);
      const late = await newDispute(alice);
      const settled = await newDispute(alice);
      const longAgo = new Date(Date.now() - 49 * HOUR_MS);
      await t.db.update(disputes).set({ waitingSince: longAgo }).where(eq(disputes.id, late._id));
      await t.db
        .update(disputes)
        .set({ waitingSince: longAgo, status: 'resolved' })
        .where(eq(disputes.id, settled._id));
      expect(await countDisputesWaitingOver(t.db, 48)).toBe(before + 1);
      expect((await read(late._id, alice.token)).json().data.waitingHours).toBe(49);

      await post(late._id, desk, { message: 'Sorry for the wait.' });
      expect(await countDisputesWaitingOver(t.db, 48)).toBe(before);
    });
  });

  it('answers 403 on every staff dispute operation for staff without the disputes permission', async () => {
    const dispute = await newDispute(alice);
    const attempts: [OperationId, Method, string, object | undefined][] = [
      ['listAllDisputes', 'GET', '/dispute/admin/all', undefined],
      ['getDisputeStats', 'GET', '/dispute/stats', undefined],
      ['getDispute', 'GET', `/dispute/${dispute._id}`, undefined],
      ['addDisputeMessage', 'POST', `/dispute/${dispute._id}/messages`, { message: 'Hi' }],
      ['updateDisputeStatus', 'PUT', `/dispute/${dispute._id}/status`, { status: 'closed' }],
      ['setDisputePriority', 'PUT', `/dispute/${dispute._id}/priority`, { priority: 'high' }],
    ];
    const before = await stored(dispute._id);
    for (const [opId, method, url, payload] of attempts) {
      const response = await call(opId, method, url, ordersOnly, payload);
      expect(response.statusCode, opId).toBe(403);
      // Shoppers are refused the staff-only ones too.
      if (opId === 'listAllDisputes' || opId === 'updateDisputeStatus' || opId === 'setDisputePriority') {
        expect((await call(opId, method, url, alice.token, payload)).statusCode, opId).toBe(403);
      }
    }
    expect(await stored(dispute._id)).toEqual(before);
  });
});
