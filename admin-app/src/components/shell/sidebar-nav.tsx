import { NavLink, ScrollArea } from '@mantine/core';
import { Link, useLocation } from '@tanstack/react-router';
import { useState } from 'react';
import { type NavGroup, navGroups } from './nav-groups';
import type { Requirement } from './staff-access';

type SidebarNavProps = { can: (requirement: Requirement) => boolean };

/**
 * Collapsible groups of links (the first starts open); an entry is active on its route and below it. Only the
 * entries the staff member's permissions open are listed, and a group left empty is not shown.
 */
export function SidebarNav({ can }: SidebarNavProps) {
  const pathname = useLocation({ select: (location) => location.pathname });
  const groups = navGroups
    .map((group) => ({ ...group, entries: group.entries.filter((entry) => can(entry.requires)) }))
    .filter((group) => group.entries.length > 0);
  return (
    <ScrollArea component="nav" aria-label="Admin navigation" type="scroll" style={{ flex: 1 }}>
      {groups.map((group, index) => (
        <SidebarGroup key={group.label} group={group} defaultOpened={index === 0} pathname={pathname} />
      ))}
    </ScrollArea>
  );
}

type SidebarGroupProps = { group: NavGroup; defaultOpened: boolean; pathname: string };

function SidebarGroup({ group, defaultOpened, pathname }: SidebarGroupProps) {
  const [opened, setOpened] = useState(defaultOpened);
  const isActive = (to: string) => pathname === to || pathname.startsWith(`${to}/`);

  return (
    <NavLink
      component="button"
      type="button"
      label={group.label}
      opened={opened}
      onChange={setOpened}
      aria-expanded={opened}
      childrenOffset="sm"
      fw={600}
    >
      {group.entries.map((entry) => (
        <NavLink
          key={entry.to}
          component={Link}
          to={entry.to}
          label={entry.label}
          active={isActive(entry.to)}
          aria-current={isActive(entry.to) ? 'page' : undefined}
        />
      ))}
    </NavLink>
  );
}
