/** Address fields read out of a Location object (venue `location`, stay `formatted_address`). */
import type { LatLng, Place } from '../store/records.ts';

interface AddressComponent {
  long_name?: unknown;
  short_name?: unknown;
  types?: unknown;
}

function component(place: Place | null, type: string): string | null {
  const components = (place?.address_components ?? []) as AddressComponent[];
  const found = components.find((entry) => Array.isArray(entry.types) && entry.types.includes(type));
  return typeof found?.long_name === 'string' ? found.long_name : null;
}

/** The flat address fields of venue and stay reads. */
export function addressFields(place: Place | null): Record<string, unknown> {
  const geometry = (place?.geometry ?? null) as { location?: LatLng } | null;
  const street = [component(place, 'route'), component(place, 'street_number')].filter(Boolean).join(' ');
  return {
    formatted_address: typeof place?.formatted_address === 'string' ? place.formatted_address : null,
    street_address: street || null,
    city: component(place, 'locality') ?? component(place, 'postal_town'),
    zip_code: component(place, 'postal_code'),
    country: component(place, 'country'),
    state: component(place, 'administrative_area_level_1'),
    timezone: typeof place?.timeZone === 'string' ? place.timeZone : null,
    coordinates: geometry?.location ?? null,
  };
}
