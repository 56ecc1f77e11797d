import type { components } from '@shop/sdk/types';
import type { FastifyRequest } from 'fastify';
import type { StaffAuth } from '../../auth/auth-context.ts';
import { effectivePermissions, requireStaff } from '../../auth/permissions.ts';
import type { Database } from '../../db/client.ts';
import { type ApiError, conflict, forbidden, notFound } from '../../http/errors.ts';
import { operation } from '../../http/operation.ts';
import { staffActivity } from '../activity/index.ts';
import { canonicalPermissions, roleDefaults } from '../roles/index.ts';
import { createStaffAccount, optionalText } from './staff.create.ts';
import {
  changeStaff,
  deleteStaff,
  listStaff,
  type StaffActor,
  type StaffChanges,
  StaffRefusal,
  type StaffRow,
  staffStats,
} from './staff.repository.ts';

type StaffAccount = components['schemas']['StaffAccount'];

export function toStaffAccount(row: StaffRow): StaffAccount {
  return {
    _id: row.id,
    name: row.name,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    role: row.role,
    department: row.department,
    permissions: row.permissions,
    status: row.status,
    lastLogin: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

function fromRefusal(error: StaffRefusal): ApiError {
  switch (error.kind) {
    case 'not_found':
      return notFound(error.message);
    case 'conflict':
      return conflict(error.message);
    case 'forbidden':
      return forbidden(error.message);
  }
}

async function answering<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (error instanceof StaffRefusal) throw fromRefusal(error);
    throw error;
  }
}

const BULK_STATUS = { activate: 'Active', suspend: 'Suspended' } as const;

export function createStaffHandlers(deps: { db: Database }) {
  const { db } = deps;

  const actorOf = (request: FastifyRequest, staff: StaffAuth, action: string): StaffActor => ({
    id: staff.id,
    role: staff.role,
    permissions: effectivePermissions(staff),
    activity: staffActivity(request, staff, { action }),
  });

  return {
    listAdmins: operation('listAdmins', async (request) => {
      const { page = 1, limit = 20, q, role, status } = request.query;
      const [{ rows, total }, stats] = await Promise.all([
        listStaff(db, { q, role, status }, { offset: (page - 1) * limit, limit }),
        staffStats(db),
      ]);
      return { success: true, data: rows.map(toStaffAccount), meta: { page, limit, total }, stats };
    }),

    createAdmin: operation('createAdmin', async (request, reply) => {
      const staff = requireStaff(request);
      const row = await createStaffAccount(db, request, staff, request.body);
      reply.code(201);
      return { success: true, message: 'Admin user created successfully!', data: toStaffAccount(row) };
    }),

    updateAdmin: operation('updateAdmin', async (request) => {
      const staff = requireStaff(request);
      const body = request.body;
      const changes: StaffChanges = {};
      if (body.firstName !== undefined) changes.firstName = body.firstName.trim();
      if (body.lastName !== undefined) changes.lastName = body.lastName.trim();
      if (body.phone !== undefined) changes.phone = optionalText(body.phone);
      if (body.department !== undefined) changes.department = body.department;
      if (body.status !== undefined) changes.status = body.status;
      if (body.role !== undefined) changes.role = body.role;
      if (body.permissions !== undefined) changes.permissions = canonicalPermissions(body.permissions);
      // A new role without its own list starts from that role's defaults, as a new admin would.
      else if (body.role !== undefined) changes.permissions = await roleDefaults(db, body.role);
      const row = await answering(() =>
        changeStaff(db, request.params.id, changes, actorOf(request, staff, 'admin.update')),
      );
      return { success: true, message: 'Admin updated.', data: toStaffAccount(row) };
    }),

    deleteAdmin: operation('deleteAdmin', async (request) => {
      const staff = requireStaff(request);
      const { id } = request.params;
      await answering(() => deleteStaff(db, id, actorOf(request, staff, 'admin.delete')));
      return { success: true, message: 'Admin deleted.', data: { _id: id } };
    }),

    bulkUpdateAdmins: operation('bulkUpdateAdmins', async (request) => {
      const staff = requireStaff(request);
      const { action, ids } = request.body;
      const done: string[] = [];
      const failed: { id: string; message: string }[] = [];
      // One account at a time, each under its own rules and transaction: one refusal does not undo the others.
      for (const id of ids) {
        try {
          if (action === 'delete') await deleteStaff(db, id, actorOf(request, staff, 'admin.delete'));
          else
            await changeStaff(
              db,
              id,
              { status: BULK_STATUS[action] },
              actorOf(request, staff, `admin.${action}`),
            );
          done.push(id);
        } catch (error) {
          if (!(error instanceof StaffRefusal)) throw error;
          failed.push({ id, message: error.message });
        }
      }
      return {
        success: true,
        message: `${done.length} updated, ${failed.length} refused.`,
        data: { done, failed },
      };
    }),
  };
}
