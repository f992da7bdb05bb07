/** Names in playbooks resolved to records, by one rule (`pick.ts`). */
export {
  ambiguousName,
  foldName,
  matchAll,
  nearestNames,
  pick,
  unknownName,
  type Candidate,
  type PickContext,
} from './pick.ts';
export {
  matchPerson,
  peopleOf,
  pickPerson,
  readTourPeople,
  refText,
  type PersonRef,
  type TourPerson,
} from './people.ts';
export {
  clockOf,
  pickBulletin,
  pickItem,
  pickPassType,
  pickRoom,
  pickStay,
  pickTag,
  pickTemplate,
  pickVenue,
  readBulletins,
  readItemsOfDay,
  readPassTypeList,
  readStays,
  readTagList,
  readTemplates,
  readVenues,
  type NameRef,
} from './records.ts';
export {
  bulletinIdOf,
  goneOnRetry,
  itemIdOf,
  itemOf,
  passTypeIdOf,
  stayIdOf,
  templateIdOf,
  venueIdOf,
} from './step-refs.ts';
export { pickGuest } from './guests.ts';
export { fullNameOf, keyContactCandidates, keyContactPlace, pickKeyContact, readKeyContacts } from './contacts.ts';
