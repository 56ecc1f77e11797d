import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  addressKey,
  type LoginThrottle,
  MAX_FAILED_LOGINS,
  MAX_REGISTRATIONS_PER_ADDRESS,
  TOO_MANY_TRIES_MESSAGE,
} from '../../auth/login-throttle.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../auth/passwords.ts';
import { requireCustomer } from '../../auth/permissions.ts';
import type { TokenService } from '../../auth/tokens.ts';
import type { Database } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { conflict, forbidden, notFound, unauthorized, validationError } from '../../http/errors.ts';
import { operation } from '../../http/operation.ts';
import { openSession, revokeSession, type SignInGuard } from '../security/index.ts';
import { EMAIL_TAKEN, PHONE_TAKEN } from './customers.messages.ts';
import {
  type CustomerChanges,
  type CustomerRow,
  countOrders,
  deriveUsername,
  emailTaken,
  findCustomerById,
  findCustomerByIdentifier,
  insertCustomer,
  normalizeEmail,
  normalizePhone,
  normalizeUsername,
  phoneTaken,
  recordCustomerLogin,
  replacePassword,
  updateCustomer,
  usernameTaken,
} from './customers.repository.ts';
import { toUserProfile } from './customers.view.ts';

export const CUSTOMER_LOGIN_FAILED = 'Invalid credentials.';
export const ACCOUNT_DEACTIVATED = 'This account has been deactivated. Please contact the store.';
export const USERNAME_TAKEN = 'This username is already taken.';
export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect.';
export const CURRENT_PASSWORD_FOR_EMAIL = 'Enter your current password to change your email.';
export const NO_PASSWORD_FOR_EMAIL =
  'This account signs in with Google, Facebook or Apple and has no password, so its email cannot be changed here.';

/** The message to the address an account's email was changed from: if it was not the owner, they now know. */
function emailChangedNotice(row: CustomerRow, newEmail: string) {
  return {
    to: row.email,
    subject: 'The email of your account was changed',
    body:
      `Hello ${row.name},\n\nThe sign-in email of your store account (${row.username}) was changed from ` +
      `${row.email} to ${newEmail} on ${new Date().toUTCString()}. Messages about the account now go there.\n\n` +
      'If you did not make this change, contact the store at once: someone else may be using your account.\n',
    kind: 'account.email_changed',
  };
}

/** Maps a unique violation on customers to the 409 the client should see; rethrows anything else. */
function rethrowClash(error: unknown): never {
  const constraint = uniqueViolation(error);
  if (constraint === 'customers_email_unique') throw conflict(EMAIL_TAKEN);
  if (constraint === 'customers_username_unique') throw conflict(USERNAME_TAKEN);
  if (constraint === 'customers_phone_unique') throw conflict(PHONE_TAKEN);
  throw error;
}

