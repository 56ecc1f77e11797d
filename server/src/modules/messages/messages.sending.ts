import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
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

// Writing in the Message Center: a message moves the thread, its time and the author's read mark together, and
// tells the recipient through the outbox (messages.repository.ts reads conversations).

import { type Author, READ_FIELD, reachOf, type Side, unreadFor } from './messages.repository.ts';

type ActivityEntry = typeof activityLog.$inferInsert;
type OutboxMessage = typeof outbox.$inferInsert;

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
