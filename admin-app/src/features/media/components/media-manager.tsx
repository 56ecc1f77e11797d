import {
  ActionIcon,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  Image,
  Loader,
  Modal,
  NavLink,
  NumberInput,
  Pagination,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { formatDate } from '@shop/ui/format';
import { ListError } from '@shop/ui/list-kit/list-error';
import { toast } from '@shop/ui/notifications';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { $api, api } from '../../../lib/api';
import { formatSize } from '../../backup/components/backup-restore';

type MediaFile = Schemas['MediaFile'];
type MediaFolder = Schemas['MediaFolder'];
type FileBody = { file: string };

export const MEDIA_PAGE_SIZE = 12;
export const MAX_MEDIA_BYTES = 10 * 1024 * 1024;
export const ACCEPTED =
  '.jpg,.jpeg,.png,.mp4,.pdf,.webp,image/jpeg,image/png,image/webp,video/mp4,application/pdf';
const ACCEPTED_NAME = /\.(jpe?g|png|mp4|pdf|webp)$/i;

const foldersQuery = () => $api.queryOptions('get', '/media/folders');
const settingsQuery = () => $api.queryOptions('get', '/media/settings');

/** The server says the same; asking first saves sending 10 MB for nothing. */
export function refusal(file: File): string | null {
  if (!ACCEPTED_NAME.test(file.name)) return 'Only JPG, PNG, MP4, PDF or WebP files can be uploaded.';
  if (file.size > MAX_MEDIA_BYTES) return 'The file is larger than 10 MB.';
  return null;
}

const formOf = (file: File) => {
  const form = new FormData();
  form.append('file', file, file.name);
  // The generated type names the binary part a string; FormData passes through openapi-fetch unchanged.
  return form as unknown as FileBody;
};

/** File & Media Manager: the store's uploads in folders, with replace, delete, compress, convert, resize and the CDN. */
export function MediaManager() {
  const folders = useQuery(foldersQuery());
  const [folderId, setFolderId] = useState<string | null>(null);
  const list = folders.data?.data ?? [];
  const selected = list.find((folder) => folder.id === folderId) ?? list[0] ?? null;

  if (folders.isError) {
    return (
      <ListError
        error={folders.error}
        fallback="The media folders could not be loaded: the server could not be reached."
        onRetry={() => void folders.refetch()}
        retrying={folders.isFetching}
      />
    );
  }
  if (folders.isPending) return <Loader aria-label="Loading media" m="xl" />;

  return (
    <Group align="flex-start" gap="lg" wrap="wrap">
      <Stack w={{ base: '100%', md: 280 }} gap="lg">
        <Folders folders={list} selected={selected} onSelect={setFolderId} />
        <CdnSetting />
      </Stack>
      <Stack style={{ flex: 1, minWidth: 0 }} gap="lg">
        {selected ? <FolderFiles key={selected.id} folder={selected} /> : null}
      </Stack>
    </Group>
  );
}

function Folders(props: {
  folders: MediaFolder[];
  selected: MediaFolder | null;
  onSelect: (id: string) => void;
}) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: foldersQuery().queryKey });
  const create = $api.useMutation('post', '/media/folders', { onSettled: refresh });
  const remove = $api.useMutation('delete', '/media/folders/{id}', { onSettled: refresh });

  const submit = async () => {
    if (name.trim() === '') {
      toast.error('Give the folder a name.');
      return;
    }
    try {
      const answer = await create.mutateAsync({ body: { name: name.trim() } });
      toast.success(`Folder ${answer.data.name} created.`);
      setName('');
      props.onSelect(answer.data.id);
    } catch (error) {
      toast.error(errorMessage(error, 'The folder could not be created.'));
    }
  };
  const removeFolder = async (folder: MediaFolder) => {
    try {
      const answer = await remove.mutateAsync({ params: { path: { id: folder.id } } });
      toast.success(answer.message ?? 'Folder removed.');
    } catch (error) {
      toast.error(errorMessage(error, 'The folder could not be removed.'));
    }
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="folders-title">
      <Title order={2} fz="h4" id="folders-title" mb="sm">
        Folders
      </Title>
      <Stack gap={4} component="nav" aria-label="Media folders">
        {props.folders.map((folder) => (
          <Group key={folder.id} gap={4} wrap="nowrap">
            <NavLink
              component="button"
              label={folder.name}
              active={folder.id === props.selected?.id}
              onClick={() => props.onSelect(folder.id)}
              rightSection={<Badge variant="light">{folder.fileCount}</Badge>}
              aria-current={folder.id === props.selected?.id ? 'true' : undefined}
            />
            {!folder.builtIn && folder.fileCount === 0 ? (
              <Tooltip label="Remove this empty folder">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove folder ${folder.name}`}
                  onClick={() => void removeFolder(folder)}
                >
                  ×
                </ActionIcon>
              </Tooltip>
            ) : null}
          </Group>
        ))}
      </Stack>
      <Group mt="md" align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          label="New folder"
          placeholder="Folder name"
          value={name}
          maxLength={60}
          onChange={(event) => setName(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') void submit();
          }}
          style={{ flex: 1 }}
        />
        <Button onClick={() => void submit()} loading={create.isPending}>
          Create
        </Button>
      </Group>
    </Paper>
  );
}

function CdnSetting() {
  const queryClient = useQueryClient();
  const settings = useQuery(settingsQuery());
  const [enabled, setEnabled] = useState(false);
  const [base, setBase] = useState('');
  useEffect(() => {
    if (settings.data) {
      setEnabled(settings.data.data.cdnEnabled);
      setBase(settings.data.data.cdnBaseUrl ?? '');
    }
  }, [settings.data]);
  const save = $api.useMutation('put', '/media/settings', {
    onSettled: () => queryClient.invalidateQueries(),
  });
  const submit = async () => {
    try {
      await save.mutateAsync({ body: { cdnEnabled: enabled, cdnBaseUrl: base.trim() || null } });
      toast.success(enabled ? 'Media links now use the CDN.' : 'Media links now use this server.');
    } catch (error) {
      toast.error(errorMessage(error, 'The CDN setting could not be saved.'));
    }
  };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="cdn-title">
      <Title order={2} fz="h4" id="cdn-title" mb="sm">
        CDN
      </Title>
      <Stack gap="sm">
        <Switch
          label="Serve media through a CDN"
          checked={enabled}
          onChange={(event) => setEnabled(event.currentTarget.checked)}
        />
        <TextInput
          label="CDN address"
          description="Links start with this address; the CDN fetches /media/... from this server."
          placeholder="https://cdn.example.com"
          value={base}
          onChange={(event) => setBase(event.currentTarget.value)}
        />
        <Group>
          <Button onClick={() => void submit()} loading={save.isPending} disabled={!settings.data}>
            Save CDN Setting
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function FolderFiles({ folder }: { folder: MediaFolder }) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const [busy, setBusy] = useState(false);
  const files = useQuery({
    ...$api.queryOptions('get', '/media/files', {
      params: {
        query: { folder: folder.id, page, limit: MEDIA_PAGE_SIZE, ...(q.trim() ? { q: q.trim() } : {}) },
      },
    }),
    placeholderData: keepPreviousData,
  });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['get', '/media/files'] }),
      queryClient.invalidateQueries({ queryKey: foldersQuery().queryKey }),
    ]);

  const uploadAll = async (chosen: File[]) => {
    setBusy(true);
    let uploaded = 0;
    for (const file of chosen) {
      const refused = refusal(file);
      if (refused) {
        toast.error(`${file.name}: ${refused}`);
        continue;
      }
      const { error } = await api.POST('/media/files', {
        params: { query: { folder: folder.id } },
        body: formOf(file),
      });
      if (error) toast.error(`${file.name}: ${errorMessage(error, 'The file could not be uploaded.')}`);
      else uploaded += 1;
    }
    setBusy(false);
    if (uploaded > 0) {
      toast.success(uploaded === 1 ? '1 file uploaded.' : `${uploaded} files uploaded.`);
      setPage(1);
      await refresh();
    }
  };

  const total = files.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / MEDIA_PAGE_SIZE));
  return (
    <>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="upload-title">
        <Title order={2} fz="h4" id="upload-title" mb="xs">
          Upload to {folder.name}
        </Title>
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            Supported: JPG, PNG, MP4, PDF, WebP · Max 10MB per file
          </Text>
          <FileButton onChange={(chosen) => void uploadAll(chosen)} accept={ACCEPTED} multiple>
            {(props) => (
              <Button {...props} loading={busy}>
                Upload Files
              </Button>
            )}
          </FileButton>
        </Group>
      </Paper>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="files-title">
        <Group justify="space-between" mb="sm">
          <Title order={2} fz="h4" id="files-title">
            {folder.name} ({total})
          </Title>
          <TextInput
            aria-label="Search files"
            placeholder="Search files"
            value={q}
            onChange={(event) => {
              setQ(event.currentTarget.value);
              setPage(1);
            }}
          />
        </Group>
        {files.isError ? (
          <ListError
            error={files.error}
            fallback="The files could not be loaded."
            onRetry={() => void files.refetch()}
            retrying={files.isFetching}
          />
        ) : total === 0 && !files.isPending ? (
          <Text c="dimmed">No files in this folder yet.</Text>
        ) : (
          <ul
            aria-label={`Files in ${folder.name}`}
            style={{
              display: 'grid',
              gap: 16,
              gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
              listStyle: 'none',
              padding: 0,
              margin: 0,
            }}
          >
            {(files.data?.data ?? []).map((file) => (
              <FileCard key={file.id} file={file} onChanged={refresh} />
            ))}
          </ul>
        )}
        {pages > 1 ? (
          <Group justify="center" mt="md">
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
            />
          </Group>
        ) : null}
      </Paper>
    </>
  );
}

type Action = 'compress' | 'convert' | 'resize' | 'delete';

function FileCard({ file, onChanged }: { file: MediaFile; onChanged: () => Promise<unknown> }) {
  const [action, setAction] = useState<Action | null>(null);
  const [replacing, setReplacing] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(file.url);
      toast.success('Link copied.');
    } catch {
      toast.error('The link could not be copied; select it from the file’s details.');
    }
  };
  const replace = async (chosen: File | null) => {
    if (!chosen) return;
    const refused = refusal(chosen);
    if (refused) {
      toast.error(refused);
      return;
    }
    setReplacing(true);
    const { error } = await api.POST('/media/files/{id}/replace', {
      params: { path: { id: file.id } },
      body: formOf(chosen),
    });
    setReplacing(false);
    if (error) toast.error(errorMessage(error, 'The file could not be replaced.'));
    else {
      toast.success(`${file.name} replaced.`);
      await onChanged();
    }
  };
  const isImage = file.kind === 'image';
  return (
    <Card withBorder radius="md" padding="sm" component="li" aria-label={file.name}>
      <Card.Section>
        {isImage ? (
          <Image
            src={file.url}
            alt={file.name}
            h={120}
            fit="contain"
            bg="var(--mantine-color-default-hover)"
          />
        ) : (
          <Group h={120} justify="center" bg="var(--mantine-color-default-hover)">
            <Badge size="lg" variant="light">
              {file.kind === 'video' ? 'MP4 video' : 'PDF document'}
            </Badge>
          </Group>
        )}
      </Card.Section>
      <Text fw={600} size="sm" mt="xs" truncate title={file.name}>
        {file.name}
      </Text>
      <Text size="xs" c="dimmed">
        {formatSize(file.sizeBytes)}
        {file.width && file.height ? ` · ${file.width}×${file.height}` : ''} · {formatDate(file.createdAt)}
      </Text>
      <Text size="xs" c={file.usedBy.length > 0 ? 'teal' : 'dimmed'} title={file.usedBy.join('\n')}>
        {file.usedBy.length > 0 ? `In use: ${file.usedBy.join(', ')}` : 'Not used yet'}
      </Text>
      <Group gap={4} mt="xs">
        <Button
          size="compact-xs"
          variant="light"
          onClick={() => void copy()}
          aria-label={`Copy the link of ${file.name}`}
        >
          Copy Link
        </Button>
        <FileButton onChange={(chosen) => void replace(chosen)} accept={ACCEPTED}>
          {(props) => (
            <Button
              {...props}
              size="compact-xs"
              variant="light"
              loading={replacing}
              aria-label={`Replace ${file.name}`}
            >
              Replace
            </Button>
          )}
        </FileButton>
        {isImage
          ? (['compress', 'convert', 'resize'] as const).map((kind) => (
              <Button
                key={kind}
                size="compact-xs"
                variant="light"
                onClick={() => setAction(kind)}
                aria-label={`${label(kind)} ${file.name}`}
              >
                {label(kind)}
              </Button>
            ))
          : null}
        <Button
          size="compact-xs"
          variant="subtle"
          color="red"
          onClick={() => setAction('delete')}
          aria-label={`Delete ${file.name}`}
        >
          Delete
        </Button>
      </Group>
      {action === 'delete' ? (
        <DeleteDialog file={file} onClose={() => setAction(null)} onDone={onChanged} />
      ) : action ? (
        <ProcessDialog action={action} file={file} onClose={() => setAction(null)} onDone={onChanged} />
      ) : null}
    </Card>
  );
}

const label = (action: Exclude<Action, 'delete'>) =>
  ({ compress: 'Compress', convert: 'Convert', resize: 'Resize' })[action];

function ProcessDialog(props: {
  action: Exclude<Action, 'delete'>;
  file: MediaFile;
  onClose: () => void;
  onDone: () => Promise<unknown>;
}) {
  const { action, file } = props;
  const [quality, setQuality] = useState<number | string>(75);
  const [format, setFormat] = useState<'jpg' | 'png' | 'webp'>('webp');
  const [width, setWidth] = useState<number | string>(file.width ? Math.min(file.width, 800) : 800);
  const [height, setHeight] = useState<number | string>('');
  const process = $api.useMutation('post', '/media/files/{id}/process');
  const submit = async () => {
    const body =
      action === 'compress'
        ? { action, quality: Number(quality) }
        : action === 'convert'
          ? { action, format }
          : {
              action,
              ...(width !== '' ? { width: Number(width) } : {}),
              ...(height !== '' ? { height: Number(height) } : {}),
            };
    try {
      const answer = await process.mutateAsync({ params: { path: { id: file.id } }, body });
      toast.success(`${answer.data.name} saved (${formatSize(answer.data.sizeBytes)}).`);
      props.onClose();
      await props.onDone();
    } catch (error) {
      toast.error(errorMessage(error, 'The picture could not be processed.'));
    }
  };
  return (
    <Modal opened onClose={props.onClose} title={`${label(action)} ${file.name}`}>
      <Stack>
        <Text size="sm" c="dimmed">
          A new picture is saved beside the original, which stays as it is.
        </Text>
        {action === 'compress' ? (
          <NumberInput label="Quality (1–100)" min={1} max={100} value={quality} onChange={setQuality} />
        ) : action === 'convert' ? (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Convert to
            </Text>
            <SegmentedControl
              aria-label="Convert to"
              value={format}
              onChange={(value) => setFormat(value as typeof format)}
              data={[
                { value: 'webp', label: 'WebP' },
                { value: 'jpg', label: 'JPG' },
                { value: 'png', label: 'PNG' },
              ]}
            />
          </Stack>
        ) : (
          <Group grow>
            <NumberInput label="Width (px)" min={1} max={8000} value={width} onChange={setWidth} />
            <NumberInput label="Height (px)" min={1} max={8000} value={height} onChange={setHeight} />
          </Group>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={process.isPending}>
            {label(action)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function DeleteDialog(props: { file: MediaFile; onClose: () => void; onDone: () => Promise<unknown> }) {
  const remove = $api.useMutation('delete', '/media/files/{id}');
  const submit = async () => {
    try {
      const answer = await remove.mutateAsync({ params: { path: { id: props.file.id } } });
      toast.success(answer.message ?? 'File deleted.');
      props.onClose();
      await props.onDone();
    } catch (error) {
      toast.error(errorMessage(error, 'The file could not be deleted.'));
    }
  };
  return (
    <Modal opened onClose={props.onClose} title="Delete this file?">
      <Stack>
        <Text size="sm">{props.file.name} is removed from the library and its link stops working.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
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

/** For choosing a picture from the library (product images): the pictures of one folder, page by page. */
export function MediaPicker(props: {
  opened: boolean;
  onClose: () => void;
  onPick: (file: MediaFile) => void;
}) {
  const folders = useQuery({ ...foldersQuery(), enabled: props.opened });
  const [folder, setFolder] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const files = useQuery({
    ...$api.queryOptions('get', '/media/files', {
      params: { query: { images: true, page, limit: MEDIA_PAGE_SIZE, ...(folder ? { folder } : {}) } },
    }),
    enabled: props.opened,
    placeholderData: keepPreviousData,
  });
  const pages = Math.max(1, Math.ceil((files.data?.meta.total ?? 0) / MEDIA_PAGE_SIZE));
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Choose from the media library" size="xl">
      <Stack>
        <Select
          label="Folder"
          placeholder="All folders"
          clearable
          value={folder}
          onChange={(value) => {
            setFolder(value);
            setPage(1);
          }}
          data={(folders.data?.data ?? []).map((item) => ({ value: item.id, label: item.name }))}
        />
        {files.data && files.data.meta.total === 0 ? <Text c="dimmed">No pictures here yet.</Text> : null}
        <div
          style={{ display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))' }}
        >
          {(files.data?.data ?? []).map((file) => (
            <Card
              key={file.id}
              withBorder
              padding={4}
              component="button"
              type="button"
              onClick={() => props.onPick(file)}
              aria-label={`Choose ${file.name}`}
              style={{ cursor: 'pointer' }}
            >
              <Image src={file.url} alt="" h={100} fit="contain" />
              <Text size="xs" truncate>
                {file.name}
              </Text>
            </Card>
          ))}
        </div>
        {pages > 1 ? (
          <Group justify="center">
            <Pagination total={pages} value={page} onChange={setPage} />
          </Group>
        ) : null}
      </Stack>
    </Modal>
  );
}
