import type { components } from '@shop/sdk/types';
import { requireCustomer, requireStaff, requireVendor } from '../../auth/permissions.ts';
import { DEFAULT_STORE_URL, DEFAULT_VENDOR_URL } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { operation } from '../../http/operation.ts';
import { staffActivity } from '../activity/index.ts';
import { messageNotice } from './messages.notices.ts';
import {
  type Author,
  type ConversationRow,
  findConversation,
  type ListFilters,
  listConversations,
  type MessageRow,
  markRead,
  unreadTotals,
  type Viewer,
} from './messages.repository.ts';
import { checkedText } from './messages.rules.ts';
import {
  addMessage,
  askAboutProduct,
  findProductWithStore,
  findStore,
  startStaffConversation,
  type WriteOptions,
} from './messages.sending.ts';

type Conversation = components['schemas']['Conversation'];
type ConversationDetail = components['schemas']['ConversationDetail'];

export const CONVERSATION_NOT_FOUND = 'Conversation not found.';
export const PRODUCT_NOT_FOUND = 'Product not found.';
export const NOT_A_VENDOR_PRODUCT =
  'This product is sold by the store itself, not by a vendor, so there is no seller to ask.';
export const STORE_NOT_FOUND = 'Store not found.';
export const STORE_NOT_ACTIVE = 'This store is not active, so it cannot receive messages.';
export const QUESTION_SENT = 'Your question was sent to the seller.';
export const MESSAGE_SENT = 'Message sent.';

/** How the activity log names a conversation it is about. */
export const conversationTarget = (id: string) => `conversation:${id}`;

export function toConversation(row: ConversationRow): Conversation {
  return {
    _id: row.id,
    kind: row.customerId === null ? 'staff' : 'shopper',
    subject: row.subject,
    store: { _id: row.storeId, name: row.storeName },
    customer: row.customerId === null ? null : { _id: row.customerId, name: row.customerName ?? '' },
    product:
      row.productId === null
        ? null
        : { _id: row.productId, title: row.productTitle ?? '', image: row.productImages?.[0] ?? null },
    lastMessage: row.lastMessage && {
      sender: row.lastMessage.sender,
      senderName: row.lastMessage.senderName,
      preview: row.lastMessage.preview,
      createdAt: row.lastMessage.createdAt.toISOString(),
    },
    lastMessageAt: row.lastMessageAt.toISOString(),
    unread: row.unread,
    createdAt: row.createdAt.toISOString(),
  };
}

function toDetail(found: { conversation: ConversationRow; messages: MessageRow[] }): ConversationDetail {
  return {
    ...toConversation(found.conversation),
    messages: found.messages.map((message) => ({
      _id: message.id,
      sender: message.sender,
      senderName: message.senderName,
      body: message.body,
      createdAt: message.createdAt.toISOString(),
    })),
  };
}

