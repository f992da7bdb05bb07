/** Records the end-to-end tests' tours are made with (`create-tour.yaml` inputs). */

/** A stay in Berlin for the night of 27 March 2027, as `create-tour.yaml` takes it. */
export const ADLON_STAY = {
  title: 'Hotel Adlon',
  location: { address: 'Unter den Linden 77, 10117 Berlin', lat: 52.5163, lng: 13.3805 },
  timeZone: 'Europe/Berlin',
  checkIn: { date: '2027-03-27', time: '15:00' },
  checkOut: { date: '2027-03-28', time: '11:00' },
};
