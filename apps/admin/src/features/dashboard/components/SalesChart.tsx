import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AdminDashboardResponse } from '@gemstore/contracts';
import { formatRupees } from '../../../lib/format.ts';

const compact = new Intl.NumberFormat('en-IN', { notation: 'compact', maximumFractionDigits: 1 });
const shortDay = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** Gross sales and refunds per day over the dashboard's 30 days (recharts, coloured from Mantine's theme variables). Loaded on its own. */
export default function SalesChart({ daily }: { daily: AdminDashboardResponse['daily'] }) {
  return (
    <ResponsiveContainer width="100%" height={260}>
      <BarChart data={daily} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="var(--mantine-color-gray-3)" vertical={false} />
        <XAxis dataKey="day" tickFormatter={shortDay} minTickGap={24} fontSize={12} />
        <YAxis tickFormatter={(v: number) => compact.format(v)} width={56} fontSize={12} />
        <Tooltip
          labelFormatter={(day) => shortDay(String(day))}
          formatter={(value, name, item) => {
            const d = item.payload as AdminDashboardResponse['daily'][number];
            return name === 'Gross sales'
              ? [`${formatRupees(Number(value))} (${d.orders} ${d.orders === 1 ? 'order' : 'orders'}; net ${formatRupees(d.net)})`, name]
              : [formatRupees(Number(value)), name];
          }}
        />
        <Legend iconSize={10} wrapperStyle={{ fontSize: 12 }} />
        <Bar dataKey="amount" name="Gross sales" fill="var(--mantine-color-blue-6)" radius={[3, 3, 0, 0]} />
        <Bar dataKey="refunds" name="Refunds" fill="var(--mantine-color-red-5)" radius={[3, 3, 0, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}
