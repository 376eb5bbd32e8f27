import { AppShell, Burger, Group, NavLink, Text, Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { NavLink as RouterLink, Outlet, useNavigate } from 'react-router';
import type { Capability } from '@gemstore/contracts/constants';
import { useSession } from '../lib/session.tsx';

/** The pages that exist, each shown only to roles that may open it. */
const NAV: { to: string; label: string; capability?: Capability }[] = [
  { to: '/', label: 'Home' },
  { to: '/orders', label: 'Orders', capability: 'orders' },
  { to: '/returns', label: 'Returns', capability: 'orders' },
  { to: '/refunds', label: 'Refunds', capability: 'refunds' },
  { to: '/discounts', label: 'Discounts', capability: 'discounts' },
  { to: '/stones', label: 'Stones', capability: 'catalogue' },
  { to: '/catalogue', label: 'Catalogue', capability: 'catalogue' },
  { to: '/posts', label: 'Blog posts', capability: 'content' },
  { to: '/pages', label: 'Pages', capability: 'content' },
  { to: '/home-page', label: 'Home page', capability: 'content' },
  { to: '/enquiries', label: 'Enquiries', capability: 'orders' },
  { to: '/customers', label: 'Customers', capability: 'orders' },
  { to: '/newsletter', label: 'Newsletter', capability: 'orders' },
  { to: '/settings/profile', label: 'Store profile', capability: 'settings' },
  { to: '/settings/payments', label: 'Payment settings', capability: 'payment_settings' },
  { to: '/settings/shipping', label: 'Shipping', capability: 'settings' },
  { to: '/settings/tax', label: 'Tax and invoices', capability: 'settings' },
  { to: '/settings/couriers', label: 'Couriers', capability: 'settings' },
  { to: '/reports/gst', label: 'GST report', capability: 'settings' },
  { to: '/staff', label: 'Staff', capability: 'staff' },
  { to: '/audit', label: 'Audit log', capability: 'audit' },
  { to: '/security', label: 'Security' },
];

export function Layout() {
  const { me, signOut } = useSession();
  const navigate = useNavigate();
  const [opened, { toggle, close }] = useDisclosure();
  if (!me) return null;
  const links = NAV.filter((n) => !n.capability || me.capabilities.includes(n.capability));
  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Group>
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Menu" />
            <Text fw={600}>{me.store.name}</Text>
            <Text c="dimmed" size="sm" visibleFrom="xs">Back office</Text>
          </Group>
          <Group>
            <Text size="sm" visibleFrom="sm">{me.staff.name} · {me.staff.role}</Text>
            <Button variant="subtle" size="xs" onClick={async () => { await signOut(); navigate('/login'); }}>Sign out</Button>
          </Group>
        </Group>
      </AppShell.Header>
      {/* The menu scrolls on its own when it is longer than the window is tall. */}
      <AppShell.Navbar p="xs" aria-label="Back office" style={{ overflowY: 'auto' }}>
        {links.map((n) => (
          <NavLink key={n.to} component={RouterLink} to={n.to} end={n.to === '/'} label={n.label} onClick={close} />
        ))}
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
