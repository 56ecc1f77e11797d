import {
  Badge,
  Button,
  FileInput,
  Group,
  Modal,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { DataTable } from '@shop/ui/data-table';
import { formatDate } from '@shop/ui/format';
import { toast } from '@shop/ui/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper, rowPaginationFeature, tableFeatures } from '@tanstack/react-table';
import { useState } from 'react';
import { $api, api } from '../../../lib/api';
import { saveBlob, suggestedFileName } from '../../../lib/download';
import { ImportProducts, ProductFiles, type UploadBody } from './product-files';

type Backup = Schemas['Backup'];

export const BACKUP_PAGE_SIZE = 10;
const TRIGGER_COLORS: Record<Backup['trigger'], string> = {
  Manual: 'blue',
  Scheduled: 'teal',
  Uploaded: 'grape',
};

const features = tableFeatures({ rowPaginationFeature });
const column = createColumnHelper<typeof features, Backup>();

const backupsQuery = () => $api.queryOptions('get', '/backups');
const scheduleQuery = () => $api.queryOptions('get', '/backups/schedule');

/** Sizes as people read them: 512 B, 48.2 KB, 3.4 MB. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const dateTime = (iso: string) => `${formatDate(iso)} ${iso.slice(11, 16)} UTC`;

/**
 * Backup & Restore: exports of the store's data (kept in the uploads store; not database backups), the nightly
 * schedule, restoring, and product files. The spec's own words stay (Create Manual Backup Now, Backup created!);
 * everything else says what it is: an export.
 */
export function BackupRestore() {
  return (
    <Stack gap="lg">
      <BackupList />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Schedule />
        <UploadBackup />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ProductFiles />
        <ImportProducts />
      </SimpleGrid>
    </Stack>
  );
}

function BackupList() {
  const queryClient = useQueryClient();
  const backups = useQuery(backupsQuery());
  const [page, setPage] = useState(1);
  const [restoring, setRestoring] = useState<Backup | null>(null);
  const [deleting, setDeleting] = useState<Backup | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: backupsQuery().queryKey });
  const create = $api.useMutation('post', '/backups', { onSettled: refresh });

  const createNow = async () => {
    try {
      const answer = await create.mutateAsync({});
      toast.success(answer.message ?? 'Backup created!');
      setPage(1);
    } catch (error) {
      toast.error(errorMessage(error, 'The export could not be created.'));
    }
  };

  const download = async (backup: Backup) => {
    const { data, error, response } = await api.GET('/backups/{id}/download', {
      params: { path: { id: backup.id } },
      parseAs: 'blob',
    });
    if (error !== undefined || !data) {
      toast.error(errorMessage(error, 'The export could not be downloaded.'));
      return;
    }
    saveBlob(data, suggestedFileName(response) ?? 'shop-export.json.gz');
  };

  const columns = column.columns([
    column.accessor('createdAt', { header: 'Date', cell: ({ getValue }) => dateTime(getValue()) }),
    column.accessor('sizeBytes', { header: 'Size', cell: ({ getValue }) => formatSize(getValue()) }),
    column.accessor('trigger', {
      header: 'Triggered By',
      cell: ({ getValue, row }) => (
        <Group gap={6} wrap="nowrap">
          <Badge color={TRIGGER_COLORS[getValue()]} variant="light">
            {getValue()}
          </Badge>
          <Text size="sm" c="dimmed">
            {row.original.createdBy}
          </Text>
        </Group>
      ),
    }),
    column.accessor('rowCount', {
      header: 'Records',
      cell: ({ getValue }) => getValue().toLocaleString('en-US'),
    }),
    column.accessor('schemaVersion', { header: 'Version' }),
    column.display({
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => {
        const when = dateTime(row.original.createdAt);
        return (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => void download(row.original)}
              aria-label={`Download the export of ${when}`}
            >
              Download
            </Button>
            <Button
              size="compact-sm"
              color="orange"
              onClick={() => setRestoring(row.original)}
              aria-label={`Restore the export of ${when}`}
            >
              Restore
            </Button>
            <Button
              size="compact-sm"
              color="red"
              variant="subtle"
              onClick={() => setDeleting(row.original)}
              aria-label={`Delete the export of ${when}`}
            >
              Delete
            </Button>
          </Group>
        );
      },
    }),
  ]);

  const all = backups.data?.data ?? [];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="backups-title">
      <Group justify="space-between" mb="sm">
        <div>
          <Title order={2} fz="h4" id="backups-title">
            Exports
          </Title>
          <Text size="sm" c="dimmed">
            Every product, order, account, setting and log entry of the store, compressed into one file. An
            export is not a database backup: keep those too.
          </Text>
        </div>
        <Button onClick={() => void createNow()} loading={create.isPending}>
          Create Manual Backup Now
        </Button>
      </Group>
      {backups.isError ? (
        <Text c="red" role="alert">
          {errorMessage(backups.error, 'Failed to load the exports.')}
        </Text>
      ) : (
        <DataTable
          label="Exports"
          features={features}
          columns={columns}
          data={all.slice((page - 1) * BACKUP_PAGE_SIZE, page * BACKUP_PAGE_SIZE)}
          getRowId={(row) => row.id}
          rowCount={all.length}
          pagination={{ pageIndex: page - 1, pageSize: BACKUP_PAGE_SIZE }}
          onPaginationChange={({ pageIndex }) => setPage(pageIndex + 1)}
          loading={backups.isPending}
          loadingText="Loading exports..."
          emptyState={<Text c="dimmed">No exports yet.</Text>}
        />
      )}
      {restoring && <RestoreDialog backup={restoring} onClose={() => setRestoring(null)} />}
      {deleting && <DeleteDialog backup={deleting} onClose={() => setDeleting(null)} />}
    </Paper>
  );
}

