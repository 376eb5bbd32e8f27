import { Alert, Button, FileButton, Group, Image, Input, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { photoOf } from '@gemstore/contracts/pictures';
import { errorMessage, uploadPicture } from '../lib/api.ts';

/**
 * One picture of a form (a cover, a logo, a slide): its preview, an upload that replaces it and a
 * way to remove it. The form keeps the picture's name (what the server stores) and its file (what
 * the preview shows).
 */
export function PictureField({ label, description, value, src, onChange, error, required, ratio = 16 / 9, fit = 'cover', testId, onBusy, alt = '' }: {
  label: string;
  /** The preview's text for who cannot see it (none: the label says it). */
  alt?: string;
  description?: string;
  value: string;
  src: string | null;
  onChange: (ref: string, src: string | null) => void;
  error?: string;
  required?: boolean;
  ratio?: number;
  /** 'contain' for a logo, shown whole. */
  fit?: 'cover' | 'contain';
  testId?: string;
  /** Told while an upload runs, so the form can wait for it before saving. */
  onBusy?: (busy: boolean) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = async (file: File | null) => {
    if (!file) return;
    setBusy(true); onBusy?.(true); setProblem(null);
    try {
      const photo = await uploadPicture(file);
      onChange(photo.name, photo.src);
    } catch (err) {
      setProblem(errorMessage(err));
    } finally {
      setBusy(false); onBusy?.(false);
    }
  };
  return (
    <Input.Wrapper label={label} description={description} error={error ?? problem} required={required}>
      <Stack gap="xs" mt={4}>
        {value && src
          ? <Paper withBorder radius="sm" style={{ overflow: 'hidden', maxWidth: 420 }}><Image src={src} srcSet={photoOf(value)?.srcset} sizes="420px" alt={alt} style={{ aspectRatio: String(ratio), objectFit: fit }} /></Paper>
          : <Paper withBorder radius="sm" p="md" maw={420} bg="gray.0"><Text size="sm" c="dimmed">No picture yet.</Text></Paper>}
        <Group gap="xs">
          <FileButton onChange={(f) => void upload(f)} accept="image/jpeg,image/png,image/webp">
            {(props) => <Button variant="light" size="xs" loading={busy} data-testid={testId} {...props}>{value ? 'Replace picture' : 'Upload picture'}</Button>}
          </FileButton>
          {value && !required && <Button variant="subtle" color="red" size="xs" onClick={() => onChange('', null)}>Remove</Button>}
        </Group>
        {problem && <Alert color="red" role="alert" p="xs">{problem}</Alert>}
      </Stack>
    </Input.Wrapper>
  );
}
