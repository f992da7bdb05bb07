/** Guest list entries, day operations and pass types. */
export { registerGuestDayRoutes } from './day.ts';
export { guestView, registerGuestRoutes } from './guests.ts';
export { passTypeView, registerPassTypeRoutes } from './pass-types.ts';
