import { Stack, Text } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import { useQuery } from '@tanstack/react-query';
import { useStaffMember } from '../../../components/shell/staff-member';
import { securityQueries } from '../api/security.queries';
import { SecurityEvents } from './security-events';
import { SecuritySettingsForm } from './security-settings-form';
import { TrustedDevices } from './trusted-devices';
import { TwoFactorCard } from './two-factor-card';

type SecurityScreenProps = { eventsPage: number; onEventsPageChange: (page: number) => void };

/** The store-wide settings and events need the admins permission; the staff member's own part never does. */
function StoreSecurity({ eventsPage, onEventsPageChange }: SecurityScreenProps) {
  const settings = useQuery(securityQueries.settings());
  return (
    <>
      {settings.isError ? (
        <Text c="red" role="alert">
          {errorMessage(settings.error, 'Failed to load the security settings.')}
        </Text>
      ) : settings.data ? (
        // Keyed by the save time, so a saved answer (or another admin's change) starts the form afresh.
        <SecuritySettingsForm key={settings.data.data.updatedAt} settings={settings.data.data} />
      ) : (
        <Text c="dimmed">Loading security settings...</Text>
      )}
      <SecurityEvents page={eventsPage} onPageChange={onEventsPageChange} />
    </>
  );
}

/** Spec 2 §2 Security Settings, built for real: every setting is saved and enforced by the server. */
export function SecurityScreen(props: SecurityScreenProps) {
  const staff = useStaffMember();
  return (
    <Stack gap="lg">
      <TwoFactorCard />
      {staff?.can(['admins']) && <StoreSecurity {...props} />}
      <TrustedDevices />
    </Stack>
  );
}
