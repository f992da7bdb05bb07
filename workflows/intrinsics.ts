/**
 * The workflow context's own built-ins, read once when the bundle loads.
 *
 * Workflow code runs in a `node:vm` context, where every read of a global name (`Object`,
 * `Array`, `JSON`…) goes through the context's property interceptor: about a microsecond
 * each, against a few nanoseconds for a module constant. The workflow bundler
 * (`compileForNode` in worker/worker.ts) makes every name exported here read its constant in
 * bundled code. They are the same objects: the context's intrinsics, frozen by the SDK and
 * shared by every workflow. Names the SDK gives each workflow its own of (`Date`, `Math`) are
 * left alone. `ArrayBuffer`, `Uint8Array` and `Int32Array` are those SHA-256 (the idempotency
 * keys' and content digests' `sha256-uint8array`, `digest` in keys.ts) reads for every digest,
 * one or two per `forEach` element.
 */
export const Object = globalThis.Object;
export const Array = globalThis.Array;
export const Number = globalThis.Number;
export const String = globalThis.String;
export const Boolean = globalThis.Boolean;
export const BigInt = globalThis.BigInt;
export const Symbol = globalThis.Symbol;
export const JSON = globalThis.JSON;
export const Map = globalThis.Map;
export const Set = globalThis.Set;
export const WeakMap = globalThis.WeakMap;
export const Reflect = globalThis.Reflect;
export const Error = globalThis.Error;
export const ArrayBuffer = globalThis.ArrayBuffer;
export const DataView = globalThis.DataView;
export const Uint8Array = globalThis.Uint8Array;
export const Uint32Array = globalThis.Uint32Array;
export const Int32Array = globalThis.Int32Array;
export const TextEncoder = globalThis.TextEncoder;
export const TextDecoder = globalThis.TextDecoder;
