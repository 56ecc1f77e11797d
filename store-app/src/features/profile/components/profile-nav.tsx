import { Paper } from '@mantine/core';
import {
  IconGavel,
  IconHeart,
  IconLayoutDashboard,
  IconPackage,
  IconReceiptRefund,
  IconSettings,
  IconStar,
  IconUserCog,
} from '@tabler/icons-react';
import { NavLinkLink } from '../../../components/nav-link-link';

const ENTRIES = [
  { to: '/profile', label: 'Overview', icon: IconLayoutDashboard },
  { to: '/profile/manage-account', label: 'Manage Account', icon: IconUserCog },
  { to: '/profile/order', label: 'My Orders', icon: IconPackage },
  { to: '/profile/return-and-refund', label: 'Return & Refund', icon: IconReceiptRefund },
  { to: '/profile/my-reviews', label: 'My Reviews', icon: IconStar },
  { to: '/profile/wishlist-and-followed-stores', label: 'Wishlist / Followed Stores', icon: IconHeart },
  { to: '/profile/appeal-dispute-center', label: 'Appeal / Dispute Center', icon: IconGavel },
  { to: '/profile/settings', label: 'Settings', icon: IconSettings },
] as const;

export function ProfileNav() {
  return (
    <Paper withBorder p="xs" component="nav" aria-label="Account">
      {ENTRIES.map(({ to, label, icon: Icon }) => (
        <NavLinkLink
          key={to}
          to={to}
          activeOptions={{ exact: true }}
          label={label}
          leftSection={<Icon size={18} />}
        />
      ))}
    </Paper>
  );
}
