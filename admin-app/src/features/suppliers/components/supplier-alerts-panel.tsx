import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import { toast } from '@shop/ui/notifications';
import { useQuery } from '@tanstack/react-query';
import { AnchorLink } from '../../../components/router-links';
import { useCheckSuppliers, useResolveSupplierAlert } from '../api/suppliers.mutations';
import { OPEN_ALERTS, supplierQueries } from '../api/suppliers.queries';
import { type Decision, decisionOf, KIND_LABELS, type SupplierAlert } from '../lib/alerts';

const DECISION_LABELS: Record<Decision | 'dismiss', string> = {
  switch_to_backup: 'Switch to backup',
  hide_variant: 'Hide variant',
  zero_stock: 'Set stock to 0',
  dismiss: 'Dismiss',
};

/** The dashboard's open supply-chain alerts, each with its decision buttons, and the check on demand. */
export function SupplierAlertsPanel() {
  const alerts = useQuery(supplierQueries.alerts(OPEN_ALERTS));
  const check = useCheckSuppliers();
  // Supplier and parcel alerts alike: a parcel's has no decision but its order, and can be dismissed once seen to.
  const open = alerts.data?.data ?? [];

  const runCheck = async () => {
    try {
      const answer = await check.mutateAsync({ body: {} });
      toast.success(answer.message ?? 'Suppliers checked.');
    } catch (error) {
      toast.error(errorMessage(error, 'The suppliers could not be checked.'));
    }
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="supplier-alerts-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="h4" id="supplier-alerts-title">
          Supplier Alerts
        </Title>
        <Button size="xs" variant="default" onClick={() => void runCheck()} loading={check.isPending}>
          Check suppliers now
        </Button>
      </Group>
      {alerts.isError ? (
        <Text role="alert">{errorMessage(alerts.error, 'The supplier alerts could not be loaded.')}</Text>
      ) : alerts.isPending ? (
        <Text c="dimmed">Loading supplier alerts...</Text>
      ) : open.length === 0 ? (
        <Text c="dimmed">No open supplier alerts</Text>
      ) : (
        <Stack gap="sm">
          {open.map((alert) => (
            <AlertRow key={alert.id} alert={alert} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}

function AlertRow({ alert }: { alert: SupplierAlert }) {
  const resolve = useResolveSupplierAlert();
  const decision = decisionOf(alert);
  const decide = async (choice: Decision | 'dismiss') => {
    try {
      const answer = await resolve.mutateAsync({
        params: { path: { id: alert.id } },
        body: { decision: choice },
      });
      toast.success(answer.message ?? 'Done.');
    } catch (error) {
      toast.error(errorMessage(error, 'The decision could not be carried out.'));
    }
  };
  const busy = resolve.isPending;
  return (
    <Stack gap={6} role="group" aria-label={alert.message}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Badge size="sm" variant="light" color="orange">
          {KIND_LABELS[alert.kind] ?? alert.kind}
        </Badge>
        <Text size="sm">{alert.message}</Text>
      </Group>
      <Group gap="xs">
        {alert.orderId ? (
          <AnchorLink to="/manage-admin/orders/details" search={{ id: alert.orderId }} size="xs">
            Open the order
          </AnchorLink>
        ) : null}
        {decision.choices.map((choice) => (
          <Button key={choice} size="xs" variant="light" disabled={busy} onClick={() => void decide(choice)}>
            {choice === 'switch_to_backup' && decision.marginAfterSwitchPercent !== null
              ? `${DECISION_LABELS[choice]} (margin ${decision.marginAfterSwitchPercent}%)`
              : DECISION_LABELS[choice]}
          </Button>
        ))}
        <Button
          size="xs"
          variant="subtle"
          color="gray"
          disabled={busy}
          onClick={() => void decide('dismiss')}
        >
          {DECISION_LABELS.dismiss}
        </Button>
      </Group>
    </Stack>
  );
}
