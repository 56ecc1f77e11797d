import { NavLink, type NavLinkProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';

type MantineNavLinkProps = NavLinkProps &
  Omit<ComponentPropsWithRef<'a'>, keyof NavLinkProps> & { 'data-status'?: string };

/** The router marks the current link with `data-status="active"`; Mantine shows that as `active`. */
function MantineNavLink(props: MantineNavLinkProps) {
  return <NavLink component="a" active={props['data-status'] === 'active'} {...props} />;
}

const CreatedNavLinkLink = createLink(MantineNavLink);

/** Mantine's NavLink with the router's typed `to`/`params` (see router-links.tsx). */
export const NavLinkLink: LinkComponent<typeof MantineNavLink> = (props) => <CreatedNavLinkLink {...props} />;
