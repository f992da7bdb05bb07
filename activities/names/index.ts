/** Names in playbooks resolved to records, by one rule (`pick.ts`). */
export { ambiguousName, foldName, matchAll, nearestNames, NameFailure, pick, unknownName, type Candidate, type PickContext } from './pick.ts';
export { matchPerson, peopleOf, pickPerson, readTourPeople, refText, type PersonRef, type TourPerson } from './people.ts';
export {
  clockOf,
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
  type NameRef,
} from './records.ts';
