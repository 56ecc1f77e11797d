import { Badge, Group, List, Text } from '@mantine/core';
import type { DashboardData } from '../api/use-dashboard-data';
import { DashboardSection } from './dashboard-section';

const SEVERITY_COLOR = { high: 'red', medium: 'orange', low: 'gray' } as const;

/** Spec 1 §2.5 System Alerts: the alert messages, 'No alerts' when there are none. */
export function SystemAlerts({ data }: { data: DashboardData }) {
  return (
    <DashboardSection title="System Alerts" data={data}>
      {({ alerts }) =>
        alerts.length === 0 ? (
          <Text c="dimmed">No alerts</Text>
        ) : (
          <List spacing="xs" listStyleType="none">
            {alerts.map((alert, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: alerts have no id and two may share a message
              <List.Item key={index}>
                <Group gap="xs" wrap="nowrap">
                  {alert.severity ? (
                    <Badge size="sm" variant="light" color={SEVERITY_COLOR[alert.severity]}>
                      {alert.severity}
                    </Badge>
                  ) : null}
                  <Text size="sm">{alert.message}</Text>
                </Group>
              </List.Item>
            ))}
          </List>
        )
      }
    </DashboardSection>
  );
}
