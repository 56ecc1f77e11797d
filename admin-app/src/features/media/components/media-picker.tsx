import { Card, Group, Image, Modal, Pagination, Select, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { $api } from '../../../lib/api';

import { foldersQuery, MEDIA_PAGE_SIZE, type MediaFile } from './media-library';

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
