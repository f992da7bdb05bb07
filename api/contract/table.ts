/**
 * The contract's typed endpoints by name: `contractEndpoints.createTour` is the endpoint
 * `api.tours.createTour`, with its body, query and `data` schemas. The sandbox answers each
 * named route with the endpoint of the same name, so a request body is described only here.
 */
import { Endpoints, type EndpointName } from './assumptions.ts';
import type { Endpoint } from './endpoint.ts';
import * as api from './index.ts';

type Modules = typeof api;
type AllEndpoints = { [M in keyof Modules]: Modules[M] }[keyof Modules];
type Merged = UnionToIntersection<AllEndpoints>;
type UnionToIntersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void
  ? I
  : never;

/** Every endpoint of `Endpoints` (assumptions.ts) as the contract types it; a missing one is a type error. */
export type ContractEndpoints = { [N in EndpointName]: Merged[N & keyof Merged] };
const complete: EndpointName extends keyof Merged ? true : never = true;

function collect(): ContractEndpoints {
  const table: Record<string, Endpoint> = {};
  for (const module of Object.values(api) as Record<string, unknown>[]) {
    for (const [name, value] of Object.entries(module)) {
      if (value && typeof value === 'object' && 'method' in value && 'path' in value && 'data' in value)
        table[name] = value as Endpoint;
    }
  }
  const missing = Object.keys(Endpoints).filter((name) => !(name in table));
  if (!complete || missing.length > 0) throw new Error(`contract: no typed endpoint for ${missing.join(', ')}`);
  return table as ContractEndpoints;
}

export const contractEndpoints: ContractEndpoints = collect();
