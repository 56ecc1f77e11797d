import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { errorMessage, isApiError } from '@shop/sdk/client';
import { TextareaField, TextField } from '@shop/ui/form-fields';
import { useSuspenseQuery } from '@tanstack/react-query';
import { type FieldPath, useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { profileQueryOptions } from '../api/profile.queries';
import { useUpdateProfile } from '../api/update-profile';
import { type ProfileFormValues, profileFormSchema, profileFormValues } from '../schemas/account.schemas';

const FIELDS = new Set<string>(Object.keys(profileFormSchema.shape));

export function ProfileForm() {
  const { data } = useSuspenseQuery(profileQueryOptions());
  const update = useUpdateProfile();
  const { control, handleSubmit, reset, setError } = useForm<ProfileFormValues>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: profileFormValues(data.data),
  });

  const save = (values: ProfileFormValues) =>
    update.mutate(values, {
      onSuccess: (envelope) => {
        reset(profileFormValues(envelope.data));
        toast.success('Profile updated successfully!');
      },
      onError: (error) => {
        // Field errors come back as JSON pointers (`/email`); show each beside its field.
        for (const fieldError of isApiError(error) ? (error.errors ?? []) : []) {
          const field = fieldError.path.replace(/^\//, '');
          if (FIELDS.has(field))
            setError(field as FieldPath<ProfileFormValues>, { message: fieldError.message });
        }
        toast.error(errorMessage(error, 'Failed to update profile'));
      },
    });

  return (
    <Card component="section" aria-labelledby="profile-form-title">
      <form onSubmit={handleSubmit(save)} noValidate>
        <Stack>
          <Title order={2} size="h4" id="profile-form-title">
            Profile Information
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextField control={control} name="firstName" label="First Name" autoComplete="given-name" />
            <TextField control={control} name="lastName" label="Last Name" autoComplete="family-name" />
            <TextField
              control={control}
              name="username"
              label="Username"
              autoComplete="username"
              withAsterisk
            />
            <TextField
              control={control}
              name="email"
              label="Email"
              type="email"
              autoComplete="email"
              withAsterisk
            />
            <TextField control={control} name="phone" label="Phone" type="tel" autoComplete="tel" />
          </SimpleGrid>
          <TextareaField
            control={control}
            name="address"
            label="Address"
            rows={3}
            autoComplete="street-address"
          />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              Save Changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