function RestoreDialog({ backup, onClose }: { backup: Backup; onClose: () => void }) {
  const queryClient = useQueryClient();
  const restore = $api.useMutation('post', '/backups/{id}/restore');
  const submit = async () => {
    try {
      const answer = await restore.mutateAsync({ params: { path: { id: backup.id } } });
      // Everything the screens hold may have changed.
      await queryClient.invalidateQueries();
      toast.success(answer.message ?? 'The store was restored.');
      onClose();
    } catch (error) {
      toast.error(errorMessage(error, 'The export could not be restored.'));
    }
  };
  return (
    <Modal opened onClose={onClose} title="Restore this export?" centered>
      <Stack>
        <Text>
          Everything in the store — products, orders, accounts, settings and the activity log — is replaced by
          the export of {dateTime(backup.createdAt)}. Changes made since then are lost.
        </Text>
        <Text size="sm" c="dimmed">
          Staff and shoppers who did not exist in the export are signed out.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="orange" onClick={() => void submit()} loading={restore.isPending}>
            Restore
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function DeleteDialog({ backup, onClose }: { backup: Backup; onClose: () => void }) {
  const queryClient = useQueryClient();
  const remove = $api.useMutation('delete', '/backups/{id}', {
    onSettled: () => queryClient.invalidateQueries({ queryKey: backupsQuery().queryKey }),
  });
  const submit = async () => {
    try {
      const answer = await remove.mutateAsync({ params: { path: { id: backup.id } } });
      toast.success(answer.message ?? 'Export deleted.');
      onClose();
    } catch (error) {
      toast.error(errorMessage(error, 'The export could not be deleted.'));
    }
  };
  return (
    <Modal opened onClose={onClose} title="Delete this export?" centered>
      <Stack>
        <Text>The export of {dateTime(backup.createdAt)} will be gone for good, its file too.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={() => void submit()} loading={remove.isPending}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function Schedule() {
  const schedule = useQuery(scheduleQuery());
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="schedule-title">
      <Title order={2} fz="h4" id="schedule-title" mb="sm">
        Scheduled Exports
      </Title>
      {schedule.isError ? (
        <Text c="red" role="alert">
          {errorMessage(schedule.error, 'Failed to load the schedule.')}
        </Text>
      ) : schedule.data ? (
        <ScheduleForm key={JSON.stringify(schedule.data.data)} saved={schedule.data.data} />
      ) : (
        <Text c="dimmed">Loading the schedule...</Text>
      )}
    </Paper>
  );
}

function ScheduleForm({ saved }: { saved: Schemas['BackupSchedule'] }) {
  const queryClient = useQueryClient();
  const [enabled, setEnabled] = useState(saved.enabled);
  const [retention, setRetention] = useState<number | string>(saved.retention);
  const save = $api.useMutation('put', '/backups/schedule');
  const valid =
    typeof retention === 'number' && Number.isInteger(retention) && retention >= 1 && retention <= 90;
  const submit = async () => {
    if (!valid) return;
    try {
      const answer = await save.mutateAsync({ body: { enabled, retention } });
      queryClient.setQueryData(scheduleQuery().queryKey, answer);
      toast.success('Schedule saved.');
    } catch (error) {
      toast.error(errorMessage(error, 'The schedule could not be saved.'));
    }
  };
  return (
    <Stack>
      <Switch
        label="Take an export every night (02:00 UTC)"
        checked={enabled}
        onChange={(event) => setEnabled(event.currentTarget.checked)}
      />
      <NumberInput
        label="Scheduled exports to keep"
        description="The oldest scheduled exports go first; manual and uploaded ones stay until you delete them."
        min={1}
        max={90}
        allowDecimal={false}
        value={retention}
        onChange={setRetention}
        error={valid ? undefined : 'Keep between 1 and 90 exports.'}
        w={260}
      />
      <Group>
        <Button onClick={() => void submit()} loading={save.isPending} disabled={!valid}>
          Save Schedule
        </Button>
      </Group>
    </Stack>
  );
}

function UploadBackup() {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const upload = $api.useMutation('post', '/backups/upload', {
    onSettled: () => queryClient.invalidateQueries({ queryKey: backupsQuery().queryKey }),
  });
  const submit = async () => {
    if (!file) {
      toast.error('Please select a file to import.');
      return;
    }
    const form = new FormData();
    form.append('file', file, file.name);
    try {
      // The generated type names the binary part a string; FormData passes through openapi-fetch unchanged.
      await upload.mutateAsync({ body: form as unknown as UploadBody });
      toast.success('Export uploaded. Restore it from the list above.');
      setFile(null);
    } catch (error) {
      toast.error(errorMessage(error, 'The export could not be uploaded.'));
    }
  };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="upload-title">
      <Title order={2} fz="h4" id="upload-title" mb="sm">
        Restore from a File
      </Title>
      <Stack>
        <FileInput
          label="Export file"
          description="An export downloaded from this store (.json.gz), at most 200 MB."
          placeholder="Choose an export file"
          accept=".gz,application/gzip"
          value={file}
          onChange={setFile}
          clearable
        />
        <Group>
          <Button onClick={() => void submit()} loading={upload.isPending}>
            Upload Export
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
