export async function seedDemoIfEmpty(..._args: unknown[]): Promise<void> {}
