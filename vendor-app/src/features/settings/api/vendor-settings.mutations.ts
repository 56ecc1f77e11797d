import { unwrap } from '@shop/sdk/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { settingsBody, type VendorSettings } from '../schemas/vendor-settings.schema';
import { vendorSettingsQueries } from './vendor-settings.queries';

/** Thrown when the new logo could not be uploaded; the settings were not saved. */
export class LogoUploadError extends Error {
  constructor(readonly cause: unknown) {
    super('The logo could not be uploaded.');
  }
}

/** POST /vendor/images (uploadVendorImage): the picture's address. */
async function uploadLogo(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  try {
    // The generated type names the binary part; FormData passes through openapi-fetch unchanged.
    const answer = await unwrap(api.POST('/vendor/images', { body: form as unknown as { file: unknown } }));
    return answer.data.url;
  } catch (error) {
    throw new LogoUploadError(error);
  }
}

/** Save Settings: a newly chosen logo is uploaded first, then PUT /vendor/me (updateVendorProfile) saves all. */
export function useSaveVendorSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: VendorSettings) => {
      const logoUrl = values.logo ? await uploadLogo(values.logo) : values.logoUrl;
      return unwrap(api.PUT('/vendor/me', { body: settingsBody(values, logoUrl) }));
    },
    onSuccess: (answer) => queryClient.setQueryData(vendorSettingsQueries.store().queryKey, answer),
  });
}
