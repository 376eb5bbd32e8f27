const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export interface Route { method: (typeof METHODS)[number]; path: string }

/** Every route the app registered, read from its route tree (printRoutes without common prefixes). */
export function registeredRoutes(tree: string): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const path = stack.join('');
    for (const method of (match[3] ?? '').split(', ')) {
      if ((METHODS as readonly string[]).includes(method)) routes.push({ method: method as Route['method'], path });
    }
  }
  return routes;
}
