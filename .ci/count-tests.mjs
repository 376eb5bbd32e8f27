// Adds up the test runner's summaries in a CI log ("Tests  584 passed | 4 skipped (588)", one per
// vitest run) and prints one plain closing line: "N passed, N failed, N skipped", alone on its line.
import { readFileSync } from 'node:fs';

const log = readFileSync(process.argv[2], 'utf8');
const totals = { passed: 0, failed: 0, skipped: 0 };
let runs = 0;
for (const line of log.split('\n')) {
  const m = /^\s*Tests\s+(.+)\(\d+\)\s*$/.exec(line);
  if (!m) continue;
  runs++;
  for (const part of m[1].split('|')) {
    const [, n, kind] = /(\d+)\s+(passed|failed|skipped|todo)/.exec(part) ?? [];
    if (kind === 'passed' || kind === 'failed') totals[kind] += Number(n);
    else if (kind) totals.skipped += Number(n);
  }
}
if (runs === 0) {
  console.error('no test summary found in the log');
  process.exit(1);
}
process.stdout.write(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
