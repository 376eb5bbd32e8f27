import { Anchor, Select, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { activeCouriersKey } from '../api.ts';

/** The shop's couriers that are on, for the dispatch and pick-up forms. */
export function CourierSelect({ value, onChange, error }: { value: string | null; onChange: (id: string | null) => void; error?: string }) {
  const couriers = useQuery({ queryKey: activeCouriersKey, queryFn: () => api.adminCouriers() });
  return (
    <Select
      label="Courier" placeholder="Choose the courier" required searchable value={value} onChange={onChange} error={error} data-autofocus
      data={(couriers.data?.couriers ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
      nothingFoundMessage="No courier of that name: add it under Settings, Couriers."
    />
  );
}

/** A tracking number, linked to the courier's page when its courier has one (free-text couriers of older dispatches have none). */
export function TrackingNumber({ number, url }: { number: string | null; url: string | null }) {
  if (!url) return <Text span ff="monospace" size="sm">{number}</Text>;
  return <Anchor href={url} target="_blank" rel="noopener noreferrer" ff="monospace" size="sm">{number}</Anchor>;
}
