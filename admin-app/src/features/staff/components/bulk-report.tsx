import { Alert, List } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';

type BulkReportProps = {
  report: Schemas['BulkAccountsResult'];
  names: ReadonlyMap<string, string>;
  onClose: () => void;
};

/** What a bulk action refused, account by account (what it changed is already on screen). */
export function BulkReport({ report, names, onClose }: BulkReportProps) {
  return (
    <Alert
      color="orange"
      title={`${report.done.length} updated, ${report.failed.length} refused`}
      withCloseButton
      onClose={onClose}
    >
      <List size="sm">
        {report.failed.map((failure) => (
          <List.Item key={failure.id}>
            {names.get(failure.id) ?? failure.id}: {failure.message}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
