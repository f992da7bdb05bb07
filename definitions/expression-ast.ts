/**
 * The names a parsed CEL expression reads: walks the syntax tree for `inputs.x`,
 * `steps.id.outputs.name`, `item`, ... Workflow-safe (bundled with `expressions.ts`): it imports
 * only types.
 */
import type { ASTNode } from '@marcbachmann/cel-js';

/** A name an expression reads, with the static member chain after it. */
export interface ExpressionRef {
  /** The root identifier: `inputs`, `steps`, `item`, `result`, ... */
  root: string;
  /** Member names after the root, as far as they are static (`steps.tour.outputs.id`). */
  path: string[];
  /** Offsets of the reference inside the expression text. */
  start: number;
  end: number;
}

/** Every reference in a syntax tree, in source order. */
export function collectRefs(ast: ASTNode): ExpressionRef[] {
  const refs: ExpressionRef[] = [];
  walk(ast, refs, new Set());
  return refs;
}

/** Names bound by macros (`list.map(x, …)`) shadow scope names inside the macro. */
function walk(node: ASTNode, refs: ExpressionRef[], bound: ReadonlySet<string>): void {
  const chain = memberChain(node);
  if (chain) {
    if (!bound.has(chain.root))
      refs.push({ root: chain.root, path: chain.path, start: node.range.start, end: node.range.end });
    for (const index of chain.dynamicIndexes) walk(index, refs, bound);
    return;
  }
  if (node.op === 'rcall' || node.op === 'call') {
    const args = node.op === 'rcall' ? [node.args[1], ...node.args[2]] : node.args[1];
    const macroVar = node.op === 'rcall' && node.args[2][0]?.op === 'id' ? node.args[2][0].args : undefined;
    if (macroVar === undefined || !MACROS.has(node.args[0])) {
      for (const arg of args) walk(arg, refs, bound);
      return;
    }
    // receiver.map(x, body): the receiver sees the outer names, the body also sees `x`
    const inner = new Set([...bound, macroVar]);
    args.forEach((arg, i) => {
      if (i !== 1) walk(arg, refs, i === 0 ? bound : inner);
    });
    return;
  }
  for (const child of childrenOf(node)) walk(child, refs, bound);
}

const MACROS = new Set(['all', 'exists', 'exists_one', 'map', 'filter']);

interface Chain {
  root: string;
  path: string[];
  dynamicIndexes: ASTNode[];
}

/** `a.b["c"].d` as root `a` and path `[b, c, d]`; stops the path at the first dynamic index. */
function memberChain(node: ASTNode): Chain | undefined {
  if (node.op === 'id') return { root: node.args, path: [], dynamicIndexes: [] };
  if (node.op === '.' || node.op === '.?') {
    const inner = memberChain(node.args[0]);
    if (!inner) return undefined;
    if (inner.dynamicIndexes.length === 0) inner.path.push(node.args[1]);
    return inner;
  }
  if (node.op === '[]' || node.op === '[?]') {
    const inner = memberChain(node.args[0]);
    if (!inner) return undefined;
    const key = node.args[1];
    if (key.op === 'value' && typeof key.args === 'string' && inner.dynamicIndexes.length === 0)
      inner.path.push(key.args);
    else inner.dynamicIndexes.push(key);
    return inner;
  }
  return undefined;
}

function childrenOf(node: ASTNode): ASTNode[] {
  switch (node.op) {
    case 'value':
    case 'id':
      return [];
    case '.':
    case '.?':
      return [node.args[0]];
    case 'list':
      return node.args;
    case 'map':
      return node.args.flat();
    case '!_':
    case '-_':
      return [node.args];
    default:
      return (node.args as unknown[]).filter(
        (arg): arg is ASTNode => typeof arg === 'object' && arg !== null && 'op' in arg,
      );
  }
}
