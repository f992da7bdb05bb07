/** Every action has an example step, and each compiles: the docs and the editor schema show only what the compiler takes. */
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { actions, findAction } from '../../definitions/actions/index.ts';
import { ACTION_EXAMPLES } from '../../definitions/actions/examples.ts';
import { compilePlaybookSource, formatErrors } from '../../definitions/index.ts';
import type { JsonObject } from '../../definitions/plan-types.ts';

describe('action examples', () => {
  it('cover every action and no other', () => {
    expect(Object.keys(ACTION_EXAMPLES).sort()).toEqual(actions.map((action) => action.name).sort());
  });

  it.each(actions.map((action) => [action.name]))('%s compiles', async (name) => {
    const step = {
      id: 'example',
      action: name,
      with: ACTION_EXAMPLES[name],
      ...(findAction(name)?.destructive?.(ACTION_EXAMPLES[name] as JsonObject) ? { allowDestroy: true } : {}),
    };
    const text = stringify({
      apiVersion: 'tourflow/v1',
      name: 'example',
      inputs: { tourId: { type: 'string' } },
      steps: [step],
    });
    const { errors, sources } = await compilePlaybookSource(text, { file: 'definitions/playbooks/example.yaml' });
    expect(formatErrors(errors, sources)).toBe('');
  });
});
