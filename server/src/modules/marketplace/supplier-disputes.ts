import { createHash } from 'node:crypto';
import type { SupplierDispute, SupplierDisputeRequest } from './marketplace.types.ts';
import { MarketplaceError } from './marketplace-error.ts';

/**
 * The Open Platform publishes no dropshipper method that opens a dispute: its `aliexpress.issue.*` methods are the
 * seller's side (issuelist.get, detail.get, solution.save) and buyers open disputes in the buyer centre. The store
 * asks under this name, which the stand-in answers; the live gateway answers InvalidApiPath, which the claim records
 * (staff then open the dispute in the buyer centre and the claim keeps retrying).
 */
export const DISPUTE_OPEN_METHOD = 'aliexpress.ds.issue.create';
/** The issue's detail, as the platform's `aliexpress.issue.detail.get` answers it. */
export const DISPUTE_DETAIL_METHOD = 'aliexpress.issue.detail.get';

/** `aliexpress_ds_issue_create_response` */
export interface AeIssueCreateResponse {
  aliexpress_ds_issue_create_response: {
    result: {
      is_success: boolean | string;
      issue_id?: number | string;
      error_code?: string;
      error_msg?: string;
    };
    request_id?: string;
  };
}

/** `aliexpress_issue_detail_get_response`: the issue's status and its steps, the seller's with its words. */
export interface AeIssueDetailResponse {
  aliexpress_issue_detail_get_response: {
    result_object?: {
      id: number | string;
      /** WAIT_SELLER_CONFIRM_REFUND, SELLER_REFUSE_REFUND, ACCEPTISSUE, ARBITRATING, FINISH, … */
      issue_status: string;
      issue_process_dtos?: {
        issue_process_d_t_o: Array<{ submit_member_type: string; action_type?: string; content?: string }>;
      };
    };
    result_success?: boolean;
    result_error_msg?: string;
    request_id?: string;
  };
}

const STATUS_OF_ISSUE: Record<string, SupplierDispute['status']> = {
  WAIT_SELLER_CONFIRM_REFUND: 'open',
  ARBITRATING: 'open',
  SELLER_RESPONSE_ISSUE_TIMEOUT: 'open',
  ACCEPTISSUE: 'accepted',
  SELLER_REFUSE_REFUND: 'refused',
};
const ISSUE_OF_STATUS: Record<SupplierDispute['status'], string> = {
  open: 'WAIT_SELLER_CONFIRM_REFUND',
  accepted: 'ACCEPTISSUE',
  refused: 'SELLER_REFUSE_REFUND',
  closed: 'FINISH',
};

/** The platform's issue status in the store's words; anything else means the platform ended it. */
export const disputeStatusOf = (issueStatus: string): SupplierDispute['status'] =>
  STATUS_OF_ISSUE[issueStatus.toUpperCase()] ?? 'closed';
export const issueStatusOf = (status: SupplierDispute['status']): string => ISSUE_OF_STATUS[status];

/** A dispute as the offline marketplace and the stand-in keep it: what the buyer said and where it stands. */
export interface KeptDispute extends SupplierDispute {
  request: SupplierDisputeRequest;
}

/**
 * The disputes buyers opened with the offline suppliers, kept in memory (the offline catalogue has no store of its
 * own). Tests and the journey's stand-in answer for the supplier through `answerDispute`.
 */
export interface DisputeBook {
  disputes: Map<string, KeptDispute>;
}

export function createDisputeBook(): DisputeBook {
  return { disputes: new Map() };
}

/** Dispute ids look like the marketplace's issue ids: 14 digits, starting with 6. */
export const DISPUTE_ID = /^6\d{13}$/;

/**
 * Opens a dispute, or answers the one already open on that supplier order: the platform keeps one per order, so
 * asking again after a lost answer changes nothing.
 */
export function openKeptDispute(book: DisputeBook, request: SupplierDisputeRequest): { disputeId: string } {
  for (const kept of book.disputes.values()) {
    if (kept.request.orderId === request.orderId && kept.status !== 'closed')
      return { disputeId: kept.disputeId };
  }
  const digest = createHash('sha256').update(`${request.orderId}:${book.disputes.size}`).digest();
  const disputeId = `6${(digest.readBigUInt64BE(0) % 10n ** 13n).toString().padStart(13, '0')}`;
  book.disputes.set(disputeId, {
    disputeId,
    status: 'open',
    answer: null,
    request: structuredClone(request),
  });
  return { disputeId };
}

export function readKeptDispute(book: DisputeBook, disputeId: string): SupplierDispute {
  const kept = book.disputes.get(disputeId);
  if (!kept) throw new MarketplaceError('not_found', `Not found on the marketplace: dispute ${disputeId}`);
  return { disputeId: kept.disputeId, status: kept.status, answer: kept.answer };
}

/** The supplier's answer to a dispute; false when there is no such dispute. */
export function answerDispute(
  book: DisputeBook,
  disputeId: string,
  answer: { status: SupplierDispute['status']; answer: string | null },
): boolean {
  const kept = book.disputes.get(disputeId);
  if (!kept) return false;
  kept.status = answer.status;
  kept.answer = answer.answer;
  return true;
}
