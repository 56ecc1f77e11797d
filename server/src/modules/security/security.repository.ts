import type { components } from '@shop/sdk/types';
import { and, count, desc, eq, gte, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { admins, securityEvents, securitySettings } from '../../db/schema.ts';
import { type ActivityEntry, insertActivity } from '../activity/index.ts';
import { queueMail } from '../mail/index.ts';

export type SecuritySettingsRow = typeof securitySettings.$inferSelect;
export type SecuritySettings = components['schemas']['SecuritySettings'];
export type SecuritySettingsInput = components['schemas']['SecuritySettingsInput'];
export type SecurityEventRow = typeof securityEvents.$inferSelect;
type Severity = SecurityEventRow['severity'];

/** The alert toggle each kind of event answers to. */
export type AlertKind = keyof SecuritySettingsInput['alerts'];

export const SECURITY_ACTIONS = {
  loginFailed: 'login.failed',
  ipRefused: 'login.ip_refused',
  newDevice: 'login.new_device',
  passwordChanged: 'password.changed',
  twoFactorEnabled: 'two_factor.enabled',
  twoFactorDisabled: 'two_factor.disabled',
  recoveryCodeUsed: 'two_factor.recovery_code_used',
  sessionRevoked: 'session.revoked',
  settingsChanged: 'settings.changed',
} as const;
export type SecurityAction = (typeof SECURITY_ACTIONS)[keyof typeof SECURITY_ACTIONS];

const ALERT_OF: Record<SecurityAction, AlertKind> = {
  'login.failed': 'failedLogin',
  'login.ip_refused': 'failedLogin',
  'login.new_device': 'newDevice',
  'password.changed': 'passwordChange',
  'two_factor.enabled': 'adminAction',
  'two_factor.disabled': 'adminAction',
  'two_factor.recovery_code_used': 'adminAction',
  'session.revoked': 'adminAction',
  'settings.changed': 'adminAction',
};

const ALERT_COLUMN = {
  failedLogin: 'alertFailedLogin',
  newDevice: 'alertNewDevice',
  passwordChange: 'alertPasswordChange',
  adminAction: 'alertAdminAction',
} as const satisfies Record<AlertKind, keyof SecuritySettingsRow>;

const ALERT_TEXT: Record<SecurityAction, string> = {
  'login.failed': 'A sign-in to your account failed',
  'login.ip_refused': 'A sign-in to your account was refused: the address is not on the IP whitelist',
  'login.new_device': 'Your account was signed in from a new device',
  'password.changed': 'Your password was changed',
  'two_factor.enabled': 'Two-factor sign-in was turned on for your account',
  'two_factor.disabled': 'Two-factor sign-in was turned off for your account',
  'two_factor.recovery_code_used': 'A recovery code was used to sign in to your account',
  'session.revoked': 'A session of your account was ended',
  'settings.changed': 'The security settings were changed',
};

export async function loadSecuritySettings(db: Database): Promise<SecuritySettingsRow> {
  const [row] = await db.select().from(securitySettings).where(eq(securitySettings.id, 1)).limit(1);
  if (row) return row;
  // The migration inserts the row; this only covers a database where someone removed it.
  const [created] = await db.insert(securitySettings).values({ id: 1 }).onConflictDoNothing().returning();
  return created ?? loadSecuritySettings(db);
}

export function toSecuritySettings(row: SecuritySettingsRow): SecuritySettings {
  return {
    twoFactorRequired: row.twoFactorRequired,
    passwordPolicy: {
      uppercase: row.requireUppercase,
      lowercase: row.requireLowercase,
      numbers: row.requireNumbers,
      specialCharacters: row.requireSpecial,
      minLength: row.requireMinLength,
    },
    passwordExpiryDays: row.passwordExpiryDays,
    ipWhitelist: row.ipAllowList,
    alerts: {
      failedLogin: row.alertFailedLogin,
      newDevice: row.alertNewDevice,
      passwordChange: row.alertPasswordChange,
      adminAction: row.alertAdminAction,
    },
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Saves the settings and logs the change with the values before and after, in one transaction. */
export async function saveSecuritySettings(
  db: Database,
  input: SecuritySettingsInput,
  actor: Pick<ActivityEntry, 'actorType' | 'actorId' | 'actorName' | 'actorEmail' | 'ip' | 'userAgent'>,
): Promise<SecuritySettingsRow> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(securitySettings).where(eq(securitySettings.id, 1)).for('update');
    const values = {
      twoFactorRequired: input.twoFactorRequired,
      requireUppercase: input.passwordPolicy.uppercase,
      requireLowercase: input.passwordPolicy.lowercase,
      requireNumbers: input.passwordPolicy.numbers,
      requireSpecial: input.passwordPolicy.specialCharacters,
      requireMinLength: input.passwordPolicy.minLength,
      passwordExpiryDays: input.passwordExpiryDays,
      ipAllowList: input.ipWhitelist,
      alertFailedLogin: input.alerts.failedLogin,
      alertNewDevice: input.alerts.newDevice,
      alertPasswordChange: input.alerts.passwordChange,
      alertAdminAction: input.alerts.adminAction,
      updatedAt: new Date(),
    };
    const [after] = await tx
      .insert(securitySettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: securitySettings.id, set: values })
      .returning();
    if (!after) throw new Error('security settings upsert returned no row');
    const shown = (row: SecuritySettingsRow) => {
      const { updatedAt: _updatedAt, ...rest } = toSecuritySettings(row);
      return rest;
    };
    await insertActivity(tx, {
      ...actor,
      action: 'security.settings.update',
      target: 'security-settings',
      details: { before: before ? shown(before) : null, after: shown(after) },
    });
    return after;
  });
}

