/**
 * The CEL types of what a playbook's expressions read, as far as the compiler knows them:
 * declared input types, the catalogue's output schemas, `run`, and in a `forEach` step the
 * element and `index`. What it cannot know is `dyn`, which the checker lets through: numbers
 * (an input of type `number` is an `int` or a `double` by its value), list inputs without
 * `items`, named outputs, the outputs of included playbooks, `item` of a list of unknown type.
 *
 * Compile time only: one checking environment per compiled playbook, with a map type per
 * shape of object (`tourflow.<action>`, `tourflow.inputs`, ...).
 */
import type { Environment } from '@marcbachmann/cel-js';
import { z } from 'zod';
import type { OutputSchema } from './actions/outputs.ts';
import { checkingEnvironment } from './cel-environment.ts';
import { isTemplate, unwrapExpression } from './templates.ts';
import { InputType, type PlanInput } from './plan-types.ts';
import { EVENT_FIELDS, RECORD_FIELDS, type TriggerResource } from './trigger-types.ts';
import { TypeChecks, kindProblem, type Expected, type TypeProblem } from './type-check.ts';
import { TYPE_PREFIX } from './type-messages.ts';

/** A CEL type before it is registered: a type name, a list, a map or an object's fields. */
type Shape = string | { list: Shape } | { map: Shape } | { name: string; fields: Record<string, Shape> };

/** What the types know of a step: its outputs' names and, when known, the action's schema. */
export interface TypedStep {
  forEach: boolean;
  /** Output names; undefined when any name is allowed. */
  outputs: ReadonlySet<string> | undefined;
  /** The action, when its outputs are known (not for unknown actions and included playbooks). */
  action?: TypedAction;
  /** Outputs the step names itself (`outputs:`); their types are not known. */
  named: readonly string[];
  /** A `set` step's values: its outputs, typed from what each gives. */
  values?: Readonly<Record<string, unknown>>;
}

/** An action by its name and output schema. */
export interface TypedAction {
  name: string;
  outputs: OutputSchema;
}

/** Where an expression is checked: the element's name and type, and `result`. */
export interface TypePlace {
  step?: string;
  item?: string;
  itemType?: string;
  result?: boolean;
}

const INPUT_TYPES: Record<InputType, string> = {
  [InputType.string]: 'string',
  [InputType.number]: 'dyn',
  [InputType.boolean]: 'bool',
  [InputType.date]: 'string',
  [InputType.time]: 'string',
  [InputType.enum]: 'string',
  [InputType.list]: 'list<dyn>',
};

/** The types of one playbook's names, and the environments that check its expressions. */
export class TypeScope {
  private readonly base: Environment;
  private readonly places = new Map<string, Environment | undefined>();
  private readonly registered = new Set<string>();
  /** Field names of the map types, for "did you mean". */
  readonly fields = new Map<string, string[]>();
  private readonly results = new Map<string, string>();
  private readonly checks = new TypeChecks(this.fields);

  /** With `events`, the records a playbook's triggers watch: `event` is typed after them. */
  constructor(
    private readonly inputs: Readonly<Record<string, Pick<PlanInput, 'type' | 'items' | 'fields'>>>,
    steps: ReadonlyMap<string, TypedStep>,
    private readonly events?: readonly TriggerResource[],
    /** The types of `set` steps' values, by step: computed once, shared with the scopes that compute them. */
    private readonly valueTypes = new Map<string, Record<string, string>>(),
  ) {
    this.base = checkingEnvironment();
    const inputFields: Record<string, Shape> = {};
    for (const [name, input] of Object.entries(inputs)) inputFields[name] = inputType(name, input);
    this.base.registerVariable('inputs', this.register({ name: 'tourflow.inputs', fields: inputFields }));
    const text = { workflowId: 'string', playbook: 'string', now: 'string' };
    this.base.registerVariable('run', this.register({ name: 'tourflow.run', fields: text }));
    const stepFields: Record<string, Shape> = {};
    const before = new Map<string, TypedStep>();
    for (const [id, step] of steps) {
      stepFields[id] = this.stepType(id, step, before);
      before.set(id, step);
    }
    this.base.registerVariable('steps', this.register({ name: 'tourflow.steps', fields: stepFields }));
    if (events) this.base.registerVariable('event', this.register(eventShape(events)));
  }

