import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One label and its value in a record's card: "Email: asha@example.com". */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return <Text size="sm"><b>{label}:</b> {children}</Text>;
}
