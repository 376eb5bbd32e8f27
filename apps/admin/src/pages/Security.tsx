import { Alert, Button, Code, Group, Image, List, Paper, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { TotpEnrolmentResponse } from '@gemstore/contracts';
import { api } from '../api.ts';
import { useFormSteps } from '../form-steps.ts';
import { meKey, useSession } from '../session.tsx';

/** The member's own two-factor sign-in: enrol with a QR code, keep the recovery codes, or turn it off. */
export function SecurityPage() {
  const { me } = useSession();
  const queryClient = useQueryClient();
  const [enrolment, setEnrolment] = useState<TotpEnrolmentResponse | null>(null);
  const [recovery, setRecovery] = useState<string[] | null>(null);
  const { busy, errors, alert, run } = useFormSteps();
  if (!me) return null;

  const reloadMe = () => queryClient.invalidateQueries({ queryKey: meKey });

  const onConfirm = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const code = String(new FormData(e.currentTarget).get('code'));
    void run(async () => {
      const res = await api.adminTotpConfirm({ body: { code } });
      setEnrolment(null);
      setRecovery(res.recovery_codes);
    });
  };
  const onDisable = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    void run(async () => {
      await api.adminTotpDisable({ body: { password: String(form.get('password')), code: String(form.get('code')) } });
      await reloadMe();
    });
  };

  return (
    <Stack maw={640}>
      <Title order={2}>Security</Title>
      {alert && <Alert color="red" role="alert">{alert}</Alert>}
      {recovery ? (
        <Paper withBorder p="md">
          <Stack>
            <Title order={3}>Two-factor sign-in is on</Title>
            <Text>Keep these recovery codes somewhere safe. Each works once if you lose your authenticator. They are shown only now.</Text>
            <SimpleGrid cols={2} aria-label="Recovery codes">
              {recovery.map((c) => <Code key={c} data-testid="recovery-code">{c}</Code>)}
            </SimpleGrid>
            <Group><Button onClick={async () => { setRecovery(null); await reloadMe(); }}>I have saved them</Button></Group>
          </Stack>
        </Paper>
      ) : me.staff.two_factor_enabled ? (
        <Paper withBorder p="md">
          <form onSubmit={onDisable}>
            <Stack>
              <Text>Two-factor sign-in is <b>on</b>: you sign in with your password and a code from your authenticator app.</Text>
              {me.store.two_factor_required
                ? <Text c="dimmed" size="sm">{me.store.name} requires two-factor sign-in, so it cannot be turned off.</Text>
                : (
                  <>
                    <PasswordInput name="password" label="Password" autoComplete="current-password" required error={errors.password} />
                    <TextInput name="code" label="Code from your authenticator app, or a recovery code" autoComplete="one-time-code" required error={errors.code} />
                    <Group><Button type="submit" color="red" variant="light" loading={busy}>Turn off two-factor sign-in</Button></Group>
                  </>
                )}
            </Stack>
          </form>
        </Paper>
      ) : enrolment ? (
        <Paper withBorder p="md">
          <form onSubmit={onConfirm}>
            <Stack>
              <Text>Scan this code with an authenticator app (Google Authenticator, 1Password, Authy …), then enter the 6-digit code it shows.</Text>
              <Image src={enrolment.qr_code} alt="QR code for your authenticator app" w={220} h={220} />
              <Text size="sm">Or type this key: <Code data-testid="totp-secret">{enrolment.secret}</Code></Text>
              <TextInput name="code" label="Code from the app" autoComplete="one-time-code" inputMode="numeric" required error={errors.code} />
              <Group><Button type="submit" loading={busy}>Turn on</Button></Group>
            </Stack>
          </form>
        </Paper>
      ) : (
        <Paper withBorder p="md">
          <Stack>
            <Text>Two-factor sign-in is <b>off</b>. With it on, signing in needs a code from an authenticator app on your phone as well as your password.</Text>
            {me.two_factor_setup_required && <Alert color="orange">{me.store.name} requires it: set it up to use the back office.</Alert>}
            <List size="sm"><List.Item>You will get ten single-use recovery codes for when your phone is not at hand.</List.Item></List>
            <Group><Button loading={busy} onClick={() => run(async () => setEnrolment(await api.adminTotpStart()))}>Set up two-factor sign-in</Button></Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
