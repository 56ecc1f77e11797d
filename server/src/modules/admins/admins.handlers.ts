import type { components } from '@shop/sdk/types';
import { type LoginThrottle, loginKey } from '../../auth/login-throttle.ts';
import { verifyAgainstDummy, verifyPassword } from '../../auth/passwords.ts';
import type { TokenService } from '../../auth/tokens.ts';
import type { Database } from '../../db/client.ts';
import { forbidden, unauthorized } from '../../http/errors.ts';
import { operation } from '../../http/operation.ts';
import { recordActivity, requestOrigin } from '../activity/activity.repository.ts';
import { type AdminRow, findAdminByEmail, normalizeEmail, recordAdminLogin } from './admins.repository.ts';

export const ADMIN_LOGIN_FAILED = 'Invalid email or password.';

export function toAdmin(row: AdminRow): components['schemas']['Admin'] {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    permissions: row.permissions,
    status: row.status,
    lastLogin: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createAdminHandlers(deps: { db: Database; tokens: TokenService; throttle: LoginThrottle }) {
  const { db, tokens, throttle } = deps;

  return {
    adminLogin: operation('adminLogin', async (request) => {
      const email = normalizeEmail(request.body.email);
      const key = loginKey('staff', email, request.ip);
      await throttle.assertAllowed(key);

      const admin = await findAdminByEmail(db, email);
      const passwordOk = admin
        ? await verifyPassword(admin.passwordHash, request.body.password)
        : await verifyAgainstDummy(request.body.password);
      if (!admin || !passwordOk) {
        await throttle.recordFailure(key);
        await recordActivity(db, request, {
          actorType: 'admin',
          actorId: admin?.id ?? null,
          actorName: admin?.name ?? null,
          actorEmail: email,
          action: 'admin.login',
          outcome: 'failed',
          details: { reason: admin ? 'wrong password' : 'unknown email' },
          ...requestOrigin(request),
        });
        throw unauthorized(ADMIN_LOGIN_FAILED);
      }
      // Checked only after the password, so a suspended account is not revealed to someone guessing.
      if (admin.status !== 'Active') {
        throw forbidden(
          admin.status === 'Suspended' ? 'This account is suspended.' : 'This account is not active yet.',
        );
      }

      await throttle.reset(key);
      const signedIn = (await recordAdminLogin(db, admin.id, new Date())) ?? admin;
      await recordActivity(db, request, {
        actorType: 'admin',
        actorId: admin.id,
        actorName: admin.name,
        actorEmail: admin.email,
        action: 'admin.login',
        outcome: 'success',
        ...requestOrigin(request),
      });
      const token = await tokens.signStaff({
        sub: admin.id,
        email: admin.email,
        name: admin.name,
        role: admin.role,
        permissions: admin.permissions,
        tv: admin.tokenVersion,
      });
      return { success: true, message: 'Login successful.', data: { token, admin: toAdmin(signedIn) } };
    }),
  };
}