  /** The first type mistake of `expression` (bare CEL) at `place`; with `expected`, what it must give. */
  problem(expression: string, place: TypePlace, expected?: Expected): TypeProblem | undefined {
    const env = this.environment(place);
    const problem = this.checks.problem(expression, env);
    if (problem || !expected) return problem;
    return kindProblem(expression, this.checks.typeOf(expression, env), expected);
  }

  /** The type CEL gives `expression` (bare CEL) at `place`: `dyn` when it cannot tell or it is wrong. */
  typeOf(expression: string, place: TypePlace): string {
    return this.checks.typeOf(expression, this.environment(place));
  }

  /** The type of a list's elements, for `item`: `dyn` unless `expression` surely gives a typed list. */
  elementType(expression: string, place: TypePlace): string {
    return /^list<(.+)>$/.exec(this.checks.typeOf(expression, this.environment(place)))?.[1] ?? 'dyn';
  }

  /** The environment that checks expressions at `place`; undefined when its names cannot be typed. */
  private environment(place: TypePlace): Environment | undefined {
    const result = place.result && place.step !== undefined ? (this.results.get(place.step) ?? 'dyn') : undefined;
    const key = `${place.item ?? ''}:${place.item ? (place.itemType ?? 'dyn') : ''}:${result ?? ''}`;
    if (key === '::') return this.base;
    if (this.places.has(key)) return this.places.get(key);
    let env: Environment | undefined = this.base.clone();
    try {
      if (place.item) env.registerVariable(place.item, place.itemType ?? 'dyn').registerVariable('index', 'int');
      if (result) env.registerVariable('result', result);
    } catch {
      // an element named like a scope name (`as: inputs`) or a CEL word: leave it unchecked
      env = undefined;
    }
    this.places.set(key, env);
    return env;
  }

  /** `{ outputs }` of a step: its action's output fields, a list of them for a `forEach` step. */
  private stepType(id: string, step: TypedStep, before: ReadonlyMap<string, TypedStep>): string {
    const outputs = step.values ? this.valuesType(id, step.values, before) : this.outputsType(id, step);
    if (step.action && step.named.length === 0) this.results.set(id, outputs);
    else if (step.action) this.results.set(id, this.register(outputShape(step.action)));
    const wrapper = `tourflow.step.${step.forEach ? 'each.' : ''}${outputs}`;
    return this.register({ name: wrapper, fields: { outputs: step.forEach ? { list: outputs } : outputs } });
  }

  private outputsType(id: string, step: TypedStep): string {
    if (!step.outputs) return 'dyn';
    if (step.action && step.named.length === 0) return this.register(outputShape(step.action));
    const known = step.action ? outputShape(step.action).fields : {};
    const fields: Record<string, Shape> = {};
    for (const name of step.outputs) fields[name] = step.named.includes(name) ? 'dyn' : (known[name] ?? 'dyn');
    return this.register({ name: `tourflow.outputs.${id}`, fields });
  }

  /**
   * A `set` step's outputs: each value's type, an expression's as CEL gives it in a scope of the
   * steps declared before it (one that reads a later step, or is wrong, gives `dyn`).
   */
  private valuesType(
    id: string,
    values: Readonly<Record<string, unknown>>,
    before: ReadonlyMap<string, TypedStep>,
  ): string {
    let types = this.valueTypes.get(id);
    if (!types) {
      let earlier: TypeScope | undefined;
      types = {};
      for (const [name, value] of Object.entries(values)) {
        const expression = typeof value === 'string' && isTemplate(value) ? unwrapExpression(value) : undefined;
        if (expression === undefined || typeof value !== 'string' || expression === value.trim())
          types[name] = literalType(value);
        else
          types[name] = (earlier ??= new TypeScope(this.inputs, before, this.events, this.valueTypes)).typeOf(
            expression,
            { step: id },
          );
      }
      this.valueTypes.set(id, types);
    }
    try {
      return this.register({ name: `tourflow.outputs.${id}`, fields: types });
    } catch {
      // a type the scope before it knew and this one does not: leave the values unchecked
      return this.register({
        name: `tourflow.outputs.${id}.dyn`,
        fields: Object.fromEntries(Object.keys(types).map((name) => [name, 'dyn'])),
      });
    }
  }

