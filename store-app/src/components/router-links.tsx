import { Anchor, type AnchorProps, NavLink, type NavLinkProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';

// createLink keeps the router's typed `to`/`params` on Mantine components (a plain `component={Link}` loses them).

type MantineAnchorProps = AnchorProps & Omit<ComponentPropsWithRef<'a'>, keyof AnchorProps>;

function MantineAnchor(props: MantineAnchorProps) {
  return <Anchor {...props} />;
}

const CreatedAnchorLink = createLink(MantineAnchor);

export const AnchorLink: LinkComponent<typeof MantineAnchor> = (props) => <CreatedAnchorLink {...props} />;

type MantineNavLinkProps = NavLinkProps &
  Omit<ComponentPropsWithRef<'a'>, keyof NavLinkProps> & { 'data-status'?: string };

/** The router marks the current link with `data-status="active"`; Mantine shows that as `active`. */
function MantineNavLink(props: MantineNavLinkProps) {
  return <NavLink component="a" active={props['data-status'] === 'active'} {...props} />;
}

const CreatedNavLinkLink = createLink(MantineNavLink);

export const NavLinkLink: LinkComponent<typeof MantineNavLink> = (props) => <CreatedNavLinkLink {...props} />;
