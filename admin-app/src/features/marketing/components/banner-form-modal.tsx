import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Divider,
  Group,
  Modal,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { SelectField, TextField } from '@shop/ui/form-fields';
import { toast } from '@shop/ui/notifications';
import { applyServerFieldErrors } from '@shop/ui/server-field-errors';
import { useState } from 'react';
import { Controller, type FieldPath, useForm, useWatch } from 'react-hook-form';
import { useCreateBanner, useUpdateBanner } from '../api/marketing.mutations';
import {
  type BannerFormBody,
  type BannerFormValues,
  bannerFormSchema,
  bannerFormValues,
  PLACEMENTS,
} from '../schemas/banner-form.schema';
import { LANGUAGES, localizedSchema } from '../schemas/localized';
import { BannerPreview, type PreviewLanguage } from './banner-preview';
import { LocalizedFields } from './localized-fields';
import { PictureField } from './picture-field';

type Banner = Schemas['Banner'];

// The server's field errors (JSON pointers) the form can show beside a field.
const FIELDS: FieldPath<BannerFormValues>[] = [
  'placement',
  'title.en',
  'imageUrl',
  'background',
  'link',
  'startsAt',
  'endsAt',
];

type BannerFormModalProps = {
  /** A placement opens Add banner for it; a banner opens Edit banner; null closes the form. */
  editing: Banner | Banner['placement'] | null;
  onClose: () => void;
};

/** Add banner and Edit banner, one form with a live preview; the server checks every field again. */
export function BannerFormModal({ editing, onClose }: BannerFormModalProps) {
  const banner = typeof editing === 'object' ? editing : null;
  const placement = typeof editing === 'string' ? editing : (banner?.placement ?? 'hero');
  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
      title={banner ? 'Edit banner' : 'Add banner'}
      size="xl"
    >
      {editing ? (
        <BannerForm key={banner?.id ?? placement} banner={banner} placement={placement} onDone={onClose} />
      ) : null}
    </Modal>
  );
}

function BannerForm({
  banner,
  placement,
  onDone,
}: {
  banner: Banner | null;
  placement: Banner['placement'];
  onDone: () => void;
}) {
  const create = useCreateBanner();
  const update = useUpdateBanner();
  const [serverError, setServerError] = useState<string | null>(null);
  const [language, setLanguage] = useState<PreviewLanguage>('en');
  const { control, handleSubmit, setError } = useForm<BannerFormValues, unknown, BannerFormBody>({
    resolver: zodResolver(bannerFormSchema),
    defaultValues: bannerFormValues(banner, placement),
  });
  const watched = useWatch({ control });

  const submit = handleSubmit(async (body) => {
    setServerError(null);
    try {
      const answer = banner
        ? await update.mutateAsync({ params: { path: { id: banner.id } }, body })
        : await create.mutateAsync({ body });
      toast.success(answer.message ?? 'Banner saved.');
      onDone();
    } catch (error) {
      applyServerFieldErrors(error, FIELDS, setError);
      setServerError(errorMessage(error, 'The banner could not be saved.'));
    }
  });

  const preview = {
    placement: watched.placement ?? placement,
    title: localizedSchema(null).safeParse(watched.title).data ?? { en: '' },
    text: localizedSchema(null).safeParse(watched.text).data ?? { en: '' },
    imageUrl: watched.imageUrl?.trim() || null,
    background: watched.background?.trim() || null,
    link: watched.link?.trim() || null,
  };

  return (
    <form onSubmit={submit} noValidate aria-label={banner ? 'Edit banner' : 'Add banner'}>
      <Stack gap="sm">
        {serverError ? (
          <Alert color="red" role="alert">
            {serverError}
          </Alert>
        ) : null}
        <SelectField
          control={control}
          name="placement"
          label="Placement"
          data={PLACEMENTS.map((item) => ({ ...item }))}
          allowDeselect={false}
          required
        />
        <LocalizedFields control={control} name="title" label="Title" englishRequired />
        <LocalizedFields control={control} name="text" label="Text" multiline />
        <PictureField
          control={control}
          name="imageUrl"
          label="Picture"
          description="Drawn behind the texts, darkened so white text reads on it."
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextField
            control={control}
            name="background"
            label="Background"
            description="A CSS colour or gradient, used when there is no picture."
            placeholder="linear-gradient(120deg, #1864ab, #0b7285)"
          />
          <TextField
            control={control}
            name="link"
            label="Link"
            description="A storefront path such as /search/Books, or an http(s) address."
            placeholder="/search/Electronics"
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextField
            control={control}
            name="startsAt"
            type="datetime-local"
            label="Starts"
            description="Empty: at once."
          />
          <TextField
            control={control}
            name="endsAt"
            type="datetime-local"
            label="Ends"
            description="Empty: no end."
          />
        </SimpleGrid>
        <Controller
          control={control}
          name="enabled"
          render={({ field }) => (
            <Switch
              label="Enabled"
              description="Switched off, the banner stays here but the storefront does not show it."
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
            />
          )}
        />
        <Divider label="Preview" labelPosition="left" />
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            As shoppers see it, in
          </Text>
          <SegmentedControl
            size="xs"
            aria-label="Preview language"
            value={language}
            onChange={(value) => setLanguage(value as PreviewLanguage)}
            data={LANGUAGES.map(({ code, label }) => ({ value: code, label }))}
          />
        </Group>
        <BannerPreview banner={preview} language={language} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {banner ? 'Save banner' : 'Add banner'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
