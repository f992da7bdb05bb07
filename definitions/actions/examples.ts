/**
 * One example step per action: its `with:` arguments as a playbook would write them. The docs'
 * action reference and the editor JSON Schema both show them, and a test compiles each one
 * against its action, so they cannot drift from what the compiler accepts. A tour is
 * `${{ inputs.tourId }}` (a `tour.find` step's `outputs.id` in a real playbook).
 */
import type { JsonObject } from '../plan-types.ts';

const tourId = '${{ inputs.tourId }}';
const HOTEL = { address: 'Unter den Linden 77, 10117 Berlin', lat: 52.5163, lng: 13.3805 };

/** Arguments of an example step, by action name. */
export const ACTION_EXAMPLES: Readonly<Record<string, JsonObject>> = {
  'tour.create': { name: 'Spring Tour 2027', timeZone: 'Europe/Berlin', days: [{ date: '2027-03-27', city: 'Berlin', dayType: 'Show' }, { date: '2027-03-28', city: 'Hamburg', dayType: 'Travel' }] },
  'tour.update': { tourId, name: 'Spring Tour 2027 (extended)', addDays: [{ date: '2027-03-30', city: 'Copenhagen', dayType: 'Show', timeZone: 'Europe/Copenhagen' }] },
  'tour.find': { name: 'Spring Tour 2027' },
  'tour.days': { tourId, from: '2027-03-27', to: '2027-04-10', dayTypes: ['Show'] },
  'tour.members': { tourId, role: 'Admin' },
  'org.members': { org: 'Northern Lights Touring' },
  'org.contacts': { tourId, company: 'Arena Berlin GmbH' },
  'schedule.item.list': { tourId, name: 'Soundcheck', dayTypes: ['Show'] },
  'schedule.item.create': { tourId, day: '2027-03-27', name: 'Soundcheck', start: '16:00', end: '17:30', tags: ['Production'] },
  'schedule.items.create': { tourId, items: [{ day: '2027-03-27', name: 'Load-in', start: '10:00' }, { day: '2027-03-27', name: 'Show', start: '20:30', end: '22:30' }] },
  'schedule.item.update': { tourId, day: '2027-03-27', item: 'Soundcheck', name: 'Line check', confirmed: true },
  'schedule.item.delete': { tourId, day: '2027-03-27', item: 'Line check' },
  'schedule.confirmAll': { tourId, day: '2027-03-27' },
  'schedule.template.list': { tourId, items: true },
  'schedule.template.create': { tourId, name: 'Show day', fromDay: '2027-03-27' },
  'schedule.template.apply': { tourId, template: 'Show day', day: '2027-03-29', mode: 'MERGE' },
  'schedule.template.undoApply': { tourId, template: 'Show day', day: '2027-03-29' },
  'tag.list': { tourId },
  'tag.create': { tourId, name: 'Production', color: 'Green' },
  'tag.delete': { tourId, tag: 'Old tag' },
  'schedule.item.setTags': { tourId, day: '2027-03-27', item: 'Soundcheck', tags: ['Production', 'Band'] },
  'schedule.item.addTags': { tourId, day: '2027-03-27', item: 'Soundcheck', tags: ['Production'] },
  'schedule.item.removeTags': { tourId, day: '2027-03-27', item: 'Soundcheck', tags: ['Band'] },
  'venue.list': { tourId, from: '2027-03-27', to: '2027-04-03', category: 'Arena' },
  'venue.create': { tourId, day: '2027-03-27', title: 'Uber Arena', category: 'Arena', capacity: 17000, location: { address: 'Mercedes-Platz 1, 10243 Berlin', lat: 52.5053, lng: 13.4431 } },
  'venue.update': { tourId, venue: 'Uber Arena', capacity: 15000 },
  'stay.list': { tourId, from: '2027-03-27', to: '2027-03-28', rooms: true },
  'stay.create': { tourId, title: 'Hotel Adlon', location: HOTEL, timeZone: 'Europe/Berlin', checkIn: { date: '2027-03-27', time: '15:00' }, checkOut: { date: '2027-03-29', time: '11:00' } },
  'stay.update': { tourId, stay: 'Hotel Adlon', checkInTime: '13:00', confirmed: true },
  'room.list': { tourId, stay: 'Hotel Adlon' },
  'room.assign': { tourId, stay: 'Hotel Adlon', roomNumber: 101, roomType: 'Double', people: ['Sam Rivera', 'priya.natarajan@example.com'] },
  'room.delete': { roomId: 412 },
  'contact.list': { tourId, venue: 'Uber Arena' },
  'contact.create': { tourId, firstName: 'Lena', lastName: 'Vogt', role: 'Promoter', company: 'Arena Berlin GmbH', phone: { country: 49, number: '30 1234567' } },
  'contact.link': { contactId: 17, tourId, venue: 'Uber Arena' },
  'customField.list': { tourId, stay: 'Hotel Adlon' },
  'guest.create': { tourId, day: '2027-03-27', firstName: 'Ada', lastName: 'Lindholm', guests: 2, pickup: 'Will Call', passes: [{ type: 'VIP', count: 2 }], requester: 'Sam Rivera' },
  'guest.update': { tourId, day: '2027-03-27', guest: 'Ada Lindholm', guests: 3, pickup: 'Will Call', passes: [{ type: 'VIP', count: 3 }] },
  'guests.select': { tourId, select: { from: '2027-03-27', to: '2027-03-29', status: ['Pending'] } },
  'guests.setStatus': { tourId, status: 'Approved', select: { status: ['Pending'], maxGuests: 4 } },
  'passType.list': { tourId },
  'passType.create': { tourId, name: 'VIP', description: 'Side of stage' },
  'bulletin.list': { tourId, pinned: true },
  'bulletin.create': { tourId, day: '2027-03-27', title: 'Bus call', body: 'The bus leaves the hotel at 09:00.', pinned: true },
  'file.list': { tourId, day: '2027-03-27', on: ['venue', 'stay'] },
  'daySheet.data': { tourId, day: '2027-03-27' },
  'daySheet.render': { tourId, to: '2027-03-29' },
  lookup: { group: 'hotelRoomTypes', name: 'Double' },
  approval: { message: 'Approve 42 guests for Berlin?', timeout: '24h' },
  'playbook.run': { playbook: 'create-tour.yaml', inputs: { name: 'Spring Tour 2027', timeZone: 'Europe/Berlin', days: [{ date: '2027-03-27', city: 'Berlin', dayType: 'Show' }] } },
};
