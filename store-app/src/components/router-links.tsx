import { Anchor, type AnchorProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';

// createLink keeps the router's typed `to`/`params` on Mantine components (a plain `component={Link}` loses them).
// NavLinkLink lives in nav-link-link.tsx: Mantine's NavLink (with Collapse) is only needed by menus loaded later.

type MantineAnchorProps = AnchorProps & Omit<ComponentPropsWithRef<'a'>, keyof AnchorProps>;

function MantineAnchor(props: MantineAnchorProps) {
  return <Anchor {...props} />;
}

const CreatedAnchorLink = createLink(MantineAnchor);

export const AnchorLink: LinkComponent<typeof MantineAnchor> = (props) => <CreatedAnchorLink {...props} />;
