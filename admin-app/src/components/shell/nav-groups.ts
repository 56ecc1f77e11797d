import type { LinkProps } from '@tanstack/react-router';
import type { Requirement } from './staff-access';

type To = NonNullable<LinkProps['to']>;
export type NavEntry = { label: string; to: To; requires?: Requirement };
export type NavGroup = { label: string; entries: NavEntry[] };

/**
 * The sidebar, exactly as spec 1 §2.2 lists it; the first group starts open. `requires` names the permission a
 * screen needs (any one of those listed): the one its API calls are scoped with, so a hidden entry is one the
 * server would refuse anyway. Entries without it are open to all staff.
 */
export const navGroups: NavGroup[] = [
  {
    label: 'Store Management',
    entries: [
      // The dashboard's figures are scoped `dashboard` or `reports` in the contract.
      { label: 'Dashboard', to: '/manage-admin/dashboard', requires: ['dashboard', 'reports'] },
      { label: 'Product Management', to: '/manage-admin/products', requires: ['products'] },
      { label: 'Order Management', to: '/manage-admin/orders', requires: ['orders'] },
      { label: 'Dispute Management', to: '/manage-admin/disputes', requires: ['disputes'] },
      { label: 'Users Management', to: '/manage-admin/users', requires: ['users'] },
      { label: 'Admin & Role Management', to: '/manage-admin/admin', requires: ['admins'] },
    ],
  },
  {
    label: 'Integrations',
    entries: [
      { label: 'AliExpress Integration', to: '/manage-admin/aliexpress', requires: ['products'] },
      { label: 'Courier Integration & API Logs', to: '/manage-admin/shipping', requires: ['settings'] },
    ],
  },
  {
    label: 'Marketing & Content',
    entries: [
      { label: 'Campaigns & Discounts', to: '/manage-admin/campaigns', requires: ['settings'] },
      { label: 'Marketing & Content', to: '/manage-admin/marketing', requires: ['settings'] },
      // Uploads are product pictures (`POST /media` is scoped `products`).
      { label: 'File & Media Manager', to: '/manage-admin/media', requires: ['products'] },
    ],
  },
  {
    label: 'Analytics & System',
    entries: [
      { label: 'Analytics & Reports', to: '/manage-admin/analytics', requires: ['analytics', 'reports'] },
      { label: 'Backup & Restore', to: '/manage-admin/backup', requires: ['settings'] },
      { label: 'Pricing & Profit Management', to: '/manage-admin/pricing', requires: ['settings'] },
      { label: 'System Settings', to: '/manage-admin/settings', requires: ['settings'] },
      { label: 'Work Update', to: '/manage-admin/workupdate' },
      { label: 'B2C Management', to: '/manage-admin/b2c', requires: ['users'] },
      // Factories are stores and their products the catalogue: the D2C operations are scoped `products`.
      { label: 'Domestic D2C Management', to: '/manage-admin/d2c', requires: ['products'] },
      // Reviewing vendor accounts is account management: the operations are scoped `admins`.
      { label: 'Vendor Applications', to: '/manage-admin/vendors', requires: ['admins'] },
      // Staff write to vendor stores as account managers: the operations are scoped `admins`.
      { label: 'Vendor Messages', to: '/manage-admin/vendor-messages', requires: ['admins'] },
    ],
  },
];

/** Screens inside a section that need another permission than the section itself. */
const innerScreens: Array<{ to: To; requires: Requirement }> = [
  { to: '/manage-admin/orders/refunds', requires: ['refunds'] },
  // The matrix edits the staff roles (`GET /roles` and `PUT /roles/{name}` are scoped `admins`).
  { to: '/manage-admin/users/roles', requires: ['admins'] },
];

const guarded = [...innerScreens, ...navGroups.flatMap((group) => group.entries)].sort(
  (a, b) => b.to.length - a.to.length,
);

/** What the screen at `pathname` needs: the most specific entry at or above it; nothing for other screens. */
export function requirementOf(pathname: string): Requirement {
  const path = pathname.replace(/\/+$/, '');
  return guarded.find((entry) => path === entry.to || path.startsWith(`${entry.to}/`))?.requires;
}
