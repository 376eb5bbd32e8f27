import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useSession } from '../session.tsx';

export function HomePage() {
  const { me } = useSession();
  if (!me) return null;
  return (
    <Stack maw={720}>
      <Title order={2}>Welcome, {me.staff.name}</Title>
      {me.two_factor_setup_required && (
        <Alert color="orange" title="Two-factor sign-in required">
          {me.store.name} requires two-factor sign-in. <Anchor component={Link} to="/security">Turn it on under Security</Anchor> to use the back office.
        </Alert>
      )}
      <Text>You are signed in to {me.store.name} as {me.staff.role}.</Text>
    </Stack>
  );
}
