import { Button } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';

/** Spec §2 Share: the Web Share API where there is one, else an alert asking the shopper to copy the URL. */
export function ShareButton({ title }: { title: string }) {
  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share !== 'function') {
      window.alert(`Sharing is not supported in this browser. Please copy the URL: ${url}`);
      return;
    }
    try {
      await navigator.share({ title, url });
    } catch {
      // The shopper closed the share sheet: nothing to report.
    }
  };

  return (
    <Button variant="subtle" leftSection={<IconShare size={16} />} onClick={() => void share()}>
      Share
    </Button>
  );
}
