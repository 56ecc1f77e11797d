import { randomUUID } from 'node:crypto';
import { PaymentError } from './payment-error.ts';
import type {
  CardDetails,
  ChargeRequest,
  ChargeResult,
  PaymentProvider,
  RefundRequest,
} from './payments.types.ts';

// A gateway's test mode without the network: any card number that passes the Luhn check and has not expired is
// charged, except the gateways' well-known test numbers for a decline and for insufficient funds.

export const DECLINED_MESSAGES = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  incorrectNumber: 'Your card number is incorrect.',
  expired: 'Your card has expired.',
  incorrectCvc: "Your card's security code is incorrect.",
  missingCard: 'Please enter your card details.',
} as const;

/** Test numbers that are valid cards but answer a decline, as the gateways document them. */
const DECLINING_CARDS: Readonly<Record<string, string>> = {
  '4000000000000002': DECLINED_MESSAGES.declined,
  '4000000000009995': DECLINED_MESSAGES.insufficientFunds,
};

/** The Luhn checksum every card number carries in its last digit. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A card is good through the last day of its expiry month. */
function isExpired(card: CardDetails, now: Date): boolean {
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const month = card.expMonth;
  if (!Number.isInteger(month) || month < 1 || month > 12) return true;
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  return year * 12 + (month - 1) < current;
}

function cardDecline(card: CardDetails | undefined, now: Date): string | null {
  if (card === undefined) return DECLINED_MESSAGES.missingCard;
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) return DECLINED_MESSAGES.incorrectNumber;
  if (isExpired(card, now)) return DECLINED_MESSAGES.expired;
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return DECLINED_MESSAGES.incorrectCvc;
  return DECLINING_CARDS[digits] ?? null;
}

const CHARGE_REFERENCE = /^ch_[0-9a-f]{24}$/;

/** A gateway-style reference: the prefix and 24 random hex characters. */
function reference(prefix: 'ch' | 're'): string {
  return `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 24)}`;
}

function assertAmount(amountMinor: number): void {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) {
    throw new PaymentError(`not an amount to pay: ${amountMinor}`);
  }
}

export function createOfflinePaymentProvider(options: { now?: () => Date } = {}): PaymentProvider {
  const now = options.now ?? (() => new Date());
  return {
    name: 'offline',
    methods: ['Credit Card', 'PayPal'],

    async charge(request: ChargeRequest): Promise<ChargeResult> {
      assertAmount(request.amountMinor);
      if (request.method === 'Credit Card') {
        const message = cardDecline(request.card, now());
        if (message !== null) return { status: 'declined', message };
      }
      return { status: 'paid', gatewayRef: reference('ch') };
    },

    async refund(request: RefundRequest): Promise<{ gatewayRef: string }> {
      assertAmount(request.amountMinor);
      // Only charges this provider made can be paid back; the refund bound itself is kept by the database.
      if (!CHARGE_REFERENCE.test(request.gatewayRef)) {
        throw new PaymentError(`No such charge: ${request.gatewayRef}`);
      }
      return { gatewayRef: reference('re') };
    },

    ownsCharge(gatewayRef: string): boolean {
      return CHARGE_REFERENCE.test(gatewayRef);
    },
  };
}
