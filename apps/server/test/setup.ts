import { afterEach, vi } from 'vitest';

// An unexpected console.error fails the test that caused it: an error logged is a fault found. Workers run several
// files (isolate: false), so the spy is made once per worker and cleared before each file.
const errorSpy = vi.isMockFunction(console.error) ? vi.mocked(console.error) : vi.spyOn(console, 'error');
errorSpy.mockClear();
afterEach(() => {
  const calls = errorSpy.mock.calls;
  errorSpy.mockClear();
  if (calls.length) throw new Error(`console.error was called: ${calls.map((c) => c.join(' ')).join('\n')}`);
});
