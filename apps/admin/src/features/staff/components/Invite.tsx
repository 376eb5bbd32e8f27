import { Alert, Button, Center, Loader, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PASSWORD_HINT } from '@gemstore/contracts/constants';
import { api, errorMessage } from '../../../lib/api.ts';
import { useFormSteps } from '../../../lib/form-steps.ts';
import { useSession } from '../../../lib/session.tsx';

/** The invitation link: set a password (and the name) and join the staff. */
export function InvitePage() {
  const { token = '' } = useParams();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const invitation = useQuery({ queryKey: ['admin', 'invitation', token], queryFn: () => api.adminInvitation({ body: { token } }), retry: false });
  const { busy, errors, alert, run } = useFormSteps({ alertFor: ['token'] });

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    void run(async () => {
      const res = await api.adminInvitationAccept({
        body: { token, name: String(form.get('name')), password: String(form.get('password')), password_confirmation: String(form.get('password_confirmation')) },
      });
      await signIn(res.token);
      navigate('/');
    });
  };

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" w={420} radius="md">
        {invitation.isPending ? <Loader /> : invitation.isError ? (
          <Alert color="red" title="Invitation not valid" role="alert">{errorMessage(invitation.error)}</Alert>
        ) : (
          <form onSubmit={onSubmit}>
            <Stack>
              <Title order={2}>Join {invitation.data.store}</Title>
              <Text size="sm">You are invited as {invitation.data.role} with {invitation.data.email}. Choose a password to finish.</Text>
              {alert && <Alert color="red" role="alert">{alert}</Alert>}
              <TextInput name="name" label="Your name" defaultValue={invitation.data.name} required error={errors.name} />
              <PasswordInput name="password" label="Password" description={PASSWORD_HINT} autoComplete="new-password" required error={errors.password} />
              <PasswordInput name="password_confirmation" label="Confirm password" autoComplete="new-password" required error={errors.password_confirmation} />
              <Button type="submit" loading={busy}>Set password and sign in</Button>
            </Stack>
          </form>
        )}
      </Paper>
    </Center>
  );
}
