import { Alert, List } from '@mantine/core';

/** What a bulk action could not do: a title, then one line per row the server refused, with its reason. */
export type BulkReportContent = {
  title: string;
  failures: { id: string; label: string; message: string }[];
};

/**
 * Builds the report from a bulk answer's `failed` entries, naming each row as the list shows it (a row that left
 * the page keeps its id). Answers null when nothing was refused.
 */
export function bulkReportOf(
  title: string,
  failed: readonly { id: string; message: string }[],
  labelOf: (id: string) => string | undefined,
): BulkReportContent | null {
  if (failed.length === 0) return null;
  return {
    title,
    failures: failed.map((failure) => ({
      id: failure.id,
      label: labelOf(failure.id) ?? failure.id,
      message: failure.message,
    })),
  };
}

type BulkReportProps = { report: BulkReportContent | null; onClose: () => void };

/** The refusals of the last bulk action (what it changed is already on screen); stays until closed. */
export function BulkReport({ report, onClose }: BulkReportProps) {
  if (!report) return null;
  return (
    <Alert
      color="orange"
      role="alert"
      title={report.title}
      withCloseButton
      closeButtonLabel="Close report"
      onClose={onClose}
    >
      <List size="sm">
        {report.failures.map((failure) => (
          <List.Item key={failure.id}>
            {failure.label}: {failure.message}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
