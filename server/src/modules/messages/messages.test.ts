import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityLog,
  conversationMessages,
  conversations,
  outbox,
  products,
  stores,
} from '../../db/schema.ts';
import type { OperationId } from '../../http/contract-types.ts';
import { assertMatchesContract } from '../../test/contract.ts';
import { bearer, limitedStaffToken, type RegisteredShopper, registerShopper } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createVendor, insertVendorProduct, signedInVendor } from '../../test/vendors.ts';
import { insertTestProduct } from '../orders/orders.fixtures.ts';
import {
  CONVERSATION_NOT_FOUND,
  NOT_A_VENDOR_PRODUCT,
  PRODUCT_NOT_FOUND,
  STORE_NOT_ACTIVE,
  STORE_NOT_FOUND,
} from './messages.handlers.ts';
import { MESSAGE_BLANK, MESSAGE_TOO_LONG, SUBJECT_BLANK, SUBJECT_TOO_LONG } from './messages.rules.ts';
import { addMessage } from './messages.sending.ts';

type Method = 'GET' | 'POST';

interface MessageBody {
  _id: string;
  sender: 'vendor' | 'customer' | 'staff';
  senderName: string;
  body: string;
  createdAt: string;
}
interface ConversationBody {
  _id: string;
  kind: 'shopper' | 'staff';
  subject: string;
  store: { _id: string; name: string };
  customer: { _id: string; name: string } | null;
  product: { _id: string; title: string; image: string | null } | null;
  lastMessage: { sender: string; senderName: string; preview: string; createdAt: string } | null;
  lastMessageAt: string;
  unread: number;
  createdAt: string;
}
interface DetailBody extends ConversationBody {
  messages: MessageBody[];
}
interface SignedInVendor {
  id: string;
  name: string;
  token: string;
}

const WHERE = {
  askAboutProduct: (id: string) => ['POST', `/products/${id}/questions`],
  listMyConversations: () => ['GET', '/user/conversations'],
  getMyConversation: (id: string) => ['GET', `/user/conversations/${id}`],
  replyMyConversation: (id: string) => ['POST', `/user/conversations/${id}/messages`],
  listVendorConversations: () => ['GET', '/vendor/conversations'],
  startVendorStaffConversation: () => ['POST', '/vendor/conversations'],
  getVendorConversation: (id: string) => ['GET', `/vendor/conversations/${id}`],
  replyVendorConversation: (id: string) => ['POST', `/vendor/conversations/${id}/messages`],
  listStaffConversations: () => ['GET', '/vendor-conversations'],
  startStaffConversation: () => ['POST', '/vendor-conversations'],
  getStaffConversation: (id: string) => ['GET', `/vendor-conversations/${id}`],
  replyStaffConversation: (id: string) => ['POST', `/vendor-conversations/${id}/messages`],
} as const satisfies Partial<Record<OperationId, (id: string) => [Method, string]>>;
type MessageOperation = keyof typeof WHERE;

const SHOPPER_OPERATIONS: MessageOperation[] = [
  'askAboutProduct',
  'listMyConversations',
  'getMyConversation',
  'replyMyConversation',
];
const VENDOR_OPERATIONS: MessageOperation[] = [
  'listVendorConversations',
  'startVendorStaffConversation',
  'getVendorConversation',
  'replyVendorConversation',
];
const STAFF_OPERATIONS: MessageOperation[] = [
  'listStaffConversations',
  'startStaffConversation',
  'getStaffConversation',
  'replyStaffConversation',
];

