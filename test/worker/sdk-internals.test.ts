/**
 * The SDK internals tourflow relies on are fenced: each check accepts the SDK as installed and
 * refuses the shape an upgrade that moved it would leave, with a message naming it.
 */
import * as activitySdk from '@temporalio/activity';
import * as common from '@temporalio/common';
import { describe, expect, it } from 'vitest';
import { compileForNode, readIntrinsicsOnce, type Compiler } from '../../worker/worker.ts';
import { SdkInternalsError, contextStorage, durationParser, msToNumber } from '../../workflows/sdk-internals.ts';

type WebpackConfig = Parameters<typeof compileForNode>[0];
const CHECKLIST = 'follow the SDK-upgrade checklist in workflows/ARCHITECTURE.md';

describe("@temporalio/common's msToNumber", () => {
  it('reads durations as Temporal does', () => {
    expect(durationParser(common)('90s')).toBe(90_000);
    expect(msToNumber('1m')).toBe(60_000);
  });

  it.each([
    ['gone', {}],
    ['not a function', { msToNumber: '30s' }],
    ['reading durations otherwise', { msToNumber: (value: string | number) => Number.parseInt(String(value), 10) }],
    [
      'throwing',
      {
        msToNumber: () => {
          throw new Error('moved');
        },
      },
    ],
  ])('is refused when %s', (_, moved) => {
    expect(() => durationParser(moved)).toThrow(
      new SdkInternalsError(
        "@temporalio/common's msToNumber",
        'reading durations such as 30s as Temporal reads the activity options it is handed',
      ),
    );
    expect(() => durationParser(moved)).toThrow(
      "the Temporal SDK no longer has @temporalio/common's msToNumber as tourflow uses it (reading durations such as 30s as Temporal reads the activity options it is handed); " +
        `an SDK upgrade moved or changed it: ${CHECKLIST}`,
    );
  });
});

describe("@temporalio/activity's asyncLocalStorage", () => {
  it('is the storage activities run in', () => {
    expect(contextStorage(activitySdk)).toBe(activitySdk.asyncLocalStorage);
  });

  it.each([
    ['gone', {}],
    ['no storage', { asyncLocalStorage: null }],
    ['without run', { asyncLocalStorage: { getStore: () => undefined } }],
  ])('is refused when %s', (_, moved) => {
    expect(() => contextStorage(moved)).toThrow(
      "the Temporal SDK no longer has @temporalio/activity's asyncLocalStorage as tourflow uses it (finding the activity a call runs in without a thrown error per call (activities/current.ts)); " +
        `an SDK upgrade moved or changed it: ${CHECKLIST}`,
    );
  });
});

describe("the workflow bundler's configuration", () => {
  const swcRule = () => ({ test: /\.ts$/, use: { loader: 'swc-loader', options: { jsc: { target: 'es2017' } } } });

  it('compiles TypeScript for ES2022 and adds the intrinsics plugin', () => {
    const rule = swcRule();
    const config = compileForNode({
      module: { rules: [{ test: /\.js$/, use: ['source-map-loader'] }, rule] },
      plugins: [],
    } as WebpackConfig);
    expect(rule.use.options.jsc.target).toBe('es2022');
    expect(config.plugins).toHaveLength(1);
  });

  it.each([
    ['has no rules', {}],
    [
      'compiles TypeScript with another loader',
      { module: { rules: [{ test: /\.ts$/, use: { loader: 'esbuild-loader', options: { target: 'es2017' } } }] } },
    ],
    [
      'lists its loaders differently',
      {
        module: { rules: [{ test: /\.ts$/, use: [{ loader: 'swc-loader', options: { jsc: { target: 'es2017' } } }] }] },
      },
    ],
  ])('is refused when it %s', (_, moved) => {
    expect(() => compileForNode(moved as WebpackConfig)).toThrow(
      "the Temporal SDK no longer has a TypeScript rule (swc-loader with options.jsc.target) in the workflow bundler's webpack configuration as tourflow uses it " +
        `(compiling workflow sources for ES2022: compileForNode in worker/worker.ts); an SDK upgrade moved or changed it: ${CHECKLIST}`,
    );
  });

  it("refuses a compiler without webpack's ProvidePlugin", () => {
    expect(() => readIntrinsicsOnce({} as Compiler)).toThrow(SdkInternalsError);
    expect(() => readIntrinsicsOnce({ webpack: {} })).toThrow(
      "the Temporal SDK no longer has webpack's ProvidePlugin on the workflow bundler's compiler",
    );
  });
});
