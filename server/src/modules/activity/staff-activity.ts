import type { FastifyRequest } from 'fastify';
import type { StaffAuth } from '../../auth/auth-context.ts';
import { type ActivityEntry, requestOrigin } from './activity.repository.ts';

/** An activity log entry for a staff member's change. */
export function staffActivity(
  request: FastifyRequest,
  staff: StaffAuth,
  entry: Omit<ActivityEntry, 'actorType' | 'actorId' | 'actorName' | 'actorEmail' | 'ip' | 'userAgent'>,
): ActivityEntry {
  return {
    actorType: 'admin',
    actorId: staff.id,
    actorName: staff.name,
    actorEmail: staff.email,
    ...requestOrigin(request),
    ...entry,
  };
}