describe('Message Center', () => {
  let t: TestApp;
  let staff: string;
  let vendorA: SignedInVendor;
  let vendorB: SignedInVendor;
  let shopperA: RegisteredShopper;
  let shopperB: RegisteredShopper;
  let kettle: string;
  let lamp: string;
  let rug: string;

  /** The id of a product of a vendor store as shoppers see it: published and approved by staff. */
  const vendorProduct = async (
    storeId: string,
    title: string,
    fields: Partial<typeof products.$inferInsert> = {},
  ) => (await insertVendorProduct(t.db, storeId, { title, fields })).id;

  beforeAll(async () => {
    t = await createTestApp();
    // Only the admins permission: the screen's scope, no SuperAdmin bypass.
    staff = await limitedStaffToken(t.app, t.db, ['admins']);
    vendorA = await signedInVendor(t.app, t.db, { name: 'Dhaka Home Goods' });
    vendorB = await signedInVendor(t.app, t.db, { name: 'Sylhet Tea House' });
    shopperA = await registerShopper(t.app, { name: 'Nusrat Jahan' });
    shopperB = await registerShopper(t.app, { name: 'Rafiq Islam' });
    kettle = await vendorProduct(vendorA.id, 'Electric Kettle 1.7 L');
    lamp = await vendorProduct(vendorA.id, 'Bamboo Desk Lamp');
    rug = await vendorProduct(vendorB.id, 'Jute Rug');
  });
  afterAll(() => t.close());

  const call = (method: Method, url: string, token: string | null, payload?: object) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });

  const run = (operation: MessageOperation, token: string | null, id = '', payload?: object) => {
    const [method, url] = WHERE[operation](id);
    return call(method, url, token, payload);
  };

  /** Calls an operation that must succeed with `status`, checks the answer against the contract, answers it. */
  async function ok<T = DetailBody>(
    operation: MessageOperation,
    token: string,
    id = '',
    payload?: object,
    status = 200,
    query = '',
  ) {
    const [method, url] = WHERE[operation](id);
    const response = await call(method, `${url}${query}`, token, payload);
    expect(response.statusCode, response.body).toBe(status);
    assertMatchesContract(operation, response);
    return response.json<{ message?: string; data: T; meta?: { total: number }; unread?: unknown }>();
  }

  const ask = (shopper: RegisteredShopper, productId: string, message: string, status = 201) =>
    ok('askAboutProduct', shopper.token, productId, { message }, status);

  /** Everything about a conversation the operations could change: its row and its messages. */
  async function snapshot(id: string) {
    const [row] = await t.db.select().from(conversations).where(eq(conversations.id, id));
    const messages = await t.db
      .select()
      .from(conversationMessages)
      .where(eq(conversationMessages.conversationId, id))
      .orderBy(asc(conversationMessages.createdAt));
    return { row, messages };
  }

  const allConversations = async () => (await t.db.select({ n: count() }).from(conversations))[0]?.n ?? 0;

  function expectRefused(
    response: { statusCode: number; json: <T>() => T },
    status: number,
    message: string,
    path?: string,
  ) {
    expect(response.statusCode).toBe(status);
    const body = response.json<{ success: boolean; message: string; errors?: { path: string }[] }>();
    expect(body.success).toBe(false);
    expect(body.message).toBe(message);
    if (path) expect(body.errors?.map((error) => error.path)).toContain(path);
  }

  describe('a shopper asks the seller', () => {
    it('starts a conversation with the store about the product, its subject the title', async () => {
      const body = await ask(shopperA, kettle, '  Does it come with a UK plug?  ');
      expect(body.message).toBe('Your question was sent to the seller.');
      const conversation = body.data;
      expect(conversation).toMatchObject({
        kind: 'shopper',
        subject: 'Electric Kettle 1.7 L',
        store: { _id: vendorA.id, name: 'Dhaka Home Goods' },
        customer: { _id: shopperA.id, name: 'Nusrat Jahan' },
        product: { _id: kettle, title: 'Electric Kettle 1.7 L' },
        lastMessage: {
          sender: 'customer',
          senderName: 'Nusrat Jahan',
          preview: 'Does it come with a UK plug?',
        },
        unread: 0,
      });
      expect(conversation.product?.image).toMatch(/^http/);
      expect(conversation.messages).toEqual([
        expect.objectContaining({
          sender: 'customer',
          senderName: 'Nusrat Jahan',
          body: 'Does it come with a UK plug?',
        }),
      ]);
    });

    it('goes on in the same conversation when the shopper asks about the product again (200)', async () => {
      const first = await ask(shopperB, lamp, 'Is the bulb included?');
      const again = await ask(shopperB, lamp, 'And what colour is the light?', 200);
      expect(again.data._id).toBe(first.data._id);
      expect(again.data.messages.map((message) => message.body)).toEqual([
        'Is the bulb included?',
        'And what colour is the light?',
      ]);
      // Another product of the same store is another conversation.
      const other = await ask(shopperB, kettle, 'How loud is it?');
      expect(other.data._id).not.toBe(first.data._id);
    });

    it('takes exactly 2000 characters once trimmed, and refuses blank and longer messages with a clear error', async () => {
      const before = await allConversations();
      for (const message of ['', '   ', '\n\t ']) {
        const response = await run('askAboutProduct', shopperA.token, rug, { message });
        expectRefused(response, 400, MESSAGE_BLANK, '/message');
        assertMatchesContract('askAboutProduct', response);
      }
      const tooLong = await run('askAboutProduct', shopperA.token, rug, { message: 'x'.repeat(2001) });
      expectRefused(tooLong, 400, MESSAGE_TOO_LONG, '/message');
      const missing = await run('askAboutProduct', shopperA.token, rug, {});
      expect(missing.statusCode).toBe(400);
      const notText = await run('askAboutProduct', shopperA.token, rug, { message: 42 });
      expect(notText.statusCode).toBe(400);
      expect(await allConversations()).toBe(before);

      const longest = await ask(shopperA, rug, `  ${'y'.repeat(2000)}  `);
      expect(longest.data.messages[0]?.body).toHaveLength(2000);
      // The list shows the start of it only.
      expect(longest.data.lastMessage?.preview).toBe(`${'y'.repeat(200)}…`);
    });

    it('answers 404 for a product shoppers cannot see, and 409 for one no vendor sells', async () => {
      const draft = await vendorProduct(vendorA.id, 'Draft Teapot', { status: 'draft' });
      const pending = await vendorProduct(vendorA.id, 'Pending Teapot', { approval: 'pending' });
      const rejected = await vendorProduct(vendorA.id, 'Rejected Teapot', { approval: 'rejected' });
      const suspended = await createVendor(t.db, { status: 'suspended' });
      const ofSuspended = await vendorProduct(suspended.id, 'Teapot of a suspended store');
      const storeOwn = (
        await insertTestProduct(t.db, {
          skus: [{ skuId: `sku-${randomUUID()}`, salePriceMinor: 900, stock: 3 }],
        })
      ).id;
      const [factory] = await t.db
        .insert(stores)
        .values({
          name: 'Chittagong Ceramics',
          email: `factory.${randomUUID()}@example.org`,
          kind: 'factory',
        })
        .returning();
      const factoryMade = await vendorProduct(factory?.id ?? '', 'Factory Mug');
      await t.db.update(products).set({ source: 'manual' }).where(eq(products.id, factoryMade));

      const before = await allConversations();
      for (const id of [draft, pending, rejected, ofSuspended, randomUUID(), 'not-a-uuid']) {
        const response = await run('askAboutProduct', shopperA.token, id, { message: 'Hello?' });
        expectRefused(response, 404, PRODUCT_NOT_FOUND);
        assertMatchesContract('askAboutProduct', response);
      }
      for (const id of [storeOwn, factoryMade]) {
        const response = await run('askAboutProduct', shopperA.token, id, { message: 'Hello?' });
        expectRefused(response, 409, NOT_A_VENDOR_PRODUCT);
        assertMatchesContract('askAboutProduct', response);
      }
      expect(await allConversations()).toBe(before);
    });
  });

  describe('the shopper reads and replies', () => {
    it("lists only the shopper's own conversations, with the store, the product and the last message", async () => {
      const conversation = (await ask(shopperA, lamp, 'Does the arm bend?')).data;
      const mine = await ok<ConversationBody[]>('listMyConversations', shopperA.token);
      expect(mine.data.every((item) => item.customer?._id === shopperA.id)).toBe(true);
      // The latest message first.
      expect(mine.data[0]).toMatchObject({
        _id: conversation._id,
        store: { name: 'Dhaka Home Goods' },
        product: { title: 'Bamboo Desk Lamp' },
        lastMessage: { preview: 'Does the arm bend?' },
        unread: 0,
      });
      const theirs = await ok<ConversationBody[]>('listMyConversations', shopperB.token);
      expect(theirs.data.map((item) => item._id)).not.toContain(conversation._id);

      const paged = await ok<ConversationBody[]>(
        'listMyConversations',
        shopperA.token,
        '',
        undefined,
        200,
        '?limit=1&page=2',
      );
      expect(paged.data).toHaveLength(1);
      expect(paged.meta?.total).toBe(mine.data.length);
      const badPage = await call('GET', '/user/conversations?page=0', shopperA.token);
      expect(badPage.statusCode).toBe(400);
    });

    it("counts the store's replies as unread until the shopper opens the conversation", async () => {
      const shopper = await registerShopper(t.app, { name: 'Tania Akter' });
      const conversation = (await ask(shopper, rug, 'What size is it?')).data;
      expect((await ok('listMyConversations', shopper.token)).unread).toBe(0);

      await ok('replyVendorConversation', vendorB.token, conversation._id, { message: '160 by 230 cm.' });
      await ok('replyVendorConversation', vendorB.token, conversation._id, {
        message: 'It also comes in 120 by 180.',
      });
      const listed = await ok<ConversationBody[]>('listMyConversations', shopper.token);
      expect(listed.unread).toBe(2);
      expect(listed.data[0]).toMatchObject({
        unread: 2,
        lastMessage: {
          sender: 'vendor',
          senderName: 'Sylhet Tea House',
          preview: 'It also comes in 120 by 180.',
        },
      });

      const opened = await ok('getMyConversation', shopper.token, conversation._id);
      expect(opened.data.unread).toBe(0);
      expect(opened.data.messages.map((message) => [message.sender, message.body])).toEqual([
        ['customer', 'What size is it?'],
        ['vendor', '160 by 230 cm.'],
        ['vendor', 'It also comes in 120 by 180.'],
      ]);
      expect((await ok('listMyConversations', shopper.token)).unread).toBe(0);

      // A new reply counts again; the shopper's own message marks it read.
      await ok('replyVendorConversation', vendorB.token, conversation._id, {
        message: 'Shall I reserve one?',
      });
      expect((await ok('listMyConversations', shopper.token)).unread).toBe(1);
      const replied = await ok('replyMyConversation', shopper.token, conversation._id, {
        message: ' Yes please. ',
      });
      expect(replied.message).toBe('Message sent.');
      expect(replied.data.unread).toBe(0);
      expect(replied.data.messages.at(-1)).toMatchObject({ sender: 'customer', body: 'Yes please.' });
      expect((await ok('listMyConversations', shopper.token)).unread).toBe(0);
    });

    it('refuses a blank or too long reply, changing nothing', async () => {
      const conversation = (await ask(shopperA, kettle, 'Is it dishwasher safe?', 200)).data;
      const before = await snapshot(conversation._id);
      expectRefused(
        await run('replyMyConversation', shopperA.token, conversation._id, { message: '  ' }),
        400,
        MESSAGE_BLANK,
        '/message',
      );
      expectRefused(
        await run('replyMyConversation', shopperA.token, conversation._id, { message: 'z'.repeat(2001) }),
        400,
        MESSAGE_TOO_LONG,
      );
      expect(await snapshot(conversation._id)).toEqual(before);
    });
  });

  describe('the vendor Message Center', () => {
    it('lists the store’s conversations with shoppers and with staff, unread per conversation and in total', async () => {
      const vendor = await signedInVendor(t.app, t.db, { name: 'Rajshahi Mango Co' });
      const mango = await vendorProduct(vendor.id, 'Himsagar Mangoes 5 kg');
      const question = (await ask(shopperA, mango, 'When do they ship?')).data;
      await ok('replyMyConversation', shopperA.token, question._id, { message: 'And to Sylhet?' });
      const fromStaff = (
        await ok(
          'startStaffConversation',
          staff,
          '',
          { storeId: vendor.id, subject: 'Photos', message: 'Please add photos.' },
          201,
        )
      ).data;

      const all = await ok<ConversationBody[]>('listVendorConversations', vendor.token);
      expect(all.unread).toEqual({ total: 3, shoppers: 2, staff: 1 });
      expect(all.data.map((item) => [item._id, item.kind, item.unread])).toEqual([
        [fromStaff._id, 'staff', 1],
        [question._id, 'shopper', 2],
      ]);
      expect(all.data[1]).toMatchObject({
        customer: { name: 'Nusrat Jahan' },
        product: { title: 'Himsagar Mangoes 5 kg' },
      });
      expect(all.data[0]).toMatchObject({ customer: null, product: null, subject: 'Photos' });

      const shoppers = await ok<ConversationBody[]>(
        'listVendorConversations',
        vendor.token,
        '',
        undefined,
        200,
        '?with=shoppers',
      );
      expect(shoppers.data.map((item) => item._id)).toEqual([question._id]);
      // The counts cover the whole store whatever the tab.
      expect(shoppers.unread).toEqual({ total: 3, shoppers: 2, staff: 1 });
      const withStaff = await ok<ConversationBody[]>(
        'listVendorConversations',
        vendor.token,
        '',
        undefined,
        200,
        '?with=staff',
      );
      expect(withStaff.data.map((item) => item._id)).toEqual([fromStaff._id]);
      expect((await call('GET', '/vendor/conversations?with=everyone', vendor.token)).statusCode).toBe(400);

      const opened = await ok('getVendorConversation', vendor.token, question._id);
      expect(opened.data.unread).toBe(0);
      expect(opened.data.messages.map((message) => message.body)).toEqual([
        'When do they ship?',
        'And to Sylhet?',
      ]);
      expect((await ok('listVendorConversations', vendor.token)).unread).toEqual({
        total: 1,
        shoppers: 0,
        staff: 1,
      });

      // Replying to staff marks that conversation read too.
      const reply = await ok('replyVendorConversation', vendor.token, fromStaff._id, {
        message: 'Uploading them today.',
      });
      expect(reply.data.messages.at(-1)).toMatchObject({ sender: 'vendor', senderName: 'Rajshahi Mango Co' });
      expect((await ok('listVendorConversations', vendor.token)).unread).toEqual({
        total: 0,
        shoppers: 0,
        staff: 0,
      });
    });

    it('starts a conversation with staff, and refuses a blank or too long subject or message', async () => {
      const started = await ok(
        'startVendorStaffConversation',
        vendorA.token,
        '',
        { subject: '  Payout date  ', message: ' When is the November payout? ' },
        201,
      );
      expect(started.data).toMatchObject({
        kind: 'staff',
        subject: 'Payout date',
        store: { _id: vendorA.id },
        customer: null,
        unread: 0,
        messages: [expect.objectContaining({ sender: 'vendor', body: 'When is the November payout?' })],
      });

      const before = await allConversations();
      const blank = await run('startVendorStaffConversation', vendorA.token, '', {
        subject: ' ',
        message: '',
      });
      expectRefused(blank, 400, SUBJECT_BLANK, '/subject');
      expect(blank.json<{ errors: { path: string; message: string }[] }>().errors).toEqual([
        { path: '/subject', message: SUBJECT_BLANK },
        { path: '/message', message: MESSAGE_BLANK },
      ]);
      expectRefused(
        await run('startVendorStaffConversation', vendorA.token, '', {
          subject: 's'.repeat(201),
          message: 'Hi',
        }),
        400,
        SUBJECT_TOO_LONG,
      );
      expectRefused(
        await run('startVendorStaffConversation', vendorA.token, '', {
          subject: 'Hi',
          message: 'm'.repeat(2001),
        }),
        400,
        MESSAGE_TOO_LONG,
      );
      expect(
        (await run('startVendorStaffConversation', vendorA.token, '', { message: 'Hi' })).statusCode,
      ).toBe(400);
      expect(await allConversations()).toBe(before);
    });
  });

  describe('staff Vendor Messages', () => {
    it('lists store–staff conversations only, with a store filter and unread for staff', async () => {
      const fromVendor = (
        await ok(
          'startVendorStaffConversation',
          vendorB.token,
          '',
          { subject: 'Tea licence', message: 'Is our licence OK?' },
          201,
        )
      ).data;
      const shopperConversation = (await ask(shopperA, rug, 'Is it washable?', 200)).data;

      const listed = await ok<ConversationBody[]>('listStaffConversations', staff);
      expect(listed.data.every((item) => item.kind === 'staff' && item.customer === null)).toBe(true);
      expect(listed.data.map((item) => item._id)).not.toContain(shopperConversation._id);
      expect(listed.data.find((item) => item._id === fromVendor._id)?.unread).toBe(1);
      const unreadBefore = listed.unread as number;
      expect(unreadBefore).toBeGreaterThanOrEqual(1);

      const ofB = await ok<ConversationBody[]>(
        'listStaffConversations',
        staff,
        '',
        undefined,
        200,
        `?store=${vendorB.id}`,
      );
      expect(ofB.data.length).toBeGreaterThan(0);
      expect(ofB.data.every((item) => item.store._id === vendorB.id)).toBe(true);
      const none = await ok<ConversationBody[]>(
        'listStaffConversations',
        staff,
        '',
        undefined,
        200,
        '?store=nope',
      );
      expect(none.data).toEqual([]);

      const opened = await ok('getStaffConversation', staff, fromVendor._id);
      expect(opened.data.unread).toBe(0);
      expect((await ok('listStaffConversations', staff)).unread).toBe(unreadBefore - 1);

      // A store–shopper conversation is not staff's: 404, nothing read or written.
      const before = await snapshot(shopperConversation._id);
      expectRefused(
        await run('getStaffConversation', staff, shopperConversation._id),
        404,
        CONVERSATION_NOT_FOUND,
      );
      expectRefused(
        await run('replyStaffConversation', staff, shopperConversation._id, { message: 'Hello from staff' }),
        404,
        CONVERSATION_NOT_FOUND,
      );
      expect(await snapshot(shopperConversation._id)).toEqual(before);
    });

    it('replies under the staff member’s name, logging it; the vendor sees it unread', async () => {
      const conversation = (
        await ok(
          'startVendorStaffConversation',
          vendorA.token,
          '',
          { subject: 'Returns', message: 'Who pays return postage?' },
          201,
        )
      ).data;
      const reply = await ok('replyStaffConversation', staff, conversation._id, {
        message: 'The customer does.',
      });
      expect(reply.data.messages.at(-1)).toMatchObject({ sender: 'staff', body: 'The customer does.' });
      expect(reply.data.messages.at(-1)?.senderName).toMatch(/^limited/);

      const [logged] = await t.db
        .select()
        .from(activityLog)
        .where(
          and(
            eq(activityLog.action, 'vendor_message.reply'),
            eq(activityLog.target, `conversation:${conversation._id}`),
          ),
        );
      expect(logged).toMatchObject({ actorType: 'admin', outcome: 'success' });
      expect(logged?.details).toMatchObject({ store: vendorA.id });

      const seen = await ok<ConversationBody[]>(
        'listVendorConversations',
        vendorA.token,
        '',
        undefined,
        200,
        '?with=staff',
      );
      expect(seen.data.find((item) => item._id === conversation._id)?.unread).toBe(1);

      const before = await snapshot(conversation._id);
      expectRefused(
        await run('replyStaffConversation', staff, conversation._id, { message: '' }),
        400,
        MESSAGE_BLANK,
      );
      expect(await snapshot(conversation._id)).toEqual(before);
    });

    it('starts a conversation with an active vendor store only, logging it', async () => {
      const started = await ok(
        'startStaffConversation',
        staff,
        '',
        { storeId: vendorB.id, subject: 'Holiday hours', message: 'Will you ship during Eid?' },
        201,
      );
      expect(started.data).toMatchObject({
        kind: 'staff',
        store: { _id: vendorB.id, name: 'Sylhet Tea House' },
        messages: [expect.objectContaining({ sender: 'staff', body: 'Will you ship during Eid?' })],
      });
      const logged = await t.db
        .select()
        .from(activityLog)
        .where(
          and(
            eq(activityLog.action, 'vendor_message.start'),
            eq(activityLog.target, `conversation:${started.data._id}`),
          ),
        );
      expect(logged).toHaveLength(1);

      const pending = await createVendor(t.db, { status: 'pending' });
      const [factory] = await t.db
        .insert(stores)
        .values({ name: 'Khulna Jute Works', email: `jute.${randomUUID()}@example.org`, kind: 'factory' })
        .returning();
      const before = await allConversations();
      const write = (storeId: string, subject = 'Hello', message = 'Hello there') =>
        run('startStaffConversation', staff, '', { storeId, subject, message });
      for (const storeId of [randomUUID(), 'not-a-store', factory?.id ?? '']) {
        const response = await write(storeId);
        expectRefused(response, 404, STORE_NOT_FOUND);
        assertMatchesContract('startStaffConversation', response);
      }
      expectRefused(await write(pending.id), 409, STORE_NOT_ACTIVE);
      expectRefused(await write(vendorB.id, '', 'Hello'), 400, SUBJECT_BLANK, '/subject');
      expectRefused(await write(vendorB.id, 'Hello', '   '), 400, MESSAGE_BLANK, '/message');
      expect(
        (await run('startStaffConversation', staff, '', { subject: 'Hi', message: 'Hi' })).statusCode,
      ).toBe(400);
      expect(await allConversations()).toBe(before);
    });
  });

  describe('who may call what', () => {
    let shopperConversation: string;
    let staffConversation: string;

    beforeAll(async () => {
      shopperConversation = (await ask(shopperA, kettle, 'Who may read this?', 200)).data._id;
      staffConversation = (
        await ok(
          'startVendorStaffConversation',
          vendorA.token,
          '',
          { subject: 'Access', message: 'Who may read this?' },
          201,
        )
      ).data._id;
    });

    const payloadOf = (operation: MessageOperation) =>
      operation === 'startStaffConversation'
        ? { storeId: randomUUID(), subject: 'S', message: 'M' }
        : operation === 'startVendorStaffConversation'
          ? { subject: 'S', message: 'M' }
          : { message: 'M' };
    const idOf = (operation: MessageOperation) =>
      operation === 'askAboutProduct' ? kettle : shopperConversation;

    it('answers 401 without a token and 403 to the wrong kind of token, changing nothing', async () => {
      const other = await limitedStaffToken(t.app, t.db, ['products', 'orders', 'disputes']);
      const tokens = { shopper: shopperA.token, vendor: vendorA.token, staff, otherStaff: other };
      const refused: Record<string, (keyof typeof tokens)[]> = {};
      for (const operation of SHOPPER_OPERATIONS) refused[operation] = ['vendor', 'staff'];
      for (const operation of VENDOR_OPERATIONS) refused[operation] = ['shopper', 'staff'];
      for (const operation of STAFF_OPERATIONS) refused[operation] = ['shopper', 'vendor', 'otherStaff'];

      const conversationsBefore = await allConversations();
      const messagesBefore = (await t.db.select({ n: count() }).from(conversationMessages))[0]?.n;
      for (const [name, kinds] of Object.entries(refused)) {
        const operation = name as MessageOperation;
        const anonymous = await run(operation, null, idOf(operation), payloadOf(operation));
        expect(anonymous.statusCode, `${operation} without a token`).toBe(401);
        for (const kind of kinds) {
          const response = await run(operation, tokens[kind], idOf(operation), payloadOf(operation));
          expect(response.statusCode, `${operation} with a ${kind} token`).toBe(403);
          assertMatchesContract(operation, response);
        }
      }
      expect(await allConversations()).toBe(conversationsBefore);
      expect((await t.db.select({ n: count() }).from(conversationMessages))[0]?.n).toBe(messagesBefore);
    });

    it("answers 404 for every operation on another party's conversation, changing nothing", async () => {
      const attempts: Array<[MessageOperation, string, string]> = [
        // Another vendor, on a shopper conversation and a staff conversation of vendor A.
        ['getVendorConversation', vendorB.token, shopperConversation],
        ['replyVendorConversation', vendorB.token, shopperConversation],
        ['getVendorConversation', vendorB.token, staffConversation],
        ['replyVendorConversation', vendorB.token, staffConversation],
        // Another shopper, and a shopper on a store–staff conversation.
        ['getMyConversation', shopperB.token, shopperConversation],
        ['replyMyConversation', shopperB.token, shopperConversation],
        ['getMyConversation', shopperA.token, staffConversation],
        ['replyMyConversation', shopperA.token, staffConversation],
        // Staff on a store–shopper conversation.
        ['getStaffConversation', staff, shopperConversation],
        ['replyStaffConversation', staff, shopperConversation],
      ];
      const before = [await snapshot(shopperConversation), await snapshot(staffConversation)];
      for (const [operation, token, id] of attempts) {
        const response = await run(operation, token, id, { message: 'Let me in' });
        expect(response.statusCode, `${operation} on ${id}`).toBe(404);
        expect(response.json<{ message: string }>().message).toBe(CONVERSATION_NOT_FOUND);
        assertMatchesContract(operation, response);
      }
      for (const operation of [
        'getVendorConversation',
        'replyVendorConversation',
        'getMyConversation',
        'replyMyConversation',
        'getStaffConversation',
        'replyStaffConversation',
      ] as const) {
        const token = operation.includes('Vendor')
          ? vendorA.token
          : operation.includes('My')
            ? shopperA.token
            : staff;
        for (const id of [randomUUID(), 'not-a-uuid']) {
          expect((await run(operation, token, id, { message: 'Hello?' })).statusCode).toBe(404);
        }
      }
      expect([await snapshot(shopperConversation), await snapshot(staffConversation)]).toEqual(before);

      // Lists never show another party's conversations.
      const ofB = await ok<ConversationBody[]>('listVendorConversations', vendorB.token);
      expect(ofB.data.every((item) => item.store._id === vendorB.id)).toBe(true);
      const ofShopperB = await ok<ConversationBody[]>('listMyConversations', shopperB.token);
      expect(ofShopperB.data.map((item) => item._id)).not.toContain(shopperConversation);
      expect(ofShopperB.data.every((item) => item.kind === 'shopper')).toBe(true);
    });
  });

  describe('notices through the outbox', () => {
    const mailTo = async (to: string) =>
      t.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.to, to), like(outbox.kind, 'messages.%')));

    it('tells the other side once per unread run, not once per message', async () => {
      const vendorSession = await signedInVendor(t.app, t.db, { name: 'Barisal Oars' });
      const oar = await vendorProduct(vendorSession.id, 'Wooden Oar');
      const shopper = await registerShopper(t.app, { name: 'Mim Chowdhury' });

      const conversation = (await ask(shopper, oar, 'Is it varnished?')).data;
      await ok('replyMyConversation', shopper.token, conversation._id, { message: 'Also, how long is it?' });
      const [store] = await t.db.select().from(stores).where(eq(stores.id, vendorSession.id));
      const toVendor = await mailTo(store?.email ?? '');
      expect(toVendor).toHaveLength(1);
      expect(toVendor[0]).toMatchObject({ kind: 'messages.vendor', subject: 'New message: Wooden Oar' });
      expect(toVendor[0]?.body).toContain('Is it varnished?');
      expect(toVendor[0]?.body).toContain(
        `http://localhost:5175/manage-vandor/messages?with=shoppers&id=${conversation._id}`,
      );

      await ok('replyVendorConversation', vendorSession.token, conversation._id, { message: 'Yes, twice.' });
      await ok('replyVendorConversation', vendorSession.token, conversation._id, {
        message: 'It is 2 m long.',
      });
      const toShopper = await mailTo(shopper.email);
      expect(toShopper).toHaveLength(1);
      expect(toShopper[0]?.subject).toBe('Barisal Oars replied: Wooden Oar');
      expect(toShopper[0]?.body).toContain(`/profile/messages?conversation=${conversation._id}`);
      expect(toShopper[0]?.body).not.toContain('#/');

      // Once the shopper has read, the next reply is news again.
      await ok('getMyConversation', shopper.token, conversation._id);
      await ok('replyVendorConversation', vendorSession.token, conversation._id, {
        message: 'Anything else?',
      });
      expect(await mailTo(shopper.email)).toHaveLength(2);
      // The vendor read the thread by replying, so the shopper's next message is news to them.
      await ok('replyMyConversation', shopper.token, conversation._id, { message: 'No, thanks!' });
      expect(await mailTo(store?.email ?? '')).toHaveLength(2);
    });
  });

  describe('the order of a thread', () => {
    it('keeps messages written in the same millisecond in the order they were written', async () => {
      const conversation = (await ask(shopperB, rug, 'First', 201)).data;
      const now = new Date(conversation.lastMessageAt);
      const author = { side: 'customer', customerId: shopperB.id, name: 'Rafiq Islam' } as const;
      for (const body of ['Second', 'Third', 'Fourth']) {
        expect(await addMessage(t.db, author, conversation._id, body, { now })).toBe(true);
      }
      const thread = await ok('getMyConversation', shopperB.token, conversation._id);
      expect(thread.data.messages.map((message) => message.body)).toEqual([
        'First',
        'Second',
        'Third',
        'Fourth',
      ]);
      const times = thread.data.messages.map((message) => Date.parse(message.createdAt));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(new Set(times).size).toBe(times.length);
    });
  });
});
