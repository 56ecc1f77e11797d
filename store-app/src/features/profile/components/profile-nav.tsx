import { Paper } from '@mantine/core';
import {
  IconGavel,
  IconHeart,
  IconLayoutDashboard,
  IconMessages,
  IconPackage,
  IconReceiptRefund,
  IconSettings,
  IconStar,
  IconUserCog,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NavLinkLink } from '../../../components/nav-link-link';
import '../profile-texts';

const ENTRIES = [
  { to: '/profile', label: 'overview', icon: IconLayoutDashboard },
  { to: '/profile/manage-account', label: 'manageAccount', icon: IconUserCog },
  { to: '/profile/order', label: 'myOrders', icon: IconPackage },
  { to: '/profile/return-and-refund', label: 'returnAndRefund', icon: IconReceiptRefund },
  { to: '/profile/my-reviews', label: 'myReviews', icon: IconStar },
  { to: '/profile/wishlist-and-followed-stores', label: 'wishlist', icon: IconHeart },
  { to: '/profile/appeal-dispute-center', label: 'disputes', icon: IconGavel },
  { to: '/profile/messages', label: 'messages', icon: IconMessages },
  { to: '/profile/settings', label: 'settings', icon: IconSettings },
] as const;

export function ProfileNav() {
  const { t } = useTranslation('profile');
  return (
    <Paper withBorder p="xs" component="nav" aria-label={t('nav.label')}>
      {ENTRIES.map(({ to, label, icon: Icon }) => (
        <NavLinkLink
          key={to}
          to={to}
          activeOptions={{ exact: true }}
          label={t(`nav.${label}`)}
          leftSection={<Icon size={18} />}
        />
      ))}
    </Paper>
  );
}
