import { Alert, Anchor, Button, Center, Paper, PasswordInput, Stack, TextInput, Title, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import type { AdminLoginResponse } from '@gemstore/contracts';
import { api, isErrorOf } from '../../../lib/api.ts';
import { useFormSteps } from '../../../lib/form-steps.ts';
import { useSession } from '../../../lib/session.tsx';

/** Which step the sign-in is at: the password, an email for a code, the emailed code, or the authenticator code. */
type Step = { kind: 'password' } | { kind: 'email' } | { kind: 'email-code'; challenge: string; email: string } | { kind: 'totp'; challenge: string }
  | { kind: 'forgot' } | { kind: 'reset'; challenge: string; email: string };

/**
 * Email and password, then (two-factor on) an authenticator or recovery code; or a code sent by
 * email instead of the password. While too many wrong passwords keep the password path locked, the
 * form asks for the authenticator code with the password, or offers the emailed code.
 */
export function SignInPage() {
  const { me, signIn } = useSession();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [locked, setLocked] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // The shop's name heads the form, so a member knows which shop's back office this is.
  const shop = useQuery({ queryKey: ['store-profile'], queryFn: () => api.storeProfile({}), staleTime: Infinity });
  // A challenge that expired or was used up: its message shows, and the form goes back to the start.
  const { busy, errors, alert, run } = useFormSteps({ alertFor: ['challenge'], onFailure: (fields) => { if (fields.challenge) setStep({ kind: 'password' }); } });
  if (me) return <Navigate to="/" replace />;

  const signedIn = async (res: AdminLoginResponse) => {
    if ('challenge' in res) {
      setStep({ kind: 'totp', challenge: res.challenge });
      return;
    }
    await signIn(res.token);
    navigate('/');
  };

  const onPassword = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const code = String(form.get('code') ?? '').trim();
    void run(async () => {
      try {
        await signedIn(await api.adminLogin({ body: { email: String(form.get('email')), password: String(form.get('password')), ...(code ? { code } : {}) } }));
      } catch (err) {
        if (isErrorOf('adminLogin', err, 'password_locked')) {
          setLocked(err.message);
          return;
        }
        throw err;
      }
    });
  };

  const onEmail = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const email = String(new FormData(e.currentTarget).get('email'));
    void run(async () => {
      const { challenge } = await api.adminLoginEmail({ body: { email } });
      setStep({ kind: 'email-code', challenge, email });
    });
  };

  const onEmailCode = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (step.kind !== 'email-code') return;
    const code = String(new FormData(e.currentTarget).get('code'));
    void run(async () => signedIn(await api.adminLoginEmailVerify({ body: { challenge: step.challenge, code } })));
  };

  const onCode = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (step.kind !== 'totp') return;
    const code = String(new FormData(e.currentTarget).get('code'));
    void run(async () => signedIn(await api.adminLoginTotp({ body: { challenge: step.challenge, code } })));
  };

  const onForgot = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const email = String(new FormData(e.currentTarget).get('email'));
    void run(async () => {
      const { challenge } = await api.adminPasswordForgot({ body: { email } });
      setStep({ kind: 'reset', challenge, email });
    });
  };

  const onReset = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (step.kind !== 'reset') return;
    const form = new FormData(e.currentTarget);
    void run(async () => {
      const { message } = await api.adminPasswordReset({ body: {
        challenge: step.challenge, code: String(form.get('code')), password: String(form.get('password')), password_confirmation: String(form.get('password_confirmation')),
      } });
      setNotice(message);
      setStep({ kind: 'password' });
    });
  };

  const back = <Button variant="subtle" onClick={() => setStep({ kind: 'password' })}>Back</Button>;

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" w={380} maw="100%" radius="md">
        <Title order={2} data-testid="sign-in-shop">{shop.data?.profile.name ?? '\u00a0'}</Title>
        <Text c="dimmed" mb="md">Back office</Text>
        {notice && <Alert color="green" mb="md" role="status">{notice}</Alert>}
        {alert && <Alert color="red" mb="md" role="alert">{alert}</Alert>}
        {step.kind === 'password' && (
          <form onSubmit={onPassword}>
            <Stack>
              {locked && <Alert color="orange" role="alert">{locked}</Alert>}
              <TextInput name="email" type="email" label="Email" autoComplete="username" required error={errors.email} />
              <PasswordInput name="password" label="Password" autoComplete="current-password" required error={errors.password} />
              {locked && (
                <TextInput name="code" label="Authenticator code or a recovery code" autoComplete="one-time-code" error={errors.code}
                  description="Only if two-factor sign-in is on for you." />
              )}
              <Button type="submit" loading={busy}>Sign in</Button>
              <Anchor component="button" type="button" size="sm" onClick={() => setStep({ kind: 'email' })}>Email me a sign-in code instead</Anchor>
              <Anchor component="button" type="button" size="sm" onClick={() => { setNotice(null); setStep({ kind: 'forgot' }); }}>Forgot your password?</Anchor>
            </Stack>
          </form>
        )}
        {step.kind === 'email' && (
          <form onSubmit={onEmail}>
            <Stack>
              <Text size="sm">We send a 6-digit code to your email: it signs you in without your password.</Text>
              <TextInput name="email" type="email" label="Email" autoComplete="username" required error={errors.email} />
              <Button type="submit" loading={busy}>Send the code</Button>
              {back}
            </Stack>
          </form>
        )}
        {step.kind === 'email-code' && (
          <form onSubmit={onEmailCode}>
            <Stack>
              <Text size="sm">If {step.email} belongs to a member of this store, a 6-digit code is on its way. It works for 10 minutes.</Text>
              <TextInput name="code" label="Code from the email" autoComplete="one-time-code" inputMode="numeric" required autoFocus error={errors.code} />
              <Button type="submit" loading={busy}>Sign in</Button>
              {back}
            </Stack>
          </form>
        )}
        {step.kind === 'forgot' && (
          <form onSubmit={onForgot}>
            <Stack>
              <Text size="sm">We send a 6-digit code to your email: with it you choose a new password.</Text>
              <TextInput name="email" type="email" label="Email" autoComplete="username" required error={errors.email} />
              <Button type="submit" loading={busy}>Send the reset code</Button>
              {back}
            </Stack>
          </form>
        )}
        {step.kind === 'reset' && (
          <form onSubmit={onReset}>
            <Stack>
              <Text size="sm">If {step.email} belongs to a member of this store, a 6-digit code is on its way. It works for 10 minutes.</Text>
              <TextInput name="code" label="Code from the email" autoComplete="one-time-code" inputMode="numeric" required autoFocus error={errors.code} />
              <PasswordInput name="password" label="New password" autoComplete="new-password" required error={errors.password} />
              <PasswordInput name="password_confirmation" label="New password again" autoComplete="new-password" required error={errors.password_confirmation} />
              <Button type="submit" loading={busy}>Set the new password</Button>
              {back}
            </Stack>
          </form>
        )}
        {step.kind === 'totp' && (
          <form onSubmit={onCode}>
            <Stack>
              <Text size="sm">Enter the 6-digit code from your authenticator app, or one of your recovery codes.</Text>
              <TextInput name="code" label="Code" autoComplete="one-time-code" required autoFocus error={errors.code} />
              <Button type="submit" loading={busy}>Verify</Button>
              {back}
            </Stack>
          </form>
        )}
      </Paper>
    </Center>
  );
}
