import { NavLink, ScrollArea } from '@mantine/core';
import { Link, useLocation } from '@tanstack/react-router';
import { useState } from 'react';
import { type NavGroup, navGroups } from './nav-groups';

/** Collapsible groups of links (the first starts open); an entry is active on its route and below it. */
export function SidebarNav() {
  const pathname = useLocation({ select: (location) => location.pathname });
  return (
    <ScrollArea component="nav" aria-label="Admin navigation" type="scroll" style={{ flex: 1 }}>
      {navGroups.map((group, index) => (
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
