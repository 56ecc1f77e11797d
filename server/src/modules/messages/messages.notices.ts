import { cutText } from './messages.rules.ts';
import type { Notice } from './messages.sending.ts';

/** How much of a message a notice quotes. */
const EXCERPT_LENGTH = 300;

/**
 * The outbox mail telling the other party a message is waiting: the vendor is sent to the vendor panel's Message
 * Center, a shopper to the Messages page of their account on the storefront.
 */
export function messageNotice(links: { storeUrl: string; vendorUrl: string }, body: string): Notice {
  return ({ conversationId, subject, recipient, author }) => {
    const quoted = `${cutText(body, EXCERPT_LENGTH)
      .split('\n')
      .map((line) => `> ${line}`)
      .join('\n')}\n\n`;
    if (recipient.side === 'customer') {
      const link = `${links.storeUrl.replace(/\/+$/, '')}/profile/messages?conversation=${conversationId}`;
      return {
        to: recipient.email,
        subject: `${author.name} replied: ${subject}`,
        body: `Hello ${recipient.name},\n\n${author.name} replied to your question about "${subject}":\n\n${quoted}Read and answer it here: ${link}\n`,
        kind: 'messages.shopper',
      };
    }
    if (recipient.side === 'vendor') {
      const from = author.side === 'staff' ? "the store's staff" : `${author.name}, a shopper,`;
      const tab = author.side === 'staff' ? 'staff' : 'shoppers';
      const link = `${links.vendorUrl.replace(/\/+$/, '')}/manage-vandor/messages?with=${tab}&id=${conversationId}`;
      return {
        to: recipient.email,
        subject: `New message: ${subject}`,
        body: `Hello ${recipient.name},\n\n${from} wrote to you about "${subject}":\n\n${quoted}Reply in the Message Center of your vendor panel: ${link}\n`,
        kind: 'messages.vendor',
      };
    }
    return null;
  };
}
