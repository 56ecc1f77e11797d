import { Alert, CloseButton, Group, List, Text } from '@mantine/core';

export type BulkReport = {
  title: string;
  /** One line per order the server refused, with its reason. */
  failures: { order: string; message: string }[];
};

/** What a bulk action could not do, order by order; stays until closed or the next action. */
export function BulkReportAlert({ report, onClose }: { report: BulkReport; onClose: () => void }) {
  return (
    <Alert color="orange" role="alert" title={report.title}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <List size="sm">
          {report.failures.map((failure) => (
            <List.Item key={failure.order}>
              <Text span size="sm" fw={600}>
                {failure.order}
              </Text>
              : {failure.message}
            </List.Item>
          ))}
        </List>
        <CloseButton aria-label="Close report" onClick={onClose} />
      </Group>
    </Alert>
  );
}
