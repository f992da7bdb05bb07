/** Schedule items restored. */
import { restoreAction } from './by-id.ts';

export const scheduleItemRestore = restoreAction(
  { prefix: 'schedule.item', noun: 'schedule item', idArg: 'itemId', path: '/v1/schedule/items/{itemId}' },
  'Bring back a deleted schedule item, its content intact.',
);
