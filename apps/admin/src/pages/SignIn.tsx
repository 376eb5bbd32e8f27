import { Alert, Button, Center, Paper, PasswordInput, Stack, TextInput, Title, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { api } from '../api.ts';
import { useFormSteps } from '../form-steps.ts';
import { useSession } from '../session.tsx';

/** Email and password, then (two-factor on) an authenticator or recovery code. */
export function SignInPage() {
  const { me, signIn } = useSession();
  const navigate = useNavigate();
  const [challenge, setChallenge] = useState<string | null>(null);
  // A challenge that expired or was used up: its message shows, and the form goes back to the password.
  const { busy, errors, alert, run } = useFormSteps({ alertFor: ['challenge'], onFailure: (fields) => { if (fields.challenge) setChallenge(null); } });
  if (me) return <Navigate to="/" replace />;

  const onPassword = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    void run(async () => {
      const res = await api.adminLogin({ body: { email: String(form.get('email')), password: String(form.get('password')) } });
      if ('challenge' in res) setChallenge(res.challenge);
      else {
        await signIn(res.token);
        navigate('/');
      }
    });
  };

  const onCode = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const code = String(new FormData(e.currentTarget).get('code'));
    void run(async () => {
      const res = await api.adminLoginTotp({ body: { challenge: challenge!, code } });
      await signIn(res.token);
      navigate('/');
    });
  };

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" w={380} radius="md">
        <Title order={2} mb="md">Back office</Title>
        {alert && <Alert color="red" mb="md" role="alert">{alert}</Alert>}
        {challenge === null ? (
          <form onSubmit={onPassword}>
            <Stack>
              <TextInput name="email" type="email" label="Email" autoComplete="username" required error={errors.email} />
              <PasswordInput name="password" label="Password" autoComplete="current-password" required error={errors.password} />
              <Button type="submit" loading={busy}>Sign in</Button>
            </Stack>
          </form>
        ) : (
          <form onSubmit={onCode}>
            <Stack>
              <Text size="sm">Enter the 6-digit code from your authenticator app, or one of your recovery codes.</Text>
              <TextInput name="code" label="Code" autoComplete="one-time-code" required autoFocus error={errors.code} />
              <Button type="submit" loading={busy}>Verify</Button>
              <Button variant="subtle" onClick={() => setChallenge(null)}>Back</Button>
            </Stack>
          </form>
        )}
      </Paper>
    </Center>
  );
}
