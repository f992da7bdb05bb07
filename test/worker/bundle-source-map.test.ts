/**
 * The workflow bundle's source map: a position for each line of code (stack traces of workflow
 * code name the source file and line), not for each token, and the sources' text left out: each
 * workflow thread of a worker holds the map, and parses it for the SDK's stack traces.
 */
import { describe, expect, it } from 'vitest';
import { BUNDLE_SOURCE_MAP, compileForNode, workflowBundle } from '../../worker/worker.ts';

type WebpackConfig = Parameters<typeof compileForNode>[0];

/** The source map inlined at the end of a bundle. */
function inlineMap(code: string): { sources: string[]; sourcesContent?: unknown; mappings: string } {
  const comment = code.lastIndexOf('//# sourceMappingURL=data:');
  const base64 = code.slice(code.indexOf('base64,', comment) + 'base64,'.length).trim();
  return JSON.parse(Buffer.from(base64, 'base64').toString()) as ReturnType<typeof inlineMap>;
}

describe('the workflow bundle', () => {
  it("replaces the SDK's inline source map with one by line without the sources' text", () => {
    const rule = { test: /\.ts$/, use: { loader: 'swc-loader', options: { jsc: { target: 'es2017' } } } };
    const config = compileForNode({ devtool: 'inline-source-map', module: { rules: [rule] } } as WebpackConfig);
    expect(config.devtool).toBe(BUNDLE_SOURCE_MAP);
  });

  it('maps each line to the workflow sources without carrying their text', async () => {
    const { code } = await workflowBundle();
    const map = inlineMap(code);
    expect(map.sourcesContent).toBeUndefined();
    expect(map.sources.some((source) => /workflows[/\\]interpreter\.[jt]s$/.test(source))).toBe(true);
    const lines = map.mappings.split(';');
    // one position at most per line of the bundle (a comma would start a second one)
    expect(map.mappings).not.toContain(',');
    expect(lines.filter((line) => line !== '').length).toBeGreaterThan(10_000);
    expect(code.length).toBeLessThan(1.25 * 2 ** 20);
  }, 120_000);
});
