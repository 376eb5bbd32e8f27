import { Badge, type BadgeProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** Where a row stands (a stage, a status), in its colour (lib/statuses.ts for the shared ones). */
export function StatusBadge({ color, children, ...props }: { color: string; children: ReactNode; 'data-testid'?: string } & Omit<BadgeProps, 'color' | 'variant' | 'children'>) {
  return <Badge color={color} variant="light" {...props}>{children}</Badge>;
}
