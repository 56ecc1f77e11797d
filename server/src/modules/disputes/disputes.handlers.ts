import type { FastifyRequest } from 'fastify';
import type { StaffAuth } from '../../auth/auth-context.ts';
import { requireCustomer, requireStaff } from '../../auth/permissions.ts';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import {
  ApiError,
  badRequest,
  conflict,
  type FieldError,
  notFound,
  tooManyRequests,
  unauthorized,
  validationError,
} from '../../http/errors.ts';
import type { Replay } from '../../http/idempotency.ts';
import { operation } from '../../http/operation.ts';
import { toDecimalText } from '../../money/money.ts';
import { type ActivityEntry, recordFailedAttempt, staffActivity, withActivity } from '../activity/index.ts';
import { pictureSizeOrRefuse, uploadedFile } from '../media/index.ts';
import { ORDER_NOT_FOUND } from '../order-lifecycle/index.ts';
import { RefundRejection } from '../refunds/index.ts';
import { changeStatus, createDispute, escalateDispute, setPriority } from './disputes.changes.ts';
import {
  EVIDENCE_TOO_LARGE,
  evidenceContentType,
  evidenceDisplayName,
  evidenceFileName,
  evidenceKind,
  evidenceUrl,
  MAX_PENDING_EVIDENCE_PER_DAY,
  NOT_EVIDENCE,
  NOT_YOUR_EVIDENCE,
  storeEvidence,
  TOO_MANY_UPLOADS,
} from './disputes.evidence.ts';
import { addMessage, markReadByStaff } from './disputes.messages.ts';
import {
  countPendingEvidence,
  DISPUTE_NOT_FOUND,
  type DisputeActor,
  DisputeRejection,
  disputeStats,
  findDispute,
  findOwnOrder,
  listCustomerDisputes,
  listDisputes,
  recordEvidence,
} from './disputes.repository.ts';
import { toDispute } from './disputes.view.ts';
import { checkResolution, HOUR_MS, RESOLUTION_MESSAGE } from './disputes.workflow.ts';

export const DISPUTE_CREATED = 'Your dispute has been submitted successfully.';
const DAY_MS = 24 * HOUR_MS;

/** The caller of an operation both shoppers and staff may use, as the repository knows them. */
function actorOf(request: FastifyRequest): DisputeActor {
  const auth = request.auth;
  if (auth?.kind === 'staff') return { kind: 'staff', id: auth.id, name: auth.name };
  if (auth?.kind === 'customer') return { kind: 'customer', id: auth.id };
  throw unauthorized();
}

function fromRejection(error: DisputeRejection | RefundRejection): ApiError {
  if (error.kind === 'not_found') return notFound(error.message);
  if (error.kind === 'conflict') return conflict(error.message);
  return badRequest(error.message);
}

/** The text of a required field, trimmed; blank adds a field error. */
function requiredText(errors: FieldError[], path: string, value: string, message: string): string {
  const text = value.trim();
  if (text === '') errors.push({ path, message });
  return text;
}

/** A retry's answer for a dispute opened under its Idempotency-Key whose first answer was lost. */
export function replayOpenedDispute(db: Database): Replay {
  return async (resource, request) => {
    const found = await findDispute(db, resource.replace(/^dispute:/, ''), actorOf(request));
    return found
      ? {
          statusCode: 201,
          body: { success: true, message: DISPUTE_CREATED, data: toDispute(found, new Date()) },
        }
      : null;
  };
}

