/** Names in playbooks resolved to records, by one rule (`pick.ts`). */
export { ambiguousName, foldName, matchAll, nearestNames, NameFailure, pick, unknownName, type Candidate, type PickContext } from './pick.ts';
export { matchPerson, peopleOf, pickPerson, readTourPeople, refText, type PersonRef, type TourPerson } from './people.ts';
export {
  clockOf,
  itemIdOf,
  itemOf,
  pickBulletin,
  pickItem,
  pickPassType,
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
  stayIdOf,
  venueIdOf,
  type NameRef,
} from './records.ts';
export { pickGuest } from './guests.ts';
