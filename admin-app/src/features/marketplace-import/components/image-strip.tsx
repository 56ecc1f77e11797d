import { Group, Image, Paper, ScrollArea, Text } from '@mantine/core';

/** Spec 1 §2.11: every image of the marketplace item, in order. */
export function ImageStrip({ urls, title }: { urls: string[]; title: string }) {
  if (urls.length === 0) return null;
  return (
    <Paper withBorder p="md" component="section" aria-label="Product images">
      <Text fw={600} mb="sm">
        Images ({urls.length})
      </Text>
      <ScrollArea type="auto">
        <Group gap="sm" wrap="nowrap">
          {urls.map((url, index) => (
            <Image
              key={url}
              src={url}
              alt={`${title}, image ${index + 1}`}
              w={96}
              h={96}
              fit="cover"
              radius="sm"
            />
          ))}
        </Group>
      </ScrollArea>
    </Paper>
  );
}