export function createDisputeHandlers(deps: {
  db: Database;
  config: Pick<AppConfig, 'dataDir' | 'publicUrl'>;
}) {
  const { db, config } = deps;

  async function load(id: string, actor: DisputeActor) {
    const found = await findDispute(db, id, actor);
    if (!found) throw notFound(DISPUTE_NOT_FOUND);
    return toDispute(found, new Date());
  }

  /**
   * Runs a staff change with its activity entry in one transaction (`done` gives the entry's details from the
   * result); a refused change is logged on its own as failed.
   */
  async function staffChange<T>(
    request: FastifyRequest,
    staff: StaffAuth,
    entry: Pick<ActivityEntry, 'action' | 'target' | 'details'>,
    change: (tx: Database) => Promise<T>,
    done: (result: T) => ActivityEntry['details'] = () => entry.details,
  ): Promise<T> {
    try {
      return await withActivity(db, change, (result) =>
        staffActivity(request, staff, { ...entry, details: done(result) }),
      );
    } catch (error) {
      if (!(error instanceof DisputeRejection || error instanceof RefundRejection)) throw error;
      await recordFailedAttempt(
        db,
        request,
        staffActivity(request, staff, {
          ...entry,
          outcome: 'failed',
          details: { ...entry.details, reason: error.message },
        }),
      );
      throw fromRejection(error);
    }
  }

  return {
    createDispute: operation('createDispute', async (request, reply) => {
      const customer = requireCustomer(request);
      const body = request.body;
      const errors: FieldError[] = [];
      const subject = requiredText(errors, '/subject', body.subject, 'Please enter a subject.');
      const description = requiredText(
        errors,
        '/description',
        body.description,
        'Please describe the problem.',
      );
      if (errors.length > 0) throw validationError(errors);
      const evidenceErrors: FieldError[] = [];
      const evidence = [...new Set(body.evidence ?? [])].map((url, index) => {
        const fileName = evidenceFileName(config.publicUrl, url);
        if (fileName === null)
          evidenceErrors.push({ path: `/evidence/${index}`, message: NOT_YOUR_EVIDENCE });
        return { url, fileName: fileName ?? '' };
      });
      if (evidenceErrors.length > 0) throw validationError(evidenceErrors, NOT_YOUR_EVIDENCE);

      const orderRef = body.orderId?.trim() || null;
      const order = orderRef === null ? null : await findOwnOrder(db, customer.id, orderRef);
      if (orderRef !== null && order === null) throw notFound(ORDER_NOT_FOUND);

      let id: string;
      try {
        id = await createDispute(db, {
          customerId: customer.id,
          subject,
          description,
          category: body.category ?? 'general_complaint',
          order,
          orderRef,
          evidence,
        });
      } catch (error) {
        if (error instanceof DisputeRejection) {
          throw validationError([{ path: '/evidence', message: error.message }], error.message);
        }
        throw error;
      }
      void reply.code(201);
      return { success: true, message: DISPUTE_CREATED, data: await load(id, actorOf(request)) };
    }),

    uploadDisputeEvidence: operation('uploadDisputeEvidence', async (request, reply) => {
      const customer = requireCustomer(request);
      // The contract's multipart body has no JSON type; media.multipart.ts put the file part here.
      const file = uploadedFile((request.body as Record<string, unknown> | undefined)?.file);
      if (!file) throw badRequest('Send the file as multipart/form-data in the field "file".');
      if (file.truncated) throw new ApiError(413, 'PAYLOAD_TOO_LARGE', EVIDENCE_TOO_LARGE);
      const kind = evidenceKind(file.bytes);
      if (kind === null) throw new ApiError(415, 'BAD_REQUEST', NOT_EVIDENCE);
      await pictureSizeOrRefuse(file.bytes, kind);
      const pending = await countPendingEvidence(db, customer.id, new Date(Date.now() - DAY_MS));
      if (pending >= MAX_PENDING_EVIDENCE_PER_DAY) throw tooManyRequests(TOO_MANY_UPLOADS, DAY_MS / 1000);

      const fileName = await storeEvidence(config.dataDir, file.bytes, kind);
      const name = evidenceDisplayName(file.filename, kind);
      const contentType = evidenceContentType(kind);
      await recordEvidence(db, {
        customerId: customer.id,
        fileName,
        name,
        contentType,
        size: file.bytes.length,
      });
      void reply.code(201);
      return {
        success: true,
        data: { url: evidenceUrl(config.publicUrl, fileName), name, size: file.bytes.length, contentType },
      };
    }),

    listMyDisputes: operation('listMyDisputes', async (request) => {
      const customer = requireCustomer(request);
      const now = new Date();
      const rows = await listCustomerDisputes(db, customer.id);
      return { success: true, data: rows.map((row) => toDispute(row, now)) };
    }),

    getDispute: operation('getDispute', async (request) => {
      const actor = actorOf(request);
      // Staff opening a dispute have read what the shopper wrote so far.
      if (actor.kind === 'staff') await markReadByStaff(db, request.params.id);
      return { success: true, data: await load(request.params.id, actor) };
    }),

    getDisputeStats: operation('getDisputeStats', async (request) => {
      return { success: true, data: await disputeStats(db, actorOf(request)) };
    }),

    addDisputeMessage: operation('addDisputeMessage', async (request) => {
      const actor = actorOf(request);
      const errors: FieldError[] = [];
      const message = requiredText(errors, '/message', request.body.message, 'Please enter a message.');
      if (errors.length > 0) throw validationError(errors);
      const target = `dispute:${request.params.id}`;
      const change = (tx: Database) => addMessage(tx, { disputeId: request.params.id, actor, message });
      if (request.auth?.kind === 'staff') {
        const entry = { action: 'dispute.message', target, details: { length: message.length } };
        await staffChange(request, request.auth, entry, change);
      } else {
        try {
          await change(db);
        } catch (error) {
          if (error instanceof DisputeRejection) throw fromRejection(error);
          throw error;
        }
      }
      return { success: true, message: 'Message sent.', data: await load(request.params.id, actor) };
    }),

    escalateDispute: operation('escalateDispute', async (request) => {
      const customer = requireCustomer(request);
      try {
        await escalateDispute(db, { disputeId: request.params.id, customerId: customer.id });
      } catch (error) {
        if (error instanceof DisputeRejection) throw fromRejection(error);
        throw error;
      }
      return {
        success: true,
        message: 'Dispute escalated.',
        data: await load(request.params.id, { kind: 'customer', id: customer.id }),
      };
    }),

    listAllDisputes: operation('listAllDisputes', async (request) => {
      requireStaff(request);
      const { page = 1, limit = 50, q, status, category, priority, sort = 'newest' } = request.query;
      const now = new Date();
      const { rows, total } = await listDisputes(db, { page, limit, q, status, category, priority, sort });
      return {
        success: true,
        data: rows.map((row) => toDispute(row, now)),
        meta: { page, limit, total },
      };
    }),

    updateDisputeStatus: operation('updateDisputeStatus', async (request) => {
      const staff = requireStaff(request);
      const { status } = request.body;
      const actor: DisputeActor = { kind: 'staff', id: staff.id, name: staff.name };
      // An order never changes currency, so reading it before the change's transaction is safe.
      const orderCurrency =
        request.body.resolution === undefined
          ? null
          : ((await findDispute(db, request.params.id, actor))?.orderCurrency ?? null);
      const checked = checkResolution(status, request.body.resolution, orderCurrency);
      if ('refused' in checked) throw badRequest(checked.refused);
      if ('errors' in checked) throw validationError(checked.errors, RESOLUTION_MESSAGE);
      const { resolution } = checked;

      const target = `dispute:${request.params.id}`;
      const asked = { status, ...(resolution ? { action: resolution.action } : {}) };
      await staffChange(
        request,
        staff,
        { action: 'dispute.status', target, details: asked },
        (tx) => changeStatus(tx, { disputeId: request.params.id, status, resolution, staffName: staff.name }),
        (change) => ({
          from: change.from,
          to: change.to,
          before: { status: change.from },
          after: { status: change.to },
          ...(resolution
            ? {
                action: resolution.action,
                amount: resolution.amountMinor === null ? null : toDecimalText(resolution.amountMinor),
                currency: resolution.currency,
              }
            : {}),
          ...(change.refund
            ? {
                refund: change.refund.id,
                refundAmount: toDecimalText(change.refund.amountMinor),
                refundCurrency: change.refund.currency,
              }
            : {}),
        }),
      );
      return {
        success: true,
        message: 'Dispute status updated.',
        data: await load(request.params.id, actor),
      };
    }),

    setDisputePriority: operation('setDisputePriority', async (request) => {
      const staff = requireStaff(request);
      const { priority } = request.body;
      const target = `dispute:${request.params.id}`;
      await staffChange(
        request,
        staff,
        { action: 'dispute.priority', target, details: { to: priority } },
        (tx) => setPriority(tx, { disputeId: request.params.id, priority }),
        (from) => ({ from, to: priority }),
      );
      return {
        success: true,
        message: 'Dispute priority updated.',
        data: await load(request.params.id, { kind: 'staff', id: staff.id, name: staff.name }),
      };
    }),
  };
}
