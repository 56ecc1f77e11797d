import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';

export const customerStatus = pgEnum('customer_status', ['Active', 'Inactive']);

export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull().unique('customers_username_unique'),
    /** Stored trimmed and lower-cased; look-ups use the same form. */
    email: text('email').notNull().unique('customers_email_unique'),
    /** Unique when present: it is one of the three sign-in identifiers. */
    phone: text('phone').unique('customers_phone_unique'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    name: text('name').notNull(),
    address: text('address'),
    passwordHash: text('password_hash').notNull(),
    /** False for an account made by an outside sign-in (Google, ...): nobody knows its password. */
    hasPassword: boolean('has_password').notNull().default(true),
    tokenVersion: integer('token_version').notNull().default(1),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** Inactive accounts cannot sign in and their tokens stop working. */
    status: customerStatus('status').notNull().default('Active'),
    /** Set when the account is deleted: personal data is anonymised, orders stay for the books. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Hash of the one-time token of an invitation to set a password, and when it expires. */
    inviteTokenHash: text('invite_token_hash'),
    inviteExpiresAt: timestamp('invite_expires_at', { withTimezone: true }),
    /** The storefront settings (language, currency, country, theme, notifications) kept with the account. */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    /** A business account sees B2B prices when the store's B2B mode is on. */
    isBusiness: boolean('is_business').notNull().default(false),
    /** Set when the shopper followed a cart reminder's unsubscribe link: no more reminders go to them. */
    cartRemindersOffAt: timestamp('cart_reminders_off_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('customers_created_at_idx').on(t.createdAt)],
);

/** Sign-ins through an outside provider (Google, Facebook, Apple): the provider's subject is bound to one account. */
export const customerIdentities = pgTable(
  'customer_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.subject] }),
    index('customer_identities_customer_idx').on(t.customerId),
  ],
);

/**
 * A one-time code an outside sign-in hands the storefront in its address instead of the token: exchanged once for
 * a token within a minute. Only its SHA-256 is kept, so a database read does not yield a usable code.
 */
export const oauthCodes = pgTable(
  'oauth_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('oauth_codes_expires_at_idx').on(t.expiresAt)],
);
