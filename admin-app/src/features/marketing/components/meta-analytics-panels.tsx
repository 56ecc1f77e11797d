import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { TextareaField, TextField } from '@shop/ui/form-fields';
import { toast } from '@shop/ui/notifications';
import { applyServerFieldErrors } from '@shop/ui/server-field-errors';
import { useQuery } from '@tanstack/react-query';
import { type FieldPath, type FieldValues, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useUpdateMarketingSettings } from '../api/marketing.mutations';
import { marketingQueries } from '../api/marketing.queries';
import {
  type AnalyticsValues,
  analyticsSchema,
  type MetaTagsValues,
  metaTagsSchema,
} from '../schemas/marketing-settings.schema';

type Settings = Schemas['MarketingSettings'];

/** Meta Tags and Analytics read the same settings; each form saves only its own fields. */
function useSettings() {
  return useQuery(marketingQueries.settings());
}

function SettingsState({ settings }: { settings: ReturnType<typeof useSettings> }) {
  if (settings.isError) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(settings.error, 'The settings could not be loaded.')}
      </Alert>
    );
  }
  return <Text c="dimmed">Loading the settings…</Text>;
}

/** Saving a form of fields the server knows: its field errors land beside the fields, its message on top. */
function useSettingsForm<TValues extends FieldValues>(
  schema: z.ZodType<Schemas['MarketingSettingsInput'], TValues>,
  values: TValues,
  success: string,
) {
  const save = useUpdateMarketingSettings();
  const form = useForm<TValues, unknown, Schemas['MarketingSettingsInput']>({
    resolver: zodResolver(schema),
    defaultValues: values as never,
  });
  const submit = form.handleSubmit(async (body) => {
    try {
      await save.mutateAsync({ body });
      toast.success(success);
    } catch (error) {
      applyServerFieldErrors(error, Object.keys(values) as FieldPath<TValues>[], form.setError);
      toast.error(errorMessage(error, 'The settings could not be saved.'));
    }
  });
  return { form, submit, saving: save.isPending };
}

/** Meta Tags: the title and description storefront pages use when a product or page has none of its own. */
export function MetaTagsPanel() {
  const settings = useSettings();
  if (!settings.data) return <SettingsState settings={settings} />;
  return <MetaTagsForm key={JSON.stringify(settings.data.data)} settings={settings.data.data} />;
}

function MetaTagsForm({ settings }: { settings: Settings }) {
  const { form, submit, saving } = useSettingsForm<MetaTagsValues>(
    metaTagsSchema,
    { metaTitle: settings.metaTitle ?? '', metaDescription: settings.metaDescription ?? '' },
    'Meta tags saved.',
  );
  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={submit} noValidate aria-label="Meta tag defaults">
        <Stack gap="sm" maw={720}>
          <Text size="sm" c="dimmed">
            Used by storefront pages that have no title or description of their own (a product page uses its
            own SEO title, or its name, before this title). Empty: the storefront’s built-in “Shop”.
          </Text>
          <TextField
            control={form.control}
            name="metaTitle"
            label="Default title"
            description="Shown in the browser tab and by search engines; about 60 characters read best."
          />
          <TextareaField
            control={form.control}
            name="metaDescription"
            label="Default description"
            description="Shown under the title by search engines; about 155 characters read best."
            rows={3}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={saving}>
              Save meta tags
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** Analytics: known analytics identifiers only, entered as settings; never raw script. */
export function AnalyticsPanel() {
  const settings = useSettings();
  if (!settings.data) return <SettingsState settings={settings} />;
  return <AnalyticsForm key={JSON.stringify(settings.data.data)} settings={settings.data.data} />;
}

function AnalyticsForm({ settings }: { settings: Settings }) {
  const { form, submit, saving } = useSettingsForm<AnalyticsValues>(
    analyticsSchema,
    {
      analyticsGa4Id: settings.analyticsGa4Id ?? '',
      analyticsMetaPixelId: settings.analyticsMetaPixelId ?? '',
    },
    'Analytics identifiers saved.',
  );
  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={submit} noValidate aria-label="Analytics identifiers">
        <Stack gap="sm" maw={720}>
          <Alert color="blue" title="Identifiers only, never script">
            Only the identifiers of known analytics services can be entered here, never raw script: the
            store’s Content Security Policy would block script pasted into a page anyway. Saved for your
            analytics: the storefront loads only scripts its security policy allows.
          </Alert>
          <TextField
            control={form.control}
            name="analyticsGa4Id"
            label="Google Analytics 4 measurement ID"
            description="G- followed by 4 to 12 letters or digits, e.g. G-ABC123XYZ9. Empty: none."
            placeholder="G-ABC123XYZ9"
          />
          <TextField
            control={form.control}
            name="analyticsMetaPixelId"
            label="Meta Pixel ID"
            description="15 or 16 digits. Empty: none."
            placeholder="123456789012345"
            inputMode="numeric"
          />
          <Group justify="flex-end">
            <Button type="submit" loading={saving}>
              Save analytics
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
