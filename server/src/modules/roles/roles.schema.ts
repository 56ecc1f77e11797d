import { sql } from 'drizzle-orm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from '../../db/columns.ts';
import { type AdminPermission, adminRole } from '../security/security.schema.ts';

/** Each staff role's default permissions; staff with the admins permission change them. */
export const roles = pgTable('roles', {
  name: adminRole('name').primaryKey(),
  permissions: text('permissions').array().$type<AdminPermission[]>().notNull().default(sql`'{}'::text[]`),
  description: text('description').notNull().default(''),
  updatedAt: updatedAt(),
});
