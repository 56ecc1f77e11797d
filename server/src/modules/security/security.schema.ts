import { sql } from 'drizzle-orm';
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
import { actorType } from '../activity/activity.schema.ts';

// The staff accounts live here, beside the credentials code that writes them (passwords, two-factor): the admins,
// roles and staff modules that also write them sit above security, and security's own tables point at them.

export const adminRole = pgEnum('admin_role', ['SuperAdmin', 'Manager', 'Support', 'Editor', 'Viewer']);
export const adminStatus = pgEnum('admin_status', ['Active', 'Suspended', 'Pending']);
export const severity = pgEnum('severity', ['high', 'medium', 'low']);

export const ADMIN_PERMISSIONS = [
  'dashboard',
  'products',
  'orders',
  'users',
  'admins',
  'reports',
  'settings',
  'disputes',
  'refunds',
  'analytics',
] as const;
export type AdminPermission = (typeof ADMIN_PERMISSIONS)[number];

export const admins = pgTable(
  'admins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Stored trimmed and lower-cased; look-ups use the same form. */
    email: text('email').notNull().unique('admins_email_unique'),
    phone: text('phone'),
    department: text('department'),
    passwordHash: text('password_hash').notNull(),
    role: adminRole('role').notNull(),
    permissions: text('permissions').array().$type<AdminPermission[]>().notNull().default(sql`'{}'::text[]`),
    status: adminStatus('status').notNull().default('Active'),
    /** Copied into every token as `tv`; bumping it ends all older tokens. */
    tokenVersion: integer('token_version').notNull().default(1),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    firstName: text('first_name'),
    lastName: text('last_name'),
    /** When the password was last set: the expiry policy counts from here. */
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set by staff or the expiry policy: the next sign-in must choose a new password. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /** The TOTP secret once enrolment is confirmed; the pending one while it is not. */
    twoFactorSecret: text('two_factor_secret'),
    twoFactorPendingSecret: text('two_factor_pending_secret'),
    /** Hashes of the unused recovery codes. */
    recoveryCodes: text('recovery_codes').array().notNull().default(sql`'{}'::text[]`),
    /** The 30-second step of the last accepted authenticator code: a code of that step or older is refused. */
    twoFactorLastStep: integer('two_factor_last_step'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('admins_created_at_idx').on(t.createdAt)],
);

/** A signed-in session (a device): tokens carry its id as `sid`, so revoking it ends that token at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorType: actorType('actor_type').notNull(),
    accountId: uuid('account_id').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_account_idx').on(t.actorType, t.accountId, t.lastUsedAt)],
);

/** The store's security settings: one row (id 1). */
export const securitySettings = pgTable('security_settings', {
  id: integer('id').primaryKey().default(1),
  twoFactorRequired: boolean('two_factor_required').notNull().default(false),
  requireUppercase: boolean('require_uppercase').notNull().default(true),
  requireLowercase: boolean('require_lowercase').notNull().default(true),
  requireNumbers: boolean('require_numbers').notNull().default(true),
  requireSpecial: boolean('require_special').notNull().default(true),
  requireMinLength: boolean('require_min_length').notNull().default(true),
  /** 0 to 365; 0 means passwords never expire. */
  passwordExpiryDays: integer('password_expiry_days').notNull().default(90),
  ipAllowList: text('ip_allow_list').array().notNull().default(sql`'{}'::text[]`),
  alertFailedLogin: boolean('alert_failed_login').notNull().default(true),
  alertNewDevice: boolean('alert_new_device').notNull().default(true),
  alertPasswordChange: boolean('alert_password_change').notNull().default(true),
  alertAdminAction: boolean('alert_admin_action').notNull().default(false),
  updatedAt: updatedAt(),
});

export const securityEvents = pgTable(
  'security_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    action: text('action').notNull(),
    /** The staff member's email, or the identifier typed at a failed sign-in. */
    user: text('user').notNull(),
    adminId: uuid('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    ip: text('ip'),
    severity: severity('severity').notNull().default('low'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('security_events_at_idx').on(t.at)],
);

/**
 * An account that reached its failed sign-in ceiling over all addresses: refused until `lockedUntil`, or until the
 * owner follows the emailed unlock link (only its hash is kept).
 */
export const accountLocks = pgTable(
  'account_locks',
  {
    scope: text('scope', { enum: ['staff', 'customer', 'vendor'] }).notNull(),
    accountId: uuid('account_id').notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
    unlockTokenHash: text('unlock_token_hash').notNull().unique('account_locks_unlock_token_hash_unique'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.accountId] })],
);

/** One staff sign-in step handed out (two-factor code, new password): used at most once, with few tries. */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    /** The challenge token's id (jti). */
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    /** Codes tried on it, from any address. */
    tries: integer('tries').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sign_in_challenges_expires_at_idx').on(t.expiresAt)],
);
