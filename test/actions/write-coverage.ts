/**
 * What every write action's tests must show, checked against the catalogue by
 * write-coverage.test.ts. A test says what it covers by calling `coversAction` (test/actions) or
 * `coversGroup` (test/e2e) in its body; the check finds those calls, so a test may be renamed
 * freely, and a write action no test covers fails it.
 *
 * Every test in test/actions runs its action against the sandbox over HTTP: the contract test.
 * - `undo`: the test snapshots the store before the step, runs its undo and compares (equal, or
 *   the difference it documents); `NO_UNDO` says why an action has nothing to undo (the
 *   catalogue declares no undo call for it).
 * - `lostAnswer`: the test loses the write's answer after the commit (dropAfterCommit) and shows
 *   exactly one record or change after the next attempt.
 */

/** What a test of a write action shows. */
export type Concern = 'undo' | 'lostAnswer';

/** Declares, in a test's body, that the test shows `concerns` of the write action `action`. */
export function coversAction(action: string, ...concerns: [Concern, ...Concern[]]): void {
  void action;
  void concerns;
}

/** Why a write action has no undo to test. */
export const NO_UNDO: Readonly<Record<string, string>> = {
  'tour.delete': 'destructive: the API has no tour restore',
  'tag.delete': 'destructive: the API has no tag restore',
  'venue.delete': 'destructive: the API has no venue restore',
  'stay.delete': 'destructive: the API has no stay restore',
  'contact.create':
    'the API cannot delete key contacts: the undo fails saying the contact stays (lost-answers.test.ts checks it)',
  'contact.ensure': 'a contact found changes nothing; one created stays, as with contact.create',
  'bulletin.delete': 'destructive: the API has no bulletin restore',
  'file.upload': 'the API has no call to delete an uploaded file: it stays in storage, held by no record',
  notify: 'a message posted to a chat webhook cannot be called back: it stays in the channel',
};

/**
 * The write actions as users think of them; each group needs an end-to-end test (test/e2e) that
 * runs some of its actions in a playbook on the real dev server.
 */
export const E2E_GROUPS = {
  tours: ['tour.create', 'tour.update', 'tour.delete'],
  'schedule items': [
    'schedule.item.create',
    'schedule.items.create',
    'schedule.item.update',
    'schedule.item.delete',
    'schedule.item.restore',
    'schedule.confirmAll',
  ],
  'schedule templates': [
    'schedule.template.create',
    'schedule.template.apply',
    'schedule.template.undoApply',
    'schedule.template.rename',
    'schedule.template.delete',
    'schedule.template.restore',
  ],
  tags: [
    'tag.create',
    'tag.delete',
    'tag.update',
    'schedule.item.setTags',
    'schedule.item.addTags',
    'schedule.item.removeTags',
  ],
  'custom fields': ['customField.add', 'customField.update', 'customField.remove'],
  'venues, stays and contacts': [
    'venue.create',
    'venue.update',
    'venue.delete',
    'stay.create',
    'stay.update',
    'stay.delete',
    'contact.create',
    'contact.link',
    'contact.update',
    'contact.ensure',
    'contacts.set',
  ],
  rooms: ['room.assign', 'room.delete', 'room.restore'],
  'guest list': [
    'guest.create',
    'guest.update',
    'guest.delete',
    'guest.restore',
    'guests.setStatus',
    'guests.configureDay',
  ],
  'pass types': ['passType.create', 'passType.update', 'passType.delete', 'passType.restore'],
  bulletins: ['bulletin.create', 'bulletin.update', 'bulletin.delete'],
  files: ['file.upload', 'file.attach', 'file.remove'],
  notifications: ['notify'],
} as const satisfies Readonly<Record<string, readonly string[]>>;

/** Declares, in an end-to-end test's body, that the test runs actions of `group` in a playbook. */
export function coversGroup(group: keyof typeof E2E_GROUPS): void {
  void group;
}
