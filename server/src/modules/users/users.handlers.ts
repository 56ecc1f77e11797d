import { createHash, randomBytes } from 'node:crypto';
import type { components } from '@shop/sdk/types';
import type { FastifyRequest } from 'fastify';
import type { StaffAuth } from '../../auth/auth-context.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { hasPermission, requireStaff } from '../../auth/permissions.ts';
import type { TokenService } from '../../auth/tokens.ts';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { conflict, type FieldError, forbidden, notFound, validationError } from '../../http/errors.ts';
import { operation } from '../../http/operation.ts';
import { toAmount } from '../../money/money.ts';
import { staffActivity, withActivity } from '../activity/index.ts';
import {
  deriveUsername,
  EMAIL_TAKEN,
  emailTaken,
  normalizePhone,
  PHONE_TAKEN,
  phoneTaken,
  toUserProfile,
} from '../customers/index.ts';
import { queueMail } from '../mail/index.ts';
import { openSession } from '../security/index.ts';
import { createStaffAccount, isEmail, PASSWORD_MIN_LENGTH, type StaffRole } from '../staff/index.ts';
import {
  type AccountRow,
  acceptInvitation,
  accountStats,
  anonymiseShopper,
  type CustomerRow,
  findAccount,
  findCustomerByEmail,
  findShopper,
  insertShopper,
  listAccounts,
  renewInvitation,
  type ShopperChanges,
  shopperDetails,
  staffIds,
  updateShopper,
  userTarget,
} from './users.repository.ts';

type UserAccount = components['schemas']['UserAccount'];

export const USER_NOT_FOUND = 'User not found.';
export const STAFF_READ_ONLY = 'Staff accounts are managed from the Admin list.';
export const INVITATION_INVALID = 'This invitation link is invalid or has expired.';
export const INVITATION_DAYS = 7;

/** The staff role Create New User makes for its staff roles: the ones the Roles & Permissions matrix maps them to. */
const STAFF_ROLE_FOR: Record<'admin' | 'manager', StaffRole> = { admin: 'Manager', manager: 'Editor' };

export function toUserAccount(row: AccountRow): UserAccount {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    status: row.status,
    kind: row.kind,
    staffRole: row.staffRole,
    invited: row.invited,
    joined: row.joined.toISOString(),
    lastLogin: row.lastLogin?.toISOString() ?? null,
  };
}

/** A shopper row in the list's shape, without another query. */
function shopperAccount(row: CustomerRow): UserAccount {
  return toUserAccount({
    id: row.id,
    name: row.name,
    email: row.email,
    role: 'user',
    status: row.status,
    kind: 'shopper',
    staffRole: null,
    invited: row.inviteTokenHash !== null,
    joined: row.createdAt,
    lastLogin: row.lastLoginAt,
  });
}

/** Only the hash of an invitation token is stored: a leaked database does not hand out accounts. */
export const hashInviteToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A password nobody knows, for accounts that must not sign in with one (invited, deleted). */
const unusablePassword = () => hashPassword(randomBytes(32).toString('base64url'));

function createUserFieldErrors(body: { name?: string; email?: string; password?: string }): FieldError[] {
  const errors: FieldError[] = [];
  const email = body.email?.trim() ?? '';
  const password = body.password ?? '';
  if (!body.name?.trim()) errors.push({ path: '/name', message: 'Name is required' });
  if (email === '') errors.push({ path: '/email', message: 'Email is required' });
  else if (!isEmail(email)) errors.push({ path: '/email', message: 'Email is invalid' });
  if (password === '') errors.push({ path: '/password', message: 'Password is required' });
  else if (password.length < PASSWORD_MIN_LENGTH)
    errors.push({ path: '/password', message: 'Password must be at least 8 characters' });
  return errors;
}

/** A staff account needs a first and a last name: the last word is the last name. */
function splitName(name: string): { firstName: string; lastName: string } | null {
  const words = name.trim().split(/\s+/);
  if (words.length < 2) return null;
  return { firstName: words.slice(0, -1).join(' '), lastName: words.at(-1) ?? '' };
}

