import { Alert, Button, Code, Group, Image, List, Paper, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { TotpEnrolmentResponse } from '@gemstore/contracts';
import { api } from '../../../lib/api.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useFormSteps } from '../../../lib/form-steps.ts';
import { meKey, useSession } from '../../../lib/session.tsx';
import { formatWhen } from '../../../lib/format.ts';
import { ownSessionsKey } from '../sessions.ts';
import { SessionsList } from './SessionsList.tsx';

/** A new password, with the current one; the member's other sign-ins end. */
function PasswordForm() {
  const queryClient = useQueryClient();
  const [done, setDone] = useState<string | null>(null);
  const { busy, errors, alert, run } = useFormSteps();
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const formElement = e.currentTarget;
    const form = new FormData(formElement);
    setDone(null);
    void run(async () => {
      const res = await api.adminPassword({ body: {
        current_password: String(form.get('current_password')), password: String(form.get('password')), password_confirmation: String(form.get('password_confirmation')),
      } });
      formElement.reset();
      setDone(res.message);
      await queryClient.invalidateQueries({ queryKey: ownSessionsKey });
    });
  };
  return (
    <form onSubmit={onSubmit}>
      <Stack>
        {alert && <Alert color="red" role="alert">{alert}</Alert>}
        {done && <Alert color="green" role="status">{done}</Alert>}
        <PasswordInput name="current_password" label="Current password" autoComplete="current-password" required error={errors.current_password} />
        <PasswordInput name="password" label="New password" autoComplete="new-password" required error={errors.password} />
        <PasswordInput name="password_confirmation" label="New password again" autoComplete="new-password" required error={errors.password_confirmation} />
        <Group><Button type="submit" loading={busy}>Change password</Button></Group>
      </Stack>
    </form>
  );
}

/** The recovery codes as a text file: the shop, the member's email, the day they were made, one code a line. */
export function recoveryCodesFile(codes: string[], shop: string, email: string, day: string): string {
  return [`${shop} back office: recovery codes for ${email}`, `Made on ${day}. Each code works once.`, '', ...codes, ''].join('\n');
}

/** Copy the codes, or download them as a .txt file named after the shop and the day. */
function RecoveryCodesSave({ codes, shop }: { codes: string[]; shop: string }) {
  const { me } = useSession();
  const [copied, setCopied] = useState<string | null>(null);
  const day = new Date().toISOString().slice(0, 10);
  const text = recoveryCodesFile(codes, shop, me?.staff.email ?? '', day);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('Copied: paste them somewhere safe.');
    } catch {
      setCopied('This browser did not allow copying: download them instead.');
    }
  };
  const download = () => {
    const href = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const slug = shop.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'shop';
    const link = Object.assign(document.createElement('a'), { href, download: `${slug}-recovery-codes-${day}.txt` });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
  };
  return (
    <Group>
      <Button variant="light" onClick={() => void copy()}>Copy the codes</Button>
      <Button variant="light" onClick={download}>Download as .txt</Button>
      {copied && <Text size="sm" role="status">{copied}</Text>}
    </Group>
  );
}

/** The member's own security: two-factor sign-in (enrol with a QR code, keep the recovery codes, or turn it off), the password and their sign-ins. */
export function SecurityPage() {
  const { me, signOut } = useSession();
  const queryClient = useQueryClient();
  const [enrolment, setEnrolment] = useState<TotpEnrolmentResponse | null>(null);
  const [recovery, setRecovery] = useState<string[] | null>(null);
  const { busy, errors, alert, run } = useFormSteps();
  if (!me) return null;

  const reloadMe = () => Promise.all([queryClient.invalidateQueries({ queryKey: meKey }), queryClient.invalidateQueries({ queryKey: ownSessionsKey })]);

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
    <Stack maw={960}>
      <PageHeader title="Security" />
      {me.two_factor_sign_in_required && (
        <Alert color="orange" title="Sign in again with your code">
          {me.store.name} requires two-factor sign-in, and this sign-in was made without your authenticator code.
          Sign out, then sign in with your password and the code to use the back office.
          <Group mt="sm"><Button size="xs" variant="light" onClick={() => void signOut()}>Sign out</Button></Group>
        </Alert>
      )}
      <Title order={3} size="h4">Two-factor sign-in</Title>
      {alert && <Alert color="red" role="alert">{alert}</Alert>}
      {recovery ? (
        <Paper withBorder p="md">
          <Stack>
            <Title order={3}>Two-factor sign-in is on</Title>
            <Text>Keep these recovery codes somewhere safe. Each works once if you lose your authenticator. They are shown only now.</Text>
            <SimpleGrid cols={2} aria-label="Recovery codes">
              {recovery.map((c) => <Code key={c} data-testid="recovery-code">{c}</Code>)}
            </SimpleGrid>
            <RecoveryCodesSave codes={recovery} shop={me.store.name} />
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
            {me.session.may_enrol ? (
              <>
                <List size="sm"><List.Item>You will get ten single-use recovery codes for when your phone is not at hand.</List.Item></List>
                <Group><Button loading={busy} onClick={() => run(async () => setEnrolment(await api.adminTotpStart()))}>Set up two-factor sign-in</Button></Group>
              </>
            ) : (
              <Alert color="blue" title="Sign in with an emailed code first">
                While {me.store.name} requires two-factor sign-in, it is set up from a sign-in that proved more than the password,
                so a stolen password alone cannot register someone else's authenticator. Sign out, choose “Email me a sign-in code”,
                then come back here.
                <Group mt="sm"><Button size="xs" variant="light" onClick={() => void signOut()}>Sign out</Button></Group>
              </Alert>
            )}
          </Stack>
        </Paper>
      )}
      <Title order={3} size="h4">Password</Title>
      <Paper withBorder p="md" maw={640}><PasswordForm /></Paper>
      <Title order={3} size="h4">Where you are signed in</Title>
      <Text size="sm" c="dimmed">This sign-in ends {formatWhen(me.session.expires_at)} at the latest (sooner when unused). End any sign-in you do not recognise, then change your password.</Text>
      <SessionsList />
    </Stack>
  );
}
