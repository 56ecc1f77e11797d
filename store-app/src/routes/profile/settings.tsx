import { createFileRoute } from '@tanstack/react-router';
import { AccountSettings } from '../../features/account/components/account-settings';

export const Route = createFileRoute('/profile/settings')({
  component: AccountSettings,
});
