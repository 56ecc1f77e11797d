import {
  ActionIcon,
  Badge,
  Button,
  FileButton,
  Group,
  Loader,
  NavLink,
  Pagination,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import { ListError } from '@shop/ui/list-kit/list-error';
import { toast } from '@shop/ui/notifications';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { $api, api } from '../../../lib/api';
import { FileCard } from './media-file-card';
import {
  ACCEPTED,
  foldersQuery,
  formOf,
  MEDIA_PAGE_SIZE,
  type MediaFolder,
  refusal,
  settingsQuery,
} from './media-library';

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
