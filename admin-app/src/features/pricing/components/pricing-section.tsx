import { Paper, Text, Title } from '@mantine/core';

/** One card of the pricing screen: a titled, labelled section with an optional description. */
export function Section(props: {
  id: string;
  title: string;
  children: React.ReactNode;
  description?: string;
}) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={props.id}>
      <Title order={2} fz="h4" id={props.id} mb={props.description ? 4 : 'sm'}>
        {props.title}
      </Title>
      {props.description ? (
        <Text size="sm" c="dimmed" mb="sm">
          {props.description}
        </Text>
      ) : null}
      {props.children}
    </Paper>
  );
}