export interface SecurityEventInput {
  action: SecurityAction;
  /** The staff member's email, or the email typed at a failed sign-in. */
  user: string;
  adminId: string | null;
  ip: string | null;
  severity: Severity;
  details?: Record<string, unknown>;
}

/**
 * Records a security event; when its alert toggle is on and it concerns a known staff member, a message to them
 * goes to the outbox too (the dashboard reads the events themselves).
 */
export async function recordSecurityEvent(db: Database, event: SecurityEventInput, now = new Date()) {
  const settings = await loadSecuritySettings(db);
  const alerting = settings[ALERT_COLUMN[ALERT_OF[event.action]]];
  await db.transaction(async (tx) => {
    await tx.insert(securityEvents).values({ ...event, details: event.details ?? {}, at: now });
    if (!alerting || event.adminId === null) return;
    const [admin] = await tx
      .select({ email: admins.email, name: admins.name })
      .from(admins)
      .where(eq(admins.id, event.adminId))
      .limit(1);
    if (!admin) return;
    const what = ALERT_TEXT[event.action];
    await queueMail(tx, {
      to: admin.email,
      subject: `Security alert: ${what.toLowerCase()}`,
      body:
        `Hello ${admin.name},\n\n${what} on ${now.toUTCString()}` +
        `${event.ip ? ` from the address ${event.ip}` : ''}.\n\n` +
        'If this was not you, change your password and review your trusted devices on the Security screen.\n',
      kind: `security.${event.action}`,
      createdAt: now,
    });
  });
}

export async function listSecurityEvents(
  db: Database,
  page: number,
  limit: number,
): Promise<{ rows: SecurityEventRow[]; total: number }> {
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(securityEvents)
      .orderBy(desc(securityEvents.at), desc(securityEvents.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(securityEvents),
  ]);
  return { rows, total: totals?.n ?? 0 };
}

const DAY_MS = 24 * 60 * 60 * 1000;

const ALERT_HEADLINES: Record<AlertKind, [one: string, many: string]> = {
  failedLogin: ['failed staff sign-in', 'failed staff sign-ins'],
  newDevice: ['staff sign-in from a new device', 'staff sign-ins from new devices'],
  passwordChange: ['staff password change', 'staff password changes'],
  adminAction: ['security change', 'security changes'],
};

/** Dashboard alerts: the last 24 hours' security events of each kind whose alert toggle is on. */
export async function securityAlerts(
  db: Database,
  now: Date,
): Promise<{ message: string; severity: Severity; kind: string }[]> {
  const settings = await loadSecuritySettings(db);
  const kinds = (Object.keys(ALERT_COLUMN) as AlertKind[]).filter((kind) => settings[ALERT_COLUMN[kind]]);
  const actions = (Object.keys(ALERT_OF) as SecurityAction[]).filter((action) =>
    kinds.includes(ALERT_OF[action]),
  );
  if (actions.length === 0) return [];
  const counted = await db
    .select({ action: securityEvents.action, n: count() })
    .from(securityEvents)
    .where(
      and(inArray(securityEvents.action, actions), gte(securityEvents.at, new Date(now.getTime() - DAY_MS))),
    )
    .groupBy(securityEvents.action);
  const perKind = new Map<AlertKind, number>();
  for (const row of counted) {
    const kind = ALERT_OF[row.action as SecurityAction];
    perKind.set(kind, (perKind.get(kind) ?? 0) + row.n);
  }
  return kinds
    .filter((kind) => (perKind.get(kind) ?? 0) > 0)
    .map((kind) => {
      const n = perKind.get(kind) ?? 0;
      const [one, many] = ALERT_HEADLINES[kind];
      return {
        message: `${n} ${n === 1 ? one : many} in the last 24 hours.`,
        severity: kind === 'failedLogin' ? 'high' : 'medium',
        kind: 'security',
      };
    });
}