  /** Registers the map types in `shape` once; returns its type name. */
  private register(shape: Shape): string {
    if (typeof shape === 'string') return shape;
    if ('list' in shape) return `list<${this.register(shape.list)}>`;
    if ('map' in shape) return `map<string, ${this.register(shape.map)}>`;
    if (!this.registered.has(shape.name)) {
      const fields: Record<string, string> = {};
      for (const [name, inner] of Object.entries(shape.fields)) fields[name] = this.register(inner);
      this.base.registerType(shape.name, { fields });
      this.registered.add(shape.name);
      this.fields.set(shape.name, Object.keys(fields));
    }
    return shape.name;
  }
}

/** `event`: its record typed when every trigger watches the same kind of record. */
function eventShape(events: readonly TriggerResource[]): Shape {
  const kinds = [...new Set(events)];
  const only = kinds.length === 1 ? (kinds[0] as TriggerResource) : undefined;
  const record: Shape = only
    ? { name: `tourflow.event.${only}`, fields: Object.fromEntries(RECORD_FIELDS[only].map((field) => [field, 'dyn'])) }
    : 'dyn';
  const fields: Record<string, Shape> = Object.fromEntries(EVENT_FIELDS.map((field) => [field, 'dyn']));
  for (const field of ['trigger', 'kind', 'resource', 'tourId', 'recordId', 'detectedAt']) fields[field] = 'string';
  return { name: `tourflow.event${only ? `.of.${only}` : ''}`, fields: { ...fields, record, changes: { map: 'dyn' } } };
}

/** The type of a value written out: text (also with expressions in it), a number, a boolean; else `dyn`. */
function literalType(value: unknown): string {
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'double';
  return 'dyn';
}

function inputType(name: string, input: Pick<PlanInput, 'type' | 'items' | 'fields'>): Shape {
  if (input.type === InputType.list && input.fields) {
    // a row declares its fields: reading another (`guest.eMail` for `email`) is a mistake before the run
    const fields = Object.fromEntries(
      Object.entries(input.fields).map(([field, declared]) => [field, INPUT_TYPES[declared.type]]),
    );
    return { list: { name: `tourflow.inputs.${name}`, fields } };
  }
  if (input.type === InputType.list && input.items) return `list<${INPUT_TYPES[input.items]}>`;
  return INPUT_TYPES[input.type];
}

const shapes = new WeakMap<OutputSchema, { name: string; fields: Record<string, Shape> }>();

/** An action's outputs as a map type named after the action (actions sharing a schema share it). */
function outputShape({ name, outputs }: TypedAction): { name: string; fields: Record<string, Shape> } {
  let shape = shapes.get(outputs);
  if (!shape)
    shapes.set(
      outputs,
      (shape = objectShape(
        z.toJSONSchema(outputs, { io: 'output', unrepresentable: 'any' }) as JsonSchema,
        `${TYPE_PREFIX}${name}`,
      )),
    );
  return shape;
}

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
}

function objectShape(schema: JsonSchema, name: string): { name: string; fields: Record<string, Shape> } {
  const fields: Record<string, Shape> = {};
  for (const [field, inner] of Object.entries(schema.properties ?? {}))
    fields[field] = shapeOf(inner, `${name}.${field}`);
  return { name, fields };
}

/** The CEL shape of a JSON Schema: what zod's output schemas become. */
function shapeOf(schema: JsonSchema, name: string): Shape {
  const types = (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []).filter(
    (type) => type !== 'null',
  );
  if (types.length !== 1) return 'dyn';
  switch (types[0]) {
    case 'string':
      return 'string';
    case 'integer':
      return 'int';
    case 'boolean':
      return 'bool';
    case 'array':
      return { list: schema.items ? shapeOf(schema.items, name) : 'dyn' };
    case 'object':
      if (schema.properties) return objectShape(schema, name);
      return {
        map: typeof schema.additionalProperties === 'object' ? shapeOf(schema.additionalProperties, name) : 'dyn',
      };
    default:
      // `number`: an int or a double by the value
      return 'dyn';
  }
}
