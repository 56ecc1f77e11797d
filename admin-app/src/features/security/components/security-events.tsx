import { Badge } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper, rowPaginationFeature, tableFeatures } from '@tanstack/react-table';
import { LogSection } from '../../../components/log-section';
import { SECURITY_EVENTS_PAGE_SIZE, securityQueries } from '../api/security.queries';
import { formatDateTime } from '../lib/format';

const features = tableFeatures({ rowPaginationFeature });
const column = createColumnHelper<typeof features, Schemas['SecurityEvent']>();

const SEVERITY_COLORS = { high: 'red', medium: 'orange', low: 'gray' } as const;

/** What each recorded action means, as a sentence on the screen. */
const ACTION_LABELS: Record<string, string> = {
  'login.failed': 'Failed sign-in',
  'login.ip_refused': 'Sign-in refused (IP whitelist)',
  'login.new_device': 'Sign-in from a new device',
  'password.changed': 'Password changed',
  'two_factor.enabled': 'Two-factor turned on',
  'two_factor.disabled': 'Two-factor turned off',
  'two_factor.recovery_code_used': 'Recovery code used',
  'session.revoked': 'Session revoked',
  'settings.changed': 'Security settings changed',
};

const columns = column.columns([
  column.accessor('action', {
    header: 'Action',
    cell: ({ getValue }) => ACTION_LABELS[getValue()] ?? getValue(),
  }),
  column.accessor('user', { header: 'User' }),
  column.accessor('ip', { header: 'IP Address', cell: ({ getValue }) => getValue() ?? '—' }),
  column.accessor('timestamp', { header: 'Timestamp', cell: ({ getValue }) => formatDateTime(getValue()) }),
  column.accessor('severity', {
    header: 'Severity',
    cell: ({ getValue }) => (
      <Badge color={SEVERITY_COLORS[getValue()]} variant="light">
        {getValue()}
      </Badge>
    ),
  }),
]);

type SecurityEventsProps = { page: number; onPageChange: (page: number) => void };

/** Spec 2 §3 security event (action, user, ip, timestamp, severity), newest first, ten a page. */
export function SecurityEvents({ page, onPageChange }: SecurityEventsProps) {
  const events = useQuery({ ...securityQueries.events(page), placeholderData: keepPreviousData });
  return (
    <LogSection
      title="Security Events"
      label="Security events"
      query={events}
      features={features}
      columns={columns}
      page={page}
      pageSize={SECURITY_EVENTS_PAGE_SIZE}
      onPageChange={onPageChange}
      loadingText="Loading security events..."
      empty="No security events yet."
      errorFallback="Failed to load security events."
    />
  );
}
