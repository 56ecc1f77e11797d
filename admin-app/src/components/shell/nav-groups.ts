import type { LinkProps } from '@tanstack/react-router';

export type NavEntry = { label: string; to: NonNullable<LinkProps['to']> };
export type NavGroup = { label: string; entries: NavEntry[] };

/** The sidebar, exactly as spec 1 §2.2 lists it; the first group starts open. */
export const navGroups: NavGroup[] = [
  {
    label: 'Store Management',
    entries: [
      { label: 'Dashboard', to: '/manage-admin/dashboard' },
      { label: 'Product Management', to: '/manage-admin/products' },
      { label: 'Order Management', to: '/manage-admin/orders' },
      { label: 'Dispute Management', to: '/manage-admin/disputes' },
      { label: 'Users Management', to: '/manage-admin/users' },
      { label: 'Admin & Role Management', to: '/manage-admin/admin' },
    ],
  },
  {
    label: 'Integrations',
    entries: [
      { label: 'AliExpress Integration', to: '/manage-admin/aliexpress' },
      { label: 'Courier Integration & API Logs', to: '/manage-admin/shipping' },
    ],
  },
  {
    label: 'Marketing & Content',
    entries: [
      { label: 'Campaigns & Discounts', to: '/manage-admin/campaigns' },
      { label: 'Marketing & Content', to: '/manage-admin/marketing' },
      { label: 'File & Media Manager', to: '/manage-admin/media' },
    ],
  },
  {
    label: 'Analytics & System',
    entries: [
      { label: 'Analytics & Reports', to: '/manage-admin/analytics' },
      { label: 'Backup & Restore', to: '/manage-admin/backup' },
      { label: 'Pricing & Profit Management', to: '/manage-admin/pricing' },
      { label: 'System Settings', to: '/manage-admin/settings' },
      { label: 'Work Update', to: '/manage-admin/workupdate' },
      { label: 'B2C Management', to: '/manage-admin/b2c' },
      { label: 'Domestic D2C Management', to: '/manage-admin/d2c' },
    ],
  },
];
