import { SimpleGrid, Stack } from '@mantine/core';
import { SelectField, TextField } from '@shop/ui/form-fields';
import { useMemo } from 'react';
import { type Control, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocaleFormat } from '../../../i18n/i18n';
import type { CheckoutInput, CheckoutValues } from '../schemas/checkout.schema';
import '../checkout-texts';

/** The checkout's address: every field the spec asks for, and Brazil's CPF where the order ships there. */
export function AddressFields({
  control,
  countries,
}: {
  control: Control<CheckoutInput, unknown, CheckoutValues>;
  countries: readonly string[];
}) {
  const { t } = useTranslation('checkout');
  const { locale } = useLocaleFormat();
  const country = useWatch({ control, name: 'country' });
  // Country names in the shopper's language; the form keeps the two-letter code the order sends.
  const countryChoices = useMemo(() => {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    return countries.map((code) => ({ value: code, label: names.of(code) ?? code }));
  }, [countries, locale]);
  return (
    <Stack>
      <TextField
        control={control}
        name="full_name"
        label={t('fields.fullName')}
        autoComplete="name"
        withAsterisk
      />
      <TextField
        control={control}
        name="address"
        label={t('fields.address')}
        autoComplete="street-address"
        withAsterisk
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField
          control={control}
          name="city"
          label={t('fields.city')}
          autoComplete="address-level2"
          withAsterisk
        />
        <TextField
          control={control}
          name="province"
          label={t('fields.province')}
          autoComplete="address-level1"
          withAsterisk
        />
        <SelectField
          control={control}
          name="country"
          label={t('fields.country')}
          data={countryChoices}
          allowDeselect={false}
          searchable
          withAsterisk
        />
        <TextField
          control={control}
          name="zip"
          label={t('fields.zip')}
          autoComplete="postal-code"
          withAsterisk
        />
        <TextField
          control={control}
          name="phone_country"
          label={t('fields.phoneCountry')}
          placeholder="+880"
          autoComplete="tel-country-code"
          withAsterisk
        />
        <TextField
          control={control}
          name="mobile_no"
          label={t('fields.mobile')}
          autoComplete="tel-national"
          inputMode="tel"
          withAsterisk
        />
        {country === 'BR' && (
          <TextField
            control={control}
            name="tax_number"
            label={t('fields.taxNumber')}
            inputMode="numeric"
            placeholder="000.000.000-00"
            withAsterisk
          />
        )}
      </SimpleGrid>
    </Stack>
  );
}
