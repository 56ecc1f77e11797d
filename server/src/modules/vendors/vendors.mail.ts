import type { OutboxMessage, VendorRow } from './vendors.repository.ts';

// The messages vendors and the store's staff receive about applications; the outbox sends them.

type Store = Pick<VendorRow, 'name' | 'email'>;

export function applicationReceived(store: Store, shopName: string): OutboxMessage {
  return {
    to: store.email,
    subject: `We received your application to sell on ${shopName}`,
    body:
      `Hello ${store.name},\n\nThank you for applying to sell on ${shopName}. Our team is reviewing your ` +
      'application; we will write to you at this address once it has been decided.\n',
    kind: 'vendor.application.received',
  };
}

export function applicationForStaff(
  store: Store & Pick<VendorRow, 'phone'>,
  staffEmail: string,
): OutboxMessage {
  return {
    to: staffEmail,
    subject: `New vendor application: ${store.name}`,
    body:
      `${store.name} (${store.email}${store.phone ? `, ${store.phone}` : ''}) applied to sell on the store.\n\n` +
      'Review it on the Vendor Applications screen of the back office.\n',
    kind: 'vendor.application.new',
  };
}

/** Where a vendor signs in, named in the mails that let them back in. */
const signInLink = (vendorUrl: string) => `${vendorUrl.replace(/\/+$/, '')}/login`;

export function applicationApproved(store: Store, shopName: string, vendorUrl: string): OutboxMessage {
  return {
    to: store.email,
    subject: `Your application to sell on ${shopName} was approved`,
    body:
      `Hello ${store.name},\n\nGood news: your application was approved. You can now sign in to the vendor ` +
      'panel with your email and password, add your products and manage your orders.\n\n' +
      `Sign in here: ${signInLink(vendorUrl)}\n`,
    kind: 'vendor.application.approved',
  };
}

export function applicationRejected(store: Store, shopName: string, reason: string): OutboxMessage {
  return {
    to: store.email,
    subject: `Your application to sell on ${shopName} was not approved`,
    body:
      `Hello ${store.name},\n\nWe are sorry: your application was not approved.\n\nReason: ${reason}\n\n` +
      'If you can address this, reply to this message.\n',
    kind: 'vendor.application.rejected',
  };
}

export function storeSuspended(store: Store, shopName: string): OutboxMessage {
  return {
    to: store.email,
    subject: `Your store on ${shopName} is suspended`,
    body:
      `Hello ${store.name},\n\nYour store was suspended: you cannot sign in to the vendor panel and your ` +
      'products are not shown to shoppers for now. Please contact the store.\n',
    kind: 'vendor.suspended',
  };
}

export function storeReactivated(store: Store, shopName: string, vendorUrl: string): OutboxMessage {
  return {
    to: store.email,
    subject: `Your store on ${shopName} is active again`,
    body:
      `Hello ${store.name},\n\nYour store was reactivated: you can sign in to the vendor panel again and your ` +
      'products are back on the storefront.\n\n' +
      `Sign in here: ${signInLink(vendorUrl)}\n`,
    kind: 'vendor.reactivated',
  };
}
