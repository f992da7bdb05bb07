/**
 * Which test covers what issue 21 asks of every write action, checked against the catalogue by
 * write-coverage.test.ts: a write action missing here, or a test named here that no longer
 * exists or no longer runs the action, fails it.
 *
 * A test is `file > title` (the file in test/actions, or test/e2e for `e2e`). Every one of them
 * runs the action against the sandbox over HTTP: the contract test.
 * - `undo`: the test snapshots the store before the step, runs its undo and compares (equal, or
 *   the difference it documents); `{ none }` says why there is nothing to undo (the catalogue
 *   declares no undo call for the action).
 * - `lostAnswer`: the test loses the write's answer after the commit (dropAfterCommit) and shows
 *   exactly one record or change after the next attempt.
 */

/** `file > title` of a test. */
export type TestRef = string;

export interface WriteCoverage {
  undo: TestRef | { none: string };
  lostAnswer: TestRef;
}

export const WRITE_COVERAGE: Readonly<Record<string, WriteCoverage>> = {
  'tour.create': {
    undo: 'lost-answers.test.ts > tour.create: one tour with its days; the undo deletes it',
    lostAnswer: 'lost-answers.test.ts > tour.create: one tour with its days; the undo deletes it',
  },
  'tour.update': {
    undo: 'lost-answers.test.ts > tour.update: renamed and a day added once; the undo puts both back',
    lostAnswer: 'lost-answers.test.ts > tour.update: renamed and a day added once; the undo puts both back',
  },
  'tour.delete': {
    undo: { none: 'destructive: the API has no tour restore' },
    lostAnswer: 'record-edits.test.ts > bulletin, venue, stay and tour deletes are destructive, cannot be undone, and survive a lost answer',
  },
  'schedule.item.create': {
    undo: 'lost-answers.test.ts > schedule.item.create: one item; the undo deletes it',
    lostAnswer: 'lost-answers.test.ts > schedule.item.create: one item; the undo deletes it',
  },
  'schedule.items.create': {
    undo: 'schedule.test.ts > schedule.items.create sends batches in order across days; the same key creates nothing new; the undo deletes them',
    lostAnswer: 'schedule.test.ts > a batch whose answer was lost after the commit is not written again by the next attempt',
  },
  'schedule.item.update': {
    undo: 'schedule.test.ts > schedule.item.update renames, confirms and re-tags; the prepared write-back restores it',
    lostAnswer: 'schedule-edits.test.ts > moves an item, sets location, notes, all-day, status type and color; the undo writes every field back',
  },
  'schedule.item.delete': {
    undo: 'schedule.test.ts > schedule.item.delete is undone by a restore',
    lostAnswer: 'call-retries.test.ts > a delete whose answer was lost is sent again, finds the record gone, and is done',
  },
  'schedule.item.restore': {
    undo: 'schedule-edits.test.ts > schedule.item.restore brings a deleted item back; its undo deletes it again',
    lostAnswer: 'schedule-edits.test.ts > schedule.item.restore brings a deleted item back; its undo deletes it again',
  },
  'schedule.confirmAll': {
    undo: 'lost-answers.test.ts > schedule.confirmAll: the day confirmed once; the undo sets each item back',
    lostAnswer: 'lost-answers.test.ts > schedule.confirmAll: the day confirmed once; the undo sets each item back',
  },
  'schedule.template.create': {
    undo: 'lost-answers.test.ts > schedule.template.create: one template; the undo deletes it',
    lostAnswer: 'lost-answers.test.ts > schedule.template.create: one template; the undo deletes it',
  },
  'schedule.template.apply': {
    undo: 'templates.test.ts > MERGE apply adds the template’s items; the undo removes exactly those',
    lostAnswer: 'templates.test.ts > REPLACE whose answer was lost is sent again with its key, and reports and undoes the items it replaced',
  },
  'schedule.template.undoApply': {
    undo: 'templates.test.ts > schedule.template.undoApply removes the template’s items; its prepared undo restores them',
    lostAnswer: 'templates.test.ts > schedule.template.undoApply whose answer was lost removes the items once; its prepared undo restores them',
  },
  'schedule.template.rename': {
    undo: 'schedule-edits.test.ts > schedule.template.rename renames by name; its undo puts the name back',
    lostAnswer: 'schedule-edits.test.ts > schedule.template.rename renames by name; its undo puts the name back',
  },
  'schedule.template.delete': {
    undo: 'names-in-deletes.test.ts > passType.delete and schedule.template.delete take the name; each undo restores the record',
    lostAnswer: 'schedule-edits.test.ts > schedule.template.delete and .restore each undo to the state before',
  },
  'schedule.template.restore': {
    undo: 'schedule-edits.test.ts > schedule.template.delete and .restore each undo to the state before',
    lostAnswer: 'schedule-edits.test.ts > schedule.template.delete and .restore each undo to the state before',
  },
  'tag.create': {
    undo: 'lost-answers.test.ts > tag.create: one tag; the undo deletes it',
    lostAnswer: 'lost-answers.test.ts > tag.create: one tag; the undo deletes it',
  },
  'tag.delete': {
    undo: { none: 'destructive: the API has no tag restore' },
    lostAnswer: 'call-retries.test.ts > a delete whose answer was lost is sent again, finds the record gone, and is done',
  },
  'tag.update': {
    undo: 'schedule-edits.test.ts > tag.update renames and recolours; its undo puts both back',
    lostAnswer: 'schedule-edits.test.ts > tag.update renames and recolours; its undo puts both back',
  },
  'schedule.item.setTags': {
    undo: 'lost-answers.test.ts > schedule.item.setTags, addTags and removeTags: the tags written once; each undo puts the item’s tags back',
    lostAnswer: 'lost-answers.test.ts > schedule.item.setTags, addTags and removeTags: the tags written once; each undo puts the item’s tags back',
  },
  'schedule.item.addTags': {
    undo: 'lost-answers.test.ts > schedule.item.setTags, addTags and removeTags: the tags written once; each undo puts the item’s tags back',
    lostAnswer: 'lost-answers.test.ts > schedule.item.setTags, addTags and removeTags: the tags written once; each undo puts the item’s tags back',
  },
  'schedule.item.removeTags': {
    undo: 'lost-answers.test.ts > schedule.item.setTags, addTags and removeTags: the tags written once; each undo puts the item’s tags back',
    lostAnswer: 'lost-answers.test.ts > schedule.item.setTags, addTags and removeTags: the tags written once; each undo puts the item’s tags back',
  },
  'venue.create': {
    undo: 'lost-answers.test.ts > venue.create, venue.update: one venue, one change; each undo brings the store back',
    lostAnswer: 'lost-answers.test.ts > venue.create, venue.update: one venue, one change; each undo brings the store back',
  },
  'venue.update': {
    undo: 'lost-answers.test.ts > venue.create, venue.update: one venue, one change; each undo brings the store back',
    lostAnswer: 'lost-answers.test.ts > venue.create, venue.update: one venue, one change; each undo brings the store back',
  },
  'venue.delete': {
    undo: { none: 'destructive: the API has no venue restore' },
    lostAnswer: 'record-edits.test.ts > bulletin, venue, stay and tour deletes are destructive, cannot be undone, and survive a lost answer',
  },
  'stay.create': {
    undo: 'lost-answers.test.ts > stay.create, stay.update: one stay, one change; each undo brings the store back',
    lostAnswer: 'lost-answers.test.ts > stay.create, stay.update: one stay, one change; each undo brings the store back',
  },
  'stay.update': {
    undo: 'lost-answers.test.ts > stay.create, stay.update: one stay, one change; each undo brings the store back',
    lostAnswer: 'lost-answers.test.ts > stay.create, stay.update: one stay, one change; each undo brings the store back',
  },
  'stay.delete': {
    undo: { none: 'destructive: the API has no stay restore' },
    lostAnswer: 'record-edits.test.ts > bulletin, venue, stay and tour deletes are destructive, cannot be undone, and survive a lost answer',
  },
  'room.assign': {
    undo: 'lost-answers.test.ts > room.assign: one room; the undo deletes it',
    lostAnswer: 'lost-answers.test.ts > room.assign: one room; the undo deletes it',
  },
  'room.delete': {
    undo: 'names-in-deletes.test.ts > room.delete takes the stay and the room’s number or name; the undo restores the room',
    lostAnswer: 'rooms.test.ts > a room delete whose answer was lost is sent again, finds the room gone, and is done',
  },
  'room.restore': {
    undo: 'record-edits.test.ts > room.restore brings a deleted room back; the undo deletes it again',
    lostAnswer: 'record-edits.test.ts > room.restore brings a deleted room back; the undo deletes it again',
  },
  'contact.create': {
    undo: { none: 'the API cannot delete key contacts: the undo fails saying the contact stays (lost-answers.test.ts checks it)' },
    lostAnswer: 'lost-answers.test.ts > contact.create and contact.link: one contact, linked once; the link’s undo unlinks, the contact’s undo says it stays (the API cannot delete it)',
  },
  'contact.link': {
    undo: 'lost-answers.test.ts > contact.create and contact.link: one contact, linked once; the link’s undo unlinks, the contact’s undo says it stays (the API cannot delete it)',
    lostAnswer: 'lost-answers.test.ts > contact.create and contact.link: one contact, linked once; the link’s undo unlinks, the contact’s undo says it stays (the API cannot delete it)',
  },
  'contact.update': {
    undo: 'contact-edits.test.ts > contact.update edits a key contact found by e-mail; the undo puts the previous values back',
    lostAnswer: 'contact-edits.test.ts > contact.update edits a key contact found by e-mail; the undo puts the previous values back',
  },
  'contact.ensure': {
    undo: { none: 'a contact found changes nothing; one created stays, as with contact.create' },
    lostAnswer: 'contact-edits.test.ts > contact.ensure finds a contact by e-mail, else by name, and adds one only when the book has none, once after a lost answer',
  },
  'contacts.set': {
    undo: 'contact-edits.test.ts > contacts.set adds e-mails, phones and URLs to a venue once after a lost answer; the undo removes them',
    lostAnswer: 'contact-edits.test.ts > contacts.set adds e-mails, phones and URLs to a venue once after a lost answer; the undo removes them',
  },
  'customField.add': {
    undo: 'custom-fields.test.ts > customField.add puts a premade field on a venue by its label, once after a lost answer; the undo removes it',
    lostAnswer: 'custom-fields.test.ts > customField.add puts a premade field on a venue by its label, once after a lost answer; the undo removes it',
  },
  'customField.update': {
    undo: 'custom-fields.test.ts > customField.update renames a field and changes its value; the undo puts both back',
    lostAnswer: 'custom-fields.test.ts > customField.update renames a field and changes its value; the undo puts both back',
  },
  'customField.remove': {
    undo: 'custom-fields.test.ts > customField.remove takes a field off once, also when its answer was lost; the undo adds it back under a new ID',
    lostAnswer: 'custom-fields.test.ts > customField.remove takes a field off once, also when its answer was lost; the undo adds it back under a new ID',
  },
  'guest.create': {
    undo: 'lost-answers.test.ts > guest.create, guest.update: one entry, one change; each undo brings the store back',
    lostAnswer: 'lost-answers.test.ts > guest.create, guest.update: one entry, one change; each undo brings the store back',
  },
  'guest.update': {
    undo: 'lost-answers.test.ts > guest.create, guest.update: one entry, one change; each undo brings the store back',
    lostAnswer: 'lost-answers.test.ts > guest.create, guest.update: one entry, one change; each undo brings the store back',
  },
  'guest.delete': {
    undo: 'names-in-deletes.test.ts > guest.delete takes the guest’s name on a day; a failure never repeats it',
    lostAnswer: 'record-edits.test.ts > guest.delete deletes an entry; the undo restores it with its passes',
  },
  'guest.restore': {
    undo: 'record-edits.test.ts > guest.restore brings a deleted entry back; the undo deletes it again',
    lostAnswer: 'record-edits.test.ts > guest.restore brings a deleted entry back; the undo deletes it again',
  },
  'guests.setStatus': {
    undo: 'lost-answers.test.ts > guests.setStatus: approved once; the undo puts each entry’s status back',
    lostAnswer: 'lost-answers.test.ts > guests.setStatus: approved once; the undo puts each entry’s status back',
  },
  'guests.configureDay': {
    undo: 'files.test.ts > guests.configureDay sets cap, lock, cut-off and pass caps despite a lost answer; the undo writes the previous configuration back',
    lostAnswer: 'files.test.ts > guests.configureDay sets cap, lock, cut-off and pass caps despite a lost answer; the undo writes the previous configuration back',
  },
  'passType.create': {
    undo: 'lost-answers.test.ts > passType.create and bulletin.create: one record each; each undo deletes it',
    lostAnswer: 'lost-answers.test.ts > passType.create and bulletin.create: one record each; each undo deletes it',
  },
  'passType.update': {
    undo: 'record-edits.test.ts > passType.update renames and sets the quantity; the undo puts the old values back',
    lostAnswer: 'record-edits.test.ts > passType.update renames and sets the quantity; the undo puts the old values back',
  },
  'passType.delete': {
    undo: 'names-in-deletes.test.ts > passType.delete and schedule.template.delete take the name; each undo restores the record',
    lostAnswer: 'record-edits.test.ts > passType.delete with force needs allowDestroy; forced, the undo restores it',
  },
  'passType.restore': {
    undo: 'record-edits.test.ts > passType.restore brings a deleted pass type back; the undo deletes it again',
    lostAnswer: 'record-edits.test.ts > passType.restore brings a deleted pass type back; the undo deletes it again',
  },
  'bulletin.create': {
    undo: 'lost-answers.test.ts > passType.create and bulletin.create: one record each; each undo deletes it',
    lostAnswer: 'lost-answers.test.ts > passType.create and bulletin.create: one record each; each undo deletes it',
  },
  'bulletin.update': {
    undo: 'names-in-deletes.test.ts > bulletin.update takes the bulletin by title; the undo puts it back',
    lostAnswer: 'names-in-deletes.test.ts > bulletin.update takes the bulletin by title; the undo puts it back',
  },
  'bulletin.delete': {
    undo: { none: 'destructive: the API has no bulletin restore' },
    lostAnswer: 'record-edits.test.ts > bulletin, venue, stay and tour deletes are destructive, cannot be undone, and survive a lost answer',
  },
  'file.upload': {
    undo: { none: 'the API has no call to delete an uploaded file: it stays in storage, held by no record' },
    lostAnswer: 'files.test.ts > file.upload whose answer was lost stores one file: the attempt with the same key gets the first answer',
  },
  'file.attach': {
    undo: 'files.test.ts > file.attach by name to a schedule item, venue, stay and pass type: one attachment despite a lost answer; the undo detaches it',
    lostAnswer: 'files.test.ts > file.attach by name to a schedule item, venue, stay and pass type: one attachment despite a lost answer; the undo detaches it',
  },
  'file.remove': {
    undo: 'files.test.ts > file.remove takes a file off its record by name; the undo attaches the same stored file again (a new file ID)',
    lostAnswer: 'files.test.ts > file.remove whose answer is lost is sent again under the per-call retries and removes exactly one file',
  },
};

