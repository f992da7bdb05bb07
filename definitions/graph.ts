/** The step graph: dependency cycles and the layers of steps that may run in parallel. */

export interface GraphNode {
  id: string;
  needs: readonly string[];
}

/** A cycle as the list of step IDs along it (first repeated at the end), or undefined. */
export function findCycle(nodes: readonly GraphNode[]): string[] | undefined {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const state = new Map<string, 'open' | 'done'>();
  for (const root of nodes) {
    if (state.has(root.id)) continue;
    // depth-first without recursion: a frame is a step and how many of its needs were visited
    const stack: { id: string; next: number }[] = [{ id: root.id, next: 0 }];
    state.set(root.id, 'open');
    while (stack.length > 0) {
      const frame = stack[stack.length - 1] as { id: string; next: number };
      const need = byId.get(frame.id)?.needs[frame.next++];
      if (need === undefined) {
        state.set(frame.id, 'done');
        stack.pop();
      } else if (state.get(need) === 'open') {
        const ids = stack.map((f) => f.id);
        return [...ids.slice(ids.indexOf(need)), need];
      } else if (!state.has(need) && byId.has(need)) {
        state.set(need, 'open');
        stack.push({ id: need, next: 0 });
      }
    }
  }
  return undefined;
}

/**
 * Layers of an acyclic graph: each step sits one layer after the last of its needs; steps of
 * one layer do not depend on each other. Within a layer, steps keep their file order.
 */
export function layers(nodes: readonly GraphNode[]): string[][] {
  const depth = new Map<string, number>();
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const depthOf = (id: string): number => {
    const known = depth.get(id);
    if (known !== undefined) return known;
    // iterative over the needs chain, so 10,000 chained steps do not overflow the stack
    const pending = [id];
    while (pending.length > 0) {
      const current = pending[pending.length - 1] as string;
      const needs = byId.get(current)?.needs ?? [];
      const missing = needs.filter((need) => !depth.has(need));
      if (missing.length > 0) {
        pending.push(...missing);
        continue;
      }
      pending.pop();
      depth.set(
        current,
        needs.reduce((max, need) => Math.max(max, (depth.get(need) ?? 0) + 1), 0),
      );
    }
    return depth.get(id) ?? 0;
  };
  const groups: string[][] = [];
  for (const node of nodes) (groups[depthOf(node.id)] ??= []).push(node.id);
  return groups.filter((group) => group.length > 0);
}
