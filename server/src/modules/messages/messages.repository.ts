import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { conversationMessages, conversations, customers, products, stores } from '../../db/schema.ts';
import { isUuid } from '../../lib/ids.ts';
import { cutText } from './messages.rules.ts';

// The Message Center: conversations between a vendor store and a shopper, or between a store and staff
// (customer_id null). Each side has a read mark; its unread messages are the other sides' newer than that mark.

export type Side = (typeof conversationMessages.$inferSelect)['sender'];

/** Who is asking, and so the only conversations they may reach. */
export type Viewer =
  | { side: 'customer'; customerId: string }
  | { side: 'vendor'; storeId: string }
  | { side: 'staff' };

/** The writer of a new message, under the name shown beside it. */
export type Author = Viewer & { name: string };

export const READ_FIELD = {
  customer: 'customerReadAt',
  vendor: 'vendorReadAt',
  staff: 'staffReadAt',
} as const;
const readMark = (side: Side) => conversations[READ_FIELD[side]];

/** How much of a message a list shows. */
const PREVIEW_LENGTH = 200;
const preview = (body: string) => cutText(body, PREVIEW_LENGTH);

/** A shopper reaches only their own conversations, a store only its own, staff only those with no shopper. */
export function reachOf(viewer: Viewer): SQL {
  if (viewer.side === 'customer') return eq(conversations.customerId, viewer.customerId);
  if (viewer.side === 'vendor') return eq(conversations.storeId, viewer.storeId);
  return isNull(conversations.customerId);
}

/** The other sides' messages newer than `side`'s read mark, as a condition on conversation_messages. */
export function unreadFor(side: Side): SQL {
  const mark = readMark(side);
  return and(
    ne(conversationMessages.sender, side),
    or(isNull(mark), gt(conversationMessages.createdAt, mark)),
  ) as SQL;
}

/** The unread count of the conversation in the current row, for `side`. */
function unreadCount(side: Side) {
  const mark = readMark(side);
  return sql<number>`(select count(*) from ${conversationMessages} m
    where m.conversation_id = ${conversations.id} and m.sender <> ${side}
    and (${mark} is null or m.created_at > ${mark}))`.mapWith(Number);
}

export interface LastMessage {
  sender: Side;
  senderName: string;
  preview: string;
  createdAt: Date;
}

export interface ConversationRow {
  id: string;
  subject: string;
  storeId: string;
  storeName: string;
  customerId: string | null;
  customerName: string | null;
  productId: string | null;
  productTitle: string | null;
  productImages: string[] | null;
  lastMessageAt: Date;
  createdAt: Date;
  unread: number;
  lastMessage: LastMessage | null;
}

export interface MessageRow {
  id: string;
  sender: Side;
  senderName: string;
  body: string;
  createdAt: Date;
}

function selectConversations(db: Database | Transaction, side: Side) {
  return db
    .select({
      id: conversations.id,
      subject: conversations.subject,
      storeId: conversations.storeId,
      storeName: stores.name,
      customerId: conversations.customerId,
      customerName: customers.name,
      productId: conversations.productId,
      productTitle: products.title,
      productImages: products.images,
      lastMessageAt: conversations.lastMessageAt,
      createdAt: conversations.createdAt,
      unread: unreadCount(side),
    })
    .from(conversations)
    .innerJoin(stores, eq(stores.id, conversations.storeId))
    .leftJoin(customers, eq(customers.id, conversations.customerId))
    .leftJoin(products, eq(products.id, conversations.productId));
}

/** The latest message of each conversation named, its text cut for a list. */
async function lastMessages(db: Database, ids: string[]): Promise<Map<string, LastMessage>> {
  const found = new Map<string, LastMessage>();
  if (ids.length === 0) return found;
  const rows = await db
    .selectDistinctOn([conversationMessages.conversationId], {
      conversationId: conversationMessages.conversationId,
      sender: conversationMessages.sender,
      senderName: conversationMessages.senderName,
      body: conversationMessages.body,
      createdAt: conversationMessages.createdAt,
    })
    .from(conversationMessages)
    .where(inArray(conversationMessages.conversationId, ids))
    .orderBy(conversationMessages.conversationId, desc(conversationMessages.createdAt));
  for (const row of rows) {
    found.set(row.conversationId, {
      sender: row.sender,
      senderName: row.senderName,
      preview: preview(row.body),
      createdAt: row.createdAt,
    });
  }
  return found;
}