/** Blank optional text means "remove it". */
function optionalText(value: string | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** Opens a session for the shopper and signs the token that carries it (password and outside sign-ins alike). */
export async function issueCustomerToken(
  deps: { db: Database; tokens: TokenService },
  row: CustomerRow,
  request: FastifyRequest,
): Promise<string> {
  const opened = await openSession(deps.db, {
    actorType: 'customer',
    accountId: row.id,
    userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
    ip: request.ip,
    ttlSeconds: deps.tokens.ttlSeconds.customer,
  });
  return deps.tokens.signCustomer({
    sub: row.id,
    sid: opened.id,
    username: row.username,
    email: row.email,
    tv: row.tokenVersion,
  });
}

export function createCustomerHandlers(deps: {
  db: Database;
  tokens: TokenService;
  throttle: LoginThrottle;
  guard: SignInGuard;
}) {
  const { db, tokens, throttle, guard } = deps;

  /**
   * The current password, for changes that hand the account to whoever holds the session (password, email).
   * Guessing it on a stolen session is limited like guessing at sign-in.
   */
  async function assertCurrentPassword(row: CustomerRow, given: string | undefined, missing: string) {
    if (given === undefined || given === '') {
      throw validationError([{ path: '/currentPassword', message: missing }], missing);
    }
    const attempt = await throttle.take(
      [{ key: `customer:password:${row.id}`, max: MAX_FAILED_LOGINS }],
      TOO_MANY_TRIES_MESSAGE,
    );
    if (!(await verifyPassword(row.passwordHash, given))) {
      throw validationError(
        [{ path: '/currentPassword', message: CURRENT_PASSWORD_WRONG }],
        CURRENT_PASSWORD_WRONG,
      );
    }
    await attempt.giveBack();
  }

  /** Every sign-in opens a session the token carries, so logging out ends that token at once. */
  async function session(
    row: CustomerRow,
    message: string,
    request: FastifyRequest,
    reply: FastifyReply,
    status: 200 | 201,
  ) {
    const token = await issueCustomerToken({ db, tokens }, row, request);
    const user = toUserProfile(row, await countOrders(db, row.id));
    reply.code(status);
    return { success: true as const, message, token, data: { token, user } };
  }

  return {
    customerLogin: operation('customerLogin', async (request, reply) => {
      const identifier = request.body.email.trim();
      const customer = await findCustomerByIdentifier(db, identifier);
      const attempt = await guard.begin('customer', customer, identifier, request.ip);
      const passwordOk = customer
        ? await verifyPassword(customer.passwordHash, request.body.password)
        : await verifyAgainstDummy(request.body.password);
      if (!customer || !passwordOk) {
        await attempt.failed();
        throw unauthorized(CUSTOMER_LOGIN_FAILED);
      }
      await attempt.passed();
      // Checked only after the password, so an account's state is not revealed to someone guessing.
      if (customer.status !== 'Active' || customer.deletedAt !== null) throw forbidden(ACCOUNT_DEACTIVATED);
      await guard.signedIn('customer', customer, request.ip);
      await recordCustomerLogin(db, customer.id, new Date());
      return session(customer, 'Login successful.', request, reply, 200);
    }),

    customerRegister: operation('customerRegister', async (request, reply) => {
      // Every registration from an address counts, made or refused: accounts cannot be created in bulk.
      await throttle.take(
        [{ key: `customer:register:${addressKey(request.ip)}`, max: MAX_REGISTRATIONS_PER_ADDRESS }],
        TOO_MANY_TRIES_MESSAGE,
      );
      const { name, password, confirmPassword } = request.body;
      if (password !== confirmPassword) {
        throw validationError(
          [{ path: '/confirmPassword', message: 'Passwords do not match.' }],
          'Passwords do not match.',
        );
      }
      const email = normalizeEmail(request.body.email);
      if (await emailTaken(db, email)) throw conflict(EMAIL_TAKEN);

      const passwordHash = await hashPassword(password);
      // Only these fields are written: anything else the client sent (role, isAdmin, ...) never reaches the row.
      let created: CustomerRow | undefined;
      for (let attempt = 0; created === undefined; attempt++) {
        const username = await deriveUsername(db, email);
        try {
          created = await insertCustomer(db, { username, email, name: name.trim(), passwordHash });
        } catch (error) {
          // Two sign-ups with similar emails can race for the same derived username: take the next one.
          if (uniqueViolation(error) === 'customers_username_unique' && attempt < 4) continue;
          rethrowClash(error);
        }
      }
      return session(created, 'Registration successful.', request, reply, 201);
    }),

    getProfile: operation('getProfile', async (request) => {
      const { id } = requireCustomer(request);
      const row = await findCustomerById(db, id);
      if (!row) throw notFound();
      return { success: true, data: toUserProfile(row, await countOrders(db, id)) };
    }),

    updateProfile: operation('updateProfile', async (request) => {
      const { id } = requireCustomer(request);
      const current = await findCustomerById(db, id);
      if (!current) throw notFound();
      const body = request.body;
      const changes: CustomerChanges = {};

      if (body.username !== undefined) {
        const username = normalizeUsername(body.username);
        if (/\s/.test(username)) {
          throw validationError(
            [{ path: '/username', message: 'must not contain spaces' }],
            'Usernames cannot contain spaces.',
          );
        }
        if (username !== current.username && (await usernameTaken(db, username, id)))
          throw conflict(USERNAME_TAKEN);
        changes.username = username;
      }
      let emailChanged = false;
      if (body.email !== undefined) {
        const email = normalizeEmail(body.email);
        if (email !== current.email) {
          // The email is how the account is signed in to and recovered: a session alone cannot move it.
          if (!current.hasPassword) throw forbidden(NO_PASSWORD_FOR_EMAIL);
          await assertCurrentPassword(current, body.currentPassword, CURRENT_PASSWORD_FOR_EMAIL);
          if (await emailTaken(db, email, id)) throw conflict(EMAIL_TAKEN);
          emailChanged = true;
        }
        changes.email = email;
      }
      if (body.phone !== undefined) {
        const phone = optionalText(body.phone);
        changes.phone = phone ? normalizePhone(phone) : null;
        if (changes.phone && (await phoneTaken(db, changes.phone, id))) throw conflict(PHONE_TAKEN);
      }
      const firstName = optionalText(body.firstName);
      const lastName = optionalText(body.lastName);
      if (firstName !== undefined) changes.firstName = firstName;
      if (lastName !== undefined) changes.lastName = lastName;
      if (firstName !== undefined || lastName !== undefined) {
        // `name` follows first and last name; with both cleared the old display name stays.
        const first = firstName === undefined ? current.firstName : firstName;
        const last = lastName === undefined ? current.lastName : lastName;
        const full = [first, last].filter(Boolean).join(' ');
        if (full !== '') changes.name = full;
      }
      const address = optionalText(body.address);
      if (address !== undefined) changes.address = address;

      let updated: CustomerRow | null;
      try {
        updated = await updateCustomer(
          db,
          id,
          changes,
          emailChanged && changes.email ? emailChangedNotice(current, changes.email) : undefined,
        );
      } catch (error) {
        rethrowClash(error);
      }
      if (!updated) throw notFound();
      return {
        success: true,
        message: 'Profile updated successfully!',
        data: toUserProfile(updated, await countOrders(db, id)),
      };
    }),

    changePassword: operation('changePassword', async (request) => {
      const { id, sessionId } = requireCustomer(request);
      const current = await findCustomerById(db, id);
      if (!current) throw notFound();
      await assertCurrentPassword(current, request.body.currentPassword, CURRENT_PASSWORD_WRONG);
      const updated = await replacePassword(db, id, await hashPassword(request.body.newPassword));
      if (!updated) throw notFound();
      return {
        success: true,
        message: 'Password updated successfully!',
        // The same session goes on with the new token; other devices' tokens ended with the old password.
        data: {
          token: await tokens.signCustomer({
            sub: updated.id,
            sid: sessionId,
            username: updated.username,
            email: updated.email,
            tv: updated.tokenVersion,
          }),
        },
      };
    }),

    customerLogout: operation('customerLogout', async (request) => {
      const { id, sessionId } = requireCustomer(request);
      await revokeSession(db, sessionId, 'customer', id);
      return { success: true, message: 'Logout successful.' };
    }),
  };
}