/** The Message Center: shoppers ask vendors about products; vendors and staff write to each other. */
export function createMessageHandlers(deps: {
  db: Database;
  storeUrl?: string;
  vendorUrl?: string;
  now?: () => Date;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const links = {
    storeUrl: deps.storeUrl ?? DEFAULT_STORE_URL,
    vendorUrl: deps.vendorUrl ?? DEFAULT_VENDOR_URL,
  };

  /** The conversation as the viewer sees it; 404 when it is out of their reach. */
  async function load(viewer: Viewer, id: string): Promise<ConversationDetail> {
    const found = await findConversation(db, viewer, id);
    if (!found) throw notFound(CONVERSATION_NOT_FOUND);
    return toDetail(found);
  }

  /** Opening a conversation marks it read for the viewer, then shows it. */
  async function open(viewer: Viewer, id: string): Promise<ConversationDetail> {
    if (!(await markRead(db, viewer, id))) throw notFound(CONVERSATION_NOT_FOUND);
    return load(viewer, id);
  }

  /** One page of the viewer's conversations, with the viewer's unread counts beside it. */
  async function listPage(viewer: Viewer, filters: ListFilters, query: { page?: number; limit?: number }) {
    const { page = 1, limit = 20 } = query;
    const [{ rows, total }, unread] = await Promise.all([
      listConversations(db, viewer, filters, { offset: (page - 1) * limit, limit }),
      unreadTotals(db, viewer),
    ]);
    return { data: rows.map(toConversation), meta: { page, limit, total }, unread };
  }

  /** Adds the author's reply to a conversation within their reach (404 otherwise) and shows the conversation. */
  async function replyTo(author: Author, id: string, message: string, activity?: WriteOptions['activity']) {
    const written = await addMessage(db, author, id, message, {
      now: now(),
      notice: messageNotice(links, message),
      activity,
    });
    if (!written) throw notFound(CONVERSATION_NOT_FOUND);
    return { success: true, message: MESSAGE_SENT, data: await load(author, id) } as const;
  }

  return {
    askAboutProduct: operation('askAboutProduct', async (request, reply) => {
      const customer = requireCustomer(request);
      const { message } = checkedText({ message: request.body.message });
      const product = await findProductWithStore(db, request.params.id);
      if (!product?.visible) throw notFound(PRODUCT_NOT_FOUND);
      if (product.storeId === null || product.storeKind !== 'vendor') throw conflict(NOT_A_VENDOR_PRODUCT);
      const author = { side: 'customer', customerId: customer.id, name: customer.name } as const;
      const { id, created } = await askAboutProduct(
        db,
        author,
        { id: product.id, storeId: product.storeId, title: product.title },
        message,
        { now: now(), notice: messageNotice(links, message) },
      );
      void reply.code(created ? 201 : 200);
      return { success: true, message: QUESTION_SENT, data: await load(author, id) };
    }),

    listMyConversations: operation('listMyConversations', async (request) => {
      const customer = requireCustomer(request);
      const { data, meta, unread } = await listPage(
        { side: 'customer', customerId: customer.id },
        {},
        request.query,
      );
      return { success: true, data, meta, unread: unread.total };
    }),

    getMyConversation: operation('getMyConversation', async (request) => {
      const customer = requireCustomer(request);
      return {
        success: true,
        data: await open({ side: 'customer', customerId: customer.id }, request.params.id),
      };
    }),

    replyMyConversation: operation('replyMyConversation', async (request) => {
      const customer = requireCustomer(request);
      const { message } = checkedText(request.body);
      const author = { side: 'customer', customerId: customer.id, name: customer.name } as const;
      return replyTo(author, request.params.id, message);
    }),

    listVendorConversations: operation('listVendorConversations', async (request) => {
      const vendor = requireVendor(request);
      const { data, meta, unread } = await listPage(
        { side: 'vendor', storeId: vendor.id },
        { with: request.query.with },
        request.query,
      );
      return { success: true, data, meta, unread };
    }),

    getVendorConversation: operation('getVendorConversation', async (request) => {
      const vendor = requireVendor(request);
      return { success: true, data: await open({ side: 'vendor', storeId: vendor.id }, request.params.id) };
    }),

    replyVendorConversation: operation('replyVendorConversation', async (request) => {
      const vendor = requireVendor(request);
      const { message } = checkedText(request.body);
      const author = { side: 'vendor', storeId: vendor.id, name: vendor.name } as const;
      return replyTo(author, request.params.id, message);
    }),

    startVendorStaffConversation: operation('startVendorStaffConversation', async (request, reply) => {
      const vendor = requireVendor(request);
      const { subject, message } = checkedText(request.body);
      const author = { side: 'vendor', storeId: vendor.id, name: vendor.name } as const;
      const id = await startStaffConversation(db, author, { storeId: vendor.id, subject }, message, {
        now: now(),
      });
      void reply.code(201);
      return { success: true, message: MESSAGE_SENT, data: await load(author, id) };
    }),

    listStaffConversations: operation('listStaffConversations', async (request) => {
      requireStaff(request);
      const { data, meta, unread } = await listPage(
        { side: 'staff' },
        { storeId: request.query.store },
        request.query,
      );
      return { success: true, data, meta, unread: unread.total };
    }),

    getStaffConversation: operation('getStaffConversation', async (request) => {
      requireStaff(request);
      return { success: true, data: await open({ side: 'staff' }, request.params.id) };
    }),

    replyStaffConversation: operation('replyStaffConversation', async (request) => {
      const staff = requireStaff(request);
      const { message } = checkedText(request.body);
      const author = { side: 'staff', name: staff.name } as const;
      return replyTo(author, request.params.id, message, (conversation) =>
        staffActivity(request, staff, {
          action: 'vendor_message.reply',
          target: conversationTarget(conversation.id),
          details: { store: conversation.storeId, length: [...message].length },
        }),
      );
    }),

    startStaffConversation: operation('startStaffConversation', async (request, reply) => {
      const staff = requireStaff(request);
      const { subject, message } = checkedText(request.body);
      const store = await findStore(db, request.body.storeId);
      if (store?.kind !== 'vendor') throw notFound(STORE_NOT_FOUND);
      if (store.status !== 'active') throw conflict(STORE_NOT_ACTIVE);
      const author = { side: 'staff', name: staff.name } as const;
      const id = await startStaffConversation(db, author, { storeId: store.id, subject }, message, {
        now: now(),
        notice: messageNotice(links, message),
        activity: (conversation) =>
          staffActivity(request, staff, {
            action: 'vendor_message.start',
            target: conversationTarget(conversation.id),
            details: { store: store.id, storeName: store.name, subject },
          }),
      });
      void reply.code(201);
      return { success: true, message: MESSAGE_SENT, data: await load(author, id) };
    }),
  };
}