export function createUserHandlers(deps: { db: Database; tokens: TokenService; config: AppConfig }) {
  const { db, tokens, config } = deps;

  const activityFor = (request: FastifyRequest, staff: StaffAuth, action: string, id: string) =>
    staffActivity(request, staff, { action, target: userTarget(id) });

  /**
   * Inserts a shopper with a free username; two similar emails can race for one, so the next is taken. Each try
   * is its own (sub)transaction, so a clash does not spoil the transaction of the change `tx` belongs to.
   */
  async function insertWithUsername(
    tx: Database,
    values: Omit<Parameters<typeof insertShopper>[1], 'username'>,
  ) {
    for (let attempt = 0; ; attempt++) {
      try {
        return await tx.transaction(async (attemptTx) =>
          insertShopper(attemptTx, { ...values, username: await deriveUsername(attemptTx, values.email) }),
        );
      } catch (error) {
        const constraint = uniqueViolation(error);
        if (constraint === 'customers_username_unique' && attempt < 4) continue;
        if (constraint === 'customers_email_unique') throw conflict(EMAIL_TAKEN);
        throw error;
      }
    }
  }

  /** Staff accounts on this screen are read-only: refuse before touching them. */
  async function assertShopper(id: string): Promise<void> {
    if ((await staffIds(db, [id])).size > 0) throw conflict(STAFF_READ_ONLY);
  }

  return {
    listUsers: operation('listUsers', async (request) => {
      const { page = 1, limit = 20, q, role, status } = request.query;
      const [{ rows, total }, stats] = await Promise.all([
        listAccounts(db, { q, role, status }, { offset: (page - 1) * limit, limit }),
        accountStats(db, new Date()),
      ]);
      return { success: true, data: rows.map(toUserAccount), meta: { page, limit, total }, stats };
    }),

    createUser: operation('createUser', async (request, reply) => {
      const staff = requireStaff(request);
      const body = request.body;
      const errors = createUserFieldErrors(body);
      if (errors.length > 0) throw validationError(errors, errors[0]?.message);
      const role = body.role ?? 'user';
      const name = (body.name as string).trim();
      const password = body.password as string;

      if (role !== 'user') {
        // Making a staff account is admin management: the users permission alone must not mint staff.
        if (!hasPermission(staff, 'admins')) throw forbidden();
        const names = splitName(name);
        if (!names) {
          const message = 'Enter a first and a last name for a staff account.';
          throw validationError([{ path: '/name', message }], message);
        }
        const row = await createStaffAccount(db, request, staff, {
          ...names,
          email: body.email,
          role: STAFF_ROLE_FOR[role],
          password,
          confirmPassword: password,
          isActive: true,
          sendWelcomeEmail: false,
        });
        const account = await findAccount(db, row.id);
        if (!account) throw notFound(USER_NOT_FOUND);
        reply.code(201);
        return { success: true, message: 'User created successfully!', data: toUserAccount(account) };
      }

      const email = (body.email as string).trim().toLowerCase();
      if (await emailTaken(db, email)) throw conflict(EMAIL_TAKEN);
      const passwordHash = await hashPassword(password);
      const created = await withActivity(
        db,
        (tx) => insertWithUsername(tx, { email, name, passwordHash }),
        (row) =>
          staffActivity(request, staff, {
            action: 'user.create',
            target: userTarget(row.id),
            details: { before: null, after: { name, email, role: 'user' } },
          }),
      );
      reply.code(201);
      return { success: true, message: 'User created successfully!', data: shopperAccount(created) };
    }),

    inviteUser: operation('inviteUser', async (request, reply) => {
      const staff = requireStaff(request);
      const email = request.body.email.trim().toLowerCase();
      const token = randomBytes(32).toString('base64url');
      const invite = {
        tokenHash: hashInviteToken(token),
        expiresAt: new Date(Date.now() + INVITATION_DAYS * 24 * 60 * 60 * 1000),
      };

      const existing = await findCustomerByEmail(db, email);
      if (existing && existing.inviteTokenHash === null) throw conflict(EMAIL_TAKEN);
      // The account, its invitation message in the outbox and the entry: stored together or not at all.
      const row = await withActivity(
        db,
        async (tx) => {
          const invited = existing
            ? await renewInvitation(tx, existing.id, invite)
            : await insertWithUsername(tx, {
                email,
                name: request.body.name?.trim() || email.split('@')[0] || email,
                passwordHash: await unusablePassword(),
                inviteTokenHash: invite.tokenHash,
                inviteExpiresAt: invite.expiresAt,
              });
          if (!invited) throw notFound(USER_NOT_FOUND);
          await queueMail(tx, {
            to: email,
            subject: "You're invited to the store",
            body:
              `Hello ${invited.name},\n\nYou have been invited to open an account at the store. To accept, open this ` +
              `link and choose a password (it works once, for ${INVITATION_DAYS} days):\n\n` +
              `${config.storeUrl}/invitation?token=${token}\n`,
            kind: 'invitation',
          });
          return invited;
        },
        (invited) =>
          staffActivity(request, staff, {
            action: existing ? 'user.reinvite' : 'user.invite',
            target: userTarget(invited.id),
            details: { email, expiresAt: invite.expiresAt.toISOString() },
          }),
      );
      reply.code(201);
      return {
        success: true,
        message: `Invitation sent to ${email}.`,
        data: { user: shopperAccount(row), expiresAt: invite.expiresAt.toISOString() },
      };
    }),

    acceptInvitation: operation('acceptInvitation', async (request) => {
      const now = new Date();
      const passwordHash = await hashPassword(request.body.password);
      const userAgent = request.headers['user-agent']?.slice(0, 500) ?? null;
      const { row, session } = await withActivity(
        db,
        async (tx) => {
          const row = await acceptInvitation(tx, hashInviteToken(request.body.token), passwordHash, now);
          if (!row) {
            throw validationError([{ path: '/token', message: INVITATION_INVALID }], INVITATION_INVALID);
          }
          // Accepting signs the shopper in, with a session of its own as every sign-in has.
          const session = await openSession(tx, {
            actorType: 'customer',
            accountId: row.id,
            userAgent,
            ip: request.ip,
            ttlSeconds: tokens.ttlSeconds.customer,
          });
          return { row, session };
        },
        ({ row }) => ({
          actorType: 'customer',
          actorId: row.id,
          actorName: row.name,
          actorEmail: row.email,
          action: 'user.invitation.accept',
          target: userTarget(row.id),
          ip: request.ip,
          userAgent,
        }),
      );
      const token = await tokens.signCustomer({
        sub: row.id,
        sid: session.id,
        username: row.username,
        email: row.email,
        tv: row.tokenVersion,
      });
      return {
        success: true,
        message: 'Your password is set. Welcome!',
        token,
        data: { token, user: toUserProfile(row, 0) },
      };
    }),

    getUser: operation('getUser', async (request) => {
      const { id } = request.params;
      const [row, account] = await Promise.all([findShopper(db, id), findAccount(db, id)]);
      if (!row || !account || account.kind !== 'shopper') throw notFound(USER_NOT_FOUND);
      const details = await shopperDetails(db, id);
      return {
        success: true,
        data: {
          user: toUserAccount(account),
          profile: {
            username: row.username,
            phone: row.phone,
            address: row.address,
            totalOrders: details.totalOrders,
            isBusiness: row.isBusiness,
          },
          orders: details.orders.map((order) => ({
            _id: order.id,
            id: order.orderNumber,
            date: order.createdAt.toISOString(),
            status: order.status,
            total: toAmount(order.totalMinor),
            currency: order.currency,
            items: order.items,
          })),
          disputes: details.disputes.map((dispute) => ({
            _id: dispute.id,
            subject: dispute.subject,
            status: dispute.status,
            priority: dispute.priority,
            createdAt: dispute.createdAt.toISOString(),
          })),
          wishlist: details.wishlist.map((entry) => ({
            productId: entry.productId,
            title: entry.title,
            image: entry.images[0] ?? null,
            addedAt: entry.addedAt.toISOString(),
          })),
          activity: details.activity.map((entry) => ({
            _id: entry.id,
            action: entry.action,
            actor: entry.actor,
            outcome: entry.outcome,
            timestamp: entry.at.toISOString(),
          })),
        },
      };
    }),

    updateUser: operation('updateUser', async (request) => {
      const staff = requireStaff(request);
      const { id } = request.params;
      await assertShopper(id);
      const body = request.body;
      const changes: ShopperChanges = {};
      if (body.name !== undefined) changes.name = body.name.trim();
      if (body.email !== undefined) {
        changes.email = body.email.trim().toLowerCase();
        if (await emailTaken(db, changes.email, id)) throw conflict(EMAIL_TAKEN);
      }
      if (body.phone !== undefined) {
        changes.phone = body.phone.trim() ? normalizePhone(body.phone) : null;
        if (changes.phone && (await phoneTaken(db, changes.phone, id))) throw conflict(PHONE_TAKEN);
      }
      if (body.address !== undefined) changes.address = body.address.trim() || null;
      if (body.status !== undefined) changes.status = body.status;
      if (body.isBusiness !== undefined) changes.isBusiness = body.isBusiness;

      let row: CustomerRow | null;
      try {
        row = await updateShopper(db, id, changes, activityFor(request, staff, 'user.update', id));
      } catch (error) {
        const constraint = uniqueViolation(error);
        if (constraint === 'customers_email_unique') throw conflict(EMAIL_TAKEN);
        if (constraint === 'customers_phone_unique') throw conflict(PHONE_TAKEN);
        throw error;
      }
      if (!row) throw notFound(USER_NOT_FOUND);
      return { success: true, message: 'User updated.', data: shopperAccount(row) };
    }),

    deleteUser: operation('deleteUser', async (request) => {
      const staff = requireStaff(request);
      const { id } = request.params;
      await assertShopper(id);
      const deleted = await anonymiseShopper(
        db,
        id,
        await unusablePassword(),
        activityFor(request, staff, 'user.delete', id),
      );
      if (!deleted) throw notFound(USER_NOT_FOUND);
      return { success: true, message: 'User deleted.', data: { _id: id } };
    }),

    bulkUpdateUsers: operation('bulkUpdateUsers', async (request) => {
      const staff = requireStaff(request);
      const { action, ids } = request.body;
      const staffAccounts = await staffIds(db, ids);
      const done: string[] = [];
      const failed: { id: string; message: string }[] = [];
      for (const id of ids) {
        if (staffAccounts.has(id)) {
          failed.push({ id, message: STAFF_READ_ONLY });
          continue;
        }
        const activity = activityFor(request, staff, `user.${action}`, id);
        const changed =
          action === 'delete'
            ? await anonymiseShopper(db, id, await unusablePassword(), activity)
            : (await updateShopper(
                db,
                id,
                { status: action === 'activate' ? 'Active' : 'Inactive' },
                activity,
              )) !== null;
        if (changed) done.push(id);
        else failed.push({ id, message: USER_NOT_FOUND });
      }
      return {
        success: true,
        message: `${done.length} updated, ${failed.length} refused.`,
        data: { done, failed },
      };
    }),
  };
}