/**
 * The write actions as users think of them, each group with the end-to-end tests that run some
 * of its actions in a playbook on the real dev server (test/e2e).
 */
export const E2E_GROUPS: Readonly<Record<string, { actions: string[]; e2e: TestRef[] }>> = {
  tours: {
    actions: ['tour.create', 'tour.update', 'tour.delete'],
    e2e: ['create-tour.test.ts > leaves nothing behind when a later write fails', 'record-edits.test.ts > with allowDestroy deletes the bulletin, the venue, the stay and the tour'],
  },
  'schedule items': {
    actions: ['schedule.item.create', 'schedule.items.create', 'schedule.item.update', 'schedule.item.delete', 'schedule.item.restore', 'schedule.confirmAll'],
    e2e: ['edit-tour.test.ts > a failing last step undoes every edit: the tour is as it was'],
  },
  'schedule templates': {
    actions: ['schedule.template.create', 'schedule.template.apply', 'schedule.template.undoApply', 'schedule.template.rename', 'schedule.template.delete', 'schedule.template.restore'],
    e2e: ['lost-responses.test.ts > rolls back a REPLACE whose answers were all lost, restoring the items it replaced', 'edit-tour.test.ts > a failing last step undoes every edit: the tour is as it was'],
  },
  tags: {
    actions: ['tag.create', 'tag.delete', 'tag.update', 'schedule.item.setTags', 'schedule.item.addTags', 'schedule.item.removeTags'],
    e2e: ['name-playbooks.test.ts > tag-items tags every Soundcheck, creating the tag; a second run finds them tagged and changes nothing', 'edit-tour.test.ts > a failing last step undoes every edit: the tour is as it was'],
  },
  'custom fields': {
    actions: ['customField.add', 'customField.update', 'customField.remove'],
    e2e: ['fields-contacts.test.ts > a failing last step undoes every field and contact change'],
  },
  'venues, stays and contacts': {
    actions: ['venue.create', 'venue.update', 'venue.delete', 'stay.create', 'stay.update', 'stay.delete', 'contact.create', 'contact.link', 'contact.update', 'contact.ensure', 'contacts.set'],
    e2e: [
      'name-playbooks.test.ts > update-stay-and-venue changes a check-in time and a capacity by their titles, and rolls both back on failure',
      'fields-contacts.test.ts > a failing last step undoes every field and contact change',
    ],
  },
  rooms: {
    actions: ['room.assign', 'room.delete', 'room.restore'],
    e2e: ['record-edits.test.ts > a failing last step undoes the pass type, guest list and room edits, deletes and restores: the store is as before'],
  },
  'guest list': {
    actions: ['guest.create', 'guest.update', 'guest.delete', 'guest.restore', 'guests.setStatus', 'guests.configureDay'],
    e2e: ['record-edits.test.ts > a failing last step undoes the pass type, guest list and room edits, deletes and restores: the store is as before'],
  },
  'pass types': {
    actions: ['passType.create', 'passType.update', 'passType.delete', 'passType.restore'],
    e2e: ['record-edits.test.ts > a failing last step undoes the pass type, guest list and room edits, deletes and restores: the store is as before'],
  },
  bulletins: {
    actions: ['bulletin.create', 'bulletin.update', 'bulletin.delete'],
    e2e: ['edit-tour.test.ts > a failing last step undoes every edit: the tour is as it was'],
  },
  files: {
    actions: ['file.upload', 'file.attach', 'file.remove'],
    e2e: ['files.test.ts > a failing last step undoes the attach, the removal and the day configuration'],
  },
};
