import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { TextareaField, TextField } from '@shop/ui/form-fields';
import { formatDate } from '@shop/ui/format';
import { toast } from '@shop/ui/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useStaffMember } from '../../../components/shell/staff-member';
import { $api } from '../../../lib/api';

/** The developer shown on the form: the platform's team, not editable (spec 1 §3). */
export const DEVELOPER = 'Shop Platform Team';

const long = (label: string) => z.string().trim().max(4000, `${label}: use at most 4,000 characters.`);

const projectSchema = z.object({
  projectName: z.string().trim().min(1, 'Project name is required.').max(100, 'Use at most 100 characters.'),
  tagline: z.string().trim().max(200, 'Use at most 200 characters.'),
  description: long('Description'),
  problem: long('Problem'),
  solution: long('Solution'),
  users: long('Users'),
  business: long('Business'),
});

type ProjectValues = z.infer<typeof projectSchema>;

const projectQuery = () => $api.queryOptions('get', '/settings/project');

/** Work Update: the project details form of spec 1 §3, saved on the server and shown to every staff member. */
export function ProjectDetails() {
  const project = useQuery(projectQuery());
  if (project.isError) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(project.error, 'Failed to load the project details.')}
      </Alert>
    );
  }
  if (!project.data) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading project details" />
      </Center>
    );
  }
  return <ProjectForm key={project.data.data.updatedAt} saved={project.data.data} />;
}

function ProjectForm({ saved }: { saved: Schemas['ProjectDetails'] }) {
  const queryClient = useQueryClient();
  // Saving needs the settings permission; others read the details.
  const canEdit = useStaffMember()?.permissions.includes('settings') ?? false;
  const save = $api.useMutation('put', '/settings/project');
  const { control, handleSubmit, formState } = useForm<ProjectValues>({
    resolver: zodResolver(projectSchema),
    defaultValues: {
      projectName: saved.projectName,
      tagline: saved.tagline,
      description: saved.description,
      problem: saved.problem,
      solution: saved.solution,
      users: saved.users,
      business: saved.business,
    },
  });

  const submit = handleSubmit(async (body) => {
    try {
      const answer = await save.mutateAsync({ body });
      queryClient.setQueryData(projectQuery().queryKey, answer);
      toast.success('Project details saved.');
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to save the project details.'));
    }
  });

  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={submit} noValidate aria-label="Project details">
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextField
              control={control}
              name="projectName"
              label="Project Name"
              withAsterisk
              readOnly={!canEdit}
            />
            <TextField control={control} name="tagline" label="Tagline" readOnly={!canEdit} />
            <TextInput label="Developer" value={DEVELOPER} disabled />
          </SimpleGrid>
          <TextareaField
            control={control}
            name="description"
            label="Description"
            rows={3}
            readOnly={!canEdit}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextareaField control={control} name="problem" label="Problem" rows={3} readOnly={!canEdit} />
            <TextareaField control={control} name="solution" label="Solution" rows={3} readOnly={!canEdit} />
            <TextareaField control={control} name="users" label="Users" rows={3} readOnly={!canEdit} />
            <TextareaField control={control} name="business" label="Business" rows={3} readOnly={!canEdit} />
          </SimpleGrid>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {saved.updatedBy
                ? `Last saved by ${saved.updatedBy} on ${formatDate(saved.updatedAt)}`
                : 'Not saved yet.'}
            </Text>
            {canEdit ? (
              <Button type="submit" loading={formState.isSubmitting}>
                Save Project Details
              </Button>
            ) : null}
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
