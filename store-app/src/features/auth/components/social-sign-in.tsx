import { Button, SimpleGrid } from '@mantine/core';
import { IconBrandApple, IconBrandFacebook, IconBrandGoogle } from '@tabler/icons-react';
import { toast } from '../../../lib/toast';

const PROVIDERS = [
  { name: 'Google', icon: IconBrandGoogle },
  { name: 'Facebook', icon: IconBrandFacebook },
  { name: 'Apple', icon: IconBrandApple },
];

/** Spec §2: the social buttons are shown but no provider is connected, so they say so. */
export function SocialSignIn() {
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
      {PROVIDERS.map(({ name, icon: Icon }) => (
        <Button
          key={name}
          variant="default"
          leftSection={<Icon size={18} />}
          aria-label={`Continue with ${name}`}
          onClick={() => toast.error(`${name} sign-in is not available yet.`)}
        >
          {name}
        </Button>
      ))}
    </SimpleGrid>
  );
}
