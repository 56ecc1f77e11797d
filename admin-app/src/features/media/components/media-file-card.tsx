import {
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  Image,
  Modal,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import { formatDate } from '@shop/ui/format';
import { toast } from '@shop/ui/notifications';
import { useState } from 'react';
import { $api, api } from '../../../lib/api';
import { formatSize } from '../../backup/components/backup-restore';

import { ACCEPTED, formOf, type MediaFile, refusal } from './media-library';

type Action = 'compress' | 'convert' | 'resize' | 'delete';

export function FileCard({ file, onChanged }: { file: MediaFile; onChanged: () => Promise<unknown> }) {
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