export interface ListFilters {
  /** Only conversations with shoppers, or only those with staff (vendors). */
  with?: 'shoppers' | 'staff' | undefined;
  /** Only this store's conversations (staff). */
  storeId?: string | undefined;
}

/** One page of the viewer's conversations, the latest message first. */
export async function listConversations(
  db: Database,
  viewer: Viewer,
  filters: ListFilters,
  page: { offset: number; limit: number },
): Promise<{ rows: ConversationRow[]; total: number }> {
  const conditions: SQL[] = [reachOf(viewer)];
  if (filters.with === 'shoppers') conditions.push(isNotNull(conversations.customerId));
  if (filters.with === 'staff') conditions.push(isNull(conversations.customerId));
  if (filters.storeId !== undefined) {
    conditions.push(isUuid(filters.storeId) ? eq(conversations.storeId, filters.storeId) : sql`false`);
  }
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    selectConversations(db, viewer.side)
      .where(where)
      .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(conversations).where(where),
  ]);
  const last = await lastMessages(
    db,
    rows.map((row) => row.id),
  );
  return {
    rows: rows.map((row) => ({ ...row, lastMessage: last.get(row.id) ?? null })),
    total: counted?.total ?? 0,
  };
}

/** The viewer's unread messages over all their conversations, and apart for those with shoppers and with staff. */
export async function unreadTotals(
  db: Database,
  viewer: Viewer,
): Promise<{ total: number; shoppers: number; staff: number }> {
  const [row] = await db
    .select({
      total: count(),
      shoppers: sql<number>`count(*) filter (where ${conversations.customerId} is not null)`.mapWith(Number),
      staff: sql<number>`count(*) filter (where ${conversations.customerId} is null)`.mapWith(Number),
    })
    .from(conversationMessages)
    .innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
    .where(and(reachOf(viewer), unreadFor(viewer.side)));
  return { total: row?.total ?? 0, shoppers: row?.shoppers ?? 0, staff: row?.staff ?? 0 };
}

/** One of the viewer's conversations with every message, oldest first; null when out of their reach. */
export async function findConversation(
  db: Database,
  viewer: Viewer,
  id: string,
): Promise<{ conversation: ConversationRow; messages: MessageRow[] } | null> {
  if (!isUuid(id)) return null;
  const [row] = await selectConversations(db, viewer.side)
    .where(and(eq(conversations.id, id), reachOf(viewer)))
    .limit(1);
  if (!row) return null;
  const messages = await db
    .select({
      id: conversationMessages.id,
      sender: conversationMessages.sender,
      senderName: conversationMessages.senderName,
      body: conversationMessages.body,
      createdAt: conversationMessages.createdAt,
    })
    .from(conversationMessages)
    .where(eq(conversationMessages.conversationId, id))
    .orderBy(asc(conversationMessages.createdAt), asc(conversationMessages.id));
  const last = messages.at(-1);
  return {
    conversation: {
      ...row,
      lastMessage: last
        ? {
            sender: last.sender,
            senderName: last.senderName,
            preview: preview(last.body),
            createdAt: last.createdAt,
          }
        : null,
    },
    messages,
  };
}

/**
 * Marks the conversation read for the viewer up to its latest message (not up to now: a message written while
 * the thread was on its way stays unread). False when the conversation is out of the viewer's reach.
 */
export async function markRead(db: Database, viewer: Viewer, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const updated = await db
    .update(conversations)
    .set({ [READ_FIELD[viewer.side]]: conversations.lastMessageAt })
    .where(and(eq(conversations.id, id), reachOf(viewer)))
    .returning({ id: conversations.id });
  return updated.length > 0;
}
