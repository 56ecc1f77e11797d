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
import {
  type activityLog,
  conversationMessages,
  conversations,
  customers,
  type outbox,
  products,
  stores,
} from '../../db/schema.ts';
import { isUuid } from '../../lib/ids.ts';
import { insertActivity } from '../activity/index.ts';
import { queueMail } from '../mail/index.ts';
import { shopperVisible } from '../products/index.ts';
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

type ActivityEntry = typeof activityLog.$inferInsert;
type OutboxMessage = typeof outbox.$inferInsert;

const READ_FIELD = { customer: 'customerReadAt', vendor: 'vendorReadAt', staff: 'staffReadAt' } as const;
const readMark = (side: Side) => conversations[READ_FIELD[side]];

/** How much of a message a list shows. */
const PREVIEW_LENGTH = 200;
const preview = (body: string) => cutText(body, PREVIEW_LENGTH);

/** A shopper reaches only their own conversations, a store only its own, staff only those with no shopper. */
function reachOf(viewer: Viewer): SQL {
  if (viewer.side === 'customer') return eq(conversations.customerId, viewer.customerId);
  if (viewer.side === 'vendor') return eq(conversations.storeId, viewer.storeId);
  return isNull(conversations.customerId);
}

/** The other sides' messages newer than `side`'s read mark, as a condition on conversation_messages. */
function unreadFor(side: Side): SQL {
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

/** Whom a new message is for, when they can be written to. */
export interface Recipient {
  side: Side;
  email: string;
  name: string;
}

/** What the outbox should send the recipient of a message, or null for nothing. */
export type Notice = (about: {
  conversationId: string;
  subject: string;
  recipient: Recipient;
  author: Author;
}) => OutboxMessage | null;

export interface WriteOptions {
  now: Date;
  /** The activity log entry of a staff member's message, written in the same transaction. */
  activity?: (conversation: { id: string; storeId: string }) => ActivityEntry;
  notice?: Notice;
}

interface LockedConversation {
  id: string;
  storeId: string;
  customerId: string | null;
  subject: string;
  lastMessageAt: Date;
}

/**
 * A new message's time: now, but always after the conversation's latest message, so the thread's order and the
 * read marks hold even when two instances' clocks differ.
 */
function messageTime(now: Date, lastMessageAt: Date | null): Date {
  if (lastMessageAt === null || now.getTime() > lastMessageAt.getTime()) return now;
  return new Date(lastMessageAt.getTime() + 1);
}

/** The other party of a message by `author` in `conversation`; staff have no mailbox of their own here. */
async function recipientOf(
  tx: Transaction,
  conversation: LockedConversation,
  author: Author,
): Promise<Recipient | null> {
  if (author.side === 'vendor') {
    if (conversation.customerId === null) return null;
    const [customer] = await tx
      .select({ email: customers.email, name: customers.name })
      .from(customers)
      .where(and(eq(customers.id, conversation.customerId), isNull(customers.deletedAt)))
      .limit(1);
    return customer ? { side: 'customer', ...customer } : null;
  }
  const [store] = await tx
    .select({ email: stores.email, name: stores.name })
    .from(stores)
    .where(eq(stores.id, conversation.storeId))
    .limit(1);
  return store ? { side: 'vendor', ...store } : null;
}

/** Whether the recipient has read everything written to them in the conversation so far. */
async function allRead(tx: Transaction, conversationId: string, side: Side): Promise<boolean> {
  const [row] = await tx
    .select({ n: count() })
    .from(conversationMessages)
    .innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
    .where(and(eq(conversations.id, conversationId), unreadFor(side)));
  return (row?.n ?? 0) === 0;
}

/**
 * Writes a message in a locked conversation: the thread, the conversation's time and the author's read mark move
 * together. The recipient is told through the outbox only when this is the first message they have not read,
 * so a lively thread does not become a mail per message.
 */
async function append(
  tx: Transaction,
  conversation: LockedConversation,
  author: Author,
  body: string,
  options: WriteOptions,
): Promise<void> {
  const at = messageTime(options.now, conversation.lastMessageAt);
  const recipient = options.notice ? await recipientOf(tx, conversation, author) : null;
  const notify = recipient !== null && (await allRead(tx, conversation.id, recipient.side));
  await tx.insert(conversationMessages).values({
    conversationId: conversation.id,
    sender: author.side,
    senderName: author.name,
    body,
    createdAt: at,
  });
  await tx
    .update(conversations)
    .set({ lastMessageAt: at, [READ_FIELD[author.side]]: at })
    .where(eq(conversations.id, conversation.id));
  if (options.activity) await insertActivity(tx, options.activity(conversation));
  if (notify && recipient && options.notice) {
    const message = options.notice({
      conversationId: conversation.id,
      subject: conversation.subject,
      recipient,
      author,
    });
    if (message) await queueMail(tx, { ...message, createdAt: at });
  }
}

const lockedColumns = {
  id: conversations.id,
  storeId: conversations.storeId,
  customerId: conversations.customerId,
  subject: conversations.subject,
  lastMessageAt: conversations.lastMessageAt,
};

/** Adds the author's message to one of their conversations; false (nothing written) when out of their reach. */
export async function addMessage(
  db: Database,
  author: Author,
  id: string,
  body: string,
  options: WriteOptions,
): Promise<boolean> {
  if (!isUuid(id)) return false;
  return db.transaction(async (tx) => {
    const [conversation] = await tx
      .select(lockedColumns)
      .from(conversations)
      .where(and(eq(conversations.id, id), reachOf(author)))
      .limit(1)
      .for('update');
    if (!conversation) return false;
    await append(tx, conversation, author, body, options);
    return true;
  });
}

/** Starts a conversation between a store and staff with its first message; answers its id. */
export async function startStaffConversation(
  db: Database,
  author: Author & { side: 'vendor' | 'staff' },
  values: { storeId: string; subject: string },
  body: string,
  options: WriteOptions,
): Promise<string> {
  return db.transaction(async (tx) => {
    const [conversation] = await tx
      .insert(conversations)
      .values({ storeId: values.storeId, subject: values.subject, lastMessageAt: options.now })
      .returning(lockedColumns);
    if (!conversation) throw new Error('conversation insert returned no row');
    // Its first message is written at its own time, not a millisecond later.
    await append(tx, { ...conversation, lastMessageAt: new Date(0) }, author, body, options);
    return conversation.id;
  });
}

/**
 * A shopper's question about a product: it goes on in their conversation with the store about that product,
 * or starts one. The shopper's row is locked first, so two questions sent at once make one conversation.
 */
export async function askAboutProduct(
  db: Database,
  author: Author & { side: 'customer' },
  product: { id: string; storeId: string; title: string },
  body: string,
  options: WriteOptions,
): Promise<{ id: string; created: boolean }> {
  return db.transaction(async (tx) => {
    await tx
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.id, author.customerId))
      .for('update');
    const [existing] = await tx
      .select(lockedColumns)
      .from(conversations)
      .where(
        and(
          eq(conversations.customerId, author.customerId),
          eq(conversations.storeId, product.storeId),
          eq(conversations.productId, product.id),
        ),
      )
      .orderBy(asc(conversations.createdAt))
      .limit(1)
      .for('update');
    if (existing) {
      await append(tx, existing, author, body, options);
      return { id: existing.id, created: false };
    }
    const [created] = await tx
      .insert(conversations)
      .values({
        storeId: product.storeId,
        customerId: author.customerId,
        productId: product.id,
        subject: product.title,
        lastMessageAt: options.now,
      })
      .returning(lockedColumns);
    if (!created) throw new Error('conversation insert returned no row');
    await append(tx, { ...created, lastMessageAt: new Date(0) }, author, body, options);
    return { id: created.id, created: true };
  });
}

export interface AskableProduct {
  id: string;
  title: string;
  /** Whether shoppers may see it (the catalogue's own rule). */
  visible: boolean;
  storeId: string | null;
  storeKind: (typeof stores.$inferSelect)['kind'] | null;
}

/** A product, whether shoppers see it, and its store's kind, to tell who sells it. */
export async function findProductWithStore(db: Database, id: string): Promise<AskableProduct | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({
      id: products.id,
      title: products.title,
      visible: sql<boolean>`${shopperVisible}`,
      storeId: products.storeId,
      storeKind: stores.kind,
    })
    .from(products)
    .leftJoin(stores, eq(stores.id, products.storeId))
    .where(eq(products.id, id))
    .limit(1);
  return row ?? null;
}

export async function findStore(db: Database, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ id: stores.id, name: stores.name, kind: stores.kind, status: stores.status })
    .from(stores)
    .where(eq(stores.id, id))
    .limit(1);
  return row ?? null;
}
