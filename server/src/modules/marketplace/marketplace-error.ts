export type MarketplaceErrorKind =
  | 'unreachable'
  | 'signature_rejected'
  | 'not_found'
  | 'rejected'
  | 'bad_response'
  | 'misconfigured';

/** A marketplace call that failed; `kind` tells the caller whether to retry, fix config or give up. */
export class MarketplaceError extends Error {
  override readonly name = 'MarketplaceError';
  readonly kind: MarketplaceErrorKind;
  /** The marketplace's own error code, when it sent one. */
  readonly code: string | undefined;

  constructor(kind: MarketplaceErrorKind, message: string, options?: { code?: string; cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.kind = kind;
    this.code = options?.code;
  }
}
